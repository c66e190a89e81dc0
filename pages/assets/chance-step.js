// Step mode for trees with chance nodes: what is known after the first k steps of a
// chance search's trace (expectiminimax, Star1, Star2; docs/chance.md). Each step says
// where it is by path (`path`, and an added outcome's `child_path`), so that the nodes
// are found by place. A chance node's weighted sum is said as it is built, one outcome
// at a time ("1/2 × 3 + 1/4 × 9 = 15/4"), and a Star1 or Star2 cut with why it happens,
// as the lab says alpha-beta's cuts.

import { t } from "./words.js";

/** @typedef {import("./tree-model.js").ApiNode} ApiNode */
/** @typedef {import("./tree-model.js").Bound} Bound */
/** @typedef {import("./step.js").Seen} Seen */
/** @typedef {import("./step.js").Shown} Shown */

/**
 * A window of a chance search, its ends as numbers and as exact fractions.
 * @typedef {object} ChanceWindow
 * @property {number} alpha
 * @property {number} beta
 * @property {string} alpha_exact
 * @property {string} beta_exact
 *
 * @typedef {object} ChanceStep one step of a chance search's trace
 * @property {"enter" | "leaf" | "probe" | "add" | "exit"} step
 * @property {string} node
 * @property {string} path the node's place (`0.1`; the root's is empty)
 * @property {ChanceWindow} [window] the window it was entered with (Star1, Star2)
 * @property {number} [value]
 * @property {string} [value_exact]
 * @property {Bound} [bound]
 * @property {string[]} [pruned] the children never looked at (an exit)
 * @property {string} [child] the outcome added (an add)
 * @property {string} [child_path]
 * @property {string} [probability_exact] the outcome's probability (an add)
 * @property {string} [sum_exact] the weighted sum so far (an add)
 */

/** The chance searches, by the name the API gives them. */
export const CHANCE_ALGORITHMS = ["expectiminimax", "star1", "star2"];

/**
 * Whether a tree's text has chance nodes, as far as its tags tell (`[chance]` in the
 * indented and bracket formats, `"kind": "chance"` in JSON): the lab then asks for a
 * chance search by default.
 * @param {string} text
 * @returns {boolean}
 */
export function looksLikeChance(text) {
  return /\[\s*chance\s*\]|"kind"\s*:\s*"chance"/i.test(text);
}

/**
 * An exact value as the lab writes it, as ply's picture does: a whole number or a short
 * decimal when it has one (`4`, `3.5`, `-0.25`), else the fraction (`11/3`).
 * @param {string} exact a fraction as the API writes it (`7/2`, `-3`)
 * @returns {string}
 */
export function exactText(exact) {
  const [top, bottom] = exact.split("/");
  if (bottom === undefined) return exact;
  let rest = Number(bottom);
  for (const factor of [2, 5]) {
    while (rest % factor === 0) rest /= factor;
  }
  return rest === 1 ? `${Number(top) / Number(bottom)}` : exact;
}

/**
 * A value in a sum: negative ones in brackets (`1/2 × (−1)`).
 * @param {string} exact
 * @returns {string}
 */
function term(exact) {
  const text = exactText(exact);
  return text.startsWith("-") ? `(${text})` : text;
}

/**
 * A value with its bound mark: `≥ 7`, `≤ 11/3`, `3.5`.
 * @param {string} exact
 * @param {Bound | undefined} bound
 * @returns {string}
 */
function bounded(exact, bound) {
  const mark = bound === "lower" ? "≥ " : bound === "upper" ? "≤ " : "";
  return mark + exactText(exact);
}

/**
 * What a chance search has shown after some steps: the values by path (as the lab
 * writes them), the nodes reached, and the step in words; in the shape step.js's
 * `Shown` has, so that the picture shows it as it shows minimax's steps.
 * @param {{trace: ChanceStep[]}} answer
 * @param {Map<string, ApiNode>} byPath the answer's nodes by path
 * @param {number} step
 * @param {boolean} hide whether the result waits for the last step
 * @param {(name: string) => string} label how the words call a node, by its name
 * @returns {Shown & {sentences: string[]}} with `sentences`, every cut so far in words
 */
export function chanceRevealed(answer, byPath, step, hide, label) {
  const trace = answer.trace;
  const whole = step >= trace.length;
  /** @type {Seen} */
  const seen = { known: new Map(), entered: new Set(), cut: new Set(), current: null, words: "" };
  /** @type {Map<string, string>} each inner node's value as shown */
  const texts = new Map();
  /** @type {Map<string, string[]>} each chance node's terms so far */
  const terms = new Map();
  /** @type {Map<string, ChanceWindow | undefined>} each node's window */
  const windows = new Map();
  /** @type {string[]} */
  const sentences = [];
  /** @param {string} path */
  const orderOf = (path) => byPath.get(path)?.visit_order ?? null;
  /** @param {string} path */
  const named = (path) => {
    const node = byPath.get(path);
    return node ? label(node.name) : path;
  };
  const count = Math.max(0, Math.min(step, trace.length));
  for (let i = 0; i < count; i++) {
    const s = trace[i];
    const node = byPath.get(s.path);
    const order = orderOf(s.path);
    const last = i === count - 1;
    if (order !== null) seen.current = order;
    if (s.step === "enter" || s.step === "leaf") {
      if (order !== null) seen.entered.add(order);
    }
    if (s.step === "enter") {
      windows.set(s.path, s.window);
      if (node?.player === "chance") terms.set(s.path, []);
      texts.set(s.path, "?");
      if (last) seen.words = enterWords(named(s.path), s.window);
    } else if (s.step === "leaf") {
      if (order !== null) seen.known.set(order, { value: s.value ?? 0, bound: "exact" });
      if (last) seen.words = t("tree.chance.step.leaf", { node: named(s.path), value: exactText(s.value_exact ?? "0") });
    } else if (s.step === "probe") {
      const bound = node?.player === "max" ? "lower" : "upper";
      texts.set(s.path, bounded(s.value_exact ?? "0", bound).replace(" ", ""));
      if (last) {
        seen.words = t(bound === "lower" ? "tree.chance.step.probe.max" : "tree.chance.step.probe.min", {
          node: named(s.path),
          value: exactText(s.value_exact ?? "0"),
        });
      }
    } else if (s.step === "add") {
      const list = terms.get(s.path) ?? [];
      list.push(`${s.probability_exact} × ${term(s.value_exact ?? "0")}`);
      terms.set(s.path, list);
      texts.set(s.path, `Σ ${exactText(s.sum_exact ?? "0")}`);
      if (last) {
        seen.words = t("tree.chance.step.add", {
          node: named(s.path),
          child: named(s.child_path ?? ""),
          sum: `${list.join(" + ")} = ${exactText(s.sum_exact ?? "0")}`,
        });
      }
    } else if (s.step === "exit") {
      const value = bounded(s.value_exact ?? "0", s.bound);
      texts.set(s.path, value.replace(" ", ""));
      if (order !== null) {
        seen.known.set(order, { value: s.value ?? 0, bound: s.bound ?? "exact" });
      }
      const pruned = s.pruned ?? [];
      let words;
      if (pruned.length > 0) {
        if (order !== null) seen.cut.add(order);
        words = cutWords(s, node, named(s.path), terms.get(s.path) ?? [], windows.get(s.path), label);
        sentences.push(words);
      } else if (node?.player === "chance") {
        const list = terms.get(s.path) ?? [];
        words = t("tree.chance.step.exit.chance", {
          node: named(s.path),
          sum: `${list.join(" + ")} = ${exactText(s.value_exact ?? "0")}`,
        });
      } else {
        words = t("tree.chance.step.exit", { node: named(s.path), value });
      }
      if (last) seen.words = words;
    }
  }
  /** @type {Map<string, string> | null} */
  let values = null;
  if (!whole) {
    values = new Map();
    for (const [path, node] of byPath) {
      if (node.leaf) continue;
      values.set(path, texts.get(path) ?? "");
    }
  }
  return { seen: whole ? null : seen, result: whole || !hide, cuts: [], values, sentences };
}

/**
 * A node entered, with its window when the search has one.
 * @param {string} node
 * @param {ChanceWindow | undefined} window
 * @returns {string}
 */
function enterWords(node, window) {
  if (!window) return t("tree.chance.step.enter", { node });
  return t("tree.chance.step.enter.window", {
    node,
    alpha: exactText(window.alpha_exact),
    beta: exactText(window.beta_exact),
  });
}

/**
 * Why a node stopped before its last child: a chance node whose sum, whatever the
 * outcomes left are worth (between the leaves' bounds), can no longer reach into its
 * window; a MAX node at β, a MIN node at α, as alpha-beta cuts.
 * @param {ChanceStep} step the exit
 * @param {ApiNode | undefined} node
 * @param {string} name
 * @param {string[]} list the chance node's terms added
 * @param {ChanceWindow | undefined} window
 * @param {(name: string) => string} label
 * @returns {string}
 */
function cutWords(step, node, name, list, window, label) {
  const value = exactText(step.value_exact ?? "0");
  const pruned = (step.pruned ?? []).map(label).join(t("tree.list.separator"));
  const alpha = window ? exactText(window.alpha_exact) : "−∞";
  const beta = window ? exactText(window.beta_exact) : "+∞";
  if (node?.player === "chance") {
    const sum = list.join(" + ");
    return step.bound === "upper"
      ? t("tree.chance.cut.low", { node: name, sum, value, alpha, pruned })
      : t("tree.chance.cut.high", { node: name, sum, value, beta, pruned });
  }
  return node?.player === "min"
    ? t("tree.chance.cut.min", { node: name, value, alpha, pruned })
    : t("tree.chance.cut.max", { node: name, value, beta, pruned });
}
