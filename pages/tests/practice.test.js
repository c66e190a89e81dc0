// The practice page's logic that needs no browser: the exercise a link names, the score,
// the check request built from what the student entered, the tree lab's link.
// Run by `npm run check` (node's test runner).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  KINDS,
  MAX_SEED,
  VARIANTS,
  addToScore,
  buildResponse,
  exerciseKey,
  formatHash,
  hasValueBoxes,
  isVariant,
  keyValue,
  labLink,
  parseAnswer,
  parseExact,
  parseHash,
  parseSeed,
  randomSeed,
  leafValues,
  readScore,
} from "../assets/practice-logic.js";

const never = () => {
  throw new Error("no random seed should be drawn");
};

test("a teacher's link names the exercise, its variant and its printed page", () => {
  assert.deepEqual(parseHash("#kind=pruned&level=3&seed=123", never), {
    exercise: { kind: "pruned", level: 3, seed: 123 },
    fresh: false,
    print: null,
  });
  assert.deepEqual(parseHash("kind=values&level=5&seed=0&variant=negamax&print=key", never), {
    exercise: { kind: "values", level: 5, seed: 0, variant: "negamax" },
    fresh: false,
    print: "key",
  });
  assert.deepEqual(parseHash("#kind=best_move&level=1&seed=9007199254740991&print=worksheet", never), {
    exercise: { kind: "best_move", level: 1, seed: MAX_SEED },
    fresh: false,
    print: "worksheet",
  });
});

test("an expectimax exercise's link, with its variants weighted and equal", () => {
  assert.ok(KINDS.includes("expectimax"));
  assert.deepEqual(VARIANTS.expectimax, ["weighted", "equal"]);
  assert.ok(isVariant("expectimax", "equal") && !isVariant("expectimax", "max_root"));
  assert.deepEqual(parseHash("#kind=expectimax&level=1&seed=3&variant=weighted", never), {
    exercise: { kind: "expectimax", level: 1, seed: 3, variant: "weighted" },
    fresh: false,
    print: null,
  });
  // Another kind's variant is dropped: the seed chooses.
  assert.deepEqual(parseHash("#kind=expectimax&level=4&seed=8&variant=negamax&print=key", never), {
    exercise: { kind: "expectimax", level: 4, seed: 8 },
    fresh: false,
    print: "key",
  });
  assert.ok(hasValueBoxes("expectimax") && hasValueBoxes("values"));
  assert.ok(!hasValueBoxes("pruned") && !hasValueBoxes("order") && !hasValueBoxes("best_move"));
});

test("a link without a seed draws a new one; what does not read takes its default", () => {
  const draws = [0.5, 0.25];
  const random = () => draws.shift() ?? 0;
  assert.deepEqual(parseHash("", random), {
    exercise: { kind: "values", level: 2, seed: 2 ** 20 * 2 ** 32 + 2 ** 30 },
    fresh: true,
    print: null,
  });
  // An unknown kind, a level out of 1..5, a variant of another kind, a print of nothing.
  const place = parseHash("#kind=chess&level=7&seed=12&variant=nim&print=poster", never);
  assert.deepEqual(place, { exercise: { kind: "values", level: 2, seed: 12 }, fresh: false, print: null });
  assert.equal(parseHash("#kind=order&level=0&seed=4", never).exercise.level, 2);
  assert.equal(parseHash("#kind=order&level=2.5&seed=4", never).exercise.level, 2);
});

test("seeds are whole numbers from 0 to 2^53 - 1, written in digits", () => {
  assert.equal(parseSeed("0"), 0);
  assert.equal(parseSeed("9007199254740991"), 9007199254740991);
  assert.equal(parseSeed("9007199254740992"), null);
  assert.equal(parseSeed("-1"), null);
  assert.equal(parseSeed("1e3"), null);
  assert.equal(parseSeed("12.0"), null);
  assert.equal(parseSeed(""), null);
  assert.equal(parseSeed(null), null);
  assert.equal(randomSeed(() => 0), 0);
  assert.equal(randomSeed(() => 0.9999999999999999), MAX_SEED);
  for (let i = 0; i < 100; i++) {
    const seed = randomSeed();
    assert.ok(Number.isSafeInteger(seed) && seed >= 0 && seed <= MAX_SEED, `${seed}`);
  }
});

test("the fragment written is the one read back", () => {
  assert.equal(formatHash({ kind: "pruned", level: 3, seed: 123 }), "#kind=pruned&level=3&seed=123");
  assert.equal(
    formatHash({ kind: "order", level: 4, seed: 77, variant: "bad_order" }, "worksheet"),
    "#kind=order&level=4&seed=77&variant=bad_order&print=worksheet",
  );
  for (const exercise of [
    { kind: "values", level: 1, seed: 0, variant: "min_root" },
    { kind: "best_move", level: 5, seed: MAX_SEED, variant: "race" },
    { kind: "pruned", level: 2, seed: 31337 },
    { kind: "expectimax", level: 5, seed: 12, variant: "equal" },
  ]) {
    for (const print of [null, "worksheet", "key"]) {
      const place = parseHash(formatHash(/** @type {any} */ (exercise), /** @type {any} */ (print)), never);
      assert.deepEqual(place, { exercise, fresh: false, print });
    }
  }
  assert.equal(exerciseKey({ kind: "pruned", level: 3, seed: 5 }), exerciseKey({ kind: "pruned", level: 3, seed: 5 }));
  assert.notEqual(exerciseKey({ kind: "pruned", level: 3, seed: 5 }), exerciseKey({ kind: "order", level: 3, seed: 5 }));
});

test("a number as a student types it", () => {
  assert.equal(parseAnswer("3"), 3);
  assert.equal(parseAnswer(" -4 "), -4);
  assert.equal(parseAnswer("−7"), -7);
  assert.equal(parseAnswer("+2"), 2);
  assert.equal(parseAnswer("2.5"), 2.5);
  assert.equal(parseAnswer(""), null);
  assert.equal(parseAnswer("   "), null);
  assert.ok(Number.isNaN(parseAnswer("three")));
  assert.ok(Number.isNaN(parseAnswer("3-")));
  assert.ok(Number.isNaN(parseAnswer("1e3")));
});

test("an expected value as a student types it: a fraction, a decimal, a whole number", () => {
  assert.equal(parseExact("7/6"), "7/6");
  assert.equal(parseExact(" 4 "), "4");
  assert.equal(parseExact("−1/2"), "-1/2");
  assert.equal(parseExact("-1/2"), "-1/2");
  assert.equal(parseExact("+3/4"), "3/4");
  assert.equal(parseExact("7 / 6"), "7/6");
  assert.equal(parseExact("1.17"), "1.17");
  assert.equal(parseExact("3.5"), "3.5");
  assert.equal(parseExact("−0.25"), "-0.25");
  assert.equal(parseExact(".5"), ".5");
  // A decimal comma, as Swedish and Greek write decimals.
  assert.equal(parseExact("1,17"), "1.17");
  // Digits kept as typed: the check reads them exactly, with no floating point between.
  assert.equal(parseExact("0.1666666666666666666667"), "0.1666666666666666666667");
  assert.equal(parseExact("31/6"), "31/6");
  assert.equal(parseExact(""), null);
  assert.equal(parseExact("  "), null);
  for (const text of ["seven", "1/0", "1/00", "7/", "/6", "1/2/3", "1.2.3", "1e3", "1,2,3", "7/6.0", "- 7/6", "3-"]) {
    assert.equal(parseExact(text), "", `${text} is not a value`);
  }
});

test("the answer key writes the exact value, and the decimal where it says it another way", () => {
  assert.deepEqual(keyValue("7/6", "1.17"), { exact: "7/6", decimal: "1.17", rounded: true });
  assert.deepEqual(keyValue("-7/6", "-1.17"), { exact: "-7/6", decimal: "-1.17", rounded: true });
  assert.deepEqual(keyValue("3/2", "1.5"), { exact: "3/2", decimal: "1.5", rounded: false });
  assert.deepEqual(keyValue("3/2", "1.50"), { exact: "3/2", decimal: "1.50", rounded: false });
  assert.deepEqual(keyValue("4", "4"), { exact: "4", decimal: null, rounded: false });
  assert.deepEqual(keyValue("4", "4.00"), { exact: "4", decimal: null, rounded: false });
  assert.deepEqual(keyValue("-2", undefined), { exact: "-2", decimal: null, rounded: false });
});

test("the check request's response, kind by kind", () => {
  assert.deepEqual(
    buildResponse("values", { values: new Map([["a", "3"], ["b", ""], ["c", "−2"]]) }),
    { response: { values: { a: 3, b: null, c: -2 } }, invalid: [] },
  );
  assert.deepEqual(
    buildResponse("values", { values: new Map([["a", "x"], ["b", "4"]]) }),
    { response: { values: { a: null, b: 4 } }, invalid: ["a"] },
  );
  // Pruned leaves in the tree's order, whatever order they were ticked in.
  assert.deepEqual(
    buildResponse("pruned", { pruned: new Set(["k", "d"]), leaves: ["c", "d", "e", "k"] }),
    { response: { pruned: ["d", "k"] }, invalid: [] },
  );
  assert.deepEqual(buildResponse("pruned", { pruned: new Set(), leaves: ["c"] }), {
    response: { pruned: [] },
    invalid: [],
  });
  assert.deepEqual(buildResponse("order", { order: ["e", "c", "d"] }), {
    response: { order: ["e", "c", "d"] },
    invalid: [],
  });
  assert.deepEqual(buildResponse("best_move", { best: "b2", value: "1" }), {
    response: { best: "b2", value: 1 },
    invalid: [],
  });
  // Expectimax: the text typed, tidied, so that 7/6 reaches the check as 7/6.
  assert.deepEqual(
    buildResponse("expectimax", { values: new Map([["a", " 31/6 "], ["b", "1.17"], ["c", ""], ["d", "−1/2"]]) }),
    { response: { values: { a: "31/6", b: "1.17", c: null, d: "-1/2" } }, invalid: [] },
  );
  assert.deepEqual(
    buildResponse("expectimax", { values: new Map([["a", "7/0"], ["b", "four"], ["c", "4"]]) }),
    { response: { values: { a: null, b: null, c: "4" } }, invalid: ["a", "b"] },
  );
  // The values kind still asks for whole numbers: a fraction is no answer there.
  assert.deepEqual(buildResponse("values", { values: new Map([["a", "7/6"]]) }), {
    response: { values: { a: null } },
    invalid: ["a"],
  });
  assert.deepEqual(buildResponse("best_move", { best: "b2", value: "?" }), {
    response: { best: "b2", value: null },
    invalid: ["value"],
  });
});

test("the score counts exercises right and done, by kind", () => {
  let score = readScore(null);
  assert.deepEqual(score, {});
  score = addToScore(score, "values", true);
  score = addToScore(score, "values", false);
  score = addToScore(score, "pruned", true);
  assert.deepEqual(score, { values: { right: 1, total: 2 }, pruned: { right: 1, total: 1 } });
  const before = { order: { right: 0, total: 1 } };
  addToScore(before, "order", true);
  assert.deepEqual(before, { order: { right: 0, total: 1 } }, "the old score is left as it was");
  assert.deepEqual(readScore(JSON.stringify(score)), score);
});

test("a stored score that does not read is an empty one, or loses only its bad parts", () => {
  assert.deepEqual(readScore("not json"), {});
  assert.deepEqual(readScore("[1, 2]"), {});
  assert.deepEqual(readScore("null"), {});
  assert.deepEqual(
    readScore(
      JSON.stringify({
        values: { right: 2, total: 3 },
        pruned: { right: 4, total: 3 },
        order: { right: -1, total: 3 },
        best_move: { right: "x", total: 1 },
        expectimax: { right: 1, total: 4 },
        chess: { right: 1, total: 1 },
      }),
    ),
    { values: { right: 2, total: 3 }, expectimax: { right: 1, total: 4 } },
  );
});

test("the tree lab's link opens the tree in step mode at the mistake, answers hidden", () => {
  const link = labLink("index.html", {
    tree: "A\n  b = 3\n  c = -2",
    algorithm: "alphabeta",
    perspective: "max",
    step: 7,
  });
  assert.equal(
    link,
    "index.html#tree=A%0A++b+%3D+3%0A++c+%3D+-2&algorithm=alphabeta&order=as_written&perspective=max&step=7&hide=1",
  );
  const params = new URLSearchParams(link.split("#")[1]);
  assert.equal(params.get("tree"), "A\n  b = 3\n  c = -2");
  assert.equal(params.get("step"), "7");
});

test("a chance tree's first mistake opens the lab's chance search at its step", () => {
  const tree = "a\n  b [chance]\n    d [1/6] = 2\n    e [5/6] = 1";
  const link = labLink("index.html", { tree, algorithm: "expectiminimax", perspective: "max", step: 4 });
  const params = new URLSearchParams(link.split("#")[1]);
  assert.equal(params.get("tree"), tree);
  assert.equal(params.get("algorithm"), "expectiminimax");
  assert.equal(params.get("step"), "4");
  assert.equal(params.get("hide"), "1");
});

test("the leaves' values as the exercise's tree writes them", () => {
  const tree = "a\n  b\n    d = -7\n    e = 0\n  c = 3  # a comment\n  _1\n    f = −2\n";
  assert.deepEqual([...leafValues(tree)], [["d", -7], ["e", 0], ["c", 3], ["f", -2]]);
});

test("the outcomes' values in a tree with chance nodes, probabilities and all", () => {
  const tree = "a\n  b [chance]\n    d [1/6] = 2\n    e [2/3] = −1\n    f [1/6]=1\n  c [chance]\n    g [1/2]\n      h = 4\n      i [max] = 0 # a tag\n";
  assert.deepEqual([...leafValues(tree)], [["d", 2], ["e", -1], ["f", 1], ["h", 4], ["i", 0]]);
});

test("alpha-beta's pruning rule travels in the exercise's link and the lab's", () => {
  const place = parseHash("#kind=pruned&level=3&seed=12&rule=gt");
  assert.equal(place.exercise.rule, "gt");
  assert.equal(formatHash(place.exercise), "#kind=pruned&level=3&seed=12&rule=gt");
  // The default is not written, so that links made before the rule read the same.
  assert.equal(parseHash("#kind=pruned&level=3&seed=12&rule=ge").exercise.rule, undefined);
  assert.equal(parseHash("#kind=pruned&level=3&seed=12&rule=x").exercise.rule, undefined);
  const link = labLink("index.html", { tree: "(a 1 2)", algorithm: "alphabeta", perspective: "max", step: 3, rule: "gt" });
  assert.equal(new URLSearchParams(link.split("#")[1]).get("rule"), "gt");
  const plain = labLink("index.html", { tree: "(a 1 2)", algorithm: "alphabeta", perspective: "max", step: 3, rule: "ge" });
  assert.equal(new URLSearchParams(plain.split("#")[1]).get("rule"), null);
});
