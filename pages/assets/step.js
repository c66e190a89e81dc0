// Step mode: what is known after the first k steps of the search's trace. Nodes are
// counted in the order the search reaches them (each `enter` and `leaf` step reaches
// the next one), which is each node's `visit_order` in the answer: the picture's
// nodes are found from it, never from the names the trace uses (two nodes may share
// a name).

import { t } from "./words.js";

/** @typedef {import("./tree-model.js").TraceStep} TraceStep */
/** @typedef {import("./tree-model.js").Bound} Bound */

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
