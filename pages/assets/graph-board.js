// The pursuit games' board: the graph drawn in SVG at the places the API gives its
// vertices (the unit square, y down), the cops and the fugitive as tokens, and with an
// invisible fugitive the vertices where it may be, shaded. A move is clicks: one cop or
// the fugitive goes where a vertex is clicked; several cops are each picked, then sent
// (a cop left alone stays), and a button plays the move. What has been chosen survives a
// redraw of the same position (the values arriving, say), not a new one.

import { make } from "./dom.js";
import { valueOf, valueWords } from "./play-values.js";
import { t } from "./words.js";

/** @typedef {import("../types/api").GraphBoard} GraphBoard */
/** @typedef {import("../types/api").Analysis} Analysis */
/** @typedef {import("../types/api").PlayState} PlayState */
/** @typedef {import("./boards.js").BoardView} BoardView */

const SVG = "http://www.w3.org/2000/svg";

/** The unit square's side in the picture's own units (the viewBox). */
const UNIT = 1000;
/** The least distance on screen (CSS px) between two vertices: a finger's width. */
const TOUCH_PX = 44;
/** The widest the picture is drawn (CSS px). */
const WIDEST_PX = 560;
/** The largest vertex radius, in the picture's units. */
const LARGEST_RADIUS = 70;

/**
 * Where everything goes: the vertices' centres and radius in the picture's units, its
 * viewBox, and the narrowest and widest it may be drawn (CSS px) so that two vertices
 * are never closer than a finger on a phone (a wider picture scrolls).
 * @param {Pick<GraphBoard, "vertices">} board
 */
export function graphGeometry(board) {
  const points = board.vertices.map((v) => ({ x: v.x * UNIT, y: v.y * UNIT }));
  let closest = Infinity;
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const d = Math.hypot(points[i].x - points[j].x, points[i].y - points[j].y);
      if (d > 1e-6 && d < closest) closest = d;
    }
  }
  if (!Number.isFinite(closest)) closest = UNIT / 2;
  const radius = Math.min(closest * 0.34, LARGEST_RADIUS);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [left, right] = points.length ? [Math.min(...xs), Math.max(...xs)] : [0, 0];
  const [top, bottom] = points.length ? [Math.min(...ys), Math.max(...ys)] : [0, 0];
  // Room around the vertices for the tokens' marks and the values under them.
  const pad = radius * 2;
  const viewBox = { x: left - pad, y: top - pad, width: right - left + 2 * pad, height: bottom - top + 2 * pad };
  const narrowest = Math.ceil(viewBox.width * TOUCH_PX / closest);
  const widest = Math.max(narrowest, Math.min(WIDEST_PX, Math.ceil(viewBox.width * 34 / radius)));
  return { points, radius, viewBox, narrowest, widest };
}

/**
 * Each vertex's neighbours, from the edges.
 * @param {Pick<GraphBoard, "vertices" | "edges">} board
 * @returns {Set<number>[]}
 */
export function neighbours(board) {
  const next = board.vertices.map(() => new Set());
  for (const [a, b] of board.edges) {
    next[a]?.add(b);
    next[b]?.add(a);
  }
  return /** @type {Set<number>[]} */ (next);
}

/**
 * Where a piece at `vertex` may go in one move: its own vertex (it stays) and its
 * neighbours.
 * @param {Set<number>[]} next
 * @param {number} vertex
 * @returns {Set<number>}
 */
export function reach(next, vertex) {
  return new Set([vertex, ...(next[vertex] ?? [])]);
}

/**
 * The cops' move that sends them to `vertices` (one per cop, in any order): the legal
 * move naming the same vertices, as the state lists it, else the names in the order of
 * the vertices.
 * @param {Pick<GraphBoard, "vertices">} board
 * @param {number[]} vertices
 * @param {string[]} legal
 * @returns {string}
 */
export function copsMove(board, vertices, legal) {
  const names = [...vertices].sort((a, b) => a - b).map((v) => board.vertices[v]?.name ?? "");
  const key = [...names].sort().join(",");
  const listed = legal.find((move) => move.split(",").map((n) => n.trim()).sort().join(",") === key);
  return listed ?? names.join(",");
}

/**
 * Where an invisible fugitive may be after the cops go to `cops`: the vertices they
 * arrive on are cleared; then (not while placing) the fugitive may stay or step to a
 * neighbour, never onto a cop.
 * @param {Set<number>[]} next
 * @param {number[]} possible where it may be now
 * @param {number[]} cops where the cops go
 * @param {boolean} placing
 * @returns {number[]} smallest first
 */
export function afterSearch(next, possible, cops, placing) {
  const taken = new Set(cops);
  const left = possible.filter((v) => !taken.has(v));
  const spread = new Set(left);
  if (!placing) for (const v of left) for (const w of next[v] ?? []) spread.add(w);
  return [...spread].filter((v) => !taken.has(v)).sort((a, b) => a - b);
}

/**
 * What the analysis says of the chase: the cops catch the fugitive in `copMoves` more
 * cop moves (placing included), or the fugitive escapes for ever; null while unproved.
 * Visible fugitive: the plies alternate, the cops' every other one; invisible: only the
 * cops move.
 * @param {Pick<GraphBoard, "turn" | "hidden">} board
 * @param {Pick<Analysis, "exact" | "value" | "moves"> | null} analysis
 * @returns {{capture: true, copMoves: number} | {capture: false} | null}
 */
export function chase(board, analysis) {
  if (!analysis || !analysis.exact) return null;
  if (analysis.value === "draw") return { capture: false };
  const cops = board.turn === "cops";
  const plies = analysis.moves[0]?.plies;
  const caught = (cops && analysis.value === "win") || (!cops && analysis.value === "loss");
  if (!caught || plies === null || plies === undefined) return null;
  if (board.hidden) return { capture: true, copMoves: plies };
  return { capture: true, copMoves: cops ? Math.ceil(plies / 2) : Math.floor(plies / 2) };
}

/**
 * The choice of a cops' move on the way: where each cop goes (null: it stays), the cop
 * picked, or, while placing, the vertices chosen. Kept for one position only.
 */
const choice = {
  key: "",
  /** @type {(number | null)[]} */
  going: [],
  /** @type {number | null} */
  picked: null,
  /** @type {number[]} */
  placing: [],
};

/**
 * The choice for this position: the one on the way, or a fresh one.
 * @param {PlayState} state
 * @param {GraphBoard} board
 */
function choiceFor(state, board) {
  const key = `${state.name}|${state.position}|${state.moves.join(" ")}`;
  if (choice.key !== key) {
    choice.key = key;
    choice.going = board.cops.map(() => null);
    choice.picked = null;
    choice.placing = [];
  }
  return choice;
}

/**
 * An SVG element with attributes.
 * @param {string} tag
 * @param {Record<string, string | number>} [attributes]
 * @returns {SVGElement}
 */
function svg(tag, attributes = {}) {
  const element = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

/**
 * Draws the graph of `view.state` into `area` (replacing what was there).
 * @param {HTMLElement} area
 * @param {BoardView} view
 */
export function drawGraphBoard(area, view) {
  area.replaceChildren();
  const board = view.state.graph;
  if (!board) return;
  const wrap = make("div", { className: "graph-board", id: "graph-board" });
  area.append(wrap);
  const redraw = () => {
    wrap.replaceChildren(...graphParts(board, view, redraw));
  };
  redraw();
}

/**
 * The board's parts: the picture, the hint, the buttons of a cops' move, the legend and
 * what the solver says.
 * @param {GraphBoard} board
 * @param {BoardView} view
 * @param {() => void} redraw
 * @returns {HTMLElement[]}
 */
function graphParts(board, view, redraw) {
  const { state, analysis } = view;
  const chosen = choiceFor(state, board);
  const next = neighbours(board);
  const playing = view.enabled && !state.outcome;
  const several = board.turn === "cops" && board.cops_total > 1;
  const placing = board.phase === "place" && board.turn === "cops";

  /** The vertices a click moves to now (and how each is shown). */
  /** @type {Set<number>} */
  let targets = new Set();
  if (playing) {
    if (!several) {
      board.vertices.forEach((v, i) => {
        if (state.legal.includes(v.name)) targets.add(i);
      });
    } else if (placing) {
      targets = new Set(board.vertices.map((_, i) => i));
    } else if (chosen.picked !== null) {
      targets = reach(next, board.cops[chosen.picked]);
    }
  }

  /** @param {number} vertex */
  const click = (vertex) => {
    if (!playing) return;
    const name = board.vertices[vertex].name;
    if (!several) {
      if (targets.has(vertex)) view.onMove(name);
      return;
    }
    if (placing) {
      const at = chosen.placing.indexOf(vertex);
      if (at >= 0) chosen.placing.splice(at, 1);
      else if (chosen.placing.length < board.cops_total) chosen.placing.push(vertex);
      redraw();
      return;
    }
    if (chosen.picked !== null && targets.has(vertex)) {
      chosen.going[chosen.picked] = vertex;
      chosen.picked = null;
    } else {
      // Pick a cop standing here: one not yet sent first.
      const here = board.cops.map((c, i) => (c === vertex ? i : -1)).filter((i) => i >= 0);
      const cop = here.find((i) => chosen.going[i] === null) ?? here[0];
      chosen.picked = cop === undefined || cop === chosen.picked ? null : cop;
    }
    redraw();
  };

  const parts = [picture(board, view, chosen, targets, click)];

  const hint = hintWords(board, playing);
  if (hint) parts.push(make("p", { className: "graph-hint", id: "graph-hint", text: hint }));

  if (playing && several) parts.push(copsControls(board, view, chosen, placing, redraw));

  if (board.hidden) {
    const count = board.possible?.length ?? 0;
    parts.push(make("p", {
      className: "graph-possible", id: "graph-possible",
      text: count === 0 ? t("boards.graph.cleared") : t("boards.graph.possible", { count }),
    }));
  }

  const solved = chase(board, analysis);
  if (solved) {
    const count = solved.capture ? solved.copMoves : board.cops_total;
    const id = solved.capture
      ? (board.hidden ? "boards.graph.solved.plan" : "boards.graph.solved.capture")
      : (board.hidden ? "boards.graph.solved.no-plan" : "boards.graph.solved.escape");
    parts.push(make("p", { className: "graph-solved", id: "graph-solved", text: t(id, { count }) }));
  }
  parts.push(legend(board));
  return parts;
}

/**
 * What to click now, in words (nothing when it is not the human's move).
 * @param {GraphBoard} board
 * @param {boolean} playing
 * @returns {string}
 */
function hintWords(board, playing) {
  if (!playing) return "";
  if (board.turn === "fugitive") {
    return t(board.phase === "place" ? "boards.graph.hint.fugitive-place" : "boards.graph.hint.fugitive");
  }
  if (board.phase === "place") {
    return board.cops_total === 1
      ? t("boards.graph.hint.place-one")
      : t("boards.graph.hint.place", { count: board.cops_total });
  }
  return t(board.cops_total === 1 ? "boards.graph.hint.cop" : "boards.graph.hint.cops");
}

/**
 * The buttons of a move of several cops: the move so far (and its value), play it,
 * start it again.
 * @param {GraphBoard} board
 * @param {BoardView} view
 * @param {typeof choice} chosen
 * @param {boolean} placing
 * @param {() => void} redraw
 * @returns {HTMLElement}
 */
function copsControls(board, view, chosen, placing, redraw) {
  const row = make("div", { className: "row graph-controls" });
  const vertices = placing
    ? chosen.placing
    : board.cops.map((c, i) => chosen.going[i] ?? c);
  const ready = vertices.length === board.cops_total;
  const move = ready ? copsMove(board, vertices, view.state.legal) : "";
  const play = make("button", {
    id: "graph-move",
    text: t(placing ? "boards.graph.place" : "boards.graph.move"),
  });
  play.type = "button";
  play.disabled = !ready;
  play.addEventListener("click", () => {
    if (ready) view.onMove(move);
  });
  const again = make("button", { id: "graph-again", text: t("boards.graph.again") });
  again.type = "button";
  again.disabled = placing ? chosen.placing.length === 0 : chosen.going.every((g) => g === null) && chosen.picked === null;
  again.addEventListener("click", () => {
    chosen.going = board.cops.map(() => null);
    chosen.picked = null;
    chosen.placing = [];
    redraw();
  });
  row.append(play, again);
  if (ready) {
    const value = valueOf(view.analysis, move);
    const text = value
      ? t("boards.graph.chosen.value", { move, value: valueWords(value) })
      : t("boards.graph.chosen", { move });
    row.append(make("span", { className: "graph-chosen", id: "graph-chosen", text }));
  }
  const box = make("div", { className: "graph-move" });
  box.append(row);
  if (ready && board.hidden && board.possible) {
    // What the search would leave: the lesson of the invisible fugitive, before the move.
    const left = afterSearch(neighbours(board), board.possible, vertices, placing);
    box.append(make("p", {
      className: "graph-after", id: "graph-after",
      text: left.length === 0 ? t("boards.graph.after.none") : t("boards.graph.after", { count: left.length }),
    }));
  }
  return box;
}

/**
 * The legend of the tokens: shape and words, never colour alone.
 * @param {GraphBoard} board
 * @returns {HTMLElement}
 */
function legend(board) {
  const list = make("p", { className: "graph-legend" });
  /**
   * @param {string} kind
   * @param {string} id
   */
  const item = (kind, id) => {
    const mark = make("span", { className: `graph-key ${kind}` });
    mark.setAttribute("aria-hidden", "true");
    const entry = make("span", { className: "graph-legend-item" });
    entry.append(mark, t(id));
    list.append(entry);
  };
  item("cop", "boards.graph.legend.cop");
  if (board.hidden) item("possible", "boards.graph.legend.possible");
  else item("fugitive", "boards.graph.legend.fugitive");
  item("target", "boards.graph.legend.target");
  return list;
}

/**
 * The picture: edges, vertices (with their tokens), the cops' moves chosen so far.
 * @param {GraphBoard} board
 * @param {BoardView} view
 * @param {typeof choice} chosen
 * @param {Set<number>} targets
 * @param {(vertex: number) => void} click
 * @returns {HTMLElement}
 */
function picture(board, view, chosen, targets, click) {
  const { state, analysis } = view;
  const shape = graphGeometry(board);
  const { points, radius: r, viewBox } = shape;
  const box = make("div", { className: "graph-scroll" });
  const root = svg("svg", {
    class: "graph",
    viewBox: `${viewBox.x} ${viewBox.y} ${viewBox.width} ${viewBox.height}`,
    role: "group",
    "aria-label": t("boards.graph.label", { game: state.name }),
  });
  root.style.minWidth = `${shape.narrowest}px`;
  root.style.maxWidth = `${shape.widest}px`;
  // Lines as thick as the vertices are big (boards.css scales its widths by this).
  root.style.setProperty("--stroke", (r / LARGEST_RADIUS).toFixed(3));
  const defs = svg("defs");
  const marker = svg("marker", {
    id: "graph-arrow", viewBox: "0 0 10 10", refX: 9, refY: 5,
    markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse",
  });
  marker.append(svg("path", { d: "M0,0 L10,5 L0,10 z", class: "graph-arrow-head" }));
  defs.append(marker);
  root.append(defs);

  const edges = svg("g", { class: "edges" });
  for (const [a, b] of board.edges) {
    const [p, q] = [points[a], points[b]];
    if (!p || !q) continue;
    edges.append(svg("line", { class: "edge", x1: p.x, y1: p.y, x2: q.x, y2: q.y }));
  }
  root.append(edges);

  // The cops' moves chosen: an arrow from each cop to where it goes.
  const arrows = svg("g", { class: "moves" });
  board.cops.forEach((from, i) => {
    const to = chosen.going[i];
    if (to === null || to === undefined || to === from) return;
    const [p, q] = [points[from], points[to]];
    const d = Math.hypot(q.x - p.x, q.y - p.y) || 1;
    const [ux, uy] = [(q.x - p.x) / d, (q.y - p.y) / d];
    arrows.append(svg("line", {
      class: "going", "marker-end": "url(#graph-arrow)",
      x1: p.x + ux * r, y1: p.y + uy * r, x2: q.x - ux * r * 1.15, y2: q.y - uy * r * 1.15,
    }));
  });

  const possible = new Set(board.possible ?? []);
  const copsAt = board.vertices.map(() => 0);
  for (const c of board.cops) if (copsAt[c] !== undefined) copsAt[c] += 1;
  const arriving = board.vertices.map(() => 0);
  if (board.phase === "place") for (const v of chosen.placing) arriving[v] += 1;
  else chosen.going.forEach((to, i) => {
    if (to !== null && to !== board.cops[i]) arriving[to] += 1;
  });
  const picked = chosen.picked === null ? -1 : board.cops[chosen.picked];
  const showValues = r >= 30 && board.vertices.every((v) => v.name.length <= 3);

  const vertices = svg("g", { class: "vertices" });
  board.vertices.forEach((vertex, i) => {
    const { x, y } = points[i];
    const cops = copsAt[i];
    const fugitive = board.fugitive === i;
    const classes = ["vertex"];
    if (cops) classes.push("cop");
    if (fugitive) classes.push("fugitive");
    if (possible.has(i)) classes.push("possible");
    if (targets.has(i)) classes.push("target");
    if (arriving[i]) classes.push("arriving");
    if (i === picked) classes.push("picked");
    // With several cops, a cop is picked by a click before it is sent.
    const pickable = cops > 0 && board.turn === "cops" && board.phase === "move" && board.cops_total > 1 &&
      view.enabled && !state.outcome;
    if (pickable) classes.push("pickable");
    const group = svg("g", { class: classes.join(" "), "data-vertex": vertex.name });
    if (targets.has(i) || pickable) {
      group.setAttribute("role", "button");
      group.setAttribute("tabindex", "0");
    }
    group.setAttribute("aria-label", vertexWords(vertex.name, cops, fugitive, possible.has(i)));
    if (cops) {
      group.append(svg("rect", {
        class: "shape", x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: r * 0.25,
      }));
    } else if (fugitive) {
      group.append(svg("polygon", {
        class: "shape", points: `${x},${y - r * 1.2} ${x + r * 1.2},${y} ${x},${y + r * 1.2} ${x - r * 1.2},${y}`,
      }));
    } else {
      group.append(svg("circle", { class: "shape", cx: x, cy: y, r }));
    }
    if (cops && fugitive) {
      // Caught: the fugitive's diamond inside the cop's square.
      group.append(svg("polygon", {
        class: "caught", points: `${x},${y - r * 0.7} ${x + r * 0.7},${y} ${x},${y + r * 0.7} ${x - r * 0.7},${y}`,
      }));
    }
    if (arriving[i]) {
      group.append(svg("rect", {
        class: "ghost", x: x - r * 1.3, y: y - r * 1.3, width: 2.6 * r, height: 2.6 * r, rx: r * 0.35,
      }));
    }
    const long = vertex.name.length > 3;
    const label = svg("text", {
      class: "name", x, y: long ? y + r + r * 0.55 : y, "font-size": long ? r * 0.6 : r * (vertex.name.length > 2 ? 0.62 : 0.8),
      "dominant-baseline": "central", "text-anchor": "middle",
    });
    label.textContent = vertex.name;
    group.append(label);
    if (cops > 1) {
      const badge = svg("text", {
        class: "count", x: x + r * 0.95, y: y - r * 0.95, "font-size": r * 0.62,
        "dominant-baseline": "central", "text-anchor": "middle",
      });
      badge.textContent = `×${cops}`;
      group.append(badge);
    }
    if (possible.has(i)) {
      const mark = svg("text", {
        class: "maybe", x: x + r * 0.9, y: y - r * 0.9, "font-size": r * 0.7,
        "dominant-baseline": "central", "text-anchor": "middle",
      });
      mark.textContent = "?";
      group.append(mark);
    }
    const value = targets.has(i) && !(board.turn === "cops" && board.cops_total > 1)
      ? valueOf(analysis, vertex.name) : null;
    if (value) {
      const title = svg("title");
      title.textContent = valueWords(value);
      group.append(title);
      if (showValues) {
        const words = svg("text", {
          class: `value ${value.value}`, x, y: y + r * 1.45, "font-size": r * 0.42,
          "dominant-baseline": "central", "text-anchor": "middle",
        });
        words.textContent = valueWords(value, true);
        group.append(words);
      }
    }
    group.addEventListener("click", () => click(i));
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        click(i);
      }
    });
    vertices.append(group);
  });
  root.append(vertices, arrows);
  box.append(root);
  return box;
}

/**
 * A vertex and what stands on it, in words (its accessible name).
 * @param {string} name
 * @param {number} cops
 * @param {boolean} fugitive
 * @param {boolean} possible
 * @returns {string}
 */
function vertexWords(name, cops, fugitive, possible) {
  if (cops && fugitive) return t("boards.graph.vertex.caught", { name });
  if (cops) return t("boards.graph.vertex.cops", { name, count: cops });
  if (fugitive) return t("boards.graph.vertex.fugitive", { name });
  if (possible) return t("boards.graph.vertex.possible", { name });
  return t("boards.graph.vertex", { name });
}
