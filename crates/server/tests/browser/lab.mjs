// End-to-end checks of the web lab in a real browser (Debian's chromium, driven by
// playwright-core), run by crates/server/tests/browser.rs:
//   node lab.mjs SCREENSHOT_DIR CHROMIUM TARGET...
// where each TARGET is `server=URL` (`ply serve` at URL) or `static=FOLDER` (the site that
// `scripts/build-site FOLDER` writes, served here by a plain static file server under the
// sub-path /ply/, with no ply process anywhere). One browser runs the same checks against
// every target, each line of the report naming its target: `ok [static]: ...`.
// Exits 0 when every check passes; otherwise prints the failed checks and exits 1.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checker, runTargets } from "./harness.mjs";

const [out, executable, ...targets] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

const CLASSIC = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";
// A small seeded generator (the human's moves), so that a failing game can be replayed.
let seed = Number(process.env.PLY_BROWSER_SEED ?? Date.now() % 100000);
console.log(`seed ${seed} (PLY_BROWSER_SEED=${seed} replays the games)`);
function random() {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}

async function summaryValue(page) {
  await page.waitForFunction(() => /value -?[0-9.]+/.test(document.getElementById("summary").textContent));
  const text = await page.textContent("#summary");
  return Number(text.match(/value (-?[0-9.]+)/)[1]);
}

async function typeTree(page, text) {
  await page.fill("#tree-text", text);
  // The page waits for the typing to stop (250 ms), then asks for the search.
  await page.waitForTimeout(800);
}

/** The paths of the pruned leaves in the picture, in document order. */
async function prunedLeaves(page) {
  return page.$$eval("#picture .node.leaf.pruned[data-path]", (nodes) => nodes.map((n) => n.dataset.path));
}

/** Whether the page is wider than its window (a phone would scroll the whole page sideways). */
async function overflows(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/** Every request a context makes (its pages and their workers), by address; and those
 * that failed (no answer, or a 4xx or 5xx status other than the API's own refusals). */
function logRequests(context, log, failed) {
  context.on("request", (request) => log.push(request.url()));
  context.on("requestfailed", (request) => {
    // (A request the page ends itself, leaving or stopping, is aborted: not a failure.)
    const why = request.failure()?.errorText ?? "";
    if (!why.includes("ERR_ABORTED")) failed.push(`${request.url()} (${why})`);
  });
  context.on("response", (response) => {
    if (response.status() >= 400 && !new URL(response.url()).pathname.includes("/api/")) {
      failed.push(`${response.url()} (${response.status()})`);
    }
  });
}

/** The checks, against a site whose pages are at `base` (ending in `/`). */
async function suite(browser, name, base, serverPaths) {
  const check = checker(name);
  const requests = [];
  const failed = [];
  const expectedBackend = name === "static" ? "wasm" : "server";

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  logRequests(context, requests, failed);
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  page.on("pageerror", (error) => check(false, `no script error on the page: ${error.message}`));

  // The tree lab: the classic tree, its value and its two pruned leaves.
  await page.goto(base);
  const backend = await page.evaluate(async () => (await import("./ply.js")).backend);
  check(backend === expectedBackend, `ply.js answers through the ${expectedBackend} (${backend})`);
  await typeTree(page, CLASSIC);
  check((await summaryValue(page)) === 3, "the classic tree's root value is 3");
  const pruned = await prunedLeaves(page);
  check(pruned.length === 2, `exactly two pruned leaves under alpha-beta (${pruned.join(" ")})`);
  check(pruned.join(" ") === "1.1 1.2", "the pruned leaves are c's second and third (4 and 6)");
  // (The counts come in answers of their own, after the tree's: read once they have. On
  // a machine busy with other tests they have been seen missing; the tree is then asked
  // for once more, and the report says so, with what the page showed.)
  const counts = () => page
    .waitForFunction(() => {
      const text = document.getElementById("compare").textContent;
      return /as written \d/.test(text) ? text : false;
    }, null, { timeout: 30000 })
    .then((shown) => /** @type {Promise<string>} */ (shown.jsonValue()))
    .catch(() => null);
  let compare = await counts();
  let again = "";
  if (compare === null) {
    again = ` (only after the tree was asked for again: at first the error said "${await page.textContent("#error")}")`;
    await typeTree(page, `${CLASSIC}\n`);
    compare = (await counts()) ?? await page.textContent("#compare");
  }
  check(/as written 7, best first 5, worst first 9/.test(compare), `leaf counts side by side: ${compare}${again}`);
  await page.screenshot({ path: join(out, `${name}-tree-desktop.png`) });

  // Edit a leaf in the picture: b's first leaf 3 becomes 10; b = min(10, 12, 8) = 8, c ≤ 2,
  // d = 2: the root is 8.
  await page.click('#picture .node[data-path="0.0"]');
  await page.fill("#leaf-value", "10");
  await page.click("#set-value");
  await page.waitForFunction(() => /value 8\b/.test(document.getElementById("summary").textContent));
  check((await summaryValue(page)) === 8, "after the leaf 3 becomes 10, the root value is 8");
  check((await page.inputValue("#tree-text")).includes("10 12 8"), "the text follows the edit");

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
  check(await page.$('#picture .node.current[data-path="1"]') !== null, "the cutting node is highlighted");
  await page.screenshot({ path: join(out, `${name}-tree-step.png`) });

  // A tree with chance nodes: the dice example, searched with expectiminimax, drawn with
  // a circle per chance node and each outcome's probability; step mode says each weighted
  // sum as it grows.
  await page.selectOption("#example", "dice");
  await page.waitForFunction(() => /value 4\b/.test(document.getElementById("summary").textContent));
  check(await page.isChecked('input[name=algorithm][value=expectiminimax]'),
    "the dice example is searched with expectiminimax");
  const circles = await page.$$eval("#picture g.node.chance > circle", (nodes) => nodes.length);
  check(circles === 2, `the dice tree's two chance nodes are circles (${circles})`);
  const probabilities = await page.$$eval("#picture text.probability", (texts) =>
    texts.map((text) => text.textContent).join(" "));
  check(probabilities === "1/2 1/4 1/4 1/2 1/2", `each outcome's probability is drawn (${probabilities})`);
  const rootValue = await page.textContent('#picture g.node[data-path=""] > text.label.value');
  check(rootValue === "4", `the dice tree's root is worth exactly 4 (${rootValue})`);
  const chanceHelp = await page.textContent("#tree-help");
  check(chanceHelp.includes("chance nodes green circles"),
    `the help under the picture says what a circle is in a chance tree: ${chanceHelp}`);
  await page.screenshot({ path: join(out, `${name}-chance.png`) });
  await page.click("#step-start");
  for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowRight");
  info = await page.textContent("#step-info");
  const left = await page.textContent('#picture g.node[data-path="0"] > text.label.value');
  check(info.includes("1/2 × 3 + 1/4 × 9 = 3.75") && left === "Σ 3.75",
    `step 6 adds b to left's weighted sum: ${info} (${left})`);
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  info = await page.textContent("#step-info");
  check(info.includes("its expected value is 1/2 × 3 + 1/4 × 9 + 1/4 × (-1) = 3.5"),
    `step 9: left's expected value: ${info}`);
  await page.screenshot({ path: join(out, `${name}-chance-step.png`) });
  // A minimax search asked for a chance tree: ply's reason, said as an error, not a crash.
  await page.click('input[name=algorithm][value=alphabeta]');
  await page.waitForFunction(() => document.getElementById("error").textContent !== "");
  const refusal = await page.textContent("#error");
  check(refusal === "This tree has chance nodes, which Alpha-beta cannot search: choose expectiminimax, Star1 or Star2.",
    `alpha-beta is refused for a chance tree: ${refusal}`);
  await page.click('input[name=algorithm][value=star1]');
  await page.waitForFunction(() => /^Star1: value 4\b/.test(document.getElementById("summary").textContent));
  check(await page.textContent("#error") === "", "Star1 searches it again, the error gone");
  // The chance searches' leaf counts side by side: on the backgammon example Star1 cuts
  // two leaves, and Star2's probes cost more than they save.
  await page.selectOption("#example", "backgammon");
  // (Read as it is shown once the backgammon tree's own counts come: the dice tree's
  // stay until then, and a search started meanwhile blanks them.)
  const chanceCounts = await page
    .waitForFunction(() => {
      const text = document.getElementById("compare").textContent;
      return text.startsWith("Leaves evaluated: expectiminimax all 16") ? text : false;
    }, null, { timeout: 20000 })
    .then((shown) => shown.jsonValue())
    .catch(() => page.textContent("#compare"));
  check(chanceCounts === "Leaves evaluated: expectiminimax all 16, Star1 14, Star2 22 (its probes included).",
    `the chance searches' leaf counts side by side: ${chanceCounts}`);
  // A game with dice in the game field: Pig to 20 written out with chance nodes and
  // searched by expectiminimax, whichever search was chosen (alpha-beta here), to the
  // value of examples/trees/pig-small.txt.
  await page.click('input[name=algorithm][value=alphabeta]');
  await page.goto(`${new URL("index.html", base).href}#game=pig%3A20&position=12%2B0-14&depth=4`);
  await page.waitForFunction(() => /^Expectiminimax: value 0\.43925\b/.test(document.getElementById("summary").textContent));
  check(await page.isChecked('input[name=algorithm][value=expectiminimax]'),
    "Pig in the game field: expectiminimax is chosen for its chance nodes");
  const pigCircles = await page.$$eval("#picture g.node.chance > circle", (nodes) => nodes.length);
  check(pigCircles === 7 && (await page.inputValue("#tree-text")).startsWith("12+0-14 [max]\n  roll [chance]\n"),
    `Pig to 20 two throws deep: its text and its 7 throws drawn as circles (${pigCircles}), worth 0.43925`);
  await page.goto(`${new URL("index.html", base).href}#`);
  await typeTree(page, CLASSIC);
  await summaryValue(page);
  check((await page.textContent("#tree-help")).includes("MIN nodes triangles pointing down, leaves boxes (in negamax"),
    "the minimax help comes back with a minimax tree");

  // Share: the link opens the same tree and settings in a fresh browser context (another
  // student: no storage, no history), on the same site.
  await page.click('input[name=algorithm][value=minimax]');
  await page.click('input[name=order][value=worst_first]');
  await page.fill("#handout-title", "Lesson 3: minimax");
  await page.waitForTimeout(500);
  await page.click("#share");
  const link = await page.inputValue("#share-link");
  check(link.startsWith(base), `the share link stays on the site (${link})`);
  const other = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  logRequests(other, requests, failed);
  const fresh = await other.newPage();
  fresh.setDefaultTimeout(20000);
  fresh.on("pageerror", (error) => check(false, `no script error on the shared page: ${error.message}`));
  await fresh.goto(link);
  await summaryValue(fresh);
  check((await fresh.inputValue("#tree-text")) === CLASSIC, "the shared link brings the tree");
  check(await fresh.isChecked('input[name=algorithm][value=minimax]'), "... and the algorithm");
  check(await fresh.isChecked('input[name=order][value=worst_first]'), "... and the move order");
  check((await fresh.inputValue("#handout-title")) === "Lesson 3: minimax", "... and the title");
  check((await summaryValue(fresh)) === 3, "... and its value (minimax: 3)");

  // Print: controls hidden, the title shown, and the handout on one page.
  await fresh.emulateMedia({ media: "print" });
  check(!(await fresh.isVisible(".controls")), "printing hides the controls");
  check(await fresh.isVisible("#print-title"), "printing shows the title");
  const pdf = await fresh.pdf({ format: "A4" });
  const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) || []).length;
  check(pages === 1, `the handout prints on one A4 page (${pages})`);
  writeFileSync(join(out, `${name}-handout.pdf`), pdf);
  await other.close();

  // Play tic-tac-toe against the perfect engine: never win.
  await page.goto(new URL("play.html", base).href);
  await page.waitForFunction(() => document.getElementById("status").textContent.includes("(you)"));
  const yourTurnOrOver = () => page.waitForFunction(() => {
    const s = document.getElementById("status").textContent;
    return s.includes("Game over") || s.includes("(you)");
  });
  const played = [];
  for (let turn = 0; turn < 9; turn++) {
    await yourTurnOrOver();
    if ((await page.textContent("#status")).includes("Game over")) break;
    const free = page.locator(".board .cell:not([disabled])");
    const count = await free.count();
    if (count === 0) break;
    const before = await page.locator(".board .cell.X, .board .cell.O").count();
    const cell = free.nth(Math.floor(random() * count));
    played.push(await cell.getAttribute("data-move"));
    await cell.click();
    // The move is on the board, then the engine has answered (or the game is over).
    await page.waitForFunction((n) => document.querySelectorAll(".board .cell.X, .board .cell.O").length > n, before);
  }
  await yourTurnOrOver();
  const end = await page.textContent("#status");
  check(end.includes("Game over"), `the game ends: ${end} (the human played ${played.join(" ")})`);
  check(!end.includes("X wins"), "the human (X) never beats the perfect engine");
  await page.screenshot({ path: join(out, `${name}-play-tictactoe.png`) });

  // Connect Four: every column's value on the board, exact from the opening book: on the
  // empty board the centre wins, its two neighbours draw, the rest lose.
  await page.fill("#time", "300");
  await page.check("#show-values");
  await page.selectOption("#game", "connect4");
  await page.waitForSelector("#column-values .value");
  const classes = () => page.$$eval("#column-values .value", (spans) =>
    spans.map((s) => ["win", "draw", "loss", "estimate"].find((c) => s.classList.contains(c)) ?? "?"));
  let values = await classes();
  check(values.join(" ") === "loss loss draw win draw loss loss",
    `the empty board's column values: ${values.join(" | ")}`);
  await page.click('.board .cell[data-column="3"]');
  await page.waitForFunction(() => document.querySelectorAll(".board .cell.X").length === 1 &&
    document.querySelectorAll(".board .cell.O").length === 1);
  await page.waitForSelector("#column-values .value");
  values = await classes();
  check(values.length === 7 && values.every((v) => v !== "estimate" && v !== "?"),
    `after a move each, seven exact column values again (the book): ${values.join(" | ")}`);
  await page.screenshot({ path: join(out, `${name}-play-desktop.png`) });
  await context.close();

  // A phone, 390 px wide: both pages fit the width (the tree scrolls inside its own box).
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
  });
  logRequests(phone, requests, failed);
  const small = await phone.newPage();
  small.setDefaultTimeout(20000);
  small.on("pageerror", (error) => check(false, `no script error on the phone: ${error.message}`));
  await small.goto(base);
  check(!(await small.isVisible("#tree-text")), "390 px: the settings start folded away");
  await small.click(".fold-toggle");
  await typeTree(small, CLASSIC);
  await small.click(".fold-toggle");
  check(!(await small.isVisible("#tree-text")), "390 px: ... and fold again");
  check((await summaryValue(small)) === 3, "390 px: the tree lab works (root value 3)");
  check(await small.isVisible("#picture .node[data-path='1.1']"), "390 px: the picture shows the tree");
  // A big tree stays readable: tic-tac-toe to depth 2 (9 x 8 = 72 leaves) is drawn at a
  // size a leaf can be read and tapped at, the picture scrolling sideways inside its box
  // (not the page); the zoom buttons make it larger.
  const big = await small.evaluate(async () => {
    const ply = await import("./ply.js");
    const answer = await ply.answer("/api/tree/game", JSON.stringify({ game: "tictactoe", depth: 2 }));
    return JSON.parse(answer.body).tree;
  });
  await small.click(".fold-toggle");
  await typeTree(small, big);
  await small.click(".fold-toggle");
  await small.waitForFunction(() => /value 1\b/.test(document.getElementById("summary").textContent));
  const leafWidths = () => small.$$eval("#picture .node.leaf", (nodes) => nodes.map((n) => n.getBoundingClientRect().width));
  const widths = await leafWidths();
  const narrowest = Math.min(...widths);
  const zoom = await small.textContent("#zoom-level");
  const text = await small.$$eval("#picture .node.leaf text", (labels) =>
    Math.min(...labels.map((l) => l.getBoundingClientRect().height)));
  // (The lab used to squeeze such a tree into 976 px: 13.5 px a leaf, its values unreadable.)
  check(widths.length === 72 && narrowest >= 20 && text >= 7.5,
    `390 px: tic-tac-toe to depth 2, 72 leaves each at least 20 px wide, their values 8 px high ` +
    `(${widths.length} leaves, ${narrowest.toFixed(1)} px, text ${text.toFixed(1)} px, zoom ${zoom})`);
  const box = await small.$eval("#picture", (p) => ({ scroll: p.scrollWidth, client: p.clientWidth }));
  check(box.scroll > box.client && box.scroll >= 72 * 24,
    `390 px: the picture scrolls sideways in its box, at least 24 px a leaf (${box.scroll} px in ${box.client})`);
  check(!(await overflows(small)), "390 px: ... and the page still fits the width");
  await small.screenshot({ path: join(out, `${name}-tree-390-tictactoe.png`) });
  await small.click("#zoom-in");
  await small.waitForTimeout(300);
  const zoomed = Math.min(...(await leafWidths()));
  check(zoomed > narrowest * 1.05, `390 px: + zooms in (${narrowest.toFixed(1)} -> ${zoomed.toFixed(1)} px)`);
  check(!(await overflows(small)), "390 px: the tree lab fits the width");
  await small.screenshot({ path: join(out, `${name}-tree-390.png`) });
  await small.goto(new URL("play.html", base).href);
  await small.waitForFunction(() => document.getElementById("status").textContent.includes("(you)"));
  check(!(await overflows(small)), "390 px: the play page fits the width");
  await small.screenshot({ path: join(out, `${name}-play-390.png`) });
  await phone.close();

  // The network: every file the pages ask for is there (relative addresses: the site works
  // under a sub-path); the static site never asks for the API; the server's pages use it.
  check(failed.length === 0, `every file the pages asked for was served (${failed.slice(0, 5).join(" ")})`);
  const api = requests.filter((url) => new URL(url).pathname.includes("/api/"));
  if (name === "static") {
    check(api.length === 0, `no request to /api/ (${requests.length} requests: ${api.slice(0, 3).join(" ")})`);
    const served = serverPaths.filter((path) => path.includes("/api/"));
    check(served.length === 0, `the static server was never asked for /api/ (${serverPaths.length} files served)`);
    check(serverPaths.some((path) => path.endsWith(".wasm")), "the WebAssembly module was loaded");
  } else {
    check(api.length > 0, `the server's pages use its API (${api.length} requests to /api/)`);
  }
}

// ----- The lab in every language -----------------------------------------------------

/** The catalogs of words (crates/api/words): a language's messages, every area merged. */
const WORDS = new URL("../../../api/words/", import.meta.url);
function catalog(lang) {
  const folder = new URL(`${lang}/`, WORDS);
  const messages = {};
  for (const file of readdirSync(folder).filter((f) => f.endsWith(".json")).sort()) {
    Object.assign(messages, JSON.parse(readFileSync(new URL(file, folder), "utf8")));
  }
  return messages;
}

/** The text of messages (every plural form), their placeholders left out (names, not words). */
function messagesText(messages) {
  const texts = messages.flatMap((m) => (typeof m === "string" ? [m] : Object.values(m)));
  return texts.join("\n").replace(/\{\w+\}/g, " ");
}

function catalogText(lang) {
  return messagesText(Object.values(catalog(lang)));
}

/** The words of the English messages a language's catalog does not have yet. */
function untranslatedWords(lang) {
  const own = catalog(lang);
  const missing = Object.entries(catalog("en")).filter(([id]) => !Object.hasOwn(own, id));
  return wordsOf(messagesText(missing.map(([, message]) => message)));
}

/** Words of four letters or more, lowercased. */
function wordsOf(text) {
  return new Set((text.match(/[A-Za-z]{4,}/g) ?? []).map((w) => w.toLowerCase()));
}

/** Words that are names, not English: games, notation, the engine's own, and the
 * language menu's "English" (each language is named in itself). */
const NOT_ENGLISH = new Set([
  "tictactoe", "connect", "mnk", "nim", "misere", "wythoff", "race", "bash", "subtraction",
  "minimax", "negamax", "alpha", "beta", "ctrl", "webassembly", "max", "min", "english",
]);

/**
 * The English words that must not be on a page in `lang`: every word of four letters or
 * more in the English catalog that the language's catalog does not use itself.
 */
function englishWords(lang) {
  const own = wordsOf(catalogText(lang));
  return new Set([...wordsOf(catalogText("en"))].filter((w) => !own.has(w) && !NOT_ENGLISH.has(w)));
}

/** Every text a person meets on the page: what it shows, its title and its labels. */
async function pageText(page) {
  return page.evaluate(() => {
    const texts = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
      for (const name of ["title", "aria-label", "placeholder"]) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts.join("\n");
  });
}

/** The English words found in a page's text. */
async function englishOn(page, english) {
  return [...wordsOf(await pageText(page))].filter((w) => english.has(w));
}

/**
 * The tree lab, the play page and the practice page in each language: the classic tree
 * walked step by step to the end, then a game, then an exercise checked, with no English
 * word left on the way; the menu switches the
 * language and `<html lang>` follows.
 */
async function languages(browser, name, base) {
  const check = checker(name);
  for (const lang of ["sv", "zh", "el"]) {
    const english = englishWords(lang);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20000);
    page.on("pageerror", (error) => check(false, `${lang}: no script error on the page: ${error.message}`));
    // The requests the pages make: over the network to the server, or to the worker that
    // answers them on the static site.
    const posted = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/api/")) posted.push(request.postData() ?? "");
    });
    await page.exposeFunction("plyPosted", (body) => posted.push(body));
    await page.addInitScript(() => {
      const send = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (message, ...rest) {
        if (message && message.type === "answer" && message.body) window.plyPosted(message.body);
        return send.call(this, message, ...rest);
      };
    });
    const found = new Map();
    const note = async (where) => {
      for (const word of await englishOn(page, english)) if (!found.has(word)) found.set(word, where);
    };

    await page.goto(`${base}?lang=${lang}`);
    await page.waitForFunction(() => document.getElementById("summary").textContent.trim() !== "");
    const htmlLang = await page.getAttribute("html", "lang");
    check(htmlLang.startsWith(lang), `${lang}: the tree lab's <html lang> is ${htmlLang}`);
    await typeTree(page, CLASSIC);
    await page.waitForSelector("#picture .node.leaf.pruned");
    await note("the tree lab");
    await page.click("#step-start");
    let steps = 0;
    let info = "";
    for (; steps < 80; steps++) {
      await note(`step ${steps}`);
      await page.keyboard.press("ArrowRight");
      await page.waitForTimeout(20);
      const now = await page.textContent("#step-info");
      if (now === info) break;
      info = now;
    }
    check(steps >= 16, `${lang}: the classic tree walked to its end (${steps} steps)`);
    await page.click("#step-end");
    await note("the whole search");

    await page.goto(`${new URL("play.html", base).href}?lang=${lang}`);
    await page.waitForSelector(".board .cell:not([disabled])");
    await note("the play page");
    await page.check("#show-values");
    await page.waitForSelector(".board .cell .value");
    await note("the play page's values");
    await page.locator(".board .cell:not([disabled])").first().click();
    await page.waitForFunction(() => document.querySelectorAll(".board .cell.O").length === 1);
    await page.waitForSelector(".board .cell .value");
    await note("a move played");

    // The practice page: an exercise, then checked with one value typed and the rest left
    // blank, so that every node is marked with its reason.
    await page.goto(`${new URL("practice.html", base).href}?lang=${lang}` +
      "#kind=values&level=2&seed=20260527&variant=max_root");
    await page.waitForSelector("#answer-fields [data-node]");
    await note("the practice page");
    await page.fill('.value-box input[data-node="a"]', "99");
    await page.click("#check");
    await page.waitForFunction(() => document.getElementById("verdict").textContent !== "");
    await note("the practice page, checked");
    await page.goto(`${new URL("play.html", base).href}?lang=${lang}`);
    await page.waitForSelector(".board .cell:not([disabled])");

    // Said apart: the words of messages the language's catalog lacks (English stands in
    // until they are translated), and any other English (a sentence not from a catalog).
    const untranslated = untranslatedWords(lang);
    const said = ([word, where]) => `${word} (${where})`;
    const stray = [...found].filter(([word]) => !untranslated.has(word)).map(said);
    const waiting = [...found].filter(([word]) => untranslated.has(word)).map(said);
    check(found.size === 0, `${lang}: no English left on the pages (not from any catalog: ` +
      `${stray.join(", ") || "none"}; from messages ${lang} lacks: ${waiting.join(", ") || "none"})`);
    const asked = posted.filter((body) => !body.includes(`"lang":"${lang}"`));
    check(posted.length > 0 && asked.length === 0,
      `${lang}: every request to the API says "lang":"${lang}" (${posted.length} requests; ${asked.slice(0, 2).join(" ")})`);

    // The menu: each language named in itself; choosing one opens the page in it.
    const menu = await page.$$eval("#lang option", (options) => options.map((o) => `${o.value}:${o.textContent}`));
    check(menu.join(" ") === "en:English sv:Svenska zh:简体中文 el:Ελληνικά",
      `${lang}: the language menu names each language in itself (${menu.join(" ")})`);
    const other = lang === "el" ? "sv" : "el";
    await Promise.all([page.waitForNavigation(), page.selectOption("#lang", other)]);
    await page.waitForSelector(".board .cell");
    const switched = await page.getAttribute("html", "lang");
    check(switched === other && page.url().includes(`lang=${other}`),
      `${lang}: the menu switches to ${other} (<html lang="${switched}">, ${page.url()})`);
    await context.close();
  }
}

await runTargets(executable, targets, async (browser, name, base, paths) => {
  await suite(browser, name, base, paths);
  await languages(browser, name, base);
});
