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

/** How many names a list of what a cut never looked at says; a longer one says its first
 * CUT_NAMES and how many more (a chess move's cut passes over some 25 replies). */
export const CUT_NAMES = 5;

/**
 * The names of what a cut never looked at: all of them, or the first CUT_NAMES and how
 * many more ("d4…, a5…, a6…, b5…, b6… and 23 more").
 * @param {string[]} names
 * @returns {string}
 */
export function prunedWords(names) {
  const separator = t("tree.list.separator");
  if (names.length <= CUT_NAMES) return names.join(separator);
  return t("tree.cut.more", {
    names: names.slice(0, CUT_NAMES).join(separator),
    more: names.length - CUT_NAMES,
    count: names.length - CUT_NAMES,
  });
}

/**
 * The leaves below the children a node's cut never looked at.
 * @param {ApiNode} node
 * @returns {number}
 */
function prunedLeaves(node) {
  let leaves = 0;
  const stack = (node.children ?? []).filter((child) => child.pruned);
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.leaf) leaves += 1;
    else stack.push(...(next.children ?? []));
  }
  return leaves;
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
  const names = cut.pruned.map(label);
  const pruned = names.length > CUT_NAMES
    ? t("tree.cut.leaves", { pruned: prunedWords(names), count: prunedLeaves(node) })
    : prunedWords(names);
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
 * How the words of a step call its nodes, and what they need to know of them.
 * @typedef {object} StepNames
 * @property {(name: string) => string} label how the words call a node
 * @property {(order: number) => ApiNode | undefined} [node] the node of a visit order
 *   (negamax's words need its player)
 * @property {boolean} [negamax] say the values as negamax does: for the player to move
 *   at each node, with the negation its parent takes
 * @property {boolean} [windows] say each step's window α, β (the default): alpha-beta's
 *   only, for minimax and negamax search with no window, though their trace carries one
 */

/**
 * What one step changed, to undo it (a step back).
 * @typedef {object} Undo
 * @property {number | null} current the step's node before it
 * @property {number} [entered] the visit order the step reached
 * @property {number} [pushed] the visit order it pushed on the stack
 * @property {number} [popped] the visit order it popped off the stack
 * @property {number} [known] the visit order whose value it set
 * @property {{value: number, bound: Bound} | undefined} [before] that value before it
 * @property {number} [cut] the visit order it marked as cutting
 */

/**
 * The value of a node for the player to move there, from MAX's value (the trace's):
 * negated at MIN nodes, the bound turned around with it.
 * @param {number} value
 * @param {Bound} bound
 * @param {ApiNode | undefined} node
 * @returns {{value: number, bound: Bound}}
 */
export function forMover(value, bound, node) {
  if (node?.player !== "min") return { value, bound };
  const turned = bound === "lower" ? "upper" : bound === "upper" ? "lower" : bound;
  return { value: value === 0 ? 0 : -value, bound: turned };
}

/**
 * A negation as the lessons write it: `-(-3) = 3`, `-(≥ 2) = ≤ -2`.
 * @param {number} value
 * @param {Bound} bound
 * @returns {string}
 */
export function negation(value, bound) {
  const turned = bound === "lower" ? "upper" : bound === "upper" ? "lower" : bound;
  return `-(${boundText(value, bound, " ")}) = ${boundText(value === 0 ? 0 : -value, turned, " ")}`;
}

/**
 * The search's trace, replayed one step at a time in either direction: a step forward
 * or back costs the same whatever the tree's size, and only the current step is said in
 * words. The page keeps one per answer, so that stepping through 8,000 nodes stays fast.
 */
export class Replay {
  /**
   * @param {TraceStep[]} trace
   */
  constructor(trace) {
    this.trace = trace;
    /** How many steps are applied. */
    this.count = 0;
    /** @type {Seen} */
    this.seen = { known: new Map(), entered: new Set(), cut: new Set(), current: null, words: "" };
    /** @type {number[]} the visit orders of the nodes entered and not yet left */
    this.stack = [];
    /** The visit orders handed out so far. */
    this.order = 0;
    /** @type {Undo[]} what each applied step changed */
    this.undo = [];
  }

  /**
   * Goes to `count` steps (clamped to the trace) and says the last one in words.
   * @param {number} count
   * @param {StepNames} names
   * @returns {Seen}
   */
  seek(count, names) {
    const target = Math.max(0, Math.min(count, this.trace.length));
    while (this.count < target) this.forward();
    while (this.count > target) this.back();
    this.seen.words = this.count > 0 ? this.say(this.count - 1, names) : "";
    return this.seen;
  }

  /** @private Applies the next step. */
  forward() {
    const step = this.trace[this.count];
    const seen = this.seen;
    /** @type {Undo} */
    const undo = { current: seen.current };
    if (step.step === "enter" || step.step === "leaf") {
      this.order += 1;
      const order = this.order;
      seen.entered.add(order);
      undo.entered = order;
      seen.current = order;
      if (step.step === "enter") {
        this.stack.push(order);
        undo.pushed = order;
      } else {
        undo.known = order;
        undo.before = seen.known.get(order);
        seen.known.set(order, { value: step.value ?? 0, bound: "exact" });
      }
    } else if (step.step === "cutoff") {
      const at = this.stack[this.stack.length - 1] ?? null;
      seen.current = at;
      if (at !== null && !seen.cut.has(at)) {
        seen.cut.add(at);
        undo.cut = at;
      }
    } else if (step.step === "exit") {
      const at = this.stack.pop();
      seen.current = at ?? null;
      if (at !== undefined) {
        undo.popped = at;
        undo.known = at;
        undo.before = seen.known.get(at);
        seen.known.set(at, { value: step.value ?? 0, bound: step.bound ?? "exact" });
      }
    }
    this.undo.push(undo);
    this.count += 1;
  }

  /** @private Undoes the last step applied. */
  back() {
    const undo = this.undo.pop();
    if (!undo) return;
    const seen = this.seen;
    if (undo.known !== undefined) {
      if (undo.before) seen.known.set(undo.known, undo.before);
      else seen.known.delete(undo.known);
    }
    if (undo.popped !== undefined) this.stack.push(undo.popped);
    if (undo.pushed !== undefined) this.stack.pop();
    if (undo.entered !== undefined) {
      seen.entered.delete(undo.entered);
      this.order -= 1;
    }
    if (undo.cut !== undefined) seen.cut.delete(undo.cut);
    seen.current = undo.current;
    this.count -= 1;
  }

  /**
   * The step at `index` (applied, the last one) in words.
   * @private
   * @param {number} index
   * @param {StepNames} names
   * @returns {string}
   */
  say(index, names) {
    const step = this.trace[index];
    const label = names.label;
    const window = step.window && names.windows !== false
      ? t("tree.step.window", {
          alpha: bound(step.window.alpha, "−∞"),
          beta: bound(step.window.beta, "+∞"),
        })
      : "";
    const current = this.seen.current;
    const node = current !== null ? names.node?.(current) : undefined;
    if (step.step === "enter") {
      return window
        ? t("tree.step.enter", { node: step.node, window })
        : t("tree.step.enter.plain", { node: step.node });
    }
    if (step.step === "cutoff") {
      const pruned = prunedWords((step.pruned ?? []).map(label));
      return t("tree.step.cutoff", { node: step.node, window, pruned });
    }
    const exact = step.bound ?? "exact";
    if (names.negamax) {
      // Negamax keeps the value for the player to move at each node, and the parent
      // takes it negated: the lessons' `-(-3) = 3`.
      const mover = forMover(step.value ?? 0, exact, node);
      const own = boundText(mover.value, mover.bound, " ");
      const root = step.step === "exit" && this.stack.length === 0;
      if (step.step === "leaf") {
        return t("tree.step.leaf.negamax", {
          node: label(step.node),
          value: own,
          negation: negation(mover.value, mover.bound),
        });
      }
      return root
        ? t("tree.step.exit.negamax.root", { node: step.node, value: own })
        : t("tree.step.exit.negamax", {
            node: step.node,
            value: own,
            negation: negation(mover.value, mover.bound),
          });
    }
    if (step.step === "leaf") {
      return window
        ? t("tree.step.leaf", { node: label(step.node), value: `${step.value}`, window })
        : t("tree.step.leaf.plain", { node: label(step.node), value: `${step.value}` });
    }
    return t("tree.step.exit", { node: step.node, value: boundText(step.value ?? 0, exact, " ") });
  }
}

/**
 * Replays the first `count` steps of `trace`.
 * @param {TraceStep[]} trace
 * @param {number} count
 * @param {((name: string) => string) | StepNames} label how the words call a node, or
 *   the names with what negamax's words need
 * @returns {Seen}
 */
export function replay(trace, count, label) {
  const names = typeof label === "function" ? { label } : label;
  return new Replay(trace).seek(count, names);
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
 * the comparison wait for the last step too. In negamax's words (`names.negamax`) the
 * values are each node's for the player to move there.
 * @param {TreeAnswer} answer
 * @param {Map<string, ApiNode>} byPath the answer's nodes by path, in reading order
 * @param {number} step
 * @param {boolean} hide
 * @param {((name: string) => string) | StepNames} label how the words call a node, or
 *   the names with what negamax's words need
 * @param {Replay} [replayer] the answer's replay, kept between steps (a new one if none)
 * @returns {Shown}
 */
export function revealed(answer, byPath, step, hide, label, replayer) {
  const names = typeof label === "function" ? { label } : label;
  const whole = step >= answer.trace.length;
  const seen = whole ? null : (replayer ?? new Replay(answer.trace)).seek(step, names);
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
      let text = entered ? "?" : "";
      if (known) {
        const shown = names.negamax ? forMover(known.value, known.bound, node) : known;
        text = boundText(shown.value, shown.bound);
      }
      values.set(path, text);
    }
  }
  return { seen, result: whole || !hide, cuts, values };
}
