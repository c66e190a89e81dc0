// Connect Four on the play page, exact at every stone: whole games against the perfect
// engine, the human playing one of the best columns the page shows (drawn from a fixed
// seed), once moving first and once second,
// with "Show every move's value" on and the page's time of 1 s. Every analysis the page
// asks for (`/api/play/analysis`, at the human's turns) and every engine move's
// (`/api/play/engine`) must be exact, each column a win, a draw or a loss with its plies,
// never an estimate; the engine's answers within the second they were given are exact only
// if they came in that second (past three quarters of it, the columns left are estimated).
// Run by crates/server/tests/browser.rs against `ply serve` with the book built in:
//   node connect4.mjs OUT CHROMIUM server=URL [static=FOLDER] [moves=M1,M2,...]
// `moves` starts the games from a position instead of the empty board.
import { join } from "node:path";
import { checker, runTargets } from "./harness.mjs";

const [out, executable, ...rest] = process.argv.slice(2);
// The server only: the answers are read from its responses, which a page of the static
// site, answering in its own worker, never sends.
const targets = rest.filter((arg) => arg.startsWith("server="));
const start = (rest.find((arg) => arg.startsWith("moves=")) ?? "moves=").slice("moves=".length);

/** A small fixed generator (the same games every run): xorshift32. */
function generator(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}

await runTargets(executable, targets, async (browser, name, base) => {
  const check = checker(name);
  for (const side of ["first", "second"]) {
    const random = generator(side === "first" ? 7 : 11);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30000);
    page.on("pageerror", (error) => check(false, `no script error (${side}): ${error.message}`));
    // Every analysis the page receives: how many stones, exact or not, which columns.
    /** @type {{path: string, stones: number, exact: boolean, estimates: string[], ms: number}[]} */
    const answers = [];
    page.on("response", async (response) => {
      const path = new URL(response.url()).pathname;
      if (!path.endsWith("/api/play/analysis") && !path.endsWith("/api/play/engine")) return;
      try {
        const request = JSON.parse(response.request().postData() ?? "{}");
        const body = await response.json();
        const analysis = path.endsWith("/engine") ? body.analysis : body;
        answers.push({
          path: path.slice(path.lastIndexOf("/api/")),
          stones: (request.moves ?? []).length,
          exact: analysis.exact === true,
          estimates: analysis.moves.filter((m) => m.value === "estimate").map((m) => m.move),
          ms: analysis.time_ms,
        });
      } catch (error) {
        check(false, `an answer of ${path} is read (${error.message})`);
      }
    });
    const moves = start === "" ? "" : `&moves=${start}`;
    await page.goto(`${base}play.html#game=connect4${moves}&side=${side}`);
    await page.fill("#time", "1000");
    await page.check("#show-values");
    const yourTurnOrOver = () => page.waitForFunction(() => {
      const s = document.getElementById("status").textContent;
      return s.includes("Game over") || s.includes("(you)");
    });
    const played = [];
    for (let turn = 0; turn < 42; turn++) {
      await yourTurnOrOver();
      if ((await page.textContent("#status")).includes("Game over")) break;
      await page.waitForSelector("#column-values .value");
      // The human plays one of the best columns the page shows (win before draw before
      // loss), picked at random: the games then run long, through every stone count.
      const shown = await page.$$eval("#column-values > div[data-move]", (cells) =>
        cells.map((c) => {
          const span = c.querySelector(".value");
          const rank = ["win", "draw", "loss"].findIndex((v) => span?.classList.contains(v));
          return { move: c.dataset.move ?? "", rank: rank < 0 ? 3 : rank };
        }));
      if (shown.length === 0) break;
      const bestRank = Math.min(...shown.map((c) => c.rank));
      const best = shown.filter((c) => c.rank === bestRank);
      const move = best[Math.floor(random() * best.length)].move;
      const column = String(Number(move) - 1);
      played.push(move);
      const before = await page.locator(".board .cell.X, .board .cell.O").count();
      await page.click(`.board .cell[data-column="${column}"]`);
      await page.waitForFunction((n) => document.querySelectorAll(".board .cell.X, .board .cell.O").length > n, before);
    }
    await yourTurnOrOver();
    const end = await page.textContent("#status");
    check(end.includes("Game over"), `${side}: the game ends (${end}; the human played ${played.join("")})`);
    await page.screenshot({ path: join(out, `${name}-play-connect4-${side}.png`) });
    const inexact = answers.filter((a) => !a.exact || a.estimates.length > 0);
    const stones = [...new Set(answers.map((a) => a.stones))].sort((a, b) => a - b);
    const slowest = Math.max(...answers.map((a) => a.ms));
    check(inexact.length === 0 && answers.length > 0,
      `${side}: every column exact at every stone (${answers.length} answers, at ${stones.join(" ")} stones; ` +
      `the slowest ${slowest.toFixed(0)} ms)` +
      (inexact.length > 0 ? `: estimates at ${inexact.map((a) => `${a.path} ${a.stones} stones [${a.estimates}]`).join(", ")}` : ""));
    await context.close();
  }
});
