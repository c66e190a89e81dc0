// The tree lab: a tree as text, searched by ply (POST /api/tree through transport.js:
// exactly what `ply tree --format json --trace` prints, and ply's own picture of it),
// drawn by tree-view.js with clicks and steps on top; the text is rewritten from the
// edited tree. Settings travel in the link's fragment (with `step=N`, the step shown,
// and `hide=1`, the answers hidden until the steps reach them). Nothing plays on its own.

import "./layout.js";
import { byId, make } from "./dom.js";
import { EXAMPLES, LESSONS, exampleByKey } from "./examples.js";
import { Editor } from "./editor.js";
import { cutWords, revealed } from "./step.js";
import {
  countPruned,
  label,
  modelOf,
  nodesByName,
  nodesByPath,
  treeText,
} from "./tree-model.js";
import { TreeView } from "./tree-view.js";
import { backend, errorText, post, postText } from "./transport.js";
import { startWords, t, translatePage } from "./words.js";

// The page's words first: every sentence below is said in the page's language.
await startWords();

/** @typedef {import("./tree-model.js").TreeAnswer} TreeAnswer */
/** @typedef {import("./tree-model.js").ApiNode} ApiNode */
/** @typedef {import("./tree-model.js").ModelNode} ModelNode */
/** @typedef {import("./words.js").MessageId} MessageId */

/**
 * The settings a link carries.
 * @typedef {object} Settings
 * @property {string} [tree]
 * @property {string} [algorithm]
 * @property {string} [order]
 * @property {string} [perspective]
 * @property {string} [title]
 * @property {string} [lesson] the lesson's key, when the tree is a lesson's
 * @property {string} [hide] "1": the answers hidden until the steps reach them
 * @property {string} [step] the step shown (step mode), when not the whole search
 */

const ALGORITHMS = ["minimax", "negamax", "alphabeta"];
const ORDERS = ["as_written", "best_first", "worst_first"];
const PERSPECTIVES = ["max", "mover"];

const text = byId("tree-text", HTMLTextAreaElement);
const error = byId("error", HTMLElement);
const summary = byId("summary", HTMLElement);
const compare = byId("compare", HTMLElement);
const slider = byId("step-slider", HTMLInputElement);
const stepInfo = byId("step-info", HTMLElement);
const cutsList = byId("cuts", HTMLElement);
const perspective = byId("perspective", HTMLSelectElement);
const title = byId("handout-title", HTMLInputElement);
const printTitle = byId("print-title", HTMLElement);
const zoomLevel = byId("zoom-level", HTMLElement);
const hideBox = byId("hide", HTMLInputElement);
const lessonText = byId("lesson", HTMLElement);
const exampleMenu = byId("example", HTMLSelectElement);

/** Where the browser remembers the "hide the answers" switch. */
const HIDE = "ply.hide";

const state = {
  algorithm: "alphabeta",
  order: "as_written",
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
};

const editor = new Editor(byId("editor", HTMLElement), rewrite);
const view = new TreeView(
  byId("picture", HTMLElement),
  (path) => {
    if (state.model) editor.open(state.model, path);
  },
  (scale) => {
    zoomLevel.textContent = t("tree.zoom.level", { percent: Math.round(scale * 100) });
  },
);

// ----- Asking ply ------------------------------------------------------------------------

/**
 * The request for the current text and settings.
 * @param {string} [order]
 * @returns {{tree: string, algorithm: string, leaf_perspective: string, order: string}}
 */
function request(order) {
  return {
    tree: text.value,
    algorithm: state.algorithm,
    leaf_perspective: state.perspective,
    order: order ?? state.order,
  };
}

let pending = 0;

/** Asks for the values and the picture of the text as it is. */
async function evaluate() {
  const ticket = ++pending;
  try {
    /** @type {TreeAnswer} */
    const result = await post("/api/tree", { ...request(), picture: true });
    if (ticket !== pending) return;
    error.textContent = "";
    state.result = result;
    state.byName = nodesByName(result.root);
    state.model = modelOf(result.root);
    const total = result.trace.length;
    if (state.opening !== null) {
      state.step = Math.max(0, Math.min(state.opening, total));
      state.opening = null;
    } else if (!(state.hide && state.step < total)) {
      // With the answers hidden, an edit keeps the step; otherwise the whole search.
      state.step = state.hide ? 0 : total;
    }
    view.show(result, nodesByPath(result.root));
    render();
    compareOrders(ticket);
  } catch (failure) {
    if (ticket !== pending) return;
    error.textContent = errorText(failure);
  }
  saveFragment();
}

/**
 * Alpha-beta's leaf counts under the three move orders, and minimax's, side by side.
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
    if (ticket !== pending) return;
    const [written, best, worst] = runs.map((r) => r.leaves_evaluated);
    compare.dataset.full = t("tree.compare", {
      written,
      best,
      worst,
      all: minimax.leaves_evaluated,
    });
    render();
  } catch {
    if (ticket === pending) compare.dataset.full = "";
  }
}

/** Writes the edited tree back as text and asks again. */
function rewrite() {
  if (!state.model) return;
  text.value = treeText(state.model);
  evaluate();
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
  const byPath = nodesByPath(result.root);
  const shown = revealed(result, byPath, state.step, state.hide, named);
  const seen = shown.seen;
  view.step(shown);

  // With the answers hidden, the result waits for the last step: the page says so on
  // screen, and prints nothing in its place.
  summary.classList.toggle("no-print", !shown.result);
  summary.classList.toggle("waiting", !shown.result);
  summary.textContent = shown.result
    ? t("tree.summary", {
        algorithm: algorithmName(result.algorithm),
        value: result.value,
        best: result.best ? named(result.best) : t("tree.summary.best.none"),
        nodes: t("tree.summary.nodes", { count: result.nodes_visited }),
        leaves: t("tree.summary.leaves", { count: result.leaves_evaluated }),
        cutoffs: t("tree.summary.cutoffs", { count: result.cutoffs }),
        pruned: t("tree.summary.pruned", { count: countPruned(result.root) }),
      })
    : t("tree.hidden");
  compare.textContent = shown.result ? (compare.dataset.full ?? "") : "";

  cutsList.replaceChildren();
  for (const node of shown.cuts) {
    const alpha = node.player === "min";
    cutsList.append(
      make("li", { className: alpha ? "cut-alpha" : "cut-beta", text: cutWords(node, named) }),
    );
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
 * Shows the search after `step` steps (clamped to the trace).
 * @param {number} step
 */
function goToStep(step) {
  if (!state.result) return;
  state.step = Math.max(0, Math.min(step, state.result.trace.length));
  render();
  saveFragment();
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
  return {
    tree: text.value,
    algorithm: state.algorithm,
    order: state.order,
    perspective: state.perspective,
    title: title.value,
    lesson: state.lesson,
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
  if (typeof chosen.tree === "string") text.value = chosen.tree;
  if (chosen.algorithm && ALGORITHMS.includes(chosen.algorithm)) {
    state.algorithm = chosen.algorithm;
    check("algorithm", chosen.algorithm);
  }
  if (chosen.order && ORDERS.includes(chosen.order)) {
    state.order = chosen.order;
    check("order", chosen.order);
  }
  if (chosen.perspective && PERSPECTIVES.includes(chosen.perspective)) {
    state.perspective = chosen.perspective;
    perspective.value = chosen.perspective;
  }
  if (typeof chosen.title === "string") {
    title.value = chosen.title;
    printTitle.textContent = chosen.title;
  }
  showLesson(typeof chosen.lesson === "string" ? chosen.lesson : "");
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
  return "#" + new URLSearchParams(fields).toString();
}

function saveFragment() {
  history.replaceState(null, "", fragment());
}

/** @returns {boolean} whether the link carried a tree */
function readFragment() {
  if (location.hash.length < 2) return false;
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("hide")) setHide(params.get("hide") === "1");
  if (!params.has("tree")) return false;
  apply(Object.fromEntries(params.entries()));
  const step = Number(params.get("step") ?? "");
  if (params.has("step") && Number.isInteger(step) && step >= 0) state.opening = step;
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
  if (example.game) {
    try {
      /** @type {{tree: string}} */
      const answer = await post("/api/tree/game", example.game);
      text.value = answer.tree;
    } catch (failure) {
      error.textContent = errorText(failure);
      return;
    }
  } else {
    text.value = example.text ?? "";
  }
  apply({ algorithm: example.algorithm, perspective: example.perspective, lesson: key });
  exampleMenu.value = key;
  // A new tree starts from its first step when the answers are hidden.
  state.opening = state.hide ? 0 : null;
  evaluate();
}

/** Saves ply's whole picture of the tree (with its title and legend) as a file. */
async function download() {
  try {
    const svg = await postText("/api/tree/svg", request());
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
    clearTimeout(timer);
    timer = setTimeout(evaluate, 250);
  });
  for (const key of /** @type {const} */ (["algorithm", "order"])) {
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
      apply(chosen);
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
  if (readFragment()) {
    const lesson = exampleByKey(state.lesson);
    if (lesson) exampleMenu.value = lesson.key;
    if (state.hide && state.opening === null) state.opening = 0;
    evaluate();
  } else {
    loadExample(LESSONS[0].key);
  }
}

setUp();
