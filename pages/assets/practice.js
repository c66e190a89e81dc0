// The practice page: an exercise on a random tree (POST /api/practice), the tree drawn by
// ply (POST /api/tree, `picture`: its own SVG; a tree with chance nodes searched by
// expectiminimax, its circles and probabilities as the lab draws them) with the answers
// left blank, the
// student's answer, and its check (POST /api/practice/check): each wrong answer marked
// in the picture and in the list with the reason in words, and a link into the tree
// lab's step mode at the first mistake. The exercise travels in the link's fragment
// (`#kind=pruned&level=3&seed=123`), so a teacher's link gives every student the same
// one; `&print=worksheet` and `&print=key` are its printed pages.

import { foldOnNarrow } from "./layout.js";
import { byId, make } from "./dom.js";
import { nodesByPath } from "./tree-model.js";
import { TreeView } from "./tree-view.js";
import { backend, errorText, post } from "./transport.js";
import { apiLang, startWords, t } from "./words.js";
import {
  DEFAULT_LEVEL,
  KINDS,
  SCORE_KEY,
  VARIANTS,
  addToScore,
  buildResponse,
  exerciseKey,
  formatHash,
  hasValueBoxes,
  isKind,
  keyValue,
  labLink,
  parseHash,
  randomSeed,
  readScore,
  leafValues,
} from "./practice-logic.js";

/** @typedef {import("./practice-logic.js").Exercise} Exercise */
/** @typedef {import("./practice-logic.js").Kind} Kind */
/** @typedef {import("./practice-logic.js").Score} Score */
/** @typedef {import("./tree-model.js").ApiNode} ApiNode */
/** @typedef {import("./tree-model.js").TreeAnswer} TreeAnswer */

/** @typedef {import("../types/api").Practice} Practice */
/** @typedef {import("../types/api").PracticeMark} Mark */
/** @typedef {import("../types/api").PracticeChecked} Checked */

/** @typedef {import("./words.js").MessageId} MessageId */

const kindSelect = byId("kind", HTMLSelectElement);
const levelSelect = byId("level", HTMLSelectElement);
const variantSelect = byId("variant", HTMLSelectElement);
const ruleSelect = byId("rule", HTMLSelectElement);
const question = byId("question", HTMLElement);
const error = byId("error", HTMLElement);
const position = byId("position", HTMLElement);
const picture = byId("picture", HTMLElement);
const fields = byId("answer-fields", HTMLElement);
const help = byId("answer-help", HTMLElement);
const verdict = byId("verdict", HTMLElement);
const marksList = byId("marks", HTMLElement);
const walk = byId("walk", HTMLAnchorElement);
const zoomLevel = byId("zoom-level", HTMLElement);
const keyAnswer = byId("key-answer", HTMLElement);

const state = {
  /** @type {Exercise} the exercise asked for (its fragment) */
  exercise: { kind: /** @type {Kind} */ ("values"), level: DEFAULT_LEVEL, seed: 0 },
  /** @type {"worksheet" | "key" | null} */
  print: /** @type {"worksheet" | "key" | null} */ (null),
  /** @type {Practice | null} */
  practice: null,
  /** @type {TreeAnswer | null} the exercise's tree, searched by minimax (expectiminimax
   * for a tree with chance nodes), drawn */
  tree: null,
  /** @type {Map<string, ApiNode>} */
  byPath: new Map(),
  /** @type {Map<string, string>} each node's path, by name */
  pathOf: new Map(),
  /** @type {Map<string, number>} each leaf's value as the exercise writes it, by name */
  written: new Map(),
  /** @type {Map<string, HTMLInputElement>} values, expectimax: each inner node's box */
  boxes: new Map(),
  /** @type {Set<string>} pruned: the leaves marked */
  marked: new Set(),
  /** @type {string[]} order: the leaves in the student's order */
  order: [],
  /** @type {Set<string>} the exercises already counted in the score */
  counted: new Set(),
  /** @type {Checked | null} the check shown (null: none, or the answer changed since) */
  checked: /** @type {Checked | null} */ (null),
};

/**
 * Where the student's work on the exercise on screen lasts while the tab is open (the
 * answers, and the check's verdict and marks): a walk through the search in the tree
 * lab, and Back, find it again.
 */
const WORK_KEY = "ply.practice.work";
/** The longest text kept of one answer box (a value, a fraction). */
const MAX_WORK_TEXT = 64;

const view = new TreeView(picture, (path) => chooseNode(path), (scale) => {
  zoomLevel.textContent = t("practice.zoom.level", { percent: Math.round(scale * 100) });
  // A small picture (a wide tree fitted to a phone's width) writes its values and names
  // larger, up to 1.6 times, so that they stay readable (practice.css).
  picture.style.setProperty("--label-scale", `${Math.min(1.6, Math.max(1, 0.7 / scale)).toFixed(3)}`);
});
// An exercise opens whole, fitted to the width, however narrow the screen.
view.zoom.minOpening = 0.3;

// ----- Words ------------------------------------------------------------------------------

/**
 * A message id made of parts (the kinds' and variants' names): an id known to exist.
 * @param {string} text
 * @returns {MessageId}
 */
function id(text) {
  return /** @type {MessageId} */ (text);
}

/**
 * @param {Kind} kind
 * @returns {string} the kind's short name (the score's)
 */
function kindName(kind) {
  return t(id(`practice.kind.short.${kind}`));
}

/**
 * A list of names in words.
 * @param {string[]} names
 * @returns {string}
 */
function list(names) {
  return names.join(t("practice.list.separator"));
}

/**
 * A value as a mark shows it: numbers as they are, lists joined, nothing as "—".
 * @param {unknown} value
 * @returns {string}
 */
function shown(value) {
  if (value === null || value === undefined || value === "") return t("practice.given.none");
  if (Array.isArray(value)) return list(value.map(String));
  if (typeof value === "boolean") return t(value ? "practice.given.yes" : "practice.given.no");
  return String(value);
}

// ----- The exercise -----------------------------------------------------------------------

/** Fills the variant menu with the chosen kind's variants. */
function fillVariants() {
  const kind = isKind(kindSelect.value) ? kindSelect.value : "values";
  const chosen = variantSelect.value;
  variantSelect.replaceChildren();
  const any = make("option", { text: t("practice.variant.any") });
  any.value = "";
  variantSelect.append(any);
  for (const variant of VARIANTS[kind]) {
    const option = make("option", { text: t(id(`practice.variant.${variant}`)) });
    option.value = variant;
    variantSelect.append(option);
  }
  variantSelect.value = /** @type {readonly string[]} */ (VARIANTS[kind]).includes(chosen) ? chosen : "";
}

/** @returns {Exercise} a new exercise of the kind, level and variant chosen */
function chosenExercise() {
  const kind = isKind(kindSelect.value) ? kindSelect.value : "values";
  /** @type {Exercise} */
  const exercise = { kind, level: Number(levelSelect.value) || DEFAULT_LEVEL, seed: randomSeed() };
  if (variantSelect.value) exercise.variant = variantSelect.value;
  if (ruleSelect.value === "gt") exercise.rule = "gt";
  return exercise;
}

/** The links of the exercise on screen: the class's, the worksheet's and the key's. */
function updateLinks() {
  const page = location.href.split("#")[0];
  byId("worksheet", HTMLAnchorElement).href = page + formatHash(state.exercise, "worksheet");
  byId("key", HTMLAnchorElement).href = page + formatHash(state.exercise, "key");
  byId("print-back", HTMLAnchorElement).href = page + formatHash(state.exercise);
  byId("print-link", HTMLElement).textContent = t("practice.print.link", { link: page + formatHash(state.exercise) });
  const link = byId("share-link", HTMLInputElement);
  if (link.value) link.value = page + formatHash(state.exercise);
}

let pending = 0;

/**
 * Asks for an exercise, draws it and lays out the answer's fields.
 * @param {Exercise} exercise
 */
async function load(exercise) {
  const ticket = ++pending;
  state.exercise = exercise;
  kindSelect.value = exercise.kind;
  levelSelect.value = `${exercise.level}`;
  fillVariants();
  variantSelect.value = exercise.variant ?? "";
  ruleSelect.value = exercise.rule ?? "ge";
  history.replaceState(null, "", formatHash(exercise, state.print));
  updateLinks();
  question.textContent = t("practice.loading");
  error.textContent = "";
  clearResult();
  try {
    /** @type {Practice} */
    const practice = await post("/api/practice", { ...exercise, lang: apiLang() });
    /** @type {TreeAnswer} */
    // The picture of the lab's tree (MAX at the root), turned round below when MIN is;
    // a tree with chance nodes by the chance search the lab steps through (minimax
    // cannot take it).
    const tree = await post("/api/tree", {
      tree: practice.lab.tree,
      algorithm: practice.kind === "expectimax" ? practice.lab.algorithm : "minimax",
      leaf_perspective: practice.lab.leaf_perspective,
      picture: true,
      lang: apiLang(),
    });
    if (ticket !== pending) return;
    state.practice = practice;
    state.tree = tree;
    state.byPath = nodesByPath(tree.root);
    state.pathOf = new Map([...state.byPath].map(([path, node]) => [node.name, path]));
    state.written = leafValues(practice.tree);
    state.marked = new Set();
    state.order = [];
    question.textContent = practice.question;
    position.hidden = !practice.position;
    position.textContent = positionText(practice);
    view.show(tree, state.byPath);
    if (practice.root === "min") turnRound();
    layOut();
    const checked = state.print ? null : restoreWork();
    byId("print-title", HTMLElement).textContent = t(
      state.print === "key" ? "practice.print.title.key" : "practice.print.title.worksheet",
      { kind: kindName(practice.kind), level: practice.level },
    );
    if (state.print === "key") showKey();
    redraw();
    if (checked) {
      // The verdict comes back as it was, counted in the score already.
      state.counted.add(exerciseKey(state.exercise));
      showMarks(checked);
    }
  } catch (failure) {
    if (ticket !== pending) return;
    // No exercise: nothing of the last one (its tree, its fields) stays under the refusal.
    state.practice = null;
    state.tree = null;
    state.byPath = new Map();
    state.pathOf = new Map();
    state.boxes = new Map();
    view.clear();
    fields.replaceChildren();
    help.textContent = "";
    position.hidden = true;
    question.textContent = "";
    error.textContent = errorText(failure);
  }
}

/** Keeps the student's work on the exercise shown (sessionStorage: this tab only). */
function saveWork() {
  const practice = state.practice;
  if (!practice || state.print) return;
  const move = document.getElementById("best-move");
  const value = document.getElementById("best-value");
  const work = {
    exercise: exerciseKey(state.exercise),
    values: Object.fromEntries([...state.boxes].map(([name, box]) => [name, box.value])),
    marked: [...state.marked],
    order: state.order,
    best: move instanceof HTMLSelectElement ? move.value : "",
    value: value instanceof HTMLInputElement ? value.value : "",
    checked: state.checked,
  };
  try {
    sessionStorage.setItem(WORK_KEY, JSON.stringify(work));
  } catch {
    // No storage (a private window may refuse it): the work lasts as long as the page.
  }
}

/**
 * Puts back the work kept for the exercise shown, if any: the answers in their fields,
 * and returns the check that was shown (null: none). Anything that is not this
 * exercise's (another node's name, a text too long) is left out.
 * @returns {Checked | null}
 */
function restoreWork() {
  /** @type {unknown} */
  let work;
  try {
    work = JSON.parse(sessionStorage.getItem(WORK_KEY) ?? "null");
  } catch {
    return null;
  }
  if (!work || typeof work !== "object") return null;
  const kept = /** @type {Record<string, unknown>} */ (work);
  if (kept.exercise !== exerciseKey(state.exercise)) return null;
  /** @param {unknown} text @returns {string} */
  const textOf = (text) => (typeof text === "string" ? text.slice(0, MAX_WORK_TEXT) : "");
  const values = kept.values && typeof kept.values === "object" ? /** @type {Record<string, unknown>} */ (kept.values) : {};
  for (const [name, box] of state.boxes) box.value = textOf(values[name]);
  const leafNames = new Set(leaves().map((leaf) => leaf.name));
  /** @param {unknown} names @returns {string[]} */
  const leafList = (names) =>
    Array.isArray(names) ? [...new Set(names.filter((name) => typeof name === "string" && leafNames.has(name)))] : [];
  state.marked = new Set(leafList(kept.marked));
  state.order = leafList(kept.order);
  const move = document.getElementById("best-move");
  if (move instanceof HTMLSelectElement) {
    move.value = textOf(kept.best);
    if (move.selectedIndex < 0) move.value = "";
  }
  const value = document.getElementById("best-value");
  if (value instanceof HTMLInputElement) value.value = textOf(kept.value);
  const checked = kept.checked;
  if (!checked || typeof checked !== "object") return null;
  const shownCheck = /** @type {Checked} */ (checked);
  return Array.isArray(shownCheck.marks) && typeof shownCheck.correct === "boolean" ? shownCheck : null;
}

/** @returns {ApiNode[]} every node of the tree, in reading order */
function nodes() {
  return [...state.byPath.values()];
}

/** @returns {ApiNode[]} the leaves, in tree order */
function leaves() {
  return nodes().filter((node) => node.leaf);
}

/**
 * @returns {ApiNode[]} the inner nodes level by level, from the root (the order the
 *   exercise names them in: a, b, c, ...)
 */
function innerNodes() {
  return nodes()
    .filter((node) => !node.leaf)
    .map((node, index) => ({ node, index }))
    .sort((x, y) => x.node.depth - y.node.depth || x.index - y.index)
    .map(({ node }) => node);
}

/**
 * A node's name with its player: `b (MIN)`, `c (chance)`.
 * @param {ApiNode} node
 * @returns {string}
 */
function nodeLabel(node) {
  const player = playerOf(node);
  const id = player === "chance" ? "practice.node.chance" : player === "min" ? "practice.node.min" : "practice.node.max";
  return t(id, { name: node.name });
}

/**
 * Who moves at a node of the exercise (the lab's tree has MAX at its root).
 * @param {ApiNode} node
 * @returns {"max" | "min" | "chance"}
 */
function playerOf(node) {
  if (state.practice?.root !== "min" || node.player === "chance") return node.player;
  return node.player === "max" ? "min" : "max";
}

/**
 * A leaf's value as the exercise writes it.
 * @param {ApiNode} leaf
 * @returns {string}
 */
function leafValue(leaf) {
  return `${state.written.get(leaf.name) ?? leaf.written ?? leaf.value}`;
}

/**
 * The game position of a best_move exercise, as the page shows it: a board's rows one
 * under the other (`XOX/.O./X..`).
 * @param {Practice} practice
 * @returns {string}
 */
function positionText(practice) {
  const text = practice.position ?? "";
  return practice.game === "tictactoe" ? text.split("/").join("\n") : text;
}

/**
 * A leaf's name with its value: `k (4)`.
 * @param {ApiNode} leaf
 * @returns {string}
 */
function leafLabel(leaf) {
  return t("practice.leaf", { name: leaf.name, value: leafValue(leaf) });
}

/**
 * What a node of the picture says to a screen reader: what tapping it does.
 * @param {Kind} kind
 * @param {ApiNode} node
 * @param {string} path
 * @returns {string}
 */
function nodeAria(kind, node, path) {
  if (hasValueBoxes(kind) && !node.leaf) return t("practice.picture.node.values", { name: nodeLabel(node) });
  if (kind === "pruned" && node.leaf) return t("practice.picture.node.pruned", { name: leafLabel(node) });
  if (kind === "order" && node.leaf) return t("practice.picture.node.order", { name: leafLabel(node) });
  if (kind === "best_move" && path !== "" && !path.includes(".")) {
    return t("practice.picture.node.best_move", { name: node.name });
  }
  return node.leaf ? leafLabel(node) : nodeLabel(node);
}

/** The answer's fields for the exercise's kind. */
function layOut() {
  const practice = state.practice;
  if (!practice) return;
  state.boxes = new Map();
  fields.replaceChildren();
  fields.className = `fields-${practice.kind}`;
  help.textContent = t(id(`practice.help.${practice.kind}`));
  if (hasValueBoxes(practice.kind)) {
    const grid = make("div", { className: "value-boxes" });
    for (const node of innerNodes()) {
      const row = make("div", { className: "value-box" });
      row.dataset.node = node.name;
      const box = make("input");
      box.id = `value-${state.pathOf.get(node.name)?.replace(/\./g, "-") || "root"}`;
      // Expected values are fractions (7/6): a keyboard with the slash, not digits only.
      box.inputMode = practice.kind === "expectimax" ? "text" : "numeric";
      box.autocomplete = "off";
      box.spellcheck = false;
      box.setAttribute("autocapitalize", "off");
      box.dataset.node = node.name;
      const name = make("label", { text: nodeLabel(node) });
      name.htmlFor = box.id;
      box.addEventListener("input", () => {
        clearResult();
        redraw();
      });
      row.append(name, box, make("span", { className: "why" }));
      grid.append(row);
      state.boxes.set(node.name, box);
    }
    fields.append(grid);
  } else if (practice.kind === "pruned") {
    const grid = make("div", { className: "leaf-boxes" });
    for (const leaf of leaves()) {
      const row = make("label", { className: "leaf-box check" });
      row.dataset.node = leaf.name;
      const box = make("input");
      box.type = "checkbox";
      box.dataset.node = leaf.name;
      box.addEventListener("change", () => togglePruned(leaf.name, box.checked));
      row.append(box, make("span", { text: leafLabel(leaf) }));
      row.append(make("span", { className: "why" }));
      grid.append(row);
    }
    fields.append(grid);
  } else if (practice.kind === "order") {
    const sequence = make("p", { id: "order-sequence" });
    sequence.setAttribute("aria-live", "polite");
    const buttons = make("div", { className: "leaf-buttons" });
    for (const leaf of leaves()) {
      const button = make("button", { text: leafLabel(leaf) });
      button.type = "button";
      button.dataset.node = leaf.name;
      button.addEventListener("click", () => addToOrder(leaf.name));
      buttons.append(button);
    }
    const tools = make("div", { className: "row" });
    const undo = make("button", { text: t("practice.order.undo") });
    undo.type = "button";
    undo.id = "order-undo";
    undo.addEventListener("click", () => {
      state.order.pop();
      clearResult();
      redraw();
    });
    const clear = make("button", { text: t("practice.order.clear") });
    clear.type = "button";
    clear.id = "order-clear";
    clear.addEventListener("click", () => {
      state.order = [];
      clearResult();
      redraw();
    });
    tools.append(undo, clear);
    fields.append(sequence, buttons, tools);
  } else {
    const moveLabel = make("label", { text: t("practice.best.move") });
    moveLabel.htmlFor = "best-move";
    const move = make("select", { id: "best-move" });
    const none = make("option", { text: t("practice.best.choose") });
    none.value = "";
    move.append(none);
    for (const child of state.tree?.root.children ?? []) {
      const notation = practice.answer.moves?.[child.name] ?? child.name;
      const option = make("option", { text: notation });
      option.value = notation;
      option.dataset.node = child.name;
      move.append(option);
    }
    move.addEventListener("change", () => {
      clearResult();
      redraw();
    });
    const valueLabel = make("label", { text: t("practice.best.value") });
    valueLabel.htmlFor = "best-value";
    const value = make("input", { id: "best-value" });
    value.inputMode = "numeric";
    value.autocomplete = "off";
    value.addEventListener("input", () => {
      clearResult();
      saveWork();
    });
    const row = make("div", { className: "best-fields" });
    row.append(moveLabel, move, valueLabel, value, make("span", { className: "why", id: "best-why" }));
    fields.append(row);
  }
  // The printed worksheet: lines to write on, below the picture.
  const lines = make("div", { className: "print-answer" });
  if (hasValueBoxes(practice.kind)) {
    for (const node of innerNodes()) {
      lines.append(make("p", { className: "answer-line", text: nodeLabel(node) }));
    }
  } else {
    lines.append(make("p", { className: "answer-line wide", text: t(id(`practice.print.answer.${practice.kind}`)) }));
    if (practice.kind === "best_move") {
      lines.append(make("p", { className: "answer-line", text: t("practice.best.value") }));
    }
  }
  fields.append(lines);
}

/**
 * A click (or Enter) on a node of the picture.
 * @param {number[]} path
 */
function chooseNode(path) {
  const practice = state.practice;
  const node = state.byPath.get(path.join("."));
  if (!practice || !node || state.print) return;
  if (hasValueBoxes(practice.kind) && !node.leaf) {
    const box = state.boxes.get(node.name);
    box?.focus();
    box?.select();
  } else if (practice.kind === "pruned" && node.leaf) {
    togglePruned(node.name, !state.marked.has(node.name));
  } else if (practice.kind === "order" && node.leaf) {
    addToOrder(node.name);
  } else if (practice.kind === "best_move" && path.length === 1) {
    const move = byId("best-move", HTMLSelectElement);
    move.value = practice.answer.moves?.[node.name] ?? node.name;
    clearResult();
    redraw();
    byId("best-value", HTMLInputElement).focus();
  }
}

/**
 * @param {string} name
 * @param {boolean} on
 */
function togglePruned(name, on) {
  if (on) state.marked.add(name);
  else state.marked.delete(name);
  clearResult();
  redraw();
}

/** @param {string} name */
function addToOrder(name) {
  if (state.order.includes(name)) return;
  state.order.push(name);
  clearResult();
  redraw();
}

// ----- The picture ------------------------------------------------------------------------

/**
 * The SVG group of a node.
 * @param {string} name
 * @returns {SVGGElement | null}
 */
function groupOf(name) {
  const path = state.pathOf.get(name);
  if (path === undefined || !view.svg) return null;
  const group = view.svg.querySelector(`g.node[data-path="${path}"]`);
  return group instanceof SVGGElement ? group : null;
}

/**
 * The value an inner node shows: blank on the worksheet, "?" on screen, what the
 * student typed, or the answer on the key.
 * @param {ApiNode} node
 * @returns {string}
 */
function innerText(node) {
  const practice = state.practice;
  if (state.print === "key") {
    const exact = practice?.answer.exact_values?.[node.name];
    if (exact !== undefined) return exact;
    const values =
      practice?.variant === "negamax"
        ? (practice.answer.negamax_values ?? practice.answer.values)
        : practice?.answer.values;
    const value = values?.[node.name];
    if (value !== undefined) return `${value}`;
    // The lab's value, MAX's view of its tree: turned round when MIN is at the root.
    if (node.value === null) return "";
    return `${practice?.root === "min" ? -node.value : node.value}`;
  }
  if (state.print === "worksheet") return "";
  const typed = state.boxes.get(node.name)?.value.trim();
  return typed ? typed : "?";
}

/** Puts the page's layer on the picture: blanks, the student's choices, the key. */
function redraw() {
  const svg = view.svg;
  const practice = state.practice;
  if (!svg || !practice) return;
  svg.classList.add("practice");
  const keyPruned = new Set(state.print === "key" ? (practice.answer.pruned ?? []) : []);
  const keyOrder = state.print === "key" ? (practice.answer.order ?? []) : [];
  const keyBest = new Set(state.print === "key" ? (practice.answer.best_nodes ?? []) : []);
  const move = practice.kind === "best_move" ? document.getElementById("best-move") : null;
  const chosenMove = move instanceof HTMLSelectElement ? (move.selectedOptions[0]?.dataset.node ?? "") : "";
  for (const group of svg.querySelectorAll("g.node")) {
    if (!(group instanceof SVGGElement)) continue;
    const node = state.byPath.get(group.dataset.path ?? "");
    if (!node) continue;
    group.dataset.node = node.name;
    const value = group.querySelector("text.value");
    const order = group.querySelector("text.order");
    group.setAttribute("aria-label", nodeAria(practice.kind, node, group.dataset.path ?? ""));
    if (value instanceof SVGTextElement) {
      value.textContent = node.leaf ? leafValue(node) : innerText(node);
      // The value ply drew stays nowhere in the page until the key shows it.
      if (!node.leaf) delete value.dataset.full;
      value.classList.toggle("typed", !node.leaf && state.print === null && value.textContent !== "?");
    }
    let orderText = "";
    if (practice.kind === "order" && node.leaf) {
      const at = (state.print === "key" ? keyOrder : state.print ? [] : state.order).indexOf(node.name);
      orderText = at >= 0 ? `${at + 1}` : "";
    }
    if (order instanceof SVGTextElement) order.textContent = orderText;
    else if (orderText) addText(group, "order chosen-order", orderText);
    group.classList.toggle(
      "chosen",
      (practice.kind === "pruned" && (state.print === "key" ? keyPruned : state.print ? new Set() : state.marked).has(node.name)) ||
        (practice.kind === "best_move" && (state.print === "key" ? keyBest.has(node.name) : chosenMove === node.name)),
    );
    group.classList.toggle("ordered", orderText !== "");
  }
  if (practice.kind === "order") {
    const sequence = document.getElementById("order-sequence");
    if (sequence) {
      sequence.textContent = state.order.length
        ? t("practice.order.sequence", { order: list(state.order) })
        : t("practice.order.empty");
    }
    for (const button of fields.querySelectorAll(".leaf-buttons button")) {
      if (button instanceof HTMLButtonElement) {
        button.disabled = state.order.includes(button.dataset.node ?? "");
      }
    }
  }
  if (practice.kind === "pruned") {
    for (const box of fields.querySelectorAll("input[type=checkbox]")) {
      if (box instanceof HTMLInputElement) box.checked = state.marked.has(box.dataset.node ?? "");
    }
  }
  // Every change of the answer is drawn here: kept at once.
  saveWork();
}

/**
 * Adds a text to a node's group: at the right of its shape, or above its top right
 * corner (`above`: the check's ✗, clear of the order's number).
 * @param {SVGGElement} group
 * @param {string} className
 * @param {string} text
 * @param {boolean} [above]
 * @returns {SVGTextElement}
 */
function addText(group, className, text, above = false) {
  const shape = group.querySelector(".node");
  const box = shape instanceof SVGGraphicsElement ? shape.getBBox() : { x: 0, y: 0, width: 0, height: 0 };
  const element = document.createElementNS("http://www.w3.org/2000/svg", "text");
  element.setAttribute("class", `label ${className}`);
  let [x, y] = above ? [box.x + box.width - 4, box.y - 3] : [box.x + box.width + 3, box.y + 12];
  if (above && shape instanceof SVGCircleElement) {
    // A chance node's circle: the ✗ sits on its rim, up and to the right.
    const r = box.width / 2;
    [x, y] = [box.x + r + r * 0.71, box.y + r - r * 0.71];
  }
  element.setAttribute("x", `${x}`);
  element.setAttribute("y", `${y}`);
  element.textContent = text;
  group.append(element);
  return element;
}

/**
 * Turns the picture round for an exercise with MIN at the root: the lab draws MAX there
 * (the same tree seen from MIN's side), so each inner node's triangle is flipped and its
 * class swapped, and the rows' labels (MAX, MIN) trade places.
 */
function turnRound() {
  const svg = view.svg;
  if (!svg) return;
  for (const group of svg.querySelectorAll("g.node.max:not(.leaf), g.node.min:not(.leaf)")) {
    const max = group.classList.contains("max");
    group.classList.toggle("max", !max);
    group.classList.toggle("min", max);
    const shape = group.querySelector("polygon.node");
    if (!(shape instanceof SVGPolygonElement)) continue;
    const points = (shape.getAttribute("points") ?? "")
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split(",").map(Number));
    const ys = points.map(([, y]) => y);
    const [top, bottom] = [Math.min(...ys), Math.max(...ys)];
    shape.setAttribute("points", points.map(([x, y]) => `${x},${top + bottom - y}`).join(" "));
    // The value sits in the triangle's wide half: its baseline moves with it.
    const value = group.querySelector("text.value");
    if (value instanceof SVGTextElement) {
      const y = Number(value.getAttribute("y"));
      value.setAttribute("y", `${(top + bottom - y + 9).toFixed(1)}`);
    }
  }
  const rows = [...svg.querySelectorAll("text.row-label")];
  const names = [...new Set(rows.map((row) => row.textContent ?? ""))];
  if (names.length === 2) {
    for (const row of rows) row.textContent = row.textContent === names[0] ? names[1] : names[0];
  }
}

// ----- Checking ---------------------------------------------------------------------------

/** Takes the last check's marks off the page. */
function clearResult() {
  state.checked = null;
  verdict.textContent = "";
  verdict.className = "";
  marksList.replaceChildren();
  walk.hidden = true;
  for (const element of document.querySelectorAll(".wrong, .right")) {
    element.classList.remove("wrong", "right");
  }
  for (const why of document.querySelectorAll(".why")) why.textContent = "";
  for (const tick of document.querySelectorAll("#picture text.mark")) tick.remove();
}

/** @returns {ReturnType<typeof buildResponse>} the student's answer */
function response() {
  const practice = state.practice;
  const kind = practice?.kind ?? state.exercise.kind;
  const move = document.getElementById("best-move");
  const value = document.getElementById("best-value");
  return buildResponse(kind, {
    values: new Map([...state.boxes].map(([name, box]) => [name, box.value])),
    pruned: state.marked,
    leaves: leaves().map((leaf) => leaf.name),
    order: state.order,
    best: move instanceof HTMLSelectElement ? move.value : "",
    value: value instanceof HTMLInputElement ? value.value : "",
  });
}

/** Sends the answer to be checked and marks what it says. */
async function check() {
  const practice = state.practice;
  if (!practice) return;
  clearResult();
  const { response: answer, invalid } = response();
  if (invalid.length > 0) {
    verdict.className = "wrong";
    const words = practice.kind === "expectimax" ? "practice.invalid.expectimax" : "practice.invalid";
    verdict.textContent = t(words, { names: list(invalid) });
    return;
  }
  /** @type {Exercise & {variant: string}} */
  const exercise = { ...state.exercise, variant: practice.variant };
  try {
    /** @type {Checked} */
    const checked = await post("/api/practice/check", { ...exercise, lang: apiLang(), response: answer });
    showMarks(checked);
    const key = exerciseKey(state.exercise);
    if (!state.counted.has(key)) {
      state.counted.add(key);
      saveScore(addToScore(loadScore(), practice.kind, checked.correct));
    }
  } catch (failure) {
    verdict.className = "wrong";
    verdict.textContent = errorText(failure);
  }
}

/**
 * Marks a check's answer on the picture and in the lists.
 * @param {Checked} checked
 */
function showMarks(checked) {
  const practice = state.practice;
  if (!practice) return;
  state.checked = checked;
  saveWork();
  verdict.className = checked.correct ? "right" : "wrong";
  verdict.textContent = checked.correct
    ? t("practice.result.correct", { right: checked.right, count: checked.total })
    : t("practice.result.wrong", { right: checked.right, count: checked.total });
  for (const mark of checked.marks) {
    const group = groupOf(mark.node);
    if (group) {
      group.classList.add(mark.ok ? "right" : "wrong");
      if (!mark.ok && !group.querySelector("text.mark")) addText(group, "mark", "✗", true);
    }
    for (const row of fields.querySelectorAll(`[data-node="${CSS.escape(mark.node)}"]`)) {
      if (!(row instanceof HTMLElement) || row instanceof HTMLButtonElement) continue;
      if (row instanceof HTMLInputElement) continue;
      row.classList.add(mark.ok ? "right" : "wrong");
      const why = row.querySelector(".why");
      if (why && !mark.ok) why.textContent = mark.reason ?? "";
    }
    if (practice.kind === "best_move" && !mark.ok) {
      const why = byId("best-why", HTMLElement);
      why.textContent = [why.textContent, mark.reason ?? ""].filter(Boolean).join(" ");
    }
    if (!mark.ok) {
      const item = make("li", { className: "wrong" });
      item.dataset.node = mark.node;
      item.append(
        make("strong", { text: markText(mark, checked.marks.indexOf(mark)) }),
        " ",
        make("span", { className: "reason", text: mark.reason ?? "" }),
      );
      marksList.append(item);
    }
  }
  const first = checked.first_mistake;
  if (first && state.tree) {
    walk.href = labLink("index.html", {
      tree: practice.lab.tree,
      algorithm: practice.lab.algorithm,
      perspective: practice.lab.leaf_perspective,
      step: first.step,
      rule: practice.lab.rule,
    });
    walk.textContent = t("practice.walk", { node: first.node, step: first.step });
    walk.hidden = practice.kind === "best_move";
  }
}

/**
 * The head of a wrong mark in the list: which part, and what the student gave.
 * @param {Mark} mark
 * @param {number} index the mark's place in the check's list
 * @returns {string}
 */
function markText(mark, index) {
  const given = shown(mark.given);
  const kind = state.practice?.kind;
  if (kind === "order") return t("practice.mark.order", { place: index + 1, given });
  if (kind === "best_move") {
    return t(mark.part === "value" ? "practice.mark.best.value" : "practice.mark.best.move", { given });
  }
  return t("practice.mark.wrong", { node: mark.node, given });
}

// ----- The score --------------------------------------------------------------------------

/** @returns {Score} */
function loadScore() {
  try {
    return readScore(localStorage.getItem(SCORE_KEY));
  } catch {
    return {};
  }
}

/** @param {Score} score */
function saveScore(score) {
  try {
    localStorage.setItem(SCORE_KEY, JSON.stringify(score));
  } catch {
    // No storage (a private window may refuse it): the score lasts as long as the page.
  }
  showScore(score);
}

/** @param {Score} score */
function showScore(score) {
  const list_ = byId("score", HTMLElement);
  list_.replaceChildren();
  for (const kind of KINDS) {
    const tally = score[kind];
    if (!tally) continue;
    list_.append(
      make("li", { text: t("practice.score.kind", { kind: kindName(kind), right: tally.right, count: tally.total }) }),
    );
  }
  if (list_.childElementCount === 0) list_.append(make("li", { text: t("practice.score.none") }));
}

// ----- Printing and the key ---------------------------------------------------------------

/** The answer key in words, under the picture of the key page. */
function showKey() {
  const practice = state.practice;
  if (!practice) return;
  keyAnswer.hidden = false;
  keyAnswer.className = `key-${practice.kind}`;
  keyAnswer.replaceChildren(make("h2", { text: t("practice.key.heading") }));
  const answer = practice.answer;
  const add = (/** @type {string} */ text) => keyAnswer.append(make("p", { text }));
  if (practice.kind === "values") {
    const values = practice.variant === "negamax" ? (answer.negamax_values ?? answer.values) : answer.values;
    for (const node of innerNodes()) {
      add(t("practice.key.value", { name: nodeLabel(node), value: `${values?.[node.name] ?? ""}` }));
    }
  } else if (practice.kind === "expectimax") {
    // The exact value, and its decimal where it says it another way: 7/6 ≈ 1.17.
    for (const node of innerNodes()) {
      const name = nodeLabel(node);
      const { exact, decimal, rounded } = keyValue(
        answer.exact_values?.[node.name] ?? "",
        answer.decimal_values?.[node.name],
      );
      if (decimal === null) add(t("practice.key.value", { name, value: exact }));
      else add(t(rounded ? "practice.key.value.rounded" : "practice.key.value.same", { name, exact, decimal }));
    }
  } else if (practice.kind === "pruned") {
    const pruned = answer.pruned ?? [];
    add(pruned.length ? t("practice.key.pruned", { leaves: list(pruned) }) : t("practice.key.pruned.none"));
  } else if (practice.kind === "order") {
    add(t("practice.key.order", { leaves: list(answer.order ?? []) }));
  } else {
    add(t("practice.key.best", { moves: list(answer.best ?? []), value: `${answer.value ?? ""}` }));
  }
}

// ----- Setting up -------------------------------------------------------------------------

async function setUp() {
  await startWords();
  byId("backend", HTMLElement).textContent = t(backend === "wasm" ? "backend.wasm" : "backend.server");
  const place = parseHash(location.hash);
  state.print = place.print;
  if (place.print) {
    document.body.classList.add("printing", `print-${place.print}`);
    byId("print-tools", HTMLElement).hidden = false;
  }
  kindSelect.addEventListener("change", () => {
    fillVariants();
    load(chosenExercise());
  });
  levelSelect.addEventListener("change", () => load(chosenExercise()));
  variantSelect.addEventListener("change", () => load(chosenExercise()));
  ruleSelect.addEventListener("change", () => load(chosenExercise()));
  byId("new", HTMLButtonElement).addEventListener("click", () => {
    // On a phone the settings fold away: the new exercise fills the screen.
    foldOnNarrow();
    load(chosenExercise());
  });
  byId("answer", HTMLFormElement).addEventListener("submit", (event) => {
    event.preventDefault();
    check();
  });
  byId("clear", HTMLButtonElement).addEventListener("click", () => {
    for (const box of state.boxes.values()) box.value = "";
    state.marked = new Set();
    state.order = [];
    const value = document.getElementById("best-value");
    if (value instanceof HTMLInputElement) value.value = "";
    const move = document.getElementById("best-move");
    if (move instanceof HTMLSelectElement) move.value = "";
    clearResult();
    redraw();
  });
  byId("share", HTMLButtonElement).addEventListener("click", async () => {
    const field = byId("share-link", HTMLInputElement);
    field.value = location.href.split("#")[0] + formatHash(state.exercise);
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      byId("share-note", HTMLElement).textContent = t("practice.share.copied");
    } catch {
      // No clipboard (an insecure origin): the link is selected in the field.
      byId("share-note", HTMLElement).textContent = t("practice.share.select");
    }
  });
  byId("score-reset", HTMLButtonElement).addEventListener("click", () => {
    state.counted = new Set();
    saveScore({});
  });
  byId("print-now", HTMLButtonElement).addEventListener("click", () => window.print());
  byId("zoom-in", HTMLButtonElement).addEventListener("click", () => view.zoom.zoomBy(1.25));
  byId("zoom-out", HTMLButtonElement).addEventListener("click", () => view.zoom.zoomBy(0.8));
  byId("zoom-fit", HTMLButtonElement).addEventListener("click", () => view.zoom.fit());
  byId("zoom-reset", HTMLButtonElement).addEventListener("click", () => view.zoom.set(1));
  window.addEventListener("hashchange", () => {
    const next = parseHash(location.hash);
    if (formatHash(next.exercise, next.print) === formatHash(state.exercise, state.print)) return;
    if (next.print !== state.print) {
      location.reload();
      return;
    }
    load(next.exercise);
  });
  showScore(loadScore());
  await load(place.exercise);
}

setUp();
