// End-to-end checks of the web lab in a real browser (Debian's chromium, driven by
// playwright-core). Run by crates/server/tests/browser.rs, which starts the server:
//   node lab.mjs BASE_URL SCREENSHOT_DIR [CHROMIUM]
// Exits 0 when every check passes; otherwise prints the failed check and exits 1.
import { chromium } from "playwright-core";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [base, out, executable = "/usr/bin/chromium"] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

const CLASSIC = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";
let failures = 0;

function check(condition, what) {
  if (condition) {
    console.log(`ok: ${what}`);
  } else {
    console.log(`FAILED: ${what}`);
    failures += 1;
  }
}

async function summaryValue(page) {
  await page.waitForFunction(() => /value -?[0-9.]+/.test(document.getElementById("summary").textContent));
  const text = await page.textContent("#summary");
  return Number(text.match(/value (-?[0-9.]+)/)[1]);
}

async function typeTree(page, text) {
  await page.fill("#tree-text", text);
  // The page waits for the typing to stop (250 ms), then asks the server.
  await page.waitForTimeout(800);
}

const browser = await chromium.launch({
  executablePath: executable,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
try {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  page.on("pageerror", (error) => check(false, `no script error on the page: ${error.message}`));

  // The tree lab: the classic tree, its value and its two pruned leaves.
  await page.goto(base + "/");
  await typeTree(page, CLASSIC);
  check((await summaryValue(page)) === 3, "the classic tree's root value is 3");
  const pruned = await page.$$eval("#picture g.node.leaf.pruned", (nodes) => nodes.map((n) => n.dataset.path));
  check(pruned.length === 2, `exactly two pruned leaves under alpha-beta (${pruned.join(" ")})`);
  check(pruned.join(" ") === "1.1 1.2", "the pruned leaves are c's second and third (4 and 6)");
  const compare = await page.textContent("#compare");
  check(/as written 7, best first 5, worst first 9/.test(compare), `leaf counts side by side: ${compare}`);
  await page.screenshot({ path: join(out, "tree-lab.png") });

  // Edit a leaf in the picture: b's first leaf 3 becomes 10; b = min(10, 12, 8) = 8, c ≤ 2,
  // d = 2: the root is 8.
  await page.click('#picture g.node[data-path="0.0"]');
  await page.fill("#leaf-value", "10");
  await page.click("#set-value");
  await page.waitForFunction(() => /value 8,/.test(document.getElementById("summary").textContent));
  check((await summaryValue(page)) === 8, "after the leaf 3 becomes 10, the root value is 8");
  check((await page.inputValue("#tree-text")).includes("(b 10 12 8)") ||
    (await page.inputValue("#tree-text")).includes("10 12 8"), "the text follows the edit");

  // Step through the trace to the first cut and see its window.
  await typeTree(page, CLASSIC);
  await summaryValue(page);
  await page.click("#step-start");
  let info = "";
  for (let i = 0; i < 60; i++) {
    info = await page.textContent("#step-info");
    if (info.includes("Cut at")) break;
    await page.keyboard.press("ArrowRight");
  }
  check(info.includes("Cut at c") && info.includes("α=3") && info.includes("β=+∞"),
    `the first cut is at c with the window α=3, β=+∞: ${info}`);
  check(await page.$('#picture g.node.current[data-path="1"]') !== null, "the cutting node is highlighted");
  await page.screenshot({ path: join(out, "tree-lab-step.png") });

  // Share: the link opens the same tree and settings in a fresh page.
  await page.click('input[name=algorithm][value=minimax]');
  await page.click('input[name=order][value=worst_first]');
  await page.fill("#handout-title", "Lesson 3: minimax");
  await page.waitForTimeout(500);
  await page.click("#share");
  const link = await page.inputValue("#share-link");
  const fresh = await context.newPage();
  await fresh.goto(link);
  await summaryValue(fresh);
  check((await fresh.inputValue("#tree-text")) === CLASSIC, "the shared link brings the tree");
  check(await fresh.isChecked('input[name=algorithm][value=minimax]'), "... and the algorithm");
  check(await fresh.isChecked('input[name=order][value=worst_first]'), "... and the move order");
  check((await fresh.inputValue("#handout-title")) === "Lesson 3: minimax", "... and the title");

  // Print: controls hidden, the title shown, and the handout on one page.
  await fresh.emulateMedia({ media: "print" });
  check(!(await fresh.isVisible(".controls")), "printing hides the controls");
  check(await fresh.isVisible("#print-title"), "printing shows the title");
  const pdf = await fresh.pdf({ format: "A4" });
  const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) || []).length;
  check(pages === 1, `the handout prints on one A4 page (${pages})`);
  writeFileSync(join(out, "handout.pdf"), pdf);
  await fresh.emulateMedia({ media: "screen" });
  await fresh.close();

  // Play tic-tac-toe against the perfect engine: never win.
  await page.goto(base + "/play");
  await page.waitForFunction(() => document.getElementById("status").textContent.includes("(you)"));
  const yourTurnOrOver = () => page.waitForFunction(() => {
    const s = document.getElementById("status").textContent;
    return s.includes("Game over") || s.includes("(you)");
  });
  for (let turn = 0; turn < 9; turn++) {
    await yourTurnOrOver();
    if ((await page.textContent("#status")).includes("Game over")) break;
    const free = page.locator(".board .cell:not([disabled])");
    const count = await free.count();
    if (count === 0) break;
    const before = await page.locator(".board .cell.X, .board .cell.O").count();
    await free.nth(Math.floor(Math.random() * count)).click();
    // The move is on the board, then the engine has answered (or the game is over).
    await page.waitForFunction((n) => document.querySelectorAll(".board .cell.X, .board .cell.O").length > n, before);
  }
  await yourTurnOrOver();
  const end = await page.textContent("#status");
  check(end.includes("Game over"), `the game ends: ${end}`);
  check(!end.includes("X wins"), "the human (X) never beats the perfect engine");
  await page.screenshot({ path: join(out, "play-tictactoe.png") });

  // Connect Four: every column's value on the board.
  await page.fill("#time", "300");
  await page.check("#show-values");
  await page.selectOption("#game", "connect4");
  await page.waitForSelector("#column-values .value");
  let values = await page.$$eval("#column-values .value", (spans) => spans.map((s) => s.textContent));
  check(values.length === 7, `seven column values: ${values.join(" | ")}`);
  await page.click('.board .cell[data-column="3"]');
  await page.waitForFunction(() => document.querySelectorAll(".board .cell.X").length === 1 &&
    document.querySelectorAll(".board .cell.O").length === 1);
  await page.waitForSelector("#column-values .value");
  values = await page.$$eval("#column-values .value", (spans) => spans.map((s) => s.textContent));
  check(values.length === 7, `after a move each, seven column values again: ${values.join(" | ")}`);
  await page.screenshot({ path: join(out, "play-connect4.png") });
} catch (error) {
  check(false, `the run finished (${error.message})`);
} finally {
  await browser.close();
}
process.exit(failures === 0 ? 0 : 1);
