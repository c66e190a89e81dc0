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
  "value.win": { one: "win in {count}", other: "win in {count}" },
  "value.loss": { one: "loss in {count}", other: "loss in {count}" },
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
