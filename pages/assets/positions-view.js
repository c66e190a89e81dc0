// The tree lab's switch between a game's tree and its graph of positions: for a game's
// tree, the reader chooses "Game tree" or "Graph of positions"; the graph is asked of
// /api/tree/game (`"graph": true`, the same game, position, depth and symmetry as the
// tree) and drawn by position-graph.js in its own scrolling box, where the tree's
// picture and zoom were. A tree written by hand has no game behind it: no switch.

import { byId } from "./dom.js";
import { drawGraph } from "./position-graph.js";
import { errorText, post } from "./transport.js";
import { t } from "./words.js";

/** @typedef {import("./position-graph.js").PositionGraph} PositionGraph */

/**
 * The game of the tree shown, as the tree lab holds it.
 * @typedef {object} ShownGame
 * @property {string} game
 * @property {string} position
 * @property {number | null} depth
 * @property {boolean} depth_aware
 * @property {boolean} symmetry
 */

/** The switch, the graph's box and its words. */
export class PositionsView {
  constructor() {
    this.switcher = byId("view-switch", HTMLElement);
    this.box = byId("graph", HTMLElement);
    this.words = byId("graph-summary", HTMLElement);
    /** The tree's own parts, hidden while the graph shows. */
    this.treeParts = [byId("picture", HTMLElement), byId("zoom", HTMLElement)];
    /** @type {"tree" | "graph"} */
    this.view = "tree";
    /** @type {ShownGame | null} */
    this.game = null;
    /** @type {Map<string, {graph: PositionGraph, nodes: number}>} graphs asked, by game */
    this.known = new Map();
    /** Counts the graphs asked for: an answer to an older question is dropped. */
    this.asked = 0;
    for (const radio of this.switcher.querySelectorAll('input[name="view"]')) {
      if (!(radio instanceof HTMLInputElement)) continue;
      radio.addEventListener("change", () => {
        if (radio.checked) this.choose(radio.value === "graph" ? "graph" : "tree");
      });
    }
  }

  /**
   * Follows the tree shown: a game's tree offers the switch (and the graph, when
   * chosen, is of this game); a tree written by hand shows the tree alone.
   * @param {ShownGame | null} game
   */
  follow(game) {
    this.game = game ? { ...game } : null;
    this.switcher.hidden = game === null;
    if (!game) this.choose("tree");
    else if (this.view === "graph") void this.load();
  }

  /**
   * Shows the tree or the graph.
   * @param {"tree" | "graph"} view
   */
  choose(view) {
    this.view = view;
    for (const radio of this.switcher.querySelectorAll('input[name="view"]')) {
      if (radio instanceof HTMLInputElement) radio.checked = radio.value === view;
    }
    const graph = view === "graph" && this.game !== null;
    for (const part of this.treeParts) part.hidden = graph;
    this.box.hidden = !graph;
    this.words.hidden = !graph;
    if (graph) void this.load();
  }

  /** Asks for the graph of the game shown (once per game) and draws it. */
  async load() {
    const game = this.game;
    if (!game) return;
    const key = JSON.stringify(game);
    const ticket = ++this.asked;
    let known = this.known.get(key);
    if (!known) {
      /** @type {Record<string, unknown>} */
      const asked = { game: game.game, depth_aware: game.depth_aware, symmetry: game.symmetry, graph: true };
      if (game.position !== "") asked.position = game.position;
      if (game.depth !== null) asked.depth = game.depth;
      try {
        const answer = await post("/api/tree/game", asked);
        known = { graph: /** @type {PositionGraph} */ (answer.graph), nodes: Number(answer.nodes) };
        this.known.set(key, known);
      } catch (failure) {
        if (ticket !== this.asked) return;
        this.box.replaceChildren();
        this.words.textContent = errorText(failure);
        return;
      }
    }
    if (ticket !== this.asked) return;
    const { graph, nodes } = known;
    let said = t("tree.graph.summary", { positions: graph.positions.length, moves: graph.moves.length, nodes });
    if (graph.symmetry) said += " " + t("tree.graph.symmetry");
    this.words.textContent = said;
    const svg = drawGraph(graph);
    svg.setAttribute("aria-label", said);
    this.box.replaceChildren(svg);
  }
}
