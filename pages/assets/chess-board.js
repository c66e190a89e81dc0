// The chess board of the play page: the play state's `chess` field (docs/api.md,
// "Boards") drawn in SVG with ply's own piece drawings, a move played by clicking a
// piece then its square, or by dragging it there (pointer events: a mouse, a finger or
// a pen alike). A pawn reaching the last rank asks which piece it becomes. The last
// move and a king in check are marked; the board turns round on request.
//
// The board is drawn once per area and then only redrawn inside, so that an answer
// arriving while a piece is being dragged (the values of the moves, say) leaves the
// drag alone. Every square is a <rect data-square="e4">; pieces, marks and hints let
// the pointer through to the squares (the clicks are read from where they fall on the
// board, which is what turning it round needs anyway).

import { make } from "./dom.js";
import { valueOf, valueWords } from "./play-values.js";
import { t } from "./words.js";

/** @typedef {import("../types/api").ChessBoard} ChessBoard */
/** @typedef {ChessBoard["moves"][number]} ChessMove */
/** @typedef {import("./boards.js").BoardView} BoardView */

const SVG = "http://www.w3.org/2000/svg";
const FILES = "abcdefgh";
/** A square's side, in the board's own units (the board is 8 of them wide). */
const UNIT = 100;
/** How far (CSS pixels) a pressed pointer must move before it drags the piece. */
const DRAG_START = 5;

/**
 * A square's name ("e4") from its file (0 = a) and its row from the top of the board
 * as White sees it (0 = rank 8).
 * @param {number} file
 * @param {number} row
 * @returns {string}
 */
export function squareName(file, row) {
  return `${FILES[file]}${8 - row}`;
}

/**
 * A square's file (0 = a) and row from the top as White sees it (0 = rank 8), or null
 * for a name that is not a square.
 * @param {string} square
 * @returns {{file: number, row: number} | null}
 */
export function squarePlace(square) {
  const file = FILES.indexOf(square[0] ?? "");
  const rank = Number(square.slice(1));
  if (square.length !== 2 || file < 0 || !Number.isInteger(rank) || rank < 1 || rank > 8) return null;
  return { file, row: 8 - rank };
}

/**
 * Where a square is drawn: its column and row on the screen (0, 0 top left), White at
 * the bottom unless the board is turned round.
 * @param {string} square
 * @param {boolean} flipped
 * @returns {{x: number, y: number} | null}
 */
export function squareOnScreen(square, flipped) {
  const place = squarePlace(square);
  if (!place) return null;
  return flipped ? { x: 7 - place.file, y: 7 - place.row } : { x: place.file, y: place.row };
}

/**
 * The square under a point of the board, the point given as fractions of the board's
 * width and height from its top left corner; null off the board.
 * @param {number} fx
 * @param {number} fy
 * @param {boolean} flipped
 * @returns {string | null}
 */
export function squareAt(fx, fy, flipped) {
  if (!(fx >= 0 && fx < 1 && fy >= 0 && fy < 1)) return null;
  const x = Math.floor(fx * 8);
  const y = Math.floor(fy * 8);
  return flipped ? squareName(7 - x, 7 - y) : squareName(x, y);
}

/**
 * The piece on a square, as FEN writes it ("P", "k"), or null.
 * @param {string[]} ranks the board's eight ranks, rank 8 first
 * @param {string} square
 * @returns {string | null}
 */
export function pieceOn(ranks, square) {
  const place = squarePlace(square);
  if (!place) return null;
  const letter = ranks[place.row]?.[place.file] ?? ".";
  return letter === "." ? null : letter;
}

/**
 * The legal moves from a square to another: one, or four promotions.
 * @param {ChessBoard} chess
 * @param {string} from
 * @param {string} to
 * @returns {ChessMove[]}
 */
export function movesBetween(chess, from, to) {
  return chess.moves.filter((m) => m.from === from && m.to === to);
}

/**
 * The squares a piece on `from` may move to, each once.
 * @param {ChessBoard} chess
 * @param {string} from
 * @returns {string[]}
 */
export function targetsFrom(chess, from) {
  return [...new Set(chess.moves.filter((m) => m.from === from).map((m) => m.to))];
}

// ----- The pieces ----------------------------------------------------------------------

/**
 * A part of a piece's drawing: `body` parts are filled with the piece's colour and
 * outlined, `line` parts are inner strokes drawn in the other colour.
 * @typedef {{tag: "path" | "circle", part: "body" | "line", attrs: Record<string, string | number>}} Part
 */

/** The common foot of the tall pieces. */
const FOOT = "M24 87 C24 79 29 76 36 76 L64 76 C71 76 76 79 76 87 Z";

/**
 * Each piece's drawing in a 100 × 100 square, by its lowercase letter.
 * @type {Record<string, Part[]>}
 */
const SHAPES = {
  p: [
    { tag: "path", part: "body", attrs: { d: "M27 87 C27 77 33 73 41 72 C41 64 38 58 39 51 L61 51 C62 58 59 64 59 72 C67 73 73 77 73 87 Z" } },
    { tag: "path", part: "body", attrs: { d: "M35 52 C35 48 40 46 50 46 C60 46 65 48 65 52 Z" } },
    { tag: "circle", part: "body", attrs: { cx: 50, cy: 34, r: 12.5 } },
  ],
  r: [
    { tag: "path", part: "body", attrs: { d: FOOT } },
    { tag: "path", part: "body", attrs: { d: "M33 76 L36 41 L64 41 L67 76 Z" } },
    { tag: "path", part: "body", attrs: { d: "M29 42 L29 18 L38 18 L38 25 L45.5 25 L45.5 18 L54.5 18 L54.5 25 L62 25 L62 18 L71 18 L71 42 Z" } },
    { tag: "path", part: "line", attrs: { d: "M33 34 L67 34 M37 69 L63 69" } },
  ],
  n: [
    { tag: "path", part: "body", attrs: { d: FOOT } },
    {
      tag: "path", part: "body", attrs: {
        d: "M31 76 C33 64 38 58 45 54 C40 53 36 55 32 59 C28 63 22 63 20 59 C18 55 20 51 24 47 " +
          "C29 41 31 34 36 28 L34 16 L42 22 L47 15 L50 24 C64 27 73 40 73 56 C73 64 71 70 70 76 Z",
      },
    },
    { tag: "circle", part: "line", attrs: { cx: 40, cy: 35, r: 3.2 } },
    { tag: "path", part: "line", attrs: { d: "M52 27 C61 33 65 44 64 58", fill: "none" } },
  ],
  b: [
    { tag: "path", part: "body", attrs: { d: FOOT } },
    { tag: "path", part: "body", attrs: { d: "M38 76 L41 66 L59 66 L62 76 Z" } },
    { tag: "path", part: "body", attrs: { d: "M50 21 C36 31 31 45 38 62 L62 62 C69 45 64 31 50 21 Z" } },
    { tag: "path", part: "body", attrs: { d: "M35 67 L35 61 L65 61 L65 67 Z" } },
    { tag: "circle", part: "body", attrs: { cx: 50, cy: 16, r: 5.5 } },
    { tag: "path", part: "line", attrs: { d: "M55 33 L46 46" } },
  ],
  q: [
    { tag: "path", part: "body", attrs: { d: FOOT } },
    { tag: "path", part: "body", attrs: { d: "M31 76 L20 33 L36 56 L35 25 L46 53 L50 21 L54 53 L65 25 L64 56 L80 33 L69 76 Z" } },
    { tag: "circle", part: "body", attrs: { cx: 20, cy: 31, r: 5 } },
    { tag: "circle", part: "body", attrs: { cx: 35, cy: 23, r: 5 } },
    { tag: "circle", part: "body", attrs: { cx: 50, cy: 18, r: 5 } },
    { tag: "circle", part: "body", attrs: { cx: 65, cy: 23, r: 5 } },
    { tag: "circle", part: "body", attrs: { cx: 80, cy: 31, r: 5 } },
    { tag: "path", part: "line", attrs: { d: "M31 68 L69 68" } },
  ],
  k: [
    { tag: "path", part: "body", attrs: { d: FOOT } },
    {
      tag: "path", part: "body", attrs: {
        d: "M32 76 C22 64 17 50 27 43 C36 37 45 43 50 52 C55 43 64 37 73 43 C83 50 78 64 68 76 Z",
      },
    },
    { tag: "path", part: "body", attrs: { d: "M43 48 C43 40 46 35 50 33 C54 35 57 40 57 48 L50 56 Z" } },
    { tag: "path", part: "body", attrs: { d: "M46.5 10 L53.5 10 L53.5 17 L60 17 L60 23.5 L53.5 23.5 L53.5 33 L46.5 33 L46.5 23.5 L40 23.5 L40 17 L46.5 17 Z" } },
    { tag: "path", part: "line", attrs: { d: "M32 68 L68 68" } },
  ],
};

/** Each piece's name's message id, by its lowercase letter. */
const PIECE_NAMES = /** @type {Record<string, string>} */ ({
  p: "play.chess.piece.pawn",
  n: "play.chess.piece.knight",
  b: "play.chess.piece.bishop",
  r: "play.chess.piece.rook",
  q: "play.chess.piece.queen",
  k: "play.chess.piece.king",
});

/**
 * An SVG element with attributes.
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @returns {SVGElement}
 */
function svg(tag, attrs = {}) {
  const element = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  return element;
}

/**
 * A piece's drawing in a 100 × 100 box at (x, y) of its parent's units.
 * @param {string} letter FEN's letter: uppercase White, lowercase Black
 * @param {number} x
 * @param {number} y
 * @returns {SVGElement}
 */
export function pieceDrawing(letter, x = 0, y = 0) {
  const white = letter === letter.toUpperCase();
  const group = svg("g", { class: `piece ${white ? "white" : "black"}`, "data-piece": letter });
  if (x !== 0 || y !== 0) group.setAttribute("transform", `translate(${x} ${y})`);
  // (The shapes are drawn a little small in their box: here they fill the square.)
  const shape = svg("g", { transform: "matrix(1.08 0 0 1.08 -4 -4.2)" });
  for (const part of SHAPES[letter.toLowerCase()] ?? []) {
    shape.append(svg(part.tag, { ...part.attrs, class: part.part }));
  }
  group.append(shape);
  return group;
}

// ----- The board ---------------------------------------------------------------------

/**
 * A piece being dragged: where it started, the pointer that holds it and where it is.
 * @typedef {object} Drag
 * @property {string} from
 * @property {number} pointer the pointer's id
 * @property {number} startX where the pointer went down (client pixels)
 * @property {number} startY
 * @property {number} x where the pointer is now (board units)
 * @property {number} y
 * @property {boolean} moving whether it has moved far enough to be a drag
 * @property {boolean} wasSelected whether the piece was selected before this press
 */

class ChessBoardControl {
  constructor() {
    /** @type {BoardView | null} */
    this.view = null;
    /** The FEN drawn: a new one ends a selection. */
    this.fen = "";
    /** @type {string | null} the square of the selected piece */
    this.selected = null;
    /** @type {Drag | null} */
    this.drag = null;
    /** @type {{from: string, to: string, letter: string} | null} a move sent, shown until the answer */
    this.sent = null;
    /** @type {ChessMove[] | null} the promotions being chosen from */
    this.choosing = null;
    /** @type {{from: string, to: string} | null} a move to show sliding (the other side's) */
    this.slide = null;

    this.root = make("div", { className: "chess-wrap" });
    this.frame = make("div", { className: "chess-frame" });
    this.board = /** @type {SVGSVGElement} */ (svg("svg", {
      class: "chess-board", viewBox: `0 0 ${8 * UNIT} ${8 * UNIT}`, role: "img",
    }));
    this.squares = svg("g", { class: "squares" });
    this.marks = svg("g", { class: "marks" });
    this.coords = svg("g", { class: "coords" });
    this.pieces = svg("g", { class: "pieces" });
    this.hints = svg("g", { class: "hints" });
    this.lifted = svg("g", { class: "lifted" });
    // A king in check glows red from its middle out.
    const defs = svg("defs");
    const glow = svg("radialGradient", { id: "chess-check-glow" });
    glow.append(
      svg("stop", { offset: "0%", "stop-color": "#ff2a12", "stop-opacity": 0.95 }),
      svg("stop", { offset: "55%", "stop-color": "#e8281c", "stop-opacity": 0.6 }),
      svg("stop", { offset: "100%", "stop-color": "#e8281c", "stop-opacity": 0 }),
    );
    defs.append(glow);
    this.board.append(defs, this.squares, this.marks, this.coords, this.pieces, this.hints, this.lifted);
    this.promotion = make("div", { className: "promotion", id: "promotion" });
    this.promotion.hidden = true;
    this.promotion.setAttribute("role", "dialog");
    this.frame.append(this.board, this.promotion);
    this.flip = make("button", { id: "flip", text: t("play.chess.flip") });
    this.flip.type = "button";
    this.flip.addEventListener("click", () => this.view?.onFlip?.());
    const tools = make("div", { className: "row chess-tools" });
    tools.append(this.flip);
    this.root.append(this.frame, tools);

    this.board.addEventListener("pointerdown", (event) => this.down(event));
    this.board.addEventListener("pointermove", (event) => this.move(event));
    this.board.addEventListener("pointerup", (event) => this.up(event));
    this.board.addEventListener("pointercancel", (event) => this.cancel(event));
    this.board.addEventListener("lostpointercapture", (event) => this.cancel(event));
    // A long press must not open the phone's menu over the board.
    this.board.addEventListener("contextmenu", (event) => event.preventDefault());
    this.root.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && (this.choosing || this.selected)) {
        this.choosing = null;
        this.selected = null;
        this.render();
      }
    });
  }

  /** @param {BoardView} view */
  update(view) {
    const chess = view.state.chess;
    if (!chess) return;
    if (chess.fen !== this.fen) {
      // The other side's move slides into place; one played here is there already.
      const sent = this.sent;
      const last = chess.last;
      const own = !!sent && !!last && sent.from === last.from && sent.to === last.to;
      // (Only a move from the position drawn: not after an undo or a new game.)
      const before = this.view?.state.chess?.ranks;
      const fresh = !!before && !!last && pieceOn(before, last.from) !== null;
      this.slide = fresh && last && !own ? last : null;
      this.fen = chess.fen;
      this.selected = null;
      this.choosing = null;
      if (this.drag) this.release();
    }
    this.view = view;
    this.sent = null;
    if (!view.enabled) {
      this.selected = null;
      this.choosing = null;
      if (this.drag) this.release();
    }
    this.flip.textContent = t("play.chess.flip");
    this.render();
  }

  get flipped() {
    return !!this.view?.flipped;
  }

  /** @returns {ChessBoard | null} */
  get chess() {
    return this.view?.state.chess ?? null;
  }

  /** Draws everything from the view, the selection and the drag. */
  render() {
    const chess = this.chess;
    if (!chess) return;
    const flipped = this.flipped;
    const bottom = flipped ? "black" : "white";
    this.board.setAttribute("aria-label", t("play.chess.label", {
      side: t(bottom === "white" ? "play.player.white" : "play.player.black"),
    }));
    this.board.dataset.flipped = String(flipped);
    this.board.dataset.turn = chess.turn;
    this.root.dataset.fen = chess.fen;

    const ranks = chess.ranks.slice();
    if (this.sent) {
      // The move sent shows at once; the answer redraws the board as it is.
      const from = squarePlace(this.sent.from);
      const to = squarePlace(this.sent.to);
      if (from && to) {
        ranks[from.row] = replaceAt(ranks[from.row] ?? "", from.file, ".");
        ranks[to.row] = replaceAt(ranks[to.row] ?? "", to.file, this.sent.letter);
      }
    }

    // The squares, with the coordinates along the bottom and the left edge.
    this.squares.replaceChildren();
    this.coords.replaceChildren();
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) {
        const square = flipped ? squareName(7 - x, 7 - y) : squareName(x, y);
        const light = (x + y) % 2 === 0;
        this.squares.append(svg("rect", {
          x: x * UNIT, y: y * UNIT, width: UNIT, height: UNIT,
          class: `square ${light ? "light" : "dark"}`, "data-square": square,
        }));
        const colour = light ? "on-light" : "on-dark";
        if (y === 7) {
          const label = svg("text", { x: x * UNIT + UNIT - 6, y: 8 * UNIT - 7, class: `coord file ${colour}`, "text-anchor": "end" });
          label.textContent = square[0] ?? "";
          this.coords.append(label);
        }
        if (x === 0) {
          const label = svg("text", { x: 5, y: y * UNIT + 19, class: `coord rank ${colour}` });
          label.textContent = square[1] ?? "";
          this.coords.append(label);
        }
      }
    }

    // The marks: the last move, the king in check, the selected piece.
    this.marks.replaceChildren();
    const last = this.sent ?? chess.last;
    if (last) {
      for (const [square, kind] of [[last.from, "from"], [last.to, "to"]]) {
        const at = squareOnScreen(square, flipped);
        if (at) this.marks.append(svg("rect", { x: at.x * UNIT, y: at.y * UNIT, width: UNIT, height: UNIT, class: `last ${kind}`, "data-square": square }));
      }
    }
    if (chess.check && !this.sent) {
      const at = squareOnScreen(chess.check, flipped);
      if (at) this.marks.append(svg("circle", { cx: at.x * UNIT + UNIT / 2, cy: at.y * UNIT + UNIT / 2, r: UNIT * 0.52, class: "check", "data-square": chess.check }));
    }
    if (this.selected) {
      const at = squareOnScreen(this.selected, flipped);
      if (at) this.marks.append(svg("rect", { x: at.x * UNIT, y: at.y * UNIT, width: UNIT, height: UNIT, class: "selected", "data-square": this.selected }));
    }

    // The pieces (the dragged one is drawn under the pointer instead).
    this.pieces.replaceChildren();
    this.lifted.replaceChildren();
    for (let row = 0; row < 8; row++) {
      for (let file = 0; file < 8; file++) {
        const letter = ranks[row]?.[file] ?? ".";
        if (letter === ".") continue;
        const square = squareName(file, row);
        const at = squareOnScreen(square, flipped);
        if (!at) continue;
        const piece = pieceDrawing(letter, at.x * UNIT, at.y * UNIT);
        piece.dataset.square = square;
        if (this.slide && this.slide.to === square) {
          const from = squareOnScreen(this.slide.from, flipped);
          if (from) slideIn(piece, (from.x - at.x) * UNIT, (from.y - at.y) * UNIT);
          this.slide = null;
        }
        if (this.drag?.moving && this.drag.from === square) {
          piece.classList.add("ghost");
          const lifted = pieceDrawing(letter, this.drag.x - UNIT / 2, this.drag.y - UNIT / 2);
          lifted.classList.add("dragged");
          this.lifted.append(lifted);
        }
        this.pieces.append(piece);
      }
    }

    // Where the selected piece may go, each square with its move's value when known.
    this.hints.replaceChildren();
    if (this.selected && !this.sent) {
      for (const to of targetsFrom(chess, this.selected)) {
        const at = squareOnScreen(to, flipped);
        if (!at) continue;
        const cx = at.x * UNIT + UNIT / 2;
        const cy = at.y * UNIT + UNIT / 2;
        const capture = pieceOn(chess.ranks, to) !== null;
        this.hints.append(capture
          ? svg("circle", { cx, cy, r: UNIT * 0.44, class: "target capture", "data-square": to })
          : svg("circle", { cx, cy, r: UNIT * 0.15, class: "target", "data-square": to }));
        const move = movesBetween(chess, this.selected, to)[0];
        const value = move ? valueOf(this.view?.analysis ?? null, move.move) : null;
        if (value) {
          const text = svg("text", { x: cx, y: at.y * UNIT + UNIT - 8, class: `hint-value ${value.value}`, "text-anchor": "middle" });
          text.textContent = valueWords(value, true);
          this.hints.append(text);
        }
      }
    }
    if (this.drag?.moving) {
      const over = this.squareUnder(this.drag.x / (8 * UNIT), this.drag.y / (8 * UNIT));
      const at = over ? squareOnScreen(over, flipped) : null;
      if (at) this.hints.append(svg("rect", { x: at.x * UNIT + 3, y: at.y * UNIT + 3, width: UNIT - 6, height: UNIT - 6, class: "over" }));
    }
    this.board.classList.toggle("enabled", !!this.view?.enabled);
    this.board.classList.toggle("dragging", !!this.drag?.moving);
    this.drawPromotion();
  }

  /**
   * The square under a point given as fractions of the board.
   * @param {number} fx
   * @param {number} fy
   */
  squareUnder(fx, fy) {
    return squareAt(fx, fy, this.flipped);
  }

  /**
   * Where a pointer event falls, in board units and as a square.
   * @param {PointerEvent} event
   */
  where(event) {
    const box = this.board.getBoundingClientRect();
    const fx = (event.clientX - box.left) / box.width;
    const fy = (event.clientY - box.top) / box.height;
    return { x: fx * 8 * UNIT, y: fy * 8 * UNIT, square: this.squareUnder(fx, fy) };
  }

  /** Whether a piece on this square may move now. @param {string} square */
  movable(square) {
    const chess = this.chess;
    return !!chess && !!this.view?.enabled && chess.moves.some((m) => m.from === square);
  }

  /** @param {PointerEvent} event */
  down(event) {
    if (!event.isPrimary || event.button > 0 || this.choosing || this.sent) return;
    const chess = this.chess;
    if (!chess || !this.view?.enabled) return;
    const { x, y, square } = this.where(event);
    if (!square) return;
    event.preventDefault();
    if (this.selected && this.selected !== square && targetsFrom(chess, this.selected).includes(square)) {
      this.play(this.selected, square);
      return;
    }
    if (this.movable(square)) {
      const wasSelected = this.selected === square;
      this.selected = square;
      this.drag = { from: square, pointer: event.pointerId, startX: event.clientX, startY: event.clientY, x, y, moving: false, wasSelected };
      try {
        this.board.setPointerCapture(event.pointerId);
      } catch (_) {
        // (A pointer that is already gone: the drag simply ends with it.)
      }
    } else {
      this.selected = null;
    }
    this.render();
  }

  /** @param {PointerEvent} event */
  move(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointer) return;
    event.preventDefault();
    const { x, y } = this.where(event);
    drag.x = x;
    drag.y = y;
    if (!drag.moving && Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) >= DRAG_START) {
      drag.moving = true;
      this.render();
      return;
    }
    if (drag.moving) {
      const lifted = this.lifted.firstElementChild;
      if (lifted) lifted.setAttribute("transform", `translate(${x - UNIT / 2} ${y - UNIT / 2})`);
      const over = this.squareUnder(x / (8 * UNIT), y / (8 * UNIT));
      const at = over ? squareOnScreen(over, this.flipped) : null;
      const mark = this.hints.querySelector("rect.over");
      if (mark && at) {
        mark.setAttribute("x", String(at.x * UNIT + 3));
        mark.setAttribute("y", String(at.y * UNIT + 3));
      } else if (!mark && at) {
        this.render();
      }
    }
  }

  /** @param {PointerEvent} event */
  up(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointer) return;
    this.release();
    const chess = this.chess;
    const { square } = this.where(event);
    if (drag.moving) {
      // A drop on a square the piece may go to plays the move; anywhere else puts the
      // piece back, still selected when dropped on its own square.
      if (chess && square && square !== drag.from && targetsFrom(chess, drag.from).includes(square)) {
        this.play(drag.from, square);
        return;
      }
      if (square !== drag.from) this.selected = null;
    } else if (drag.wasSelected && square === drag.from) {
      // A second click on the selected piece puts it down.
      this.selected = null;
    }
    this.render();
  }

  /** @param {PointerEvent} event */
  cancel(event) {
    if (!this.drag || event.pointerId !== this.drag.pointer) return;
    this.release();
    this.render();
  }

  /** Ends a drag, letting the pointer go. */
  release() {
    const drag = this.drag;
    this.drag = null;
    if (drag && this.board.hasPointerCapture(drag.pointer)) {
      try {
        this.board.releasePointerCapture(drag.pointer);
      } catch (_) {
        // (Already released.)
      }
    }
  }

  /**
   * Plays the move from one square to another, asking first which piece a pawn
   * becomes.
   * @param {string} from
   * @param {string} to
   */
  play(from, to) {
    const chess = this.chess;
    if (!chess || !this.view) return;
    const moves = movesBetween(chess, from, to);
    if (moves.length === 0) return;
    if (moves.length > 1 || moves[0]?.promotion) {
      this.choosing = moves;
      this.selected = from;
      this.render();
      this.promotion.querySelector("button")?.focus();
      return;
    }
    const move = /** @type {ChessMove} */ (moves[0]);
    this.send(move);
  }

  /** @param {ChessMove} move */
  send(move) {
    const chess = this.chess;
    const view = this.view;
    if (!chess || !view) return;
    let letter = pieceOn(chess.ranks, move.from) ?? "";
    if (move.promotion) letter = chess.turn === "white" ? move.promotion.toUpperCase() : move.promotion;
    this.selected = null;
    this.choosing = null;
    this.sent = { from: move.from, to: move.to, letter };
    this.render();
    view.onMove(move.move);
  }

  /** The choice of a promotion, over the board, when one is being made. */
  drawPromotion() {
    const choosing = this.choosing;
    const chess = this.chess;
    this.promotion.hidden = !choosing;
    if (!choosing || !chess) {
      this.promotion.replaceChildren();
      return;
    }
    this.promotion.replaceChildren();
    this.promotion.setAttribute("aria-label", t("play.chess.promote"));
    this.promotion.append(make("p", { text: t("play.chess.promote") }));
    const row = make("div", { className: "choices" });
    for (const kind of ["q", "r", "b", "n"]) {
      const move = choosing.find((m) => m.promotion === kind);
      if (!move) continue;
      const letter = chess.turn === "white" ? kind.toUpperCase() : kind;
      const button = make("button", { className: "choice" });
      button.type = "button";
      button.dataset.promotion = kind;
      button.dataset.move = move.move;
      const name = t(PIECE_NAMES[kind] ?? "play.chess.piece.queen");
      button.setAttribute("aria-label", name);
      button.title = name;
      const picture = svg("svg", { viewBox: `0 0 ${UNIT} ${UNIT}`, "aria-hidden": "true" });
      picture.append(pieceDrawing(letter));
      button.append(picture);
      button.addEventListener("click", () => this.send(move));
      row.append(button);
    }
    const cancel = make("button", { className: "cancel", text: t("play.chess.cancel") });
    cancel.type = "button";
    cancel.addEventListener("click", () => {
      this.choosing = null;
      this.selected = null;
      this.render();
    });
    this.promotion.append(row, cancel);
  }
}

/**
 * Shows a piece moving to where it is drawn from a distance away (board units), where
 * the browser animates and the reader has not asked for less motion.
 * @param {SVGElement} piece
 * @param {number} dx
 * @param {number} dy
 */
function slideIn(piece, dx, dy) {
  if (typeof piece.animate !== "function") return;
  if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
  const shape = piece.firstElementChild;
  if (!shape) return;
  // (The inner group moves: the piece's own transform places it on its square.)
  const wrapper = svg("g");
  wrapper.append(shape);
  piece.append(wrapper);
  wrapper.animate(
    [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }],
    { duration: 220, easing: "ease-out" },
  );
}

/**
 * A string with one character replaced.
 * @param {string} text
 * @param {number} index
 * @param {string} character
 */
function replaceAt(text, index, character) {
  return text.slice(0, index) + character + text.slice(index + 1);
}

/** The board drawn in each area, kept between draws. */
const drawn = new WeakMap();

/**
 * Draws the chess board of `view.state` into `area`: the first time it replaces what
 * the area held; after that it redraws the same board.
 * @param {HTMLElement} area
 * @param {BoardView} view
 */
export function drawChessBoard(area, view) {
  let control = /** @type {ChessBoardControl | undefined} */ (drawn.get(area));
  if (!control || control.root.parentElement !== area) {
    control = new ChessBoardControl();
    area.replaceChildren(control.root);
    drawn.set(area, control);
  }
  control.update(view);
}
