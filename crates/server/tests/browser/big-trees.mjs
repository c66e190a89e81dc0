// Big game trees in the tree lab, in a real browser (Debian's chromium, driven by
// playwright-core), run by crates/server/tests/browser.rs:
//   node big-trees.mjs SCREENSHOT_DIR CHROMIUM TARGET...
// where each TARGET is `server=URL` (`ply serve` at URL) or `static=FOLDER` (the site of
// `scripts/build-site FOLDER`, served here under the sub-path /ply/ with no ply process).
// The checks: count to 10 (232 nodes, 6,209 px wide) opens readable at 1280 px and at
// 390 px: its root in the box, the rows' labels of the first levels in view, every label
// at least 12 px on screen (it opened at 70 %, its visit numbers at 7 px, the rows' labels
// scrolled away), the running totals drawn stronger than the visit numbers (they were
// 11 px grey under bold blue numbers), and Fit keeps the labels at 12 px; the graph of
// positions of count to 10 shows the eleven totals, each marked win or loss for the player
// to move as the theory says (a loss exactly when 10 − total is a multiple of 3), with
// the 19 moves +1 and +2 between them, in English, Swedish, Chinese and Greek, within the
// width of a phone; and tic-tac-toe's graph to depth 2 by symmetry shows 1 + 3 + 12 = 16
// positions. Count to 10 is wider than the box at that zoom (6,209 px): it opens drawn
// to depth 2, its root, both level-1 and the four level-2 nodes in the box (only the
// root was), each level-2 node folded over the nodes below it (+87, +53, +53, +32) with
// the depth in the link and the rows' labels drawn under the tree; a click on a folded
// node opens it, a step into a folded subtree opens the way to it, and All levels draws
// the 232 nodes. Screenshots of the tree and of the graph in the four languages at 390 px
// and 1280 px go to SCREENSHOT_DIR. Each line of the report names its target:
// `ok [static]: ...`. Exits 0 when every check passes.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { checker, runTargets } from "./harness.mjs";

const [out, executable, ...targets] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

const COUNT_TO_10 = "lesson=count-to-10&game=race:10,2&depth_aware=0&algorithm=minimax";
const TIC_TAC_TOE = "game=tictactoe&depth=2&symmetry=1&algorithm=minimax";
/** Each language's words for a win and a loss (the catalogs' tree.graph.win / .loss). */
/** Each language's words for the mark of a node folded over 87 (tree.picture.folded). */
const FOLDED = { en: "+87 nodes", sv: "+87 noder", zh: "+87 个节点", el: "+87 κόμβοι" };
const MARKS = {
  en: ["win", "loss"],
  sv: ["vinst", "förlust"],
  zh: ["胜", "负"],
  el: ["νίκη", "ήττα"],
};

/** Opens the tree lab in `lang` at a fragment and waits for the picture and the summary. */
async function open(page, base, lang, fragment) {
  await page.goto("about:blank");
  await page.goto(new URL("index.html", base).href + `?lang=${lang}#` + fragment);
  await page.waitForFunction(() => /[0-9]/.test(document.getElementById("summary").textContent)
    && document.querySelector("#picture svg") !== null);
}

/** Whether the page is wider than its window. */
async function overflows(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/**
 * What the picture shows in its box: whether the root is in it, the rows' labels in view
 * (those of the rows the box shows), the smallest label on the screen, and how a node's
 * name (its total) and its visit number are drawn.
 */
async function seen(page) {
  return page.evaluate(() => {
    const box = document.getElementById("picture").getBoundingClientRect();
    const inBox = (r) => r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    const svg = document.querySelector("#picture svg");
    const scale = svg.getBoundingClientRect().width / Number(svg.getAttribute("width"));
    const root = svg.querySelector('g.node[data-path=""]');
    const rows = [...svg.querySelectorAll("text.row-label")].filter((r) => r.getBoundingClientRect().bottom < box.bottom);
    const labels = [...svg.querySelectorAll("text.label, text.row-label")]
      .filter((t) => t.textContent.trim() !== "" && getComputedStyle(t).visibility !== "hidden");
    const smallest = Math.min(...labels.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale));
    const style = (selector) => {
      const s = getComputedStyle(svg.querySelector(selector));
      const [r, g, b] = s.fill.match(/[0-9.]+/g).map(Number);
      return { size: parseFloat(s.fontSize), weight: Number(s.fontWeight), ink: 0.299 * r + 0.587 * g + 0.114 * b };
    };
    return {
      root: root !== null && inBox(root.querySelector(".node").getBoundingClientRect()),
      rows: rows.length,
      rowsIn: rows.filter((r) => inBox(r.getBoundingClientRect())).length,
      smallest: Math.round(smallest * 10) / 10,
      name: style("g.node:not(.leaf) > text.label.name"),
      order: style("g.node > text.label.order"),
      zoom: document.getElementById("zoom-level").textContent,
    };
  });
}

/**
 * The first levels of the tree as drawn: which of the root, level-1 and level-2 nodes are
 * inside the box, the nodes drawn, the folded ones with their counts, the levels' row,
 * the link, and whether the rows' labels are drawn under every node.
 */
async function levelsOf(page) {
  return page.evaluate(() => {
    const box = document.getElementById("picture").getBoundingClientRect();
    const inBox = (r) => r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    const svg = document.querySelector("#picture svg");
    const shape = (path) => svg.querySelector(`g.node[data-path="${path}"] > .node`);
    const first = ["", "0", "1", "0.0", "0.1", "1.0", "1.1"];
    const parts = [...svg.children];
    const cards = parts.filter((e) => e.matches("rect.row-label-card, text.row-label")).map((e) => parts.indexOf(e));
    const nodes = parts.filter((e) => e.matches("g.node")).map((e) => parts.indexOf(e));
    const row = document.getElementById("levels");
    return {
      inBox: first.filter((path) => shape(path) && inBox(shape(path).getBoundingClientRect())).map((p) => p || "root"),
      drawn: svg.querySelectorAll("g.node").length,
      folded: [...svg.querySelectorAll("g.node.folded")].map((g) => `${g.dataset.path}:${g.querySelector("text.folded-count").textContent}`),
      current: svg.querySelector("g.node.current")?.dataset.path ?? null,
      row: row.hidden ? null : document.getElementById("levels-info").textContent,
      link: location.hash,
      under: cards.length > 0 && Math.max(...cards) < Math.min(...nodes),
    };
  });
}

/** Switches to the graph of positions and reads it: each position's label and mark. */
async function graphOf(page) {
  await page.click('#view-switch input[value="graph"]');
  await page.waitForSelector("#graph svg g.position");
  return page.evaluate(() => ({
    positions: [...document.querySelectorAll("#graph g.position")].map((g) => ({
      label: g.dataset.label,
      value: g.dataset.value,
      mark: g.querySelector("text.mark").textContent,
    })),
    moves: [...document.querySelectorAll("#graph g.move")].map((g) =>
      `${g.dataset.from}>${g.dataset.to}:${g.querySelector("text.move-name").textContent}`),
    treeShown: !document.getElementById("picture").hidden,
    summary: document.getElementById("graph-summary").textContent,
    box: (() => { const b = document.getElementById("graph"); return { scroll: b.scrollWidth, client: b.clientWidth, right: b.getBoundingClientRect().right }; })(),
  }));
}

await runTargets(executable, targets, async (browser, name, base) => {
  const check = checker(name);
  for (const [width, height, tag] of [[1280, 900, "1280"], [390, 844, "390"]]) {
    const page = await browser.newPage({ viewport: { width, height } });
    await open(page, base, "en", COUNT_TO_10);
    const view = await seen(page);
    const what = JSON.stringify(view);
    check(view.root, `${tag} px: count to 10 opens with its root in the box (${what})`);
    check(view.rows >= 3 && view.rowsIn === view.rows, `${tag} px: the rows' labels of the first levels are in view (${view.rowsIn} of ${view.rows})`);
    check(view.smallest >= 12, `${tag} px: every label is at least 12 px on screen at the opening zoom (${view.smallest} px at ${view.zoom})`);
    if (tag === "1280") {
      check(view.name.size > view.order.size && view.name.weight >= view.order.weight && view.name.ink < view.order.ink,
        `the totals are drawn stronger than the visit numbers (total ${JSON.stringify(view.name)}, visit number ${JSON.stringify(view.order)})`);
    }
    const levels = await levelsOf(page);
    check(levels.inBox.length === 7 && levels.drawn === 7,
      `${tag} px: count to 10 opens with its root, both level-1 and the four level-2 nodes in the box (${levels.inBox.join(" ")}; ${levels.drawn} nodes drawn)`);
    check(levels.folded.join(" ") === "0.0:+87 nodes 0.1:+53 nodes 1.0:+53 nodes 1.1:+32 nodes",
      `${tag} px: each level-2 node is folded over the nodes below it (${levels.folded.join(" ")})`);
    check(levels.row === "Levels 0–2 of 0–10 drawn: a folded node (+N nodes) opens on a click." && /[#&]levels=2(&|$)/.test(levels.link),
      `${tag} px: the levels' row says what is drawn, and the link carries the depth (${levels.row}; ${levels.link})`);
    check(levels.under, `${tag} px: the rows' labels are drawn under the tree, never over a node`);
    await page.locator("#picture").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(out, `count-to-10-tree-en-${tag}.png`) });
    if (tag === "1280") {
      // A click on a folded node opens it: total 3 (path 0.1) over its two children.
      await page.click('#picture g.node.folded[data-path="0.1"] > .node');
      await page.waitForFunction(() => document.querySelectorAll("#picture svg g.node").length === 9);
      const opened = await levelsOf(page);
      const under = opened.folded.filter((f) => f.startsWith("0.1.")).map((f) => Number(f.split(":+")[1].split(" ")[0]));
      check(opened.drawn === 9 && !opened.folded.some((f) => f.startsWith("0.1:")) && under.length === 2 && under[0] + under[1] + 2 === 53,
        `a click on a folded node opens it one level deeper (${opened.folded.join(" ")})`);
      // Step 4 of the search is at depth 3, under the folded node 0.0: the step opens it.
      await page.click("#step-start");
      for (let i = 0; i < 4; i += 1) await page.click("#step-forward");
      await page.waitForFunction(() => document.querySelector("#picture svg g.node.current") !== null);
      const stepped = await levelsOf(page);
      check(stepped.current === "0.0.0" && !stepped.folded.some((f) => f.startsWith("0.0:")),
        `a step to a node inside a folded subtree opens the way to it (current ${stepped.current}; ${stepped.folded.join(" ")})`);
      await page.click("#step-end");
      await page.click("#levels-all");
      await page.waitForFunction(() => document.querySelectorAll("#picture svg g.node").length > 100);
      const all = await levelsOf(page);
      check(all.drawn === 232 && all.folded.length === 0 && /[#&]levels=all(&|$)/.test(all.link),
        `All levels draws the 232 nodes of count to 10 (${all.drawn}, ${all.row}, ${all.link})`);
    }
    await page.click("#zoom-fit");
    const fitted = await seen(page);
    check(fitted.smallest >= 12 && fitted.rowsIn === fitted.rows,
      `${tag} px: Fit keeps every label at least 12 px and the rows' labels in view (${fitted.smallest} px at ${fitted.zoom})`);
    await page.close();
  }

  // The graph of positions of count to 10, in the four languages, at both widths.
  for (const lang of ["en", "sv", "zh", "el"]) {
    for (const [width, height, tag] of [[1280, 900, "1280"], [390, 844, "390"]]) {
      const page = await browser.newPage({ viewport: { width, height } });
      await open(page, base, lang, COUNT_TO_10);
      if (tag === "1280") {
        const { folded } = await levelsOf(page);
        check(folded[0] === `0.0:${FOLDED[lang]}` && folded.length === 4,
          `${lang}: a folded node says how many nodes it holds in the page's words (${folded.join(" ")})`);
      }
      await page.locator("#picture").scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(out, `count-to-10-tree-${lang}-${tag}.png`) });
      const graph = await graphOf(page);
      const labels = graph.positions.map((p) => p.label).join(" ");
      const [win, loss] = MARKS[lang];
      const theory = graph.positions.every((p) => {
        const lost = (10 - Number(p.label)) % 3 === 0;
        return p.value === (lost ? "loss" : "win") && p.mark === (lost ? loss : win);
      });
      const said = graph.positions.map((p) => `${p.label} ${p.mark}`).join(", ");
      if (tag === "1280") {
        check(graph.positions.length === 11 && labels === "0 1 2 3 4 5 6 7 8 9 10" && theory,
          `${lang}: the graph of positions of count to 10 shows the eleven totals, each marked win or loss for the player to move as the theory says (${said})`);
        const expected = [];
        for (let total = 0; total < 10; total += 1) {
          expected.push(`${total}>${total + 1}:1`);
          if (total + 2 <= 10) expected.push(`${total}>${total + 2}:2`);
        }
        check(graph.moves.join(" ") === expected.join(" "), `${lang}: ... with the 19 moves +1 and +2 between them (${graph.moves.join(" ")})`);
        check(!graph.treeShown && /\b11\b/.test(graph.summary) && /\b232\b/.test(graph.summary),
          `${lang}: the graph takes the tree's place and says its positions and the tree's nodes (${graph.summary})`);
      } else {
        check(graph.positions.length === 11 && theory && !(await overflows(page)) && graph.box.right <= width + 1,
          `${lang}: 390 px: the graph of positions fits the phone, marked as at 1280 px (${graph.box.scroll} px in ${graph.box.client})`);
      }
      await page.locator("#graph").scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(out, `count-to-10-graph-${lang}-${tag}.png`) });
      if (lang === "en") {
        await page.click('#view-switch input[value="tree"]');
        check(await page.isVisible("#picture svg") && !(await page.isVisible("#graph")), `${tag} px: the switch brings the tree back`);
      }
      await page.close();
    }
  }

  // Tic-tac-toe to depth 2 by symmetry: the empty board, 3 first moves, 12 replies.
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await open(page, base, "en", TIC_TAC_TOE);
  const ttt = await graphOf(page);
  const drawn = ttt.positions.slice(0, 4).every((p) => p.value === "draw" && p.mark === "draw");
  check(ttt.positions.length === 16 && drawn,
    `tic-tac-toe to depth 2 by symmetry: 16 positions (1 + 3 + 12), the start and each first move a draw (${ttt.positions.length}: ${ttt.summary})`);
  await page.locator("#graph").scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(out, "tictactoe-graph-en-1280.png") });
  await page.close();
});
