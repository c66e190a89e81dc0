// The benchmark of ply in the browser against ply natively: the same work, timed both
// ways in one run, printed as a table. Run by scripts/bench-wasm (which builds what it
// needs); not a test: the figures depend on the machine.
//
//   node crates/wasm/bench/bench.mjs --site DIR --ply BIN --data DIR [--runs N]
//
// The work:
//   tic-tac-toe  solved from the start (`ply solve tictactoe --json`; in the browser
//                `answer("/api/solve", ...)`, the module called by the page itself)
//   connect4     the first 100 positions of Test_L2_R1 solved exactly
//                (`ply bench connect4 FILE --limit 100 --threads 1`)
//   chess        `ply bench chess --depth 7 --threads 1` (nine positions)
// and, in three fresh pages, Connect Four's first analysis (which waits for the site's
// book), the same again, and an 11-stone position's (every column solved).
// Each side reports the time its searches took, measured by the same code (the engine's
// clock: the system's natively, the page's `performance.now()` in the browser); the page
// also times each call itself ("in the page"), which adds what the call does around the
// searches (tables made and emptied, the answer written). Each work is run once on each
// side to warm up, then N times natively and N times in the page, in turns, so that a
// machine busy for a while slows both alike; the table gives the median and the best
// run. The page is cross-origin isolated, so that its clock is fine (5 µs, not 100 µs).

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:http";
import { join, normalize, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";

const here = new URL(".", import.meta.url).pathname;
const root = resolve(here, "../../..");

/** @param {string[]} argv */
function options(argv) {
  const found = { site: "", ply: "", data: "", runs: 5, chromium: "/usr/bin/chromium" };
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${name}: a value is missing`);
    if (name === "--site") found.site = resolve(value);
    else if (name === "--ply") found.ply = resolve(value);
    else if (name === "--data") found.data = resolve(value);
    else if (name === "--runs") found.runs = Math.max(1, Number.parseInt(value, 10) || 0);
    else if (name === "--chromium") found.chromium = value;
    else throw new Error(`unknown option ${name}`);
  }
  if (!found.site || !found.ply || !found.data) {
    throw new Error("usage: bench.mjs --site DIR --ply BIN --data DIR [--runs N]");
  }
  return found;
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Runs ply and reads its JSON.
 * @param {string} ply
 * @param {string[]} args
 */
function native(ply, args) {
  // Away from the repository, ply reads the book built into it, as the module does (the
  // repository's books/connect4.book holds the same book).
  const text = execFileSync(ply, args, { encoding: "utf8", maxBuffer: 64 << 20, cwd: tmpdir() });
  return JSON.parse(text);
}

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
};

/**
 * Serves the site under /ply/, cross-origin isolated, with an empty page to run in.
 * @param {string} site
 * @returns {Promise<{url: string, close: () => void}>}
 */
async function serve(site) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    const headers = {
      "Cross-Origin-Opener-Policy": "same-origin",
      "Cross-Origin-Embedder-Policy": "require-corp",
    };
    if (path === "/ply/bench.html") {
      response.writeHead(200, { "Content-Type": TYPES[".html"], ...headers });
      response.end("<!doctype html><meta charset=utf-8><title>ply bench</title>");
      return;
    }
    const file = normalize(join(site, path.slice("/ply/".length)));
    if (!path.startsWith("/ply/") || !file.startsWith(normalize(site + sep))) {
      response.writeHead(404, headers);
      response.end();
      return;
    }
    try {
      const bytes = readFileSync(file);
      const type = TYPES[/** @type {keyof TYPES} */ (file.slice(file.lastIndexOf(".")))];
      response.writeHead(200, { "Content-Type": type ?? "application/octet-stream", ...headers });
      response.end(bytes);
    } catch {
      response.writeHead(404, headers);
      response.end();
    }
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", () => done(undefined)));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/ply/`, close: () => server.close() };
}

/**
 * Loads the module in the page (by the page itself, not through the worker: the call is
 * timed where it runs) and keeps the work to time there.
 * @param {{positions: string, lines: string}} work
 */
async function loadInPage({ positions, lines }) {
  const glue = await import(new URL("wasm/ply_wasm.js", location.href).href);
  await glue.default();
  /** @type {Record<string, () => {ms: number, check: string}>} */
  const work = {
    "tic-tac-toe": () => {
      const reply = glue.answer("/api/solve", '{"game": "tictactoe"}');
      const report = JSON.parse(reply.body);
      reply.free();
      return { ms: report.time_ms, check: `${report.value}, ${report.nodes} nodes` };
    },
    connect4: () => {
      const report = JSON.parse(glue.benchConnect4(lines));
      return { ms: report.time_ms, check: `${report.correct}/${report.positions} right, ${report.nodes} nodes` };
    },
    chess: () => {
      const report = JSON.parse(glue.benchChess(positions, 7));
      return { ms: report.time_ms, check: `${report.nodes} nodes` };
    },
  };
  Object.assign(globalThis, { plyBench: work });
  return { isolated: crossOriginIsolated, agent: navigator.userAgent };
}

/**
 * One run of one work in the page, timed by the page too.
 * @param {string} name
 */
function runInPage(name) {
  const work = /** @type {any} */ (globalThis).plyBench;
  const start = performance.now();
  const { ms, check } = work[name]();
  return { ms, page: performance.now() - start, check };
}

async function main() {
  const args = options(process.argv.slice(2));
  const setFile = join(args.data, "Test_L2_R1");
  const lines = readFileSync(setFile, "utf8").split("\n").filter((l) => l.trim()).slice(0, 100);

  // Natively: the commands, one process per run, one thread.
  const commands = {
    "tic-tac-toe": ["solve", "tictactoe", "--json"],
    connect4: ["bench", "connect4", setFile, "--limit", "100", "--threads", "1", "--json"],
    chess: ["bench", "chess", "--depth", "7", "--threads", "1", "--json"],
  };
  /** @param {string} name @param {any} report */
  const nativeFigures = (name, report) => {
    if (name === "tic-tac-toe") return { ms: report.time_ms, check: `${report.value}, ${report.nodes} nodes` };
    if (name === "connect4") {
      const set = report.sets[0];
      return {
        ms: (set.mean_us * set.positions) / 1000,
        check: `${set.correct}/${set.positions} right, ${Math.round(set.mean_nodes * set.positions)} nodes`,
      };
    }
    return { ms: report.time_ms, check: `${report.nodes} nodes` };
  };
  // The positions of `ply bench chess`, as it lists them.
  const positions = native(args.ply, commands.chess)
    .positions.map((/** @type {{position: string}} */ p) => p.position)
    .join("\n");

  const playwright = await import(
    pathToFileURL(join(root, "crates/server/tests/browser/node_modules/playwright-core/index.mjs")).href
  );
  const site = await serve(args.site);
  const browser = await playwright.chromium.launch({ executablePath: args.chromium, headless: true });
  /** @type {Record<string, {native: number[], browser: number[], page: number[], checks: string}>} */
  const figures = {};
  let loaded;
  /** @type {{ms: number, status: number} | undefined} */
  let firstAnswer;
  /** @type {{book: number, again: number, solved: number}[]} */
  const connectFour = [];
  try {
    const page = await browser.newPage();
    await page.goto(`${site.url}bench.html`);
    loaded = await page.evaluate(loadInPage, { positions, lines: lines.join("\n") });
    for (const [name, command] of Object.entries(commands)) {
      // One run each to warm up (the browser's optimising compiler, the caches), then
      // native and browser runs in turns: a machine busy for a while slows both alike.
      native(args.ply, command);
      await page.evaluate(runInPage, name);
      const row = { native: [], browser: [], page: [], checks: "" };
      for (let i = 0; i < args.runs; i++) {
        const mine = nativeFigures(name, native(args.ply, command));
        const theirs = await page.evaluate(runInPage, name);
        row.native.push(mine.ms);
        row.browser.push(theirs.ms);
        row.page.push(theirs.page);
        row.checks = `${mine.check} | ${theirs.check}`;
      }
      figures[name] = row;
    }
    // A page's first answer through `ply.js`: the module fetched, compiled and started
    // in its worker, as a reader's first click meets it (a fresh page, the files cached).
    const fresh = await browser.newPage();
    await fresh.goto(`${site.url}bench.html`);
    firstAnswer = await fresh.evaluate(async () => {
      const started = performance.now();
      const ply = await import(new URL("ply.js", location.href).href);
      const reply = await ply.answer("/api/health", "");
      return { ms: performance.now() - started, status: reply.status };
    });
    // Connect Four in fresh pages: the first analysis waits for the site's book (fetched,
    // unpacked and read into the module), the same one again is answered from it, and a
    // position past the book's depth has every column solved on the worker's one thread.
    for (let i = 0; i < 3; i++) {
      const c4 = await browser.newPage();
      await c4.goto(`${site.url}bench.html`);
      connectFour.push(await c4.evaluate(timeConnectFour, C4_SOLVED));
      await c4.close();
    }
  } finally {
    await browser.close();
    site.close();
  }

  const version = execFileSync(args.ply, ["--version"], { encoding: "utf8" }).trim();
  console.log(`native: ${version} (${args.ply}), one thread`);
  console.log(`browser: ${loaded.agent}${loaded.isolated ? ", cross-origin isolated" : ""}`);
  if (firstAnswer) {
    console.log(`first answer of a fresh page through ply.js: ${firstAnswer.ms.toFixed(0)} ms (status ${firstAnswer.status})`);
  }
  if (connectFour.length > 0) {
    const range = (/** @type {number[]} */ ms) =>
      `${Math.min(...ms).toFixed(0)}-${Math.max(...ms).toFixed(0)} ms`;
    console.log(
      `connect4 in ${connectFour.length} fresh pages (/api/play/analysis): ` +
        `the first, with the site's book read: ${range(connectFour.map((r) => r.book))}; ` +
        `again: ${range(connectFour.map((r) => r.again))}; ` +
        `${C4_SOLVED} (every column solved): ${range(connectFour.map((r) => r.solved))}`
    );
  }
  console.log(`${args.runs} runs of each, native and browser in turns, after one to warm up`);
  console.log("ms: the searches' time as each side reports it (median, and best run)");
  console.log("in the page: the call timed by the page (median), with what it does around the searches");
  console.log("");
  const rows = [
    ["work", "native ms", "browser ms", "ratio", "best native", "best browser", "ratio", "in the page ms", "checked (native | browser)"],
  ];
  for (const [name, row] of Object.entries(figures)) {
    const [n, b] = [median(row.native), median(row.browser)];
    const [bestN, bestB] = [Math.min(...row.native), Math.min(...row.browser)];
    rows.push([
      name,
      n.toFixed(2),
      b.toFixed(2),
      (b / n).toFixed(2),
      bestN.toFixed(2),
      bestB.toFixed(2),
      (bestB / bestN).toFixed(2),
      median(row.page).toFixed(2),
      row.checks,
    ]);
  }
  const last = rows[0].length - 1;
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) {
    const cells = row.map((cell, i) => (i === 0 || i === last ? cell.padEnd(widths[i]) : cell.padStart(widths[i])));
    console.log(cells.join("  ").trimEnd());
  }
}

/** An 11-stone position, one stone past the site's book: its columns are searched. */
const C4_SOLVED = "16327111174";

/**
 * Runs in the page: the times of three Connect Four analyses through `ply.js`, each
 * checked exact: `4` twice (the first waits for the book), then `past`.
 * @param {string} past
 * @returns {Promise<{book: number, again: number, solved: number}>}
 */
async function timeConnectFour(past) {
  const ply = await import(new URL("ply.js", location.href).href);
  /** @param {string} position */
  const timed = async (position) => {
    const started = performance.now();
    const reply = await ply.answer("/api/play/analysis", JSON.stringify({ game: "connect4", position }));
    const ms = performance.now() - started;
    if (reply.status !== 200 || JSON.parse(reply.body).exact !== true) {
      throw new Error(`connect4 ${position}: not an exact answer: ${reply.status} ${reply.body}`);
    }
    return ms;
  };
  const book = await timed("4");
  const again = await timed("4");
  const solved = await timed(past);
  return { book, again, solved };
}

main().catch((error) => {
  console.error(`bench-wasm: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
