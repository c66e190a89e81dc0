// Runs programs in the code page's worker (code-worker.js) and keeps the page in
// charge of time: each test has a time limit, and a program past it, one the page's
// Stop ends, or one that brings its worker down (memory) is ended by ending the worker.
// A fresh worker then takes over: it feeds the grader the tests already run and the one
// that was ended, so the check's report still comes from one grader, and the next run
// finds a worker ready (with Python loaded again, for a Python program).

/** @typedef {import("./code-worker.js").Job} Job */
/** @typedef {import("./code-worker.js").Replayed} Replayed */

/** The longest one test may run, in milliseconds. */
export const TIME_LIMIT_MS = 3000;

/**
 * What the worker says.
 * @typedef {{type: "ready"} | {type: "failed", error: string}
 *   | {type: "phase", phase: "python" | "compile" | "tests"}
 *   | {type: "begin", index: number}
 *   | {type: "test", index: number, report: string, lines: string[], output: string,
 *      returned: string, outcome: string}
 *   | {type: "done", report: string | null, error: string | null, compile: string | null,
 *      output: string}} Said
 */

/**
 * One test's result as the page shows it.
 * @typedef {object} TestDone
 * @property {number} index
 * @property {any} report the grader's test report (docs/grading.md)
 * @property {string} output what the program printed
 * @property {string} returned what `solve` returned, as the program's language writes it
 */

/**
 * How a run ended.
 * @typedef {object} Finished
 * @property {"done" | "compile" | "stopped" | "failed"} how
 * @property {any} [report] the check's report (done)
 * @property {string} [message] the compile error, or why the worker failed
 * @property {string} [output] what the program printed while it loaded
 * @property {"timeout" | "crash" | null} [ended] a test the page ended, and how
 * @property {number} [endedAt] that test's index
 */

/**
 * Callbacks of a run.
 * @typedef {object} Listener
 * @property {(phase: string) => void} phase
 * @property {(done: TestDone) => void} test
 */

/** The workers of one page, one at a time. */
export class Runner {
  /**
   * @param {{timeout: (seconds: number) => string, compileTimeout: (seconds: number) => string,
   *   crashed: () => string}} words the sentences the runner gives the grader
   */
  constructor(words) {
    this.words = words;
    /** @type {Worker | null} */
    this.worker = null;
    /** Whether the worker under way has (or loads) Python. */
    this.python = false;
    /** @type {Promise<WebAssembly.Module | null> | null} */
    this.module = null;
    /** Ends the run under way (the Stop button), or null. */
    this.cancel = /** @type {(() => void) | null} */ (null);
  }

  /** ply's module, compiled once and handed to every worker. */
  compiled() {
    this.module ??= fetch(new URL("../wasm/ply_wasm_bg.wasm", import.meta.url))
      .then((response) => {
        if (!response.ok) throw new Error(`wasm/ply_wasm_bg.wasm: HTTP ${response.status}`);
        return response.arrayBuffer();
      })
      .then((bytes) => WebAssembly.compile(bytes))
      .catch(() => null);
    return this.module;
  }

  /**
   * A worker ready for `language` (started now, or the one there is).
   * @param {"python" | "javascript"} language
   * @returns {Worker}
   */
  ready(language) {
    const python = language === "python";
    if (this.worker && (this.python || !python)) return this.worker;
    this.end();
    const worker = new Worker(new URL("./code-worker.js", import.meta.url), { type: "module" });
    this.worker = worker;
    this.python = python;
    void this.compiled().then((module) => {
      if (this.worker === worker) worker.postMessage({ type: "init", module, python });
    });
    return worker;
  }

  /**
   * Starts a worker for `language` ahead of the first run (Python takes seconds).
   * @param {"python" | "javascript"} language
   */
  warm(language) {
    this.ready(language);
  }

  /** Ends the worker (its program with it). */
  end() {
    this.worker?.terminate();
    this.worker = null;
  }

  /** Ends the run under way at once. */
  stop() {
    this.cancel?.();
  }

  /**
   * Runs `job` (tests `job.from` to `job.to`), the page keeping time.
   * @param {Job} job
   * @param {Listener} listener
   * @returns {Promise<Finished>}
   */
  run(job, listener) {
    return new Promise((resolve) => {
      const worker = this.ready(job.language);
      /** @type {Replayed[]} */
      const replay = [...job.replay];
      let timer = 0;
      let current = -1;
      let settled = false;
      const clear = () => {
        if (timer) clearTimeout(timer);
        timer = 0;
      };
      /** @param {Finished} finished */
      const settle = (finished) => {
        if (settled) return;
        settled = true;
        clear();
        worker.removeEventListener("message", heard);
        worker.removeEventListener("error", broke);
        this.cancel = null;
        resolve(finished);
      };
      /**
       * The worker is ended with its program: a fresh one reports the tests so far, the
       * ended one judged as `outcome`.
       * @param {string} outcome
       * @param {"timeout" | "crash"} how
       */
      const endTest = (outcome, how) => {
        const at = current;
        clear();
        worker.removeEventListener("message", heard);
        worker.removeEventListener("error", broke);
        this.end();
        replay.push({ index: at, lines: [], outcome });
        const fresh = this.ready(job.language);
        /** @param {MessageEvent<Said>} event */
        const reported = (event) => {
          const said = event.data;
          if (said.type === "test") {
            listener.test({ index: said.index, report: JSON.parse(said.report), output: "", returned: "" });
          } else if (said.type === "done") {
            fresh.removeEventListener("message", reported);
            if (said.report) {
              settle({ how: "done", report: JSON.parse(said.report), ended: how, endedAt: at });
            } else {
              settle({ how: "failed", message: said.error ?? "" });
            }
          } else if (said.type === "failed") {
            fresh.removeEventListener("message", reported);
            settle({ how: "failed", message: said.error });
          }
        };
        fresh.addEventListener("message", reported);
        // The ended test is judged by the fresh worker (its report comes as a "test"),
        // then the check's report; no test is run again.
        const last = replay.pop();
        fresh.postMessage({
          type: "run",
          job: { ...job, replay, from: at + 1, to: at + 1, judgeOnly: last },
        });
      };
      /** The program loading past its time: its top-level code does not end. */
      const endLoading = () => {
        clear();
        this.end();
        settle({ how: "compile", message: this.words.compileTimeout(TIME_LIMIT_MS / 1000) });
      };
      /** @param {MessageEvent<Said>} event */
      const heard = (event) => {
        const said = event.data;
        switch (said.type) {
          case "failed":
            this.end();
            settle({ how: "failed", message: said.error });
            break;
          case "phase":
            listener.phase(said.phase);
            clear();
            if (said.phase === "compile") timer = setTimeout(endLoading, TIME_LIMIT_MS);
            break;
          case "begin":
            clear();
            current = said.index;
            timer = setTimeout(
              () => endTest(JSON.stringify({ outcome: "timeout", millis: TIME_LIMIT_MS }), "timeout"),
              TIME_LIMIT_MS,
            );
            break;
          case "test":
            clear();
            replay.push({ index: said.index, lines: said.lines, outcome: said.outcome });
            listener.test({
              index: said.index,
              report: JSON.parse(said.report),
              output: said.output,
              returned: said.returned,
            });
            break;
          case "done":
            if (said.compile !== null) {
              settle({ how: "compile", message: said.compile, output: said.output });
            } else if (said.report !== null) {
              settle({ how: "done", report: JSON.parse(said.report), ended: null });
            } else {
              settle({ how: "failed", message: said.error ?? "" });
            }
            break;
          default:
            break;
        }
      };
      /** @param {ErrorEvent} event */
      const broke = (event) => {
        event.preventDefault();
        if (current >= 0) {
          endTest(JSON.stringify({ outcome: "crash", detail: this.words.crashed() }), "crash");
        } else {
          this.end();
          settle({ how: "failed", message: event.message || this.words.crashed() });
        }
      };
      worker.addEventListener("message", heard);
      worker.addEventListener("error", broke);
      this.cancel = () => {
        worker.removeEventListener("message", heard);
        worker.removeEventListener("error", broke);
        this.end();
        // A fresh worker at once, so the next run does not wait for Python again.
        this.ready(job.language);
        settle({ how: "stopped" });
      };
      worker.postMessage({ type: "run", job });
    });
  }
}
