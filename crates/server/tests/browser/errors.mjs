// Every refusal in the page's language: the API's `message` is what the pages show. In
// Swedish, Chinese and Greek a tree with a number naming a leaf, a tree over the node
// limit, an unknown game on the play page and a practice answer ply cannot read are each
// said with none of the English words of the English message, and with its numbers and
// the student's own text; in English the page still reads as one sentence that says the
// place once. Screenshots of each, at 1280 and 390 px.
// Run as: node errors.mjs SCREENSHOT_DIR CHROMIUM TARGET...
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { checker, runTargets } from "./harness.mjs";

const [out, executable, ...targets] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

const LEAF = "(r (5=1))";
const WIDE = `(r ${"1 ".repeat(100_001)})`;
const GAME = "chekers";
const VALUES = "#kind=values&level=2&seed=20260527";
const LONG = "1".repeat(31);

/** The cases: where each is provoked, and what its message must hold. */
const CASES = ["leaf", "limit", "game", "answer"];
const HOLDS = {
  leaf: ["'5'", "1", "5"],
  limit: ["100000", "max_tree_nodes"],
  game: [`'${GAME}'`],
  answer: ["30"],
};

/** Names (games, specs, limits) that stay as they are in every language. */
const NAMES = new Set([
  "tictactoe", "connect", "chess", "race", "misere", "bash", "wythoff", "subtraction",
  "pursuit", "hidden", "cops", "graph", "chekers",
]);

/** The words of four letters or more of `text`, lowercased, leaving out the student's
 * quoted text and identifiers (`max_tree_nodes`, `--max-nodes`, game specs). */
function words(text) {
  const plain = text
    .replace(/'[^']*'/g, " ")
    .replace(/\S*[_:=[\]]\S*/g, " ")
    .replace(/--\S+/g, " ");
  return new Set(
    (plain.match(/[A-Za-z]{4,}/g) ?? []).map((w) => w.toLowerCase()).filter((w) => !NAMES.has(w)),
  );
}

/** The text of `selector` once it is not empty. */
async function shown(page, selector) {
  await page.waitForFunction((s) => (document.querySelector(s)?.textContent ?? "").trim() !== "", selector);
  return (await page.textContent(selector)).trim();
}

/** Screenshots of the page at 1280 and 390 px, and whether it fits the narrow window. */
async function shoot(page, file) {
  await page.screenshot({ path: join(out, `${file}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(50);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  await page.screenshot({ path: join(out, `${file}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  return fits;
}

/** Each case's error as a page in `lang` shows it. */
async function errorsIn(browser, base, name, lang, check) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30000);
  const said = {};
  try {
    // The tree lab: a number naming a leaf, then a tree past the node limit.
    await page.goto(`${base}?lang=${lang}`);
    await page.waitForFunction(() => document.getElementById("summary").textContent.trim() !== "");
    await page.fill("#tree-text", LEAF);
    said.leaf = await shown(page, "#error");
    check(await shoot(page, `${name}-${lang}-tree-leaf`), `${lang}: the tree lab with its error fits 390 px`);
    await page.fill("#tree-text", WIDE);
    await page.waitForFunction(() => /100000/.test(document.getElementById("error").textContent));
    said.limit = await shown(page, "#error");
    await shoot(page, `${name}-${lang}-tree-limit`);

    // The play page: a game ply does not know.
    await page.goto(new URL(`play.html?lang=${lang}#game=${GAME}`, base).href);
    said.game = await shown(page, "#error");
    check(await shoot(page, `${name}-${lang}-play-game`), `${lang}: the play page with its error fits 390 px`);

    // The practice page: a value of more digits than a number may have.
    await page.goto(new URL(`practice.html?lang=${lang}${VALUES}`, base).href);
    await page.waitForSelector("#answer-fields .value-box input[data-node]");
    const box = await page.$eval("#answer-fields .value-box input[data-node]", (input) => input.dataset.node);
    await page.fill(`.value-box input[data-node="${box}"]`, LONG);
    await page.click("#check");
    said.answer = await shown(page, "#verdict");
    check(await shoot(page, `${name}-${lang}-practice`), `${lang}: the practice page with its error fits 390 px`);
  } finally {
    await context.close();
  }
  return said;
}

await runTargets(executable, targets, async (browser, name, base) => {
  const check = checker(name);
  const english = await errorsIn(browser, base, name, "en", check);
  // English: one sentence, the place said once.
  check(
    english.leaf === "ply could not read line 1, column 5: '5' is a number, so it cannot name a leaf",
    `en: the tree's error reads as one sentence (${english.leaf})`,
  );
  check(
    english.limit === "That is more than ply does for one request: 1:200002: the tree has more than 100000 nodes (limit max_tree_nodes)",
    `en: the node limit's error (${english.limit})`,
  );
  check(english.game.startsWith(`ply cannot do that: unknown game '${GAME}' (known: tictactoe`), `en: the unknown game's error (${english.game.slice(0, 60)})`);
  check(
    english.answer.startsWith("ply cannot do that: response: values: ") &&
      english.answer.includes("has more than 30 digits"),
    `en: the practice answer's error (${english.answer})`,
  );
  for (const lang of ["sv", "zh", "el"]) {
    const said = await errorsIn(browser, base, name, lang, check);
    for (const which of CASES) {
      const left = [...words(said[which])].filter((w) => words(english[which]).has(w));
      check(left.length === 0, `${lang}: the ${which} error has no English words (${said[which]}${left.length ? ` / ${left.join(", ")}` : ""})`);
      const missing = HOLDS[which].filter((part) => !said[which].includes(part));
      check(missing.length === 0, `${lang}: the ${which} error keeps its numbers and text (${missing.join(", ") || "all"})`);
    }
  }
});
