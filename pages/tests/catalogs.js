// For the pages' tests: the catalogs of words read from the disk (crates/api/words, the
// files `ply serve` serves and the static site copies), through words.js's own loader.
import { readFile } from "node:fs/promises";
import { AREAS, loadWords, setLanguage } from "../assets/words.js";

/** The folder of the catalogs: `<lang>/<area>.json`. */
export const WORDS = new URL("../../crates/api/words/", import.meta.url);

/**
 * The text of a catalog words.js asks for (`.../words/<lang>/<area>.json`), from the disk.
 * @param {URL} url
 * @returns {Promise<string>}
 */
export function readCatalog(url) {
  const [, path] = url.href.split("/words/");
  return readFile(new URL(path, WORDS), "utf8");
}

/**
 * Loads a language's catalogs (and English's) and speaks it.
 * @param {string} [lang]
 * @returns {Promise<string>} the language spoken
 */
export async function useWords(lang = "en") {
  await loadWords(lang, readCatalog);
  return setLanguage(lang);
}

/**
 * One language's catalog, every area merged: id -> message.
 * @param {string} lang
 * @returns {Promise<Record<string, unknown>>}
 */
export async function catalog(lang) {
  /** @type {Record<string, unknown>} */
  const messages = {};
  for (const area of AREAS) {
    Object.assign(messages, JSON.parse(await readFile(new URL(`${lang}/${area}.json`, WORDS), "utf8")));
  }
  return messages;
}
