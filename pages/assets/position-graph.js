// A game drawn as its graph of positions (the `graph` of /api/tree/game, asked with
// `"graph": true`): each position once, however many lines of the tree reach it, marked
// win, loss or draw for the player to move there (in words, and in colour), and the
// moves between positions as arrows. The one renderer of this picture: the tree keeps
// its own (ply's SVG, tree-view.js).
//
// Layout: every arrow points down. A position's row is the longest line of moves from
// the start to it, so count to 10 is one column of its eleven totals (+1 straight down,
// +2 curving past the total between), and tic-tac-toe to depth 2 three rows (1, 3, 12).

import { t } from "./words.js";

/**
 * A position of the graph, as the API writes it.
 * @typedef {object} GraphPosition
 * @property {string} label how the tree names it (a race's total, a board)
 * @property {string} position the position in the game's notation
 * @property {number} ply the fewest plies from the start
 * @property {"win" | "loss" | "draw" | null} value for the player to move (null: not solved)
 * @property {boolean} end whether the game is over there
 * @property {boolean} cut whether the depth stops there
 *
 * The moves from one position to another.
 * @typedef {object} GraphMove
 * @property {number} from
 * @property {number} to
 * @property {string} move the first of the moves
 * @property {number} moves how many moves it stands for
 *
 * @typedef {object} PositionGraph
 * @property {GraphPosition[]} positions
 * @property {GraphMove[]} moves
 * @property {boolean} symmetry
 * @property {boolean} solved
 */

const SVG = "http://www.w3.org/2000/svg";
/** Font sizes: a position's own text, its mark, a move's name. */
const LABEL_SIZE = 15;
const MARK_SIZE = 13;
const MOVE_SIZE = 13;
/** Space between two positions of a row, between rows, and around the picture. */
const GAP = 28;
const ROW_GAP = 58;
const MARGIN = 16;
/** Room on the side for the arrows that skip rows. */
const BEND = 46;

/** Colours of each mark (the word says it too). */
const MARKS = {
  win: { fill: "#e4f3e1", stroke: "#2e7d32" },
  loss: { fill: "#fbe3e0", stroke: "#b3261e" },
  draw: { fill: "#efefef", stroke: "#666666" },
  unknown: { fill: "#ffffff", stroke: "#999999" },
};

/**
 * An SVG element with attributes.
 * @param {string} tag
 * @param {Record<string, string | number>} attributes
 * @param {string} [text]
 * @returns {SVGElement}
 */
function element(tag, attributes, text) {
  const made = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, `${value}`);
  if (text !== undefined) made.textContent = text;
  return made;
}

/**
 * How wide a text is drawn, erring wide (DejaVu Sans: most characters within 0.64 of
 * the size; other scripts as wide as the size).
 * @param {string} text
 * @param {number} size
 * @returns {number}
 */
function width(text, size) {
  let sum = 0;
  for (const c of text) sum += c.charCodeAt(0) < 128 ? 0.64 : 1;
  return sum * size;
}

/**
 * The lines a position's label is written in: a board written row by row (`XO./.X./...`)
 * one row a line, in a fixed-width font; anything else on one line.
 * @param {string} label
 * @returns {{lines: string[], board: boolean}}
 */
function labelLines(label) {
  const rows = label.split("/");
  const board = rows.length > 1 && rows.every((row) => row.length === rows[0].length && row.length <= 9);
  return { lines: board ? rows : [label], board };
}

/**
 * Each position's row: the longest line of moves from the start to it (every arrow
 * points down). Positions no arrow reaches stay in row 0.
 * @param {PositionGraph} graph
 * @returns {number[]}
 */
function rows(graph) {
  const count = graph.positions.length;
  const row = new Array(count).fill(0);
  const incoming = new Array(count).fill(0);
  /** @type {number[][]} */
  const out = Array.from({ length: count }, () => []);
  for (const move of graph.moves) {
    out[move.from].push(move.to);
    incoming[move.to] += 1;
  }
  const ready = [];
  for (let i = 0; i < count; i += 1) if (incoming[i] === 0) ready.push(i);
  while (ready.length > 0) {
    const at = /** @type {number} */ (ready.pop());
    for (const to of out[at]) {
      row[to] = Math.max(row[to], row[at] + 1);
      incoming[to] -= 1;
      if (incoming[to] === 0) ready.push(to);
    }
  }
  return row;
}

/**
 * The word of a position's mark, in the page's language.
 * @param {GraphPosition} position
 * @returns {string}
 */
export function markWord(position) {
  if (position.value === "win") return t("tree.graph.win");
  if (position.value === "loss") return t("tree.graph.loss");
  if (position.value === "draw") return t("tree.graph.draw");
  return t("tree.graph.unknown");
}

/**
 * The graph of positions drawn as an SVG picture at its own size.
 * @param {PositionGraph} graph
 * @returns {SVGSVGElement}
 */
export function drawGraph(graph) {
  const rowOf = rows(graph);
  const boxes = graph.positions.map((position) => {
    const { lines, board } = labelLines(position.label);
    const mark = markWord(position);
    const labelWidth = Math.max(...lines.map((line) => width(line, LABEL_SIZE) * (board ? 1.05 : 1)));
    const w = Math.max(44, labelWidth, width(mark, MARK_SIZE)) + 18;
    const h = lines.length * (LABEL_SIZE + 2) + MARK_SIZE + 16;
    return { lines, board, mark, w, h, x: 0, y: 0 };
  });
  const rowCount = Math.max(0, ...rowOf) + 1;
  /** @type {number[][]} */
  const members = Array.from({ length: rowCount }, () => []);
  rowOf.forEach((row, i) => members[row].push(i));
  const rowWidths = members.map((row) => row.reduce((sum, i) => sum + boxes[i].w, 0) + GAP * Math.max(0, row.length - 1));
  const rowHeights = members.map((row) => Math.max(0, ...row.map((i) => boxes[i].h)));
  // Arrows that skip rows bend to the right of the widest row.
  const skips = graph.moves.some((move) => rowOf[move.to] - rowOf[move.from] > 1);
  const inner = Math.max(...rowWidths);
  const totalWidth = inner + 2 * MARGIN + (skips ? 2 * BEND : 0);
  let y = MARGIN;
  members.forEach((row, r) => {
    let x = MARGIN + (skips ? BEND : 0) + (inner - rowWidths[r]) / 2;
    for (const i of row) {
      boxes[i].x = x;
      boxes[i].y = y + (rowHeights[r] - boxes[i].h) / 2;
      x += boxes[i].w + GAP;
    }
    y += rowHeights[r] + ROW_GAP;
  });
  const totalHeight = y - ROW_GAP + MARGIN;
  const svg = /** @type {SVGSVGElement} */ (element("svg", {
    xmlns: SVG,
    width: Math.ceil(totalWidth),
    height: Math.ceil(totalHeight),
    viewBox: `0 0 ${Math.ceil(totalWidth)} ${Math.ceil(totalHeight)}`,
    "font-family": "DejaVu Sans, Noto Sans, Noto Sans CJK SC, Helvetica, Arial, sans-serif",
    class: "position-graph",
    role: "img",
  }));
  const defs = element("defs", {});
  const head = element("marker", {
    id: "graph-arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 8, markerHeight: 8, orient: "auto-start-reverse",
  });
  head.append(element("path", { d: "M0,0 L10,5 L0,10 z", fill: "#444" }));
  defs.append(head);
  svg.append(defs);
  // The arrows first, under the positions.
  const arrows = element("g", { class: "moves" });
  let skipped = 0;
  for (const move of graph.moves) {
    const a = boxes[move.from];
    const b = boxes[move.to];
    const span = rowOf[move.to] - rowOf[move.from];
    const start = { x: a.x + a.w / 2, y: a.y + a.h };
    const end = { x: b.x + b.w / 2, y: b.y };
    let path;
    let at;
    let anchor = "start";
    if (span > 1) {
      // Past the rows between: out to one side and back, the sides taking turns so that
      // neighbouring arrows do not cross.
      const right = skipped % 2 === 0;
      skipped += 1;
      const side = right ? Math.max(a.x + a.w, b.x + b.w) + BEND * 0.8 : Math.min(a.x, b.x) - BEND * 0.8;
      const from = { x: right ? a.x + a.w : a.x, y: a.y + a.h / 2 };
      const to = { x: right ? b.x + b.w + 2 : b.x - 2, y: b.y + b.h / 2 };
      path = `M${from.x},${from.y} C${side},${from.y} ${side},${to.y} ${to.x},${to.y}`;
      at = { x: right ? side - BEND * 0.2 : side - 8, y: (from.y + to.y) / 2 };
      if (!right) anchor = "end";
    } else {
      path = `M${start.x},${start.y} L${end.x},${end.y - 2}`;
      // Near the arrow's head, where the arrows of one position have spread apart.
      at = { x: start.x + (end.x - start.x) * 0.7, y: start.y + (end.y - start.y) * 0.7 };
    }
    const group = element("g", { class: "move", "data-from": move.from, "data-to": move.to });
    group.append(element("path", { d: path, fill: "none", stroke: "#444", "stroke-width": 1.4, "marker-end": "url(#graph-arrow)" }));
    const name = move.moves > 1 ? `${move.move} ×${move.moves}` : move.move;
    group.append(element("text", {
      class: "move-name", x: at.x + 4, y: at.y + 4, "font-size": MOVE_SIZE, fill: "#1f3f7f", "text-anchor": anchor,
      stroke: "#fff", "stroke-width": 4, "paint-order": "stroke",
    }, name));
    arrows.append(group);
  }
  svg.append(arrows);
  graph.positions.forEach((position, i) => {
    const box = boxes[i];
    const colours = MARKS[position.value ?? "unknown"];
    const group = element("g", {
      class: `position ${position.value ?? "unknown"}${i === 0 ? " start" : ""}`,
      "data-index": i,
      "data-value": position.value ?? "unknown",
      "data-label": position.label,
      tabindex: 0,
    });
    const title = t("tree.graph.position", { label: position.label, value: box.mark });
    group.append(element("title", {}, title));
    group.append(element("rect", {
      x: box.x, y: box.y, width: box.w, height: box.h, rx: 7, fill: colours.fill, stroke: colours.stroke,
      "stroke-width": i === 0 ? 3 : 1.6, "stroke-dasharray": position.value ? "none" : "4 3",
    }));
    box.lines.forEach((line, n) => {
      group.append(element("text", {
        class: "name", x: box.x + box.w / 2, y: box.y + 8 + LABEL_SIZE * 0.85 + n * (LABEL_SIZE + 2),
        "font-size": LABEL_SIZE, "font-weight": "bold", "text-anchor": "middle", fill: "#111",
        ...(box.board ? { "font-family": "DejaVu Sans Mono, monospace" } : {}),
      }, line));
    });
    group.append(element("text", {
      class: "mark", x: box.x + box.w / 2, y: box.y + box.h - 7, "font-size": MARK_SIZE,
      "text-anchor": "middle", fill: colours.stroke,
    }, box.mark));
    svg.append(group);
  });
  return svg;
}
