// Games' trees in the tree lab, in a real browser (Debian's chromium, driven by
// playwright-core), run by crates/server/tests/browser.rs:
//   node games.mjs SCREENSHOT_DIR CHROMIUM TARGET...
// where each TARGET is `server=URL` (`ply serve` at URL) or `static=FOLDER` (the site of
// `scripts/build-site FOLDER`, served here under the sub-path /ply/ with no ply process).
// The checks: a tic-tac-toe tree from a position, two moves deep, with a board in every
// node; the textbook's tic-tac-toe up to symmetry (centre 1, corner -1, edge -2);
// depth-aware scores picking b3 in XOX/.O./X.. and plain ones picking a2, with the lab
// saying why that choice is arbitrary; count to 10 with every node named by its total and
// the rows by the players; negamax's steps told with the negation; no label of a picture
// running into another label or a node's shape; chess two moves deep opened from a link,
// the searches' node counts side by side; and the time a step takes on a tree of 8,421
// nodes (printed, not checked: it depends on the machine). Screenshots go to
// SCREENSHOT_DIR as `web-game-tree-en.png` and `web-game-tree-en-phone.png`. Each line of
// the report names its target: `ok [static]: ...`. Exits 0 when every check passes.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { checker, runTargets } from "./harness.mjs";

const [out, executable, ...targets] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

/**
 * Opens the tree lab at a fragment and waits for the picture (or its absence) and the
 * summary of the search.
 */
async function open(page, base, fragment) {
  // (A new document each time: the same page at another fragment would not load again.)
  await page.goto("about:blank");
  await page.goto(new URL("index.html", base).href + "#" + fragment);
  await page.waitForFunction(() => /value -?[0-9]/.test(document.getElementById("summary").textContent)
    && document.querySelector("#picture svg, #picture .no-picture") !== null);
  await page.waitForFunction(() => document.getElementById("compare").textContent !== "");
}

/** The summary's value and best move. */
async function summary(page) {
  const text = await page.textContent("#summary");
  const match = text.match(/value (-?[0-9]+), best ([^;]+);/);
  return { text, value: match ? Number(match[1]) : null, best: match ? match[2] : null };
}

/**
 * Every pair of boxes in the picture that overlap (by more than a pixel each way): each
 * label against every other label and against every node's shape but its own node's.
 */
async function overlaps(page) {
  return page.evaluate(() => {
    const svg = document.querySelector("#picture svg");
    if (!svg) return ["no picture"];
    const box = (element) => {
      const r = element.getBoundingClientRect();
      return { left: r.left + 1, right: r.right - 1, top: r.top + 1, bottom: r.bottom - 1 };
    };
    const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const what = (element) => {
      const group = element.closest("g.node");
      return `${element.getAttribute("class")} "${element.textContent.trim()}" of ${group ? `[${group.dataset.path}]` : `window [${element.dataset.path}]`}`;
    };
    const labels = [...svg.querySelectorAll("text.label")]
      .filter((text) => text.textContent.trim() !== "")
      .map((text) => ({ element: text, group: text.closest("g.node"), box: box(text) }))
      .filter((label) => label.box.right > label.box.left && label.box.bottom > label.box.top);
    const shapes = [...svg.querySelectorAll("g.node > .node")]
      .map((shape) => ({ element: shape, group: shape.closest("g.node"), box: box(shape) }));
    const found = [];
    for (let i = 0; i < labels.length && found.length < 5; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        if (meet(labels[i].box, labels[j].box)) found.push(`${what(labels[i].element)} meets ${what(labels[j].element)}`);
      }
      for (const shape of shapes) {
        if (shape.group === labels[i].group) continue;
        if (meet(labels[i].box, shape.box)) found.push(`${what(labels[i].element)} meets the shape of [${shape.group.dataset.path}]`);
      }
    }
    return found;
  });
}

/** A uniform tree: `branching` children a node, `depth` levels, leaves valued -50..50. */
function uniform(branching, depth) {
  let n = 0;
  const node = (level) => level === depth
    ? `${((n++ * 7919) % 101) - 50}`
    : `(${Array.from({ length: branching }, () => node(level + 1)).join(" ")})`;
  return node(0);
}

/** Milliseconds from a click on ▶ to the next painted frame, for `count` steps: their median. */
async function stepTime(page, count) {
  const times = await page.evaluate(async (count) => {
    const out = [];
    for (let i = 0; i < count; i++) {
      const start = performance.now();
      document.getElementById("step-forward").click();
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      out.push(performance.now() - start);
    }
    return out;
  }, count);
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** The checks, against a site whose pages are at `base` (ending in `/`). */
async function suite(browser, name, base) {
  const check = checker(name);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30000);
  page.on("pageerror", (error) => check(false, `no script error on the page: ${error.message}`));

  // A tic-tac-toe tree from a position, two moves deep: X to move with 7 empty cells,
  // 7 moves and 6 replies each: 1 + 7 + 42 = 50 nodes, each drawn with its board.
  await open(page, base, "game=tictactoe&position=X../.O./...&depth=2");
  const drawn = await page.$$eval("#picture g.node", (groups) => groups.length);
  const boards = await page.$$eval("#picture g.node.board", (groups) => groups.length);
  check(drawn === 50 && boards === 50,
    `tic-tac-toe from X../.O./... at depth 2: 50 nodes, every one with its board (${drawn} nodes, ${boards} boards)`);
  check(await page.inputValue("#game-spec") === "tictactoe" && await page.inputValue("#game-depth") === "2",
    "the game's fields show the link's game and depth");
  check((await page.inputValue("#tree-text")).length > 0, "the game's tree is in the text box");
  const rows = await page.$$eval("#picture svg > text.row-label", (texts) => texts.map((t) => t.textContent));
  check(rows.join(" | ") === "X (MAX) | O (MIN)", `the rows name the players: ${rows.join(" | ")}`);
  const clean = await overlaps(page);
  check(clean.length === 0, `tic-tac-toe two moves deep: no label meets another label or a node's shape ${clean.join("; ")}`);

  // The textbook's figure: the empty board two moves deep up to symmetry, valued by f(p).
  await open(page, base, "lesson=tictactoe-textbook&game=tictactoe&depth=2&symmetry=1&algorithm=minimax");
  const first = await page.evaluate(() => {
    const values = [];
    for (const group of document.querySelectorAll("#picture g.node")) {
      const path = group.dataset.path;
      if (path === "" || path.includes(".")) continue;
      values.push({
        value: group.querySelector(":scope > text.label.value")?.textContent.replace("\u2212", "-"),
        times: group.querySelector("text.stands-for")?.firstChild?.textContent?.trim() ?? "",
      });
    }
    return values;
  });
  const firstMoves = first.map((f) => `${f.value} ${f.times}`.trim()).sort().join(", ");
  check(firstMoves === "-1 ×4, -2 ×4, 1",
    `the textbook's tic-tac-toe: 3 first moves, the centre worth 1, a corner -1 (×4), an edge -2 (×4) (${firstMoves})`);
  await page.screenshot({ path: join(out, "web-game-tree-en.png") });
  const textbook = await overlaps(page);
  check(textbook.length === 0, `the textbook's tic-tac-toe: no label meets another ${textbook.join("; ")}`);

  // XOX/.O./X.., O to move: b3 wins at once, a2 two moves later.
  await open(page, base, "game=tictactoe&position=XOX/.O./X..&algorithm=minimax");
  const aware = await summary(page);
  check(aware.best === "b3", `depth-aware scores: XOX/.O./X.. picks b3 (${aware.text})`);
  const awareNote = await page.textContent("#game-note");
  // The tree's longest line is 4 moves: N = 5, and b3, one ply down, scores 5 − 1 = 4.
  check(aware.value === 4 && awareNote.includes("Depth-aware scores: a win d plies below the root scores 5 − d"),
    `... and the lab says how finished games are scored: ${awareNote}`);
  await page.uncheck("#depth-aware");
  await page.waitForFunction(() => /best a2/.test(document.getElementById("summary").textContent));
  await page.waitForFunction(() => document.getElementById("game-note").textContent.includes("arbitrary"));
  const plain = await summary(page);
  const note = await page.textContent("#game-note");
  check(plain.best === "a2" && note.startsWith("Without depth-aware scores, a2, b3 all score 1"),
    `plain scores: XOX/.O./X.. picks a2, and the lab says why the choice is arbitrary (${plain.text} ${note})`);
  check(new URL(page.url()).hash.includes("depth_aware=0"), `the link keeps the switch (${new URL(page.url()).hash})`);
  const ticTacToe = await overlaps(page);
  check(ticTacToe.length === 0, `XOX/.O./X..: no label meets another label or a node's shape ${ticTacToe.join("; ")}`);

  // Count to 10 with every level drawn: every node named by the running total, the rows
  // by the players.
  await open(page, base, "game=race:10,2&depth_aware=0&algorithm=minimax&levels=all");
  const totals = await page.$$eval("#picture g.node > text.label.name", (texts) => texts.map((t) => t.textContent.trim()));
  const totalsOnly = totals.length > 0 && totals.every((total) => /^(10|[0-9])$/.test(total));
  check(totalsOnly, `race:10,2: every node is named by its total (${[...new Set(totals)].sort((a, b) => a - b).join(" ")})`);
  const raceRows = await page.$$eval("#picture svg > text.row-label", (texts) => [...new Set(texts.map((t) => t.textContent))]);
  check(raceRows.join(" | ") === "1st player (MAX) | 2nd player (MIN)", `race rows: ${raceRows.join(" | ")}`);
  const race = await summary(page);
  check(race.value === 1 && race.best === "1", `count to 10: the first player wins by reaching 1 (${race.text})`);
  await page.click("#step-start");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  const raceStep = await page.textContent("#step-info");
  // Plain minimax: no window (windows are alpha-beta's).
  check(raceStep === "Step 2 of " + (await page.getAttribute("#step-slider", "max")) + ". Enter 1.",
    `the steps say the totals: ${raceStep}`);

  // Negamax as taught: the values for the player to move, the parent taking them negated.
  await open(page, base, "tree=" + encodeURIComponent("(a (b 3 12 8) (c 2 4 6))") + "&algorithm=negamax&step=6");
  const negamax = await page.textContent("#step-info");
  check(negamax === "Step 6 of 12. b returns -3 for the player to move there; its parent takes -(-3) = 3.",
    `negamax's step shows the negation: ${negamax}`);
  const bValue = await page.textContent('#picture g.node[data-path="0"] > text.label.value');
  check(bValue.replace("\u2212", "-") === "-3", `negamax: b shows -3, its value for the player to move (${bValue})`);
  const negamaxRows = await page.$$eval("#picture svg > text.row-label", (texts) => texts.map((t) => t.textContent));
  check(negamaxRows[0] === "first to move", `negamax's rows say who moves: ${negamaxRows.join(" | ")}`);

  // Chess two moves deep, from a link with the searches' counts side by side.
  await open(page, base, "game=chess&depth=2&compare=1");
  await page.waitForSelector("#compare-table:not([hidden]) tr[data-search=minimax]");
  const counts = await page.$$eval("#compare-table tr[data-search]", (rows) =>
    Object.fromEntries(rows.map((row) => [row.dataset.search, [...row.querySelectorAll("td")].map((td) => Number(td.textContent))])));
  check(counts.minimax?.join(" ") === "421 400" && counts.negamax?.join(" ") === "421 400",
    `the chess tree at depth 2 opens from a link: minimax and negamax visit 421 nodes, 400 leaves (${JSON.stringify(counts)})`);
  check(counts["alphabeta-written"]?.[1] < 400 && counts["alphabeta-best"]?.[1] <= counts["alphabeta-written"]?.[1],
    `alpha-beta evaluates fewer leaves: ${counts["alphabeta-written"]?.[1]} as written, ${counts["alphabeta-best"]?.[1]} best first`);
  const chessBoards = await page.$$eval("#picture g.node.board", (groups) => groups.length);
  check(chessBoards > 0, `chess nodes carry their boards (${chessBoards})`);

  // The collapsed picture: what alpha-beta never looked at drawn as one mark a subtree.
  await open(page, base, "game=tictactoe&position=XOX/.O./...");
  const whole = await page.$$eval("#picture g.node", (groups) => groups.length);
  await page.check("#collapse");
  await page.waitForFunction((whole) => {
    const groups = document.querySelectorAll("#picture g.node").length;
    return groups > 0 && groups < whole;
  }, whole);
  const collapsed = await page.$$eval("#picture g.node", (groups) => groups.length);
  check(collapsed < whole, `collapsing the pruned subtrees draws fewer nodes (${whole} → ${collapsed})`);
  await page.uncheck("#collapse");

  // Step mode on a big tree: minimax over 20 × 20 × 20 leaves (8,421 nodes).
  await page.goto(new URL("index.html", base).href);
  await page.waitForFunction(() => document.getElementById("summary").textContent !== "");
  await page.click("input[name=algorithm][value=minimax]");
  await page.fill("#tree-text", uniform(20, 3));
  await page.waitForFunction(() => document.getElementById("step-slider").max === "8842", null, { timeout: 60000 });
  await page.evaluate(() => {
    const slider = document.getElementById("step-slider");
    slider.value = "4421";
    slider.dispatchEvent(new Event("input"));
  });
  const pictured = await page.$$eval("#picture g.node", (groups) => groups.length);
  const big = await stepTime(page, 11);
  console.log(`step timing [${name}]: 8421 nodes (${pictured} drawn), minimax, ${big.toFixed(1)} ms a step (median of 11)`);
  await page.fill("#tree-text", uniform(12, 3));
  await page.waitForFunction(() => document.getElementById("step-slider").max === "2042", null, { timeout: 60000 });
  await page.evaluate(() => {
    const slider = document.getElementById("step-slider");
    slider.value = "1021";
    slider.dispatchEvent(new Event("input"));
  });
  const pictured2 = await page.$$eval("#picture g.node", (groups) => groups.length);
  const medium = await stepTime(page, 11);
  console.log(`step timing [${name}]: 1885 nodes (${pictured2} drawn), minimax, ${medium.toFixed(1)} ms a step (median of 11)`);
  await context.close();

  // A phone: the lesson of the textbook's tic-tac-toe fits the width.
  if (name === "server") {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
    });
    const small = await phone.newPage();
    small.setDefaultTimeout(30000);
    small.on("pageerror", (error) => check(false, `no script error on the phone: ${error.message}`));
    await open(small, base, "lesson=tictactoe-textbook&game=tictactoe&depth=2&symmetry=1&algorithm=minimax");
    const wide = await small.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    check(!wide, "390 px: the game's tree scrolls in its box, not the page");
    await small.$eval("#step-info", (info) => info.scrollIntoView());
    await small.screenshot({ path: join(out, "web-game-tree-en-phone.png") });
    await phone.close();
  }
}

await runTargets(executable, targets, suite);
