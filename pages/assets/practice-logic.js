// The practice page's logic that needs no browser: the exercise a link names (its
// fragment, `#kind=pruned&level=3&seed=123`), the score kept over the exercises done,
// the student's answer as the check request's `response`, and the link that opens the
// tree lab at the student's first mistake. The page (practice.js) draws and listens;
// everything here is plain data in and out, tested by pages/tests/practice.test.js.

/**
 * @typedef {"values" | "pruned" | "order" | "best_move" | "expectimax"} Kind
 *
 * @typedef {object} Exercise what names one exercise: the same fields give the same
 *   exercise everywhere
 * @property {Kind} kind
 * @property {number} level 1 to 5
 * @property {number} seed 0 to 2^53 - 1
 * @property {string} [variant] absent: the seed chooses it
 * @property {string} [rule] alpha-beta's pruning rule: "gt" (a tie goes on); absent: "ge"
 *
 * @typedef {object} Place where the page is: an exercise, and whether it is printed
 * @property {Exercise} exercise
 * @property {boolean} fresh whether the link named no seed (a new random one was drawn)
 * @property {"worksheet" | "key" | null} print
 *
 * @typedef {{right: number, total: number}} Tally
 * @typedef {Record<string, Tally>} Score right and total exercises, by kind
 *
 * @typedef {{values: Record<string, number | string | null>} | {pruned: string[]} |
 *   {order: string[]} | {best: string, value: number | null}} Response values: numbers
 *   for the values kind, the text typed (`7/6`, `1.17`) for expectimax
 */

/** @type {Kind[]} */
export const KINDS = ["values", "pruned", "order", "best_move", "expectimax"];

/** The variants of each kind (Contract: `/api/practice`). */
export const VARIANTS = /** @type {const} */ ({
  values: ["max_root", "min_root", "negamax"],
  pruned: ["as_written", "good_order", "bad_order"],
  order: ["as_written", "good_order", "bad_order"],
  best_move: ["tictactoe", "nim", "race"],
  expectimax: ["weighted", "equal"],
});

/**
 * The kinds whose answer is a value in a box per inner node.
 * @param {Kind} kind
 * @returns {boolean}
 */
export function hasValueBoxes(kind) {
  return kind === "values" || kind === "expectimax";
}

/** The largest seed: the largest integer JavaScript holds exactly (2^53 - 1). */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/** The level a link without one opens at. */
export const DEFAULT_LEVEL = 2;

/**
 * @param {unknown} kind
 * @returns {kind is Kind}
 */
export function isKind(kind) {
  return typeof kind === "string" && /** @type {string[]} */ (KINDS).includes(kind);
}

/**
 * Whether `variant` is one of `kind`'s variants.
 * @param {Kind} kind
 * @param {string} variant
 * @returns {boolean}
 */
export function isVariant(kind, variant) {
  return /** @type {readonly string[]} */ (VARIANTS[kind]).includes(variant);
}

/**
 * A seed as a link writes it: decimal digits only, at most 2^53 - 1; else null.
 * @param {string | null} text
 * @returns {number | null}
 */
export function parseSeed(text) {
  if (text === null || !/^[0-9]{1,16}$/.test(text)) return null;
  const seed = Number(text);
  return seed <= MAX_SEED ? seed : null;
}

/**
 * A new random seed, from `random` (a function like Math.random: [0, 1)).
 * @param {() => number} [random]
 * @returns {number}
 */
export function randomSeed(random = Math.random) {
  // Two draws: Math.random's 52 bits of one draw are not guaranteed, so the seed is made
  // of a high and a low part, within 0 ..= 2^53 - 1.
  const high = Math.floor(random() * 2 ** 21);
  const low = Math.floor(random() * 2 ** 32);
  return high * 2 ** 32 + low;
}

/**
 * Reads a link's fragment (`#kind=pruned&level=3&seed=123&variant=bad_order&print=key`).
 * Anything missing or unreadable takes its default: kind values, level 2, a new random
 * seed, the variant the seed chooses, no printing.
 * @param {string} hash `location.hash`, with or without its `#`
 * @param {() => number} [random]
 * @returns {Place}
 */
export function parseHash(hash, random = Math.random) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const kindText = params.get("kind");
  const kind = isKind(kindText) ? kindText : "values";
  const levelText = params.get("level") ?? "";
  const level = /^[1-5]$/.test(levelText) ? Number(levelText) : DEFAULT_LEVEL;
  const given = parseSeed(params.get("seed"));
  const seed = given ?? randomSeed(random);
  const variant = params.get("variant") ?? "";
  /** @type {Exercise} */
  const exercise = { kind, level, seed };
  if (variant && isVariant(kind, variant)) exercise.variant = variant;
  if (params.get("rule") === "gt") exercise.rule = "gt";
  const print = params.get("print");
  return {
    exercise,
    fresh: given === null,
    print: print === "worksheet" || print === "key" ? print : null,
  };
}

/**
 * The fragment that names an exercise (and, for a printed page, which one).
 * @param {Exercise} exercise
 * @param {"worksheet" | "key" | null} [print]
 * @returns {string} starting with `#`
 */
export function formatHash(exercise, print = null) {
  /** @type {[string, string][]} */
  const fields = [
    ["kind", exercise.kind],
    ["level", `${exercise.level}`],
    ["seed", `${exercise.seed}`],
  ];
  if (exercise.variant) fields.push(["variant", exercise.variant]);
  if (exercise.rule === "gt") fields.push(["rule", "gt"]);
  if (print) fields.push(["print", print]);
  return "#" + new URLSearchParams(fields).toString();
}

/**
 * A number as a student types it: an integer or decimal, `-3`, `−3` (the typographic
 * minus), `+2`, spaces around. Empty is null (no answer); anything else is NaN.
 * @param {string} text
 * @returns {number | null}
 */
export function parseAnswer(text) {
  const clean = text.trim().replace(/\u2212/g, "-");
  if (clean === "") return null;
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(clean)) return NaN;
  return Number(clean);
}

/**
 * An expected value as a student types it: a whole number, a decimal or a fraction
 * (`4`, `1.17`, `7/6`, `-1/2`), with the typographic minus (`−1/2`), a decimal comma
 * (`1,17`), a leading `+` and spaces around (or around the `/`). Returned as the text the
 * check reads, exactly as typed but tidied (`-1/2`, `1.17`), so that nothing is lost to
 * floating point; empty is null (no answer); anything else, or a fraction over 0, is "".
 * @param {string} text
 * @returns {string | null}
 */
export function parseExact(text) {
  const clean = text.trim().replace(/\u2212/g, "-");
  if (clean === "") return null;
  const fraction = /^([+-]?)(\d+)\s*\/\s*(\d+)$/.exec(clean);
  if (fraction) {
    const [, sign, top, bottom] = fraction;
    if (/^0+$/.test(bottom)) return "";
    return `${sign === "-" ? "-" : ""}${top}/${bottom}`;
  }
  const decimal = /^([+-]?)(\d+([.,]\d*)?|[.,]\d+)$/.exec(clean);
  if (!decimal) return "";
  return `${decimal[1] === "-" ? "-" : ""}${decimal[2].replace(",", ".")}`;
}

/**
 * The check request's `response` from what the student entered.
 * @param {Kind} kind
 * @param {object} entered
 * @param {Map<string, string>} [entered.values] each inner node's box, by name (values,
 *   expectimax)
 * @param {Set<string>} [entered.pruned] the leaves marked never looked at
 * @param {string[]} [entered.leaves] every leaf's name in tree order (pruned's order)
 * @param {string[]} [entered.order] the leaves in the order the student chose
 * @param {string} [entered.best] the move chosen
 * @param {string} [entered.value] the value typed for it
 * @returns {{response: Response, invalid: string[]}} `invalid`: the names whose boxes
 *   hold no number (the request leaves them out: null)
 */
export function buildResponse(kind, entered) {
  /** @type {string[]} */
  const invalid = [];
  if (kind === "values") {
    /** @type {Record<string, number | null>} */
    const values = {};
    for (const [name, text] of entered.values ?? new Map()) {
      const value = parseAnswer(text);
      if (value !== null && Number.isNaN(value)) invalid.push(name);
      values[name] = value === null || Number.isNaN(value) ? null : value;
    }
    return { response: { values }, invalid };
  }
  if (kind === "expectimax") {
    /** @type {Record<string, string | null>} */
    const values = {};
    for (const [name, text] of entered.values ?? new Map()) {
      const value = parseExact(text);
      if (value === "") invalid.push(name);
      values[name] = value === "" ? null : value;
    }
    return { response: { values }, invalid };
  }
  if (kind === "pruned") {
    const marked = entered.pruned ?? new Set();
    const leaves = entered.leaves ?? [...marked];
    return { response: { pruned: leaves.filter((name) => marked.has(name)) }, invalid };
  }
  if (kind === "order") {
    return { response: { order: [...(entered.order ?? [])] }, invalid };
  }
  const value = parseAnswer(entered.value ?? "");
  if (value !== null && Number.isNaN(value)) invalid.push("value");
  return {
    response: { best: entered.best ?? "", value: value === null || Number.isNaN(value) ? null : value },
    invalid,
  };
}

/** Where the score lives in the browser's storage. */
export const SCORE_KEY = "ply.practice.score";

/**
 * The score as stored (anything unreadable is an empty score).
 * @param {string | null} text
 * @returns {Score}
 */
export function readScore(text) {
  /** @type {Score} */
  const score = {};
  let parsed;
  try {
    parsed = JSON.parse(text ?? "{}");
  } catch {
    return score;
  }
  if (!parsed || typeof parsed !== "object") return score;
  for (const kind of KINDS) {
    const tally = parsed[kind];
    if (!tally || typeof tally !== "object") continue;
    const right = Number(tally.right);
    const total = Number(tally.total);
    if (Number.isInteger(right) && Number.isInteger(total) && right >= 0 && total >= right) {
      score[kind] = { right, total };
    }
  }
  return score;
}

/**
 * The score after one more exercise checked.
 * @param {Score} score
 * @param {Kind} kind
 * @param {boolean} correct
 * @returns {Score} a new score (the old one is left as it was)
 */
export function addToScore(score, kind, correct) {
  const tally = score[kind] ?? { right: 0, total: 0 };
  return { ...score, [kind]: { right: tally.right + (correct ? 1 : 0), total: tally.total + 1 } };
}

/**
 * The name an exercise is counted under: a student who checks the same exercise again
 * (after mending an answer) is not counted twice.
 * @param {Exercise} exercise
 * @returns {string}
 */
export function exerciseKey(exercise) {
  return formatHash(exercise);
}

/**
 * The tree lab's link that opens an exercise's tree in step mode at `step`, with the
 * answers hidden: the lab's fragment (`tree`, `algorithm`, `order`, `perspective`,
 * `step`, `hide`).
 * @param {string} page the tree lab's address (`index.html`, relative to this page)
 * @param {object} what
 * @param {string} what.tree the exercise's tree, as text
 * @param {string} what.algorithm "minimax", "alphabeta" or "expectiminimax"
 * @param {string} what.perspective "max" or "mover"
 * @param {number} what.step
 * @param {string} [what.rule] alpha-beta's pruning rule (the link names "gt" only)
 * @returns {string}
 */
export function labLink(page, { tree, algorithm, perspective, step, rule }) {
  const fields = new URLSearchParams({
    tree,
    algorithm,
    order: "as_written",
    perspective,
    step: `${step}`,
    hide: "1",
  });
  if (rule === "gt") fields.set("rule", "gt");
  return `${page}#${fields.toString()}`;
}

/**
 * Each leaf's value as a tree in the indented text format writes it (`k = -4`, an
 * outcome of a chance node with its probability `d [1/6] = 2`), by name.
 * @param {string} tree
 * @returns {Map<string, number>}
 */
export function leafValues(tree) {
  /** @type {Map<string, number>} */
  const values = new Map();
  for (const line of tree.split("\n")) {
    const match = /^\s*([^\s=#[\]]+)(?:\s*\[[^\]]*\])*\s*=\s*([+\-\u2212]?[0-9.]+)\s*(#.*)?$/.exec(line);
    if (match) values.set(match[1], Number(match[2].replace("\u2212", "-")));
  }
  return values;
}

/**
 * An exact value as the answer key writes it, with its decimal beside where the decimal
 * says it another way: `7/6 ≈ 1.17` (rounded), `3/2 = 1.5` (the same value), `4` alone.
 * @param {string} exact `7/6`, `-3/2`, `4`
 * @param {string} [decimal] `1.17`, `-1.50`, `4`
 * @returns {{exact: string, decimal: string | null, rounded: boolean}} `decimal` null
 *   where it adds nothing (a whole number); `rounded` whether it is the value rounded
 */
export function keyValue(exact, decimal) {
  const [top, bottom = "1"] = exact.split("/");
  const whole = bottom === "1";
  if (decimal === undefined || decimal === "" || decimal === exact) return { exact, decimal: null, rounded: false };
  // The same value written as a decimal (`1.5`, `1.50`), or the value rounded (`1.17`):
  // exactly the fraction's value when top = decimal × bottom (to the decimal's places).
  const places = decimal.split(".")[1]?.length ?? 0;
  const scaled = Math.round(Number(decimal) * 10 ** places) * Number(bottom);
  const rounded = scaled !== Number(top) * 10 ** places;
  if (whole && !rounded) return { exact, decimal: null, rounded: false };
  return { exact, decimal, rounded };
}
