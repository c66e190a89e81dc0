// The tree lab's logic that needs no browser: what step mode and "hide the answers" show
// at each step of the classic tree, the lessons' trees and their answers, and the tree
// written back as text.
// Run by `npm run check` (node's test runner).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { useWords } from "./catalogs.js";
import { t } from "../assets/words.js";
import { Replay, cutWords, forMover, negation, replay, revealed } from "../assets/step.js";
import {
  gameOf,
  indented,
  label,
  nodesByName,
  nodesByPath,
  treeText,
} from "../assets/tree-model.js";
import {
  CLASSIC,
  EXAMPLES,
  LESSONS,
  NEGAMAX_SV,
  TWO_PLY_ZH,
  countTo,
  exampleByKey,
} from "../assets/examples.js";

/** @typedef {import("../assets/tree-model.js").TreeAnswer} TreeAnswer */
/** @typedef {import("../assets/tree-model.js").ModelNode} ModelNode */

/**
 * /api/tree's answer for the classic tree under alpha-beta (its trace: 16 steps).
 * @returns {Promise<TreeAnswer>}
 */
async function classic() {
  const file = new URL("fixtures/classic-alphabeta.json", import.meta.url);
  return JSON.parse(await readFile(file, "utf8"));
}

/**
 * What the page shows after `step` steps.
 * @param {TreeAnswer} answer
 * @param {number} step
 * @param {boolean} hide
 */
function at(answer, step, hide) {
  const byName = nodesByName(answer.root);
  /** @param {string} name */
  const named = (name) => label(byName, name);
  const shown = revealed(answer, nodesByPath(answer.root), step, hide, named);
  return {
    result: shown.result,
    cuts: shown.cuts.map((node) => node.name),
    values: shown.values === null ? null : Object.fromEntries(shown.values),
    current: shown.seen?.current ?? null,
  };
}

test("hide the answers: the classic tree's values, cuts and result, step by step", async () => {
  const answer = await classic();
  assert.equal(answer.trace.length, 16);
  // Inner nodes by path: a "", b "0", c "1", d "2"; leaves always show their values.
  const none = { "": "", 0: "", 1: "", 2: "" };
  assert.deepEqual(at(answer, 0, true), { result: false, cuts: [], values: none, current: null });
  assert.deepEqual(at(answer, 1, true).values, { ...none, "": "?" });
  // b has seen its three leaves (3, 12, 8) but not returned: still "?".
  assert.deepEqual(at(answer, 5, true), {
    result: false, cuts: [], values: { "": "?", 0: "?", 1: "", 2: "" }, current: 5,
  });
  // b returns 3.
  assert.deepEqual(at(answer, 6, true).values, { "": "?", 0: "3", 1: "", 2: "" });
  // c sees 2 and cuts: the cut is listed from this step on, c's value not yet known.
  assert.deepEqual(at(answer, 9, true), {
    result: false, cuts: ["c"], values: { "": "?", 0: "3", 1: "?", 2: "" }, current: 6,
  });
  // c returns ≤ 2.
  assert.deepEqual(at(answer, 10, true).values, { "": "?", 0: "3", 1: "≤2", 2: "" });
  // d returns 2; the root has not returned: the result still waits.
  assert.deepEqual(at(answer, 15, true), {
    result: false, cuts: ["c"], values: { "": "?", 0: "3", 1: "≤2", 2: "2" }, current: 8,
  });
  // The last step: everything, as the answer has it.
  assert.deepEqual(at(answer, 16, true), { result: true, cuts: ["c"], values: null, current: null });
  assert.deepEqual(at(answer, 99, true), at(answer, 16, true));
});

test("without hiding, step mode still builds the values up, and the result shows", async () => {
  const answer = await classic();
  assert.deepEqual(at(answer, 0, false), {
    result: true, cuts: [], values: { "": "", 0: "", 1: "", 2: "" }, current: null,
  });
  assert.deepEqual(at(answer, 6, false).values, { "": "?", 0: "3", 1: "", 2: "" });
  assert.deepEqual(at(answer, 16, false), { result: true, cuts: ["c"], values: null, current: null });
});

test("a cut in words, and the step before the search starts", async () => {
  await useWords("en");
  const answer = await classic();
  const byName = nodesByName(answer.root);
  const c = /** @type {import("../assets/tree-model.js").ApiNode} */ (byName.get("c"));
  /** @param {string} name */
  const named = (name) => label(byName, name);
  assert.equal(cutWords(c, named), "α-cut at c: 2 ≤ α = 3: MAX has 3 elsewhere; never looked at: 4, 6.");
  assert.equal(t("tree.step.ready", { total: 16 }), "Step 0 of 16: the search has not started yet.");
  assert.equal(t("tree.picture.label.hidden"), "Game tree");
});

test("a replay kept between steps goes forward and back to what a fresh one finds", async () => {
  const answer = await classic();
  const byName = nodesByName(answer.root);
  /** @param {string} name */
  const named = (name) => label(byName, name);
  const kept = new Replay(answer.trace);
  /** @param {import("../assets/step.js").Seen} seen */
  const plain = (seen) => ({
    known: [...seen.known].sort((a, b) => a[0] - b[0]),
    entered: [...seen.entered].sort((a, b) => a - b),
    cut: [...seen.cut].sort((a, b) => a - b),
    current: seen.current,
    words: seen.words,
  });
  // Forward, back, jumps both ways and past either end.
  for (const step of [0, 1, 5, 9, 10, 3, 16, 15, 8, 8, 0, 99, 7, -4]) {
    const clamped = Math.max(0, Math.min(step, 16));
    assert.deepEqual(
      plain(kept.seek(step, { label: named })),
      plain(replay(answer.trace, clamped, named)),
      `step ${step}`,
    );
    assert.equal(kept.count, clamped);
  }
  // The page's replay gives the same values as a fresh one.
  kept.seek(4, { label: named });
  const shown = revealed(answer, nodesByPath(answer.root), 9, true, named, kept);
  assert.deepEqual(Object.fromEntries(/** @type {Map<string, string>} */ (shown.values)),
    { "": "?", 0: "3", 1: "?", 2: "" });
});

test("negamax's steps: the value for the player to move, and the negation its parent takes", async () => {
  await useWords("en");
  assert.equal(negation(-3, "exact"), "-(-3) = 3");
  assert.equal(negation(2, "lower"), "-(≥ 2) = ≤ -2");
  assert.equal(negation(0, "exact"), "-(0) = 0");
  /** @type {import("../assets/tree-model.js").ApiNode} */
  const min = {
    name: "b", depth: 1, player: "min", value: 3, bound: "exact", on_pv: true,
    pruned: false, leaf: false, visit_order: 2,
  };
  assert.deepEqual(forMover(3, "exact", min), { value: -3, bound: "exact" });
  assert.deepEqual(forMover(3, "upper", min), { value: -3, bound: "lower" });
  assert.deepEqual(forMover(3, "upper", { ...min, player: "max" }), { value: 3, bound: "upper" });
  // (a (b 3 12 8) (c 2 4 6)) under negamax: b and c are MIN's, the leaves MAX's again.
  /** @type {import("../assets/tree-model.js").TraceStep[]} */
  const trace = [
    { step: "enter", node: "a" }, { step: "enter", node: "b" },
    { step: "leaf", node: "#3", value: 3 }, { step: "leaf", node: "#4", value: 12 },
    { step: "leaf", node: "#5", value: 8 }, { step: "exit", node: "b", value: 3, bound: "exact" },
    { step: "enter", node: "c" }, { step: "leaf", node: "#7", value: 2 },
    { step: "leaf", node: "#8", value: 4 }, { step: "leaf", node: "#9", value: 6 },
    { step: "exit", node: "c", value: 2, bound: "exact" },
    { step: "exit", node: "a", value: 3, bound: "exact" },
  ];
  /** @type {Map<number, import("../assets/tree-model.js").ApiNode>} */
  const byOrder = new Map();
  for (const [order, player] of /** @type {[number, "max" | "min"][]} */ ([
    [1, "max"], [2, "min"], [3, "max"], [6, "min"], [7, "max"],
  ])) {
    byOrder.set(order, { ...min, player, visit_order: order });
  }
  const names = {
    label: (/** @type {string} */ name) => name.replace("#3", "3").replace("#7", "2"),
    node: (/** @type {number} */ order) => byOrder.get(order),
    negamax: true,
  };
  const says = [3, 6, 8, 11, 12].map((k) => replay(trace, k, names).words);
  assert.deepEqual(says, [
    "Leaf 3: 3 for the player to move there; its parent takes -(3) = -3.",
    "b returns -3 for the player to move there; its parent takes -(-3) = 3.",
    "Leaf 2: 2 for the player to move there; its parent takes -(2) = -2.",
    "c returns -2 for the player to move there; its parent takes -(-2) = 2.",
    "a returns 3, the value for the player to move at the root.",
  ]);
});

test("a game's link: its spec, position and depth, depth-aware unless said, symmetry if said", () => {
  assert.equal(gameOf({}), null);
  assert.equal(gameOf({ game: "  " }), null);
  assert.deepEqual(gameOf({ game: "tictactoe", position: "XOX/.O./X..", depth: "2" }), {
    game: "tictactoe", position: "XOX/.O./X..", depth: 2, depth_aware: true, symmetry: false,
  });
  assert.deepEqual(gameOf({ game: "race:10,2", depth_aware: "0", symmetry: "1", depth: "x" }), {
    game: "race:10,2", position: "", depth: null, depth_aware: false, symmetry: true,
  });
  assert.equal(gameOf({ game: "chess", depth: "0" })?.depth, null);
  assert.equal(gameOf({ game: "chess", depth: "2.5" })?.depth, null);
});

// ----- The lessons ----------------------------------------------------------------------

/**
 * A tree in the indented format (names, `name = value` leaves, two spaces a level), read
 * here independently of ply.
 * @param {string} text
 * @returns {ModelNode}
 */
function read(text) {
  /** @type {{node: ModelNode, depth: number}[]} */
  const open = [];
  /** @type {ModelNode | null} */
  let root = null;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const depth = (line.length - line.trimStart().length) / 2;
    const [name, value] = line.trim().split(/\s*=\s*/);
    /** @type {ModelNode} */
    const node = { name, named: true, value: value === undefined ? null : Number(value), children: [] };
    while (open.length > 0 && open[open.length - 1].depth >= depth) open.pop();
    if (open.length === 0) root = node;
    else open[open.length - 1].node.children.push(node);
    open.push({ node, depth });
  }
  return /** @type {ModelNode} */ (root);
}

/**
 * Minimax, MAX at the root: every node's value by name (the last of a name wins).
 * @param {ModelNode} node
 * @param {boolean} max
 * @param {Map<string, number>} [values]
 * @returns {number}
 */
function minimax(node, max, values = new Map()) {
  const value = node.children.length === 0
    ? /** @type {number} */ (node.value)
    : (max ? Math.max : Math.min)(...node.children.map((child) => minimax(child, !max, values)));
  values.set(node.name, value);
  return value;
}

/**
 * Negamax: the value for the player to move, leaves written for the player to move.
 * @param {ModelNode} node
 * @returns {number}
 */
function negamax(node) {
  if (node.children.length === 0) return /** @type {number} */ (node.value);
  return Math.max(...node.children.map((child) => -negamax(child)));
}

/**
 * @param {ModelNode} node
 * @returns {number}
 */
function count(node) {
  return 1 + node.children.reduce((sum, child) => sum + count(child), 0);
}

test("the lessons: the worked examples, with their settings and texts", () => {
  assert.deepEqual(LESSONS.map((l) => l.key), [
    "classic", "negamax-sv", "two-ply-zh", "count-to-10", "tictactoe-textbook",
    "tictactoe-depth-aware", "chess-search",
  ]);
  for (const lesson of LESSONS) {
    assert.equal(lesson.name, `lesson.${lesson.key}.name`);
    assert.equal(lesson.lesson, `lesson.${lesson.key}.text`);
    assert.equal(exampleByKey(lesson.key), lesson);
  }
  assert.deepEqual(LESSONS.map((l) => l.algorithm), [
    "alphabeta", "negamax", "minimax", "minimax", "minimax", "minimax", "alphabeta",
  ]);
  assert.equal(LESSONS[0].text, CLASSIC);
  // The games' lessons: ply writes their trees out (count to 10 as the slides score it,
  // the textbook's tic-tac-toe up to symmetry, the depth lesson opening without depth).
  assert.deepEqual(LESSONS.slice(3).map((l) => l.game), [
    { game: "race:10,2", depth_aware: false },
    { game: "tictactoe", depth: 2, symmetry: true },
    { game: "tictactoe", position: "XOX/.O./X..", depth_aware: false },
    { game: "chess", depth: 2 },
  ]);
  assert.equal(exampleByKey("count-to-10-tree")?.text, countTo(10));
  // Every example has a key of its own.
  const keys = [...LESSONS, ...EXAMPLES].map((e) => e.key);
  assert.equal(new Set(keys).size, keys.length);
});

test("the Swedish negamax lesson: best value 5, through node 2", () => {
  const tree = read(NEGAMAX_SV);
  assert.equal(count(tree), 51);
  const values = new Map();
  assert.equal(minimax(tree, true, values), 5);
  assert.equal(negamax(tree), 5);
  assert.deepEqual(tree.children.map((c) => [c.name, values.get(c.name)]), [["2", 5], ["18", 2]]);
  // The lesson's leaves, by their numbers, in order.
  /** @param {ModelNode} node @returns {string[]} */
  const leaves = (node) => node.children.length === 0
    ? [`${node.name}=${node.value}`]
    : node.children.flatMap(leaves);
  assert.equal(leaves(tree).join(" "),
    "5=1 6=9 8=5 11=7 22=5 23=2 14=9 25=7 17=8 26=2 21=2 30=5 31=2 32=5 36=5 37=9 38=8 " +
    "42=9 43=5 50=7 49=2 48=1");
});

test("the Chinese two-ply lesson: A = -6, B = -2, C = -4, s = -2 through B", () => {
  const tree = read(TWO_PLY_ZH);
  const values = new Map();
  assert.equal(minimax(tree, true, values), -2);
  assert.deepEqual(["A", "B", "C"].map((name) => values.get(name)), [-6, -2, -4]);
  assert.deepEqual(tree.children[0].children.map((l) => [l.name, l.value]), [["D", 9], ["E", -6]]);
  assert.equal(count(tree) - 4, 7);
});

test("count to 10: the first player wins by reaching 1, then 4, 7 and 10", () => {
  const tree = read(countTo(10));
  assert.equal(count(tree), 232);
  assert.equal(minimax(tree, true), 1);
  assert.deepEqual(tree.children.map((c) => [c.name, minimax(c, false)]), [["1", 1], ["2", -1]]);
  // Every node: the player who just moved there wins exactly when 10 - total is a
  // multiple of 3.
  /**
   * @param {ModelNode} node
   * @param {number} depth
   */
  const check = (node, depth) => {
    if (depth > 0) {
      const max = depth % 2 === 0;
      const forMax = minimax(node, max);
      const moverWins = (depth % 2 === 1 ? forMax : -forMax) === 1;
      assert.equal(moverWins, (10 - Number(node.name)) % 3 === 0, `total ${node.name}`);
    }
    node.children.forEach((child) => check(child, depth + 1));
  };
  check(tree, 0);
});

test("the tree written back: bracket format when it can, else indented", () => {
  /** @type {ModelNode} */
  const small = {
    name: "a", named: true, value: null, children: [
      { name: "b", named: true, value: null, children: [
        { name: "#3", named: false, value: 3, children: [] },
        { name: "x", named: true, value: -1, children: [] },
      ] },
      { name: "#5", named: false, value: 12, children: [] },
    ],
  };
  assert.equal(treeText(small), "(a (b 3 x=-1) 12)");
  // Names that are numbers: only the indented format can say them.
  const lesson = read(NEGAMAX_SV);
  assert.equal(treeText(lesson), NEGAMAX_SV);
  assert.equal(indented(read(TWO_PLY_ZH)), TWO_PLY_ZH);
  /** @type {ModelNode} */
  const unnamed = {
    name: "1", named: true, value: null, children: [
      { name: "#2", named: false, value: null, children: [
        { name: "#3", named: false, value: 3, children: [] },
      ] },
      { name: "x", named: true, value: 4, children: [] },
    ],
  };
  assert.equal(treeText(unnamed), "1\n  -\n    = 3\n  x = 4");
});
