// The tree lab: a tree as text, searched by the server (POST /api/tree: exactly what
// `ply tree --format json --trace` prints), drawn here so that every node can be
// clicked; the text is rewritten from the edited tree. Nothing plays on its own.
"use strict";

const EXAMPLES = [
  {
    name: "The classic tree (three branches)",
    text: "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))",
  },
  {
    name: "Two plies (examples/trees/two-ply.txt)",
    text: [
      "# Two plies: MAX chooses among A, B and C; then MIN chooses a leaf.",
      "s",
      "  A", "    a1 = 9", "    a2 = -6",
      "  B", "    b1 = -2", "    b2 = 4",
      "  C", "    c1 = -4", "    c2 = 7",
    ].join("\n"),
  },
  {
    name: "Four plies (examples/trees/four-ply.txt)",
    text: [
      "# Root value 5, reached through node 2. Alpha-beta evaluates 8 of the 22 leaves.",
      "1", "  2", "    3", "      3a", "        = 1", "        = 9", "      3b", "        = 5",
      "    9", "      9a", "        = 7", "      9b", "        = 5", "      9c", "        = 2",
      "    12", "      12a", "        = 9", "      12b", "        = 7",
      "    15", "      15a", "        = 8", "      15b", "        = 2",
      "  18", "    19", "      19a", "        = 2", "        = 5", "      19b", "        = 2", "        = 5",
      "    33", "      33a", "        = 5", "        = 9", "      33b", "        = 8",
      "    39", "      39a", "        = 9", "      39b", "        = 5",
      "    44", "      44a", "        = 7", "      44b", "        = 2", "      44c", "        = 1",
    ].join("\n"),
  },
  { name: "Race to 5, adding 1 or 2 (a game)", game: { game: "race:5,2" } },
  { name: "Nim with piles 1 and 2 (a game)", game: { game: "nim:1,2" } },
  { name: "Tic-tac-toe from XOX/.O./X.. (a game)", game: { game: "tictactoe", position: "XOX/.O./X.." } },
];

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

const state = {
  algorithm: "alphabeta",
  order: "as_written",
  perspective: "max",
  result: null, // the server's answer for the current text and settings
  model: null, // the tree as the page edits it: {name, named, value, children, path}
  step: 0, // how many steps of the trace are shown (trace length: the whole search)
  selected: null, // the path of the node being edited
};

// ----- Talking to the server -------------------------------------------------------

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    throw new Error(answer.error || `the server answered ${response.status}`);
  }
  return answer;
}

function request(order) {
  return {
    tree: $("tree-text").value,
    algorithm: state.algorithm,
    leaf_perspective: state.perspective,
    order: order || state.order,
  };
}

let pending = 0;
async function evaluate() {
  const ticket = ++pending;
  try {
    const result = await post("/api/tree", request());
    if (ticket !== pending) return;
    $("error").textContent = "";
    state.result = result;
    byName = new Map();
    indexNames(result.root);
    state.model = modelOf(result.root, []);
    state.step = result.trace.length;
    render();
    compareOrders(ticket);
  } catch (error) {
    if (ticket !== pending) return;
    $("error").textContent = error.message;
  }
  saveFragment();
}

// Alpha-beta's leaf counts under the three move orders, and minimax's, side by side.
async function compareOrders(ticket) {
  try {
    const orders = ["as_written", "best_first", "worst_first"];
    const runs = await Promise.all(
      orders.map((order) => post("/api/tree", { ...request(order), algorithm: "alphabeta" })),
    );
    const minimax = await post("/api/tree", { ...request("as_written"), algorithm: "minimax" });
    if (ticket !== pending) return;
    const [written, best, worst] = runs.map((r) => r.leaves_evaluated);
    $("compare").textContent =
      `Leaves evaluated by alpha-beta: as written ${written}, best first ${best}, ` +
      `worst first ${worst}; minimax evaluates all ${minimax.leaves_evaluated}.`;
  } catch (_) {
    $("compare").textContent = "";
  }
}

// ----- The tree the page edits ----------------------------------------------------------

function modelOf(node, path) {
  return {
    name: node.name,
    named: node.named !== false && !node.name.startsWith("#"),
    value: node.leaf ? node.written : null,
    children: (node.children || []).map((child, i) => modelOf(child, path.concat(i))),
    path,
  };
}

function nodeAt(path) {
  let node = state.model;
  for (const i of path) node = node.children[i];
  return node;
}

// The bracket format: `(name child child)`, leaves `name=value` or a bare value.
function bracket(node) {
  if (node.children.length === 0) {
    return node.named ? `${node.name}=${node.value}` : `${node.value}`;
  }
  const inner = node.children.map(bracket).join(" ");
  return node.named ? `(${node.name} ${inner})` : `(${inner})`;
}

function rewrite() {
  $("tree-text").value = bracket(state.model);
  closeEditor();
  evaluate();
}

function closeEditor() {
  $("editor").hidden = true;
  state.selected = null;
}

function openEditor(path) {
  state.selected = path;
  const node = nodeAt(path);
  const editor = $("editor");
  editor.hidden = false;
  editor.replaceChildren();
  const title = document.createElement("strong");
  title.textContent = node.children.length === 0
    ? `Leaf ${node.named ? node.name : ""} `
    : `Node ${node.named ? node.name : ""} `;
  editor.append(title);
  if (node.children.length === 0) {
    const label = document.createElement("label");
    label.textContent = "value ";
    const input = document.createElement("input");
    input.id = "leaf-value";
    input.type = "number";
    input.step = "any";
    input.value = node.value;
    label.append(input);
    editor.append(label, button("Set", "set-value", () => {
      const value = Number(input.value);
      if (!Number.isFinite(value)) return;
      node.value = value;
      rewrite();
    }));
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") $("set-value").click();
    });
    setTimeout(() => input.focus(), 0);
  }
  editor.append(button("Add a child", "add-child", () => {
    if (node.children.length === 0) {
      node.children.push({ name: "", named: false, value: node.value, children: [] });
      node.value = null;
    } else {
      node.children.push({ name: "", named: false, value: 0, children: [] });
    }
    rewrite();
  }));
  if (path.length > 0) {
    editor.append(button("Remove", "remove-node", () => {
      const parent = nodeAt(path.slice(0, -1));
      parent.children.splice(path[path.length - 1], 1);
      if (parent.children.length === 0) parent.value = 0;
      rewrite();
    }));
  }
  editor.append(button("Close", "close-editor", closeEditor));
}

function button(text, id, action) {
  const b = document.createElement("button");
  b.textContent = text;
  b.id = id;
  b.addEventListener("click", action);
  return b;
}

// How the words call a node: its name, or for an unnamed leaf its value (`#8` is only
// the node's place in reading order, which the picture does not show).
function label(name) {
  const node = byName.get(name);
  if (node && node.leaf && (node.named === false || name.startsWith("#"))) return `${node.written}`;
  return name;
}

let byName = new Map();

function indexNames(node) {
  byName.set(node.name, node);
  (node.children || []).forEach(indexNames);
}

// ----- Replaying the trace ----------------------------------------------------------------

// What is known after the first `count` steps: each visited node's value so far (by visit
// order), the node of the current step, and the step's words.
function replay(count) {
  const trace = state.result.trace;
  const known = new Map(); // visit order -> {value, bound}
  const entered = new Set();
  const cut = new Set(); // visit orders of nodes that cut
  const stack = [];
  let order = 0;
  let current = null;
  let words = "";
  const fmt = (v, infinity) => (v === null || v === undefined ? infinity : `${v}`);
  for (let i = 0; i < count; i++) {
    const step = trace[i];
    const window = step.window
      ? `α=${fmt(step.window.alpha, "−∞")}, β=${fmt(step.window.beta, "+∞")}`
      : "";
    if (step.step === "enter") {
      order += 1;
      entered.add(order);
      stack.push(order);
      current = order;
      words = `Enter ${step.node} with the window ${window}.`;
    } else if (step.step === "leaf") {
      order += 1;
      entered.add(order);
      known.set(order, { value: step.value, bound: "exact" });
      current = order;
      words = `Leaf ${label(step.node)} = ${step.value} (window ${window}).`;
    } else if (step.step === "cutoff") {
      current = stack[stack.length - 1];
      cut.add(current);
      const never = (step.pruned || []).map(label);
      words = `Cut at ${step.node} with the window ${window}: never looked at: ${never.join(", ")}.`;
    } else if (step.step === "exit") {
      current = stack.pop();
      known.set(current, { value: step.value, bound: step.bound || "exact" });
      words = `${step.node} returns ${step.bound === "lower" ? "≥ " : step.bound === "upper" ? "≤ " : ""}${step.value}.`;
    }
  }
  return { known, entered, cut, current, words };
}

// ----- Drawing ----------------------------------------------------------------------------

const SLOT = 58;
const LEVEL = 92;
const TOP = 34;

function el(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function layout(root) {
  // Leaves in reading order take consecutive slots; a parent sits over its children.
  const nodes = [];
  let slot = 0;
  (function place(node, depth, path) {
    const entry = { node, depth, path, children: [] };
    nodes.push(entry);
    if (!node.children || node.children.length === 0) {
      entry.x = slot++ * SLOT + SLOT / 2 + 40;
    } else {
      entry.children = node.children.map((c, i) => place(c, depth + 1, path.concat(i)));
      entry.x = (entry.children[0].x + entry.children[entry.children.length - 1].x) / 2;
    }
    entry.y = TOP + depth * LEVEL + 20;
    return entry;
  })(root, 0, []);
  return { nodes, width: slot * SLOT + 80, height: TOP + (Math.max(...nodes.map((n) => n.depth)) + 1) * LEVEL + 20 };
}

function cutReason(node) {
  const c = node.cutoff;
  if (!c) return null;
  if (node.player === "min") {
    return { kind: "alpha", short: `${c.value} ≤ α=${c.alpha}`, long: `${c.value} ≤ α = ${c.alpha}: MAX has ${c.alpha} elsewhere` };
  }
  return { kind: "beta", short: `${c.value} ≥ β=${c.beta}`, long: `${c.value} ≥ β = ${c.beta}: MIN has ${c.beta} elsewhere` };
}

function render() {
  const result = state.result;
  if (!result) return;
  const full = state.step >= result.trace.length;
  const seen = full ? null : replay(state.step);
  const { nodes, width, height } = layout(result.root);
  const svg = el("svg", {
    xmlns: SVG,
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif",
    role: "img",
    "aria-label": `Game tree, value ${result.value}`,
  });
  svg.append(el("rect", { width: "100%", height: "100%", fill: "white" }));
  // Edges first, under the nodes.
  for (const entry of nodes) {
    for (const child of entry.children) {
      const pv = full && entry.node.on_pv && child.node.on_pv;
      // Step by step, a pruned edge shows once its parent has cut.
      const order = entry.node.visit_order;
      const pruned = child.node.pruned && (full || (order !== null && seen.cut.has(order)));
      svg.append(el("line", {
        x1: entry.x, y1: entry.y + 18, x2: child.x, y2: child.y - 16,
        stroke: pv ? "#c0392b" : pruned ? "#a8a8a8" : "#555",
        "stroke-width": pv ? 4 : 1.5,
        "stroke-dasharray": pruned ? "5 4" : "none",
        class: pruned ? "edge pruned" : pv ? "edge pv" : "edge",
      }));
    }
  }
  const cuts = [];
  for (const entry of nodes) {
    const node = entry.node;
    const order = node.visit_order;
    const visible = full || (order !== null && seen.entered.has(order));
    // Step by step, nothing is pruned until the search is over: the cuts show where
    // they happen, with their windows.
    const pruned = node.pruned && full;
    const g = el("g", {
      class: `node ${node.leaf ? "leaf" : node.player}${pruned ? " pruned" : ""}${node.on_pv && full ? " pv" : ""}`,
      "data-path": entry.path.join("."),
      "data-name": node.name,
      tabindex: 0,
    });
    if (!full && seen.current === order && order !== null) g.classList.add("current");
    const stroke = pruned ? "#a8a8a8" : node.on_pv && full ? "#c0392b" : node.leaf ? "#444" : node.player === "max" ? "#2c4f7c" : "#8a4b16";
    const fill = pruned ? "#f2f2f2" : node.leaf ? "#fff" : node.player === "max" ? "#dbe8f7" : "#fbe5d2";
    const common = { fill, stroke, "stroke-width": node.on_pv && full ? 3 : 1.5, class: "shape" };
    if (pruned) common["stroke-dasharray"] = "4 3";
    const { x, y } = entry;
    if (node.leaf) {
      g.append(el("rect", { x: x - 20, y: y - 14, width: 40, height: 28, rx: 4, ...common }));
    } else if (node.player === "max") {
      g.append(el("polygon", { points: `${x},${y - 18} ${x + 24},${y + 18} ${x - 24},${y + 18}`, ...common }));
    } else {
      g.append(el("polygon", { points: `${x - 24},${y - 18} ${x + 24},${y - 18} ${x},${y + 18}`, ...common }));
    }
    // The value: the search's, or (a leaf) as written; in step mode only what is known.
    let text = "";
    if (node.leaf) {
      // Leaves carry their values from the start, as on paper.
      text = `${written_for_max(node)}`;
    } else if (full) {
      text = node.value === null ? "" : `${node.bound === "lower" ? "≥" : node.bound === "upper" ? "≤" : ""}${node.value}`;
    } else if (order !== null && seen.known.has(order)) {
      const k = seen.known.get(order);
      text = `${k.bound === "lower" ? "≥" : k.bound === "upper" ? "≤" : ""}${k.value}`;
    } else if (visible) {
      text = "?";
    }
    g.append(el("text", {
      x, y: node.leaf ? y + 5 : node.player === "max" ? y + 13 : y - 4,
      "text-anchor": "middle", "font-size": 14, "font-weight": node.on_pv && full ? "bold" : "normal",
      fill: pruned ? "#8a8a8a" : "#111", class: "value",
    }, text));
    if (node.named) {
      g.append(el("text", {
        x: node.leaf ? x : x - 28, y: node.leaf ? y + 28 : y - 10,
        "text-anchor": node.leaf ? "middle" : "end", "font-size": 11, fill: "#555", class: "name",
      }, node.name));
    }
    g.append(el("title", {}, `${node.name}: ${node.leaf ? "leaf" : node.player.toUpperCase()}, depth ${node.depth}`));
    const reason = cutReason(node);
    if (reason && (full || (order !== null && seen.cut.has(order)))) {
      cuts.push({ node, reason });
      const colour = reason.kind === "alpha" ? "#6a2c9c" : "#0a7a6b";
      const mark = reason.kind === "alpha" ? "α" : "β";
      g.append(el("text", {
        x, y: y + 34, "text-anchor": "middle", "font-size": 11, fill: colour,
        "font-weight": "bold", class: `cut cut-${reason.kind}`,
        stroke: "white", "stroke-width": 3, "paint-order": "stroke",
      }, `${mark}-cut: ${reason.short}`));
    }
    g.addEventListener("click", () => openEditor(entry.path));
    g.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") openEditor(entry.path);
    });
    svg.append(g);
  }
  // Row labels.
  const depths = new Map();
  for (const entry of nodes) {
    if (!entry.node.leaf && !depths.has(entry.depth)) depths.set(entry.depth, entry.node.player);
  }
  for (const [depth, player] of depths) {
    svg.append(el("text", { x: 6, y: TOP + depth * LEVEL + 25, "font-size": 13, "font-weight": "bold", fill: "#555" }, player.toUpperCase()));
  }
  $("picture").replaceChildren(svg);

  // The words around the picture.
  const pruned = countPruned(result.root);
  $("summary").textContent =
    `${algorithmName(result.algorithm)}: value ${result.value}, best ${result.best ?? "none"}; ` +
    `${result.nodes_visited} nodes visited, ${result.leaves_evaluated} leaves evaluated, ` +
    `${plural(result.cutoffs, "cutoff")}, ${plural(pruned, "leaf", "leaves")} never looked at.`;
  const list = $("cuts");
  list.replaceChildren();
  for (const { node, reason } of cuts) {
    const li = document.createElement("li");
    li.className = `cut-${reason.kind}`;
    li.textContent = `${reason.kind === "alpha" ? "α" : "β"}-cut at ${node.name}: ${reason.long}; ` +
      `never looked at: ${node.cutoff.pruned.map(label).join(", ")}.`;
    list.append(li);
  }
  const slider = $("step-slider");
  slider.max = result.trace.length;
  slider.value = state.step;
  $("step-info").textContent = full
    ? `The whole search: ${result.trace.length} steps. Step back (◀ or ←) to watch it.`
    : `Step ${state.step} of ${result.trace.length}. ${seen.words}`;
}

function written_for_max(node) {
  // `written` is in the tree's own perspective; the picture shows values for MAX.
  if (state.perspective === "mover" && node.player === "min") return -node.written;
  return node.written;
}

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many || one + "s"}`;
}

function countPruned(node) {
  if (node.leaf) return node.pruned ? 1 : 0;
  return node.children.reduce((sum, child) => sum + countPruned(child), 0);
}

function algorithmName(algorithm) {
  return { minimax: "Minimax", negamax: "Negamax", alphabeta: "Alpha-beta" }[algorithm] || algorithm;
}

function goToStep(step) {
  if (!state.result) return;
  state.step = Math.max(0, Math.min(step, state.result.trace.length));
  render();
}

// ----- Saving, sharing, printing ------------------------------------------------------------

const STORE = "ply-tree-lab";

function saved() {
  try {
    return JSON.parse(localStorage.getItem(STORE) || "{}");
  } catch (_) {
    return {};
  }
}

function refreshSaved() {
  const select = $("saved");
  select.replaceChildren();
  for (const name of Object.keys(saved()).sort()) {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = name;
    select.append(option);
  }
}

function settings() {
  return {
    tree: $("tree-text").value,
    algorithm: state.algorithm,
    order: state.order,
    perspective: state.perspective,
    title: $("handout-title").value,
  };
}

function apply(settingsToApply) {
  if (typeof settingsToApply.tree === "string") $("tree-text").value = settingsToApply.tree;
  for (const key of ["algorithm", "order"]) {
    if (settingsToApply[key]) {
      state[key] = settingsToApply[key];
      const radio = document.querySelector(`input[name=${key}][value=${settingsToApply[key]}]`);
      if (radio) radio.checked = true;
    }
  }
  if (settingsToApply.perspective) {
    state.perspective = settingsToApply.perspective;
    $("perspective").value = settingsToApply.perspective;
  }
  if (typeof settingsToApply.title === "string") {
    $("handout-title").value = settingsToApply.title;
    $("print-title").textContent = settingsToApply.title;
  }
}

// The tree and the settings live in the URL's fragment: the server keeps nothing.
function fragment() {
  const params = new URLSearchParams(settings());
  return "#" + params.toString();
}

function saveFragment() {
  history.replaceState(null, "", fragment());
}

function readFragment() {
  if (location.hash.length < 2) return false;
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("tree")) return false;
  apply(Object.fromEntries(params.entries()));
  return true;
}

async function loadExample(index) {
  const example = EXAMPLES[index];
  if (example.game) {
    try {
      const answer = await post("/api/tree/game", example.game);
      $("tree-text").value = answer.tree;
    } catch (error) {
      $("error").textContent = error.message;
      return;
    }
  } else {
    $("tree-text").value = example.text;
  }
  evaluate();
}

function setUp() {
  const select = $("example");
  EXAMPLES.forEach((example, i) => {
    const option = document.createElement("option");
    option.value = i;
    option.textContent = example.name;
    select.append(option);
  });
  select.addEventListener("change", () => loadExample(Number(select.value)));
  let timer = null;
  $("tree-text").addEventListener("input", () => {
    closeEditor();
    clearTimeout(timer);
    timer = setTimeout(evaluate, 250);
  });
  for (const key of ["algorithm", "order"]) {
    document.querySelectorAll(`input[name=${key}]`).forEach((radio) =>
      radio.addEventListener("change", () => {
        state[key] = radio.value;
        evaluate();
      }),
    );
  }
  $("perspective").addEventListener("change", () => {
    state.perspective = $("perspective").value;
    evaluate();
  });
  $("step-slider").addEventListener("input", () => goToStep(Number($("step-slider").value)));
  $("step-back").addEventListener("click", () => goToStep(state.step - 1));
  $("step-forward").addEventListener("click", () => goToStep(state.step + 1));
  $("step-start").addEventListener("click", () => goToStep(0));
  $("step-end").addEventListener("click", () => goToStep(Infinity));
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
    if (event.key === "ArrowLeft") goToStep(state.step - 1);
    else if (event.key === "ArrowRight") goToStep(state.step + 1);
    else if (event.key === "Home") goToStep(0);
    else if (event.key === "End") goToStep(Infinity);
  });
  $("save").addEventListener("click", () => {
    const name = $("save-name").value.trim() || `tree ${new Date().toISOString().slice(0, 16)}`;
    const all = saved();
    all[name] = settings();
    localStorage.setItem(STORE, JSON.stringify(all));
    refreshSaved();
    $("saved").value = name;
  });
  $("load").addEventListener("click", () => {
    const chosen = saved()[$("saved").value];
    if (chosen) {
      apply(chosen);
      evaluate();
    }
  });
  $("delete").addEventListener("click", () => {
    const all = saved();
    delete all[$("saved").value];
    localStorage.setItem(STORE, JSON.stringify(all));
    refreshSaved();
  });
  $("share").addEventListener("click", async () => {
    const link = location.origin + location.pathname + fragment();
    $("share-link").value = link;
    $("share-link").select();
    try {
      await navigator.clipboard.writeText(link);
    } catch (_) {
      // No clipboard (an insecure origin): the link is selected in the field.
    }
  });
  $("download").addEventListener("click", () => {
    const svg = $("picture").querySelector("svg");
    if (!svg) return;
    const text = new XMLSerializer().serializeToString(svg);
    const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = ($("handout-title").value.trim() || "tree") + ".svg";
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  $("handout-title").addEventListener("input", () => {
    $("print-title").textContent = $("handout-title").value;
    saveFragment();
  });
  $("print").addEventListener("click", () => window.print());
  refreshSaved();
  if (readFragment()) {
    evaluate();
  } else {
    loadExample(0);
  }
}

setUp();
