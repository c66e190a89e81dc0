// The site's `ply.js` as `ply serve` serves it: every request goes to the server's own
// API over fetch. The static site has a module of the same name and exports that answers
// in the browser instead (the WebAssembly build); the pages import one or the other as
// `./ply.js` and never know which.
//
// The API's paths are resolved against this module's own address, so the pages work
// where the server is reached under a sub-path (behind a proxy, at
// https://host/teacher/ply/).

/** @typedef {{status: number, body: string}} Answer */

/** Where the answers come from: this server's API. */
export const backend = "server";

/** The endpoints asked with GET; every other one is posted its JSON text. */
const GET_PATHS = new Set(["/api/health", "/api/games"]);

/** The answer of a request ended by `stop()`, as the WebAssembly build answers it. */
const STOPPED_BODY = '{"error":"the search was stopped","kind":"stopped"}';

/** The requests under way, each with the means to end it. @type {Set<AbortController>} */
const underWay = new Set();

/**
 * The address of an API path, relative to this module's own.
 * @param {string} path an API path, such as "/api/tree"
 * @returns {URL}
 */
function address(path) {
  return new URL(path.startsWith("/") ? `.${path}` : `./${path}`, import.meta.url);
}

/**
 * Answers one request exactly as the server's API does: `body` (the request's JSON
 * text) is posted to `path`, or `path` is asked with GET for /api/health and
 * /api/games. The answer is the HTTP status and the body's text (JSON, or the SVG of
 * /api/tree/svg). A request ended by `stop()` resolves with 503 and kind "stopped"; one
 * that gets no answer at all (the server gone) rejects.
 * @param {string} path
 * @param {string} body
 * @returns {Promise<Answer>}
 */
export async function answer(path, body) {
  const controller = new AbortController();
  underWay.add(controller);
  const bare = path.split("?")[0];
  /** @type {RequestInit} */
  const init = GET_PATHS.has(bare)
    ? { method: "GET", signal: controller.signal }
    : {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        signal: controller.signal,
      };
  try {
    const reply = await fetch(address(path), init);
    const text = await reply.text();
    return { status: reply.status, body: text };
  } catch (error) {
    if (controller.signal.aborted) return { status: 503, body: STOPPED_BODY };
    throw error;
  } finally {
    underWay.delete(controller);
  }
}

/**
 * Ends every request under way at once: each resolves with 503 and kind "stopped". The
 * server stops a search whose client has left, so its slot is free for the next one.
 */
export function stop() {
  for (const controller of underWay) controller.abort();
  underWay.clear();
}
