// The code page's worker: it runs a student's program (Python in Pyodide, or
// JavaScript) against ply's grader, so that a program never freezes the page, and an
// endless one is ended by ending this worker (code-runner.js does that).
//
// The program defines `solve(root)`. Its nodes speak the grading protocol underneath
// (docs/grading.md): a node's `kind` and `children()` send `children N`, `value()` sends
// `value N`, and what `solve` returns is sent as `answer V [M]`, each line answered at
// once by the grader in ply's WebAssembly module (`GradeCheck`, crates/wasm/src/grade.rs):
// the same grader as `ply grade`, so the same tests and the same diagnoses.
//
// Messages in:  {type: "init", module: WebAssembly.Module | null, python: boolean}
//               {type: "run", job: Job}
// Messages out: {type: "ready"}                          (the module, and Python if asked)
//               {type: "failed", error: string}          (the module could not start)
//               {type: "phase", phase: "python" | "compile" | "tests"}
//               {type: "begin", index: number}           (a test's program starts)
//               {type: "test", index, report: string, lines: string[], output: string,
//                returned: string}
//               {type: "done", report: string | null, error: string | null,
//                compile: string | null}

/**
 * One run or check, as code-runner.js asks for it.
 * @typedef {object} Job
 * @property {"python" | "javascript"} language
 * @property {string} source
 * @property {string} kind
 * @property {string} rule
 * @property {number} seed
 * @property {number} random
 * @property {string} lang
 * @property {string} own a teacher's trees, JSON (`[]`: the kind's fixed tests)
 * @property {Replayed[]} replay tests run by an earlier worker, fed to the grader again
 * @property {number} from the first test to run
 * @property {number} to one past the last test to run (at most the check's count)
 * @property {Record<string, string>} words the sentences this worker says, in the
 *   page's language, with `{placeholders}`
 * @property {Replayed} [judgeOnly] a test an earlier worker was ended in: judged as it
 *   ended (its report comes as a "test" message), after the replayed ones
 *
 * @typedef {object} Replayed
 * @property {number} index
 * @property {string[]} lines the program's lines, as it sent them
 * @property {string} outcome how it ended, JSON
 */

/**
 * The grader's check (the module's `GradeCheck`).
 * @typedef {object} GradeCheck
 * @property {() => number} count
 * @property {(index: number) => string} name
 * @property {(index: number) => string} greeting
 * @property {(index: number, line: string) => string} respond
 * @property {(index: number, outcome: string) => string} finish
 * @property {() => string} report
 * @property {() => void} free
 *
 * @typedef {object} PlyGlue the module's JS glue (wasm-bindgen, `--target web`)
 * @property {(init?: {module_or_path: WebAssembly.Module | URL}) => Promise<unknown>} default
 * @property {new (kind: string, rule: string, seed: number, random: number, lang: string,
 *   own: string) => GradeCheck} GradeCheck
 *
 * @typedef {object} PyProxy a Python object seen from JavaScript
 * @property {(...args: unknown[]) => unknown} [call]
 * @property {() => void} destroy
 * @property {() => unknown[]} [toJs]
 *
 * @typedef {object} Pyodide
 * @property {(code: string) => unknown} runPython
 * @property {{get: (name: string) => any, set: (name: string, value: unknown) => void}} globals
 * @property {(options: {batched: (text: string) => void}) => void} setStdout
 * @property {(options: {batched: (text: string) => void}) => void} setStderr
 */

/** The most output a run keeps (printed text), in characters. */
const MAX_OUTPUT = 64 * 1024;

/** Called with the page's "init" message (which may come after a "run"). */
let initialize = /** @type {(module: WebAssembly.Module | null) => void} */ (() => {});

/** The module, once the page has said how to load it. */
const glue = new Promise((resolve) => {
  initialize = resolve;
}).then((/** @type {WebAssembly.Module | null} */ module) => startModule(module));
/** @type {Promise<Pyodide> | null} */
let python = null;

/** What the program has printed in the test under way. */
let output = "";
let outputCut = false;

/** @param {string} text */
function print(text) {
  if (output.length >= MAX_OUTPUT) {
    outputCut = true;
    return;
  }
  output += text.endsWith("\n") ? text : `${text}\n`;
  if (output.length > MAX_OUTPUT) {
    output = output.slice(0, MAX_OUTPUT);
    outputCut = true;
  }
}

/**
 * The module, from the page's compiled copy or from its file.
 * @param {WebAssembly.Module | null} module
 * @returns {Promise<PlyGlue>}
 */
async function startModule(module) {
  const url = new URL("../wasm/ply_wasm.js", import.meta.url);
  const loaded = /** @type {PlyGlue} */ (await import(url.href));
  await loaded.default({ module_or_path: module ?? new URL("../wasm/ply_wasm_bg.wasm", import.meta.url) });
  return loaded;
}

/** The Python side of a node: the same protocol, the same names. */
const PYTHON_NODES = String.raw`
import sys

class PlyQueryError(Exception):
    """ply answered a query with an error, or stopped the program."""

_ply_ask = None

def _ply_query(line):
    reply = str(_ply_ask(line))
    if reply.startswith("error ") or reply.startswith("stop "):
        raise PlyQueryError(reply.split(" ", 1)[1])
    return reply

def _ply_number(text):
    try:
        return int(text)
    except ValueError:
        return float(text)

def _ply_probability(text):
    if "/" in text:
        top, bottom = text.split("/", 1)
        return int(top) / int(bottom)
    return float(text)

class Node:
    """A node of the tree: name, kind ('max', 'min', 'chance', 'leaf'), children(),
    value() (leaves), probability (a chance node's children)."""

    __slots__ = ("name", "probability", "_kind", "_children")

    def __init__(self, name, probability=None):
        self.name = name
        self.probability = probability
        self._kind = None
        self._children = None

    def _expand(self):
        if self._kind is None:
            words = _ply_query("children " + self.name).split()
            self._kind = words[0]
            if words[0] == "chance":
                self._children = [Node(words[i], _ply_probability(words[i + 1]))
                                  for i in range(1, len(words) - 1, 2)]
            else:
                self._children = [Node(word) for word in words[1:]]

    @property
    def kind(self):
        self._expand()
        return self._kind

    def children(self):
        self._expand()
        return list(self._children)

    def value(self):
        return _ply_number(_ply_query("value " + self.name))

    def __repr__(self):
        return "Node(%r)" % (self.name,)

def _ply_load(source):
    space = {"__name__": "__main__", "Node": Node}
    exec(compile(source, "program.py", "exec"), space)
    solve = space.get("solve")
    if not callable(solve):
        raise NameError("solve")
    return solve

def _ply_line(error):
    import traceback
    line = None
    for frame in traceback.extract_tb(error.__traceback__):
        if frame.filename == "program.py":
            line = frame.lineno
    if isinstance(error, SyntaxError) and error.filename == "program.py":
        line = error.lineno
    return line

def _ply_solve(solve, root_name):
    """(outcome, value text, move, returned, detail, line)"""
    try:
        result = solve(Node(root_name))
    except PlyQueryError as error:
        return ("protocol", "", "", "", str(error), _ply_line(error))
    except RecursionError as error:
        return ("recursion", "", "", "", "RecursionError: " + str(error), _ply_line(error))
    except MemoryError as error:
        return ("memory", "", "", "", "MemoryError", _ply_line(error))
    except BaseException as error:
        return ("crash", "", "", "", type(error).__name__ + ": " + str(error), _ply_line(error))
    returned = repr(result)
    if len(returned) > 200:
        returned = returned[:200] + "…"
    move = ""
    value = result
    if isinstance(result, (tuple, list)):
        if len(result) != 2:
            return ("shape", "", "", returned, returned, None)
        value, move = result
        if isinstance(move, Node):
            move = move.name
        if move is None:
            move = ""
        move = str(move)
    import numbers, math
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return ("shape", "", "", returned, returned, None)
    value = value if isinstance(value, int) else float(value)
    if isinstance(value, float) and not math.isfinite(value):
        return ("shape", "", "", returned, returned, None)
    return ("answered", str(value) if isinstance(value, int) else repr(value), move, returned, "", None)
`;

/**
 * Python, once: Pyodide from the site's own copy (`pyodide/`, made by
 * scripts/build-site), with print going to the run's output.
 * @returns {Promise<Pyodide>}
 */
function startPython() {
  python ??= (async () => {
    const base = new URL("../pyodide/", import.meta.url);
    const { loadPyodide } = /** @type {{loadPyodide: (options: object) => Promise<Pyodide>}} */ (
      await import(new URL("pyodide.mjs", base).href)
    );
    const py = await loadPyodide({ indexURL: base.href, fullStdLib: false });
    py.setStdout({ batched: print });
    py.setStderr({ batched: print });
    py.runPython(PYTHON_NODES);
    return py;
  })();
  return python;
}

/**
 * A sentence of the page's, its `{placeholders}` filled.
 * @param {Job} job
 * @param {string} id
 * @param {Record<string, string | number>} [params]
 */
function say(job, id, params = {}) {
  const text = job.words[id] ?? id;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole);
}

/** The line the grader answers for each query, for the test under way. */
let ask = /** @type {(line: string) => string} */ (() => "");

/** Every line the program sent in the test under way. */
let sent = /** @type {string[]} */ ([]);

/** An error the grader's answer raises in a JavaScript program. */
class PlyQueryError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "PlyQueryError";
  }
}

/**
 * The grader's answer to a JavaScript node's query: an `error …` or `stop …` line is
 * thrown.
 * @param {string} line
 */
function query(line) {
  const reply = ask(line);
  if (reply.startsWith("error ") || reply.startsWith("stop ")) {
    throw new PlyQueryError(reply.slice(reply.indexOf(" ") + 1));
  }
  return reply;
}

/**
 * A probability as the grader writes it (`1/4`, `0.25`).
 * @param {string} text
 */
function probability(text) {
  const slash = text.indexOf("/");
  return slash < 0 ? Number(text) : Number(text.slice(0, slash)) / Number(text.slice(slash + 1));
}

/** A node of the tree, for a JavaScript program. */
class Node {
  /** @type {string | null} */
  #kind = null;
  /** @type {Node[]} */
  #children = [];

  /**
   * @param {string} name
   * @param {number | null} [chance] the probability under a chance node
   */
  constructor(name, chance = null) {
    /** The node's name, as the tree names it. */
    this.name = name;
    /** A chance node's child's probability (null elsewhere). */
    this.probability = chance;
  }

  #expand() {
    if (this.#kind !== null) return;
    const words = query(`children ${this.name}`).split(/\s+/);
    this.#kind = words[0];
    if (words[0] === "chance") {
      for (let i = 1; i + 1 < words.length; i += 2) {
        this.#children.push(new Node(words[i], probability(words[i + 1])));
      }
    } else {
      this.#children = words.slice(1).map((word) => new Node(word));
    }
  }

  /** @returns {string} "max", "min", "chance" or "leaf" */
  get kind() {
    this.#expand();
    return /** @type {string} */ (this.#kind);
  }

  /** @returns {Node[]} */
  children() {
    this.#expand();
    return [...this.#children];
  }

  /** @returns {number} a leaf's value */
  value() {
    return Number(query(`value ${this.name}`));
  }

  toString() {
    return `Node(${this.name})`;
  }
}

/**
 * A value as the program wrote it, shortened.
 * @param {unknown} value
 * @returns {string}
 */
function shown(value) {
  let text;
  if (value instanceof Node) {
    text = value.toString();
  } else if (Array.isArray(value)) {
    text = `[${value.map(shown).join(", ")}]`;
  } else if (typeof value === "string") {
    text = JSON.stringify(value);
  } else {
    text = String(value);
  }
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * The line of the program an error comes from (a function made by `new Function` counts
 * two lines of its own first).
 * @param {unknown} error
 * @returns {number | null}
 */
function jsLine(error) {
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  const found = /<anonymous>:(\d+):\d+/.exec(stack);
  return found ? Number(found[1]) - 2 : null;
}

/**
 * Words for an error of a program, with its line.
 * @param {Job} job
 * @param {string} detail
 * @param {number | null} line
 */
function withLine(job, detail, line) {
  return line === null || line < 1 ? detail : say(job, "code.error.at-line", { detail, line });
}

/**
 * What one test's run of the program gave: how it ended, the answer's line, what the
 * program returned.
 * @typedef {object} Ended
 * @property {string} outcome the grader's outcome, JSON
 * @property {string | null} answer the `answer V M` line, if the program answered
 * @property {string} returned
 */

/**
 * How the program's ending reads for the grader.
 * @param {Job} job
 * @param {string} how "answered", "protocol", "recursion", "memory", "crash", "shape"
 * @param {string} detail
 * @param {number | null} line
 * @returns {string}
 */
function outcomeOf(job, how, detail, line) {
  switch (how) {
    case "answered":
      return JSON.stringify({ outcome: "answered" });
    case "protocol":
      return JSON.stringify({ outcome: "crash", detail: withLine(job, detail, line) });
    case "recursion":
      return JSON.stringify({ outcome: "crash", detail: withLine(job, say(job, "code.error.recursion", { detail }), line) });
    case "memory":
      return JSON.stringify({ outcome: "crash", detail: withLine(job, say(job, "code.error.memory"), line) });
    case "shape":
      return JSON.stringify({ outcome: "crash", detail: say(job, "code.error.shape", { returned: detail }) });
    default:
      return JSON.stringify({ outcome: "crash", detail: withLine(job, detail, line) });
  }
}

/**
 * Runs a JavaScript `solve` on the root.
 * @param {Job} job
 * @param {(root: Node) => unknown} solve
 * @param {string} root
 * @returns {Ended}
 */
function solveInJs(job, solve, root) {
  let result;
  try {
    result = solve(new Node(root));
  } catch (error) {
    const line = jsLine(error);
    if (error instanceof PlyQueryError) {
      return { outcome: outcomeOf(job, "protocol", error.message, line), answer: null, returned: "" };
    }
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      return { outcome: outcomeOf(job, "recursion", `RangeError: ${error.message}`, line), answer: null, returned: "" };
    }
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const how = error instanceof RangeError && /allocation|array length|memory/i.test(error.message)
      ? "memory"
      : "crash";
    return { outcome: outcomeOf(job, how, detail, line), answer: null, returned: "" };
  }
  const returned = shown(result);
  let value = result;
  let move = "";
  if (Array.isArray(result)) {
    if (result.length !== 2) {
      return { outcome: outcomeOf(job, "shape", returned, null), answer: null, returned };
    }
    value = result[0];
    const chosen = result[1];
    move = chosen instanceof Node ? chosen.name : chosen === null || chosen === undefined ? "" : String(chosen);
  }
  if (typeof value === "bigint") value = Number(value);
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return { outcome: outcomeOf(job, "shape", returned, null), answer: null, returned };
  }
  return {
    outcome: outcomeOf(job, "answered", "", null),
    answer: `answer ${String(value)}${move ? ` ${move}` : ""}`,
    returned,
  };
}

/**
 * The program's `solve`, in JavaScript: the source run as a function's body, with
 * `console.log` and `print` writing to the run's output.
 * @param {string} source
 * @returns {(root: Node) => unknown}
 */
function loadJs(source) {
  const log = (/** @type {unknown[]} */ ...items) =>
    print(items.map((item) => (typeof item === "string" ? item : shown(item))).join(" "));
  const console_ = { log, info: log, warn: log, error: log, debug: log };
  const made = new Function(
    "Node", "console", "print",
    `${source}\n;return typeof solve === "function" ? solve : undefined;`,
  );
  const solve = made(Node, console_, log);
  if (typeof solve !== "function") throw new ReferenceError("solve");
  return solve;
}

/**
 * Runs one job: the grader's check made again, the tests an earlier worker ran fed to
 * it, then the program on each test asked for.
 * @param {Job} job
 */
async function run(job) {
  const ply = await glue;
  /** @type {GradeCheck | null} */
  let check = null;
  try {
    check = new ply.GradeCheck(job.kind, job.rule, job.seed, job.random, job.lang, job.own);
    const grader = check;
    for (const done of job.replay) {
      for (const line of done.lines) grader.respond(done.index, line);
      grader.finish(done.index, done.outcome);
    }
    if (job.judgeOnly) {
      const ended = job.judgeOnly;
      const report = grader.finish(ended.index, ended.outcome);
      postMessage({ type: "test", index: ended.index, report, lines: [], output: "", returned: "", outcome: ended.outcome });
    }
    const to = Math.min(job.to, grader.count());
    if (job.from < to) {
      /** @type {((root: string) => Ended) | null} */
      let solveRoot = null;
      if (job.language === "python") {
        postMessage({ type: "phase", phase: "python" });
        const py = await startPython();
        // One function for every test: it asks the test under way.
        py.globals.set("_ply_ask", (/** @type {string} */ line) => ask(line));
        postMessage({ type: "phase", phase: "compile" });
        output = "";
        /** @type {PyProxy} */
        let solve;
        try {
          solve = py.globals.get("_ply_load")(job.source);
        } catch (error) {
          postMessage({ type: "done", report: null, error: null, compile: pythonError(job, py, error), output });
          return;
        }
        const runOne = py.globals.get("_ply_solve");
        solveRoot = (root) => {
          const proxy = runOne(solve, root);
          const [how, value, move, returned, detail, line] = /** @type {[string, string, string, string, string, number | null]} */ (
            proxy.toJs());
          proxy.destroy();
          return {
            outcome: outcomeOf(job, how, detail, line ?? null),
            answer: how === "answered" ? `answer ${value}${move ? ` ${move}` : ""}` : null,
            returned,
          };
        };
      } else {
        postMessage({ type: "phase", phase: "compile" });
        output = "";
        let solve;
        try {
          solve = loadJs(job.source);
        } catch (error) {
          postMessage({ type: "done", report: null, error: null, compile: jsError(job, error), output });
          return;
        }
        solveRoot = (root) => solveInJs(job, solve, root);
      }
      postMessage({ type: "phase", phase: "tests" });
      for (let index = job.from; index < to; index++) {
        sent = [];
        output = "";
        outputCut = false;
        ask = (line) => {
          sent.push(line);
          return grader.respond(index, line);
        };
        postMessage({ type: "begin", index });
        const root = grader.greeting(index).slice("root ".length);
        const ended = solveRoot(root);
        if (ended.answer !== null) {
          sent.push(ended.answer);
          grader.respond(index, ended.answer);
        }
        const report = grader.finish(index, ended.outcome);
        if (outputCut) output += `${say(job, "code.output.cut")}\n`;
        postMessage({ type: "test", index, report, lines: sent, output, returned: ended.returned, outcome: ended.outcome });
      }
    }
    postMessage({ type: "done", report: grader.report(), error: null, compile: null, output: "" });
  } catch (error) {
    postMessage({ type: "done", report: null, error: String(error), compile: null, output: "" });
  } finally {
    check?.free();
  }
}

/**
 * A Python program that does not load, in words: its error and line.
 * @param {Job} job
 * @param {Pyodide} py
 * @param {unknown} error
 */
function pythonError(job, py, error) {
  const text = error instanceof Error ? error.message : String(error);
  // The last line of Python's traceback: "SyntaxError: invalid syntax", "NameError: solve".
  const lines = text.trim().split("\n");
  const last = lines[lines.length - 1] ?? text;
  if (/^NameError: solve$/.test(last)) return say(job, "code.error.no-solve");
  const at = [...text.matchAll(/File "program\.py", line (\d+)/g)].pop();
  void py;
  return withLine(job, last, at ? Number(at[1]) : null);
}

/**
 * A JavaScript program that does not load, in words.
 * @param {Job} job
 * @param {unknown} error
 */
function jsError(job, error) {
  if (error instanceof ReferenceError && error.message === "solve") return say(job, "code.error.no-solve");
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return withLine(job, detail, jsLine(error));
}

addEventListener("message", (event) => {
  const message = /** @type {{type: "init", module: WebAssembly.Module | null, python: boolean}
    | {type: "run", job: Job}} */ (event.data);
  if (message.type === "init") {
    initialize(message.module);
    const wanted = message.python ? Promise.all([glue, startPython()]) : glue;
    wanted.then(
      () => postMessage({ type: "ready" }),
      (error) => postMessage({ type: "failed", error: String(error) }),
    );
  } else if (message.type === "run") {
    void run(message.job).catch((error) =>
      postMessage({ type: "done", report: null, error: String(error), compile: null, output: "" }));
  }
});
