// What a class does with the lab, in a real browser: a tree typed over a lesson is the
// reader's own (no lesson's words, menu entry, link or print), a refusal leaves no old
// answer on screen, a walk through the search from the first mistake and Back find the
// student's answers and verdict again, and on a phone the exercise comes first, whole,
// with targets a finger hits, and a leaf edited stays in view.
//   node classroom.mjs SCREENSHOT_DIR CHROMIUM TARGET...
// (TARGET: `server=URL` or `static=FOLDER`, as harness.mjs reads them.)
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checker, runTargets } from "./harness.mjs";

const [out, executable, ...targets] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

const OWN = "(r (x 1 2) (y 3 4))";
const LANGS = ["en", "sv", "zh", "el"];

/**
 * A catalog's sentence, as the pages say it.
 * @param {string} lang
 * @param {string} area
 * @param {string} id
 */
function words(lang, area, id) {
  const file = new URL(`../../../api/words/${lang}/${area}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, "utf8"))[id];
}

/** Waits for the tree lab's picture of a tree of `count` nodes and its summary. */
async function labShows(page, count) {
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll("#picture svg g.node").length === n &&
      document.getElementById("summary").textContent !== "",
    count,
  );
}

/** The tree lab's share link, as its button writes it. */
async function shareLink(page) {
  await page.click("#share");
  return page.inputValue("#share-link");
}

/** Whether the page is wider than its window. */
async function overflows(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/** Item 1: a tree typed over the classic lesson (in Swedish) is no longer the lesson. */
async function lessonLeaves(context, check, base) {
  const page = await context.newPage();
  await page.goto(`${base}index.html?lang=sv`);
  await labShows(page, 13);
  const lessonWords = words("sv", "lessons", "lesson.classic.text");
  check(
    (await page.isVisible("#lesson")) && (await page.textContent("#lesson")) === lessonWords &&
      (await page.inputValue("#example")) === "classic",
    "lesson (sv): the classic lesson opens with its words and its menu entry",
  );
  // The lesson's own tree written another way is still the lesson.
  await page.fill("#tree-text", "(a (b 3 12 8)\n   (c 2 4 6)  (d 14 5 2) )");
  await page.waitForTimeout(600);
  await labShows(page, 13);
  check(
    (await page.isVisible("#lesson")) && (await page.inputValue("#example")) === "classic",
    "lesson (sv): the lesson's tree spaced otherwise keeps the lesson",
  );

  await page.fill("#tree-text", OWN);
  await labShows(page, 7);
  const own = words("sv", "tree", "tree.example.own");
  const menu = await page.$eval("#example", (select) => select.selectedOptions[0]?.textContent ?? "");
  check(!(await page.isVisible("#lesson")), "lesson (sv): a typed tree takes the lesson's words away");
  check(
    (await page.inputValue("#example")) === "" && menu === own,
    `lesson (sv): the menu says the tree is the reader's own ("${menu}")`,
  );
  const link = await shareLink(page);
  const params = new URLSearchParams(new URL(link).hash.slice(1));
  check(
    !params.has("lesson") && params.get("tree") === OWN,
    `lesson (sv): the share link carries the typed tree and no lesson (${new URL(link).hash})`,
  );
  check(!new URLSearchParams(new URL(page.url()).hash.slice(1)).has("lesson"),
    "lesson (sv): the page's own address names no lesson");
  await page.emulateMedia({ media: "print" });
  const printed = await page.evaluate(() => {
    const lesson = document.getElementById("lesson");
    return getComputedStyle(lesson).display !== "none" && lesson.textContent !== "";
  });
  await page.screenshot({ path: join(out, "lab-own-tree-print-sv.png"), fullPage: true });
  await page.emulateMedia({ media: "screen" });
  check(!printed, "lesson (sv): the printed page has no lesson paragraph over the typed tree");

  // A leaf edited in the picture makes the tree the reader's own too.
  await page.selectOption("#example", "classic");
  await labShows(page, 13);
  check(
    (await page.isVisible("#lesson")) && (await page.textContent("#lesson")) === lessonWords &&
      new URLSearchParams(new URL(await shareLink(page)).hash.slice(1)).get("lesson") === "classic",
    "lesson (sv): choosing the lesson again brings its words and its link back",
  );
  await page.click('#picture g.node[data-path="0.0"]');
  await page.fill("#leaf-value", "9");
  await page.click("#set-value");
  await page.waitForFunction(() =>
    document.querySelector('#picture g.node[data-path="0.0"] > text.value')?.textContent === "9");
  check(
    !(await page.isVisible("#lesson")) && (await page.inputValue("#example")) === "" &&
      !new URLSearchParams(new URL(await shareLink(page)).hash.slice(1)).has("lesson"),
    "lesson (sv): a leaf edited in the picture leaves the lesson too",
  );

  // A link that names the lesson over another tree (as the share link was written)
  // opens the tree without the lesson's words.
  await page.goto(`${base}index.html?lang=sv#lesson=classic&tree=${encodeURIComponent(OWN)}`);
  await labShows(page, 7);
  check(
    !(await page.isVisible("#lesson")) && (await page.inputValue("#example")) === "",
    "lesson (sv): a link naming the lesson over another tree opens without the lesson",
  );
  await page.close();
}

/**
 * Item 3: a refusal takes the last tree's picture, summary and counts away (zh: a tree
 * that does not read; el: a search that cannot take the tree).
 */
async function refusalsClear(context, check, base) {
  const page = await context.newPage();
  await page.goto(`${base}index.html?lang=zh`);
  await labShows(page, 13);
  await page.fill("#tree-text", "(a (b 3 12 8) (c 2");
  await page.waitForFunction(() => document.getElementById("error").textContent !== "");
  const left = await page.evaluate(() => ({
    summary: document.getElementById("summary").textContent,
    picture: document.querySelectorAll("#picture svg").length,
    compare: document.getElementById("compare").textContent,
    cuts: document.querySelectorAll("#cuts li").length,
    step: document.getElementById("step-info").textContent,
  }));
  check(
    left.summary === "" && left.picture === 0 && left.compare === "" && left.cuts === 0 && left.step === "",
    `refusal (zh): a tree that does not read leaves no picture, summary or counts (${JSON.stringify(left)})`,
  );
  await page.fill("#tree-text", OWN);
  await labShows(page, 7);
  check((await page.textContent("#error")) === "", "refusal (zh): the next tree is drawn again, with no error");
  await page.close();

  const el = await context.newPage();
  await el.goto(`${base}index.html?lang=el`);
  await labShows(el, 13);
  await el.selectOption("#example", "dice");
  await el.waitForFunction(() => document.querySelectorAll("#picture svg g.node.chance").length > 0);
  await el.waitForFunction(() => document.getElementById("summary").textContent !== "");
  await el.check('input[name="algorithm"][value="minimax"]');
  const refused = words("el", "tree", "tree.chance.refused.minimax")
    .replace("{algorithm}", words("el", "tree", "tree.algorithm.name.minimax"));
  await el.waitForFunction(() => document.getElementById("error").textContent !== "");
  const after = await el.evaluate(() => ({
    error: document.getElementById("error").textContent,
    summary: document.getElementById("summary").textContent,
    picture: document.querySelectorAll("#picture svg").length,
  }));
  check(
    after.error === refused && after.summary === "" && after.picture === 0,
    `refusal (el): minimax refused on a chance tree leaves no picture or summary (${after.error})`,
  );
  await el.close();
}

/**
 * Item 3 on the practice page (zh, `ply serve` only: its requests go over HTTP, where a
 * refusal can be made to come): an exercise refused takes the last one's tree and
 * fields away.
 */
async function practiceRefusalClears(context, check, base) {
  const page = await context.newPage();
  await page.goto(`${base}practice.html?lang=zh#kind=values&level=1&seed=7`);
  await page.waitForSelector(".value-box input");
  await page.route(/\/api\/practice$/, (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ error: "bad_request", message: "no such exercise" }),
    }));
  await page.click("#new");
  await page.waitForFunction(() => document.getElementById("error").textContent !== "");
  const left = await page.evaluate(() => ({
    picture: document.querySelectorAll("#picture svg").length,
    fields: document.querySelectorAll("#answer-fields input").length,
    question: document.getElementById("question").textContent,
  }));
  check(left.picture === 0 && left.fields === 0 && left.question === "",
    `refusal (zh): a refused exercise leaves no tree or fields of the last one (${JSON.stringify(left)})`);
  await page.close();
}

/**
 * Item 2: the student's answers and verdict survive a walk through the search in the
 * tree lab and Back (el: values; en: pruned leaves).
 */
async function workKept(context, check, base) {
  const page = await context.newPage();
  const practice = `${base}practice.html?lang=el#kind=values&level=1&seed=7`;
  await page.goto(practice);
  await page.waitForSelector(".value-box input");
  const names = await page.$$eval(".value-box input", (inputs) => inputs.map((input) => input.dataset.node));
  for (const node of names) await page.fill(`.value-box input[data-node="${node}"]`, "99");
  await page.click("#check");
  await page.waitForFunction(() => document.getElementById("verdict").textContent !== "");
  await page.waitForSelector("#walk:not([hidden])");
  const before = await page.evaluate(() => ({
    verdict: document.getElementById("verdict").textContent,
    marks: document.querySelectorAll("#marks li").length,
  }));
  await page.click("#walk");
  await page.waitForURL(/index\.html/);
  await page.waitForSelector("#picture svg g.node");
  await page.goBack();
  await page.waitForSelector(".value-box input");
  // (Without the work kept, no verdict comes: the checks below say so.)
  await page.waitForFunction(() => document.getElementById("verdict").textContent !== "", null, { timeout: 3000 })
    .catch(() => {});
  const back = await page.evaluate(() => ({
    values: [...document.querySelectorAll(".value-box input")].map((input) => input.value),
    verdict: document.getElementById("verdict").textContent,
    marks: document.querySelectorAll("#marks li").length,
    walk: !document.getElementById("walk").hidden,
  }));
  check(
    back.values.length === names.length && back.values.every((value) => value === "99"),
    `work kept (el): Back from the walk-through finds the answers (${back.values.join(" ")})`,
  );
  check(
    back.verdict === before.verdict && back.marks === before.marks && back.marks > 0 && back.walk,
    `work kept (el): and the verdict, its ${before.marks} marks and the walk-through link (${back.verdict})`,
  );
  // Start again forgets the work: Back then finds an empty exercise.
  await page.click("#clear");
  await page.reload();
  await page.waitForSelector(".value-box input");
  const cleared = await page.$$eval(".value-box input", (inputs) => inputs.every((input) => input.value === ""));
  check(cleared && (await page.textContent("#verdict")) === "", "work kept (el): Start again forgets it");
  await page.close();

  const en = await context.newPage();
  await en.goto(`${base}practice.html?lang=en#kind=pruned&level=2&seed=42`);
  await en.waitForSelector(".leaf-box input");
  const leaves = await en.$$eval(".leaf-box input", (inputs) => inputs.map((input) => input.dataset.node));
  const ticked = [leaves[0], leaves[1]];
  for (const leaf of ticked) await en.check(`.leaf-box input[data-node="${leaf}"]`);
  await en.click("#check");
  await en.waitForFunction(() => document.getElementById("verdict").textContent !== "");
  const verdict = await en.textContent("#verdict");
  const walk = !(await en.$eval("#walk", (a) => a.hidden));
  if (walk) {
    await en.click("#walk");
    await en.waitForURL(/index\.html/);
    await en.waitForSelector("#picture svg g.node");
  } else {
    await en.goto(`${base}index.html?lang=en`);
    await en.waitForSelector("#picture svg g.node");
  }
  await en.goBack();
  await en.waitForSelector(".leaf-box input");
  await en.waitForFunction(() => document.getElementById("verdict").textContent !== "", null, { timeout: 3000 })
    .catch(() => {});
  const kept = await en.$$eval(".leaf-box input:checked", (inputs) => inputs.map((input) => input.dataset.node));
  check(
    kept.join(" ") === ticked.join(" ") && (await en.textContent("#verdict")) === verdict,
    `work kept (en): Back finds the leaves ticked (${kept.join(" ")}) and the verdict`,
  );
  await en.close();
}

/** Item 8: the practice page and the tree lab on a phone (390 px, touch). */
async function phone(browser, check, base, name) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  page.on("pageerror", (error) => check(false, `phone: no script error on the page: ${error.message}`));

  await page.goto(`${base}practice.html?lang=en#kind=pruned&level=2&seed=42`);
  await page.waitForSelector("#picture svg g.node.leaf");
  await page.tap(".fold-toggle");
  await page.waitForSelector("#new", { state: "visible" });
  const seedBefore = new URL(page.url()).hash;
  await page.tap("#new");
  await page.waitForFunction((hash) => location.hash !== hash, seedBefore);
  await page.waitForSelector("#picture svg g.node.leaf");
  await page.waitForTimeout(200);
  const first = await page.evaluate(() => ({
    folded: document.querySelector("section.controls").classList.contains("folded"),
    question: document.getElementById("question").getBoundingClientRect().top,
    height: window.innerHeight,
  }));
  check(first.folded && first.question >= 0 && first.question < first.height / 2,
    `phone: after New exercise the settings fold away and the question is on the first screen (${first.question})`);

  // The picture opens whole, fitted to the width, its values readable.
  await page.goto(`${base}practice.html?lang=en#kind=pruned&level=2&seed=42`);
  await page.waitForSelector("#picture svg g.node.leaf");
  const fit = await page.evaluate(() => {
    const box = document.getElementById("picture");
    const svg = box.querySelector("svg").getBoundingClientRect();
    const value = box.querySelector("g.node.leaf > text.value").getBoundingClientRect();
    return { svg: svg.width, box: box.clientWidth, value: value.height, scroll: box.scrollWidth - box.clientWidth };
  });
  check(fit.svg <= fit.box && fit.scroll <= 1,
    `phone: the exercise's picture opens fitted to the width (${Math.round(fit.svg)} of ${fit.box} px)`);
  await page.screenshot({ path: join(out, `phone-practice-fitted-en-${name}.png`) });
  check(fit.value >= 10, `phone: its leaf values are drawn readable (${fit.value.toFixed(1)} px high)`);

  // Each leaf's target is 44 px square: a tap 20 px beside its drawn box chooses it.
  const leaves = await page.$$eval("#picture g.node.leaf", (groups) =>
    groups.map((group) => {
      const box = group.querySelector(":scope > .node").getBoundingClientRect();
      return { name: group.dataset.node, x: box.left + box.width / 2, y: box.top + box.height / 2, w: box.width, h: box.height };
    }));
  const leftmost = leaves.reduce((a, b) => (b.x < a.x ? b : a));
  check(leftmost.w < 44 && leftmost.h < 44, `phone: a leaf is drawn smaller than a finger (${leftmost.w.toFixed(0)}×${leftmost.h.toFixed(0)} px)`);
  await page.touchscreen.tap(leftmost.x - 20, leftmost.y);
  const beside = await page.isChecked(`.leaf-box input[data-node="${leftmost.name}"]`);
  check(beside, `phone: a tap 20 px left of leaf ${leftmost.name} ticks it`);
  const other = leaves.find((leaf) => leaf.name !== leftmost.name);
  await page.touchscreen.tap(other.x, other.y + 20);
  const below = await page.isChecked(`.leaf-box input[data-node="${other.name}"]`);
  check(below, `phone: a tap 20 px below leaf ${other.name} ticks it`);
  check(!(await overflows(page)), "phone: the practice page is no wider than the window");

  // The tree lab: a leaf low on the screen, tapped and edited, stays in view.
  await page.goto(`${base}index.html?lang=en`);
  await labShows(page, 13);
  // (The counts under the summary come after it: the page has its height once they have.)
  await page.waitForFunction(() => document.getElementById("compare").textContent !== "");
  const path = "2.0";
  const leaf = `#picture g.node[data-path="${path}"]`;
  await page.evaluate((selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    window.scrollBy(0, box.bottom - (window.innerHeight - 40));
  }, leaf);
  const at = await page.$eval(leaf, (group) => group.getBoundingClientRect());
  await page.touchscreen.tap(at.left + at.width / 2, at.top + at.height / 2);
  await page.waitForSelector("#editor:not([hidden]) #leaf-value").catch(async (error) => {
    await page.screenshot({ path: join(out, `phone-lab-no-editor-${name}.png`) });
    throw error;
  });
  await page.waitForTimeout(100);
  const open = await page.evaluate((selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    const editor = document.getElementById("editor").getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, editor: editor.top, height: window.innerHeight, editorBottom: editor.bottom };
  }, leaf);
  check(open.top >= 0 && open.bottom <= Math.min(open.height, open.editor) && open.editorBottom <= open.height,
    `phone: the tapped leaf stays in view, clear of the editor (${Math.round(open.top)}–${Math.round(open.bottom)}, editor at ${Math.round(open.editor)})`);
  await page.screenshot({ path: join(out, `phone-lab-editor-en-${name}.png`) });
  await page.fill("#leaf-value", "7");
  await page.tap("#set-value");
  await page.waitForFunction((selector) =>
    document.querySelector(`${selector} > text.value`)?.textContent === "7", leaf);
  await page.waitForTimeout(100);
  const edited = await page.$eval(leaf, (group) => {
    const box = group.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, height: window.innerHeight };
  });
  check(edited.top >= 0 && edited.bottom <= edited.height,
    `phone: after the edit the leaf is still in view (${Math.round(edited.top)}–${Math.round(edited.bottom)})`);
  check(!(await overflows(page)), "phone: the tree lab is no wider than the window");
  await context.close();
}

/** Screenshots of the pages changed, in every language, at 390 and 1280 px. */
async function screenshots(browser, check, base) {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      ...(width < 720 ? { isMobile: true, hasTouch: true } : {}),
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20000);
    const wide = [];
    for (const lang of LANGS) {
      await page.goto(`${base}index.html?lang=${lang}`);
      await labShows(page, 13);
      // (On a phone the settings, the text with them, start folded.)
      if (width < 720) await page.click(".fold-toggle");
      await page.fill("#tree-text", OWN);
      await labShows(page, 7);
      await page.screenshot({ path: join(out, `lab-own-${lang}-${width}.png`), fullPage: true });
      if (await overflows(page)) wide.push(`lab ${lang}`);
      await page.goto(`${base}practice.html?lang=${lang}#kind=values&level=2&seed=11`);
      await page.waitForSelector(".value-box input");
      await page.fill(".value-box input >> nth=0", "99");
      await page.click("#check");
      await page.waitForFunction(() => document.getElementById("verdict").textContent !== "");
      await page.screenshot({ path: join(out, `practice-${lang}-${width}.png`), fullPage: true });
      if (await overflows(page)) wide.push(`practice ${lang}`);
    }
    check(wide.length === 0, `screenshots at ${width} px: no page wider than its window (${wide.join(", ")})`);
    await context.close();
  }
}

await runTargets(executable, targets, async (browser, name, base) => {
  const check = checker(name);
  check(true, "the script runs");
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(20000);
  context.on("page", (page) =>
    page.on("pageerror", (error) => check(false, `no script error on the page: ${error.message}`)));
  await lessonLeaves(context, check, base);
  await refusalsClear(context, check, base);
  if (name === "server") await practiceRefusalClears(context, check, base);
  await workKept(context, check, base);
  await context.close();
  await phone(browser, check, base, name);
  if (name === "static") await screenshots(browser, check, base);
});
