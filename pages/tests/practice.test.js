// The practice page's logic that needs no browser: the exercise a link names, the score,
// the check request built from what the student entered, the tree lab's link.
// Run by `npm run check` (node's test runner).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  MAX_SEED,
  addToScore,
  buildResponse,
  exerciseKey,
  formatHash,
  labLink,
  parseAnswer,
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
        chess: { right: 1, total: 1 },
      }),
    ),
    { values: { right: 2, total: 3 } },
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

test("the leaves' values as the exercise's tree writes them", () => {
  const tree = "a\n  b\n    d = -7\n    e = 0\n  c = 3  # a comment\n  _1\n    f = −2\n";
  assert.deepEqual([...leafValues(tree)], [["d", -7], ["e", 0], ["c", 3], ["f", -2]]);
});
