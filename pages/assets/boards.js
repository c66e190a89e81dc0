// Boards: a game's position drawn so that a move is a click. Chess is drawn from the
// play state's `chess` field (chess-board.js), pursuit's graph from `graph`
// (graph-board.js), the taking games' piles from `piles` (piles-board.js); games with a
// grid (tic-tac-toe and every m,n,k game with X and O marks; Connect Four with discs)
// as a grid of buttons from the API's diagram; every other game as its text board, its
// moves listed beside it (play-values.js).

import { drawChessBoard } from "./chess-board.js";
import { make } from "./dom.js";
import { drawGraphBoard } from "./graph-board.js";
import { drawPilesBoard } from "./piles-board.js";
import { playerWords, valueOf, valueSpan, valueWords } from "./play-values.js";
import { t } from "./words.js";

/** @typedef {import("../types/api").PlayState} PlayState */
/** @typedef {import("../types/api").Analysis} Analysis */
/** @typedef {import("../types/api").Diagram} Diagram */

/**
 * What a board shows and what a click on it does.
 * @typedef {object} BoardView
 * @property {PlayState} state the position
 * @property {Analysis | null} analysis every move's value, when shown
 * @property {boolean} enabled whether a move may be played now (the human's turn)
 * @property {(move: string) => void} onMove plays a move
 * @property {boolean} [flipped] chess: Black at the bottom
 * @property {() => void} [onFlip] chess: turns the board round
 */

/**
 * Draws the board of `view.state` into `area` (replacing what was there).
 * @param {HTMLElement} area
 * @param {BoardView} view
 */
export function drawBoard(area, view) {
  const state = view.state;
  // (These fill the area themselves: they may keep their drawing between calls, so that
  // a drag or a choice half made survives a redraw.)
  if (state.chess) return drawChessBoard(area, view);
  if (state.graph) return drawGraphBoard(area, view);
  if (state.piles) return drawPilesBoard(area, view);
  area.replaceChildren();
  const diagram = state.diagram;
  if (diagram) {
    area.append(gridBoard(diagram, view));
  } else {
    area.append(make("pre", { id: "board-text", text: textBoard(view.state) }));
  }
}

/**
 * Whole numbers written with commas ("3,4,5"), or null if any is not one.
 * @param {string | undefined} text
 * @returns {number[] | null}
 */
function numbers(text) {
  if (!text) return null;
  const list = text.split(",").map((n) => Number(n.trim()));
  return list.every((n) => Number.isInteger(n) && n >= 0) ? list : null;
}

/**
 * Piles drawn as text: a line each, "pile 1 | 3 ooo".
 * @param {number[]} piles
 * @returns {string}
 */
function pilesText(piles) {
  const labels = piles.map((_, i) => t("play.board.pile", { pile: i + 1 }));
  const wide = Math.max(...labels.map((l) => l.length));
  const digits = Math.max(...piles.map((n) => String(n).length));
  return piles.map((n, i) => {
    const bar = "o".repeat(Math.min(n, 40)) + (n > 40 ? "..." : "");
    return `${labels[i].padEnd(wide)} | ${String(n).padStart(digits)} ${bar}`;
  }).join("\n");
}

/**
 * The board of a game with no grid, in the page's words for the games it knows (the
 * taking games and the race: their piles or total, and their rule), else as the API
 * draws it.
 * @param {PlayState} state
 * @returns {string}
 */
export function textBoard(state) {
  const [kind, args] = state.name.split(":");
  const position = numbers(state.position);
  const spec = numbers(args);
  if ((kind === "nim" || kind === "misere-nim") && position) {
    return `${pilesText(position)}\n${t(kind === "nim" ? "play.rule.nim" : "play.rule.misere-nim")}`;
  }
  if (kind === "wythoff" && position && position.length === 2) {
    return `${pilesText(position)}\n${t("play.rule.wythoff")}`;
  }
  if (kind === "bash" && position && spec && spec.length === 2) {
    return `${pilesText(position)}\n${t("play.rule.bash", { most: spec[1] })}`;
  }
  if (kind === "race" && position && position.length === 1 && spec && spec.length === 2) {
    return t("play.board.race", { total: position[0], target: spec[0], most: spec[1] });
  }
  return state.board;
}

/**
 * The move a click on a cell plays: the move that puts a stone there; on a board of
 * discs (Connect Four) any cell of a column plays that column.
 * @param {Diagram} diagram
 * @param {number} row
 * @param {number} column
 * @returns {string | null}
 */
export function cellMove(diagram, row, column) {
  const own = diagram.cell_moves[row]?.[column] ?? null;
  if (own || !diagram.discs) return own;
  return columnMove(diagram, column);
}

/**
 * The move that drops a disc into a column, if the column has room.
 * @param {Diagram} diagram
 * @param {number} column
 * @returns {string | null}
 */
function columnMove(diagram, column) {
  for (let row = 0; row < diagram.rows; row++) {
    const move = diagram.cell_moves[row]?.[column];
    if (move) return move;
  }
  return null;
}

/**
 * A grid of cells, and under a board of discs each column's value.
 * @param {Diagram} diagram
 * @param {BoardView} view
 * @returns {HTMLElement}
 */
function gridBoard(diagram, view) {
  const { state, analysis } = view;
  const wrapper = make("div", { className: `board-wrap${diagram.discs ? " discs" : ""}` });
  // The cells' size follows the number of columns (CSS), so a board fits a phone.
  wrapper.style.setProperty("--columns", String(diagram.columns));
  const board = make("div", { className: `board${diagram.discs ? " discs" : ""}` });
  board.setAttribute("role", "grid");
  board.setAttribute("aria-label", t("play.board.name", { game: state.name }));
  for (let row = 0; row < diagram.rows; row++) {
    const line = diagram.cells[row] ?? "";
    for (let column = 0; column < diagram.columns; column++) {
      const mark = line[column] ?? ".";
      const move = cellMove(diagram, row, column);
      const cell = make("button", { className: `cell${mark === "." ? "" : " " + mark}` });
      cell.type = "button";
      cell.dataset.row = String(row);
      cell.dataset.column = String(column);
      if (move) cell.dataset.move = move;
      const name = mark === "." ? t("play.cell.empty") : playerWords(mark === "X" ? state.players[0] : state.players[1]);
      cell.setAttribute("aria-label", t("play.cell", { row: row + 1, column: column + 1, name }));
      if (mark !== ".") cell.append(document.createTextNode(mark));
      const own = diagram.cell_moves[row]?.[column] ?? null;
      const value = own && !diagram.discs ? valueOf(analysis, own) : null;
      if (value) cell.append(valueSpan(value));
      cell.disabled = !move || !!state.outcome || !view.enabled;
      cell.addEventListener("click", () => {
        if (move) view.onMove(move);
      });
      board.append(cell);
    }
  }
  wrapper.append(board);
  if (diagram.discs && analysis) {
    // Connect Four: each column's value under the board, left to right.
    const values = make("div", { className: "column-values", id: "column-values" });
    for (let column = 0; column < diagram.columns; column++) {
      const cell = make("div");
      const move = columnMove(diagram, column);
      const value = move ? valueOf(analysis, move) : null;
      if (move && value) {
        cell.append(valueSpan(value, true));
        cell.dataset.move = move;
        cell.setAttribute("aria-label", t("play.column.value", {
          column: column + 1,
          value: valueWords(value),
        }));
      }
      values.append(cell);
    }
    wrapper.append(values);
  }
  return wrapper;
}
