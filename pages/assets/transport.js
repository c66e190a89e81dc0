// The one way the pages talk to ply. `../ply.js` is the site's own module: served by
// `ply serve` it forwards each request to the server's API over fetch; on a static site
// it is the WebAssembly build, answering in a worker. Both answer `{status, body}`
// exactly as the server's API does, so the pages never know (nor care) which one runs.
// Every request a page posts says the language the page speaks (`"lang"`), so that the
// words the API writes come back in it.

import * as ply from "../ply.js";
import { apiLang, t } from "./words.js";

/** @typedef {import("../ply.js").Answer} Answer */

/**
 * Sends one request as it is: `body` is the JSON text (empty for the GET endpoints).
 * @param {string} path an API path, such as "/api/tree"
 * @param {string} body
 * @returns {Promise<Answer>}
 */
export function answer(path, body) {
  return ply.answer(path, body);
}

/** Ends the request under way at once (and those queued behind it). */
export function stop() {
  ply.stop();
}

/** Where the answers come from: "server" (over fetch) or "wasm" (in this browser). */
export const backend = ply.backend;

/** An answer that was not a success: the API's error, with its kind and limit. */
export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status (0 when no answer came at all)
   * @param {string} kind the API's kind: "parse", "bad_request", "limit", "internal",
   *   "stopped" (the search was stopped on purpose), or "network" (no answer)
   * @param {string} message the API's sentence (`error`, in English)
   * @param {{limit?: string, line?: number, column?: number, said?: string}} [details]
   *   `said`: the API's `message`, the sentence in the request's language
   */
  constructor(status, kind, message, details = {}) {
    super(message);
    this.name = "ApiError";
    /** @type {string} the sentence in the page's language (the API's `message`), else `message` */
    this.said = details.said ?? message;
    /** @type {number} */
    this.status = status;
    /** @type {string} */
    this.kind = kind;
    /** @type {string | undefined} the limit passed, for kind "limit" */
    this.limit = details.limit;
    /** @type {number | undefined} where a tree's text did not read (from 1) */
    this.line = details.line;
    /** @type {number | undefined} */
    this.column = details.column;
  }
}

/**
 * True for the error a stopped request ends with: the page asked for it, so it says
 * nothing about it.
 * @param {unknown} error
 * @returns {boolean}
 */
export function isStopped(error) {
  return error instanceof ApiError && error.kind === "stopped";
}

/**
 * The JSON value of a text, or null when it is not JSON.
 * @param {string} text
 * @returns {unknown}
 */
function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Reads a failed answer's body: the API's `{"error", "message", "kind", "limit"?}`, or
 * any text.
 * @param {Answer} reply
 * @returns {ApiError}
 */
function failure(reply) {
  const parsed = parseJson(reply.body);
  if (parsed && typeof parsed === "object" && "error" in parsed) {
    const fields = /** @type {{error: unknown, message?: unknown, kind?: unknown,
      limit?: unknown, line?: unknown, column?: unknown}} */ (parsed);
    return new ApiError(
      reply.status,
      typeof fields.kind === "string" ? fields.kind : "internal",
      String(fields.error),
      {
        limit: typeof fields.limit === "string" ? fields.limit : undefined,
        line: typeof fields.line === "number" ? fields.line : undefined,
        column: typeof fields.column === "number" ? fields.column : undefined,
        said: typeof fields.message === "string" ? fields.message : undefined,
      },
    );
  }
  const text = reply.body.trim();
  return new ApiError(reply.status, "internal", text || `ply answered ${reply.status}`);
}

/**
 * Sends a request and waits for its answer; a request that could not be sent (the
 * server gone, the module not loaded) becomes an ApiError of kind "network".
 * @param {string} path
 * @param {string} body
 * @returns {Promise<Answer>}
 */
async function send(path, body) {
  try {
    return await ply.answer(path, body);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ApiError(0, "network", message);
  }
}

/**
 * A request's JSON text, with the page's language added (`"lang"`) where the request is
 * an object that does not name one.
 * @param {unknown} request
 * @returns {string}
 */
export function requestBody(request) {
  if (request && typeof request === "object" && !Array.isArray(request) && !("lang" in request)) {
    return JSON.stringify({ ...request, lang: apiLang() });
  }
  return JSON.stringify(request);
}

/**
 * Posts a request (any JSON value) and returns the parsed answer.
 * @param {string} path
 * @param {unknown} request
 * @returns {Promise<any>} the API's JSON answer (its shape is the endpoint's, docs/api.md)
 * @throws {ApiError} for any answer but a success
 */
export async function post(path, request) {
  const reply = await send(path, requestBody(request));
  if (reply.status < 200 || reply.status > 299) throw failure(reply);
  try {
    return JSON.parse(reply.body);
  } catch {
    throw new ApiError(reply.status, "internal", `ply's answer to ${path} is not JSON`);
  }
}

/**
 * Posts a request and returns the answer's text as it is (the SVG of /api/tree/svg).
 * @param {string} path
 * @param {unknown} request
 * @returns {Promise<string>}
 * @throws {ApiError} for any answer but a success
 */
export async function postText(path, request) {
  const reply = await send(path, requestBody(request));
  if (reply.status < 200 || reply.status > 299) throw failure(reply);
  return reply.body;
}

/**
 * An error as the page says it: a sentence of the page's language, by the error's kind,
 * around what ply said in the page's language (the API's `message`: "ply cannot do
 * that: unknown game 'x' ..."); a refusal of a text says its place itself ("line 1,
 * column 5: ..."). A stopped request says nothing (the page asked for it): "".
 * @param {unknown} error
 * @returns {string}
 */
export function errorText(error) {
  if (!(error instanceof ApiError)) {
    return t("error.internal", { message: error instanceof Error ? error.message : String(error) });
  }
  const message = error.said;
  switch (error.kind) {
    case "stopped":
      return "";
    case "network":
      return t("error.network", { message });
    case "parse":
      // ply says the place in its words ("rad 1, kolumn 5: ..."), except in English,
      // whose "1:5: " the page says in its own sentence: the place is said once.
      if (error.line !== undefined && error.column !== undefined) {
        const place = `${error.line}:${error.column}: `;
        if (message.startsWith(place)) {
          const rest = message.slice(place.length);
          return t("error.parse.at", { line: error.line, column: error.column, message: rest });
        }
      }
      return t("error.parse", { message });
    case "bad_request":
      return t("error.bad_request", { message });
    case "limit":
      return t("error.limit", { message });
    default:
      return t("error.internal", { message });
  }
}

/**
 * Whether ply answers at all (its health check), for a page that wants to say so
 * before the first real request.
 * @returns {Promise<boolean>}
 */
export async function available() {
  try {
    const reply = await ply.answer("/api/health", "");
    return reply.status === 200;
  } catch {
    return false;
  }
}
