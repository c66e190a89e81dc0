// Pig's board on the play page: the die showing the last throw's pips, both banked
// scores against the goal, the turn total, the Roll and Hold buttons, and each
// decision's chance of winning for the player to move (from POST /api/play/pig, which
// reads the game's exact solution). Holding needs a turn total above 0: a turn starts
// with a roll.

import { make } from "./dom.js";
import { playerWords } from "./play-values.js";
import { t } from "./words.js";

/** @typedef {import("../types/api").PigPlay} PigPlay */

/** Whether a game spec names Pig (`pig`, `pig:N`). */
export function isPig(/** @type {string} */ spec) {
  return /^pig(:\s*\d+)?$/i.test(spec.trim());
}

/**
 * What the Pig board shows and what its buttons do.
 * @typedef {object} PigView
 * @property {PigPlay} play the position, with the last decision and throw
 * @property {number | null} face the last face thrown in the game (a hold keeps it on the die)
 * @property {boolean} enabled whether the human may decide now
 * @property {"you" | "engine" | "over"} phase whose turn it is, or the end (the board's `data-phase`)
 * @property {(decision: "roll" | "hold") => void} onDecide takes a decision
 */

const SVG = "http://www.w3.org/2000/svg";

/** Where each face's pips are, on a 3 × 3 grid from the top left (0 to 8). */
const PIPS = /** @type {Record<number, number[]>} */ ({
  1: [4],
  2: [2, 6],
  3: [2, 4, 6],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
});

/**
 * A die face as an SVG picture: `face` pips (1 to 6), or a blank face before a throw.
 * @param {number | null} face
 * @returns {SVGSVGElement}
 */
export function dieFace(face) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 60 60");
  svg.setAttribute("class", face === 1 ? "pig-die pig-die-one" : "pig-die");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", face ? t("play.pig.die", { face }) : t("play.pig.die.none"));
  svg.dataset.face = face ? String(face) : "";
  const body = document.createElementNS(SVG, "rect");
  for (const [name, value] of [["x", "3"], ["y", "3"], ["width", "54"], ["height", "54"], ["rx", "9"]]) {
    body.setAttribute(name, value);
  }
  body.setAttribute("class", "pig-die-body");
  svg.append(body);
  for (const at of face ? PIPS[face] ?? [] : []) {
    const pip = document.createElementNS(SVG, "circle");
    pip.setAttribute("cx", String(15 + 15 * (at % 3)));
    pip.setAttribute("cy", String(15 + 15 * Math.floor(at / 3)));
    pip.setAttribute("r", "5.5");
    pip.setAttribute("class", "pig-pip");
    svg.append(pip);
  }
  return svg;
}

/**
 * Draws Pig's board into `area` (replacing what was there).
 * @param {HTMLElement} area
 * @param {PigView} view
 */
export function drawPigBoard(area, view) {
  const play = view.play;
  const board = make("div", { id: "pig-board", className: "pig-board" });
  board.dataset.phase = view.phase;
  const top = make("div", { className: "pig-top" });
  top.append(dieFace(view.face));
  const scores = make("div", { className: "pig-scores" });
  for (const index of [0, 1]) {
    const row = make("div", { className: "pig-score" });
    row.dataset.player = String(index);
    if (index === play.to_move_index && !play.winner) row.classList.add("pig-to-move");
    const name = playerWords(index === 0 ? "first player" : "second player");
    const score = play.scores[index] ?? 0;
    row.append(make("span", { className: "pig-name", text: name }));
    row.append(make("span", { className: "pig-points", text: String(score) }));
    const bar = make("span", { className: "pig-bar" });
    const fill = make("span", { className: "pig-fill" });
    fill.style.width = `${Math.min(100, (100 * score) / play.goal)}%`;
    bar.append(fill);
    row.append(bar);
    scores.append(row);
  }
  scores.append(make("p", { className: "pig-goal", text: t("play.pig.goal", { goal: play.goal }) }));
  top.append(scores);
  board.append(top);
  board.append(make("p", { id: "pig-turn-total", className: "pig-turn-total", text: t("play.pig.turn-total", { total: play.turn_total }) }));
  const buttons = make("div", { className: "row pig-buttons" });
  const roll = make("button", { id: "pig-roll", text: t("play.pig.roll") });
  roll.setAttribute("type", "button");
  roll.toggleAttribute("disabled", !view.enabled);
  roll.addEventListener("click", () => view.onDecide("roll"));
  const hold = make("button", { id: "pig-hold", text: t("play.pig.hold") });
  hold.setAttribute("type", "button");
  hold.toggleAttribute("disabled", !view.enabled || play.turn_total === 0);
  hold.title = play.turn_total === 0 ? t("play.pig.hold.first-roll") : "";
  hold.addEventListener("click", () => view.onDecide("hold"));
  buttons.append(roll, hold);
  board.append(buttons);
  const chances = make("ul", { id: "pig-chances", className: "pig-chances" });
  const words = play.decisions_text;
  if (words && !play.winner) {
    const best = play.best;
    const item = (/** @type {string} */ id, /** @type {string} */ text, /** @type {boolean} */ isBest) => {
      const li = make("li", { text });
      if (isBest) li.classList.add("pig-best");
      li.dataset.decision = id;
      chances.append(li);
    };
    item("roll", t("play.pig.chance.roll", { chance: words.roll }), best === "roll");
    item(
      "hold",
      words.hold ? t("play.pig.chance.hold", { chance: words.hold }) : t("play.pig.chance.hold-none"),
      best === "hold",
    );
  }
  board.append(chances);
  area.replaceChildren(board);
}

/**
 * What the last decision did, in words: "First player rolled 4.", "Second player rolled
 * a 1: the turn total is lost.", "First player held 12.".
 * @param {PigPlay} play the answer after the decision
 * @param {string} player the player who decided, in words
 * @param {number} turnTotal the turn total before the decision
 * @returns {string}
 */
export function pigEvent(play, player, turnTotal) {
  if (play.decision === "hold") return t("play.pig.held", { player, total: turnTotal });
  if (play.face === 1) return t("play.pig.pigged", { player });
  if (play.face) return t("play.pig.rolled", { player, face: play.face });
  return "";
}
