// The practice page in a real browser (Debian's chromium, driven by playwright-core), run
// by crates/server/tests/browser.rs:
//   node practice.mjs SCREENSHOT_DIR CHROMIUM TARGET...
// where each TARGET is `server=URL` (`ply serve` at URL) or `static=FOLDER` (the site of
// `scripts/build-site FOLDER`, served here under the sub-path /ply/ with no ply process).
// For a values exercise, a pruned exercise and an expectimax exercise (chance nodes) at
// fixed seeds, the page is given the exact answer (asked of the site's own ply.js) with
// ONE deliberate mistake, checks it, and must mark exactly that node, in the picture and
// in the list, with the API's reason. Each line of the report names its target:
// `ok [static]: ...`. Exits 0 when every check passes.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { checker, runTargets } from "./harness.mjs";

const [out, executable, ...targets] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

/** The exercises: fixed, so that a failure can be replayed by opening the same link. */
const VALUES = { kind: "values", level: 2, seed: 20260527 };
const PRUNED = { kind: "pruned", level: 3, seed: 4242 };
const EXPECTIMAX = { kind: "expectimax", level: 1, seed: 3, variant: "weighted" };

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
  const variant = exercise.variant ? `&variant=${exercise.variant}` : "";
  const hash = `#kind=${exercise.kind}&level=${exercise.level}&seed=${exercise.seed}${variant}`;
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

/**
 * A value one more than `exact` (`7/6` → `13/6`, `4` → `5`), written as a fraction.
 * @param {string} exact
 */
function oneMore(exact) {
  const [top, bottom = "1"] = exact.split("/").map(Number);
  const sum = top + Number(bottom);
  return Number(bottom) === 1 ? `${sum}` : `${sum}/${bottom}`;
}

/** A value as a student may type it: a negative one with the typographic minus. */
function typed(exact) {
  return exact.replace(/^-/, "\u2212");
}

/**
 * The expectimax exercise: chance nodes drawn as circles with each outcome's probability,
 * the answers hidden; one chance node's value wrong (as a fraction), marked with the API's
 * reason; the lab opened at the step of the mistake; then every value right, as
 * fractions, and one as its decimal; the key and the worksheet.
 */
async function expectimax(context, page, check, name, base, out) {
  const hash = await open(page, base, EXPECTIMAX);
  check(new URL(page.url()).hash === hash, `expectimax: the address names the exercise (${hash})`);
  const asked = await ask(page, "/api/practice", { ...EXPECTIMAX, lang: "en" });
  check(asked.status === 200 && asked.body.kind === "expectimax",
    `expectimax: /api/practice answers (${asked.status})`);
  const exercise = asked.body;
  const exact = exercise.answer.exact_values;
  const decimal = exercise.answer.decimal_values;
  const names = Object.keys(exact);
  const chance = [...exercise.tree.matchAll(/^\s*(\S+)\s*\[chance\]/gm)].map((m) => m[1]);
  const probabilities = [...exercise.tree.matchAll(/\[(\d+\/\d+|[\d.]+)\]/g)].map((m) => m[1]);
  check(exercise.lab.algorithm === "expectiminimax" && chance.length >= 2,
    `expectimax: the exercise's tree has chance nodes (${chance.join(" ")}), searched by ${exercise.lab.algorithm}`);
  const circles = await page.$$eval("#picture g.node.chance > circle.node", (nodes) =>
    nodes.map((node) => node.closest("g.node").dataset.node));
  check(circles.length === chance.length && chance.every((node) => circles.includes(node)),
    `expectimax: each chance node is a circle (${circles.join(" ")})`);
  const drawn = await page.$$eval("#picture text.probability", (texts) => texts.map((text) => text.textContent));
  check(drawn.length === probabilities.length && drawn.join(" ") === probabilities.join(" "),
    `expectimax: each outcome's probability is drawn over it (${drawn.join(" ")})`);
  const hidden = await page.$$eval("#picture g.node:not(.leaf) > text.value", (texts) =>
    texts.map((text) => [text.textContent, text.dataset.full ?? null]));
  check(hidden.length === names.length && hidden.every(([text, full]) => text === "?" && full === null),
    `expectimax: every inner value is hidden until checked (${hidden.map(([text]) => text).join(" ")})`);
  const boxes = await page.$$eval(".value-box input", (inputs) => inputs.map((i) => i.dataset.node));
  check(boxes.length === names.length && names.every((n) => boxes.includes(n)),
    `expectimax: one box per inner node, chance nodes included (${boxes.join(" ")})`);
  const labels = await page.$$eval(".value-box label", (ls) => ls.map((l) => l.textContent));
  check(chance.every((node) => labels.includes(`${node} (chance)`)),
    `expectimax: the boxes name the chance nodes (${labels.join(", ")})`);

  // One chance node's value wrong: one more than it is, as a fraction.
  const wrong = chance[0];
  const response = {};
  for (const node of names) {
    const value = node === wrong ? oneMore(exact[node]) : typed(exact[node]);
    response[node] = value.replace("\u2212", "-");
    await page.fill(`.value-box input[data-node="${node}"]`, value);
  }
  const shown = await page.textContent(`#picture g.node[data-node="${wrong}"] > text.value`);
  check(shown === oneMore(exact[wrong]), `expectimax: the picture shows what is typed for ${wrong} (${shown})`);
  await page.click("#check");
  const seen = await marked(page);
  const api = await ask(page, "/api/practice/check", {
    ...EXPECTIMAX, variant: exercise.variant, lang: "en", response: { values: response },
  });
  const reason = api.body.marks?.find((m) => m.node === wrong)?.reason ?? "";
  check(api.status === 200 && api.body.marks.filter((m) => !m.ok).length === 1 && reason.includes(exact[wrong]),
    `expectimax: the API finds one mistake, at ${wrong}: "${reason}"`);
  check(seen.picture.length === 1 && seen.picture[0] === wrong && seen.ticks === 1,
    `expectimax: the picture marks exactly ${wrong} (${seen.picture.join(" ")})`);
  check(seen.list.length === 1 && seen.list[0].node === wrong && seen.list[0].reason === reason,
    `expectimax: the list gives ${wrong} and its reason (${JSON.stringify(seen.list)})`);
  check(seen.fields.length === 1 && seen.fields[0].node === wrong && seen.fields[0].why === reason,
    `expectimax: the box of ${wrong} is marked with its reason`);
  const step = api.body.first_mistake?.step;
  const link = seen.walk === null ? null : new URLSearchParams(seen.walk.split("#")[1]);
  check(link !== null && link.get("algorithm") === "expectiminimax" && link.get("step") === `${step}`,
    `expectimax: the walk-through opens the chance search at step ${step}`);
  if (link !== null) {
    const lab = await context.newPage();
    lab.on("pageerror", (error) => check(false, `no script error in the tree lab: ${error.message}`));
    await lab.goto(new URL(seen.walk, page.url()).href);
    await lab.waitForFunction(() => Number(document.getElementById("step-slider").max) > 0);
    const at = await lab.inputValue("#step-slider");
    const labCircles = await lab.$$eval("#picture g.node.chance > circle", (nodes) => nodes.length);
    check(at === `${step}` && labCircles === chance.length,
      `expectimax: the tree lab opens the chance tree at step ${step} (${at}, ${labCircles} circles)`);
    await lab.close();
  }
  const score = await page.evaluate(() => JSON.parse(localStorage.getItem("ply.practice.score")));
  check(score?.expectimax?.total === 1 && score.expectimax.right === 0,
    `expectimax: the score keeps 0 of 1 for the kind (${JSON.stringify(score)})`);
  await page.screenshot({ path: join(out, `${name}-practice-expectimax.png`), fullPage: true });

  // Every value right, as fractions: all right.
  await page.fill(`.value-box input[data-node="${wrong}"]`, typed(exact[wrong]));
  await page.click("#check");
  let mended = await marked(page);
  check(mended.picture.length === 0 && mended.list.length === 0 && /^All right/.test(mended.verdict),
    `expectimax: every value right as a fraction, all right: ${mended.verdict}`);
  // The root's value as its decimal, rounded to 2 places, is right too.
  const root = await page.$eval('#picture g.node[data-path=""]', (g) => g.dataset.node);
  await page.fill(`.value-box input[data-node="${root}"]`, decimal[root]);
  await page.click("#check");
  mended = await marked(page);
  check(/^All right/.test(mended.verdict), `expectimax: the root as ${decimal[root]} is right too: ${mended.verdict}`);
  // Something that is no value is said so, and not sent.
  await page.fill(`.value-box input[data-node="${wrong}"]`, "7/0");
  await page.click("#check");
  const invalid = await page.textContent("#verdict");
  check(invalid.includes(`Not a value: ${wrong}`), `expectimax: 7/0 is not a value: ${invalid}`);

  // The key: every inner value filled in, exactly, in the picture and in words.
  await page.goto(new URL("practice.html", base).href + hash + "&print=key");
  await page.waitForSelector("#picture svg.practice g.node[data-node]");
  await page.waitForSelector("#key-answer p");
  const filled = await page.$$eval("#picture g.node:not(.leaf)", (gs) =>
    Object.fromEntries(gs.map((g) => [g.dataset.node, g.querySelector("text.value").textContent])));
  check(names.every((node) => filled[node] === exact[node]),
    `expectimax: the key fills in every exact value (${JSON.stringify(filled)})`);
  const key = await page.$$eval("#key-answer p", (ps) => ps.map((p) => p.textContent));
  // `≈` where the decimal is rounded (7/6 ≈ 1.17), `=` where it is the value (5/4 = 1.25).
  const [top, bottom = "1"] = exact[wrong].split("/").map(Number);
  const relation = Math.abs(top / bottom - Number(decimal[wrong])) < 1e-9 ? "=" : "≈";
  check(key.includes(`${wrong} (chance) = ${exact[wrong]} ${relation} ${decimal[wrong]}`),
    `expectimax: the key writes ${wrong}'s fraction and its decimal (${key.join("; ")})`);
  await page.goto(new URL("practice.html", base).href + hash + "&print=worksheet");
  await page.waitForSelector("#picture svg.practice g.node[data-node]");
  const blank = await page.$$eval("#picture g.node:not(.leaf) text.value", (ts) => ts.map((t) => t.textContent));
  const kept = await page.$$eval("#picture text.probability", (ts) => ts.length);
  check(blank.length === names.length && blank.every((text) => text === "") && kept === probabilities.length,
    "expectimax: the worksheet leaves every inner value blank and keeps the probabilities");
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
  await page.emulateMedia({ media: "screen" });
  await expectimax(context, page, check, name, base, out);
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
  await open(small, base, EXPECTIMAX);
  const fitsChance = await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  check(fitsChance, "390 px: the expectimax exercise fits the width");
  await small.screenshot({ path: join(out, `${name}-practice-expectimax-390.png`), fullPage: true });
  await phone.close();
}

await runTargets(executable, targets, suite);
