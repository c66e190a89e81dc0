// The pages' logic that needs no browser: words, values in words, the move of a click.
// Run by `npm run check` (node's test runner).
import { test } from "node:test";
import assert from "node:assert/strict";
import { isMessageId, language, setLanguage, t } from "../assets/words.js";
import { valueWords } from "../assets/play-values.js";
import { cellMove } from "../assets/boards.js";

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
