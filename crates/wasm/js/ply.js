// ply in this browser: the static site's `ply.js` (docs/api.md). It answers the API of
// `ply serve` with ply's WebAssembly module, run in a worker (ply-worker.js) so that a
// search never freezes the page: the same `{status, body}` as the server, from the
// same code. Every path is relative to this module, so the site works from any folder
// of any static server (`https://host/user/ply/` as well as `/`).
//
// Requests are answered one at a time, in order. `stop()` ends the one under way: where
// the page is cross-origin isolated, through a flag in shared memory (the search then
// answers with what it found); elsewhere by ending the worker and starting another
// (the request then answers 503, kind "stopped"). Requests queued behind it answer 503
// too. A panic in the module answers 500, kind "internal", and the worker is restarted.

/** @typedef {{status: number, body: string}} Answer */

/**
 * A request waiting for its answer.
 * @typedef {object} Job
 * @property {number} id
 * @property {boolean} trap a panic asked for on purpose (see `trapForTesting`)
 * @property {string} path
 * @property {string} body
 * @property {(answer: Answer) => void} resolve
 */

/**
 * What the worker says.
 * @typedef {{type: "ready"} | {type: "failed", error: string}
 *   | {type: "answer", id: number, status: number, body: string, trapped: boolean}} Reply
 */

/** Where the answers come from: this browser. */
export const backend = "wasm";

/** The answer of a request stopped before the module could answer it. */
const STOPPED = JSON.stringify({ error: "the search was stopped", kind: "stopped" });

/**
 * The answer of a request the module could not take at all.
 * @param {string} why
 * @returns {Answer}
 */
function internal(why) {
  return { status: 500, body: JSON.stringify({ error: `internal error: ${why}`, kind: "internal" }) };
}

/**
 * The page's stop flag, shared with the worker; only where memory may be shared.
 * @type {Int32Array | null}
 */
const flag =
  globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === "function"
    ? new Int32Array(new SharedArrayBuffer(4))
    : null;

/**
 * The module, compiled once and handed to every worker: a restarted worker starts at
 * once, with the code the browser has already optimised.
 * @type {Promise<WebAssembly.Module | null> | null}
 */
let compiled = null;

/** @returns {Promise<WebAssembly.Module | null>} */
function compile() {
  compiled ??= fetch(new URL("./wasm/ply_wasm_bg.wasm", import.meta.url))
    .then((response) => {
      if (!response.ok) {
        throw new Error(`wasm/ply_wasm_bg.wasm: HTTP ${response.status}`);
      }
      return response.arrayBuffer();
    })
    .then((bytes) => WebAssembly.compile(bytes))
    // The worker then loads the file itself, and says why it cannot.
    .catch(() => null);
  return compiled;
}

/** @type {Worker | null} */
let worker = null;
/** @type {Job[]} */
const queue = [];
/** @type {Job | null} */
let current = null;
let nextId = 1;

/** Starts a worker, with the compiled module and the stop flag. */
function startWorker() {
  const started = new Worker(new URL("./ply-worker.js", import.meta.url), { type: "module" });
  started.addEventListener("message", (event) => {
    if (started === worker) {
      heard(/** @type {MessageEvent<Reply>} */ (event).data);
    }
  });
  // A script that cannot load (a missing file, a browser without module workers).
  started.addEventListener("error", (event) => {
    if (started === worker) {
      event.preventDefault();
      fail(event.message || "the worker could not be started");
    }
  });
  worker = started;
  void compile().then((module) => {
    if (started === worker) {
      started.postMessage({ type: "init", module, flag });
    }
  });
}

/** Ends the worker; the next request starts another. */
function endWorker() {
  worker?.terminate();
  worker = null;
}

/**
 * Settles the request under way, then sends the next one.
 * @param {Answer} answer
 */
function settle(answer) {
  const job = current;
  current = null;
  job?.resolve(answer);
  pump();
}

/**
 * The worker cannot answer: the request under way fails, and the next one tries a new
 * worker.
 * @param {string} why
 */
function fail(why) {
  endWorker();
  settle(internal(`the WebAssembly module could not be started (${why})`));
}

/** @param {Reply} reply */
function heard(reply) {
  if (reply.type === "failed") {
    fail(reply.error);
  } else if (reply.type === "answer" && current !== null && reply.id === current.id) {
    if (reply.trapped) {
      endWorker();
      startWorker();
    }
    settle({ status: reply.status, body: reply.body });
  }
}

/** Sends the next request to the worker, when none is under way. */
function pump() {
  if (current !== null) {
    return;
  }
  const job = queue.shift();
  if (job === undefined) {
    return;
  }
  current = job;
  if (worker === null) {
    startWorker();
  }
  if (flag !== null) {
    Atomics.store(flag, 0, 0);
  }
  worker?.postMessage(
    job.trap
      ? { type: "trap", id: job.id }
      : { type: "answer", id: job.id, path: job.path, body: job.body },
  );
}

/**
 * Answers one request exactly as `ply serve` does: `path` is an API path such as
 * "/api/tree", `body` the request's JSON text (ignored by "/api/health" and
 * "/api/games"). The body answered is JSON, or SVG for "/api/tree/svg".
 * @param {string} path
 * @param {string} body
 * @returns {Promise<Answer>}
 */
export function answer(path, body) {
  return new Promise((resolve) => {
    queue.push({ id: nextId++, trap: false, path: String(path), body: String(body ?? ""), resolve });
    pump();
  });
}

/**
 * Ends the request under way at once: it answers with what its search found (shared
 * memory) or 503, kind "stopped" (a new worker); those queued behind it answer 503.
 */
export function stop() {
  for (const job of queue.splice(0)) {
    job.resolve({ status: 503, body: STOPPED });
  }
  if (current === null) {
    return;
  }
  if (flag !== null && worker !== null) {
    Atomics.store(flag, 0, 1);
    return;
  }
  endWorker();
  startWorker();
  settle({ status: 503, body: STOPPED });
}

/**
 * Makes the module panic, as a bug would, in turn with the requests: it answers 500,
 * kind "internal", and the next request is answered by a new module. For the tests of
 * that recovery; the pages never call it.
 * @returns {Promise<Answer>}
 */
export function trapForTesting() {
  return new Promise((resolve) => {
    queue.push({ id: nextId++, trap: true, path: "", body: "", resolve });
    pump();
  });
}
