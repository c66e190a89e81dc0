// Step mode for trees with chance nodes: each weighted sum said as it is built, the
// values shown at each step, and a Star1 cut with why it happens, from the answers
// `ply tree --format json --trace` gives for examples/trees/dice.txt (expectiminimax)
// and for a small tree Star1 cuts (fixtures/).
// Run by `npm run check` (node's test runner).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { useWords } from "./catalogs.js";
import { chanceRevealed, exactText, looksLikeChance } from "../assets/chance-step.js";
import { label, nodesByName, nodesByPath } from "../assets/tree-model.js";
import { EXAMPLES, exampleByKey } from "../assets/examples.js";

/**
 * A fixture's answer.
 * @param {string} name
 * @returns {Promise<any>}
 */
async function answer(name) {
  return JSON.parse(await readFile(new URL(`fixtures/${name}.json`, import.meta.url), "utf8"));
}

/**
 * What the page shows after `step` steps of `result`.
 * @param {any} result
 * @param {number} step
 */
function at(result, step) {
  const byName = nodesByName(result.root);
  /** @param {string} name */
  const named = (name) => label(byName, name);
  const shown = chanceRevealed(result, nodesByPath(result.root), step, false, named);
  return {
    words: shown.seen?.words ?? null,
    values: shown.values === null ? null : Object.fromEntries(shown.values),
    cuts: shown.sentences,
  };
}

test("values are written as ply's picture writes them", () => {
  assert.equal(exactText("7/2"), "3.5");
  assert.equal(exactText("-1/4"), "-0.25");
  assert.equal(exactText("11/3"), "11/3");
  assert.equal(exactText("4"), "4");
  assert.equal(exactText("13/6"), "13/6");
});

test("a tree's chance tags are recognised in every format", () => {
  assert.ok(looksLikeChance("root\n  left [chance]\n    = 1"));
  assert.ok(looksLikeChance("(r[chance] 1 2)"));
  assert.ok(looksLikeChance('{"kind": "chance", "children": []}'));
  assert.ok(!looksLikeChance("(a (b 3 12 8) (c 2 4 6))"));
  for (const key of ["dice", "backgammon", "pig"]) {
    const example = exampleByKey(key);
    assert.equal(example?.algorithm, "expectiminimax");
    assert.ok(looksLikeChance(example?.text ?? ""));
  }
  assert.equal(EXAMPLES.filter((e) => looksLikeChance(e.text ?? "")).length, 3);
});

test("the lab's Pig tree is examples/trees/pig-small.txt, its comments left out", async () => {
  const file = await readFile(new URL("../../examples/trees/pig-small.txt", import.meta.url), "utf8");
  const lines = file.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#"));
  assert.equal(exampleByKey("pig")?.text, lines.join("\n"));
  assert.equal(lines.length, 60);
});

test("the dice tree: each weighted sum grows step by step, in English", async () => {
  await useWords("en");
  const dice = await answer("dice-expectiminimax");
  assert.equal(dice.trace.length, 16);
  assert.equal(at(dice, 2).words, "Enter left.");
  assert.deepEqual(at(dice, 2).values, { "": "?", 0: "?", 1: "" });
  assert.equal(at(dice, 3).words, "Leaf a = 3.");
  assert.equal(at(dice, 4).words, "left adds a, times its probability: 1/2 × 3 = 1.5.");
  assert.deepEqual(at(dice, 4).values, { "": "?", 0: "Σ 1.5", 1: "" });
  assert.equal(at(dice, 6).words, "left adds b, times its probability: 1/2 × 3 + 1/4 × 9 = 3.75.");
  assert.equal(
    at(dice, 8).words,
    "left adds c, times its probability: 1/2 × 3 + 1/4 × 9 + 1/4 × (-1) = 3.5.",
  );
  assert.equal(
    at(dice, 9).words,
    "left has added every outcome: its expected value is 1/2 × 3 + 1/4 × 9 + 1/4 × (-1) = 3.5.",
  );
  assert.deepEqual(at(dice, 9).values, { "": "?", 0: "3.5", 1: "" });
  // The unnamed leaves are called by their values.
  assert.equal(at(dice, 12).words, "right adds 8, times its probability: 1/2 × 8 = 4.");
  assert.equal(at(dice, 15).words, "right has added every outcome: its expected value is 1/2 × 8 + 1/2 × 0 = 4.");
  assert.equal(at(dice, 16).words, null);
  assert.equal(at(dice, 16).values, null);
  assert.deepEqual(at(dice, 16).cuts, []);
});

test("a Star1 cut says why, in every language", async () => {
  const risky = await answer("risky-star1");
  await useWords("en");
  assert.equal(at(risky, 10).words, "risky adds 0, times its probability: 1/3 × 0 + 1/3 × 0 = 0.");
  const cut =
    "Cut at risky: after 1/3 × 0 + 1/3 × 0, even if every outcome left were worth the most a " +
    "leaf can be, risky would be worth at most 3 ≤ α = 3.5: MAX has better elsewhere. Never " +
    "looked at: 9.";
  assert.equal(at(risky, 11).words, cut);
  assert.deepEqual(at(risky, 11).values, { "": "?", 0: "3.5", 1: "≤3" });
  assert.deepEqual(at(risky, 11).cuts, [cut]);
  assert.equal(at(risky, 10).cuts.length, 0);
  await useWords("sv");
  assert.match(at(risky, 11).words ?? "", /^Beskärning vid risky: .* Aldrig undersökta: 9\.$/);
  await useWords("zh");
  assert.match(at(risky, 11).words ?? "", /^在 risky 剪枝：.*≤ α = 3\.5.*未搜索：9。$/);
  await useWords("el");
  assert.match(at(risky, 11).words ?? "", /^Κλάδεμα στον κόμβο risky: .*Δεν εξετάστηκαν ποτέ: 9\.$/);
  await useWords("en");
});
