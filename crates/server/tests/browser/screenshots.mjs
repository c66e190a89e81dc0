// The web lab's pictures in the docs, in every language, taken from the static site:
//   node screenshots.mjs SITE OUT [CHROMIUM]
// SITE is the folder `scripts/build-site SITE` writes (served here by the browser tests'
// plain static file server, under /ply/), OUT where the pictures go (docs/img), CHROMIUM
// the browser (default: `chromium` on the PATH). For each language (en, sv, zh, el):
//   web-tree-<lang>.png        the tree lab at 1280 px: the classic tree stepped to its cut
//   web-play-<lang>.png        the play page at 1280 px: tic-tac-toe, every move's value shown
//   web-tree-<lang>-phone.png  the tree lab at 390 px (a phone), the settings folded
//   web-practice-<lang>.png    the practice page at 1280 px: a values exercise checked, one
//                              value wrong and marked with its reason
//   web-practice-<lang>-phone.png  the same at 390 px
//   web-practice-expectimax-<lang>[-phone].png  an expectimax exercise (chance nodes)
//                              checked, one chance node's value wrong and marked
//   web-play-<lang>-phone.png  the play page at 390 px, every move's value shown
//   web-game-tree-<lang>[-phone].png  the tree lab's lesson on the textbook's tic-tac-toe:
//                              a game's tree two moves deep, boards in the nodes, by symmetry
//   web-chess-<lang>[-phone].png  chess on the play page after 1. e4 e5 2. Nf3
//   web-pursuit-<lang>[-phone].png  two cops and an invisible fugitive on a 6-cycle, the cops
//                              placed: where the fugitive may be, shaded
//   web-nim-<lang>[-phone].png  Nim 3, 4, 5 with its theory: the piles in binary and their xor
//   web-chance-<lang>[-phone].png  the tree lab's dice example (chance nodes), stepped to
//                              the weighted sum of its left die half built
//   web-pig-<lang>[-phone].png  Pig at 34+8-41: the die, the scores, each decision's chance
// With PLY_SCREENSHOTS=chance, only the chance pictures are taken; with
// PLY_SCREENSHOTS=expectimax, only the expectimax exercise's.
// scripts/screenshots builds the site when it is missing and runs this.
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "./static-server.mjs";

const [siteDir, out, executable = "chromium"] = process.argv.slice(2);
if (!siteDir || !out) {
  console.error("usage: node screenshots.mjs SITE OUT [CHROMIUM]");
  process.exit(2);
}
mkdirSync(out, { recursive: true });

const CLASSIC = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";
const LANGUAGES = ["en", "sv", "zh", "el"];

/**
 * The tree lab with the classic tree, stepped to its cut (step mode's words and the
 * window under the node), in a language.
 */
async function treeLab(page, base, lang, { unfold = false } = {}) {
  await page.goto(`${base}?lang=${lang}`);
  await page.waitForFunction(() => document.getElementById("summary").textContent.trim() !== "");
  if (unfold) await page.click(".fold-toggle");
  await page.fill("#tree-text", CLASSIC);
  await page.waitForTimeout(800);
  await page.waitForSelector("#picture .node.leaf.pruned");
  if (unfold) await page.click(".fold-toggle");
  await page.click("#step-start");
  // The classic tree's cut at c is its ninth step.
  for (let step = 0; step < 9; step++) await page.keyboard.press("ArrowRight");
  await page.waitForSelector('#picture .node.current[data-path="1"]');
  await page.waitForTimeout(300);
}

/**
 * The tree lab with the dice example (two chance nodes), stepped to the sixth step: the
 * left die's weighted sum with two of its three outcomes added.
 */
async function chanceLab(page, base, lang) {
  await page.goto(`${base}?lang=${lang}#lesson=dice`);
  await page.waitForSelector("#picture g.node.chance");
  await page.click("#step-start");
  for (let step = 0; step < 6; step++) await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => document.getElementById("step-info").textContent.includes("3.75"));
  await page.waitForTimeout(300);
}

const ONLY_CHANCE = process.env.PLY_SCREENSHOTS === "chance";

/** The exercise the practice pictures show: values, level 2, MAX at the root. */
const PRACTICE = "#kind=values&level=2&seed=20260527&variant=max_root";

/**
 * The practice page with its exercise answered, every value right but the root's (one
 * too many), and checked: the mark and the reason on the page.
 */
async function practice(page, base, lang) {
  await page.goto(`${new URL("practice.html", base).href}?lang=${lang}${PRACTICE}`);
  await page.waitForSelector("#picture svg.practice g.node[data-node]");
  await page.waitForSelector("#answer-fields [data-node]");
  const body = { kind: "values", seed: 20260527, level: 2, variant: "max_root" };
  const exercise = await page.evaluate(async (request) => {
    const ply = await import(new URL("ply.js", document.baseURI).href);
    const answer = await ply.answer("/api/practice", JSON.stringify(request));
    return JSON.parse(answer.body);
  }, body);
  for (const [node, value] of Object.entries(exercise.answer.values)) {
    await page.fill(`.value-box input[data-node="${node}"]`, `${node === "a" ? value + 1 : value}`);
  }
  await page.click("#check");
  await page.waitForFunction(() => document.getElementById("verdict").textContent !== "");
  await page.waitForTimeout(300);
}

const ONLY_EXPECTIMAX = process.env.PLY_SCREENSHOTS === "expectimax";

/** The expectimax exercise the pictures show: MAX over chance nodes over leaves. */
const EXPECTIMAX = { kind: "expectimax", level: 1, seed: 3, variant: "weighted" };

/**
 * The practice page with the expectimax exercise answered in fractions, every value right
 * but the first chance node's (one too many), and checked: the mark and the reason.
 */
async function expectimaxPractice(page, base, lang) {
  const { kind, level, seed, variant } = EXPECTIMAX;
  await page.goto("about:blank");
  await page.goto(
    `${new URL("practice.html", base).href}?lang=${lang}#kind=${kind}&level=${level}&seed=${seed}&variant=${variant}`,
  );
  await page.waitForSelector("#picture svg.practice g.node.chance[data-node]");
  await page.waitForSelector("#answer-fields [data-node]");
  const exercise = await page.evaluate(async (request) => {
    const ply = await import(new URL("ply.js", document.baseURI).href);
    const answer = await ply.answer("/api/practice", JSON.stringify(request));
    return JSON.parse(answer.body);
  }, { ...EXPECTIMAX, lang });
  const wrong = await page.$eval("#picture g.node.chance[data-node]", (g) => g.dataset.node);
  for (const [node, value] of Object.entries(exercise.answer.exact_values)) {
    let text = value.replace(/^-/, "\u2212");
    if (node === wrong) {
      const [top, bottom = "1"] = value.split("/").map(Number);
      text = Number(bottom) === 1 ? `${top + 1}` : `${top + Number(bottom)}/${bottom}`;
    }
    await page.fill(`.value-box input[data-node="${node}"]`, text);
  }
  await page.click("#check");
  await page.waitForFunction(() => document.getElementById("verdict").textContent !== "");
  await page.waitForTimeout(300);
}

/**
 * The expectimax exercise's pictures in a language, at 1280 and 390 px.
 * @returns {Promise<boolean>} whether the phone's page fit the screen's width
 */
async function expectimaxPictures(browser, base, lang) {
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await desktop.newPage();
  page.setDefaultTimeout(30000);
  page.on("pageerror", (error) => {
    console.error(`${lang}: a script error on the expectimax exercise: ${error.message}`);
    failed = true;
  });
  await expectimaxPractice(page, base, lang);
  await page.screenshot({ path: join(out, `web-practice-expectimax-${lang}.png`), fullPage: true });
  await desktop.close();
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
  });
  const small = await phone.newPage();
  small.setDefaultTimeout(30000);
  await expectimaxPractice(small, base, lang);
  await small.screenshot({ path: join(out, `web-practice-expectimax-${lang}-phone.png`), fullPage: true });
  const fits = await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  if (!fits) console.error(`${lang}: at 390 px the expectimax exercise is wider than the screen`);
  await phone.close();
  return fits;
}

/** The pages of the games' pictures: name, address (from the site's root), what to wait for. */
const GAME_PAGES = [
  ["web-game-tree", "index.html#lesson=tictactoe-textbook", "#picture g.node.board"],
  ["web-chess", "play.html#game=chess&moves=e4,e5,Nf3&side=both", "svg.chess-board"],
  ["web-pursuit", "play.html#game=pursuit-hidden%3Acycle%3A6%2Ccops%3D2&moves=0%2C1", "#graph-board svg"],
  ["web-nim", "play.html#game=nim%3A3%2C4%2C5", "#piles-board .counter"],
  ["web-pig", "play.html#game=pig&position=34%2B8-41", '#pig-board[data-phase="you"]'],
];

/**
 * Takes the games' pictures in a language with `page` (its viewport set), as `suffix`.
 * @returns {Promise<boolean>} whether the page fit the screen's width
 */
async function gamePages(page, base, lang, suffix) {
  let fits = true;
  for (const [name, address, ready] of GAME_PAGES) {
    const [path, hash] = address.split("#");
    // A new address that differs only in its fragment would not load the page again.
    await page.goto("about:blank");
    await page.goto(`${new URL(path, base).href}?lang=${lang}#${hash}`);
    await page.waitForSelector(ready);
    await page.waitForTimeout(800);
    // On a phone the picture is what the screenshot shows, the text above it scrolled away.
    if (suffix !== "") await page.locator(ready).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(out, `${name}-${lang}${suffix}.png`), fullPage: suffix === "" });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    if (wide) {
      console.error(`${lang}: ${name}${suffix} is wider than the screen`);
      fits = false;
    }
  }
  return fits;
}

const browser = await chromium.launch({
  executablePath: executable,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const site = await serveStatic(siteDir, { prefix: "/ply/" });
let failed = false;
try {
  for (const lang of LANGUAGES) {
    if (ONLY_EXPECTIMAX) {
      if (!(await expectimaxPictures(browser, site.url, lang))) failed = true;
      console.log(`${lang}: web-practice-expectimax (desktop and phone)`);
      continue;
    }
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await desktop.newPage();
    page.setDefaultTimeout(30000);
    page.on("pageerror", (error) => {
      console.error(`${lang}: a script error: ${error.message}`);
      failed = true;
    });
    await chanceLab(page, site.url, lang);
    await page.screenshot({ path: join(out, `web-chance-${lang}.png`), fullPage: true });
    if (ONLY_CHANCE) {
      await desktop.close();
      const phone = await browser.newContext({
        viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
      });
      const small = await phone.newPage();
      await chanceLab(small, site.url, lang);
      await small.screenshot({ path: join(out, `web-chance-${lang}-phone.png`), fullPage: true });
      await phone.close();
      console.log(`${lang}: web-chance (desktop and phone)`);
      continue;
    }
    await treeLab(page, site.url, lang);
    await page.screenshot({ path: join(out, `web-tree-${lang}.png`), fullPage: true });

    await page.goto(`${new URL("play.html", site.url).href}?lang=${lang}#game=tictactoe&moves=b2`);
    await page.waitForSelector(".board .cell:not([disabled])");
    await page.check("#show-values");
    await page.waitForSelector(".board .cell .value");
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(out, `web-play-${lang}.png`), fullPage: true });

    await practice(page, site.url, lang);
    await page.screenshot({ path: join(out, `web-practice-${lang}.png`), fullPage: true });
    await gamePages(page, site.url, lang, "");
    await desktop.close();

    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
    });
    const small = await phone.newPage();
    small.setDefaultTimeout(30000);
    await treeLab(small, site.url, lang, { unfold: true });
    await small.screenshot({ path: join(out, `web-tree-${lang}-phone.png`) });
    await chanceLab(small, site.url, lang);
    await small.screenshot({ path: join(out, `web-chance-${lang}-phone.png`), fullPage: true });
    const wide = await small.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    if (wide) {
      console.error(`${lang}: at 390 px the tree lab is wider than the screen`);
      failed = true;
    }
    await small.goto(`${new URL("play.html", site.url).href}?lang=${lang}#game=tictactoe&moves=b2`);
    await small.waitForSelector(".board .cell:not([disabled])");
    await small.click(".fold-toggle");
    await small.check("#show-values");
    await small.click(".fold-toggle");
    await small.waitForSelector(".board .cell .value");
    await small.waitForTimeout(300);
    await small.screenshot({ path: join(out, `web-play-${lang}-phone.png`), fullPage: true });

    await practice(small, site.url, lang);
    await small.screenshot({ path: join(out, `web-practice-${lang}-phone.png`), fullPage: true });
    const widePractice = await small.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth + 1,
    );
    if (widePractice) {
      console.error(`${lang}: at 390 px the practice page is wider than the screen`);
      failed = true;
    }
    if (!(await gamePages(small, site.url, lang, "-phone"))) failed = true;
    await phone.close();
    if (!(await expectimaxPictures(browser, site.url, lang))) failed = true;
    console.log(`${lang}: web-tree, web-play, web-practice, web-practice-expectimax, web-game-tree, web-chess, web-pursuit, web-nim, web-pig (desktop and phone)`);
  }
} finally {
  await site.close();
  await browser.close();
}
process.exit(failed ? 1 : 0);
