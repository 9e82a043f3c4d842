// The pages of `puzzle slide --html` and `puzzle edge --html` played in a real browser (headless
// Chromium driven by playwright-core): each page is written by the built binary into a temporary
// directory, opened from disk, and checked through what it shows — the board at the end of the
// replay against the goal drawn beside it, one step back against the goal with the last move
// undone (here, in plain code), a piece's label on hover against the label drawn in its cell.
//
// Usage: node pages.test.mjs --puzzle PATH/TO/puzzle --dir TEMP_DIR [--pictures DIR]
// (run by .ci/browser-tests, which installs Chromium and removes TEMP_DIR). Screenshots are saved
// in TEMP_DIR; with --pictures, the two for the README are copied into DIR too.

import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const args = process.argv.slice(2);
const option = (name) => { const at = args.indexOf(name); return at >= 0 ? args[at + 1] : undefined; };
const puzzle = resolve(option("--puzzle") ?? "target/debug/puzzle");
const dir = resolve(option("--dir") ?? mkdtempSync("/tmp/puzzle-pages-"));
const pictures = option("--pictures");
const root = resolve(new URL("../..", import.meta.url).pathname);

let failures = 0;
function check(condition, message) {
  if (!condition) {
    failures += 1;
    console.error(`FAIL: ${message}`);
  }
}

/** Runs the built `puzzle` with `argv` in the repository root; returns its stdout. */
function run(...argv) {
  return execFileSync(puzzle, ["--quiet", ...argv], { cwd: root, encoding: "utf8" });
}

/** A solvable `n`×`n` grid board (blank-last goal) from a seeded shuffle. */
function randomGrid(n, seed) {
  const cells = n * n;
  const tiles = Array.from({ length: cells }, (_, i) => i);
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
  for (let i = cells - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  // Solvable when the permutation of cells (each tile to its goal cell) and the blank's distance
  // to its goal cell have the same parity; else swap two tiles.
  const goalCell = (tile) => (tile === 0 ? cells - 1 : tile - 1);
  const seen = new Array(cells).fill(false);
  let cycles = 0;
  for (let i = 0; i < cells; i++) {
    if (seen[i]) continue;
    cycles += 1;
    for (let j = i; !seen[j]; j = goalCell(tiles[j])) seen[j] = true;
  }
  const blank = tiles.indexOf(0);
  const distance = (n - 1 - Math.floor(blank / n)) + (n - 1 - (blank % n));
  if ((cells - cycles) % 2 !== distance % 2) {
    const [a, b] = [0, 1, 2].filter((i) => i !== blank);
    [tiles[a], tiles[b]] = [tiles[b], tiles[a]];
  }
  const rows = [];
  for (let r = 0; r < n; r++) rows.push(tiles.slice(r * n, (r + 1) * n).join(" "));
  return rows.join("\n") + "\n";
}

/** A framed `n`×`n` `.puz` board cut from a random picture of six colours, then with some inner
 * sides recoloured, so that the best board has mismatched joins. */
function scrambledPuz(n, seed) {
  let state = seed;
  const next = (m) => (state = (state * 1103515245 + 12345) % 2147483648) % m;
  const horizontal = Array.from({ length: (n + 1) * n }, (_, i) => (i < n || i >= n * n ? 0 : 1 + next(6)));
  const vertical = Array.from({ length: n * (n + 1) }, (_, i) => (i % (n + 1) === 0 || i % (n + 1) === n ? 0 : 1 + next(6)));
  const lines = [`${n} ${n}`];
  for (let cell = 0; cell < n * n; cell++) {
    const [r, c] = [Math.floor(cell / n), cell % n];
    const sides = [horizontal[r * n + c], vertical[r * (n + 1) + c + 1], horizontal[(r + 1) * n + c], vertical[r * (n + 1) + c]];
    lines.push(sides.map((side) => (side !== 0 && next(4) === 0 ? 1 + next(6) : side)).join(" "));
  }
  return lines.join("\n") + "\n";
}

/** The board a tray shows, read from where its tiles are drawn: row-major, 0 for the blank. */
async function shownBoard(page, selector) {
  return page.$eval(selector, (tray) => {
    const rows = Number(tray.dataset.rows), cols = Number(tray.dataset.cols);
    const box = tray.getBoundingClientRect();
    const board = new Array(rows * cols).fill(0);
    for (const tile of tray.querySelectorAll(".tile")) {
      const r = tile.getBoundingClientRect();
      const col = Math.floor((r.left + r.width / 2 - box.left) / (box.width / cols));
      const row = Math.floor((r.top + r.height / 2 - box.top) / (box.height / rows));
      board[row * cols + col] = Number(tile.textContent);
    }
    return { rows, cols, board };
  });
}

/** `board` with the blank's move `letter` undone. */
function undo({ rows, cols, board }, letter) {
  const step = { U: -cols, D: cols, L: -1, R: 1 }[letter];
  const blank = board.indexOf(0);
  const before = board.slice();
  before[blank] = board[blank - step];
  before[blank - step] = 0;
  return { rows, cols, board: before };
}

/** Waits for the slide's CSS transitions, then reads the shown board. */
async function settled(page) {
  await page.waitForTimeout(500);
  return shownBoard(page, "#board");
}

/** Plays the board shown to its end (keyboard or button) and checks it against the goal. */
async function playToGoal(page, name, { keyboard, speed }) {
  await page.selectOption("#speed", speed);
  const total = await page.$eval("#scrub", (scrub) => Number(scrub.max));
  if (keyboard) {
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press(" ");
  } else {
    await page.click("#play");
  }
  await page.waitForFunction((n) => document.querySelector("#scrub").value === String(n), total, { timeout: 120000 });
  const end = await settled(page);
  const goal = await shownBoard(page, "#goal");
  check(JSON.stringify(end) === JSON.stringify(goal), `${name}: the board after ${total} moves is the goal shown beside`);
  const last = await page.textContent("#current");
  check(/^[UDLR]$/.test(last ?? ""), `${name}: the last move is marked (${last})`);
  if (keyboard) await page.keyboard.press("ArrowLeft");
  else await page.click("#back");
  const previous = await settled(page);
  check(JSON.stringify(previous) === JSON.stringify(undo(goal, last)), `${name}: one step back undoes the last move ${last}`);
  return total;
}

async function slidePages(context) {
  // A batch: the judge's five boards (0, 1, 31 and 31 moves, and one impossible).
  const batch = join(dir, "slide.html");
  run("slide", "fixtures/slide/judge_b_extremes.txt", "--html", batch);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto(pathToFileURL(batch).href);
  const titles = await page.$$eval("#boards button", (buttons) => buttons.map((b) => b.firstChild.textContent));
  check(titles.length === 5, `slide batch: a list of its 5 boards (${titles})`);
  await page.click('#boards button[data-index="2"]');
  const moves = await playToGoal(page, "slide batch, board 3", { keyboard: false, speed: "1000" });
  check(moves === 31, `slide batch, board 3: 31 moves (${moves})`);
  // The screenshot for the README: part way through, the current move marked.
  await page.fill("#scrub", "12");
  await page.dispatchEvent("#scrub", "input");
  await page.waitForTimeout(300);
  await page.setViewportSize({ width: 900, height: 560 });
  await page.screenshot({ path: join(dir, "html-slide.png") });
  // The keys work when no list or scrubber has the focus (the scrubber takes the arrows itself).
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press("ArrowDown");
  check((await page.textContent("#board-title")) === "board 4", "slide batch: ↓ shows the next board");
  await playToGoal(page, "slide batch, board 4", { keyboard: true, speed: "Infinity" });
  await page.click('#boards button[data-index="4"]');
  check((await page.textContent("#note")).includes("unsolvable"), "slide batch, board 5: says unsolvable");
  check(errors.length === 0, `slide batch: no script errors (${errors})`);

  // A 30×30 fast answer of tens of thousands of moves, played at speed and then by keys.
  const input = join(dir, "grid30.txt");
  writeFileSync(input, randomGrid(30, 7));
  const big = join(dir, "slide30.html");
  run("slide", "--fast", input, "--html", big);
  await page.goto(pathToFileURL(big).href);
  const startedAt = Date.now();
  const n = await playToGoal(page, "30x30", { keyboard: true, speed: "Infinity" });
  check(n > 1000, `30x30: a long replay (${n} moves)`);
  console.log(`30x30: ${n} moves replayed and checked in ${Date.now() - startedAt} ms`);
  // A second of play at 250 moves a second moves the replay on by about that many.
  await page.keyboard.press("Home");
  await page.selectOption("#speed", "250");
  await page.click("#play");
  await page.waitForTimeout(1000);
  // Space pauses, once, even with the play button focused (the click above left it so).
  await page.keyboard.press(" ");
  const played = Number(await page.$eval("#scrub", (s) => s.value));
  check(played >= 100 && played <= 400, `30x30: about 250 moves in a second of play (${played})`);
  await page.waitForTimeout(300);
  const still = Number(await page.$eval("#scrub", (s) => s.value));
  check(still === played && (await page.textContent("#play")) === "▶ play", `30x30: space paused the replay (${played}, then ${still})`);
  await page.screenshot({ path: join(dir, "slide30.png") });

  // A board too large to animate says so and lists its first moves.
  const huge = join(dir, "grid64.txt");
  writeFileSync(huge, randomGrid(64, 11));
  const hugePage = join(dir, "slide64.html");
  run("slide", "--fast", huge, "--html", hugePage);
  await page.goto(pathToFileURL(hugePage).href);
  const note = await page.textContent("#note");
  check(note.includes("too large to animate") && note.includes("first 10000 are listed"), `64x64: says what is shown (${note})`);
  check((await page.$("#board")) === null, "64x64: no tray is drawn");
  check((await page.textContent("#moves")).length === 10000, "64x64: its first 10000 moves are listed");
  check(errors.length === 0, `slide pages: no script errors (${errors})`);
  await page.close();
}

/** Hovers the label drawn in a cell of the picture and checks the page's label agrees. */
async function hoverCells(page, name) {
  const drawn = await page.$$eval("#picture svg text", (texts) =>
    texts.filter((t) => /^\d+,\d$/.test(t.textContent)).map((t) => {
      const r = t.getBoundingClientRect();
      return { text: t.textContent, x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }));
  check(drawn.length > 0, `${name}: labels drawn in the cells`);
  for (const cell of [drawn[0], drawn[drawn.length - 1], drawn[Math.floor(drawn.length / 2)]]) {
    await page.mouse.move(cell.x, cell.y);
    const [piece, rotation] = cell.text.split(",");
    const label = await page.textContent("#hover-label");
    check(label.includes(`piece ${piece}, rotation ${rotation} `), `${name}: hovering ${cell.text} says so (${label})`);
  }
}

async function edgePages(context) {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (err) => errors.push(err.message));

  // The first solution of the marks example.
  const first = join(dir, "edge.html");
  run("edge", "fixtures/edge/example1.txt", "--html", first);
  await page.goto(pathToFileURL(first).href);
  await hoverCells(page, "edge, first solution");
  check((await page.$$("circle.mismatch")).length === 0, "edge, first solution: no mismatched join");

  // --all: the solutions to step through.
  const all = join(dir, "edge-all.html");
  const listed = run("edge", "--all", "--json", "fixtures/data/brendan_set1_03x03.puz", "--html", all).trim().split("\n");
  await page.goto(pathToFileURL(all).href);
  const solutions = listed.filter((line) => line.includes("placements")).length;
  const which = await page.textContent("#which");
  check(which === `solution 1 of ${Math.min(solutions, 20)} shown`, `edge --all: steps through its solutions (${which}, ${solutions} printed)`);
  if (solutions > 1) {
    await page.keyboard.press("ArrowRight");
    check((await page.textContent("#which")).startsWith("solution 2 of"), "edge --all: → shows the next solution");
    await hoverCells(page, "edge --all, solution 2");
  }

  // A count of no solutions: a page that says so.
  const none = join(dir, "edge-none.html");
  run("edge", "--count", "fixtures/edge/no_solution.txt", "--html", none);
  await page.goto(pathToFileURL(none).href);
  check((await page.textContent("#note")) === "0 solutions: no board to show", "edge --count of none: says so");

  // --best on a puzzle with no perfect board: the best board, its mismatched joins marked.
  const puz = join(dir, "scrambled5.puz");
  writeFileSync(puz, scrambledPuz(5, 3));
  const best = join(dir, "edge-best.html");
  run("edge", "--best", "--time-limit", "1", "--jobs", "1", puz, "--html", best);
  await page.goto(pathToFileURL(best).href);
  const note = await page.textContent("#note");
  const claimed = Number(/(\d+) mismatched/.exec(note)?.[1]);
  const marked = (await page.$$("circle.mismatch")).length;
  check(claimed > 0 && marked === claimed, `edge --best: ${claimed} mismatched joins said, ${marked} marked (${note})`);
  await hoverCells(page, "edge --best");
  const cells = await page.$$eval("#picture svg text", (texts) => texts.filter((t) => /^\d+,\d$/.test(t.textContent)).map((t) => {
    const r = t.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }));
  await page.mouse.move(cells[4].x, cells[4].y);
  await page.setViewportSize({ width: 760, height: 590 });
  await page.screenshot({ path: join(dir, "html-edge.png") });
  check(errors.length === 0, `edge pages: no script errors (${errors})`);
  await page.close();
}

/** No page asks for anything outside itself. */
async function offline(context) {
  const requests = [];
  context.on("request", (request) => { if (!request.url().startsWith("file:")) requests.push(request.url()); });
  return requests;
}

const profile = mkdtempSync(join(dir, "profile-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1100, height: 800 },
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"],
});
try {
  const requests = await offline(context);
  await slidePages(context);
  await edgePages(context);
  check(requests.length === 0, `the pages ask for nothing outside themselves (${requests})`);
} finally {
  await context.close();
}
for (const file of ["html-slide.png", "html-edge.png"]) {
  check(readFileSync(join(dir, file)).length > 1000, `a screenshot ${file}`);
  if (pictures) copyFileSync(join(dir, file), join(resolve(root, pictures), file));
}
if (failures > 0) {
  console.error(`${failures} browser check(s) failed; pages and screenshots in ${dir}`);
  process.exit(1);
}
console.log(`browser tests passed: the slide and edge pages played in ${await chromiumVersion()}`);

async function chromiumVersion() {
  try {
    return execFileSync(process.env.CHROMIUM ?? "/usr/bin/chromium", ["--version"], { encoding: "utf8" }).trim();
  } catch {
    return "Chromium";
  }
}
