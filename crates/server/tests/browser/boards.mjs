// The play page's boards of the pursuit games and the taking games in a real browser
// (Debian's chromium, driven by playwright-core):
//   node boards.mjs SCREENSHOT_DIR CHROMIUM TARGET...
// where each TARGET is `server=URL` (`ply serve` at URL) or `static=FOLDER` (the site of
// `scripts/build-site FOLDER`, served here under the sub-path /ply/ with no ply process).
// Pursuit: a cop placed and moved by clicks (one cop: a click; two cops: pick each, send
// it, then "Move the cops"), and the solved capture time; the invisible fugitive's
// possible vertices shaded and shrinking along the search plan of cycle:6 with two cops
// (4, then 2, then none). Nim: the piles in binary and their xor row, and a click on a
// counter playing its move. Screenshots `web-pursuit-<lang>[-phone].png`,
// `web-pursuit-hidden-<lang>.png` and `web-nim-<lang>[-phone].png` (languages:
// PLY_BOARDS_LANGS, default en). Each line of the report names its target:
// `ok [static]: ...`. Exits 0 when every check passes.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { checker, runTargets } from "./harness.mjs";

const [out, executable, ...targets] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const LANGS = (process.env.PLY_BOARDS_LANGS ?? "en").split(",").filter((l) => l !== "");

/** Opens the play page on a game, as one player or both, and waits for its board to take a move. */
async function open(page, base, spec, { side = "first", lang = "en", ready = "#graph-board .vertex.target" } = {}) {
  // (From another page: a new address that differs only in its fragment would not load.)
  await page.goto("about:blank");
  await page.goto(`${new URL("play.html", base).href}?lang=${lang}#game=${encodeURIComponent(spec)}`);
  // Quick engine moves (the boards are small); set in the page, folded away on a phone.
  await page.evaluate(() => {
    document.getElementById("time").value = "300";
  });
  if (side !== "first") await setField(page, "side", side);
  await page.waitForSelector(ready);
}

/** Sets a field of the folded settings (a select's value, a checkbox on) as a person would. */
async function setField(page, id, value = true) {
  await page.evaluate(([id, value]) => {
    const field = document.getElementById(id);
    if (typeof value === "boolean") field.checked = value;
    else field.value = value;
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }, [id, value]);
}

/** Clicks the vertex named `name` of the graph (its `data-vertex`). */
async function clickVertex(page, name) {
  await page.click(`#graph-board .vertex[data-vertex="${name}"]`);
}

/** The names of the vertices with a class (`cop`, `fugitive`, `possible`), in order. */
async function vertices(page, kind) {
  return page.$$eval(`#graph-board .vertex.${kind}`, (groups) => groups.map((g) => g.dataset.vertex));
}

/** A picture of the page; on a phone, from the status line down (the settings above are folded). */
async function snap(page, path, phone) {
  if (phone) await page.evaluate(() => document.getElementById("status").scrollIntoView());
  await page.screenshot({ path });
}

/** The checks, against a site whose pages are at `base` (ending in `/`). */
async function suite(browser, name, base) {
  const check = checker(name);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30000);
  page.on("pageerror", (error) => check(false, `no script error on the page: ${error.message}`));

  // One cop on a path of 5: a click places it, the engine places the fugitive, a click
  // on a neighbour moves the cop there.
  await open(page, base, "pursuit:path:5");
  check((await page.textContent("#graph-hint")).includes("Click the vertex where the cop starts"),
    "pursuit, one cop: the hint says to click where the cop starts");
  await clickVertex(page, "2");
  await page.waitForSelector("#graph-board .vertex.fugitive");
  await page.waitForSelector("#graph-board .vertex.target");
  check((await vertices(page, "cop")).join(" ") === "2", "pursuit, one cop: a click placed the cop on 2");
  const fugitive = (await vertices(page, "fugitive"))[0];
  const toward = Number(fugitive) < 2 ? "1" : "3";
  const targets = await page.$$eval("#graph-board .vertex.target", (groups) => groups.map((g) => g.dataset.vertex));
  check(targets.join(" ") === "1 2 3", `pursuit, one cop: the cop may go to 1, 2 or 3 (${targets.join(" ")})`);
  await clickVertex(page, toward);
  await page.waitForFunction((to) => document.querySelector(`#graph-board .vertex.cop[data-vertex="${to}"]`), toward);
  check((await vertices(page, "cop")).join(" ") === toward,
    `pursuit, one cop: a click on ${toward} moved the cop there (the fugitive was on ${fugitive})`);

  // Two cops on the 3×3 grid, the values shown: solved at the start, 3 cop moves to the
  // capture (the placing and 2 moves: 5 plies in all).
  await open(page, base, "pursuit:grid:3x3,cops=2");
  await setField(page, "show-values");
  await page.waitForSelector("#graph-solved");
  const solved = await page.textContent("#graph-solved");
  check(solved.includes("the cops catch the fugitive in 3 more cop moves"),
    `pursuit:grid:3x3,cops=2 solved at the start: ${solved}`);
  await clickVertex(page, "a1");
  await clickVertex(page, "c3");
  check((await page.textContent("#graph-chosen")).includes("a1,c3"), "two cops: the placing chosen reads a1,c3");
  await page.click("#graph-move");
  await page.waitForSelector("#graph-board .vertex.fugitive");
  await page.waitForSelector("#graph-hint");
  check((await vertices(page, "cop")).join(" ") === "a1 c3", "two cops: placed on a1 and c3 by clicks and the button");
  // Pick the cop on a1, send it to b1; the cop on c3 stays.
  await clickVertex(page, "a1");
  const reachable = await page.$$eval("#graph-board .vertex.target", (groups) => groups.map((g) => g.dataset.vertex));
  check(reachable.join(" ") === "a1 b1 a2", `two cops: the cop picked on a1 may go to a1, b1 or a2 (${reachable.join(" ")})`);
  await clickVertex(page, "b1");
  check(await page.$("#graph-board line.going") !== null, "two cops: an arrow shows the cop sent from a1 to b1");
  check((await page.textContent("#graph-chosen")).includes("b1,c3"), "two cops: the move chosen reads b1,c3");
  await page.screenshot({ path: join(out, `${name}-pursuit-chosen.png`) });
  await page.click("#graph-move");
  await page.waitForFunction(() => document.querySelector('#graph-board .vertex.cop[data-vertex="b1"]'));
  check((await vertices(page, "cop")).join(" ") === "b1 c3", "two cops: the cops moved to b1 and c3");
  await context.close();

  // The invisible fugitive on cycle:6 with two cops: the plan of docs/pursuit.md, placed
  // side by side and sweeping both ways; the shaded vertices shrink 4, 2, none.
  const hidden = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const search = await hidden.newPage();
  search.setDefaultTimeout(30000);
  search.on("pageerror", (error) => check(false, `no script error on the search: ${error.message}`));
  await open(search, base, "pursuit-hidden:cycle:6,cops=2");
  await setField(search, "show-values");
  await search.waitForSelector("#graph-solved");
  const plan = await search.textContent("#graph-solved");
  check(plan.includes("the best plan clears the graph in 3 more moves"), `pursuit-hidden:cycle:6,cops=2 solved: ${plan}`);
  await clickVertex(search, "0");
  await clickVertex(search, "1");
  await search.click("#graph-move");
  await search.waitForFunction(() => document.querySelectorAll("#graph-board .vertex.cop").length === 2);
  let possible = await vertices(search, "possible");
  check(possible.join(" ") === "2 3 4 5", `hidden: after placing on 0 and 1 the fugitive may be at 2 3 4 5 (${possible.join(" ")})`);
  const fill = await search.$eval('#graph-board .vertex.possible .shape', (shape) => getComputedStyle(shape).fill);
  check(fill !== "rgb(255, 255, 255)" && fill !== "none", `hidden: the possible vertices are shaded (${fill})`);
  check((await search.textContent("#graph-possible")).includes("any of the 4 shaded vertices"), "hidden: the page says 4 shaded vertices");
  await search.screenshot({ path: join(out, `${name}-pursuit-hidden.png`) });
  // 0 → 5 and 1 → 2.
  await clickVertex(search, "0");
  await clickVertex(search, "5");
  await clickVertex(search, "1");
  await clickVertex(search, "2");
  const after = await search.textContent("#graph-after");
  check(after.includes("may be at 2 vertices"), `hidden: the move 2,5 chosen says what it leaves: ${after}`);
  await search.click("#graph-move");
  await search.waitForFunction(() => document.querySelectorAll("#graph-board .vertex.possible").length === 2);
  possible = await vertices(search, "possible");
  check(possible.join(" ") === "3 4", `hidden: after 2,5 the fugitive may be at 3 4 (${possible.join(" ")})`);
  // 5 → 4 and 2 → 3: every vertex cleared.
  await clickVertex(search, "5");
  await clickVertex(search, "4");
  await clickVertex(search, "2");
  await clickVertex(search, "3");
  await search.click("#graph-move");
  await search.waitForFunction(() => document.getElementById("status").textContent.includes("Game over"));
  possible = await vertices(search, "possible");
  check(possible.length === 0, `hidden: after 3,4 no vertex is shaded (${possible.join(" ")})`);
  check((await search.textContent("#graph-possible")).includes("Every vertex is cleared"), "hidden: every vertex is cleared");
  await hidden.close();

  // Nim 3,4,5, both sides played here: the binary rows and the xor row; a click on the
  // second counter of pile 1 takes 2 from it (to 1,4,5, xor 0).
  const nimContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const nim = await nimContext.newPage();
  nim.setDefaultTimeout(30000);
  nim.on("pageerror", (error) => check(false, `no script error on Nim: ${error.message}`));
  await open(nim, base, "nim:3,4,5", { side: "both", ready: "#piles-board .counter:enabled" });
  const rows = () => nim.$$eval("#nim-binary tr", (trs) => trs.slice(1).map((tr) =>
    [...tr.children].map((cell) => cell.textContent.replace(/\s+/g, "")).join(" ")));
  let binary = await rows();
  check(binary.join(" | ") === "Pile1 3 011 | Pile2 4 100 | Pile3 5 101 | xor 2 010",
    `nim:3,4,5: the piles in binary and their xor: ${binary.join(" | ")}`);
  const winning = await nim.textContent("#theory-winning");
  check(winning.includes("take 2 from pile 1"), `nim:3,4,5: the winning move: ${winning}`);
  check((await nim.$$("#pile-1 .counter")).length === 3, "nim: pile 1 has 3 counters");
  await nim.click('#pile-1 .counter[data-take="2"]');
  await nim.waitForFunction(() => document.querySelectorAll("#pile-1 .counter").length === 1);
  binary = await rows();
  check(binary.join(" | ") === "Pile1 1 001 | Pile2 4 100 | Pile3 5 101 | xor 0 000",
    `nim: a click on pile 1's second counter took 2: ${binary.join(" | ")}`);
  check((await nim.textContent("#theory-verdict")).includes("loses"), "nim: 1,4,5 loses for the player to move");
  await nimContext.close();

  // The pictures, in each language: desktop and phone.
  for (const lang of LANGS) {
    for (const [suffix, viewport] of [["", { width: 1280, height: 900 }], ["-phone", { width: 390, height: 844 }]]) {
      const shots = await browser.newContext({
        viewport, deviceScaleFactor: suffix ? 2 : 1, isMobile: !!suffix, hasTouch: !!suffix,
      });
      const shot = await shots.newPage();
      shot.setDefaultTimeout(30000);
      shot.on("pageerror", (error) => check(false, `no script error (${lang}${suffix}): ${error.message}`));
      await open(shot, base, "pursuit:grid:3x3,cops=2", { lang });
      await setField(shot, "show-values");
      await clickVertex(shot, "b1");
      await clickVertex(shot, "b3");
      await shot.click("#graph-move");
      await shot.waitForSelector("#graph-board .vertex.fugitive");
      await shot.waitForSelector("#graph-solved");
      await clickVertex(shot, "b1");
      await clickVertex(shot, "b2");
      if (suffix) {
        const wide = await shot.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
        check(!wide, `${lang}: the pursuit board fits a 390 px phone`);
      }
      await snap(shot, join(out, `web-pursuit-${lang}${suffix}.png`), !!suffix);
      if (!suffix) {
        await open(shot, base, "pursuit-hidden:cycle:6,cops=2", { lang });
        await clickVertex(shot, "0");
        await clickVertex(shot, "1");
        await shot.click("#graph-move");
        await shot.waitForFunction(() => document.querySelectorAll("#graph-board .vertex.possible").length === 4);
        await shot.screenshot({ path: join(out, `web-pursuit-hidden-${lang}.png`) });
      }
      await open(shot, base, "nim:3,4,5", { lang, ready: "#piles-board .counter:enabled" });
      if (suffix) {
        const wide = await shot.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
        check(!wide, `${lang}: the Nim board fits a 390 px phone`);
      }
      await snap(shot, join(out, `web-nim-${lang}${suffix}.png`), !!suffix);
      await shots.close();
    }
  }
}

await runTargets(executable, targets, suite);
