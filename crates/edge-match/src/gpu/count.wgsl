//! The GPU count's kernel: each invocation takes the next work item (a prefix of the search)
//! from an atomic counter and walks the subtree below it depth first with its own stack, for at
//! most `steps` candidates per dispatch; its state stays in `state` between dispatches, so a
//! long subtree goes on where it stopped. The walk is the CPU's (`engine/gpu_tree.rs`, `walk`):
//! the same nodes, the same look-ahead, the same orbit test, so the counts agree to the
//! placement. Counts are 64-bit, kept as pairs of 32-bit words with a carry.
//!
//! A step is computed in one turn of the main loop and committed (the stack, the used set, the
//! counts, the item finished) at the start of the next turn, or not at all. Mesa's software
//! Vulkan (llvmpipe/lavapipe) ends every loop of a shader once 65,535 loop ends have been
//! counted, all loops together (`LP_MAX_TGSI_LOOP_ITERATIONS` in gallivm's `lp_bld_limits.h`):
//! the loop running then leaves early, and every later loop leaves at its next end. A step cut
//! that way has read a short loop (a piece set half compared, a used set half cleared) and, when
//! it was committed at once, counted a wrong subtree (placements lost at a few thousand steps
//! per dispatch); but once the limit is reached the main loop leaves too, before its next turn,
//! so the step it cut is never committed, and the next dispatch computes it again. Before its
//! commit a step writes only what computing it again writes again (the candidate placed at its
//! depth, an item's set-up); taking an item comes before any loop of its turn.

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
// 0: the next item to take; 1: the items finished; 2: the dispatches of an invocation that the
// driver's loop limit ended with a step computed and not committed (see the header); then per
// item, how often it was taken (the host checks that each was taken once).
@group(0) @binding(4) var<storage, read_write> control: array<atomic<u32>>;
// Per invocation: solutions (low, high word) and nodes (low, high) so far; then per item the
// same four words: the invocation's counts when it took the item, and once the item is finished
// the item's own counts (what it added to them).
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

// The step computed and not yet committed: what to do and with which candidate.
struct Step {
    kind: u32,
    candidate: u32,
    // DO_COUNT: whether the node is a counted solution.
    solved: u32,
    // DO_PLACE, DO_SET_UP: the candidate slice of the depth opened.
    start: u32,
    end: u32,
}

// A candidate that is no node.
const DO_SKIP: u32 = 0u;
// A node that is counted and not placed: a leaf, or cut by the look-ahead.
const DO_COUNT: u32 = 1u;
// A node placed: the next depth opens.
const DO_PLACE: u32 = 2u;
// The depth's slice is exhausted: back up one depth.
const DO_BACK: u32 = 3u;
// The slice at the floor is exhausted: the item is finished.
const DO_FINISH: u32 = 4u;
// The item's prefix is set up: its first depth opens.
const DO_SET_UP: u32 = 5u;

// The candidate slice of `depth` from its placed neighbours.
fn slice(stack: u32, depth: u32) -> vec2<u32> {
    let list = field(depth, LIST_BASE) + keyed(stack, depth, KEYS);
    return vec2<u32>(tables[params.off_ranges + 2u * list], tables[params.off_ranges + 2u * list + 1u]);
}

// Sets up the used set and the placed candidates of `item`'s prefix. Writing them again gives
// the same words, so a set-up that the driver cut short is simply done again.
fn set_up(base: u32, stack: u32, item: u32) -> Step {
    for (var w = 0u; w < params.words; w++) {
        state[base + HEAD + w] = 0u;
    }
    let t = params.item_depth;
    for (var d = 0u; d < t; d++) {
        let c = items[item * t + d];
        state[stack + 2u * params.cells + d] = c;
        let piece = piece_of(c);
        state[base + HEAD + (piece >> 5u)] |= 1u << (piece & 31u);
    }
    let opened = slice(stack, t);
    return Step(DO_SET_UP, 0u, 0u, opened.x, opened.y);
}

// Computes the step at `depth`. Writes only the candidate placed at `depth` (when the step is
// not committed, the same step computed again writes it again before anything reads it).
fn advance(base: u32, stack: u32, depth: u32, floor: u32) -> Step {
    let next = state[stack + depth];
    if (next >= state[stack + params.cells + depth]) {
        if (depth == floor) {
            return Step(DO_FINISH, 0u, 0u, 0u, 0u);
        }
        return Step(DO_BACK, 0u, 0u, 0u, 0u);
    }
    if (!is_node(base, stack, next, depth)) {
        return Step(DO_SKIP, next, 0u, 0u, 0u);
    }
    if (depth == params.cells - 1u) {
        state[stack + 2u * params.cells + depth] = next;
        let solved = params.n_turns == 0u || canonical(stack);
        return Step(DO_COUNT, next, select(0u, 1u, solved), 0u, 0u);
    }
    if (params.prune != 0u && !fits(base, stack, next, depth)) {
        return Step(DO_COUNT, next, 0u, 0u, 0u);
    }
    state[stack + 2u * params.cells + depth] = next;
    let opened = slice(stack, depth + 1u);
    return Step(DO_PLACE, next, 0u, opened.x, opened.y);
}

// `total` + `add`, each a 64-bit count as (low, high) words.
fn add64(total: vec2<u32>, add: u32) -> vec2<u32> {
    let low = total.x + add;
    return vec2<u32>(low, total.y + select(0u, 1u, low < add));
}

// `total` - `start`, each a 64-bit count as (low, high) words.
fn sub64(total: vec2<u32>, start: vec2<u32>) -> vec2<u32> {
    return vec2<u32>(total.x - start.x, total.y - start.y - select(0u, 1u, total.x < start.x));
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
    let item_counts = 4u * params.threads;
    var item = state[base];
    var depth = state[base + 1u];
    var floor = state[base + 2u];
    var solutions = vec2<u32>(counts[4u * thread], counts[4u * thread + 1u]);
    var nodes = vec2<u32>(counts[4u * thread + 2u], counts[4u * thread + 3u]);
    var step = Step(DO_SKIP, 0u, 0u, 0u, 0u);
    // Steps computed and committed in this dispatch: the commit of a step is at the start of
    // the next turn, which the driver's loop limit does not reach once it cut a loop.
    var computed = 0u;
    var committed = 0u;
    loop {
        if (committed < computed) {
            committed += 1u;
            switch step.kind {
                case DO_SKIP: {
                    state[stack + depth] = step.candidate + 1u;
                }
                case DO_COUNT: {
                    state[stack + depth] = step.candidate + 1u;
                    nodes = add64(nodes, 1u);
                    solutions = add64(solutions, step.solved);
                }
                case DO_PLACE: {
                    state[stack + depth] = step.candidate + 1u;
                    nodes = add64(nodes, 1u);
                    let piece = piece_of(step.candidate);
                    state[base + HEAD + (piece >> 5u)] |= 1u << (piece & 31u);
                    depth += 1u;
                    state[stack + depth] = step.start;
                    state[stack + cells + depth] = step.end;
                }
                case DO_BACK: {
                    depth -= 1u;
                    let piece = piece_of(placed(stack, depth));
                    state[base + HEAD + (piece >> 5u)] &= ~(1u << (piece & 31u));
                }
                case DO_FINISH: {
                    let at = item_counts + 4u * item;
                    let own_solutions = sub64(solutions, vec2<u32>(counts[at], counts[at + 1u]));
                    let own_nodes = sub64(nodes, vec2<u32>(counts[at + 2u], counts[at + 3u]));
                    counts[at] = own_solutions.x;
                    counts[at + 1u] = own_solutions.y;
                    counts[at + 2u] = own_nodes.x;
                    counts[at + 3u] = own_nodes.y;
                    atomicAdd(&control[1], 1u);
                    item = NONE;
                }
                default: {
                    // DO_SET_UP.
                    depth = params.item_depth;
                    floor = depth;
                    state[stack + depth] = step.start;
                    state[stack + cells + depth] = step.end;
                }
            }
        }
        if (computed >= params.steps) {
            break;
        }
        if (item == NONE) {
            // Looked at first, so that idle invocations do not run the counter round. Taking an
            // item is no step's: no loop has run in this turn yet, so none was cut.
            if (atomicLoad(&control[0]) >= params.n_items) {
                break;
            }
            let taken = atomicAdd(&control[0], 1u);
            if (taken >= params.n_items) {
                break;
            }
            item = taken;
            atomicAdd(&control[3u + item], 1u);
            let at = item_counts + 4u * item;
            counts[at] = solutions.x;
            counts[at + 1u] = solutions.y;
            counts[at + 2u] = nodes.x;
            counts[at + 3u] = nodes.y;
            // Set up below, and again in the next dispatch if that is cut.
            depth = NONE;
        }
        if (depth == NONE) {
            step = set_up(base, stack, item);
        } else {
            step = advance(base, stack, depth, floor);
        }
        computed += 1u;
    }
    if (committed < computed) {
        atomicAdd(&control[2], 1u);
    }
    state[base] = item;
    state[base + 1u] = depth;
    state[base + 2u] = floor;
    counts[4u * thread] = solutions.x;
    counts[4u * thread + 1u] = solutions.y;
    counts[4u * thread + 2u] = nodes.x;
    counts[4u * thread + 3u] = nodes.y;
}
