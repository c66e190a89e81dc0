// The code page: students write minimax, negamax, alpha-beta and expectimax themselves,
// in Python or JavaScript, and ply checks them in the browser. The program runs in a
// worker (code-runner.js, code-worker.js) whose nodes speak the grading protocol to
// ply's own grader (docs/grading.md), so *Check* gives the same verdicts and diagnoses
// as `ply grade`. *Run* runs the program on one tree and draws it, numbering the
// leaves the program evaluated in its order.
//
// Test hook (a contract for the browser tests): after a check the page holds one
// element `[data-check-result]` with `data-passed="true|false"` and `data-diagnoses`
// (the report's diagnosis ids, space-separated).

import { byId, make } from "./dom.js";
import "./layout.js";
import { startWords, t, apiLang } from "./words.js";
import { post, errorText, backend } from "./transport.js";
import { TreeView } from "./tree-view.js";
import { nodesByPath } from "./tree-model.js";
import { FIXED_TESTS, KINDS, LESSONS, starterText } from "./code-lessons.js";
import { Runner, TIME_LIMIT_MS } from "./code-runner.js";

/** @typedef {import("./code-lessons.js").Language} Language */
/** @typedef {import("./code-lessons.js").Lesson} Lesson */
/** @typedef {import("./code-runner.js").TestDone} TestDone */
/** @typedef {import("./tree-model.js").ApiNode} ApiNode */

/**
 * The editor: CodeMirror (the site's `assets/code-editor.js`) or, where the bundle is
 * missing, a plain text box with the same methods.
 * @typedef {object} CodeEditor
 * @property {() => string} getValue
 * @property {(text: string) => void} setValue
 * @property {(language: Language) => void} setLanguage
 * @property {() => void} focus
 */

/** How many random held-out trees a check adds to the fixed ones. */
const RANDOM_TESTS = 5;

/** Where saved programs are kept (localStorage): `{name: Saved}`. */
const SAVED = "ply.code.saved";

/**
 * @typedef {object} Saved
 * @property {string} lesson
 * @property {string} kind
 * @property {string} rule
 * @property {Language} language
 * @property {string} source
 */

const els = {
  lesson: byId("code-lesson", HTMLSelectElement),
  kind: byId("kind", HTMLSelectElement),
  rule: byId("rule", HTMLSelectElement),
  ruleRow: byId("rule-row", HTMLElement),
  language: byId("language", HTMLSelectElement),
  runTree: byId("run-tree", HTMLSelectElement),
  saveName: byId("save-name", HTMLInputElement),
  save: byId("save", HTMLButtonElement),
  saved: byId("saved", HTMLSelectElement),
  load: byId("load", HTMLButtonElement),
  remove: byId("delete", HTMLButtonElement),
  share: byId("share", HTMLButtonElement),
  shareLink: byId("share-link", HTMLInputElement),
  print: byId("print", HTMLButtonElement),
  reset: byId("reset", HTMLButtonElement),
  backend: byId("backend", HTMLElement),
  lessonText: byId("lesson-text", HTMLElement),
  editor: byId("editor", HTMLElement),
  run: byId("run", HTMLButtonElement),
  check: byId("check", HTMLButtonElement),
  stop: byId("stop", HTMLButtonElement),
  status: byId("status", HTMLElement),
  runResult: byId("run-result", HTMLElement),
  output: byId("output", HTMLPreElement),
  picture: byId("picture", HTMLElement),
  checkResult: byId("check-result", HTMLElement),
  printTitle: byId("print-title", HTMLElement),
  printSource: byId("print-source", HTMLPreElement),
};

await startWords();

const view = new TreeView(els.picture, () => {});
const runner = new Runner({
  timeout: (seconds) => t("code.error.timeout", { seconds }),
  compileTimeout: (seconds) => t("code.error.load-timeout", { seconds }),
  crashed: () => t("code.error.worker"),
});

/** The page's state: the lesson, what is checked, and the program. */
const state = {
  lesson: /** @type {Lesson} */ (LESSONS[0]),
  kind: "negamax",
  rule: "ge",
  language: /** @type {Language} */ ("python"),
  /** True while the program is the starter as the page wrote it (not edited). */
  pristine: true,
  /** Set while the page writes the program itself (not an edit). */
  writing: false,
  busy: false,
};

/** The editor, once made. */
const editor = /** @type {CodeEditor} */ (await makeEditor());

/**
 * CodeMirror from the site's bundle, or a text box where there is none (`ply serve`
 * built without the site's files).
 * @returns {Promise<CodeEditor>}
 */
async function makeEditor() {
  const changed = () => {
    if (!state.writing) state.pristine = false;
  };
  try {
    const url = new URL("./code-editor.js", import.meta.url);
    const bundle = /** @type {{createEditor: (parent: HTMLElement, options: object) => CodeEditor}} */ (
      await import(url.href));
    return bundle.createEditor(els.editor, {
      doc: "",
      language: state.language,
      label: t("code.editor.label"),
      onChange: changed,
    });
  } catch {
    const box = make("textarea", { id: "plain-editor" });
    box.spellcheck = false;
    box.rows = 24;
    box.setAttribute("aria-label", t("code.editor.label"));
    box.addEventListener("input", changed);
    els.editor.replaceChildren(box);
    return {
      getValue: () => box.value,
      setValue: (text) => {
        box.value = text;
      },
      setLanguage: () => {},
      focus: () => box.focus(),
    };
  }
}

/**
 * Writes the program (not an edit of the student's).
 * @param {string} text
 */
function write(text) {
  state.writing = true;
  editor.setValue(text);
  state.writing = false;
}

/** The lesson's starter program, in the page's words. */
function starter() {
  return starterText(state.lesson.starter[state.language], state.language, state.rule, (id) => t(id));
}

// ----- The settings ------------------------------------------------------------------

function fillMenus() {
  els.lesson.replaceChildren(
    ...LESSONS.map((lesson) => {
      const option = make("option", { text: t(lesson.title) });
      option.value = lesson.id;
      return option;
    }),
  );
  els.kind.replaceChildren(
    ...KINDS.map((kind) => {
      const option = make("option", { text: t(`code.kind.${kind}`) });
      option.value = kind;
      return option;
    }),
  );
}

/** The trees a Run may search: the lesson's own, or the kind's fixed tests. */
function runTrees() {
  return ownTrees().length > 0 ? ownTrees().map((tree) => tree.name) : (FIXED_TESTS[state.kind] ?? []);
}

/** A teacher's trees that the check uses: the lesson's, for the lesson's kind. */
function ownTrees() {
  return state.kind === state.lesson.kind ? state.lesson.own : [];
}

/** Shows the settings as they are. */
function showSettings() {
  els.lesson.value = state.lesson.id;
  els.kind.value = state.kind;
  els.rule.value = state.rule;
  els.language.value = state.language;
  els.ruleRow.hidden = state.kind !== "alphabeta";
  const trees = runTrees();
  const before = els.runTree.value;
  els.runTree.replaceChildren(
    ...trees.map((name, index) => {
      const option = make("option", { text: name });
      option.value = String(index);
      return option;
    }),
  );
  els.runTree.value = before !== "" && Number(before) < trees.length ? before : "0";
  els.lessonText.textContent = t(state.lesson.text);
  editor.setLanguage(state.language);
}

/**
 * Opens a lesson: its kind, and its starter in the language chosen.
 * @param {string} id
 */
function openLesson(id) {
  state.lesson = LESSONS.find((lesson) => lesson.id === id) ?? LESSONS[0];
  state.kind = state.lesson.kind;
  write(starter());
  state.pristine = true;
  showSettings();
  clearResults();
}

els.lesson.addEventListener("change", () => openLesson(els.lesson.value));
els.kind.addEventListener("change", () => {
  state.kind = els.kind.value;
  showSettings();
});
els.rule.addEventListener("change", () => {
  state.rule = els.rule.value === "gt" ? "gt" : "ge";
  if (state.pristine) write(starter());
});
els.language.addEventListener("change", () => {
  state.language = els.language.value === "javascript" ? "javascript" : "python";
  if (state.pristine) write(starter());
  showSettings();
  runner.warm(state.language);
});
els.reset.addEventListener("click", () => {
  write(starter());
  state.pristine = true;
});

// ----- Running and checking ----------------------------------------------------------

/** The sentences the worker says, in the page's language. */
function workerWords() {
  /** @type {Record<string, string>} */
  const words = {};
  for (const id of ["code.error.at-line", "code.error.recursion", "code.error.memory",
    "code.error.shape", "code.error.no-solve", "code.output.cut"]) {
    words[id] = t(id);
  }
  return words;
}

/**
 * A job for the worker.
 * @param {number} seed
 * @param {number} random
 * @param {number} from
 * @param {number} to
 * @returns {import("./code-worker.js").Job}
 */
function job(seed, random, from, to) {
  return {
    language: state.language,
    source: editor.getValue(),
    kind: state.kind,
    rule: state.kind === "alphabeta" ? state.rule : "ge",
    seed,
    random,
    lang: apiLang(),
    own: JSON.stringify(ownTrees()),
    replay: [],
    from,
    to,
    words: workerWords(),
  };
}

/**
 * Says where the run is.
 * @param {string} text
 */
function status(text) {
  els.status.textContent = text;
}

/** @param {boolean} on */
function setBusy(on) {
  state.busy = on;
  els.run.disabled = on;
  els.check.disabled = on;
  els.stop.disabled = !on;
}

function clearResults() {
  els.runResult.replaceChildren();
  els.output.textContent = "";
  els.output.hidden = true;
  els.picture.replaceChildren();
  els.checkResult.replaceChildren();
  els.checkResult.removeAttribute("data-check-result");
  els.checkResult.removeAttribute("data-passed");
  els.checkResult.removeAttribute("data-diagnoses");
  status("");
}

/**
 * The phase of a run, said.
 * @param {string} phase
 */
function phaseWords(phase) {
  if (phase === "python") status(t("code.status.python"));
  else if (phase === "compile" || phase === "tests") status(t("code.status.running"));
}

/**
 * A finished run that did not report: its words.
 * @param {import("./code-runner.js").Finished} finished
 */
function failure(finished) {
  if (finished.how === "stopped") return t("code.status.stopped");
  if (finished.how === "compile") return t("code.error.load", { detail: finished.message ?? "" });
  // `ply serve` serves the page, not the static site's module and Python.
  if (backend === "server") return t("code.error.no-site");
  return t("code.error.failed", { detail: finished.message ?? "" });
}

/** Runs the program on the tree chosen, and draws it. */
async function run() {
  if (state.busy) return;
  clearResults();
  setBusy(true);
  status(t("code.status.starting"));
  const index = Number(els.runTree.value) || 0;
  /** @type {TestDone | null} */
  let done = null;
  const finished = await runner.run(job(0, 0, index, index + 1), {
    phase: phaseWords,
    test: (test) => {
      done = test;
    },
  });
  setBusy(false);
  if (finished.output) showOutput(finished.output);
  if (done === null || finished.how !== "done") {
    status(finished.how === "done" ? "" : failure(finished));
    if (finished.how === "done" && finished.ended === "timeout") {
      status(t("code.error.timeout", { seconds: TIME_LIMIT_MS / 1000 }));
    }
    return;
  }
  const test = /** @type {TestDone} */ (done);
  status(finished.ended === "timeout" ? t("code.error.timeout", { seconds: TIME_LIMIT_MS / 1000 }) : "");
  showRun(test, (name) => name);
  const called = await drawTree(test.report);
  showRun(test, called);
}

/**
 * What the program printed.
 * @param {string} text
 */
function showOutput(text) {
  els.output.hidden = text === "";
  els.output.textContent = text;
}

/**
 * A Run's result: what `solve` returned, the grader's words, the leaves evaluated.
 * @param {TestDone} test
 * @param {(name: string) => string} called how the words call a leaf
 */
function showRun(test, called) {
  const report = test.report;
  const lines = [];
  if (test.returned !== "") {
    lines.push(make("p", { className: "returned", text: t("code.run.returned", { returned: test.returned }) }));
  }
  lines.push(make("p", { className: report.passed ? "verdict pass" : "verdict fail", text: report.message }));
  lines.push(make("p", {
    text: t("code.run.evaluated", {
      count: report.evaluated.length,
      leaves: report.evaluated.map(called).join(", ") || "–",
    }),
  }));
  els.runResult.replaceChildren(...lines);
  showOutput(test.output);
}

/**
 * The tree of a test report, drawn by ply, the leaves the program evaluated numbered in
 * its order.
 * @param {any} report
 * @returns {Promise<(name: string) => string>} how the words call a leaf: its name, or an
 *   unnamed leaf (`#8`) by its value, as the picture shows it
 */
async function drawTree(report) {
  try {
    /** @type {import("./tree-model.js").TreeAnswer} */
    let answer;
    /** @type {(path: string, node: ApiNode, byPath: Map<string, ApiNode>) => string} */
    let nameOf;
    const game = /^tictactoe (\S+) depth (\d+)$/.exec(report.tree);
    if (game) {
      const tree = await post("/api/tree/game", {
        game: "tictactoe", position: game[1], depth: Number(game[2]), depth_aware: false,
        search: true, picture: true, algorithm: "minimax",
      });
      answer = tree.search;
      // The grader names a position by its moves from the root: `b2.a1`.
      nameOf = (path, _node, byPath) => {
        const parts = [];
        const steps = path === "" ? [] : path.split(".");
        for (let i = 1; i <= steps.length; i++) {
          parts.push(byPath.get(steps.slice(0, i).join("."))?.name ?? "");
        }
        return parts.length === 0 ? "start" : parts.join(".");
      };
    } else {
      answer = await post("/api/tree", {
        tree: report.tree,
        algorithm: state.kind === "expectimax" ? "expectiminimax" : "minimax",
        leaf_perspective: "max",
        order: "as_written",
        picture: true,
      });
      nameOf = (_path, node) => node.name;
    }
    const byPath = nodesByPath(answer.root);
    view.show(answer, byPath);
    const paths = mark(byPath, report.evaluated, nameOf);
    return (name) => {
      const node = byPath.get(paths.get(name) ?? "-");
      const unnamed = node && node.leaf && (node.named === false || node.name.startsWith("#"));
      return unnamed ? String(node.written ?? node.value) : name;
    };
  } catch (error) {
    els.picture.replaceChildren(make("p", { className: "no-picture", text: errorText(error) }));
    return (name) => name;
  }
}

/**
 * Numbers the evaluated leaves in the picture, in the program's order, and greys the
 * leaves it never evaluated.
 * @param {Map<string, ApiNode>} byPath
 * @param {string[]} evaluated
 * @param {(path: string, node: ApiNode, byPath: Map<string, ApiNode>) => string} nameOf
 * @returns {Map<string, string>} the path of each leaf evaluated, by its name
 */
function mark(byPath, evaluated, nameOf) {
  /** @type {Map<string, string>} */
  const found = new Map();
  const svg = els.picture.querySelector("svg");
  if (!svg) return found;
  // The picture's own answers (values, visit order, principal variation) are the right
  // search's: the page shows the program's instead.
  svg.classList.add("stepping", "program-run");
  /** @type {Map<string, string>} name -> path */
  const paths = new Map();
  const order = [...byPath.keys()];
  for (const [path, node] of byPath) paths.set(nameOf(path, node, byPath), path);
  const svgNs = "http://www.w3.org/2000/svg";
  const seen = new Set();
  evaluated.forEach((name, i) => {
    let path = paths.get(name);
    const numbered = /^#(\d+)$/.exec(name);
    if (path === undefined && numbered) path = order[Number(numbered[1]) - 1];
    if (path === undefined) return;
    seen.add(path);
    found.set(name, path);
    const group = svg.querySelector(`g.node[data-path="${path}"]`);
    if (!(group instanceof SVGGElement)) return;
    group.classList.add("evaluated");
    const box = group.getBBox();
    const badge = document.createElementNS(svgNs, "g");
    badge.setAttribute("class", "eval-order");
    const circle = document.createElementNS(svgNs, "circle");
    circle.setAttribute("cx", String(box.x + box.width));
    circle.setAttribute("cy", String(box.y));
    circle.setAttribute("r", "9");
    const text = document.createElementNS(svgNs, "text");
    text.setAttribute("x", String(box.x + box.width));
    text.setAttribute("y", String(box.y + 4));
    text.setAttribute("text-anchor", "middle");
    text.textContent = String(i + 1);
    badge.append(circle, text);
    group.append(badge);
  });
  for (const [path, node] of byPath) {
    if (!node.leaf || seen.has(path)) continue;
    svg.querySelector(`g.node[data-path="${path}"]`)?.classList.add("not-evaluated");
  }
  return found;
}

/** Checks the program: the fixed tests of the lesson, then random held-out trees. */
async function check() {
  if (state.busy) return;
  clearResults();
  setBusy(true);
  status(t("code.status.starting"));
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  const list = make("ol", { className: "tests" });
  els.checkResult.replaceChildren(list);
  const finished = await runner.run(job(seed, RANDOM_TESTS, 0, 1000), {
    phase: phaseWords,
    test: (test) => list.append(testItem(test)),
  });
  setBusy(false);
  if (finished.output) showOutput(finished.output);
  if (finished.how !== "done") {
    status(failure(finished));
    return;
  }
  const report = finished.report;
  status(finished.ended === "timeout"
    ? t("code.error.timeout", { seconds: TIME_LIMIT_MS / 1000 })
    : finished.ended === "crash" ? t("code.error.worker") : "");
  const head = make("div", { className: report.passed ? "summary pass" : "summary fail" });
  head.append(make("p", {
    className: "verdict",
    text: `${report.passed ? t("code.check.passed") : t("code.check.failed")} ${report.summary}`,
  }));
  if (report.diagnoses.length > 0) {
    const ul = make("ul", { className: "diagnoses" });
    report.diagnoses.forEach((/** @type {string} */ id, /** @type {number} */ i) => {
      const li = make("li");
      li.append(make("code", { text: id }), ` ${report.diagnosis_text[i] ?? ""}`);
      ul.append(li);
    });
    head.append(ul);
  }
  if (finished.ended) {
    head.append(make("p", { className: "note", text: t("code.check.stopped-at", { test: (finished.endedAt ?? 0) + 1 }) }));
  }
  head.append(make("p", { className: "note", text: t("code.check.seed", { seed, count: RANDOM_TESTS }) }));
  els.checkResult.prepend(head);
  els.checkResult.dataset.checkResult = "";
  els.checkResult.dataset.passed = String(report.passed);
  els.checkResult.dataset.diagnoses = report.diagnoses.join(" ");
}

/**
 * One test's line in the check's list.
 * @param {TestDone} test
 */
function testItem(test) {
  const report = test.report;
  const item = make("li", { className: report.passed ? "pass" : "fail" });
  const head = make("p");
  head.append(
    make("strong", { text: `${report.passed ? "✓" : "✗"} ${report.name}` }),
    ` ${report.passed ? t("code.check.test-passed") : t("code.check.test-failed")}`,
  );
  item.append(head, make("p", { className: "message", text: report.message }));
  if (!report.passed) {
    const facts = make("p", { className: "facts" });
    facts.textContent = t("code.check.facts", {
      value: report.value ?? "–",
      expected: report.expected_value,
      evaluated: report.evaluated.join(" ") || "–",
      right: report.expected_evaluated.join(" ") || "–",
    });
    item.append(facts);
    if (report.diagnoses.length > 0) {
      item.append(make("p", { className: "test-diagnoses", text: report.diagnoses.join(" ") }));
    }
    if (report.lab) {
      const link = make("a", { text: t("code.check.lab") });
      link.href = report.lab;
      link.target = "_blank";
      link.rel = "noopener";
      const line = make("p");
      line.append(link);
      item.append(line);
    }
  }
  if (test.output) item.append(make("pre", { className: "test-output", text: test.output }));
  return item;
}

els.run.addEventListener("click", () => void run());
els.check.addEventListener("click", () => void check());
els.stop.addEventListener("click", () => {
  runner.stop();
});
// Ctrl/Cmd + Enter runs, with Shift checks.
document.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    void (event.shiftKey ? check() : run());
  }
});

// ----- Save, share, print --------------------------------------------------------------

/** @returns {Record<string, Saved>} */
function savedPrograms() {
  try {
    const parsed = JSON.parse(localStorage.getItem(SAVED) ?? "{}");
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

function refreshSaved() {
  const programs = savedPrograms();
  els.saved.replaceChildren(
    ...Object.keys(programs).sort().map((name) => {
      const option = make("option", { text: name });
      option.value = name;
      return option;
    }),
  );
}

els.save.addEventListener("click", () => {
  const name = els.saveName.value.trim() || t(state.lesson.title);
  const programs = savedPrograms();
  programs[name] = {
    lesson: state.lesson.id, kind: state.kind, rule: state.rule, language: state.language,
    source: editor.getValue(),
  };
  try {
    localStorage.setItem(SAVED, JSON.stringify(programs));
    status(t("code.saved", { name }));
  } catch {
    status(t("code.save-failed"));
  }
  refreshSaved();
  els.saved.value = name;
});
els.load.addEventListener("click", () => {
  const program = savedPrograms()[els.saved.value];
  if (!program) return;
  apply(program);
});
els.remove.addEventListener("click", () => {
  const programs = savedPrograms();
  delete programs[els.saved.value];
  try {
    localStorage.setItem(SAVED, JSON.stringify(programs));
  } catch {
    // nothing kept: nothing to delete
  }
  refreshSaved();
});

/**
 * Opens a program with its settings.
 * @param {Partial<Saved>} program
 */
function apply(program) {
  state.lesson = LESSONS.find((lesson) => lesson.id === program.lesson) ?? LESSONS[LESSONS.length - 1];
  state.kind = KINDS.includes(program.kind ?? "") ? /** @type {string} */ (program.kind) : state.lesson.kind;
  state.rule = program.rule === "gt" ? "gt" : "ge";
  state.language = program.language === "javascript" ? "javascript" : "python";
  if (typeof program.source === "string") {
    write(program.source);
    state.pristine = false;
  } else {
    write(starter());
    state.pristine = true;
  }
  showSettings();
  clearResults();
}

/**
 * The text of a program, deflated and written in base64url (the share link's `z=`).
 * @param {string} text
 */
async function compress(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/**
 * The program of a share link's `z=`.
 * @param {string} packed
 */
async function decompress(packed) {
  const binary = atob(packed.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}

/** The share link: the page's own address with the program in its fragment. */
async function shareLink() {
  const fields = new URLSearchParams();
  fields.set("lesson", state.lesson.id);
  fields.set("kind", state.kind);
  if (state.kind === "alphabeta") fields.set("rule", state.rule);
  fields.set("language", state.language);
  const source = editor.getValue();
  const packed = await compress(source);
  // The plain form while it is short enough to read; the deflated one past that.
  if (encodeURIComponent(source).length <= packed.length + 200) fields.set("source", source);
  else fields.set("z", packed);
  const address = new URL(location.href);
  address.hash = fields.toString();
  return address.href;
}

els.share.addEventListener("click", async () => {
  const link = await shareLink();
  els.shareLink.value = link;
  els.shareLink.select();
  try {
    await navigator.clipboard.writeText(link);
    status(t("code.share.copied"));
  } catch {
    status(t("code.share.select"));
  }
});

/** Opens the program of the address's fragment, if it has one. */
async function readFragment() {
  const fields = new URLSearchParams(location.hash.slice(1));
  if (!fields.has("source") && !fields.has("z") && !fields.has("lesson") && !fields.has("kind")) {
    return false;
  }
  /** @type {Partial<Saved>} */
  const program = {
    lesson: fields.get("lesson") ?? (fields.has("source") || fields.has("z") ? "blank" : undefined),
    kind: fields.get("kind") ?? undefined,
    rule: fields.get("rule") ?? undefined,
    language: /** @type {Language} */ (fields.get("language") === "javascript" ? "javascript" : "python"),
  };
  const lesson = LESSONS.find((l) => l.id === program.lesson);
  if (!program.kind && lesson) program.kind = lesson.kind;
  try {
    if (fields.has("z")) program.source = await decompress(fields.get("z") ?? "");
    else if (fields.has("source")) program.source = fields.get("source") ?? "";
  } catch {
    status(t("code.share.unreadable"));
  }
  apply(program);
  return true;
}

addEventListener("hashchange", () => void readFragment());

/** Puts the program into the printed page. */
function preparePrint() {
  els.printTitle.textContent = `${t(state.lesson.title)} (${t(`code.kind.${state.kind}`)}, ${
    state.language === "python" ? "Python" : "JavaScript"})`;
  els.printSource.textContent = editor.getValue();
}
addEventListener("beforeprint", preparePrint);
els.print.addEventListener("click", () => {
  preparePrint();
  print();
});

// ----- Start ---------------------------------------------------------------------------

fillMenus();
refreshSaved();
if (!(await readFragment())) openLesson(LESSONS[0].id);
setBusy(false);
els.backend.textContent = backend === "wasm" ? t("code.backend.wasm") : t("code.backend.server");
// Python takes a few seconds to load: it starts now, while the student reads.
runner.warm(state.language);
