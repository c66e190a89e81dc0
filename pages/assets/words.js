// Every sentence the pages show, by message id: the pages say `t("play.status.over",
// {outcome})` and never build sentences of their own. The words are ply's one set of
// catalogs (crates/api/words/<lang>/<area>.json, the same files the API speaks from),
// fetched at start from `words/<lang>/<area>.json` beside this module: `ply serve`
// serves them there, and the static site has a copy. A message is a string with
// `{name}` placeholders, or, where a number changes the words, one string per plural
// category of the language (Intl.PluralRules: "one", "two", "few", "many", "other", ...)
// chosen by the parameter `count`. English is always loaded: a message a catalog lacks
// is said in English.
//
// The static text of a page is written in its HTML (in English, so the page reads
// before its script runs) and marked with `data-t="id"` (the element's text),
// `data-t-label` (aria-label), `data-t-title` and `data-t-placeholder`; `translatePage`
// fills them from the catalog of the page's language.
//
// A page starts with `await startWords()`: it chooses the language (`?lang=` in the
// address, else the one chosen before, else the browser's languages, else English),
// loads its catalogs, sets `<html lang>`, translates the page and puts the language menu
// (`<select id="lang">`) into the page's header.

/** @typedef {string | {[category: string]: string, other: string}} Message */
/** @typedef {string} MessageId */
/** @typedef {Record<MessageId, Message>} Catalog */

/** The languages of the lab, English (the reference) first. */
export const LANGUAGES = ["en", "sv", "zh", "el"];

/** The areas of the catalogs: one file each, `words/<lang>/<area>.json`. */
export const AREAS = [
  "common",
  "values",
  "tree",
  "play",
  "boards",
  "lessons",
  "practice",
  "exercise",
  "explain",
  "grade",
  "errors",
];

/** Where the chosen language is remembered (localStorage). */
export const STORED = "ply.lang";

/** The `lang` of a page's `<html>` for each language (Chinese is written simplified). */
const HTML_LANG = /** @type {Record<string, string>} */ ({ zh: "zh-Hans" });

/** The catalogs loaded, by language. */
const catalogs = /** @type {Record<string, Catalog>} */ ({});

/** Each language's name in itself (`language.name`), for the menu. */
const names = /** @type {Record<string, string>} */ ({});

/** The language the pages speak. */
let current = "en";

/** The plural rules of each language, made once. */
const plurals = /** @type {Record<string, Intl.PluralRules>} */ ({});

/**
 * The lab's language a BCP 47 tag names ("sv", "sv-SE", "zh-Hans-CN", "EL"), by its
 * primary subtag; null for a language the lab does not speak.
 * @param {string | null | undefined} tag
 * @returns {string | null}
 */
export function matchLanguage(tag) {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.includes(primary) ? primary : null;
}

/**
 * The language to speak: the address's `?lang=`, else the one chosen before, else the
 * first of the browser's languages the lab speaks, else English.
 * @param {{search?: string, stored?: string | null, preferred?: readonly string[]}} sources
 * @returns {string}
 */
export function chooseLanguage({ search = "", stored = null, preferred = [] }) {
  const asked = matchLanguage(new URLSearchParams(search).get("lang"));
  if (asked) return asked;
  const remembered = matchLanguage(stored);
  if (remembered) return remembered;
  for (const tag of preferred) {
    const spoken = matchLanguage(tag);
    if (spoken) return spoken;
  }
  return "en";
}

/**
 * Adds messages to a language's catalog (loaded from elsewhere, or a test's).
 * @param {string} lang
 * @param {Catalog} messages
 */
export function addWords(lang, messages) {
  catalogs[lang] = { ...catalogs[lang], ...messages };
  const name = messages["language.name"];
  if (typeof name === "string") names[lang] = name;
}

/**
 * The text of a file beside this module, by the browser's fetch.
 * @param {URL} url
 * @returns {Promise<string>}
 */
async function fetchText(url) {
  const reply = await fetch(url);
  if (!reply.ok) throw new Error(`${url.pathname}: ${reply.status}`);
  return reply.text();
}

/**
 * Loads the catalogs of English and of `lang` (every area), and every language's name
 * for the menu. A file that does not load is said on the console and left out: its
 * messages fall back to English (or, with no English, to the page's own text).
 * @param {string} lang one of LANGUAGES
 * @param {(url: URL) => Promise<string>} [read] how a file is read (tests read the disk)
 */
export async function loadWords(lang, read = fetchText) {
  const wanted = lang === "en" ? ["en"] : ["en", lang];
  /** @type {[string, string][]} */
  const files = wanted.flatMap((code) => AREAS.map((area) => /** @type {[string, string]} */ ([code, area])));
  for (const code of LANGUAGES) {
    if (!wanted.includes(code) && !(code in names)) files.push([code, "common"]);
  }
  const texts = await Promise.allSettled(
    files.map(([code, area]) => read(new URL(`words/${code}/${area}.json`, import.meta.url))),
  );
  texts.forEach((text, index) => {
    const [code, area] = files[index];
    if (text.status === "rejected") {
      console.warn(`ply: the words ${code}/${area} did not load (${text.reason})`);
      return;
    }
    try {
      /** @type {Catalog} */
      const messages = JSON.parse(text.value);
      if (wanted.includes(code)) {
        addWords(code, messages);
      } else if (typeof messages["language.name"] === "string") {
        names[code] = messages["language.name"];
      }
    } catch (error) {
      console.warn(`ply: the words ${code}/${area} are not JSON (${error})`);
    }
  });
}

/**
 * Chooses the language the pages speak (a tag the lab speaks, such as "sv-SE"; others
 * fall back to English). Its catalog should be loaded (loadWords).
 * @param {string} tag
 * @returns {string} the language now spoken
 */
export function setLanguage(tag) {
  current = matchLanguage(tag) ?? "en";
  return current;
}

/** @returns {string} the language the pages speak ("en", "sv", "zh" or "el") */
export function language() {
  return current;
}

/** @returns {string[]} the languages of the lab */
export function languages() {
  return [...LANGUAGES];
}

/** @returns {string} the language to ask the API to answer in (a request's `"lang"`) */
export function apiLang() {
  return current;
}

/**
 * A language's name in itself ("Svenska"), for the menu.
 * @param {string} lang
 * @returns {string}
 */
export function languageName(lang) {
  return names[lang] ?? lang;
}

/**
 * The plural rules of a language.
 * @param {string} lang
 * @returns {Intl.PluralRules}
 */
function pluralRules(lang) {
  return (plurals[lang] ??= new Intl.PluralRules(lang));
}

/**
 * The message `id` in the current language (in English where its catalog lacks it),
 * its `{name}` placeholders filled from `params`; a plural message picks its form by
 * `params.count`, by the rules of the language it is written in.
 * @param {MessageId} id
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function t(id, params = {}) {
  let lang = current;
  let message = catalogs[current]?.[id];
  if (message === undefined) {
    lang = "en";
    message = catalogs.en?.[id];
  }
  let text;
  if (typeof message === "string") {
    text = message;
  } else if (message !== undefined) {
    const category = pluralRules(lang).select(Number(params.count ?? 0));
    text = message[category] ?? message.other;
  } else {
    // An id with no message is a mistake the tests catch; show the id, not nothing.
    text = id;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * Whether a string is a message id (for text named in the HTML): English has it.
 * @param {string} id
 * @returns {boolean}
 */
export function isMessageId(id) {
  return Object.hasOwn(catalogs.en ?? {}, id);
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

/**
 * The language remembered in the browser, if any (storage may be refused).
 * @returns {string | null}
 */
function stored() {
  try {
    return localStorage.getItem(STORED);
  } catch {
    return null;
  }
}

/**
 * Remembers a language in the browser.
 * @param {string} lang
 */
function remember(lang) {
  try {
    localStorage.setItem(STORED, lang);
  } catch {
    // A browser that keeps nothing: the address's ?lang= still works.
  }
}

/**
 * The language menu: each language named in itself; choosing one remembers it and
 * opens the page again in it (the address's `?lang=`, if it has one, follows).
 * @returns {HTMLSelectElement}
 */
export function languageMenu() {
  const menu = document.createElement("select");
  menu.id = "lang";
  menu.dataset.tLabel = "language.label";
  menu.setAttribute("aria-label", t("language.label"));
  for (const code of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = HTML_LANG[code] ?? code;
    option.textContent = languageName(code);
    option.selected = code === current;
    menu.append(option);
  }
  menu.addEventListener("change", () => {
    const code = matchLanguage(menu.value) ?? "en";
    remember(code);
    const address = new URL(location.href);
    if (address.searchParams.has("lang")) {
      address.searchParams.set("lang", code);
      location.replace(address.href);
    } else {
      location.reload();
    }
  });
  return menu;
}

/**
 * Starts a page's words: chooses the language, loads its catalogs (and English's), sets
 * `<html lang>`, translates the page's marked text and puts the language menu into its
 * `<header>`. A page awaits it before it writes any words of its own.
 * @returns {Promise<string>} the language spoken
 */
export async function startWords() {
  const asked = matchLanguage(new URLSearchParams(location.search).get("lang"));
  const lang = chooseLanguage({
    search: location.search,
    stored: stored(),
    preferred: navigator.languages ?? [navigator.language],
  });
  // A link in a language is remembered too: the lab's other pages follow it.
  if (asked) remember(asked);
  await loadWords(lang);
  setLanguage(lang);
  document.documentElement.lang = HTML_LANG[lang] ?? lang;
  translatePage();
  const header = document.querySelector("header");
  if (header && !document.getElementById("lang")) header.append(languageMenu());
  return lang;
}
