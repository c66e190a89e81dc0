// The taking games' board (Nim, misère Nim, Bash, Wythoff, subtraction games): each
// pile a row of counters, and a click on a counter takes it and every counter to its
// right from that pile (Wythoff: with "take from both" on, the same number from each
// pile). Beside it the game's theory in the page's words, from the state's `theory`:
// Nim's piles in binary and their xor, Wythoff's cold pairs, Bash's multiples of m + 1,
// a subtraction game's Grundy values.

import { make } from "./dom.js";
import { valueOf, valueWords } from "./play-values.js";
import { t } from "./words.js";

/** @typedef {import("../types/api").PilesBoard} PilesBoard */
/** @typedef {import("../types/api").PilesTheory} PilesTheory */
/** @typedef {import("./boards.js").BoardView} BoardView */

/** The most counters a pile row draws; a bigger pile draws its last ones after a count. */
export const MOST_COUNTERS = 40;
/** The most numbers a table of the theory shows (Grundy values, multiples, cold pairs). */
const MOST_COLUMNS = 40;

/**
 * The counters a pile row draws: how many are left out at its start, then, for each
 * counter drawn from left to right, how many a click on it takes (it and those to its
 * right).
 * @param {number} size
 * @param {number} [most]
 * @returns {{hidden: number, takes: number[]}}
 */
export function pileCounters(size, most = MOST_COUNTERS) {
  const shown = Math.min(size, most);
  return { hidden: size - shown, takes: Array.from({ length: shown }, (_, i) => shown - i) };
}

/**
 * The legal move that takes `take` from pile `pile` (null: from both piles), if any.
 * @param {Pick<PilesBoard, "moves">} board
 * @param {number | null} pile
 * @param {number} take
 * @returns {string | null}
 */
export function takeMove(board, pile, take) {
  return board.moves.find((m) => m.pile === pile && m.take === take)?.move ?? null;
}

/**
 * A move in words ("take 2 from pile 1"), from the board's list of moves; as written if
 * the list lacks it.
 * @param {Pick<PilesBoard, "moves" | "piles">} board
 * @param {string} move
 * @returns {string}
 */
export function takeWords(board, move) {
  const found = board.moves.find((m) => m.move === move);
  if (!found) return move;
  if (found.pile === null) return t("boards.piles.take.both", { count: found.take });
  if (board.piles.length === 1) return t("boards.piles.take.one", { count: found.take });
  return t("boards.piles.take", { count: found.take, pile: found.pile + 1 });
}

/**
 * Nim's table: a row per pile (its number, size and binary), then the xor's row.
 * @param {number[]} piles
 * @param {Extract<PilesTheory, {kind: "nim"}>} theory
 * @returns {{label: string, size: string, binary: string}[]}
 */
export function nimRows(piles, theory) {
  const rows = piles.map((size, i) => ({
    label: t("boards.piles.pile", { pile: i + 1 }),
    size: String(size),
    binary: theory.binary[i] ?? size.toString(2),
  }));
  rows.push({ label: t("boards.nim.xor"), size: String(theory.xor), binary: theory.xor_binary });
  return rows;
}

/**
 * Where the position stands among Wythoff's cold pairs: the k of its pair (in either
 * order), or null when it is not one.
 * @param {number[]} piles
 * @param {[number, number][]} cold
 * @returns {number | null}
 */
export function coldIndex(piles, cold) {
  const [a, b] = [Math.min(piles[0], piles[1]), Math.max(piles[0], piles[1])];
  const k = cold.findIndex(([x, y]) => x === a && y === b);
  return k >= 0 ? k : null;
}

/** Whether Wythoff's "take from both" is on (kept across redraws). */
let both = false;

/**
 * Draws the piles of `view.state` and their theory into `area` (replacing what was there).
 * @param {HTMLElement} area
 * @param {BoardView} view
 */
export function drawPilesBoard(area, view) {
  area.replaceChildren();
  const board = view.state.piles;
  if (!board) return;
  const wrap = make("div", { className: "piles-board", id: "piles-board" });
  area.append(wrap);
  const redraw = () => {
    wrap.replaceChildren(...pilesParts(board, view, redraw));
  };
  redraw();
}

/**
 * The board's parts: the rule, the piles, the "take from both" switch, the theory.
 * @param {PilesBoard} board
 * @param {BoardView} view
 * @param {() => void} redraw
 * @returns {HTMLElement[]}
 */
function pilesParts(board, view, redraw) {
  const { state } = view;
  const playing = view.enabled && !state.outcome;
  const wythoff = board.kind === "wythoff";
  const together = wythoff && both;
  /** @type {HTMLElement[]} */
  const parts = [make("p", { className: "piles-rule", text: ruleWords(board) })];

  const rows = make("div", { className: `piles${together ? " both" : ""}${playing ? " playing" : ""}` });
  rows.setAttribute("role", "group");
  rows.setAttribute("aria-label", t("boards.piles.label", { game: state.name }));
  board.piles.forEach((size, pile) => {
    const row = make("div", { className: "pile", id: `pile-${pile + 1}` });
    row.dataset.pile = String(pile + 1);
    row.append(make("span", {
      className: "pile-name",
      text: board.piles.length === 1
        ? t("boards.piles.size.one", { count: size })
        : t("boards.piles.size", { pile: pile + 1, count: size }),
    }));
    const counters = make("div", { className: "counters" });
    const { hidden, takes } = pileCounters(size);
    if (hidden > 0) counters.append(make("span", { className: "more", text: t("boards.piles.more", { count: hidden }) }));
    for (const take of takes) {
      const move = takeMove(board, together ? null : pile, take);
      const counter = make("button", { className: "counter" });
      counter.type = "button";
      counter.dataset.take = String(take);
      if (move) counter.dataset.move = move;
      const value = move ? valueOf(view.analysis, move) : null;
      if (value) counter.classList.add(`value-${value.value}`);
      const words = move ? takeWords(board, move) : t("boards.piles.counter", { pile: pile + 1 });
      counter.setAttribute("aria-label", value ? t("boards.piles.counter.value", { move: words, value: valueWords(value) }) : words);
      counter.title = counter.getAttribute("aria-label") ?? "";
      counter.disabled = !playing || !move;
      counter.addEventListener("click", () => {
        if (move) view.onMove(move);
      });
      if (together) {
        // The counters the move takes, in both piles, light up together.
        counter.addEventListener("pointerenter", () => light(rows, take, true));
        counter.addEventListener("pointerleave", () => light(rows, take, false));
      }
      counters.append(counter);
    }
    row.append(counters);
    rows.append(row);
  });
  parts.push(rows);

  if (wythoff && playing) {
    const toggle = make("button", { id: "take-both", className: "take-both", text: t("boards.piles.both") });
    toggle.type = "button";
    toggle.setAttribute("aria-pressed", String(together));
    toggle.addEventListener("click", () => {
      both = !both;
      redraw();
    });
    const row = make("div", { className: "row" });
    row.append(toggle);
    parts.push(row);
  }
  if (playing) {
    parts.push(make("p", {
      className: "piles-hint", id: "piles-hint",
      text: t(together ? "boards.piles.hint.both" : "boards.piles.hint"),
    }));
  }
  parts.push(theoryPart(board));
  return parts;
}

/**
 * Lights up (or not) the last `take` counters of every pile: the ones "take from both"
 * would take.
 * @param {HTMLElement} rows
 * @param {number} take
 * @param {boolean} on
 */
function light(rows, take, on) {
  for (const counter of rows.querySelectorAll(".counter")) {
    const own = counter instanceof HTMLElement ? Number(counter.dataset.take) : 0;
    counter.classList.toggle("lit", on && own <= take);
  }
}

/**
 * The rule of the game, in words.
 * @param {PilesBoard} board
 * @returns {string}
 */
function ruleWords(board) {
  const theory = board.theory;
  switch (theory.kind) {
    case "nim":
      return t(theory.misere ? "boards.rule.misere-nim" : "boards.rule.nim");
    case "wythoff":
      return t("boards.rule.wythoff");
    case "bash":
      return t("boards.rule.bash", { most: theory.most, count: theory.most });
    case "subtraction":
      return t("boards.rule.subtraction", { set: theory.set.join(", ") });
  }
}

/**
 * The theory: why the position is won or lost, and the winning moves.
 * @param {PilesBoard} board
 * @returns {HTMLElement}
 */
function theoryPart(board) {
  const theory = board.theory;
  const box = make("details", { className: "theory", id: "theory" });
  box.open = true;
  box.dataset.kind = theory.kind;
  box.append(make("summary", { text: t("boards.theory.heading") }));
  switch (theory.kind) {
    case "nim":
      nimTheory(box, board.piles, theory);
      break;
    case "wythoff":
      wythoffTheory(box, board.piles, theory);
      break;
    case "bash":
      bashTheory(box, board.piles, theory);
      break;
    case "subtraction":
      subtractionTheory(box, board.piles, theory);
      break;
  }
  box.append(make("p", {
    className: `verdict ${theory.winning ? "win" : "loss"}`, id: "theory-verdict",
    text: t(theory.winning ? "boards.theory.win" : "boards.theory.loss"),
  }));
  if (theory.winning_moves.length > 0) {
    box.append(make("p", {
      className: "winning", id: "theory-winning",
      text: t("boards.theory.winning", {
        count: theory.winning_moves.length,
        moves: theory.winning_moves.map((m) => takeWords(board, m)).join(t("boards.theory.separator")),
      }),
    }));
  }
  return box;
}

/**
 * A table from rows of cells, the first row its head.
 * @param {string} id
 * @param {string[][]} rows
 * @param {(row: number, column: number) => string} [mark] a class for a cell
 * @returns {HTMLElement}
 */
function table(id, rows, mark = () => "") {
  const scroll = make("div", { className: "theory-scroll" });
  const element = make("table", { id });
  rows.forEach((cells, r) => {
    const row = make("tr");
    cells.forEach((cell, c) => {
      const tag = r === 0 || c === 0 ? "th" : "td";
      const el = make(tag, { text: cell });
      const name = mark(r, c);
      if (name) el.className = name;
      row.append(el);
    });
    element.append(row);
  });
  scroll.append(element);
  return scroll;
}

/**
 * Nim: the piles in binary, their xor, and what it says.
 * @param {HTMLElement} box
 * @param {number[]} piles
 * @param {Extract<PilesTheory, {kind: "nim"}>} theory
 */
function nimTheory(box, piles, theory) {
  const rows = nimRows(piles, theory);
  const element = make("table", { id: "nim-binary", className: "binary" });
  const head = make("tr");
  for (const id of ["boards.nim.pile", "boards.nim.size", "boards.nim.binary"]) head.append(make("th", { text: t(id) }));
  element.append(head);
  rows.forEach((row, i) => {
    const line = make("tr", { className: i === rows.length - 1 ? "xor" : "" });
    line.append(make("th", { text: row.label }), make("td", { text: row.size }));
    const bits = make("td", { className: "bits" });
    bits.textContent = [...row.binary].join(" ");
    line.append(bits);
    element.append(line);
  });
  box.append(element);
  if (theory.misere && piles.every((n) => n <= 1)) {
    // Misère Nim's end, where the xor no longer decides: count the piles of one.
    box.append(make("p", {
      id: "nim-says",
      text: t("boards.nim.misere-end", { count: piles.filter((n) => n === 1).length }),
    }));
    return;
  }
  box.append(make("p", {
    id: "nim-says",
    text: theory.xor === 0
      ? t("boards.nim.zero")
      : t("boards.nim.nonzero", { xor: theory.xor, binary: theory.xor_binary }),
  }));
  if (theory.misere) box.append(make("p", { text: t("boards.nim.misere") }));
}

/**
 * Wythoff: the cold pairs, the position's place among them.
 * @param {HTMLElement} box
 * @param {number[]} piles
 * @param {Extract<PilesTheory, {kind: "wythoff"}>} theory
 */
function wythoffTheory(box, piles, theory) {
  box.append(make("p", { text: t("boards.wythoff.intro") }));
  const cold = theory.cold.slice(0, MOST_COLUMNS);
  const k = coldIndex(piles, theory.cold);
  const rows = [
    [t("boards.wythoff.k"), ...cold.map((_, i) => String(i))],
    [t("boards.wythoff.a"), ...cold.map(([a]) => String(a))],
    [t("boards.wythoff.b"), ...cold.map(([, b]) => String(b))],
  ];
  box.append(table("wythoff-cold", rows, (_, c) => (c > 0 && c - 1 === k ? "here" : "")));
  const [a, b] = [piles[0], piles[1]];
  box.append(make("p", {
    id: "wythoff-place",
    text: k === null ? t("boards.wythoff.hot", { a, b }) : t("boards.wythoff.cold", { a, b, k }),
  }));
}

/**
 * Bash: the multiples of m + 1, and where the pile stands.
 * @param {HTMLElement} box
 * @param {number[]} piles
 * @param {Extract<PilesTheory, {kind: "bash"}>} theory
 */
function bashTheory(box, piles, theory) {
  const pile = piles[0] ?? 0;
  box.append(make("p", { text: t("boards.bash.intro", { most: theory.most, period: theory.period }) }));
  const multiples = [];
  for (let n = 0; n <= pile + theory.period && multiples.length < MOST_COLUMNS; n += theory.period) multiples.push(n);
  const list = make("p", { className: "multiples", id: "bash-multiples" });
  list.append(t("boards.bash.multiples"), " ");
  multiples.forEach((n, i) => {
    if (i > 0) list.append(" ");
    list.append(make("span", { className: n === pile ? "here" : "", text: String(n) }));
  });
  list.append(" …");
  box.append(list);
  box.append(make("p", {
    id: "bash-place",
    text: t("boards.bash.place", {
      pile, times: Math.floor(pile / theory.period), period: theory.period, remainder: theory.remainder,
    }),
  }));
}

/**
 * A subtraction game: the Grundy values of the pile sizes, the piles' values, their xor.
 * @param {HTMLElement} box
 * @param {number[]} piles
 * @param {Extract<PilesTheory, {kind: "subtraction"}>} theory
 */
function subtractionTheory(box, piles, theory) {
  box.append(make("p", { text: t("boards.subtraction.intro", { set: theory.set.join(", ") }) }));
  const shown = theory.grundy.slice(0, MOST_COLUMNS);
  const rows = [
    [t("boards.subtraction.n"), ...shown.map((_, n) => String(n))],
    [t("boards.subtraction.g"), ...shown.map(String)],
  ];
  const sizes = new Set(piles);
  box.append(table("grundy", rows, (_, c) => (c > 0 && sizes.has(c - 1) ? "here" : "")));
  const each = piles.map((n, i) => t("boards.subtraction.value", { n, g: theory.values[i] ?? "?" })).join(", ");
  box.append(make("p", {
    id: "grundy-xor",
    text: piles.length === 1
      ? t("boards.subtraction.one", { each })
      : t("boards.subtraction.sum", { each, xor: theory.xor }),
  }));
}
