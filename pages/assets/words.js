// Every sentence the pages show, by message id: the pages say `t("play.status.over",
// {outcome})` and never build sentences of their own, so a new language is one more
// catalog here. A message is a string with `{name}` placeholders, or, where a number
// changes the words, one string per plural category of the language (Intl.PluralRules:
// "one", "two", "few", "many", "other", ...) chosen by the parameter `count`.
//
// The static text of a page is written in its HTML (in English, so the page reads
// before its script runs) and marked with `data-t="id"` (the element's text),
// `data-t-label` (aria-label), `data-t-title` and `data-t-placeholder`; `translatePage`
// fills them from the catalog of the page's language.

/** @typedef {string | {[category: string]: string, other: string}} Message */

/** The English catalog: the reference every other language follows. */
const EN = /** @type {const} */ ({
  // The pages' shared frame.
  "nav.tree": "Tree lab",
  "nav.play": "Play",
  "nav.label": "The lab's pages",
  "controls.show": "Settings",
  "controls.hide": "Hide the settings",
  "backend.server": "The engine runs on the ply server that serves this page.",
  "backend.wasm": "The engine runs in this browser (WebAssembly): nothing is sent anywhere.",
  "error.network": "No answer from ply: {message}",

  // How results are said (the API's words, built here so that they can be translated).
  "value.win": "win in {count}",
  "value.loss": "loss in {count}",
  "value.draw": "draw",
  "value.estimate": "{number} (estimate)",
  "value.estimate.short": "≈{number}",
  "outcome.win": "{winner} wins",
  "outcome.draw": "draw",

  // The play page.
  "play.title": "ply: play",
  "play.game": "Game",
  "play.spec": "or any game spec",
  "play.spec.placeholder": "e.g. nim:1,2,3",
  "play.spec.use": "Use",
  "play.side": "You play",
  "play.side.first": "first",
  "play.side.second": "second",
  "play.side.both": "both sides (two players on one board)",
  "play.level": "Engine strength",
  "play.level.perfect": "perfect",
  "play.level.n": "level {level}",
  "play.level.beginner": "level 1 (beginner)",
  "play.time": "Engine time per move (ms)",
  "play.show-values": "Show every move's value",
  "play.new-game": "New game",
  "play.undo": "Undo",
  "play.engine-move": "Engine, move",
  "play.engine-move.title": "The engine plays the next move, for whichever side is to move",
  "play.stop": "Stop",
  "play.stop.title": "Stop the engine's search (it then moves with what it has found, if it can)",
  "play.board.label": "The board",
  "play.controls.label": "The game",
  "play.legend":
    "Values are for the player who makes the move: “win in 3” wins within 3 plies of best " +
    "play, “loss in 4” loses (the opponent can force it), “draw” cannot be won by either " +
    "side; a number marked “estimate” is the engine’s guess where it could not prove the " +
    "result in time.",
  "play.status.you": "{player} to move (you). A move: {help}.",
  "play.status.engine": "{player} to move (the engine). A move: {help}.",
  "play.status.over": "Game over: {outcome}.",
  "play.status.thinking": "{player} (the engine) is thinking…",
  "play.status.loading": "Loading the game…",
  "play.analysing": "Valuing every move…",
  "play.busy": "The server is busy with another search; asking again in a moment…",
  "play.stopped.engine": "The engine was stopped before it chose a move: “Engine, move” lets it play.",
  "play.stopped.analysis": "The values were stopped before any move was valued.",
  "play.board.name": "{game} board",
  "play.cell": "row {row}, column {column}: {name}",
  "play.cell.empty": "empty",
  "play.column.value": "column {column}: {value}",
  "play.moves.label": "Legal moves",
  "play.moves.more": {
    one: "and {count} more move, not listed",
    other: "and {count} more moves, not listed",
  },
  "play.analysis.heading": "{player}: {value}; best line: {line}",
  "play.analysis.heading.proved": "{player}: {value} (proved); best line: {line}",
  "play.analysis.line": " — line {line}",
  "play.analysis.none": "{player}: {text}",
  "play.analysis.method": {
    one: "Found by {method} in {ms} ms ({count} node searched).",
    other: "Found by {method} in {ms} ms ({count} nodes searched).",
  },

  // The tree lab: the page.
  "tree.page-title": "ply tree lab: minimax and alpha-beta",
  "tree.heading": "ply tree lab",
  "tree.controls.label": "The tree and the search",
  "tree.example": "Example",
  "tree.text": "Tree (indented or bracket format; leaf values for MAX)",
  "tree.algorithm": "Algorithm",
  "tree.algorithm.minimax": "minimax",
  "tree.algorithm.negamax": "negamax",
  "tree.algorithm.alphabeta": "alpha-beta",
  "tree.order": "Move order",
  "tree.order.as-written": "as written",
  "tree.order.best-first": "best first",
  "tree.order.worst-first": "worst first",
  "tree.perspective": "Leaf values are for",
  "tree.perspective.max": "MAX (minimax convention)",
  "tree.perspective.mover": "the player to move at the leaf (negamax)",
  "tree.save-name": "Name",
  "tree.save": "Save",
  "tree.save.default-name": "tree {date}",
  "tree.saved": "Saved",
  "tree.load": "Load",
  "tree.delete": "Delete",
  "tree.share": "Share link",
  "tree.download": "Download SVG",
  "tree.download.file": "tree",
  "tree.handout-title": "Handout title",
  "tree.print": "Print",
  "tree.view.label": "The search, drawn",
  "tree.step.start": "Start",
  "tree.step.start.title": "Back to the start (Home)",
  "tree.step.back.title": "One step back (←)",
  "tree.step.back.label": "One step back",
  "tree.step.slider.label": "Step through the search",
  "tree.step.forward.title": "One step forward (→)",
  "tree.step.forward.label": "One step forward",
  "tree.step.end": "End",
  "tree.step.end.title": "The whole search (End)",
  "tree.zoom.label": "Zoom the picture",
  "tree.zoom.out.title": "Smaller (Ctrl + wheel, or pinch)",
  "tree.zoom.out.label": "Zoom out",
  "tree.zoom.in.title": "Larger (Ctrl + wheel, or pinch)",
  "tree.zoom.in.label": "Zoom in",
  "tree.zoom.fit": "Fit",
  "tree.zoom.fit.title": "The whole tree in the width",
  "tree.zoom.reset": "1:1",
  "tree.zoom.reset.title": "Actual size",
  "tree.zoom.level": "{percent}%",
  "tree.help":
    "Click a leaf to change its value, add a child or remove it; click an inner node to " +
    "add or remove a child. MAX nodes are triangles pointing up, MIN nodes triangles " +
    "pointing down, leaves boxes; the blue numbers are the order in which the search " +
    "visits the nodes. The principal variation is red and thick; what alpha-beta never " +
    "looks at is grey and dashed, its edge crossed out. Under the node that cut: its " +
    "window, α over β, in purple for an α-cut (at a MIN node: its value ≤ α, MAX has " +
    "better elsewhere), in teal for a β-cut (at a MAX node: its value ≥ β). Drag or " +
    "scroll the picture to move it; pinch, Ctrl + wheel or the buttons zoom.",

  // The tree lab: the examples.
  "tree.example.classic": "The classic tree (three branches)",
  "tree.example.two-ply": "Two plies (examples/trees/two-ply.txt)",
  "tree.example.four-ply": "Four plies (examples/trees/four-ply.txt)",
  "tree.example.race": "Race to 5, adding 1 or 2 (a game)",
  "tree.example.nim": "Nim with piles 1 and 2 (a game)",
  "tree.example.tictactoe": "Tic-tac-toe from XOX/.O./X.. (a game)",
  "tree.example.tictactoe-depth": "Tic-tac-toe, the first two moves (72 leaves, valued by the evaluation)",

  // The tree lab: the search in words.
  "tree.summary": "{algorithm}: value {value}, best {best}; {nodes}, {leaves}, {cutoffs}, {pruned}.",
  "tree.summary.best.none": "none",
  "tree.summary.nodes": { one: "{count} node visited", other: "{count} nodes visited" },
  "tree.summary.leaves": { one: "{count} leaf evaluated", other: "{count} leaves evaluated" },
  "tree.summary.cutoffs": { one: "{count} cutoff", other: "{count} cutoffs" },
  "tree.summary.pruned": {
    one: "{count} leaf never looked at",
    other: "{count} leaves never looked at",
  },
  "tree.algorithm.name.minimax": "Minimax",
  "tree.algorithm.name.negamax": "Negamax",
  "tree.algorithm.name.alphabeta": "Alpha-beta",
  "tree.compare":
    "Leaves evaluated by alpha-beta: as written {written}, best first {best}, " +
    "worst first {worst}; minimax evaluates all {all}.",
  "tree.list.separator": ", ",
  "tree.cut.alpha":
    "α-cut at {node}: {value} ≤ α = {alpha}: MAX has {elsewhere} elsewhere; never looked at: {pruned}.",
  "tree.cut.beta":
    "β-cut at {node}: {value} ≥ β = {beta}: MIN has {elsewhere} elsewhere; never looked at: {pruned}.",
  "tree.step.info": "Step {step} of {total}. {words}",
  "tree.step.whole": {
    one: "The whole search: {count} step. Step back (◀ or ←) to watch it.",
    other: "The whole search: {count} steps. Step back (◀ or ←) to watch it.",
  },
  "tree.step.window": "α={alpha}, β={beta}",
  "tree.step.enter": "Enter {node} with the window {window}.",
  "tree.step.leaf": "Leaf {node} = {value} (window {window}).",
  "tree.step.cutoff": "Cut at {node} with the window {window}: never looked at: {pruned}.",
  "tree.step.exit": "{node} returns {value}.",

  // The tree lab: the picture and the editor.
  "tree.picture.none": "No picture: {why}. The values are above.",
  "tree.picture.none.why": "it could not be drawn",
  "tree.picture.label": "Game tree, value {value}",
  "tree.node.unnamed": "a node",
  "tree.node.edit": "{title}: edit",
  "tree.editor.leaf": "Leaf {name} ",
  "tree.editor.node": "Node {name} ",
  "tree.editor.value": "value ",
  "tree.editor.set": "Set",
  "tree.editor.add-child": "Add a child",
  "tree.editor.remove": "Remove",
  "tree.editor.close": "Close",
  "tree.error.no-node": "no node at {path}",
});

/** @typedef {keyof typeof EN} MessageId */

/**
 * The catalogs by language tag. A language may leave messages out: English stands in.
 * @type {Record<string, Partial<Record<MessageId, Message>>>}
 */
const CATALOGS = { en: EN };

/** The language the pages speak: the page's `lang`, if there is a catalog for it. */
let current = "en";

/** @type {Intl.PluralRules | null} */
let plurals = null;

/**
 * Chooses the language (a tag with a catalog, such as "en"); others fall back to English.
 * @param {string} tag
 * @returns {string} the language now spoken
 */
export function setLanguage(tag) {
  const base = tag.toLowerCase().split("-")[0];
  current = tag in CATALOGS ? tag : base in CATALOGS ? base : "en";
  plurals = null;
  return current;
}

/** @returns {string} the language the pages speak */
export function language() {
  return current;
}

/** @returns {string[]} the languages there are catalogs for */
export function languages() {
  return Object.keys(CATALOGS);
}

/**
 * The message `id` in the current language, its `{name}` placeholders filled from
 * `params`; a plural message picks its form by `params.count`.
 * @param {MessageId} id
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function t(id, params = {}) {
  /** @type {Message | undefined} */
  const message = CATALOGS[current]?.[id] ?? EN[id];
  let text;
  if (typeof message === "string") {
    text = message;
  } else if (message !== undefined) {
    plurals ??= new Intl.PluralRules(current);
    const category = plurals.select(Number(params.count ?? 0));
    text = message[category] ?? message.other;
  } else {
    // An id with no message is a mistake the type-check catches; show the id, not nothing.
    text = id;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * Whether a string is a message id (for text named in the HTML).
 * @param {string} id
 * @returns {id is MessageId}
 */
export function isMessageId(id) {
  return Object.hasOwn(EN, id);
}

/**
 * Fills the static text of a page (or of a part of it) from the catalog: elements
 * marked `data-t` get their text, `data-t-label` their aria-label, `data-t-title` their
 * title, `data-t-placeholder` their placeholder. Unknown ids are left as written.
 * @param {ParentNode} root
 */
export function translatePage(root = document) {
  /** @type {[string, (element: HTMLElement, text: string) => void][]} */
  const marks = [
    ["t", (element, text) => (element.textContent = text)],
    ["tLabel", (element, text) => element.setAttribute("aria-label", text)],
    ["tTitle", (element, text) => (element.title = text)],
    ["tPlaceholder", (element, text) => element.setAttribute("placeholder", text)],
  ];
  for (const [key, apply] of marks) {
    const attribute = "data-" + key.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
    for (const element of root.querySelectorAll(`[${attribute}]`)) {
      if (!(element instanceof HTMLElement)) continue;
      const id = element.dataset[key];
      if (id && isMessageId(id)) apply(element, t(id));
    }
  }
}

if (typeof document !== "undefined" && document.documentElement.lang) {
  setLanguage(document.documentElement.lang);
}
