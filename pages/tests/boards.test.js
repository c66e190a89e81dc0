// The play page's boards of the pursuit games and the taking games, without a browser:
// where the graph's vertices go, a cops' move composed from clicks, the moves left to
// capture read from the analysis, the counters a click takes, and the theory's rows.
// Run by `npm run check` (node's test runner).
import { test } from "node:test";
import assert from "node:assert/strict";
import { useWords } from "./catalogs.js";
import { afterSearch, chase, copsMove, graphGeometry, neighbours, reach } from "../assets/graph-board.js";
import { coldIndex, nimRows, pileCounters, takeMove, takeWords } from "../assets/piles-board.js";

/** The 3×3 grid as the API lays it out: a1 top left, columns a to c, rows 1 to 3. */
function grid3() {
  const vertices = [];
  /** @type {[number, number][]} */
  const edges = [];
  for (let row = 0; row < 3; row++) {
    for (let column = 0; column < 3; column++) {
      vertices.push({ name: `${"abc"[column]}${row + 1}`, x: column / 2, y: row / 2 });
      const i = row * 3 + column;
      if (column < 2) edges.push([i, i + 1]);
      if (row < 2) edges.push([i, i + 3]);
    }
  }
  return { vertices, edges };
}

test("the graph is scaled so that two vertices stay a finger (44 px) apart", () => {
  const shape = graphGeometry(grid3());
  // Neighbours 0.5 apart: 500 units; the radius is capped at 70, the margin twice it.
  assert.equal(shape.radius, 70);
  assert.deepEqual(shape.viewBox, { x: -140, y: -140, width: 1280, height: 1280 });
  assert.deepEqual(shape.points[8], { x: 1000, y: 1000 });
  // 1280 units at 44 px per 500: at least 113 px wide; at most 560.
  assert.equal(shape.narrowest, 113);
  assert.equal(shape.widest, 560);
  // A path of 40 vertices on a line: 1/39 apart, so it needs more than a phone's width.
  const path = graphGeometry({
    vertices: Array.from({ length: 40 }, (_, i) => ({ name: String(i), x: i / 39, y: 0.5 })),
  });
  assert.ok(path.narrowest > 390 * 4, `${path.narrowest}`);
  assert.equal(path.viewBox.height, 4 * path.radius);
});

test("a piece goes to a neighbour or stays", () => {
  const next = neighbours(grid3());
  assert.deepEqual([...reach(next, 4)].sort(), [1, 3, 4, 5, 7]);
  assert.deepEqual([...reach(next, 0)].sort(), [0, 1, 3]);
});

test("a cops' move is written as the state lists it, whatever order the cops were sent in", () => {
  const board = grid3();
  assert.equal(copsMove(board, [8, 0], ["a1,b3", "a1,c3"]), "a1,c3");
  assert.equal(copsMove(board, [8, 0], ["c3,a1"]), "c3,a1");
  // Not listed: the names in the vertices' order.
  assert.equal(copsMove(board, [4, 1, 4], []), "b1,b2,b2");
});

test("the moves left to capture, from the analysis", () => {
  /**
   * @param {"win" | "loss" | "draw" | "estimate"} value
   * @param {number | null} plies
   * @param {boolean} [exact]
   */
  const analysis = (value, plies, exact = true) => ({
    exact, value, moves: [{ move: "x", value, plies, estimate: null, text: "", pv: [] }],
  });
  // pursuit:grid:3x3,cops=2 from the start: the cops win in 5 plies (place, place, move,
  // move, move): 3 cop moves, placing included.
  assert.deepEqual(chase({ turn: "cops", hidden: false }, analysis("win", 5)), { capture: true, copMoves: 3 });
  // The fugitive to move, lost in 4 plies: 2 cop moves.
  assert.deepEqual(chase({ turn: "fugitive", hidden: false }, analysis("loss", 4)), { capture: true, copMoves: 2 });
  // Invisible: only the cops move, a ply is a cop move.
  assert.deepEqual(chase({ turn: "cops", hidden: true }, analysis("win", 3)), { capture: true, copMoves: 3 });
  assert.deepEqual(chase({ turn: "cops", hidden: false }, analysis("draw", null)), { capture: false });
  assert.equal(chase({ turn: "cops", hidden: false }, analysis("estimate", null, false)), null);
  assert.equal(chase({ turn: "cops", hidden: false }, null), null);
});

test("a click on a counter takes it and every counter to its right", () => {
  assert.deepEqual(pileCounters(5), { hidden: 0, takes: [5, 4, 3, 2, 1] });
  assert.deepEqual(pileCounters(0), { hidden: 0, takes: [] });
  const big = pileCounters(45, 40);
  assert.equal(big.hidden, 5);
  assert.equal(big.takes.length, 40);
  assert.equal(big.takes[0], 40);
  assert.equal(big.takes[39], 1);
});

test("the taking games' moves and theory in words", async () => {
  await useWords("en");
  const nim = {
    piles: [3, 4, 5],
    moves: [
      { move: "1:2", pile: 0, take: 2 },
      { move: "3:5", pile: 2, take: 5 },
    ],
  };
  assert.equal(takeMove(nim, 0, 2), "1:2");
  assert.equal(takeMove(nim, 1, 2), null);
  assert.equal(takeWords(nim, "1:2"), "take 2 from pile 1");
  assert.equal(takeWords(nim, "9:9"), "9:9");
  const wythoff = { piles: [4, 6], moves: [{ move: "both:1", pile: null, take: 1 }] };
  assert.equal(takeMove(wythoff, null, 1), "both:1");
  assert.equal(takeWords(wythoff, "both:1"), "take 1 from both piles");
  assert.equal(takeWords({ piles: [21], moves: [{ move: "1:3", pile: 0, take: 3 }] }, "1:3"), "take 3");

  const rows = nimRows([3, 4, 5], {
    kind: "nim", misere: false, binary: ["011", "100", "101"], xor: 2, xor_binary: "010",
    winning: true, winning_moves: ["1:2"],
  });
  assert.deepEqual(rows, [
    { label: "Pile 1", size: "3", binary: "011" },
    { label: "Pile 2", size: "4", binary: "100" },
    { label: "Pile 3", size: "5", binary: "101" },
    { label: "xor", size: "2", binary: "010" },
  ]);

  /** @type {[number, number][]} */
  const cold = [[0, 0], [1, 2], [3, 5], [4, 7], [6, 10]];
  assert.equal(coldIndex([5, 3], cold), 2);
  assert.equal(coldIndex([4, 7], cold), 3);
  assert.equal(coldIndex([4, 6], cold), null);
});

test("an invisible fugitive's places after a cops' move", () => {
  /** The cycle of 6: i next to i ± 1. */
  const next = Array.from({ length: 6 }, (_, i) => new Set([(i + 1) % 6, (i + 5) % 6]));
  // Placed on 0 and 1: the fugitive is anywhere else.
  assert.deepEqual(afterSearch(next, [0, 1, 2, 3, 4, 5], [0, 1], true), [2, 3, 4, 5]);
  // Then 0 → 5 and 1 → 2: 5 and 2 are cleared, 3 and 4 may have stepped but not past a cop.
  assert.deepEqual(afterSearch(next, [2, 3, 4, 5], [2, 5], false), [3, 4]);
  // Then 5 → 4 and 2 → 3: nothing is left.
  assert.deepEqual(afterSearch(next, [3, 4], [3, 4], false), []);
  // Placed opposite (0 and 3), the cops may go 0 → 1 and 3 → 2: still four places.
  assert.deepEqual(afterSearch(next, [1, 2, 4, 5], [1, 2], false), [0, 3, 4, 5]);
});
