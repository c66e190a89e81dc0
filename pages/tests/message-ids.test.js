// Every message id the pages use is in the English catalog (crates/api/words/en, the
// reference every language follows): the ids in the scripts (`t("play.status.over")`, and
// any quoted id such as a table's `"play.player.first"`), the ids the HTML names
// (`data-t`, `data-t-label`, `data-t-title`, `data-t-placeholder`), and the ids a script
// builds from a prefix (`practice.variant.${variant}`), listed here with every ending.
// Run by `npm run check` (node's test runner).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile, readdir } from "node:fs/promises";
import { catalog } from "./catalogs.js";

const PAGES = new URL("../", import.meta.url);
const ASSETS = new URL("../assets/", import.meta.url);

/** The first part of every message id: the themes of the catalogs' areas. */
const THEMES = [
  "nav", "controls", "backend", "error", "language", "value", "outcome", "play", "tree",
  "lesson", "lessons", "practice", "exercise", "explain", "boards", "code",
];

/** The ids the scripts build from a prefix, each with every ending it can take. */
const BUILT = {
  "practice.kind.short.${…}": ["values", "pruned", "order", "best_move", "expectimax"],
  "practice.help.${…}": ["values", "pruned", "order", "best_move", "expectimax"],
  // (values and expectimax: the worksheet has a line for each node instead)
  "practice.print.answer.${…}": ["pruned", "order", "best_move"],
  "practice.variant.${…}": [
    "max_root", "min_root", "negamax", "as_written", "good_order", "bad_order",
    "tictactoe", "nim", "race", "weighted", "equal",
  ],
  "tree.algorithm.name.${…}": ["minimax", "negamax", "alphabeta"],
  "code.kind.${…}": ["minimax", "negamax", "alphabeta", "expectimax", "tictactoe"],
};

/** A quoted id: a theme, then dotted lowercase parts; not a file's name. */
const QUOTED = new RegExp(
  String.raw`["'\`]((?:${THEMES.join("|")})(?:\.[a-z0-9_-]+)+)["'\`]`, "g");
const FILE = /\.(html|js|mjs|css|json|txt|svg|png)$/;
/** A template that builds an id: a theme, dotted parts, then `${`. */
const TEMPLATE = new RegExp(String.raw`\`((?:${THEMES.join("|")})(?:\.[a-z0-9_-]+)*\.)\$\{`, "g");
/** An id the HTML names. */
const MARKED = /\bdata-t(?:-label|-title|-placeholder)?="([^"]+)"/g;

/**
 * The files of a folder with a given ending, and their text.
 * @param {URL} folder
 * @param {string} ending
 * @returns {Promise<[string, string][]>}
 */
async function texts(folder, ending) {
  const names = (await readdir(folder)).filter((name) => name.endsWith(ending)).sort();
  return Promise.all(names.map(async (name) => /** @type {[string, string]} */ (
    [name, await readFile(new URL(name, folder), "utf8")])));
}

test("every message id the pages use is in the English catalog", async () => {
  const english = await catalog("en");
  /** @type {Map<string, string>} id -> where it is used */
  const used = new Map();
  /** @type {string[]} */
  const unlisted = [];
  for (const [name, text] of await texts(ASSETS, ".js")) {
    for (const [, id] of text.matchAll(QUOTED)) {
      if (!FILE.test(id)) used.set(id, `assets/${name}`);
    }
    for (const [, prefix] of text.matchAll(TEMPLATE)) {
      const endings = BUILT[/** @type {keyof typeof BUILT} */ (`${prefix}\${…}`)];
      if (!endings) {
        unlisted.push(`assets/${name}: \`${prefix}\${…}\``);
        continue;
      }
      for (const ending of endings) used.set(prefix + ending, `assets/${name} (${prefix}\${…})`);
    }
  }
  for (const [name, text] of await texts(PAGES, ".html")) {
    for (const [, id] of text.matchAll(MARKED)) used.set(id, name);
  }
  assert.deepEqual(unlisted, [], "ids built from a prefix that this test does not list (add them to BUILT)");
  // The pages use a good many: the scan found them.
  assert.ok(used.size > 150, `${used.size} ids found`);
  const missing = [...used].filter(([id]) => !Object.hasOwn(english, id)).map(([id, where]) => `${id} (${where})`);
  assert.deepEqual(missing, [], "ids the pages use that crates/api/words/en does not have");
});
