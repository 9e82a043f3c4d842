//! The GPU count's kernel: each invocation takes the next work item (a prefix of the search)
//! from an atomic counter and walks the subtree below it depth first with its own stack, for at
//! most `steps` candidates per dispatch; its state stays in `state` between dispatches, so a
//! long subtree goes on where it stopped. The walk is the CPU's (`engine/gpu_tree.rs`, `walk`):
//! the same nodes, the same look-ahead, the same orbit test, so the counts agree to the
//! placement. Counts are 64-bit, kept as pairs of 32-bit words with a carry.

struct Params {
    cells: u32,
    words: u32,
    n_items: u32,
    item_depth: u32,
    steps: u32,
    threads: u32,
    pictures: u32,
    prune: u32,
    n_turns: u32,
    stride: u32,
    off_piece: u32,
    off_sides: u32,
    off_twin: u32,
    off_picture: u32,
    off_ranges: u32,
    off_masks: u32,
    off_below: u32,
    off_depths: u32,
    off_turns: u32,
    off_depth_of: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
// Every read-only table, one after another at the offsets in `params`.
@group(0) @binding(1) var<storage, read> tables: array<u32>;
// The work items: `item_depth` candidate indices each.
@group(0) @binding(2) var<storage, read> items: array<u32>;
// Per invocation, `stride` words: the head (item, depth, floor, spare), the used set (`words`),
// then per depth the next candidate, the list's end and the candidate placed.
@group(0) @binding(3) var<storage, read_write> state: array<u32>;
// 0: the next item to take; 1: the items finished; then per item, how often it was taken (the
// host checks that each was taken once).
@group(0) @binding(4) var<storage, read_write> control: array<atomic<u32>>;
// Per invocation: solutions (low, high word) and nodes (low, high) so far.
@group(0) @binding(5) var<storage, read_write> counts: array<u32>;

const NONE: u32 = 0xffffffffu;
const HEAD: u32 = 4u;
// Per-depth words, as in gpu_tree.rs.
const DEPTH_WORDS: u32 = 25u;
const LIST_BASE: u32 = 0u;
const KEYS: u32 = 1u;
const CHECKS: u32 = 7u;
const LOOK_BASE: u32 = 13u;
const LOOK_KEYS: u32 = 14u;
const LOOK_OWN: u32 = 20u;
const BELOW: u32 = 24u;
const SOUTH: u32 = 2u;

fn field(depth: u32, at: u32) -> u32 {
    return tables[params.off_depths + depth * DEPTH_WORDS + at];
}

fn side(candidate: u32, k: u32) -> u32 {
    return tables[params.off_sides + candidate * 4u + k];
}

fn piece_of(candidate: u32) -> u32 {
    return tables[params.off_piece + candidate];
}

fn is_used(base: u32, piece: u32) -> bool {
    return (state[base + HEAD + (piece >> 5u)] & (1u << (piece & 31u))) != 0u;
}

fn placed(stack: u32, depth: u32) -> u32 {
    return state[stack + 2u * params.cells + depth];
}

// The sum of up to two keys read from placed candidates (source depth, side, stride).
fn keyed(stack: u32, depth: u32, at: u32) -> u32 {
    var sum = 0u;
    for (var k = 0u; k < 2u; k++) {
        let source = field(depth, at + 3u * k);
        if (source != NONE) {
            sum += side(placed(stack, source), field(depth, at + 3u * k + 1u)) * field(depth, at + 3u * k + 2u);
        }
    }
    return sum;
}

// Sets up the candidate slice of `depth` from its placed neighbours.
fn open(stack: u32, depth: u32) {
    let list = field(depth, LIST_BASE) + keyed(stack, depth, KEYS);
    state[stack + depth] = tables[params.off_ranges + 2u * list];
    state[stack + params.cells + depth] = tables[params.off_ranges + 2u * list + 1u];
}

// Whether candidate `c` is a node at `depth`: free, agreeing with the checked neighbours, and in
// pictures mode without a free earlier twin.
fn is_node(base: u32, stack: u32, c: u32, depth: u32) -> bool {
    if (is_used(base, piece_of(c))) {
        return false;
    }
    for (var k = 0u; k < 2u; k++) {
        let source = field(depth, CHECKS + 3u * k);
        if (source != NONE) {
            let theirs = side(placed(stack, source), field(depth, CHECKS + 3u * k + 1u));
            if (theirs != side(c, field(depth, CHECKS + 3u * k + 2u))) {
                return false;
            }
        }
    }
    if (params.pictures != 0u) {
        var twin = tables[params.off_twin + c];
        while (twin != NONE) {
            if (!is_used(base, piece_of(twin))) {
                return false;
            }
            twin = tables[params.off_twin + twin];
        }
    }
    return true;
}

// Whether the piece set at `at` in the tables holds a free piece other than `piece`.
fn any_free(base: u32, at: u32, piece: u32) -> bool {
    for (var w = 0u; w < params.words; w++) {
        var own = 0u;
        if (w == (piece >> 5u)) {
            own = 1u << (piece & 31u);
        }
        if ((tables[at + w] & ~state[base + HEAD + w] & ~own) != 0u) {
            return true;
        }
    }
    return false;
}

// The CPU tight loop's look-ahead: the list the candidate leaves next (or its east neighbour's)
// and the cell below must still hold a free piece.
fn fits(base: u32, stack: u32, c: u32, depth: u32) -> bool {
    let piece = piece_of(c);
    let look = field(depth, LOOK_BASE);
    if (look != NONE) {
        var list = look + keyed(stack, depth, LOOK_KEYS);
        for (var k = 0u; k < 2u; k++) {
            let own = field(depth, LOOK_OWN + 2u * k);
            if (own != NONE) {
                list += side(c, own) * field(depth, LOOK_OWN + 2u * k + 1u);
            }
        }
        if (!any_free(base, params.off_masks + list * params.words, piece)) {
            return false;
        }
    }
    let below = field(depth, BELOW);
    if (below != NONE) {
        let at = params.off_below + (below + 2u * side(c, SOUTH)) * params.words;
        if (!any_free(base, at, piece)) {
            return false;
        }
    }
    return true;
}

fn picture_side(stack: u32, cell: u32, k: u32) -> u32 {
    let depth = tables[params.off_depth_of + cell];
    return tables[params.off_picture + placed(stack, depth) * 4u + k];
}

// Whether the complete board is the one of its orbit that is counted: no turn of it smaller.
fn canonical(stack: u32) -> bool {
    for (var turn = 0u; turn < params.n_turns; turn++) {
        var order = 0u;
        for (var cell = 0u; cell < params.cells && order == 0u; cell++) {
            let at = params.off_turns + (turn * params.cells + cell) * 2u;
            let source = tables[at];
            let shift = tables[at + 1u];
            for (var k = 0u; k < 4u && order == 0u; k++) {
                let turned = picture_side(stack, source, (k + shift) & 3u);
                let here = picture_side(stack, cell, k);
                if (turned > here) {
                    order = 1u;
                } else if (turned < here) {
                    order = 2u;
                }
            }
        }
        if (order == 2u) {
            return false;
        }
    }
    return true;
}

@compute @workgroup_size(64)
fn count(@builtin(global_invocation_id) id: vec3<u32>) {
    let thread = id.x;
    if (thread >= params.threads) {
        return;
    }
    let base = thread * params.stride;
    let stack = base + HEAD + params.words;
    let cells = params.cells;
    let last = cells - 1u;
    var item = state[base];
    var depth = state[base + 1u];
    var floor = state[base + 2u];
    var solutions = vec2<u32>(counts[4u * thread], counts[4u * thread + 1u]);
    var nodes = vec2<u32>(counts[4u * thread + 2u], counts[4u * thread + 3u]);
    for (var step = 0u; step < params.steps; step++) {
        if (item == NONE) {
            // Looked at first, so that idle invocations do not run the counter round.
            if (atomicLoad(&control[0]) >= params.n_items) {
                break;
            }
            let taken = atomicAdd(&control[0], 1u);
            if (taken >= params.n_items) {
                break;
            }
            item = taken;
            atomicAdd(&control[2u + item], 1u);
            for (var w = 0u; w < params.words; w++) {
                state[base + HEAD + w] = 0u;
            }
            let t = params.item_depth;
            for (var d = 0u; d < t; d++) {
                let c = items[item * t + d];
                state[stack + 2u * cells + d] = c;
                let piece = piece_of(c);
                state[base + HEAD + (piece >> 5u)] |= 1u << (piece & 31u);
            }
            depth = t;
            floor = t;
            open(stack, depth);
            continue;
        }
        let next = state[stack + depth];
        if (next < state[stack + cells + depth]) {
            state[stack + depth] = next + 1u;
            if (!is_node(base, stack, next, depth)) {
                continue;
            }
            nodes.x += 1u;
            if (nodes.x == 0u) {
                nodes.y += 1u;
            }
            if (depth == last) {
                state[stack + 2u * cells + depth] = next;
                if (params.n_turns == 0u || canonical(stack)) {
                    solutions.x += 1u;
                    if (solutions.x == 0u) {
                        solutions.y += 1u;
                    }
                }
                continue;
            }
            if (params.prune != 0u && !fits(base, stack, next, depth)) {
                continue;
            }
            state[stack + 2u * cells + depth] = next;
            let piece = piece_of(next);
            state[base + HEAD + (piece >> 5u)] |= 1u << (piece & 31u);
            depth += 1u;
            open(stack, depth);
        } else {
            if (depth == floor) {
                atomicAdd(&control[1], 1u);
                item = NONE;
                continue;
            }
            depth -= 1u;
            let piece = piece_of(placed(stack, depth));
            state[base + HEAD + (piece >> 5u)] &= ~(1u << (piece & 31u));
        }
    }
    state[base] = item;
    state[base + 1u] = depth;
    state[base + 2u] = floor;
    counts[4u * thread] = solutions.x;
    counts[4u * thread + 1u] = solutions.y;
    counts[4u * thread + 2u] = nodes.x;
    counts[4u * thread + 3u] = nodes.y;
}
