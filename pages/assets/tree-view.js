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
  return node.leaf && unnamed ? `${node.written}` : node.name;
}

/** The picture of the tree, with the page's layers. */
export class TreeView {
  /**
   * @param {HTMLElement} viewport the scrolling box the picture goes in
   * @param {(path: number[]) => void} select called when a node is clicked (or Enter)
   * @param {(scale: number) => void} [zoomed] told the scale after each zoom
   */
  constructor(viewport, select, zoomed) {
    this.viewport = viewport;
    this.zoom = new Zoom(viewport, zoomed);
    /** @type {SVGSVGElement | null} */
    this.svg = null;
    /** @type {Map<string, ApiNode>} */
    this.byPath = new Map();
    /** @type {Map<string, string | null>} each pruned node's cutter */
    this.cutters = new Map();
    /** The shape of the tree drawn last, to keep the zoom when only values change. */
    this.shape = "";
    /** The root's value, said in the picture's label once the answers show. */
    this.value = 0;
    viewport.addEventListener("click", (event) => {
      const group = this.nodeOf(event.target);
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
   */
  show(answer, byPath) {
    this.byPath = byPath;
    this.cutters = new Map();
    for (const [path, node] of byPath) {
      if (node.pruned) this.cutters.set(path, cutterOf(path, byPath));
    }
    const shape = [...byPath.keys()].join(" ");
    const sameTree = shape === this.shape && this.svg !== null;
    this.shape = shape;
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
    // The picture's own words are English: the rows' labels and the tooltips are said
    // again here in the page's language.
    for (const text of svg.querySelectorAll(":scope > text:not(.label)")) {
      const row = text.textContent?.trim();
      if (row === "MAX") text.textContent = t("tree.picture.max");
      else if (row === "MIN") text.textContent = t("tree.picture.min");
    }
    for (const group of svg.querySelectorAll("g.node")) {
      if (!(group instanceof SVGGElement)) continue;
      const node = byPath.get(group.dataset.path ?? "");
      const tooltip = group.querySelector(":scope > title");
      let title = tooltip?.textContent ?? t("tree.node.unnamed");
      if (node) {
        const kind = node.leaf ? "tree.node.title.leaf" : node.player === "max"
          ? "tree.node.title.max"
          : "tree.node.title.min";
        title = t(kind, { name: called(node), depth: node.depth });
        if (tooltip) tooltip.textContent = title;
      }
      group.setAttribute("tabindex", "0");
      group.setAttribute("role", "button");
      group.setAttribute("aria-label", t("tree.node.edit", { title }));
      const value = group.querySelector("text.value");
      if (value instanceof SVGTextElement) value.dataset.full = value.textContent ?? "";
    }
    // A cut's window says what kind of cut it is: α at a MIN node, β at a MAX node.
    for (const text of svg.querySelectorAll("text.window")) {
      if (!(text instanceof SVGTextElement)) continue;
      const cutter = byPath.get(text.dataset.path ?? "");
      text.classList.add(cutter?.player === "min" ? "cut-alpha" : "cut-beta");
      const tooltip = text.querySelector("title");
      if (tooltip && cutter?.cutoff) tooltip.textContent = cutWords(cutter, label);
    }
    const width = Number(svg.getAttribute("width")) || 600;
    const height = Number(svg.getAttribute("height")) || 300;
    this.viewport.replaceChildren(svg);
    this.zoom.show(svg, width, height, sameTree);
    if (!sameTree) {
      // A new tree opens on its root: a wide one scrolls, and starts where it starts.
      const root = svg.querySelector('g.node[data-path=""]');
      if (root instanceof SVGGElement) {
        const box = root.getBBox();
        const x = (box.x + box.width / 2) * this.zoom.scale;
        this.viewport.scrollLeft = Math.max(0, x - this.viewport.clientWidth / 2);
      }
    }
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
   * principal variation and the pruned branches show only with the whole search.
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
    svg.classList.toggle("stepping", seen !== null);
    /** @type {Set<string>} the paths of pruned nodes whose cut has happened */
    const revealed = new Set();
    /** @param {string} path */
    const cutDone = (path) => {
      const order = this.byPath.get(path)?.visit_order;
      return seen !== null && order !== null && order !== undefined && seen.cut.has(order);
    };
    for (const [path, cutter] of this.cutters) {
      if (cutter !== null && cutDone(cutter)) revealed.add(path);
    }
    for (const group of svg.querySelectorAll("g.node")) {
      if (!(group instanceof SVGGElement)) continue;
      const path = group.dataset.path ?? "";
      const node = this.byPath.get(path);
      const value = group.querySelector("text.value");
      if (!node) continue;
      const order = node.visit_order;
      const entered = seen === null || (order !== null && seen.entered.has(order));
      group.classList.toggle("unvisited", !entered);
      group.classList.toggle("current", seen !== null && order !== null && seen.current === order);
      group.classList.toggle("revealed", revealed.has(path));
      if (!(value instanceof SVGTextElement) || node.leaf) continue;
      // Leaves carry their values from the start, as on paper; inner nodes only what
      // the search knows so far.
      value.textContent = shown.values?.get(path) ?? value.dataset.full ?? "";
    }
    for (const line of svg.querySelectorAll("line.edge, line.cut-mark")) {
      if (line instanceof SVGElement) {
        line.classList.toggle("revealed", revealed.has(line.dataset.path ?? ""));
      }
    }
    for (const text of svg.querySelectorAll("text.window")) {
      if (text instanceof SVGElement) {
        text.classList.toggle("revealed", cutDone(text.dataset.path ?? ""));
      }
    }
  }
}
