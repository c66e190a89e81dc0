// The WebAssembly module's answers, in a real browser: the static site (the folder that
// `scripts/build-site FOLDER` writes) served by a plain static file server under /ply/,
// its page opened in chromium, and every request of a file answered by the site's
// `ply.js` (`answer(path, body)`), in order. Run by crates/server/tests/wasm_equality.rs,
// which compares the answers with the native API's:
//   node answers.mjs SITE CHROMIUM REQUESTS.json ANSWERS.json
// REQUESTS.json: {"requests": [{"path", "body"}], "stop": {"path", "body"} | null}, each
// body the request's text; "stop" a long search to end with stop(). ANSWERS.json:
// {"backend", "answers": [{"status", "body"}], "stop", "stop_isolated" (the same on a
// cross-origin isolated page), "trap" (a panic in the module and the request after it),
// "errors" (the page's script errors), "paths" (every path the static server was asked for)}.
import { chromium } from "playwright-core";
import { readFileSync, writeFileSync } from "node:fs";
import { serveStatic } from "./static-server.mjs";

const [siteFolder, executable, requestsFile, answersFile] = process.argv.slice(2);
const { requests, stop } = JSON.parse(readFileSync(requestsFile, "utf8"));

/** The longest one request may take in the browser (the API's own limit is 10 s). */
const REQUEST_MS = 30000;
/** Requests sent to the page at once: small enough to report progress. */
const CHUNK = 20;

/**
 * A long search stopped half a second in, a request queued behind it, and one after.
 * @param {import("playwright-core").Page} page
 * @param {{path: string, body: string}} request the long search
 */
async function stopping(page, request) {
  const result = await page.evaluate(async ({ path, body }) => {
    const ply = await import("./ply.js");
    const running = ply.answer(path, body);
    const queued = ply.answer("/api/tree", '{"tree": "(a 1 2)"}');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const at = performance.now();
    ply.stop();
    const first = await running;
    const ms = performance.now() - at;
    const second = await queued;
    const after = await ply.answer("/api/tree", '{"tree": "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))"}');
    return {
      isolated: self.crossOriginIsolated,
      running: { status: first.status, body: first.body },
      ms,
      queued: { status: second.status, body: second.body },
      after: { status: after.status, body: after.body },
    };
  }, request);
  console.log(`stop (isolated: ${result.isolated}): answered ${result.ms.toFixed(0)} ms after stop()`);
  return result;
}

const site = await serveStatic(siteFolder, { prefix: "/ply/" });
const browser = await chromium.launch({
  executablePath: executable,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
let exit = 0;
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(REQUEST_MS);
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") console.log(`console: ${message.text()}`);
  });
  await page.goto(site.url);
  await page.waitForLoadState("networkidle");
  const backend = await page.evaluate(async () => (await import("./ply.js")).backend);
  console.log(`ply.js backend: ${backend}`);

  const answers = [];
  const started = Date.now();
  for (let first = 0; first < requests.length; first += CHUNK) {
    const chunk = requests.slice(first, first + CHUNK);
    const got = await page.evaluate(async ({ chunk, limit }) => {
      const ply = await import("./ply.js");
      const out = [];
      for (const { path, body } of chunk) {
        let timer;
        const late = new Promise((resolve) => {
          timer = setTimeout(() => resolve({ status: -1, body: `no answer within ${limit} ms` }), limit);
        });
        try {
          const answer = await Promise.race([ply.answer(path, body), late]);
          // A request with no answer would hold up every one behind it: end it.
          if (answer.status === -1) ply.stop();
          out.push({ status: answer.status, body: String(answer.body) });
        } catch (error) {
          out.push({ status: -1, body: `answer() threw: ${error}` });
        } finally {
          clearTimeout(timer);
        }
      }
      return out;
    }, { chunk, limit: REQUEST_MS });
    answers.push(...got);
    console.log(`answered ${answers.length} of ${requests.length} (${Date.now() - started} ms)`);
  }

  // Stop: a long search, a request queued behind it, stop() half a second in; then a
  // request after them. This page is not cross-origin isolated (a plain static host): the
  // worker is ended and started again.
  const stopped = stop ? await stopping(page, stop) : null;
  // A panic in the module (as a bug would make): 500, kind "internal", and the next
  // request is answered by a new module.
  const trapped = await page.evaluate(async () => {
    const ply = await import("./ply.js");
    if (typeof ply.trapForTesting !== "function") return null;
    const trap = await ply.trapForTesting();
    const after = await ply.answer("/api/tree", '{"tree": "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))"}');
    return { trap: { status: trap.status, body: trap.body }, after: { status: after.status, body: after.body } };
  });
  // Where the site is cross-origin isolated (a host that sends COOP and COEP), stop()
  // raises a flag in shared memory instead: the search answers with what it found.
  let stoppedIsolated = null;
  if (stop) {
    const isolated = await serveStatic(siteFolder, { prefix: "/ply/", isolated: true });
    try {
      const other = await context.newPage();
      other.on("pageerror", (error) => errors.push(error.message));
      await other.goto(isolated.url);
      await other.waitForLoadState("networkidle");
      stoppedIsolated = await stopping(other, stop);
    } finally {
      await isolated.close();
    }
  }
  for (const error of errors) console.log(`page error: ${error}`);
  writeFileSync(answersFile, JSON.stringify({
    backend, answers, stop: stopped, stop_isolated: stoppedIsolated, trap: trapped, errors, paths: site.paths,
  }));
} catch (error) {
  console.log(`FAILED: ${error.message}`);
  exit = 1;
} finally {
  await browser.close();
  await site.close();
}
process.exit(exit);
