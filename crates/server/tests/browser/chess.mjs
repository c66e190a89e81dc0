// The play page's chess board in a real browser (Debian's chromium, driven by
// playwright-core), run by crates/server/tests/browser.rs:
//   node chess.mjs SCREENSHOT_DIR CHROMIUM TARGET...
// where each TARGET is `server=URL` (`ply serve` at URL) or `static=FOLDER` (the site of
// `scripts/build-site FOLDER`, served here under the sub-path /ply/ with no ply process).
// The checks: 1. e4 played by clicking e2 then e4, and the engine's reply on the board;
// a knight dragged from g1 to f3 with the mouse; the moves played listed with their
// values; a pawn on the seventh rank promoted through the choice over the board; the
// board flipped; the position field (a wrong position said, a right one set); the share
// link reopening the same game in a fresh browser; the depth-2 search opening in the
// tree lab; and on a 390 px phone, a move by two taps and a move by a finger's drag. Each
// line of the report names its target: `ok [static]: ...`. Exits 0 when every check
// passes. Screenshots: `web-chess-en.png` and `web-chess-en-phone.png` (the server's;
// the static site's are prefixed `static-`).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { checker, runTargets } from "./harness.mjs";

const [out, executable, ...targets] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

/** A position with a White pawn on a7, to promote (White: Ka1; Black: Kh7). */
const PROMOTION = "8/P6k/8/8/8/8/8/K7 w - - 0 1";

/** Asks the site's own ply.js (the server's API, or the WebAssembly build) a question. */
async function ask(page, path, request) {
  return page.evaluate(async ([path, body]) => {
    const ply = await import("./ply.js");
    const answer = await ply.answer(path, body);
    return { status: answer.status, text: answer.body.slice(0, 80) };
  }, [path, JSON.stringify(request)]);
}

/** The square's rectangle on the board. */
function square(name) {
  return `svg.chess-board rect.square[data-square="${name}"]`;
}

/** The piece on a square, as FEN writes it, or null. */
async function pieceOn(page, name) {
  return page.evaluate((name) => {
    const piece = document.querySelector(`svg.chess-board .pieces g.piece[data-square="${name}"]`);
    return piece ? piece.getAttribute("data-piece") : null;
  }, name);
}

/** The moves played, as the page lists them: number, move, value words, lost ground. */
async function history(page) {
  return page.$$eval("#history li", (items) => items.map((li) => ({
    number: li.querySelector(".number")?.textContent ?? "",
    move: li.dataset.move ?? "",
    value: li.querySelector(".value")?.textContent ?? null,
    lost: li.classList.contains("lost"),
  })));
}

/** Waits until it is the human's move (or the game is over). */
async function yourMove(page) {
  await page.waitForFunction(() => {
    const s = document.getElementById("status").textContent;
    return s.includes("(you)") || s.includes("Game over");
  });
}

/** The centre of a square on the screen. */
async function centre(page, name) {
  const box = await page.locator(square(name)).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags a piece with the mouse, in small steps, from one square to another. */
async function mouseDrag(page, from, to) {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + (b.x - a.x) / 3, a.y + (b.y - a.y) / 3, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
}

/** Drags a piece with one finger (touch events through the browser's protocol). */
async function touchDrag(page, from, to) {
  const a = await centre(page, from);
  const b = await centre(page, to);
  const cdp = await page.context().newCDPSession(page);
  const point = (x, y) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(a.x, a.y) });
  for (let i = 1; i <= 8; i++) {
    const x = a.x + ((b.x - a.x) * i) / 8;
    const y = a.y + ((b.y - a.y) * i) / 8;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: point(x, y) });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** Whether the page is wider than its window. */
async function overflows(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/** The checks, against a site whose pages are at `base` (ending in `/`). */
async function suite(browser, name, base) {
  const check = checker(name);
  const shot = (file) => join(out, name === "server" ? file : `${name}-${file}`);
  const play = new URL("play.html", base).href;

  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30000);
  page.on("pageerror", (error) => check(false, `no script error on the page: ${error.message}`));

  // 1. e4 by two clicks; the engine answers. (The values of a chess position are the
  // engine's estimates, found in the page's time per move: a move the search did not
  // reach in that time has none. The page's own second, and on the static site a
  // shorter time for the game itself: its valuing is checked apart, just below.)
  await page.goto(`${play}#game=chess`);
  await page.waitForSelector(square("e2"));
  await yourMove(page);
  const startValues = await ask(page, "/api/play/analysis", { game: "chess", moves: [], time_ms: 1000 });
  check(startValues.status === 200,
    `the start position's moves valued in the page's 1 s (${startValues.status} ${startValues.text})`);
  if (name === "static") await page.fill("#time", "300");
  await page.check("#show-values");
  await page.waitForSelector("#analysis li");
  check((await page.$$("svg.chess-board .pieces g.piece")).length === 32, "the start position: 32 pieces on the board");
  // The search of the start position, two plies deep, as the tree lab will show it.
  const search = await page.getAttribute('#tree-links a[data-depth="2"]', "href");
  await page.click(square("e2"));
  const targets = await page.$$eval("svg.chess-board .hints .target", (ts) => ts.map((c) => c.dataset.square).sort());
  check(targets.join(" ") === "e3 e4", `a click on e2 shows where the pawn may go: ${targets.join(" ")}`);
  await page.click(square("e4"));
  await page.waitForFunction(() => document.querySelectorAll("#history li").length === 2);
  await yourMove(page);
  let played = await history(page);
  check(played[0]?.move === "e4" && played[0]?.number === "1.",
    `1. e4 played by clicking e2 then e4 (${played.map((m) => `${m.number} ${m.move}`).join(" ")})`);
  check((await pieceOn(page, "e4")) === "P" && (await pieceOn(page, "e2")) === null, "the pawn stands on e4");
  const reply = played[1];
  check(!!reply && reply.number === "1…", `the engine replies as Black: 1… ${reply?.move}`);
  const last = await page.$$eval("svg.chess-board .marks rect.last", (rs) => rs.map((r) => r.dataset.square));
  check(last.length === 2 && !last.includes("e2") && !last.includes("e4"),
    `the engine's move is marked on the board (${last.join("-")})`);
  check(played.every((m) => m.value !== null), `both moves have their values (${played.map((m) => m.value).join(", ")})`);

  // A knight dragged from g1 to f3 with the mouse.
  await page.waitForSelector("#analysis li");
  await mouseDrag(page, "g1", "f3");
  await page.waitForFunction(() => document.querySelectorAll("#history li").length === 4);
  await yourMove(page);
  played = await history(page);
  check(played[2]?.move === "Nf3" && (await pieceOn(page, "f3")) === "N",
    `2. Nf3 played by dragging the knight from g1 to f3 (${played.map((m) => m.move).join(" ")})`);
  check(played.length === 4 && [0, 1, 3].every((i) => played[i].value !== null),
    `the moves played listed with their values: ${played.map((m) => `${m.number} ${m.move} ${m.value}`).join(", ")}`);
  await page.waitForSelector("#analysis li");
  await page.click(square("b1"));
  await page.screenshot({ path: shot("web-chess-en.png") });
  await page.click(square("b1"));

  // The share link: a fresh browser (another student) opens the same game.
  const link = await page.getAttribute("#share-link", "href");
  const moves = played.map((m) => m.move);
  const fen = await page.getAttribute(".chess-wrap", "data-fen");
  check(link.includes(`moves=${moves.map(encodeURIComponent).join(",")}`), `the share link lists the moves: ${link}`);
  const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const fresh = await other.newPage();
  fresh.setDefaultTimeout(30000);
  fresh.on("pageerror", (error) => check(false, `no script error on the shared page: ${error.message}`));
  await fresh.goto(link);
  await fresh.waitForSelector(square("e2"));
  await fresh.waitForFunction((n) => document.querySelectorAll("#history li").length === n, moves.length);
  const reopened = (await history(fresh)).map((m) => m.move);
  check(reopened.join(" ") === moves.join(" ") && (await fresh.getAttribute(".chess-wrap", "data-fen")) === fen,
    `the share link reopens the same game (${reopened.join(" ")})`);
  // Its moves have no values yet: one button values them.
  if (name === "static") await fresh.fill("#time", "300");
  const before = await fresh.$$eval("#history li .value", (values) => values.length);
  await fresh.click("#value-history");
  await fresh.waitForSelector("#value-history", { state: "hidden" });
  const valued = (await history(fresh)).filter((m) => m.value !== null).length;
  check(before === 0 && valued >= 2, `the moves of a game opened from a link are valued on request (${before} -> ${valued} of 4)`);
  await other.close();

  // The search of the start position in the tree lab, two plies deep: minimax evaluates
  // all 20 × 20 = 400 leaves, alpha-beta (the moves as written) 162 of them.
  const start = encodeURIComponent("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  check(search.endsWith(`index.html#game=chess&position=${start}&depth=2&algorithm=alphabeta&compare=1`),
    `the depth-2 search link of the start position: ${search}`);
  const lab = await context.newPage();
  lab.setDefaultTimeout(60000);
  lab.on("pageerror", (error) => check(false, `no script error in the tree lab: ${error.message}`));
  try {
    await lab.goto(search);
    await lab.waitForSelector("#picture .node.leaf");
    const leaves = await lab.$$eval("#picture .node.leaf", (nodes) => nodes.length);
    check(leaves === 400, `the tree lab draws the start position's tree two plies deep: ${leaves} leaves`);
    await lab.waitForFunction(() => /\b162\b/.test(document.getElementById("compare").textContent));
    const compare = (await lab.textContent("#compare")).trim();
    check(/\b162\b/.test(compare) && /\b400\b/.test(compare),
      `the tree lab counts the leaves side by side, alpha-beta 162 of minimax's 400 (${compare})`);
  } catch (error) {
    check(false, `the tree lab opens the depth-2 search (${error.message.split("\n")[0]})`);
  }
  await lab.close();

  // Flip: Black at the bottom, a1 in the top right corner.
  await page.click("#flip");
  const a1 = await page.$eval(square("a1"), (r) => [r.getAttribute("x"), r.getAttribute("y")].join(","));
  check(a1 === "700,0", `flipped, a1 is the top right square (${a1})`);
  await page.click("#flip");

  // The position field: a wrong position is said, a right one is set.
  await page.fill("#position", "not a position");
  await page.click("#set-position");
  await page.waitForFunction(() => document.getElementById("error").textContent.trim() !== "");
  const error = (await page.textContent("#error")).trim();
  check(error !== "" && (await history(page)).length === 4, `a wrong position is refused, the game kept: ${error}`);

  // Promotion: a pawn on a7, both sides played here.
  await page.selectOption("#side", "both");
  await page.fill("#position", PROMOTION);
  await page.click("#set-position");
  await page.waitForFunction((fen) => document.querySelector(".chess-wrap")?.getAttribute("data-fen") === fen, PROMOTION);
  check(new URL(page.url()).hash.includes(`position=${encodeURIComponent(PROMOTION)}`), "the address holds the position set");
  await page.click(square("a7"));
  await page.click(square("a8"));
  await page.waitForSelector("#promotion:not([hidden]) button.choice");
  const choices = await page.$$eval("#promotion button.choice", (bs) => bs.map((b) => b.dataset.promotion));
  check(choices.join("") === "qrbn", `the promotion asks for a queen, rook, bishop or knight (${choices.join(" ")})`);
  await page.screenshot({ path: shot("web-chess-promotion-en.png") });
  await page.click('#promotion button.choice[data-promotion="n"]');
  await page.waitForFunction(() => document.querySelectorAll("#history li").length === 1);
  const promoted = await history(page);
  check((await pieceOn(page, "a8")) === "N" && /^a8=?N/.test(promoted[0]?.move ?? ""),
    `the pawn became a knight on a8 (${promoted[0]?.move})`);
  await context.close();

  // A phone, 390 px wide: two taps play a move, a finger drags a piece; the page fits.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
  });
  const small = await phone.newPage();
  small.setDefaultTimeout(30000);
  small.on("pageerror", (error) => check(false, `no script error on the phone: ${error.message}`));
  await small.goto(`${play}#game=chess&side=both`);
  await small.waitForSelector(square("e2"));
  await yourMove(small);
  const size = await small.locator("svg.chess-board").boundingBox();
  check(size.width >= 340 && size.width <= 390, `390 px: the board is as wide as the screen (${Math.round(size.width)} px)`);
  await small.tap(square("d2"));
  await small.tap(square("d4"));
  await small.waitForFunction(() => document.querySelectorAll("#history li").length === 1);
  check((await pieceOn(small, "d4")) === "P", "390 px: d4 played by two taps");
  await touchDrag(small, "g8", "f6");
  await small.waitForFunction(() => document.querySelectorAll("#history li").length === 2);
  check((await pieceOn(small, "f6")) === "n", "390 px: 1… Nf6 played by dragging with a finger");
  check(!(await overflows(small)), "390 px: the play page fits the width");
  await small.tap(square("c2"));
  await small.screenshot({ path: shot("web-chess-en-phone.png") });
  await phone.close();
}

await runTargets(executable, targets, suite);
