// The tree lab: a tree as text, searched by ply (POST /api/tree through transport.js:
// exactly what `ply tree --format json --trace` prints, and ply's own picture of it),
// drawn by tree-view.js with clicks and steps on top; the text is rewritten from the
// edited tree. A game's tree (game, position, depth) is written out and searched by
// POST /api/tree/game, its picture with the game's boards; its text goes into the box,
// and an edit makes it a tree of the reader's own again. Settings travel in the link's
// fragment (a game's as `game=SPEC&position=POS&depth=N`, with `step=N`, the step shown,
// `hide=1`, the answers hidden until the steps reach them, and `compare=1`, the searches'
// node counts side by side). Nothing plays on its own.

import "./layout.js";
import { byId, make } from "./dom.js";
import { EXAMPLES, LESSONS, exampleByKey } from "./examples.js";
import { Editor } from "./editor.js";
import { Replay, cutWords, revealed } from "./step.js";
import { CHANCE_ALGORITHMS, chanceRevealed, exactText, looksLikeChance } from "./chance-step.js";
import {
  countPruned,
  gameOf,
  label,
  modelOf,
  nodesByName,
  nodesByPath,
  treeText,
} from "./tree-model.js";
import { TreeView } from "./tree-view.js";
import { PositionsView } from "./positions-view.js";
import { ApiError, answer, backend, errorText, post, postText } from "./transport.js";
import { startWords, t, translatePage } from "./words.js";

// The page's words first: every sentence below is said in the page's language.
await startWords();

/** @typedef {import("./tree-model.js").TreeAnswer} TreeAnswer */
/** @typedef {import("./tree-model.js").GameTreeAnswer} GameTreeAnswer */
/** @typedef {import("./tree-model.js").ApiNode} ApiNode */
/** @typedef {import("./tree-model.js").ModelNode} ModelNode */
/** @typedef {import("./words.js").MessageId} MessageId */

/**
 * The settings a link carries.
 * @typedef {object} Settings
 * @property {string} [tree]
 * @property {string} [algorithm]
 * @property {string} [order]
 * @property {string} [rule] alpha-beta's pruning rule: "ge" (the default) or "gt"
 * @property {string} [perspective]
 * @property {string} [title]
 * @property {string} [lesson] the lesson's key, when the tree is a lesson's
 * @property {string} [hide] "1": the answers hidden until the steps reach them
 * @property {string} [step] the step shown (step mode), when not the whole search
 * @property {string} [game] a game's spec: the tree is that game's, written out by ply
 * @property {string} [position] the game's position (default: its start)
 * @property {string} [depth] how many plies deep (default: to the end of the game)
 * @property {string} [depth_aware] "0": finished games scored plainly, not by depth
 * @property {string} [symmetry] "1": one child per move up to the board's symmetries
 * @property {string} [compare] "1": the searches' node counts side by side
 * @property {string} [collapse] "1": the pruned subtrees drawn as one mark each
 * @property {string} [levels] a wide tree drawn to this depth ("all": every level)
 */

/** @typedef {import("./tree-model.js").Game} Game */

const ALGORITHMS = ["minimax", "negamax", "alphabeta", ...CHANCE_ALGORITHMS];
const ORDERS = ["as_written", "best_first", "worst_first"];
const RULES = ["ge", "gt"];
const PERSPECTIVES = ["max", "mover"];

const text = byId("tree-text", HTMLTextAreaElement);
const error = byId("error", HTMLElement);
const summary = byId("summary", HTMLElement);
const compare = byId("compare", HTMLElement);
const slider = byId("step-slider", HTMLInputElement);
const stepInfo = byId("step-info", HTMLElement);
const cutsList = byId("cuts", HTMLElement);
const help = byId("tree-help", HTMLElement);
const perspective = byId("perspective", HTMLSelectElement);
const title = byId("handout-title", HTMLInputElement);
const printTitle = byId("print-title", HTMLElement);
const zoomLevel = byId("zoom-level", HTMLElement);
const hideBox = byId("hide", HTMLInputElement);
const lessonText = byId("lesson", HTMLElement);
const exampleMenu = byId("example", HTMLSelectElement);
const gameSpec = byId("game-spec", HTMLInputElement);
const gamePosition = byId("game-position", HTMLInputElement);
const gameDepth = byId("game-depth", HTMLInputElement);
const depthAware = byId("depth-aware", HTMLInputElement);
const symmetry = byId("symmetry", HTMLInputElement);
const gameNote = byId("game-note", HTMLElement);
const compareTable = byId("compare-table", HTMLTableElement);
const collapseBox = byId("collapse", HTMLInputElement);
const levelsRow = byId("levels", HTMLElement);
const levelsInfo = byId("levels-info", HTMLElement);
const levelsMore = byId("levels-more", HTMLButtonElement);
const levelsAll = byId("levels-all", HTMLButtonElement);
const compareAllBox = byId("compare-all", HTMLInputElement);
const treeCounts = byId("tree-counts", HTMLElement);

/** Where the browser remembers the "hide the answers" switch. */
const HIDE = "ply.hide";

const state = {
  /**
   * The deepest level drawn with its children (`collapse_below`): a tree wider than the
   * box opens to the depth that fits, the levels below folded. null: every level.
   * @type {number | null}
   */
  levels: null,
  /** Whether this tree was opened folded (the levels' row then shows). */
  levelsOffered: false,
  /** @type {Set<string>} the paths of the folded nodes opened by a click (`expand`) */
  expanded: new Set(),
  /** @type {number | "all" | null} the levels a link asked for, for the tree it opens */
  linkLevels: null,
  /** The shape of the tree the levels were chosen for (its paths). */
  levelShape: "",
  /** The deepest level of the tree. */
  deepest: 0,
  /** @type {[string, string] | null} the names of the players of the rows */
  players: null,
  algorithm: "alphabeta",
  order: "as_written",
  rule: "ge",
  perspective: "max",
  /** @type {TreeAnswer | null} the answer for the current text and settings */
  result: null,
  /** @type {ModelNode | null} the tree as the page edits it */
  model: null,
  /** @type {Map<string, ApiNode>} the answer's nodes by name (the trace's words) */
  byName: new Map(),
  /** How many steps of the trace are shown (its length: the whole search). */
  step: 0,
  /** @type {number | null} the step the next answer opens at (a link's, or 0 for a new
   * tree while the answers are hidden); null: the usual */
  opening: null,
  /** Whether the answers wait for the steps to reach them. */
  hide: false,
  /** The key of the lesson shown, or "". */
  lesson: "",
  /** @type {Set<string>} the texts (as `treeKey` reads them) of the tree the example
   * menu shows: its own text, and the texts ply and the editor write of it. Any other
   * text is a tree of the reader's own, and no longer the lesson's. */
  exampleTrees: new Set(),
  /** @type {Game | null} the game whose tree is shown; null for a tree of one's own */
  game: null,
  /** @type {GameTreeAnswer | null} the game's answer (its players, its scores) */
  gameAnswer: null,
  /** @type {Map<string, ApiNode>} the answer's nodes by path */
  byPath: new Map(),
  /** @type {Map<number, ApiNode>} the answer's nodes by visit order */
  byOrder: new Map(),
  /** @type {Replay | null} the answer's trace, replayed to the step shown */
  replay: null,
  /** The leaves alpha-beta never looked at. */
  pruned: 0,
  /** @type {ApiNode[]} the cuts listed under the picture */
  cutsShown: [],
  /** Whether the pruned subtrees are drawn as one mark each. */
  collapse: false,
  /** Whether the searches' node counts show side by side. */
  compareAll: false,
  /** Whether the answer shown is a chance search's (expectiminimax, Star1, Star2). */
  chance: false,
};

const editor = new Editor(byId("editor", HTMLElement), rewrite);
const view = new TreeView(
  byId("picture", HTMLElement),
  (path) => {
    // A folded node opens one level deeper; it is not edited folded.
    if (groupAt(path.join("."))?.classList.contains("folded")) {
      openFolded([path.join(".")]);
      return;
    }
    // The editor writes trees without chance tags: a chance tree is edited as text.
    if (state.chance) error.textContent = t("tree.chance.edit");
    else if (state.model) {
      editor.open(state.model, path);
      editing = path.join(".");
      clearOfEditor(editing);
    }
  },
  (scale) => {
    zoomLevel.textContent = t("tree.zoom.level", { percent: Math.round(scale * 100) });
  },
);

/** The path of the node last opened in the editor. */
let editing = "";

/**
 * The node an edit was made on, and where on the screen it was: the page is scrolled
 * so that it stays there while the text, the lesson's words and the picture change.
 * @type {{path: string, top: number} | null}
 */
let anchor = null;

/**
 * @param {string} path
 * @returns {Element | null} the picture's group of the node at `path`
 */
function groupAt(path) {
  return view.svg?.querySelector(`g.node[data-path="${CSS.escape(path)}"]`) ?? null;
}

/**
 * Scrolls the page, if need be, so that the node being edited is not under the editor
 * (a sheet at the bottom of a phone's screen) nor below the window.
 * @param {string} path
 */
function clearOfEditor(path) {
  const group = groupAt(path);
  const panel = byId("editor", HTMLElement);
  if (!group || panel.hidden) return;
  const sheet = getComputedStyle(panel).position === "fixed" ? panel.getBoundingClientRect().top : innerHeight;
  const bottom = Math.min(innerHeight, sheet) - 8;
  const box = group.getBoundingClientRect();
  if (box.bottom > bottom) window.scrollBy(0, box.bottom - bottom);
}

/** Keeps the edited node where it was on the screen (see `anchor`). */
function holdAnchor() {
  const group = anchor ? groupAt(anchor.path) : null;
  if (anchor && group) window.scrollBy(0, group.getBoundingClientRect().top - anchor.top);
}

/** The switch between a game's tree and its graph of positions. */
const positions = new PositionsView();

// ----- Asking ply ------------------------------------------------------------------------

/**
 * The request for the current text and settings.
 * @param {string} [order]
 * @returns {{tree: string, algorithm: string, leaf_perspective: string, order: string, rule: string}}
 */
function request(order) {
  return {
    tree: text.value,
    algorithm: state.algorithm,
    leaf_perspective: state.perspective,
    order: order ?? state.order,
    rule: state.rule,
  };
}

let pending = 0;

/** @returns {{collapse_pruned?: true}} the picture's request to collapse pruned subtrees */
function collapsing() {
  return state.collapse ? { collapse_pruned: true } : {};
}

/**
 * The picture's levels (ply draws each subtree below them folded into its top node).
 * @param {number | null} [levels]
 * @param {Set<string>} [expanded]
 * @returns {{collapse_below?: number, expand?: string[]}}
 */
function folding(levels = state.levels, expanded = state.expanded) {
  return levels === null ? {} : { collapse_below: levels, expand: [...expanded] };
}

/**
 * The answer again, its picture drawn to `levels` (the search is the same).
 * @param {number | null} levels
 * @param {Set<string>} expanded
 * @returns {Promise<TreeAnswer>}
 */
async function drawnTo(levels, expanded) {
  if (state.game) return (await searchGame(state.game, folding(levels, expanded))).search;
  return post("/api/tree", { ...request(), picture: true, ...collapsing(), ...folding(levels, expanded) });
}

/**
 * The levels a new tree opens with: every level when its picture fits the box at the
 * scale it opens at (its labels readable), else the deepest that fits, at least the
 * root and two levels below it; with the picture drawn so.
 * @param {TreeAnswer} whole the answer with every level drawn
 * @param {number} ticket
 * @returns {Promise<{levels: number | null, answer: TreeAnswer}>}
 */
async function fittingLevels(whole, ticket) {
  const players = { names: state.players, negamax: whole.algorithm === "negamax" };
  if (!whole.svg || state.deepest <= 2 || view.fits(whole.svg, players)) {
    return { levels: null, answer: whole };
  }
  let best = { levels: 2, answer: await drawnTo(2, new Set()) };
  for (let levels = 3; levels < state.deepest && ticket === pending; levels++) {
    const answer = await drawnTo(levels, new Set());
    if (!answer.svg || !view.fits(answer.svg, players)) break;
    best = { levels, answer };
  }
  return best;
}

/**
 * Opens folded nodes (and the folded nodes above them) one level deeper, and draws
 * the tree again; the step and the zoom stay.
 * @param {string[]} paths
 */
function openFolded(paths) {
  if (state.levels === null) return;
  const levels = state.levels;
  const before = state.expanded.size;
  for (const path of paths) {
    const steps = path === "" ? [] : path.split(".");
    // Every node on the way whose depth is at the levels drawn or below is opened.
    for (let depth = levels; depth <= steps.length; depth++) {
      if (depth < steps.length || groupAt(path)?.classList.contains("folded")) {
        state.expanded.add(steps.slice(0, depth).join("."));
      }
    }
  }
  if (state.expanded.size > before) redraw();
}

/**
 * @param {ApiNode} node
 * @returns {string | null} the node's path in the answer's tree
 */
function pathOf(node) {
  for (const [path, other] of state.byPath) if (other === node) return path;
  return null;
}

/** Draws the tree again to the levels chosen (the search and the step stay). */
async function redraw() {
  const result = state.result;
  if (!result) return;
  const ticket = ++pending;
  try {
    const drawn = await drawnTo(state.levels, state.expanded);
    if (ticket !== pending || state.result !== result) return;
    result.svg = drawn.svg;
    result.svg_omitted = drawn.svg_omitted;
    view.show(result, state.byPath, { names: state.players, negamax: result.algorithm === "negamax" });
    state.cutsShown = [];
    cutsList.replaceChildren();
    render();
  } catch (failure) {
    if (ticket !== pending) return;
    refuse(refusalText(failure) ?? errorText(failure));
  }
  showLevels();
  saveFragment();
}

/** The levels' row: what is drawn, and the buttons for more. */
function showLevels() {
  levelsRow.hidden = !state.levelsOffered || !state.result;
  const whole = state.levels === null;
  levelsInfo.textContent = whole
    ? t("tree.levels.whole", { deepest: state.deepest })
    : t("tree.levels.info", { shown: state.levels ?? 0, deepest: state.deepest });
  levelsMore.hidden = whole;
  levelsAll.hidden = whole;
}

/**
 * The search of the game's tree, with its picture: /api/tree/game writes the tree out
 * and searches it at once (the picture with the game's boards); and the names of the
 * players of its rows.
 * @param {Game} game
 * @param {{collapse_below?: number, expand?: string[]}} [levels] the picture's levels
 * @returns {Promise<{tree: GameTreeAnswer, search: TreeAnswer, players: [string, string]}>}
 */
async function searchGame(game, levels = folding()) {
  /** @type {Record<string, unknown>} */
  const asked = { game: game.game, depth_aware: game.depth_aware, symmetry: game.symmetry };
  if (game.position !== "") asked.position = game.position;
  if (game.depth !== null) asked.depth = game.depth;
  /** @type {GameTreeAnswer} */
  const tree = await post("/api/tree/game", {
    ...asked,
    search: true,
    picture: true,
    algorithm: state.algorithm,
    order: state.order,
    rule: state.rule,
    ...collapsing(),
    ...levels,
  });
  // (Asked with `"search": true`, the answer always has its search.)
  const search = /** @type {TreeAnswer} */ (tree.search);
  return { tree, search, players: rootPlayers(tree) };
}

/** Asks for the values and the picture of the text as it is (or of the game's tree). */
async function evaluate() {
  const ticket = ++pending;
  treeCounts.hidden = true;
  treeCounts.replaceChildren();
  try {
    /** @type {TreeAnswer} */
    let result;
    /** @type {GameTreeAnswer | null} */
    let gameAnswer = null;
    /** @type {[string, string] | null} */
    let players = null;
    if (state.game) {
      const asked = await searchGame(state.game);
      if (ticket !== pending) return;
      text.value = asked.tree.tree;
      ({ search: result, tree: gameAnswer, players } = asked);
      // A game with dice (Pig) is written out with chance nodes and searched by a chance
      // search whatever was chosen before: the choice follows the tree.
      fitAlgorithm(asked.tree.tree);
    } else {
      result = await post("/api/tree", { ...request(), picture: true, ...collapsing(), ...folding() });
    }
    if (ticket !== pending) return;
    // A new tree opens to the levels that fit the box (or a link's); the same tree
    // redrawn (a leaf edited) keeps its levels and the nodes opened.
    state.players = players;
    const paths = [...nodesByPath(result.root).keys()];
    const shape = paths.join(" ");
    if (shape !== state.levelShape) {
      const asked = JSON.stringify(folding());
      state.levelShape = shape;
      state.deepest = Math.max(0, ...paths.map((path) => (path === "" ? 0 : path.split(".").length)));
      state.expanded = new Set();
      const linked = state.linkLevels;
      state.linkLevels = null;
      if (linked !== null) {
        state.levels = linked === "all" || linked >= state.deepest ? null : linked;
        state.levelsOffered = true;
        if (JSON.stringify(folding()) !== asked) {
          const drawn = await drawnTo(state.levels, state.expanded);
          result.svg = drawn.svg;
          result.svg_omitted = drawn.svg_omitted;
        }
      } else {
        const whole = asked === "{}" ? result : await drawnTo(null, state.expanded);
        if (ticket !== pending) return;
        const fitted = await fittingLevels(whole, ticket);
        state.levels = fitted.levels;
        state.levelsOffered = fitted.levels !== null;
        result.svg = fitted.answer.svg;
        result.svg_omitted = fitted.answer.svg_omitted;
      }
      if (ticket !== pending) return;
    }
    error.textContent = "";
    state.result = result;
    state.gameAnswer = gameAnswer;
    state.byName = nodesByName(result.root);
    state.byPath = nodesByPath(result.root);
    state.byOrder = new Map();
    for (const node of state.byPath.values()) {
      if (node.visit_order !== null) state.byOrder.set(node.visit_order, node);
    }
    state.chance = CHANCE_ALGORITHMS.includes(result.algorithm);
    // The help under the picture says what the shapes mean in this kind of tree (a
    // circle is a chance node here, a negamax node there); the language switch keeps it.
    help.dataset.t = state.chance ? "tree.help.chance" : "tree.help";
    help.textContent = t(help.dataset.t);
    state.replay = state.chance ? null : new Replay(result.trace);
    state.pruned = countPruned(result.root);
    state.model = modelOf(result.root);
    // The example's tree as ply wrote it (a game's) and as the editor writes it back.
    if (exampleMenu.value !== "") {
      state.exampleTrees.add(treeKey(text.value));
      state.exampleTrees.add(treeKey(treeText(state.model)));
    }
    const total = result.trace.length;
    if (state.opening !== null) {
      state.step = Math.max(0, Math.min(state.opening, total));
      state.opening = null;
    } else if (!(state.hide && state.step < total)) {
      // With the answers hidden, an edit keeps the step; otherwise the whole search.
      state.step = state.hide ? 0 : total;
    }
    view.show(result, state.byPath, { names: players, negamax: result.algorithm === "negamax" });
    showLevels();
    // A game's tree offers its graph of positions beside it.
    positions.follow(state.game);
    state.cutsShown = [];
    cutsList.replaceChildren();
    gameNote.dataset.full = gameWords(null);
    compare.dataset.full = "";
    compareTable.hidden = true;
    render();
    holdAnchor();
    anchor = null;
    if (state.chance) compareChance(ticket);
    else compareOrders(ticket);
  } catch (failure) {
    if (ticket !== pending) return;
    anchor = null;
    refuse(refusalText(failure) ?? errorText(failure));
    if (state.game && state.game.depth === null && tooBigToDraw(failure)) {
      countGame(ticket, state.game, /** @type {ApiError} */ (failure));
    }
  }
  saveFragment();
}

/**
 * Whether ply refused a tree for its size (its nodes, or its answer's bytes).
 * @param {unknown} failure
 * @returns {boolean}
 */
function tooBigToDraw(failure) {
  return failure instanceof ApiError && failure.kind === "limit"
    && (failure.limit === "max_tree_nodes" || failure.limit === "max_answer_bytes");
}

/**
 * A game's whole tree, too big to draw, counted instead (POST /api/tree/count, what
 * `ply count` prints): why it is not drawn, in the page's language, in place of the
 * refusal, and its nodes, finished games by result and positions (up to symmetry).
 * @param {number} ticket
 * @param {Game} game
 * @param {ApiError} refusal
 */
async function countGame(ticket, game, refusal) {
  /** @type {import("../types/api").GameCount | null} */
  let counted = null;
  try {
    /** @type {Record<string, string>} */
    const asked = { game: game.game };
    if (game.position !== "") asked.position = game.position;
    counted = await post("/api/tree/count", asked);
  } catch {
    // Too big to count here too: the page says so.
  }
  if (ticket !== pending) return;
  if (!counted) {
    error.textContent = t("tree.counts.uncounted");
    return;
  }
  error.textContent = refusal.limit === "max_tree_nodes"
    ? t("tree.counts.not-drawn", { nodes: number(counted.nodes), max: number(counted.max_tree_nodes) })
    : t("tree.counts.not-drawn.answer");
  const rows = /** @type {[string, number | null | undefined, string][]} */ ([
    ["nodes", counted.nodes, t("tree.counts.nodes")],
    ["games", counted.games, t("tree.counts.games")],
    ["first_player_wins", counted.first_player_wins, t("tree.counts.won", { player: counted.players[0] })],
    ["second_player_wins", counted.second_player_wins, t("tree.counts.won", { player: counted.players[1] })],
    ["draws", counted.draws, t("tree.counts.drawn")],
    ["positions", counted.positions, t("tree.counts.positions")],
  ]);
  if (counted.positions_up_to_symmetry !== undefined) {
    rows.push(["positions_up_to_symmetry", counted.positions_up_to_symmetry, t("tree.counts.symmetry")]);
  }
  const table = make("table");
  table.append(make("caption", { text: t("tree.counts.title") }));
  for (const [field, value, words] of rows) {
    const row = make("tr");
    const head = make("th", { text: words });
    head.scope = "row";
    const cell = make("td", { text: value === null || value === undefined ? t("tree.counts.unknown") : number(value) });
    if (typeof value === "number") cell.dataset.value = `${value}`;
    row.dataset.count = field;
    // The results are parts of the finished games.
    if (field.endsWith("wins") || field === "draws" || field === "positions_up_to_symmetry") row.className = "part";
    row.append(head, cell);
    table.append(row);
  }
  treeCounts.replaceChildren(table);
  treeCounts.hidden = false;
}

/**
 * A count written as the page's language writes numbers (549,946; 549 946).
 * @param {number} value
 * @returns {string}
 */
function number(value) {
  return value.toLocaleString(document.documentElement.lang || "en");
}

/**
 * Says why the tree was refused, and takes the last tree's picture, values and counts
 * off the page: nothing on screen answers a tree that has no answer.
 * @param {string} message
 */
function refuse(message) {
  error.textContent = message;
  editor.close();
  state.result = null;
  state.model = null;
  state.gameAnswer = null;
  state.byName = new Map();
  state.byPath = new Map();
  state.byOrder = new Map();
  state.replay = null;
  state.pruned = 0;
  state.cutsShown = [];
  view.clear();
  summary.textContent = "";
  summary.classList.remove("waiting");
  compare.dataset.full = "";
  compare.textContent = "";
  gameNote.dataset.full = "";
  gameNote.textContent = "";
  gameNote.hidden = true;
  compareTable.replaceChildren();
  compareTable.hidden = true;
  cutsList.replaceChildren();
  stepInfo.textContent = "";
  slider.max = "0";
  slider.value = "0";
}

/**
 * ply's refusal of a search that cannot take the tree (a minimax search for a tree with
 * chance nodes, or a chance search for a tree without), said in the page's language;
 * null for any other failure.
 * @param {unknown} failure
 * @returns {string | null}
 */
function refusalText(failure) {
  if (!(failure instanceof Error)) return null;
  const message = failure.message;
  const algorithm = algorithmName(state.algorithm);
  if (/chance nodes, which .* cannot search/.test(message)) {
    return t("tree.chance.refused.minimax", { algorithm });
  }
  if (/searches trees with chance nodes, and this tree has none/.test(message)) {
    return t("tree.chance.refused.chance", { algorithm });
  }
  return null;
}

/**
 * The names of a game's players as its tree's rows say them: the player to move at the
 * root (MAX) first. The game's own names (X and O, White and Black) and which of them is
 * to move come with the tree; games whose players are only the first and the second are
 * named as the lessons' slides name them, "1st player" and "2nd player".
 * @param {GameTreeAnswer | null} answer
 * @returns {[string, string]}
 */
function rootPlayers(answer) {
  /** @type {[string, string]} */
  const names = answer?.players ?? ["", ""];
  const rootIndex = Math.max(0, names.indexOf(answer?.to_move ?? ""));
  /** @type {[string, string]} */
  const ordinal = [t("tree.picture.first-player"), t("tree.picture.second-player")];
  /** @param {number} i @returns {string} */
  const name = (i) => {
    const own = names[i];
    const generic = own === "" || own === t(i === 0 ? "player.first" : "player.second");
    return generic ? ordinal[i] : own;
  };
  return [name(rootIndex), name(1 - rootIndex)];
}

/**
 * What the page says of a game's scores: with depth-aware scores, how a finished game is
 * scored; without, when several moves win alike, why the search's choice among them is
 * arbitrary.
 * @param {TreeAnswer | null} minimax the minimax search of the tree (every child's value
 *   exact), or null before it is known
 * @returns {string}
 */
function gameWords(minimax) {
  const game = state.game;
  const answer = state.gameAnswer;
  if (!game || !answer) return "";
  if (answer.depth_aware ?? game.depth_aware) {
    const longest = answer.longest;
    // Said where some game ends in the tree: all of it without a depth limit, else the
    // leaves scored past every estimate (±99).
    const ends = game.depth === null || [...state.byPath.values()].some(
      (node) => node.leaf && Math.abs(node.written ?? node.value ?? 0) > 99,
    );
    return typeof longest === "number" && ends ? t("tree.game.depth-aware.note", { longest }) : "";
  }
  if (!minimax) return "";
  const root = minimax.root;
  const children = root.children ?? [];
  const best = children.filter((child) => child.value === root.value);
  if (best.length < 2) return "";
  /** @param {string} name */
  const named = (name) => label(state.byName, name);
  return t("tree.game.tie", {
    moves: best.map((child) => named(child.name)).join(t("tree.list.separator")),
    value: root.value ?? 0,
    best: named(best[0].name),
  });
}

/**
 * Alpha-beta's leaf counts under the three move orders, and minimax's, side by side;
 * with the comparison asked for, every search's nodes and leaves in a table.
 * @param {number} ticket
 */
async function compareOrders(ticket) {
  try {
    /** @type {TreeAnswer[]} */
    const runs = [];
    for (const order of ORDERS) {
      runs.push(await post("/api/tree", { ...request(order), algorithm: "alphabeta" }));
    }
    /** @type {TreeAnswer} */
    const minimax = await post("/api/tree", { ...request("as_written"), algorithm: "minimax" });
    /** @type {TreeAnswer | null} */
    const negamax = state.compareAll
      ? await post("/api/tree", { ...request("as_written"), algorithm: "negamax" })
      : null;
    if (ticket !== pending) return;
    const [written, best, worst] = runs.map((r) => r.leaves_evaluated);
    compare.dataset.full = t("tree.compare", {
      written,
      best,
      worst,
      all: minimax.leaves_evaluated,
    });
    gameNote.dataset.full = gameWords(minimax);
    fillCompareTable(negamax ? [
      ["tree.algorithm.name.minimax", minimax],
      ["tree.algorithm.name.negamax", negamax],
      ["tree.compare-all.alphabeta-written", runs[0]],
      ["tree.compare-all.alphabeta-best", runs[1]],
    ] : []);
    render();
  } catch {
    if (ticket === pending) compare.dataset.full = "";
  }
}

/**
 * The chance searches' leaf counts side by side (expectiminimax looks at every leaf;
 * Star1 and Star2 cut with the leaves' bounds, Star2's probes counted in); with the
 * comparison asked for, their nodes and leaves in a table.
 * @param {number} ticket
 */
async function compareChance(ticket) {
  try {
    /** @type {TreeAnswer[]} */
    const runs = [];
    for (const algorithm of CHANCE_ALGORITHMS) {
      runs.push(await post("/api/tree", { ...request("as_written"), algorithm }));
    }
    if (ticket !== pending) return;
    const [all, star1, star2] = runs.map((r) => r.leaves_evaluated);
    compare.dataset.full = t("tree.compare.chance", { all, star1, star2 });
    fillCompareTable(state.compareAll ? [
      ["tree.algorithm.name.expectiminimax", runs[0]],
      ["tree.algorithm.name.star1", runs[1]],
      ["tree.algorithm.name.star2", runs[2]],
    ] : [], "tree.compare-all.caption.chance");
    render();
  } catch {
    if (ticket === pending) compare.dataset.full = "";
  }
}

/**
 * The table of the searches' counts (empty: no table).
 * @param {[MessageId, TreeAnswer][]} rows
 * @param {MessageId} [captionId]
 */
function fillCompareTable(rows, captionId = /** @type {MessageId} */ ("tree.compare-all.caption")) {
  compareTable.replaceChildren();
  if (rows.length === 0) return;
  const caption = make("caption", { text: t(captionId) });
  const head = make("tr");
  for (const id of /** @type {MessageId[]} */ ([
    "tree.compare-all.search", "tree.compare-all.nodes", "tree.compare-all.leaves",
  ])) {
    const cell = make("th", { text: t(id) });
    cell.scope = "col";
    head.append(cell);
  }
  compareTable.append(caption, head);
  for (const [id, run] of rows) {
    const row = make("tr");
    const name = make("th", { text: t(id) });
    name.scope = "row";
    row.append(
      name,
      make("td", { text: `${run.nodes_visited}` }),
      make("td", { text: `${run.leaves_evaluated}` }),
    );
    row.dataset.search = id.slice(id.lastIndexOf(".") + 1);
    compareTable.append(row);
  }
}

/** Writes the edited tree back as text and asks again: a tree of one's own now. */
function rewrite() {
  if (!state.model) return;
  const group = groupAt(editing);
  anchor = group ? { path: editing, top: group.getBoundingClientRect().top } : null;
  text.value = treeText(state.model);
  leaveGame();
  leaveExampleUnless(text.value);
  holdAnchor();
  evaluate();
}

/**
 * Asks for a chance search when the tree has chance nodes, and for alpha-beta when a
 * chance search was chosen and the tree has none (a game's tree never has): each search
 * then takes the trees it can. A search chosen by hand that cannot take the tree is
 * refused by ply, with its reason.
 * @param {string} tree the tree's text ("" for a game's tree)
 */
function fitAlgorithm(tree) {
  const chance = looksLikeChance(tree);
  if (chance === CHANCE_ALGORITHMS.includes(state.algorithm)) return;
  state.algorithm = chance ? "expectiminimax" : "alphabeta";
  check("algorithm", state.algorithm);
}

/** The tree is the reader's own from now on (an edit): no game's words or boards. */
function leaveGame() {
  state.game = null;
  state.gameAnswer = null;
  perspective.disabled = false;
}

// ----- The words around the picture ------------------------------------------------------

/**
 * @param {string} algorithm
 * @returns {string}
 */
function algorithmName(algorithm) {
  /** @type {Record<string, MessageId>} */
  const names = {
    minimax: "tree.algorithm.name.minimax",
    negamax: "tree.algorithm.name.negamax",
    alphabeta: "tree.algorithm.name.alphabeta",
    expectiminimax: "tree.algorithm.name.expectiminimax",
    star1: "tree.algorithm.name.star1",
    star2: "tree.algorithm.name.star2",
  };
  const id = names[algorithm];
  return id ? t(id) : algorithm;
}

/** The summary, the cuts and the step's words, and the picture at the current step. */
function render() {
  const result = state.result;
  if (!result) return;
  /** @param {string} name */
  const named = (name) => label(state.byName, name);
  const names = {
    label: named,
    /** @param {number} order */
    node: (order) => state.byOrder.get(order),
    negamax: result.algorithm === "negamax",
    windows: result.algorithm === "alphabeta",
  };
  /** @type {string[] | null} a chance search's cuts so far, in words */
  let chanceCuts = null;
  /** @type {import("./step.js").Shown} */
  let shown;
  if (state.chance) {
    const chance = /** @type {{trace: import("./chance-step.js").ChanceStep[]}} */ (
      /** @type {unknown} */ (result)
    );
    const steps = chanceRevealed(chance, state.byPath, state.step, state.hide, named);
    chanceCuts = steps.sentences;
    shown = steps;
  } else {
    shown = revealed(result, state.byPath, state.step, state.hide, names, state.replay ?? undefined);
  }
  const seen = shown.seen;
  view.step(shown);
  // A step to a node inside a folded subtree opens the way to it.
  const current = seen?.current === null || seen?.current === undefined ? undefined : state.byOrder.get(seen.current);
  const at = current ? pathOf(current) : null;
  if (at !== null && state.levels !== null && view.svg && !groupAt(at)) openFolded([at]);

  // With the answers hidden, the result waits for the last step: the page says so on
  // screen, and prints nothing in its place.
  summary.classList.toggle("no-print", !shown.result);
  summary.classList.toggle("waiting", !shown.result);
  summary.textContent = shown.result
    ? t("tree.summary", {
        algorithm: algorithmName(result.algorithm),
        value: result.value_exact !== undefined ? exactText(result.value_exact) : result.value,
        best: result.best ? named(result.best) : t("tree.summary.best.none"),
        nodes: t("tree.summary.nodes", { count: result.nodes_visited }),
        leaves: t("tree.summary.leaves", { count: result.leaves_evaluated }),
        cutoffs: t("tree.summary.cutoffs", { count: result.cutoffs }),
        pruned: t("tree.summary.pruned", { count: state.pruned }),
      })
    : t("tree.hidden");
  compare.textContent = shown.result ? (compare.dataset.full ?? "") : "";
  const note = shown.result ? (gameNote.dataset.full ?? "") : "";
  gameNote.textContent = note;
  gameNote.hidden = note === "";
  compareTable.hidden = !shown.result || !state.compareAll || compareTable.rows.length === 0;

  if (chanceCuts) {
    cutsList.replaceChildren(...chanceCuts.map((words) => make("li", { text: words })));
    state.cutsShown = [];
  } else {
    showCuts(shown.cuts, named);
  }
  slider.max = `${result.trace.length}`;
  slider.value = `${state.step}`;
  const total = result.trace.length;
  stepInfo.classList.toggle("no-print", seen !== null && state.step === 0);
  stepInfo.textContent = !seen
    ? t("tree.step.whole", { count: total })
    : state.step === 0
      ? t("tree.step.ready", { total })
      : t("tree.step.info", { step: state.step, total, words: seen.words });
}

/**
 * Lists the cuts made so far: a step adds one at most, so the list grows by its end
 * and is written again only when it shrinks or changes.
 * @param {ApiNode[]} cuts
 * @param {(name: string) => string} named
 */
function showCuts(cuts, named) {
  const before = state.cutsShown;
  const grows = before.length <= cuts.length && before.every((node, i) => cuts[i] === node);
  if (!grows) {
    cutsList.replaceChildren();
    state.cutsShown = [];
  }
  for (const node of cuts.slice(state.cutsShown.length)) {
    const alpha = node.player === "min";
    cutsList.append(
      make("li", { className: alpha ? "cut-alpha" : "cut-beta", text: cutWords(node, named) }),
    );
  }
  state.cutsShown = cuts;
}

/**
 * Shows the search after `step` steps (clamped to the trace).
 * @param {number} step
 */
function goToStep(step) {
  if (!state.result) return;
  state.step = Math.max(0, Math.min(step, state.result.trace.length));
  render();
  saveFragmentSoon();
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let fragmentTimer;

/**
 * Saves the fragment once the steps pause: a browser takes only so many changes of the
 * address a second, and a held arrow key steps faster.
 */
function saveFragmentSoon() {
  clearTimeout(fragmentTimer);
  fragmentTimer = setTimeout(saveFragment, 300);
}

// ----- Saving, sharing, printing -----------------------------------------------------------

const STORE = "ply-tree-lab";

/** @returns {Record<string, Settings>} the trees saved in this browser, by name */
function saved() {
  try {
    const all = JSON.parse(localStorage.getItem(STORE) ?? "{}");
    return all && typeof all === "object" ? all : {};
  } catch {
    return {};
  }
}

function refreshSaved() {
  const select = byId("saved", HTMLSelectElement);
  select.replaceChildren();
  for (const name of Object.keys(saved()).sort()) {
    const option = make("option", { text: name });
    option.value = name;
    select.append(option);
  }
}

/** @returns {Settings} */
function settings() {
  /** @type {Settings} */
  const chosen = {
    algorithm: state.algorithm,
    order: state.order,
    perspective: state.perspective,
    title: title.value,
    lesson: state.lesson,
  };
  const game = state.game;
  if (game) {
    // A game's link names the game: ply writes its tree out again.
    chosen.game = game.game;
    if (game.position !== "") chosen.position = game.position;
    if (game.depth !== null) chosen.depth = `${game.depth}`;
    if (!game.depth_aware) chosen.depth_aware = "0";
    if (game.symmetry) chosen.symmetry = "1";
  } else {
    chosen.tree = text.value;
  }
  if (state.compareAll) chosen.compare = "1";
  if (state.collapse) chosen.collapse = "1";
  // The rule only when it is not the default, so that links made before it stay alike.
  if (state.rule !== "ge") chosen.rule = state.rule;
  return chosen;
}

/**
 * Shows a game in the game's fields.
 * @param {Game} game
 */
function showGame(game) {
  gameSpec.value = game.game;
  gamePosition.value = game.position;
  gameDepth.value = game.depth === null ? "" : `${game.depth}`;
  depthAware.checked = game.depth_aware;
  symmetry.checked = game.symmetry;
}

/**
 * Opens a game's tree: its settings in the fields, its leaves valued for MAX (the only
 * view a game's tree is written in).
 * @param {Game} game
 */
function useGame(game) {
  state.game = game;
  showGame(game);
  state.perspective = "max";
  perspective.value = "max";
  perspective.disabled = true;
}

/** @returns {Game} the game the fields name */
function fieldsGame() {
  const depth = Number(gameDepth.value);
  return {
    game: gameSpec.value.trim(),
    position: gamePosition.value.trim(),
    depth: gameDepth.value.trim() !== "" && Number.isInteger(depth) && depth > 0 ? depth : null,
    depth_aware: depthAware.checked,
    symmetry: symmetry.checked,
  };
}

/**
 * Shows a lesson's text above the tree, or none.
 * @param {string} key
 */
function showLesson(key) {
  const lesson = key ? exampleByKey(key) : undefined;
  state.lesson = lesson?.lesson ? key : "";
  lessonText.hidden = !lesson?.lesson;
  lessonText.textContent = lesson?.lesson ? t(lesson.lesson) : "";
  state.exampleTrees = new Set(lesson?.text ? [treeKey(lesson.text)] : []);
}

/**
 * A tree's text as two texts of the same tree write it alike: line ends, trailing
 * spaces and blank lines aside, and in the bracket format any run of spaces as one and
 * none next to a bracket. (The indented format's indentation is its shape: kept.)
 * @param {string} tree
 * @returns {string}
 */
function treeKey(tree) {
  const lines = tree
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "");
  const joined = lines.join("\n");
  if (!joined.trimStart().startsWith("(")) return joined;
  return joined.replace(/\s+/g, " ").replace(/\s*([()])\s*/g, "$1").trim();
}

/**
 * Whether settings (a link's, a saved tree's) show the lesson `key`'s own tree: its
 * text, or its game with the lesson's position, depth and switches.
 * @param {string} key
 * @param {Settings} chosen
 * @returns {boolean}
 */
function isLessonTree(key, chosen) {
  const example = exampleByKey(key);
  if (!example?.lesson) return false;
  const game = gameOf(chosen);
  if (example.game) {
    const own = example.game;
    return (
      game !== null &&
      game.game === own.game &&
      game.position === (own.position ?? "") &&
      game.depth === (own.depth ?? null) &&
      game.depth_aware === (own.depth_aware !== false) &&
      game.symmetry === (own.symmetry === true)
    );
  }
  return game === null && typeof chosen.tree === "string" && treeKey(chosen.tree) === treeKey(example.text ?? "");
}

/**
 * A new text of the tree (typed, or written back by the editor): unless it is still the
 * example's tree, the lesson's words go, the menu says the tree is the reader's own, and
 * the link names no lesson.
 * @param {string} tree
 */
function leaveExampleUnless(tree) {
  if (exampleMenu.value === "" && state.lesson === "") return;
  if (state.exampleTrees.has(treeKey(tree))) return;
  showLesson("");
  exampleMenu.value = "";
}

/**
 * Turns "hide the answers" on or off. Turned on, the search starts again from its first
 * step, so that nothing shown gives an answer away.
 * @param {boolean} on
 */
function setHide(on) {
  state.hide = on;
  hideBox.checked = on;
  if (!state.result) return;
  if (on) {
    goToStep(0);
  } else {
    render();
    saveFragment();
  }
}

/**
 * Sets the page from settings (a link's or a saved tree's); unknown values are ignored.
 * @param {Settings} chosen
 */
function apply(chosen) {
  const game = gameOf(chosen);
  if (game) useGame(game);
  else leaveGame();
  if (typeof chosen.tree === "string" && !game) text.value = chosen.tree;
  if (chosen.compare !== undefined) setCompareAll(chosen.compare === "1");
  if (chosen.collapse !== undefined) {
    state.collapse = chosen.collapse === "1";
    collapseBox.checked = state.collapse;
  }
  if (chosen.algorithm && ALGORITHMS.includes(chosen.algorithm)) {
    state.algorithm = chosen.algorithm;
    check("algorithm", chosen.algorithm);
  }
  if (chosen.order && ORDERS.includes(chosen.order)) {
    state.order = chosen.order;
    check("order", chosen.order);
  }
  if (chosen.rule && RULES.includes(chosen.rule)) {
    state.rule = chosen.rule;
    check("rule", chosen.rule);
  }
  if (chosen.perspective && PERSPECTIVES.includes(chosen.perspective) && !game) {
    state.perspective = chosen.perspective;
    perspective.value = chosen.perspective;
  }
  if (typeof chosen.title === "string") {
    title.value = chosen.title;
    printTitle.textContent = chosen.title;
  }
  // A lesson's words only over the lesson's own tree (a link may name a lesson and carry
  // another tree).
  const lesson = typeof chosen.lesson === "string" ? chosen.lesson : "";
  showLesson(lesson !== "" && isLessonTree(lesson, chosen) ? lesson : "");
}

/**
 * Checks the radio button `name` = `value`.
 * @param {string} name
 * @param {string} value
 */
function check(name, value) {
  for (const radio of document.querySelectorAll(`input[name="${name}"]`)) {
    if (radio instanceof HTMLInputElement) radio.checked = radio.value === value;
  }
}

/** @returns {string} the settings as a link's fragment: the server keeps nothing */
function fragment() {
  /** @type {Record<string, string>} */
  const fields = {};
  for (const [key, value] of Object.entries(settings())) {
    if (typeof value === "string" && !(key === "lesson" && value === "")) fields[key] = value;
  }
  if (state.hide) fields.hide = "1";
  const total = state.result?.trace.length;
  if (total !== undefined && state.step < total) fields.step = `${state.step}`;
  if (state.levelsOffered) fields.levels = state.levels === null ? "all" : `${state.levels}`;
  return "#" + new URLSearchParams(fields).toString();
}

/** The fragment the page wrote last: a change to another one is the reader's. */
let written = "";

function saveFragment() {
  written = fragment();
  history.replaceState(null, "", written);
}

/**
 * Shows the searches' node counts side by side, or not.
 * @param {boolean} on
 */
function setCompareAll(on) {
  state.compareAll = on;
  compareAllBox.checked = on;
}

/** @returns {boolean} whether the link carried a tree (or a game) */
function readFragment() {
  if (location.hash.length < 2) return false;
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("hide")) setHide(params.get("hide") === "1");
  if (!params.has("tree") && !params.get("game")) return false;
  apply(Object.fromEntries(params.entries()));
  const step = Number(params.get("step") ?? "");
  if (params.has("step") && Number.isInteger(step) && step >= 0) state.opening = step;
  const levels = params.get("levels");
  const depth = Number(levels ?? "");
  state.linkLevels = levels === "all" ? "all" : levels !== null && Number.isInteger(depth) && depth >= 0 ? depth : null;
  state.levelShape = "";
  return true;
}

/**
 * The link to this page with the settings: the page's own address (wherever the site
 * lives, under any sub-path), its fragment replaced.
 * @returns {string}
 */
function shareLink() {
  return location.href.split("#")[0] + fragment();
}

/**
 * Opens a lesson or an example (by its key), with its settings and text.
 * @param {string} key
 */
async function loadExample(key) {
  const example = exampleByKey(key);
  if (!example) return;
  editor.close();
  /** @type {Settings} */
  const chosen = {
    algorithm: example.algorithm,
    perspective: example.perspective,
    lesson: key,
    compare: example.compare ? "1" : "0",
  };
  if (example.game) {
    const game = example.game;
    chosen.game = game.game;
    chosen.position = game.position ?? "";
    chosen.depth = game.depth === undefined ? "" : `${game.depth}`;
    chosen.depth_aware = game.depth_aware === false ? "0" : "1";
    chosen.symmetry = game.symmetry ? "1" : "0";
  } else {
    chosen.tree = example.text ?? "";
  }
  apply(chosen);
  if (!example.algorithm) fitAlgorithm(example.game ? "" : (example.text ?? ""));
  exampleMenu.value = key;
  state.exampleTrees = new Set(example.text ? [treeKey(example.text)] : []);
  // A new tree starts from its first step when the answers are hidden.
  state.opening = state.hide ? 0 : null;
  evaluate();
}

/** Opens the game the fields name (a new tree: its whole search, or step 0 if hidden). */
function openGame() {
  const game = fieldsGame();
  if (game.game === "") {
    error.textContent = t("tree.game.none");
    return;
  }
  editor.close();
  useGame(game);
  fitAlgorithm("");
  showLesson("");
  exampleMenu.value = "";
  state.opening = state.hide ? 0 : null;
  evaluate();
}

/** The games ply knows, offered in the game field. */
async function listGames() {
  try {
    const reply = await answer("/api/games", "");
    /** @type {{spec: string, name: string}[]} */
    const games = JSON.parse(reply.body);
    const list = byId("game-list", HTMLDataListElement);
    for (const game of games) {
      if (game.spec.startsWith("pursuit")) continue;
      const option = make("option");
      option.value = game.spec;
      option.label = game.name;
      list.append(option);
    }
  } catch {
    // No list: the field takes any spec all the same.
  }
}

/** Saves ply's picture of the tree as a file. */
async function download() {
  try {
    // A game's picture is the one with its boards (the one on screen); a tree of one's
    // own is drawn again whole, with its title and legend.
    const svg = state.game && state.result?.svg
      ? state.result.svg
      : await postText("/api/tree/svg", request());
    const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    const a = make("a");
    a.href = url;
    a.download = (title.value.trim() || t("tree.download.file")) + ".svg";
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (failure) {
    error.textContent = errorText(failure);
  }
}

// ----- Setting up ----------------------------------------------------------------------------

function setUp() {
  translatePage();
  byId("backend", HTMLElement).textContent = t(backend === "wasm" ? "backend.wasm" : "backend.server");
  // What the menu shows for a tree that is no example's: the reader's own.
  const own = make("option", { text: t("tree.example.own") });
  own.value = "";
  exampleMenu.append(own);
  for (const [group, examples] of /** @type {const} */ ([
    ["lesson.group", LESSONS],
    ["tree.example.group", EXAMPLES],
  ])) {
    const list = make("optgroup");
    list.label = t(group);
    for (const example of examples) {
      const option = make("option", { text: t(example.name) });
      option.value = example.key;
      list.append(option);
    }
    exampleMenu.append(list);
  }
  exampleMenu.addEventListener("change", () => loadExample(exampleMenu.value));
  hideBox.addEventListener("change", () => {
    try {
      localStorage.setItem(HIDE, hideBox.checked ? "1" : "0");
    } catch {
      // No storage (a private window): the switch holds for this page.
    }
    setHide(hideBox.checked);
  });
  try {
    setHide(localStorage.getItem(HIDE) === "1");
  } catch {
    setHide(false);
  }
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  text.addEventListener("input", () => {
    editor.close();
    leaveGame();
    leaveExampleUnless(text.value);
    fitAlgorithm(text.value);
    clearTimeout(timer);
    timer = setTimeout(evaluate, 250);
  });
  for (const key of /** @type {const} */ (["algorithm", "order", "rule"])) {
    for (const radio of document.querySelectorAll(`input[name="${key}"]`)) {
      if (!(radio instanceof HTMLInputElement)) continue;
      radio.addEventListener("change", () => {
        state[key] = radio.value;
        evaluate();
      });
    }
  }
  perspective.addEventListener("change", () => {
    state.perspective = perspective.value;
    evaluate();
  });
  byId("game-open", HTMLButtonElement).addEventListener("click", openGame);
  for (const field of [gameSpec, gamePosition, gameDepth]) {
    field.addEventListener("keydown", (event) => {
      if (event.key === "Enter") openGame();
    });
  }
  for (const box of [depthAware, symmetry]) {
    box.addEventListener("change", () => {
      // A switch redraws the game shown; with no game yet, it waits for one.
      if (state.game) openGame();
    });
  }
  levelsMore.addEventListener("click", () => {
    if (state.levels === null) return;
    state.levels = state.levels + 1 >= state.deepest ? null : state.levels + 1;
    redraw();
  });
  levelsAll.addEventListener("click", () => {
    state.levels = null;
    redraw();
  });
  collapseBox.addEventListener("change", () => {
    state.collapse = collapseBox.checked;
    evaluate();
  });
  compareAllBox.addEventListener("change", () => {
    setCompareAll(compareAllBox.checked);
    evaluate();
  });
  slider.addEventListener("input", () => goToStep(Number(slider.value)));
  byId("step-back", HTMLButtonElement).addEventListener("click", () => goToStep(state.step - 1));
  byId("step-forward", HTMLButtonElement).addEventListener("click", () => goToStep(state.step + 1));
  byId("step-start", HTMLButtonElement).addEventListener("click", () => goToStep(0));
  byId("step-end", HTMLButtonElement).addEventListener("click", () => goToStep(Infinity));
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    // Fields keep their keys (a checkbox has no use for them: the switch lets them step).
    if (
      (target instanceof HTMLInputElement && target.type !== "checkbox") ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement
    ) {
      return;
    }
    if (event.key === "ArrowLeft") goToStep(state.step - 1);
    else if (event.key === "ArrowRight") goToStep(state.step + 1);
    else if (event.key === "Home") goToStep(0);
    else if (event.key === "End") goToStep(Infinity);
  });
  byId("zoom-in", HTMLButtonElement).addEventListener("click", () => view.zoom.zoomBy(1.25));
  byId("zoom-out", HTMLButtonElement).addEventListener("click", () => view.zoom.zoomBy(0.8));
  byId("zoom-fit", HTMLButtonElement).addEventListener("click", () => view.zoom.fit());
  byId("zoom-reset", HTMLButtonElement).addEventListener("click", () => view.zoom.set(1));
  byId("save", HTMLButtonElement).addEventListener("click", () => {
    const name =
      byId("save-name", HTMLInputElement).value.trim() ||
      t("tree.save.default-name", { date: new Date().toISOString().slice(0, 16) });
    const all = saved();
    all[name] = settings();
    localStorage.setItem(STORE, JSON.stringify(all));
    refreshSaved();
    byId("saved", HTMLSelectElement).value = name;
  });
  byId("load", HTMLButtonElement).addEventListener("click", () => {
    const chosen = saved()[byId("saved", HTMLSelectElement).value];
    if (chosen) {
      editor.close();
      apply(chosen);
      exampleMenu.value = exampleByKey(state.lesson)?.key ?? "";
      evaluate();
    }
  });
  byId("delete", HTMLButtonElement).addEventListener("click", () => {
    const all = saved();
    delete all[byId("saved", HTMLSelectElement).value];
    localStorage.setItem(STORE, JSON.stringify(all));
    refreshSaved();
  });
  byId("share", HTMLButtonElement).addEventListener("click", async () => {
    const field = byId("share-link", HTMLInputElement);
    field.value = shareLink();
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      // No clipboard (an insecure origin): the link is selected in the field.
    }
  });
  byId("download", HTMLButtonElement).addEventListener("click", download);
  title.addEventListener("input", () => {
    printTitle.textContent = title.value;
    saveFragment();
  });
  byId("print", HTMLButtonElement).addEventListener("click", () => window.print());
  refreshSaved();
  listGames();
  // A link pasted into the address bar of the open page: its tree or game, at once.
  window.addEventListener("hashchange", () => {
    if (location.hash === written) return;
    editor.close();
    if (readFragment()) {
      exampleMenu.value = exampleByKey(state.lesson)?.key ?? "";
      if (state.hide && state.opening === null) state.opening = 0;
      evaluate();
    } else if (lessonOfLink()) {
      loadExample(lessonOfLink());
    }
  });
  if (readFragment()) {
    exampleMenu.value = exampleByKey(state.lesson)?.key ?? "";
    if (state.hide && state.opening === null) state.opening = 0;
    evaluate();
  } else {
    loadExample(lessonOfLink() || LESSONS[0].key);
  }
}

/**
 * The lesson or example a link names alone (`#lesson=chess-search`: a teacher's link to a
 * lesson as the lab opens it), or "" when it names none the lab has.
 * @returns {string}
 */
function lessonOfLink() {
  const key = new URLSearchParams(location.hash.slice(1)).get("lesson") ?? "";
  return exampleByKey(key) ? key : "";
}

setUp();
