// The play page's logic that needs no browser: the chess board's squares on the screen
// (turned round or not) and the moves between two squares; the page's own links (a game
// written into the address and read back, the tree lab's); the moves played, numbered
// and judged against the best move.
// Run by `npm run check` (node's test runner).
import { test } from "node:test";
import assert from "node:assert/strict";
import { movesBetween, pieceOn, squareAt, squareOnScreen, squarePlace, targetsFrom } from "../assets/chess-board.js";
import { gameFragment, hasTree, readGameLink, treeLabFragment } from "../assets/play-links.js";
import { judgeMove, moveLabels, valueRank } from "../assets/play-values.js";

/** The start position's board as the play state gives it (a part of its moves). */
const START = {
  fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  ranks: ["rnbqkbnr", "pppppppp", "........", "........", "........", "........", "PPPPPPPP", "RNBQKBNR"],
  turn: /** @type {"white"} */ ("white"),
  check: null,
  last: null,
  moves: [
    { move: "e3", from: "e2", to: "e3", promotion: null },
    { move: "e4", from: "e2", to: "e4", promotion: null },
    { move: "Nf3", from: "g1", to: "f3", promotion: null },
    { move: "Nh3", from: "g1", to: "h3", promotion: null },
  ],
};

test("squares on the screen, White at the bottom or turned round", () => {
  assert.deepEqual(squarePlace("a8"), { file: 0, row: 0 });
  assert.deepEqual(squarePlace("h1"), { file: 7, row: 7 });
  assert.equal(squarePlace("i1"), null);
  assert.equal(squarePlace("a9"), null);
  assert.deepEqual(squareOnScreen("a1", false), { x: 0, y: 7 });
  assert.deepEqual(squareOnScreen("a1", true), { x: 7, y: 0 });
  assert.deepEqual(squareOnScreen("e4", false), { x: 4, y: 4 });
  assert.deepEqual(squareOnScreen("e4", true), { x: 3, y: 3 });
  // The point at a fraction of the board: the top left corner is a8, or h1 turned round.
  assert.equal(squareAt(0.01, 0.01, false), "a8");
  assert.equal(squareAt(0.01, 0.01, true), "h1");
  assert.equal(squareAt(0.5625, 0.5625, false), "e4");
  assert.equal(squareAt(0.99, 0.99, false), "h1");
  assert.equal(squareAt(1, 0.5, false), null);
  assert.equal(squareAt(-0.01, 0.5, false), null);
});

test("the pieces and the moves between two squares", () => {
  assert.equal(pieceOn(START.ranks, "e1"), "K");
  assert.equal(pieceOn(START.ranks, "d8"), "q");
  assert.equal(pieceOn(START.ranks, "e4"), null);
  assert.deepEqual(targetsFrom(START, "e2"), ["e3", "e4"]);
  assert.deepEqual(targetsFrom(START, "e1"), []);
  assert.deepEqual(movesBetween(START, "g1", "f3").map((m) => m.move), ["Nf3"]);
  const promotions = { ...START, moves: ["q", "r", "b", "n"].map((p) => ({ move: `a8=${p.toUpperCase()}`, from: "a7", to: "a8", promotion: /** @type {"q"} */ (p) })) };
  assert.deepEqual(movesBetween(promotions, "a7", "a8").map((m) => m.promotion), ["q", "r", "b", "n"]);
});

test("a game written into the play page's address reads back the same", () => {
  const chess = {
    game: "chess",
    position: "8/P6k/8/8/8/8/8/K7 w - - 0 1",
    moves: ["a8=Q", "Kg6"],
    side: "both",
  };
  const fragment = gameFragment(chess);
  assert.equal(fragment, "game=chess&position=8%2FP6k%2F8%2F8%2F8%2F8%2F8%2FK7%20w%20-%20-%200%201&moves=a8%3DQ,Kg6&side=both");
  assert.deepEqual(readGameLink(`#${fragment}`), chess);
  // A pursuit move has a comma in it: encoded, it stays one move.
  const pursuit = { game: "pursuit:grid:3x3", position: null, moves: ["1,3", "5"], side: null };
  assert.equal(gameFragment(pursuit), "game=pursuit%3Agrid%3A3x3&moves=1%2C3,5");
  assert.deepEqual(readGameLink(gameFragment(pursuit)), pursuit);
  // The page's older links listed the moves with spaces (written "+").
  assert.deepEqual(readGameLink("#game=tictactoe&moves=a1+b2+c3").moves, ["a1", "b2", "c3"]);
  assert.deepEqual(readGameLink(""), { game: null, position: null, moves: [], side: null });
});

test("the tree lab's links", () => {
  assert.equal(
    treeLabFragment({ game: "chess", position: START.fen, depth: 2, algorithm: "alphabeta", compare: true }),
    "game=chess&position=rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR%20w%20KQkq%20-%200%201&depth=2&algorithm=alphabeta&compare=1",
  );
  assert.equal(treeLabFragment({ game: "race:10,2", position: "4", depth: 2 }), "game=race%3A10%2C2&position=4&depth=2");
  assert.equal(hasTree({ game: "tictactoe", graph: null }), true);
  assert.equal(hasTree({ game: "pursuit:cycle:5", graph: {} }), false);
});

test("the moves played are numbered as chess numbers them", () => {
  const after = (fen, moves) => /** @type {any} */ ({ moves, chess: { fen } });
  assert.deepEqual(
    moveLabels(after("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", ["e4", "e5", "Nf3", "Nc6"])),
    ["1.", "1…", "2.", "2…"],
  );
  // From a position with Black to move at move 30.
  assert.deepEqual(moveLabels(after("8/8/8/8/8/8/8/K6k b - - 0 31", ["Kh2", "Kb1"])), ["30…", "31."]);
  assert.deepEqual(moveLabels(/** @type {any} */ ({ moves: ["a1", "b2", "c3"], chess: null })), ["1.", "2.", "3."]);
});

test("a move that lost ground is one worse than the best", () => {
  /** @param {string} move @param {"win"|"draw"|"loss"|"estimate"} value @param {number|null} plies @param {number|null} estimate */
  const mv = (move, value, plies = null, estimate = null) => ({ move, value, plies, estimate, text: "", pv: [] });
  const analysis = (moves) => /** @type {any} */ ({ moves });
  const exact = analysis([mv("c1", "win", 3), mv("b1", "draw"), mv("a2", "win", 5), mv("b3", "loss", 2)]);
  assert.deepEqual(judgeMove(exact, "c1").lost, false);
  assert.deepEqual(judgeMove(exact, "b1").lost, true);
  assert.deepEqual(judgeMove(exact, "a2").lost, true, "a slower win gives ground away");
  assert.deepEqual(judgeMove(exact, "b3").best?.move, "c1");
  assert.deepEqual(judgeMove(exact, "zz"), { value: null, best: exact.moves[0], lost: false });
  assert.deepEqual(judgeMove(null, "c1"), { value: null, best: null, lost: false });
  // Estimates: a small difference is noise; a clear one is ground lost.
  const estimates = analysis([mv("e4", "estimate", null, 0.3), mv("a3", "estimate", null, 0.1), mv("f3", "estimate", null, -0.5)]);
  assert.equal(judgeMove(estimates, "a3").lost, false);
  assert.equal(judgeMove(estimates, "f3").lost, true);
  assert.ok(valueRank(mv("x", "win", 1)) > valueRank(mv("x", "win", 9)));
  assert.ok(valueRank(mv("x", "win", 99)) > valueRank(mv("x", "estimate", null, 20)));
  assert.ok(valueRank(mv("x", "loss", 9)) > valueRank(mv("x", "loss", 1)));
  assert.ok(valueRank(mv("x", "estimate", null, -20)) > valueRank(mv("x", "loss", 99)));
});
