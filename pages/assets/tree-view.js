// The tree drawn: the picture is ply's own (the `svg` of /api/tree, drawn by the same
// renderer as `ply tree --format svg`), inserted as it is; this module only layers the
// page's part on top of it. Every node's group, edge, cut mark and cut window carries
// the node's place in the tree (`data-path`) and classes (`pv`, `pruned`, `cut`, ...),
// so clicks find the node to edit, and step mode toggles classes on them (lab.css and
// tree-view.css say how each class looks).

import { make } from "./dom.js";
import { parsePath } from "./tree-model.js";
import { cutWords } from "./step.js";
import { Zoom } from "./zoom.js";
import { t } from "./words.js";

/** @typedef {import("./tree-model.js").ApiNode} ApiNode */
/** @typedef {import("./tree-model.js").TreeAnswer} TreeAnswer */
/** @typedef {import("./step.js").Shown} Shown */

/**
 * The path of the node that cut a pruned node off: its nearest ancestor that was not
 * pruned itself.
 * @param {string} path
 * @param {Map<string, ApiNode>} byPath
 * @returns {string | null}
 */
function cutterOf(path, byPath) {
  let at = path;
  while (at !== "") {
    const dot = at.lastIndexOf(".");
    at = dot < 0 ? "" : at.slice(0, dot);
    const node = byPath.get(at);
    if (node && !node.pruned) return at;
  }
  return null;
}

/**
 * How the picture's words call a node: its name, or for an unnamed leaf its value (as
 * the picture writes it).
 * @param {ApiNode} node
 * @returns {string}
 */
function called(node) {
  const unnamed = node.named === false || node.name.startsWith("#");
  return node.leaf && unnamed ? `${node.written ?? node.value}` : node.name;
}

/**
 * A node of the picture, with what step mode last showed of it: the page changes only
 * what a step changes, so that a step through 8,000 nodes touches a handful.
 * @typedef {object} DrawnNode
 * @property {SVGGElement} group
 * @property {SVGTextElement | null} value its value's text (inner nodes'; leaves keep theirs)
 * @property {ApiNode} node
 * @property {string} path
 * @property {boolean} unvisited
 * @property {boolean} current
 * @property {boolean} revealed
 * @property {string | null} text the value's text as shown (null: as drawn)
 *
 * @typedef {object} DrawnMark an edge, a cut mark or a cut's window
 * @property {SVGElement} element
 * @property {string} path
 * @property {boolean} revealed
 */

/**
 * How the picture names the players.
 * @typedef {object} Players
 * @property {[string, string] | null} names the game's names for the player to move at
 *   the root and the other, or null for a tree written by hand
 * @property {boolean} negamax whether the picture is negamax's view (values for the
 *   player to move; one shape for both players)
 */

/** The picture of the tree, with the page's layers. */
export class TreeView {
  /**
   * @param {HTMLElement} viewport the scrolling box the picture goes in
   * @param {(path: number[]) => void} select called when a node is clicked (or Enter)
   * @param {(scale: number) => void} [zoomed] told the scale after each zoom
   */
  constructor(viewport, select, zoomed) {
    this.viewport = viewport;
    this.zoom = new Zoom(viewport, (scale) => {
      this.pinRows();
      zoomed?.(scale);
    });
    // The rows' labels stay at the box's left edge as a wide tree scrolls sideways.
    viewport.addEventListener("scroll", () => this.pinRows(), { passive: true });
    /** @type {SVGSVGElement | null} */
    this.svg = null;
    /** @type {Map<string, ApiNode>} */
    this.byPath = new Map();
    /** @type {Map<string, string | null>} each pruned node's cutter */
    this.cutters = new Map();
    /** @type {DrawnNode[]} the nodes drawn, in the picture's order */
    this.drawn = [];
    /** @type {DrawnMark[]} the edges and cut marks drawn */
    this.lines = [];
    /** @type {DrawnMark[]} the cuts' windows drawn */
    this.windows = [];
    /** Whether step mode was on at the last step. */
    this.stepping = false;
    /** The shape of the tree drawn last, to keep the zoom when only values change. */
    this.shape = "";
    /** The root's value, said in the picture's label once the answers show. */
    this.value = 0;
    /** The room added on the picture's left for the rows' labels in the page's words. */
    this.gutter = 0;
    /** Whether the rows' labels stand in the gaps above their rows (see `pinRows`). */
    this.labelsInGaps = false;
    viewport.addEventListener("click", (event) => {
      const group = this.nodeOf(event.target) ?? this.nodeNear(event.clientX, event.clientY);
      if (group) select(parsePath(group.dataset.path ?? ""));
    });
    viewport.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      const group = this.nodeOf(event.target);
      if (!group) return;
      event.preventDefault();
      select(parsePath(group.dataset.path ?? ""));
    });
  }

  /**
   * The node group an event target is in.
   * @param {EventTarget | null} target
   * @returns {SVGGElement | null}
   */
  nodeOf(target) {
    if (!(target instanceof Element)) return null;
    const group = target.closest("g.node");
    return group instanceof SVGGElement && this.svg?.contains(group) ? group : null;
  }

  /**
   * Shows the answer's picture, or why there is none.
   * @param {TreeAnswer} answer
   * @param {Map<string, ApiNode>} byPath the answer's nodes by path
   * @param {Players} [players] how to name the players (MAX and MIN by default)
   */
  show(answer, byPath, players = { names: null, negamax: false }) {
    this.byPath = byPath;
    this.cutters = new Map();
    for (const [path, node] of byPath) {
      if (node.pruned) this.cutters.set(path, cutterOf(path, byPath));
    }
    const shape = [...byPath.keys()].join(" ");
    const sameTree = shape === this.shape && this.svg !== null;
    this.shape = shape;
    this.drawn = [];
    this.lines = [];
    this.windows = [];
    this.stepping = false;
    const svg = answer.svg ? this.parse(answer.svg) : null;
    if (!svg) {
      this.svg = null;
      const why = (answer.svg_omitted?.error ?? t("tree.picture.none.why")).replace(/\.$/, "");
      this.viewport.replaceChildren(
        make("p", { className: "no-picture", text: t("tree.picture.none", { why }) }),
      );
      return;
    }
    this.svg = svg;
    this.value = answer.value;
    svg.setAttribute("role", "group");
    /** @type {Map<string, ApiNode>} */
    const byName = new Map();
    for (const node of byPath.values()) byName.set(node.name, node);
    /** @param {string} name */
    const label = (name) => {
      const node = byName.get(name);
      return node ? called(node) : name;
    };
    const negamax = svg.querySelector("text.row-label[data-view]")
      ? svg.querySelector('text.row-label[data-view="negamax"]') !== null
      : players.negamax;
    this.relabelRows(svg, players.names, negamax);
    for (const group of svg.querySelectorAll("g.node")) {
      if (!(group instanceof SVGGElement)) continue;
      const path = group.dataset.path ?? "";
      const node = byPath.get(path);
      const tooltip = group.querySelector(":scope > title");
      let title = tooltip?.textContent ?? t("tree.node.unnamed");
      const value = group.querySelector(":scope > text.label.value");
      if (node) {
        title = nodeTitle(node, players.names, negamax);
        if (tooltip) tooltip.textContent = title;
        this.drawn.push({
          group,
          value: value instanceof SVGTextElement && !node.leaf ? value : null,
          node,
          path,
          unvisited: false,
          current: false,
          revealed: false,
          text: null,
        });
      }
      group.setAttribute("tabindex", "0");
      group.setAttribute("role", "button");
      // A folded node (drawn to a depth) says how many nodes it holds, and opens on a click.
      const folded = group.querySelector(":scope > text.folded-count");
      const count = Number(folded instanceof SVGTextElement ? folded.dataset.count : NaN);
      if (folded && Number.isFinite(count)) {
        folded.textContent = t("tree.picture.folded", { count });
        group.setAttribute("aria-label", t("tree.node.folded", { title, count }));
      } else {
        group.setAttribute("aria-label", t("tree.node.edit", { title }));
      }
      if (value instanceof SVGTextElement) value.dataset.full = value.textContent ?? "";
    }
    for (const line of svg.querySelectorAll("line.edge, line.cut-mark")) {
      if (line instanceof SVGElement) {
        this.lines.push({ element: line, path: line.dataset.path ?? "", revealed: false });
      }
    }
    // A cut's window says what kind of cut it is: α at a MIN node, β at a MAX node.
    for (const text of svg.querySelectorAll("text.window")) {
      if (!(text instanceof SVGTextElement)) continue;
      const cutter = byPath.get(text.dataset.path ?? "");
      text.classList.add(cutter?.player === "min" ? "cut-alpha" : "cut-beta");
      const tooltip = text.querySelector("title");
      if (tooltip && cutter?.cutoff) tooltip.textContent = cutWords(cutter, label);
      this.windows.push({ element: text, path: text.dataset.path ?? "", revealed: false });
    }
    chunk(svg);
    const width = Number(svg.getAttribute("width")) || 600;
    const height = Number(svg.getAttribute("height")) || 300;
    // The rows' labels, each on a light card, stay in view as the tree scrolls: drawn
    // first, under the tree, so that a node passing under a label is never covered.
    /** @type {Element | null} what the next label goes after: top to bottom, as drawn */
    let after = svg.querySelector(":scope > rect");
    for (const label of svg.querySelectorAll("text.row-label")) {
      const card = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      card.setAttribute("class", "row-label-card");
      card.setAttribute("rx", "4");
      if (after) after.after(card, label);
      else svg.prepend(card, label);
      after = label;
    }
    this.viewport.replaceChildren(svg);
    this.gutter = gutter(svg);
    this.labelsInGaps = false;
    this.zoom.show(svg, width + this.gutter, height, sameTree);
    if (!sameTree) {
      // A new tree opens on its root: a wide one scrolls, and starts where it starts,
      // the root in the middle of the room the rows' labels leave, or of the whole box
      // when that room is narrower than the root's children (on a phone: the first
      // levels in view, passing over the rows' labels).
      const root = svg.querySelector('g.node[data-path=""]');
      if (root instanceof SVGGElement) {
        const box = root.getBBox();
        const x = (box.x + this.gutter + box.width / 2) * this.zoom.scale;
        const labels = [...svg.querySelectorAll("text.row-label")].map((label) =>
          label instanceof SVGTextElement ? label.getBBox().x + this.gutter + label.getBBox().width : 0);
        let left = Math.min(this.viewport.clientWidth / 2, Math.max(0, ...labels) * this.zoom.scale);
        const children = [...svg.querySelectorAll("g.node[data-path]")]
          .filter((g) => g instanceof SVGGElement && /^[0-9]+$/.test(g.dataset.path ?? ""))
          .map((g) => /** @type {SVGGElement} */ (g).getBBox());
        if (children.length > 0) {
          const from = Math.min(...children.map((b) => b.x));
          const to = Math.max(...children.map((b) => b.x + b.width));
          const half = Math.max(x / this.zoom.scale - this.gutter - from, to - (x / this.zoom.scale - this.gutter));
          if (2 * half * this.zoom.scale > this.viewport.clientWidth - left) {
            left = 0;
            this.labelsInGaps = true;
          }
        }
        this.viewport.scrollLeft = Math.max(0, x - (left + this.viewport.clientWidth) / 2);
      }
    }
    this.pinRows();
  }

  /**
   * The node whose target a point beside every node's shape falls in: each node's
   * target is at least TARGET px square around its centre (a leaf drawn 22 × 18 px on a
   * phone is tapped as easily as a row of a list), the nearest centre taking a point
   * two targets share. The drawing stays as it is.
   * @param {number} x in px from the window's left edge
   * @param {number} y in px from the window's top edge
   * @returns {SVGGElement | null}
   */
  nodeNear(x, y) {
    if (!this.svg) return null;
    /** @type {SVGGElement | null} */
    let nearest = null;
    let distance = Infinity;
    for (const group of this.svg.querySelectorAll("g.node")) {
      if (!(group instanceof SVGGElement)) continue;
      const shape = group.querySelector(":scope > .node") ?? group;
      const box = shape.getBoundingClientRect();
      const dx = Math.abs(x - (box.left + box.width / 2));
      const dy = Math.abs(y - (box.top + box.height / 2));
      if (dx > Math.max(TARGET, box.width) / 2 || dy > Math.max(TARGET, box.height) / 2) continue;
      if (Math.hypot(dx, dy) < distance) {
        nearest = group;
        distance = Math.hypot(dx, dy);
      }
    }
    return nearest;
  }

  /**
   * Takes the picture away (a tree that was refused has none): nothing of the last tree
   * stays on screen, and the next picture opens as a new tree.
   */
  clear() {
    this.svg = null;
    this.shape = "";
    this.byPath = new Map();
    this.cutters = new Map();
    this.drawn = [];
    this.lines = [];
    this.windows = [];
    this.stepping = false;
    this.zoom.picture = null;
    this.viewport.replaceChildren();
  }

  /**
   * Keeps the rows' labels (MAX, MIN, the players) at the left edge of the box, however
   * far a wide tree is scrolled: a tree opened on its root, thousands of px from the
   * picture's left edge, still says whose row is whose.
   */
  pinRows() {
    if (!this.svg) return;
    const left = this.viewport.scrollLeft / (this.zoom.scale || 1) - this.gutter;
    const labels = [...this.svg.querySelectorAll("text.row-label")];
    // Where the nodes pass over the labels (a phone, the root centred), each label but
    // the root's stands in the gap between its row and the row above, which only edges
    // cross: the root's row holds the root alone, so its label stays beside it.
    const rows = labels.map((label) => Number(label.getAttribute("data-row-y") ?? label.getAttribute("y")));
    const gap = rows.length > 1 ? rows[1] - rows[0] : 0;
    for (const [index, label] of labels.entries()) {
      if (!(label instanceof SVGTextElement)) continue;
      label.setAttribute("x", `${Math.round(12 + left)}`);
      if (!label.hasAttribute("data-row-y")) label.setAttribute("data-row-y", label.getAttribute("y") ?? "0");
      const lift = this.labelsInGaps && index > 0 && gap > 0 ? gap / 2 : 0;
      label.setAttribute("y", `${rows[index] - lift}`);
      if (this.labelsInGaps && index === 0) this.shortenRootRow(label, left);
      const card = label.previousElementSibling;
      if (!card?.classList.contains("row-label-card")) continue;
      const box = label.getBBox();
      card.setAttribute("x", `${box.x - 4}`);
      card.setAttribute("y", `${box.y - 2}`);
      card.setAttribute("width", `${box.width + 8}`);
      card.setAttribute("height", `${box.height + 4}`);
    }
  }

  /**
   * The root's row holds the root alone; where its label, in the page's words, would
   * reach under the root (a phone, the root centred), it says MAX or MIN only.
   * @private
   * @param {SVGTextElement} label
   * @param {number} left the picture's x at the box's left edge
   */
  shortenRootRow(label, left) {
    const root = this.svg?.querySelector('g.node[data-path=""]');
    const player = label.dataset.player;
    if (!(root instanceof SVGGElement) || (player !== "first" && player !== "second")) return;
    if (label.dataset.view === "negamax") return;
    const full = label.dataset.fullText ?? label.textContent ?? "";
    label.dataset.fullText = full;
    label.textContent = full;
    if (12 + left + label.getBBox().width + 8 > root.getBBox().x) {
      label.textContent = t(player === "first" ? "tree.picture.max" : "tree.picture.min");
    }
  }

  /**
   * The rows' labels in the page's language: MAX and MIN, or who is to move in negamax's
   * view; a game's rows by its players' names. ply marks each row by the player who
   * moves there (`data-player`, first: the root's); a picture without the mark is read
   * by its words.
   * @private
   * @param {SVGSVGElement} svg
   * @param {[string, string] | null} names
   * @param {boolean} negamax
   */
  relabelRows(svg, names, negamax) {
    for (const text of svg.querySelectorAll(":scope > text.row-label, :scope > text:not(.label)")) {
      if (!(text instanceof SVGTextElement)) continue;
      const words = text.textContent?.trim() ?? "";
      const player = text.dataset.player
        ?? (words === "MAX" ? "first" : words === "MIN" ? "second" : null);
      if (player === "chance") text.textContent = t("tree.picture.chance");
      if (player !== "first" && player !== "second") continue;
      text.textContent = rowLabel(player === "first", names, negamax);
    }
  }

  /**
   * Whether a picture, opened as a new tree, would be as wide as the box at most (at the
   * scale it would open at: its labels readable).
   * @param {string} text the picture's SVG
   * @param {Players} [players] how the rows are named
   * @returns {boolean}
   */
  fits(text, players = { names: null, negamax: false }) {
    const svg = this.parse(text);
    if (!svg) return true;
    // Measured as it would be shown: its rows' labels in the page's words, beside it.
    this.relabelRows(svg, players.names, players.negamax);
    svg.style.position = "absolute";
    svg.style.visibility = "hidden";
    this.viewport.append(svg);
    const width = (Number(svg.getAttribute("width")) || 0) + gutter(svg);
    svg.remove();
    return this.zoom.fits(svg, width);
  }

  /**
   * The SVG text as an element of this page.
   * @param {string} text
   * @returns {SVGSVGElement | null}
   */
  parse(text) {
    const document_ = new DOMParser().parseFromString(text, "image/svg+xml");
    const root = document_.documentElement;
    if (root.querySelector("parsererror") || root.nodeName !== "svg") return null;
    const svg = document.importNode(root, true);
    return svg instanceof SVGSVGElement ? svg : null;
  }

  /**
   * Shows what the page shows of the search (step.js's `revealed`): which nodes were
   * reached, the values known so far, the current node, the cuts made so far. The
   * principal variation and the pruned branches show only with the whole search. Only
   * what differs from the last step shown is changed in the picture.
   * @param {Shown} shown
   */
  step(shown) {
    const svg = this.svg;
    if (!svg) return;
    const seen = shown.seen;
    svg.setAttribute(
      "aria-label",
      shown.result ? t("tree.picture.label", { value: this.value }) : t("tree.picture.label.hidden"),
    );
    const stepping = seen !== null;
    if (stepping !== this.stepping) {
      svg.classList.toggle("stepping", stepping);
      this.stepping = stepping;
    }
    /** @type {Set<string>} the paths of pruned nodes whose cut has happened */
    const revealed = new Set();
    /** @type {Map<string, boolean>} whether each cutter's cut has happened */
    const done = new Map();
    /** @param {string} path */
    const cutDone = (path) => {
      let cut = done.get(path);
      if (cut === undefined) {
        const order = this.byPath.get(path)?.visit_order;
        cut = seen !== null && order !== null && order !== undefined && seen.cut.has(order);
        done.set(path, cut);
      }
      return cut;
    };
    if (seen) {
      for (const [path, cutter] of this.cutters) {
        if (cutter !== null && cutDone(cutter)) revealed.add(path);
      }
    }
    for (const drawn of this.drawn) {
      const order = drawn.node.visit_order;
      const unvisited = seen !== null && (order === null || !seen.entered.has(order));
      const current = seen !== null && order !== null && seen.current === order;
      const shownRevealed = revealed.has(drawn.path);
      if (unvisited !== drawn.unvisited) {
        drawn.group.classList.toggle("unvisited", unvisited);
        drawn.unvisited = unvisited;
      }
      if (current !== drawn.current) {
        drawn.group.classList.toggle("current", current);
        drawn.current = current;
      }
      if (shownRevealed !== drawn.revealed) {
        drawn.group.classList.toggle("revealed", shownRevealed);
        drawn.revealed = shownRevealed;
      }
      if (!drawn.value) continue;
      // Leaves carry their values from the start, as on paper; inner nodes only what
      // the search knows so far.
      const text = shown.values?.get(drawn.path) ?? null;
      if (text !== drawn.text) {
        drawn.value.textContent = text ?? drawn.value.dataset.full ?? "";
        drawn.text = text;
      }
    }
    for (const line of this.lines) {
      const on = revealed.has(line.path);
      if (on !== line.revealed) {
        line.element.classList.toggle("revealed", on);
        line.revealed = on;
      }
    }
    for (const window of this.windows) {
      const on = cutDone(window.path);
      if (on !== window.revealed) {
        window.element.classList.toggle("revealed", on);
        window.revealed = on;
      }
    }
  }
}

/** The smallest target a node of the picture has, in px on the screen (`nodeNear`). */
const TARGET = 44;

/** How many of the picture's parts a group holds, in a big picture (see `chunk`). */
const CHUNK = 128;

/**
 * Gathers a big picture's parts, in their order, into groups of CHUNK: a browser then
 * lays out and repaints only the group of a part that changed, not the thousands of its
 * siblings, and a step through 8,000 nodes stays quick. What the picture looks like does
 * not change (a group without attributes draws its parts as they are, in order).
 * @param {SVGSVGElement} svg
 */
function chunk(svg) {
  const parts = [...svg.children];
  if (parts.length <= 4 * CHUNK) return;
  for (let start = 0; start < parts.length; start += CHUNK) {
    const group = document.createElementNS("http://www.w3.org/2000/svg", "g");
    group.setAttribute("class", "chunk");
    svg.append(group);
    group.append(...parts.slice(start, start + CHUNK));
  }
}

/**
 * A row's label: who moves there.
 * @param {boolean} first whether the root's player moves there
 * @param {[string, string] | null} names a game's names for its players
 * @param {boolean} negamax
 * @returns {string}
 */
export function rowLabel(first, names, negamax) {
  if (negamax) {
    if (names) return t("tree.picture.to-move", { player: names[first ? 0 : 1] });
    return t(first ? "tree.picture.first-to-move" : "tree.picture.second-to-move");
  }
  if (names) {
    return t(first ? "tree.picture.player.max" : "tree.picture.player.min", {
      player: names[first ? 0 : 1],
    });
  }
  return t(first ? "tree.picture.max" : "tree.picture.min");
}

/**
 * A node's tooltip: its name, what kind of node, its depth, and how many moves it
 * stands for when it stands for several.
 * @param {ApiNode} node
 * @param {[string, string] | null} names
 * @param {boolean} negamax
 * @returns {string}
 */
function nodeTitle(node, names, negamax) {
  const name = called(node);
  const first = node.player === "max";
  let title;
  if (node.leaf) {
    title = t("tree.node.title.leaf", { name, depth: node.depth });
  } else if (node.player === "chance") {
    title = t("tree.node.title.chance", { name, depth: node.depth });
  } else if (negamax || names) {
    const player = names
      ? names[first ? 0 : 1]
      : t(first ? "tree.picture.first-player" : "tree.picture.second-player");
    title = t("tree.node.title.mover", { name, depth: node.depth, player });
  } else {
    title = t(first ? "tree.node.title.max" : "tree.node.title.min", { name, depth: node.depth });
  }
  const times = node.stands_for ?? 1;
  return times > 1 ? t("tree.node.stands-for", { title, count: times }) : title;
}

/**
 * Widens a picture shown (in the document) on its left so that the rows' labels, in the
 * page's words (`1st player (MAX)` where ply wrote `MAX`), end before its first node: the
 * tree never passes under them at the opening scroll. The picture's own coordinates stay.
 * @param {SVGSVGElement} svg
 * @returns {number} the px added
 */
function gutter(svg) {
  const labels = [...svg.querySelectorAll("text.row-label")];
  if (labels.length === 0) return 0;
  const widest = Math.max(...labels.map((label) =>
    label instanceof SVGGraphicsElement ? label.getBBox().width : 0));
  let leftmost = Infinity;
  for (const group of svg.querySelectorAll("g.node")) {
    if (group instanceof SVGGraphicsElement) leftmost = Math.min(leftmost, group.getBBox().x);
  }
  const extra = Math.ceil(12 + widest + 12 - leftmost);
  if (!Number.isFinite(extra) || extra <= 0) return 0;
  const width = Number(svg.getAttribute("width")) || 0;
  const height = Number(svg.getAttribute("height")) || 0;
  svg.setAttribute("viewBox", `${-extra} 0 ${width + extra} ${height}`);
  svg.setAttribute("width", `${width + extra}`);
  const ground = svg.querySelector(":scope > rect");
  if (ground) {
    ground.setAttribute("x", `${-extra}`);
  }
  return extra;
}
