// The pages speak the teachers' terms (the glossary of the lab's four languages): the
// Swedish tree lab says alfa-beta-beskärning and spelträd, the Chinese Nim page names the
// xor-zero position 奇异局势 and lists its moves with "；", the Chinese "as written" order
// is 按给出的顺序, not random, and plain minimax narrates its steps without the α/β
// windows that belong to alpha-beta. Screenshots of each page in every language at a
// phone's and a desktop's width.
// Run as: node terms.mjs SCREENSHOT_DIR CHROMIUM TARGET...
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { checker, runTargets } from "./harness.mjs";

const [out, executable, ...targets] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

const LANGS = ["en", "sv", "zh", "el"];
const WIDTHS = [1280, 390];
const CLASSIC = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";

/** The tree lab on the classic tree with `algorithm`, stepped to `step`. */
function treeLink(base, lang, algorithm, step) {
  const hash = new URLSearchParams({ tree: CLASSIC, algorithm, step: String(step) });
  return `${new URL("index.html", base).href}?lang=${lang}#${hash}`;
}

/** Every text of the page, hidden parts (folded boxes, options) included. */
async function allText(page) {
  return page.evaluate(() => {
    const texts = [document.title, document.body.textContent ?? ""];
    for (const element of document.querySelectorAll("[title], [aria-label]")) {
      texts.push(element.getAttribute("title") ?? "", element.getAttribute("aria-label") ?? "");
    }
    return texts.join("\n");
  });
}

/** Whether the page is no wider than its window. */
async function fits(page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

await runTargets(executable, targets, async (browser, name, base) => {
  const check = checker(name);
  const shots = join(out, name);
  mkdirSync(shots, { recursive: true });
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const wide = [];
    for (const lang of LANGS) {
      // The tree lab: plain minimax two steps in (the root entered, then a leaf), then
      // alpha-beta the same two steps.
      await page.goto("about:blank");
      await page.goto(treeLink(base, lang, "minimax", 2));
      await page.waitForFunction(() => (document.getElementById("step-info")?.textContent ?? "").includes("2"));
      const minimax = (await page.textContent("#step-info")) ?? "";
      await page.screenshot({ path: join(shots, `tree-minimax-${lang}-${width}.png`), fullPage: true });
      if (!(await fits(page))) wide.push(`tree lab ${lang}`);
      const treeText = await allText(page);
      await page.goto("about:blank");
      await page.goto(treeLink(base, lang, "alphabeta", 2));
      await page.waitForFunction(() => (document.getElementById("step-info")?.textContent ?? "").includes("2"));
      const alphabeta = (await page.textContent("#step-info")) ?? "";
      if (width === 1280) {
        check(minimax.includes(" b") && !minimax.includes("α=") && !minimax.includes("β="),
          `${lang}: minimax's steps are said without a window (${minimax})`);
        check(alphabeta.includes("α=−∞") && alphabeta.includes("β=+∞"),
          `${lang}: alpha-beta's steps are said with their window (${alphabeta})`);
      }
      if (lang === "sv" && width === 1280) {
        check(treeText.includes("alfa-beta-beskärning"), "sv: the tree lab says alfa-beta-beskärning");
        check(treeText.includes("spelträd"), "sv: the tree lab says spelträd");
        check(!/avskär/i.test(treeText), "sv: the tree lab never says avskärning");
      }
      if (lang === "el" && width === 1280) {
        check(!treeText.includes("το κλάδεμα άλφα-βήτα") && !treeText.includes("αποκοπ"),
          "el: the tree lab lets the search examine and the pruning cut");
      }

      // Nim's board: three piles of one, three winning moves, the theory box open.
      await page.goto("about:blank");
      await page.goto(`${new URL("play.html", base).href}?lang=${lang}#game=${encodeURIComponent("nim:1,1,1")}`);
      await page.waitForSelector("#theory-winning");
      await page.evaluate(() => {
        const box = document.getElementById("theory");
        if (box) box.open = true;
      });
      const theory = (await page.textContent("#theory")) ?? "";
      const winning = (await page.textContent("#theory-winning")) ?? "";
      const status = (await page.textContent("#status")) ?? "";
      await page.screenshot({ path: join(shots, `nim-${lang}-${width}.png`), fullPage: true });
      if (!(await fits(page))) wide.push(`Nim ${lang}`);
      if (lang === "zh" && width === 1280) {
        check(theory.includes("奇异局势"), "zh: Nim's theory names 奇异局势");
        check(winning.split("；").length === 3, `zh: Nim's winning moves are listed with "；" (${winning})`);
        check(!(await allText(page)).includes("博奕"), "zh: the Nim page writes 博弈, never 博奕");
        check(!status.includes(" （你）"), `zh: no space before （你） (${status})`);
      }
      if (lang === "en" && width === 1280) {
        check(winning.split("; ").length === 3, `en: Nim's winning moves are listed with "; " (${winning})`);
      }

      // The practice page: the order "as written" is not random.
      await page.goto("about:blank");
      await page.goto(`${new URL("practice.html", base).href}?lang=${lang}#kind=pruned&level=1&seed=3&variant=as_written`);
      await page.waitForFunction(() => document.querySelectorAll('#variant option[value="as_written"]').length === 1);
      const variants = await page.$$eval("#variant option", (options) => options.map((o) => o.textContent ?? ""));
      await page.screenshot({ path: join(shots, `practice-${lang}-${width}.png`), fullPage: true });
      if (!(await fits(page))) wide.push(`practice ${lang}`);
      if (lang === "zh" && width === 1280) {
        check(variants.includes("子节点按给出的顺序") && !variants.some((v) => v.includes("随机")),
          `zh: the as-written order reads 按给出的顺序 (${variants.join(" | ")})`);
      }
    }
    check(wide.length === 0, `${width} px: every page fits its window (${wide.join(", ") || "all"})`);
    await context.close();
  }
});
