// The tree as the API answers it (the JSON of `ply tree --format json --trace`,
// docs/tree-lab.md), and the tree as the page edits it, written back as text.

import { t } from "./words.js";

/**
 * @typedef {"exact" | "lower" | "upper"} Bound
 *
 * @typedef {object} Window a search window; null is an infinite bound
 * @property {number | null} alpha
 * @property {number | null} beta
 *
 * @typedef {object} Cutoff why a node stopped early
 * @property {number} value
 * @property {number | null} alpha
 * @property {number | null} beta
 * @property {string[]} pruned the names of the children never looked at
 *
 * @typedef {object} ApiNode a node of the answer
 * @property {string} name
 * @property {boolean} [named] false for a node the text did not name (`#8`)
 * @property {number} depth
 * @property {"max" | "min" | "chance"} player
 * @property {number | null} value
 * @property {string | null} [value_exact] a chance search's value, exact (`11/3`)
 * @property {string} [probability_exact] an outcome's probability (`1/6`)
 * @property {Bound | null} bound
 * @property {boolean} on_pv
 * @property {boolean} pruned
 * @property {boolean} leaf
 * @property {number | null} visit_order
 * @property {number} [written] a leaf's value as written (in the tree's perspective)
 * @property {number | null} [mover_value] the value for the player to move at the node
 *   (MAX's value at MAX nodes, negated at MIN nodes)
 * @property {number} [stands_for] how many moves the node stands for, when more than
 *   one (a game tree drawn up to symmetry)
 * @property {Cutoff} [cutoff]
 * @property {ApiNode[]} [children]
 *
 * @typedef {object} TraceStep one step of the search
 * @property {"enter" | "leaf" | "cutoff" | "exit"} step
 * @property {string} node
 * @property {Window} [window]
 * @property {number} [value]
 * @property {Bound} [bound]
 * @property {string[]} [pruned]
 *
 * @typedef {object} ApiRefusal the API's error shape
 * @property {string} error
 * @property {string} kind
 * @property {string} [limit]
 *
 * @typedef {object} TreeAnswer the answer of /api/tree
 * @property {number} value
 * @property {string} [value_exact] a chance search's value, exact (`11/3`)
 * @property {string | null} best
 * @property {number} nodes_visited
 * @property {number} leaves_evaluated
 * @property {number} cutoffs
 * @property {string} algorithm
 * @property {string[]} pv
 * @property {ApiNode} root
 * @property {TraceStep[]} trace
 * @property {string} [svg] the picture, when asked for (`"picture": true`)
 * @property {ApiRefusal} [svg_omitted] why the picture is not there
 *
 * @typedef {object} GameTreeAnswer the answer of /api/tree/game
 * @property {string} tree the game's tree as text, ready for /api/tree
 * @property {number} nodes
 * @property {"bracket" | "indented"} [format]
 * @property {boolean} [depth_aware] whether finished games are scored by their depth
 * @property {number | null} [longest] N of the depth-aware scores ±(N − d)
 * @property {boolean} [symmetry] whether moves to the same position up to symmetry are
 *   drawn once
 * @property {[string, string]} [players] the game's names for its first and second player
 * @property {string} [to_move] which of them is to move at the root (MAX)
 * @property {TreeAnswer} [search] the tree searched (with `"search": true`), its picture
 *   with the game's boards
 *
 * @typedef {object} ModelNode a node as the page edits it
 * @property {string} name
 * @property {boolean} named
 * @property {number | null} value a leaf's value as written; null for an inner node
 * @property {ModelNode[]} children
 */

/**
 * A node's place in the tree as the picture writes it (`data-path`): child indices from
 * the root, joined by dots; the root's is empty.
 * @param {number[]} path
 * @returns {string}
 */
export function pathText(path) {
  return path.join(".");
}

/**
 * The editable tree of an answer.
 * @param {ApiNode} node
 * @returns {ModelNode}
 */
export function modelOf(node) {
  return {
    name: node.name,
    named: node.named !== false && !node.name.startsWith("#"),
    value: node.leaf ? (node.written ?? 0) : null,
    children: (node.children ?? []).map(modelOf),
  };
}

/**
 * The node at `path` (child indices from the root).
 * @template {{children?: T[]}} T
 * @param {T} root
 * @param {number[]} path
 * @returns {T}
 */
export function nodeAt(root, path) {
  let node = root;
  for (const i of path) {
    const child = node.children?.[i];
    if (!child) throw new Error(t("tree.error.no-node", { path: pathText(path) }));
    node = child;
  }
  return node;
}

/**
 * Reads a `data-path` back into child indices.
 * @param {string} text
 * @returns {number[]}
 */
export function parsePath(text) {
  return text === "" ? [] : text.split(".").map(Number);
}

/**
 * The tree in the bracket format: `(name child child)`, leaves `name=value` or a bare
 * value (docs/tree-format.md).
 * @param {ModelNode} node
 * @returns {string}
 */
export function bracket(node) {
  if (node.children.length === 0) {
    return node.named ? `${node.name}=${node.value}` : `${node.value}`;
  }
  const inner = node.children.map(bracket).join(" ");
  return node.named ? `(${node.name} ${inner})` : `(${inner})`;
}

/**
 * Whether a name reads as a number (`5`, `-2`, `2.5`): the bracket format cannot name a
 * node so, the indented format can.
 * @param {string} name
 * @returns {boolean}
 */
function numeric(name) {
  return /^[+\-\u2212]?(\d+\.?\d*|\.\d+)$/.test(name);
}

/**
 * The tree in the indented text format, one node a line (docs/tree-format.md): a leaf
 * `name = value` or `= value`, an inner node its name or `-`.
 * @param {ModelNode} root
 * @returns {string}
 */
export function indented(root) {
  /** @type {string[]} */
  const lines = [];
  /**
   * @param {ModelNode} node
   * @param {number} depth
   */
  const write = (node, depth) => {
    const indent = "  ".repeat(depth);
    if (node.children.length === 0) {
      lines.push(node.named ? `${indent}${node.name} = ${node.value}` : `${indent}= ${node.value}`);
      return;
    }
    lines.push(`${indent}${node.named ? node.name : "-"}`);
    for (const child of node.children) write(child, depth + 1);
  };
  write(root, 0);
  return lines.join("\n");
}

/**
 * The tree as text: the compact bracket format when it can write every name, else the
 * indented format (a tree whose nodes are named by numbers, as in many lessons).
 * @param {ModelNode} root
 * @returns {string}
 */
export function treeText(root) {
  /** @param {ModelNode} node @returns {boolean} */
  const bracketable = (node) =>
    !(node.named && numeric(node.name)) && node.children.every(bracketable);
  return bracketable(root) ? bracket(root) : indented(root);
}

/**
 * Every node of an answer by its path, in reading order.
 * @param {ApiNode} root
 * @returns {Map<string, ApiNode>}
 */
export function nodesByPath(root) {
  /** @type {Map<string, ApiNode>} */
  const out = new Map();
  /** @type {[ApiNode, string][]} */
  const stack = [[root, ""]];
  while (stack.length > 0) {
    const [node, path] = /** @type {[ApiNode, string]} */ (stack.pop());
    out.set(path, node);
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push([children[i], path === "" ? `${i}` : `${path}.${i}`]);
    }
  }
  return out;
}

/**
 * How the words call a node: its name, or for an unnamed leaf its value (`#8` is only
 * the node's place in reading order, which the picture does not show).
 * @param {Map<string, ApiNode>} byName
 * @param {string} name
 * @returns {string}
 */
export function label(byName, name) {
  const node = byName.get(name);
  if (node && node.leaf && (node.named === false || name.startsWith("#"))) {
    return `${node.written ?? node.value}`;
  }
  return name;
}

/**
 * Every node of an answer by its name (the trace names nodes).
 * @param {ApiNode} root
 * @returns {Map<string, ApiNode>}
 */
export function nodesByName(root) {
  /** @type {Map<string, ApiNode>} */
  const out = new Map();
  for (const node of nodesByPath(root).values()) out.set(node.name, node);
  return out;
}

/**
 * The leaves alpha-beta never looked at.
 * @param {ApiNode} root
 * @returns {number}
 */
export function countPruned(root) {
  let count = 0;
  for (const node of nodesByPath(root).values()) {
    if (node.leaf && node.pruned) count += 1;
  }
  return count;
}

/**
 * The game whose tree is shown.
 * @typedef {object} Game
 * @property {string} game its spec (`tictactoe`, `race:10,2`)
 * @property {string} position "" for the start
 * @property {number | null} depth null: to the end of the game
 * @property {boolean} depth_aware finished games scored by their depth
 * @property {boolean} symmetry one child per move up to the board's symmetries
 */

/**
 * The game a link or a saved tree names (`game=SPEC&position=POS&depth=N`, with
 * `depth_aware=0` for plain scores and `symmetry=1`), or null when it names none. A depth
 * that is not a whole number from 1 up means the whole game.
 * @param {{game?: string, position?: string, depth?: string, depth_aware?: string,
 *   symmetry?: string}} chosen
 * @returns {Game | null}
 */
export function gameOf(chosen) {
  const spec = chosen.game?.trim();
  if (!spec) return null;
  const depth = Number(chosen.depth ?? "");
  return {
    game: spec,
    position: chosen.position?.trim() ?? "",
    depth: chosen.depth && Number.isInteger(depth) && depth > 0 ? depth : null,
    depth_aware: chosen.depth_aware !== "0",
    symmetry: chosen.symmetry === "1",
  };
}
