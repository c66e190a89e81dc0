// (to be written) run as: node SCRIPT.mjs SCREENSHOT_DIR CHROMIUM TARGET...
import { mkdirSync } from "node:fs";
import { checker, runTargets } from "./harness.mjs";

const [out, executable, ...targets] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

await runTargets(executable, targets, async (browser, name) => {
  const check = checker(name);
  check(true, "the script runs");
});
