// What the browser scripts share (lab.mjs, practice.mjs): checks that print one line
// each, naming their target (`ok [static]: ...`, `FAILED [server]: ...`), and the run
// over the targets the Rust driver names: `server=URL` (`ply serve` at URL) or
// `static=FOLDER` (the site of `scripts/build-site FOLDER`, served here under the
// sub-path /ply/ with no ply process).
import { chromium } from "playwright-core";
import { serveStatic } from "./static-server.mjs";

let failures = 0;

/** A check for one target: `check(condition, what)` prints ok or FAILED and counts. */
export function checker(name) {
  return (condition, what) => {
    if (condition) {
      console.log(`ok [${name}]: ${what}`);
    } else {
      console.log(`FAILED [${name}]: ${what}`);
      failures += 1;
    }
  };
}

/**
 * Runs `suite(browser, name, base, paths)` against each target in one chromium (`paths`:
 * every path the static server was asked for, empty for the server), then exits: 0 when
 * every check passed. A suite that throws is a failed check of its target.
 */
export async function runTargets(executable, targets, suite) {
  const browser = await chromium.launch({
    executablePath: executable,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    for (const target of targets) {
      const [name, where] = [target.slice(0, target.indexOf("=")), target.slice(target.indexOf("=") + 1)];
      let site = null;
      try {
        let base = where;
        if (name === "static") {
          site = await serveStatic(where, { prefix: "/ply/" });
          base = site.url;
        }
        if (!base.endsWith("/")) base += "/";
        console.log(`== ${name}: ${base}`);
        await suite(browser, name, base, site ? site.paths : []);
      } catch (error) {
        checker(name)(false, `the run finished (${error.message})`);
      } finally {
        if (site) await site.close();
      }
    }
  } finally {
    await browser.close();
  }
  process.exit(failures === 0 ? 0 : 1);
}
