// The code page in a real browser (Debian's chromium, driven by playwright-core), run by
// crates/server/tests/browser.rs:
//   node code.mjs SCREENSHOT_DIR CHROMIUM TARGET...
// The page runs students' programs in a worker and checks them with ply's grader in the
// WebAssembly module, so its checks run on the static site (`static=FOLDER`, served here
// under /ply/ with no ply process); against `ply serve` (`server=URL`) the page is only
// opened. On the static site: for each kind a right Python program and a right
// JavaScript program pass; programs with a named mistake (no_pruning, cuts_on_equality
// under the rule gt, sign_error, wrong_player, ignores_probabilities, depth_off_by_one,
// in Python and in JavaScript) get exactly that diagnosis through the page's test hook
// (`[data-check-result]` with `data-passed` and `data-diagnoses`); an endless loop ends
// with the timeout message and the next check passes; Stop ends a run at once; a run
// draws the tree with the leaves numbered; the page in each language fits 390 px and
// 1280 px (screenshots `code-LANG-390.png`, `code-LANG-1280.png`). It measures the bytes
// of Python the page fetches and the time from opening the page to the first check's
// result (`measured: ...` lines).
import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { checker, runTargets } from "./harness.mjs";

const [out, executable, ...targets] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

/** Right programs, one per kind and language, and the mistakes, each one edit away. */
const PY = {
  minimax: `
def search(node):
    if node.kind == "leaf":
        return node.value()
    values = [search(child) for child in node.children()]
    return max(values) if node.kind == "max" else min(values)

def solve(root):
    return search(root)
`,
  negamax: `
def negamax(node):
    if node.kind == "leaf":
        return node.value()
    return max(-negamax(child) for child in node.children())

def solve(root):
    return negamax(root)
`,
  alphabeta: `
def search(node, alpha, beta):
    if node.kind == "leaf":
        return node.value()
    best = float("-inf") if node.kind == "max" else float("inf")
    for child in node.children():
        value = search(child, alpha, beta)
        if node.kind == "max":
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha > beta:
            break
    return best

def solve(root):
    return search(root, float("-inf"), float("inf"))
`,
  expectimax: `
def search(node):
    if node.kind == "leaf":
        return node.value()
    children = node.children()
    if node.kind == "chance":
        return sum(child.probability * search(child) for child in children)
    values = [search(child) for child in children]
    return max(values) if node.kind == "max" else min(values)

def solve(root):
    return search(root)
`,
  tictactoe: `
DEPTH = 2

def search(node, depth):
    if depth == 0 or node.kind == "leaf":
        return node.value()
    values = [search(child, depth - 1) for child in node.children()]
    return max(values) if node.kind == "max" else min(values)

def solve(root):
    best, move = None, None
    for child in root.children():
        value = search(child, DEPTH - 1)
        if best is None or value > best:
            best, move = value, child.name
    return best, move
`,
};

const JS = {
  minimax: `
function search(node) {
  if (node.kind === "leaf") return node.value();
  const values = node.children().map(search);
  return node.kind === "max" ? Math.max(...values) : Math.min(...values);
}
function solve(root) { return search(root); }
`,
  negamax: `
function negamax(node) {
  if (node.kind === "leaf") return node.value();
  let best = -Infinity;
  for (const child of node.children()) best = Math.max(best, -negamax(child));
  return best;
}
function solve(root) { return negamax(root); }
`,
  alphabeta: `
function search(node, alpha, beta) {
  if (node.kind === "leaf") return node.value();
  let best = node.kind === "max" ? -Infinity : Infinity;
  for (const child of node.children()) {
    const value = search(child, alpha, beta);
    if (node.kind === "max") { best = Math.max(best, value); alpha = Math.max(alpha, best); }
    else { best = Math.min(best, value); beta = Math.min(beta, best); }
    if (alpha > beta) break;
  }
  return best;
}
function solve(root) { return search(root, -Infinity, Infinity); }
`,
  expectimax: `
function search(node) {
  if (node.kind === "leaf") return node.value();
  const children = node.children();
  if (node.kind === "chance") {
    let sum = 0;
    for (const child of children) sum += child.probability * search(child);
    return sum;
  }
  const values = children.map(search);
  return node.kind === "max" ? Math.max(...values) : Math.min(...values);
}
function solve(root) { return search(root); }
`,
  tictactoe: `
const DEPTH = 2;
function search(node, depth) {
  if (depth === 0 || node.kind === "leaf") return node.value();
  const values = node.children().map((child) => search(child, depth - 1));
  return node.kind === "max" ? Math.max(...values) : Math.min(...values);
}
function solve(root) {
  let best = null, move = null;
  for (const child of root.children()) {
    const value = search(child, DEPTH - 1);
    if (best === null || value > best) { best = value; move = child.name; }
  }
  return [best, move];
}
`,
};

/** The mistakes: [language, kind, rule, the edit, the diagnosis it must get]. */
const MISTAKES = [
  ["python", "alphabeta", "gt", (s) => s.replace("        if alpha > beta:\n            break\n", ""), "no_pruning"],
  ["javascript", "alphabeta", "gt", (s) => s.replace("if (alpha > beta) break;", "if (alpha >= beta) break;"), "cuts_on_equality"],
  ["python", "negamax", "ge", (s) => s.replace("max(-negamax(child)", "max(negamax(child)"), "sign_error"],
  ["javascript", "minimax", "ge", (s) => s.replace('node.kind === "max" ? Math.max', 'node.kind === "min" ? Math.max'), "wrong_player"],
  ["javascript", "expectimax", "ge", (s) => s.replace("sum += child.probability * search(child)", "sum += search(child) / children.length"), "ignores_probabilities"],
  ["python", "tictactoe", "ge", (s) => s.replace("DEPTH = 2", "DEPTH = 3"), "depth_off_by_one"],
];

/** The fragment that opens a program. */
function fragment(language, kind, rule, source) {
  const fields = new URLSearchParams({ kind, rule, language, source });
  return `#${fields}`;
}

/**
 * Opens a program through the share link's fragment (the page keeps its worker, and
 * Python with it) and checks it: the test hook's passed and diagnoses, and the words.
 */
async function check(page, language, kind, rule, source) {
  await page.evaluate((hash) => {
    location.hash = hash;
  }, fragment(language, kind, rule, source));
  await page.waitForFunction(
    ([l, k]) => document.getElementById("language").value === l && document.getElementById("kind").value === k,
    [language, kind],
  );
  await page.evaluate(() => {
    const result = document.getElementById("check-result");
    result.removeAttribute("data-check-result");
  });
  await page.click("#check");
  const result = await page.waitForSelector("[data-check-result]", { timeout: 90_000 });
  return {
    passed: await result.getAttribute("data-passed"),
    diagnoses: await result.getAttribute("data-diagnoses"),
    status: await page.textContent("#status"),
    text: await result.textContent(),
    count: await page.locator("[data-check-result]").count(),
  };
}

/** Whether the page is wider than its window. */
async function fits(page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

await runTargets(executable, targets, async (browser, name, base, paths) => {
  const check_ = checker(name);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const opened = Date.now();
  await page.goto(new URL("code.html", base).href + "#lesson=negamax&language=python");
  await page.waitForSelector("#editor .cm-editor, #plain-editor");
  check_(await page.locator("nav a[href='code.html']").count() === 1, "code.html is in the navigation");
  if (name !== "static") {
    // `ply serve` serves the page; its checks need the static site's module and Python.
    check_(await page.textContent("h1") !== "", "ply serve serves code.html");
    await context.close();
    return;
  }
  check_(await page.locator("#editor .cm-editor").count() === 1, "the editor is CodeMirror");

  // The starter of the first lesson, checked at once: the time to the first result.
  await page.click("#check");
  await page.waitForSelector("[data-check-result]", { timeout: 120_000 });
  const firstMs = Date.now() - opened;
  const starter = await page.getAttribute("[data-check-result]", "data-passed");
  check_(starter === "true", `the negamax lesson's Python starter passes (${starter})`);
  const python = paths.filter((path) => path.includes("/pyodide/"));
  const bytes = [...new Set(python)].reduce(
    (sum, path) => sum + statSync(join(targets.find((t) => t.startsWith("static=")).slice(7), path.slice("/ply/".length))).size,
    0,
  );
  console.log(`measured [${name}]: Python fetched: ${bytes} bytes (${(bytes / 1e6).toFixed(1)} MB) in ${new Set(python).size} files`);
  console.log(`measured [${name}]: from opening the page to the first check's result: ${(firstMs / 1000).toFixed(1)} s`);

  for (const kind of Object.keys(PY)) {
    const rule = kind === "alphabeta" ? "gt" : "ge";
    for (const [language, source] of [["python", PY[kind]], ["javascript", JS[kind]]]) {
      const result = await check(page, language, kind, rule, source);
      check_(result.passed === "true" && result.diagnoses === "" && result.count === 1,
        `${kind} in ${language}: a right program passes (${result.passed}, "${result.diagnoses}")`);
    }
  }
  for (const [language, kind, rule, edit, diagnosis] of MISTAKES) {
    const right = (language === "python" ? PY : JS)[kind];
    const wrong = edit(right);
    if (wrong === right) throw new Error(`the edit for ${diagnosis} changed nothing`);
    const result = await check(page, language, kind, rule, wrong);
    check_(result.passed === "false" && result.diagnoses === diagnosis,
      `${kind} in ${language}: ${diagnosis} is named (${result.passed}, "${result.diagnoses}")`);
  }

  // An endless loop: the test is stopped at its time limit, and the next check passes.
  const endless = "def solve(root):\n    while True:\n        pass\n";
  const looped = await check(page, "python", "minimax", "ge", endless);
  check_(looped.passed === "false" && looped.diagnoses === "timeout" && /3 s/.test(looped.status),
    `an endless loop ends with the timeout message (${looped.diagnoses}: ${looped.status})`);
  const after = await check(page, "python", "minimax", "ge", PY.minimax);
  check_(after.passed === "true", `the next check after the endless loop passes (${after.passed})`);

  // Deep recursion: a crash, said with Python's error.
  const deep = "def down(node, n):\n    return down(node, n + 1)\n\ndef solve(root):\n    return down(root, 0)\n";
  const crashed = await check(page, "python", "minimax", "ge", deep);
  check_(crashed.diagnoses === "crash" && crashed.text.includes("RecursionError"),
    `deep recursion is a crash with its error (${crashed.diagnoses})`);
  const jsDeep = "function down(n) { return down(n + 1) + 1; }\nfunction solve(root) { return down(0); }\n";
  const jsCrashed = await check(page, "javascript", "minimax", "ge", jsDeep);
  check_(jsCrashed.diagnoses === "crash" && /recursion went too deep/.test(jsCrashed.text),
    `JavaScript's deep recursion is a crash with a clear message (${jsCrashed.diagnoses})`);

  // Stop ends a run at once, and the next run works.
  await page.evaluate((hash) => {
    location.hash = hash;
  }, fragment("javascript", "minimax", "ge", "function solve(root) { for (;;) {} }"));
  await page.waitForFunction(() => document.getElementById("language").value === "javascript");
  await page.click("#check");
  await page.waitForTimeout(500);
  const stopClicked = Date.now();
  await page.click("#stop");
  await page.waitForFunction(() => !document.getElementById("check").disabled);
  const stoppedIn = Date.now() - stopClicked;
  check_(stoppedIn < 1000 && (await page.textContent("#status")) === "Stopped.",
    `Stop ends the run at once (${stoppedIn} ms)`);
  const afterStop = await check(page, "javascript", "minimax", "ge", JS.minimax);
  check_(afterStop.passed === "true", "the next check after Stop passes");

  // Run: what the program returned and printed, and the tree with its leaves numbered.
  await page.evaluate((hash) => {
    location.hash = hash;
  }, fragment("python", "minimax", "ge", `print("hello from solve")\n${PY.minimax}`));
  await page.waitForFunction(() => document.getElementById("language").value === "python");
  await page.click("#run");
  await page.waitForSelector("#picture svg g.eval-order", { timeout: 60_000 });
  const numbers = await page.$$eval("#picture svg g.eval-order text", (texts) => texts.map((t) => t.textContent));
  check_(numbers.join(" ") === "1 2 3 4 5 6 7 8 9", `Run numbers the classic tree's nine leaves (${numbers.join(" ")})`);
  const returned = await page.textContent("#run-result");
  check_(/returned 3/.test(returned), `Run says what solve returned (${returned.slice(0, 60)})`);

  // The page in each language, at a phone's width and a desktop's, after a run.
  for (const lang of ["en", "sv", "zh", "el"]) {
    for (const width of [390, 1280]) {
      const view = await browser.newContext({ viewport: { width, height: 900 } });
      const shot = await view.newPage();
      await shot.goto(new URL(`code.html?lang=${lang}`, base).href + "#lesson=alphabeta&language=javascript");
      await shot.waitForSelector("#editor .cm-editor");
      await shot.click("#run");
      await shot.waitForSelector("#picture svg g.eval-order", { timeout: 60_000 });
      check_(await fits(shot), `${lang} at ${width} px: the page fits its window`);
      await shot.screenshot({ path: join(out, `code-${lang}-${width}.png`), fullPage: true });
      await view.close();
    }
  }
  check_(errors.length === 0, `no error on the page (${errors.join("; ")})`);
  await context.close();
});
