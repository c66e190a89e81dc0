// The pages' logic that needs no browser: words, step mode's words, values in words, the
// move of a click.
// Run by `npm run check` (node's test runner).
import { test } from "node:test";
import assert from "node:assert/strict";
import { isMessageId, language, setLanguage, t } from "../assets/words.js";
import { valueWords } from "../assets/play-values.js";
import { cellMove } from "../assets/boards.js";
import { replay } from "../assets/step.js";

test("a message's placeholders are filled, and unknown ones are left as written", () => {
  assert.equal(t("play.status.over", { outcome: "O wins" }), "Game over: O wins.");
  assert.equal(t("play.status.thinking", {}), "{player} (the engine) is thinking…");
});

test("a plural message takes its form from count", () => {
  assert.equal(t("play.moves.more", { count: 1 }), "and 1 more move, not listed");
  assert.equal(t("play.moves.more", { count: 990 }), "and 990 more moves, not listed");
  assert.equal(t("play.analysis.method", { method: "memo", ms: 3, count: 1 }),
    "Found by memo in 3 ms (1 node searched).");
});

test("the tree lab's counts take their form from count", () => {
  assert.equal(t("tree.summary.cutoffs", { count: 1 }), "1 cutoff");
  assert.equal(t("tree.summary.cutoffs", { count: 7 }), "7 cutoffs");
  assert.equal(t("tree.summary.pruned", { count: 1 }), "1 leaf never looked at");
  assert.equal(t("tree.summary.pruned", { count: 4 }), "4 leaves never looked at");
  assert.equal(t("tree.step.whole", { count: 21 }),
    "The whole search: 21 steps. Step back (◀ or ←) to watch it.");
});

test("the tree lab's sentences are whole, their parts named", () => {
  assert.equal(t("tree.summary", {
    algorithm: t("tree.algorithm.name.alphabeta"),
    value: 3,
    best: "b",
    nodes: t("tree.summary.nodes", { count: 11 }),
    leaves: t("tree.summary.leaves", { count: 7 }),
    cutoffs: t("tree.summary.cutoffs", { count: 2 }),
    pruned: t("tree.summary.pruned", { count: 2 }),
  }), "Alpha-beta: value 3, best b; 11 nodes visited, 7 leaves evaluated, 2 cutoffs, " +
    "2 leaves never looked at.");
  // A tree of one leaf: every count is one.
  assert.equal(t("tree.summary.nodes", { count: 1 }), "1 node visited");
  assert.equal(t("tree.summary.leaves", { count: 1 }), "1 leaf evaluated");
  assert.equal(t("tree.summary.cutoffs", { count: 0 }), "0 cutoffs");
  assert.equal(t("tree.cut.alpha", { node: "c", value: 2, alpha: 3, elsewhere: 3, pruned: "4, 6" }),
    "α-cut at c: 2 ≤ α = 3: MAX has 3 elsewhere; never looked at: 4, 6.");
});

test("step mode says each step of the trace", () => {
  /** @type {import("../assets/tree-model.js").TraceStep[]} */
  const trace = [
    { step: "enter", node: "c", window: { alpha: 3, beta: null } },
    { step: "leaf", node: "#6", value: 2, window: { alpha: 3, beta: null } },
    { step: "cutoff", node: "c", window: { alpha: 3, beta: null }, pruned: ["#7", "#8"] },
    { step: "exit", node: "c", value: 2, bound: "upper" },
  ];
  const names = new Map([["#6", "2"], ["#7", "4"], ["#8", "6"]]);
  /** @param {string} name */
  const label = (name) => names.get(name) ?? name;
  const says = [1, 2, 3, 4].map((k) => replay(trace, k, label).words);
  assert.deepEqual(says, [
    "Enter c with the window α=3, β=+∞.",
    "Leaf 2 = 2 (window α=3, β=+∞).",
    "Cut at c with the window α=3, β=+∞: never looked at: 4, 6.",
    "c returns ≤ 2.",
  ]);
});

test("a language with no catalog falls back to English", () => {
  assert.equal(setLanguage("en-GB"), "en");
  assert.equal(setLanguage("xx"), "en");
  assert.equal(language(), "en");
  assert.equal(isMessageId("nav.play"), true);
  assert.equal(isMessageId("no.such.message"), false);
});

test("values are said as the API says them", () => {
  assert.equal(valueWords({ value: "win", plies: 3, text: "win in 3" }), "win in 3");
  assert.equal(valueWords({ value: "loss", plies: 1, text: "loss in 1" }), "loss in 1");
  assert.equal(valueWords({ value: "draw", plies: 9, text: "draw" }), "draw");
  assert.equal(valueWords({ value: "estimate", plies: null, text: "+0.35 (estimate)" }), "+0.35 (estimate)");
  assert.equal(valueWords({ value: "estimate", plies: null, text: "-1.20 (estimate)" }, true), "≈-1.20");
});

test("a click on a board plays the cell's move; on discs, the column's", () => {
  const grid = {
    rows: 2, columns: 2, cells: ["X.", ".."], discs: false,
    cell_moves: [[null, "b1"], ["a2", "b2"]],
  };
  assert.equal(cellMove(grid, 0, 0), null);
  assert.equal(cellMove(grid, 0, 1), "b1");
  const discs = {
    rows: 3, columns: 2, cells: ["..", "..", "X."], discs: true,
    cell_moves: [[null, null], ["1", null], [null, "2"]],
  };
  assert.equal(cellMove(discs, 0, 0), "1");
  assert.equal(cellMove(discs, 2, 0), "1");
  assert.equal(cellMove(discs, 0, 1), "2");
  const full = { ...discs, cell_moves: [[null, null], [null, null], [null, "2"]] };
  assert.equal(cellMove(full, 1, 0), null);
});
