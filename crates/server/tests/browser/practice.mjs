// The practice page in a real browser (Debian's chromium, driven by playwright-core), run
// by crates/server/tests/browser.rs:
//   node practice.mjs SCREENSHOT_DIR CHROMIUM TARGET...
// where each TARGET is `server=URL` (`ply serve` at URL) or `static=FOLDER` (the site of
// `scripts/build-site FOLDER`, served here under the sub-path /ply/ with no ply process).
// For a values exercise and a pruned exercise at fixed seeds, the page is given the exact
// answer (asked of the site's own ply.js) with ONE deliberate mistake, checks it, and must
// mark exactly that node, in the picture and in the list, with the API's reason. Each line
// of the report names its target: `ok [static]: ...`. Exits 0 when every check passes.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { checker, runTargets } from "./harness.mjs";

const [out, executable, ...targets] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

/** The exercises: fixed, so that a failure can be replayed by opening the same link. */
const VALUES = { kind: "values", level: 2, seed: 20260527 };
const PRUNED = { kind: "pruned", level: 3, seed: 4242 };

/** Asks the site's own ply.js (the server's API, or the WebAssembly build) a question. */
async function ask(page, path, request) {
  return page.evaluate(async ([path, body]) => {
    const ply = await import("./ply.js");
    const answer = await ply.answer(path, body);
    return { status: answer.status, body: JSON.parse(answer.body) };
  }, [path, JSON.stringify(request)]);
}

/** Opens the practice page at an exercise's link and waits for its picture and fields. */
async function open(page, base, exercise) {
  const hash = `#kind=${exercise.kind}&level=${exercise.level}&seed=${exercise.seed}`;
  await page.goto(new URL("practice.html", base).href + hash);
  await page.waitForSelector("#picture svg.practice g.node[data-node]");
  await page.waitForSelector("#answer-fields [data-node]");
  return hash;
}

/** What the page marked after a check: the wrong nodes in the picture, the list, the fields. */
async function marked(page) {
  await page.waitForFunction(() => document.getElementById("verdict").textContent !== "");
  return page.evaluate(() => ({
    verdict: document.getElementById("verdict").textContent,
    picture: [...document.querySelectorAll("#picture g.node.wrong")].map((g) => g.dataset.node),
    ticks: document.querySelectorAll("#picture text.mark").length,
    list: [...document.querySelectorAll("#marks li")].map((li) => ({
      node: li.dataset.node,
      reason: li.querySelector(".reason")?.textContent ?? "",
    })),
    fields: [...document.querySelectorAll("#answer-fields .wrong[data-node]")].map((f) => ({
      node: f.dataset.node,
      why: f.querySelector(".why")?.textContent ?? "",
    })),
    walk: document.getElementById("walk").hidden ? null : document.getElementById("walk").getAttribute("href"),
  }));
}

/** The checks, against a site whose pages are at `base` (ending in `/`). */
async function suite(browser, name, base) {
  const check = checker(name);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  page.on("pageerror", (error) => check(false, `no script error on the page: ${error.message}`));

  // Values: every inner node right but one, which is one more than its value.
  const valuesHash = await open(page, base, VALUES);
  check(new URL(page.url()).hash === valuesHash, `the address names the exercise on screen (${valuesHash})`);
  const values = await ask(page, "/api/practice", { ...VALUES, lang: "en" });
  check(values.status === 200, `/api/practice answers (${values.status})`);
  const expected = values.body.answer.values;
  const names = Object.keys(expected);
  const boxes = await page.$$eval(".value-box input", (inputs) => inputs.map((i) => i.dataset.node));
  check(boxes.length === names.length && names.every((n) => boxes.includes(n)),
    `one box per inner node (${boxes.join(" ")})`);
  const wrong = names[names.length - 1];
  const response = {};
  for (const node of names) {
    const value = node === wrong ? expected[node] + 1 : expected[node];
    response[node] = value;
    await page.fill(`.value-box input[data-node="${node}"]`, `${value}`);
  }
  // A click on a node of the picture goes to its box.
  await page.click(`#picture g.node[data-node="${wrong}"]`);
  check(await page.evaluate((node) => document.activeElement?.dataset.node === node, wrong),
    `a click on ${wrong} in the picture goes to its box`);
  await page.click("#check");
  let seen = await marked(page);
  const api = await ask(page, "/api/practice/check", {
    ...VALUES, variant: values.body.variant, lang: "en", response: { values: response },
  });
  const reason = api.body.marks.find((m) => m.node === wrong)?.reason ?? "";
  check(api.body.marks.filter((m) => !m.ok).length === 1 && reason.length > 0,
    `the API finds one mistake, at ${wrong}: "${reason}"`);
  check(seen.picture.length === 1 && seen.picture[0] === wrong && seen.ticks === 1,
    `the picture marks exactly ${wrong} (${seen.picture.join(" ")})`);
  check(seen.list.length === 1 && seen.list[0].node === wrong && seen.list[0].reason === reason,
    `the list gives ${wrong} and its reason (${JSON.stringify(seen.list)})`);
  check(seen.fields.length === 1 && seen.fields[0].node === wrong && seen.fields[0].why === reason,
    `the box of ${wrong} is marked with its reason (${JSON.stringify(seen.fields)})`);
  const step = api.body.first_mistake?.step;
  check(seen.walk !== null && new URLSearchParams(seen.walk.split("#")[1]).get("step") === `${step}` &&
    seen.walk.startsWith("index.html#"),
    `the walk-through opens the tree lab at step ${step} (${seen.walk?.slice(0, 60)}…)`);
  // The link opens the tree lab in step mode at that step.
  const lab = await context.newPage();
  lab.on("pageerror", (error) => check(false, `no script error in the tree lab: ${error.message}`));
  await lab.goto(new URL(seen.walk, page.url()).href);
  await lab.waitForFunction(() => Number(document.getElementById("step-slider").max) > 0);
  const at = await lab.inputValue("#step-slider");
  check(at === `${step}`, `the tree lab opens at step ${step} (${at})`);
  await lab.close();
  const score = await page.evaluate(() => JSON.parse(localStorage.getItem("ply.practice.score")));
  check(score?.values?.total === 1 && score.values.right === 0, `the score keeps 0 of 1 (${JSON.stringify(score)})`);
  await page.screenshot({ path: join(out, `${name}-practice-values.png`), fullPage: true });
  // Mended, the answer is right, and the same exercise is not counted twice.
  await page.fill(`.value-box input[data-node="${wrong}"]`, `${expected[wrong]}`);
  await page.click("#check");
  seen = await marked(page);
  check(seen.picture.length === 0 && seen.list.length === 0 && /^All right/.test(seen.verdict),
    `mended, nothing is marked: ${seen.verdict}`);

  // Pruned: the leaves alpha-beta never looks at, plus one it does look at.
  await open(page, base, PRUNED);
  const pruned = await ask(page, "/api/practice", { ...PRUNED, lang: "en" });
  const leaves = await page.$$eval("#picture g.node.leaf[data-node]", (gs) => gs.map((g) => g.dataset.node));
  const never = pruned.body.answer.pruned;
  const looked = leaves.filter((leaf) => !never.includes(leaf));
  const extra = looked[looked.length - 1];
  check(never.length > 0 && extra !== undefined,
    `the exercise has leaves pruned (${never.join(" ")}) and looked at (${extra})`);
  for (const leaf of never) await page.check(`.leaf-box input[data-node="${leaf}"]`);
  // The mistake ticked in the picture: a click on the leaf.
  await page.click(`#picture g.node[data-node="${extra}"]`);
  check(await page.isChecked(`.leaf-box input[data-node="${extra}"]`), `a click on ${extra} in the picture ticks its box`);
  await page.click("#check");
  seen = await marked(page);
  const prunedCheck = await ask(page, "/api/practice/check", {
    ...PRUNED, variant: pruned.body.variant, lang: "en",
    response: { pruned: leaves.filter((leaf) => never.includes(leaf) || leaf === extra) },
  });
  const prunedReason = prunedCheck.body.marks.find((m) => m.node === extra)?.reason ?? "";
  check(prunedCheck.body.marks.filter((m) => !m.ok).length === 1 && prunedReason.length > 0,
    `the API finds one mistake, at ${extra}: "${prunedReason}"`);
  check(seen.picture.length === 1 && seen.picture[0] === extra,
    `the picture marks exactly ${extra} (${seen.picture.join(" ")})`);
  check(seen.list.length === 1 && seen.list[0].node === extra && seen.list[0].reason === prunedReason,
    `the list gives ${extra} and its reason (${JSON.stringify(seen.list)})`);
  check(seen.fields.length === 1 && seen.fields[0].node === extra && seen.fields[0].why === prunedReason,
    `the box of ${extra} is marked with its reason`);
  await page.screenshot({ path: join(out, `${name}-practice-pruned.png`), fullPage: true });

  // The worksheet and the key: the tree with its inner values blank, then filled in.
  await page.goto(new URL("practice.html", base).href + valuesHash + "&print=worksheet");
  await page.waitForSelector("#picture svg.practice g.node[data-node]");
  const blank = await page.$$eval("#picture g.node:not(.leaf) text.value", (ts) => ts.map((t) => t.textContent));
  check(blank.length === names.length && blank.every((text) => text === ""), "the worksheet leaves every inner value blank");
  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ format: "A4" });
  const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) || []).length;
  check(pages === 1, `the worksheet prints on one A4 page (${pages})`);
  await page.emulateMedia({ media: "screen" });
  await page.goto(new URL("practice.html", base).href + valuesHash + "&print=key");
  await page.waitForSelector("#picture svg.practice g.node[data-node]");
  const filled = await page.$$eval("#picture g.node:not(.leaf)", (gs) =>
    Object.fromEntries(gs.map((g) => [g.dataset.node, g.querySelector("text.value").textContent])));
  check(names.every((node) => filled[node] === `${expected[node]}`), `the key fills in every value (${JSON.stringify(filled)})`);
  await context.close();

  // A phone: the page fits 390 px, and the boxes are big enough to tap.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
  });
  const small = await phone.newPage();
  small.setDefaultTimeout(20000);
  small.on("pageerror", (error) => check(false, `no script error on the phone: ${error.message}`));
  await open(small, base, VALUES);
  const fits = await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  const height = await small.$eval(".value-box input", (input) => input.getBoundingClientRect().height);
  check(fits && height >= 44, `390 px: the page fits the width, boxes ${height} px high`);
  await small.screenshot({ path: join(out, `${name}-practice-390.png`), fullPage: true });
  await phone.close();
}

await runTargets(executable, targets, suite);
