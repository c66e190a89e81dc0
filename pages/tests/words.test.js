// The pages' logic that needs no browser: words, step mode's words, values in words, the
// move of a click.
// Run by `npm run check` (node's test runner).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import {
  AREAS,
  LANGUAGES,
  addWords,
  apiLang,
  chooseLanguage,
  isMessageId,
  language,
  languageName,
  matchLanguage,
  setLanguage,
  t,
} from "../assets/words.js";
import { methodWords, moveHelp, playerWords, valueWords } from "../assets/play-values.js";
import { cellMove, textBoard } from "../assets/boards.js";
import { replay } from "../assets/step.js";
import { useWords } from "./catalogs.js";

// The catalogs as the pages load them (words.js's loader, reading the disk here).
await useWords("en");

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

test("minimax's steps are said without a window: windows are alpha-beta's", () => {
  /** @type {import("../assets/tree-model.js").TraceStep[]} */
  const trace = [
    { step: "enter", node: "a", window: { alpha: null, beta: null } },
    { step: "leaf", node: "#2", value: 3, window: { alpha: null, beta: null } },
  ];
  const label = (/** @type {string} */ name) => (name === "#2" ? "3" : name);
  const minimax = [1, 2].map((k) => replay(trace, k, { label, windows: false }).words);
  assert.deepEqual(minimax, ["Enter a.", "Leaf 3 = 3."]);
  const alphabeta = [1, 2].map((k) => replay(trace, k, { label, windows: true }).words);
  assert.deepEqual(alphabeta, ["Enter a with the window α=−∞, β=+∞.", "Leaf 3 = 3 (window α=−∞, β=+∞)."]);
});

test("a language with no catalog falls back to English", () => {
  assert.equal(setLanguage("en-GB"), "en");
  assert.equal(setLanguage("xx"), "en");
  assert.equal(language(), "en");
  assert.equal(isMessageId("nav.play"), true);
  assert.equal(isMessageId("no.such.message"), false);
  assert.equal(t("no.such.message"), "no.such.message");
});

test("the pages load every language and every area the catalogs have", () => {
  // The catalogs' folder is the list: a language or an area added there and not here
  // would be missing from the pages.
  const words = new URL("../../crates/api/words/", import.meta.url);
  assert.deepEqual([...LANGUAGES].sort(), readdirSync(words).sort());
  const areas = readdirSync(new URL("en/", words)).map((file) => file.replace(/\.json$/, ""));
  assert.deepEqual([...AREAS].sort(), areas.sort());
});

test("the language is the address's, else the one chosen before, else the browser's", () => {
  assert.deepEqual(LANGUAGES, ["en", "sv", "zh", "el"]);
  assert.equal(matchLanguage("sv-SE"), "sv");
  assert.equal(matchLanguage("zh-Hans-CN"), "zh");
  assert.equal(matchLanguage("EL"), "el");
  assert.equal(matchLanguage("tlh"), null);
  assert.equal(matchLanguage(""), null);
  const browser = ["de-DE", "el-GR", "sv"];
  assert.equal(chooseLanguage({ search: "?lang=zh", stored: "sv", preferred: browser }), "zh");
  assert.equal(chooseLanguage({ search: "?lang=xx", stored: "sv", preferred: browser }), "sv");
  assert.equal(chooseLanguage({ search: "", stored: null, preferred: browser }), "el");
  assert.equal(chooseLanguage({ search: "?a=1", stored: "tlh", preferred: ["de", "fr"] }), "en");
  assert.equal(chooseLanguage({}), "en");
});

test("another language speaks from its catalog, English standing in for what it lacks", async () => {
  assert.equal(await useWords("sv"), "sv");
  assert.equal(language(), "sv");
  assert.equal(apiLang(), "sv");
  assert.equal(languageName("sv"), "Svenska");
  assert.equal(languageName("en"), "English");
  // Every language's name is loaded for the menu, in that language.
  assert.equal(languageName("zh"), "简体中文");
  assert.equal(languageName("el"), "Ελληνικά");
  assert.notEqual(t("nav.play"), "Play");
  assert.equal(isMessageId("nav.play"), true);
  // A message only English has is said in English, its plural by English's rules.
  addWords("en", { "test.only": { one: "{count} thing in English", other: "{count} things in English" } });
  assert.equal(t("test.only", { count: 1 }), "1 thing in English");
  assert.equal(t("test.only", { count: 2 }), "2 things in English");
  addWords("sv", { "test.only": { one: "{count} sak", other: "{count} saker" } });
  assert.equal(t("test.only", { count: 1 }), "1 sak");
  assert.equal(t("test.only", { count: 5 }), "5 saker");
  // Chinese has one form for every count.
  await useWords("zh");
  assert.equal(t("play.moves.more", { count: 1 }).includes("1"), true);
  assert.equal(t("play.moves.more", { count: 1 }).replace("1", "N"), t("play.moves.more", { count: 7 }).replace("7", "N"));
  await useWords("en");
});

test("values are said in the page's words, estimates from their number", () => {
  const estimate = /** @type {const} */ ("estimate");
  assert.equal(valueWords({ value: "win", plies: 3, estimate: null, text: "win in 3" }), "win in 3");
  assert.equal(valueWords({ value: "loss", plies: 1, estimate: null, text: "loss in 1" }), "loss in 1");
  assert.equal(valueWords({ value: "draw", plies: 9, estimate: null, text: "draw" }), "draw");
  assert.equal(valueWords({ value: estimate, plies: null, estimate: 0.35, text: "+0.35 (estimate)" }), "+0.35 (estimate)");
  assert.equal(valueWords({ value: estimate, plies: null, estimate: -1.2, text: "-1.20 (estimate)" }, true), "≈-1.20");
  assert.equal(valueWords({ value: estimate, plies: null, estimate: 0, text: "+0.00 (uppskattning)" }), "+0.00 (estimate)");
});

test("players, moves and methods in the page's words", () => {
  assert.equal(playerWords("X"), "X");
  assert.equal(playerWords("first player"), "first player");
  assert.equal(methodWords("memo"), "a solver that remembers every position it has seen");
  assert.equal(methodWords("new-method"), "new-method");
  const base = { position: "", legal: [], move_help: "as the API says it" };
  const grid = { rows: 3, columns: 3, cells: [], discs: false, cell_moves: [] };
  assert.equal(moveHelp({ ...base, name: "tictactoe", diagram: grid }),
    "a cell: its column letter and row number (a1 top left, c3 bottom right) or a number from 1 to 9, row by row");
  assert.equal(moveHelp({ ...base, name: "mnk:5,4,4", diagram: { ...grid, rows: 4, columns: 5 } }),
    "a cell: its column letter and row number (a1 top left, e4 bottom right) or a number from 1 to 20, row by row");
  assert.equal(moveHelp({ ...base, name: "connect4", diagram: { ...grid, rows: 6, columns: 7, discs: true } }),
    "a column number, 1 to 7");
  assert.equal(moveHelp({ ...base, name: "race:10,2", diagram: null, legal: ["1", "2"] }), "the amount to add, 1 to 2");
  assert.equal(moveHelp({ ...base, name: "nim:3,4,5", diagram: null, position: "3,4,5" }),
    "pile:amount, e.g. 1:2 takes 2 objects from pile 1 (piles 1 to 3)");
  assert.equal(moveHelp({ ...base, name: "bash:10,3", diagram: null }), "the number to take, 1 to 3 (1:k works too)");
  assert.equal(moveHelp({ ...base, name: "pursuit:cycle", diagram: null }), "as the API says it");
  // A graph drawn by the page: its own hint under the graph says what to click.
  const graph = /** @type {any} */ ({ vertices: [], edges: [] });
  assert.equal(moveHelp({ ...base, name: "pursuit:cycle:6", diagram: null, graph }),
    "click on the graph, as the line under it says");
  assert.equal(playerWords("cops"), "cops");
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

test("the taking games and the race drawn as text in the page's words", () => {
  const state = {
    game: "", name: "", position: "", moves: [], to_move: "first player",
    players: /** @type {[string, string]} */ (["first player", "second player"]),
    board: "as the API draws it", diagram: null, legal: [], legal_count: 0, move_help: "", outcome: null,
  };
  assert.equal(textBoard({ ...state, name: "nim:3,4,12", position: "3,4,12" }),
    "pile 1 |  3 ooo\npile 2 |  4 oooo\npile 3 | 12 oooooooooooo\nWho takes the last object wins.");
  assert.equal(textBoard({ ...state, name: "misere-nim:1", position: "1" }),
    "pile 1 | 1 o\nMisère: who takes the last object loses.");
  assert.equal(textBoard({ ...state, name: "bash:7,3", position: "7" }),
    "pile 1 | 7 ooooooo\nTake 1 to 3; who takes the last object wins.");
  assert.equal(textBoard({ ...state, name: "race:10,2", position: "4" }),
    "Total 4 of 10. Each turn adds 1 to 2; who reaches 10 wins.");
  assert.equal(textBoard({ ...state, name: "wythoff:4,6", position: "4,6" }).split("\n").length, 3);
  assert.equal(textBoard({ ...state, name: "pursuit:cycle", position: "x" }), "as the API draws it");
});
