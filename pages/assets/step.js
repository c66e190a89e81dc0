// Step mode: what is known after the first k steps of the search's trace. Nodes are
// counted in the order the search reaches them (each `enter` and `leaf` step reaches
// the next one), which is each node's `visit_order` in the answer: the picture's
// nodes are found from it, never from the names the trace uses (two nodes may share
// a name).

import { t } from "./words.js";

/** @typedef {import("./tree-model.js").TraceStep} TraceStep */
/** @typedef {import("./tree-model.js").Bound} Bound */
/** @typedef {import("./tree-model.js").ApiNode} ApiNode */
/** @typedef {import("./tree-model.js").TreeAnswer} TreeAnswer */

/**
 * What is known after some steps.
 * @typedef {object} Seen
 * @property {Map<number, {value: number, bound: Bound}>} known each finished node's
 *   value (by visit order)
 * @property {Set<number>} entered the visit orders reached so far
 * @property {Set<number>} cut the visit orders of the nodes that have cut
 * @property {number | null} current the visit order of the step's node
 * @property {string} words what the step does, in words
 */

/**
 * A value with its bound mark: `≥ 7`, `≤ 2`, `3`.
 * @param {number} value
 * @param {Bound | null | undefined} bound
 * @param {string} [space] between the mark and the value
 * @returns {string}
 */
export function boundText(value, bound, space = "") {
  const mark = bound === "lower" ? "≥" : bound === "upper" ? "≤" : "";
  return mark ? `${mark}${space}${value}` : `${value}`;
}

/**
 * A window bound: a number, or ±∞ for an open one.
 * @param {number | null | undefined} value
 * @param {string} infinity
 * @returns {string}
 */
function bound(value, infinity) {
  return value === null || value === undefined ? infinity : `${value}`;
}

/**
 * Why a node cut its remaining children off, in words: an α-cut at a MIN node (its
 * value ≤ α: MAX has better elsewhere), a β-cut at a MAX node (its value ≥ β).
 * @param {ApiNode} node a node with a `cutoff`
 * @param {(name: string) => string} label how the words call a node
 * @returns {string}
 */
export function cutWords(node, label) {
  const cut = node.cutoff;
  if (!cut) return "";
  const pruned = cut.pruned.map(label).join(t("tree.list.separator"));
  return node.player === "min"
    ? t("tree.cut.alpha", {
        node: label(node.name),
        value: cut.value,
        alpha: bound(cut.alpha, "−∞"),
        elsewhere: bound(cut.alpha, "−∞"),
        pruned,
      })
    : t("tree.cut.beta", {
        node: label(node.name),
        value: cut.value,
        beta: bound(cut.beta, "+∞"),
        elsewhere: bound(cut.beta, "+∞"),
        pruned,
      });
}

/**
 * Replays the first `count` steps of `trace`.
 * @param {TraceStep[]} trace
 * @param {number} count
 * @param {(name: string) => string} label how the words call a node
 * @returns {Seen}
 */
export function replay(trace, count, label) {
  /** @type {Seen} */
  const seen = { known: new Map(), entered: new Set(), cut: new Set(), current: null, words: "" };
  /** @type {number[]} */
  const stack = [];
  let order = 0;
  for (const step of trace.slice(0, Math.max(0, count))) {
    const window = step.window
      ? t("tree.step.window", {
          alpha: bound(step.window.alpha, "−∞"),
          beta: bound(step.window.beta, "+∞"),
        })
      : "";
    if (step.step === "enter") {
      order += 1;
      seen.entered.add(order);
      stack.push(order);
      seen.current = order;
      seen.words = t("tree.step.enter", { node: step.node, window });
    } else if (step.step === "leaf") {
      order += 1;
      seen.entered.add(order);
      seen.known.set(order, { value: step.value ?? 0, bound: "exact" });
      seen.current = order;
      seen.words = t("tree.step.leaf", { node: label(step.node), value: `${step.value}`, window });
    } else if (step.step === "cutoff") {
      const at = stack[stack.length - 1] ?? null;
      seen.current = at;
      if (at !== null) seen.cut.add(at);
      const pruned = (step.pruned ?? []).map(label).join(t("tree.list.separator"));
      seen.words = t("tree.step.cutoff", { node: step.node, window, pruned });
    } else if (step.step === "exit") {
      const at = stack.pop() ?? null;
      seen.current = at;
      const exact = step.bound ?? "exact";
      if (at !== null) seen.known.set(at, { value: step.value ?? 0, bound: exact });
      seen.words = t("tree.step.exit", {
        node: step.node,
        value: boundText(step.value ?? 0, exact, " "),
      });
    }
  }
  return seen;
}

/**
 * What the page shows of an answer after some steps.
 * @typedef {object} Shown
 * @property {Seen | null} seen what the steps found (null: the whole search)
 * @property {boolean} result whether the summary and the comparison of move orders
 *   show (they give the answer away)
 * @property {ApiNode[]} cuts the nodes whose cut is listed, in reading order
 * @property {Map<string, string> | null} values each inner node's value as shown, by
 *   path ("?" reached but not finished, "" not reached), or null for the whole search
 *   (every value as the answer has it); leaves always show their values
 */

/**
 * What to show of `answer` after `step` steps of its trace. Step mode (a step before the
 * end) shows the values and cuts the steps have reached; with `hide`, the summary and
 * the comparison wait for the last step too.
 * @param {TreeAnswer} answer
 * @param {Map<string, ApiNode>} byPath the answer's nodes by path, in reading order
 * @param {number} step
 * @param {boolean} hide
 * @param {(name: string) => string} label how the words call a node
 * @returns {Shown}
 */
export function revealed(answer, byPath, step, hide, label) {
  const whole = step >= answer.trace.length;
  const seen = whole ? null : replay(answer.trace, step, label);
  /** @type {ApiNode[]} */
  const cuts = [];
  for (const node of byPath.values()) {
    if (!node.cutoff) continue;
    const order = node.visit_order;
    if (seen && (order === null || !seen.cut.has(order))) continue;
    cuts.push(node);
  }
  /** @type {Map<string, string> | null} */
  let values = null;
  if (seen) {
    values = new Map();
    for (const [path, node] of byPath) {
      if (node.leaf) continue;
      const order = node.visit_order;
      const known = order !== null ? seen.known.get(order) : undefined;
      const entered = order !== null && seen.entered.has(order);
      values.set(path, known ? boundText(known.value, known.bound) : entered ? "?" : "");
    }
  }
  return { seen, result: whole || !hide, cuts, values };
}
