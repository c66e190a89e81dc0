// The play page's words and values: a player and a move's notation in words, a move's
// value in words, the list of legal moves for games drawn as text, and the panel of
// every move's value with its best line.

import { make } from "./dom.js";
import { t } from "./words.js";

/** @typedef {import("../types/api").MoveValue} MoveValue */
/** @typedef {import("../types/api").Analysis} Analysis */
/** @typedef {import("../types/api").PlayState} PlayState */

/** The players' names that are words (not marks such as X and O), by message id. */
const PLAYERS = /** @type {Record<string, string>} */ ({
  "first player": "play.player.first",
  "second player": "play.player.second",
  White: "play.player.white",
  Black: "play.player.black",
});

/**
 * A player's name as the page says it: a mark ("X") as it is, a name in words ("first
 * player") in the page's language.
 * @param {string} name the API's
 * @returns {string}
 */
export function playerWords(name) {
  const id = PLAYERS[name];
  return id ? t(id) : name;
}

/**
 * How to write a move, in words: said by the page for the games it knows (from the
 * state: the board's size, the legal moves), else as the API says it.
 * @param {Pick<PlayState, "name" | "position" | "diagram" | "legal" | "move_help">} state
 * @returns {string}
 */
export function moveHelp(state) {
  const kind = state.name.split(":")[0];
  const diagram = state.diagram;
  if (diagram && !diagram.discs && (kind === "tictactoe" || kind === "mnk")) {
    const last = String.fromCharCode("a".charCodeAt(0) + diagram.columns - 1) + diagram.rows;
    return t("play.help.mnk", { last, cells: diagram.rows * diagram.columns });
  }
  if (diagram && diagram.discs && kind === "connect4") {
    return t("play.help.connect4", { columns: diagram.columns });
  }
  const amounts = state.legal.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  if (kind === "race" && amounts.length > 0) {
    return t("play.help.race", { most: Math.max(...amounts) });
  }
  if (kind === "bash") {
    const most = Number(state.name.split(",")[1]);
    if (Number.isInteger(most) && most > 0) return t("play.help.bash", { most });
  }
  if (kind === "nim" || kind === "misere-nim") {
    return t("play.help.nim", { piles: state.position.split(",").length });
  }
  if (kind === "wythoff") return t("play.help.wythoff");
  return state.move_help;
}

/**
 * An estimate's number as the API writes it: signed, two decimals ("+0.35", "-1.20").
 * @param {number} estimate
 * @returns {string}
 */
function estimateNumber(estimate) {
  return (estimate < 0 ? "-" : "+") + Math.abs(estimate).toFixed(2);
}

/**
 * A value in words: "win in 3", "draw", "loss in 4", "+0.35 (estimate)"; where room is
 * short an estimate is "≈+0.35".
 * @param {Pick<MoveValue, "value" | "plies" | "estimate" | "text">} value
 * @param {boolean} [short]
 * @returns {string}
 */
export function valueWords(value, short = false) {
  switch (value.value) {
    case "win":
    case "loss":
      if (value.plies !== null) {
        return t(value.value === "win" ? "value.win" : "value.loss", { count: value.plies });
      }
      return value.text;
    case "draw":
      return t("value.draw");
    case "estimate":
      if (value.estimate !== null) {
        const number = estimateNumber(value.estimate);
        return t(short ? "value.estimate.short" : "value.estimate", { number });
      }
      return value.text;
    default:
      return value.text;
  }
}

/**
 * A value as a span: words, not only colours (the class colours it).
 * @param {MoveValue} value
 * @param {boolean} [short]
 * @returns {HTMLSpanElement}
 */
export function valueSpan(value, short = false) {
  const span = make("span", { className: `value ${value.value}`, text: valueWords(value, short) });
  span.title = valueWords(value);
  return span;
}

/**
 * The value of one move in an analysis, if it was valued.
 * @param {Analysis | null} analysis
 * @param {string} move
 * @returns {MoveValue | null}
 */
export function valueOf(analysis, move) {
  if (!analysis) return null;
  return analysis.moves.find((m) => m.move === move) ?? null;
}

/**
 * Draws the legal moves as buttons (games with no grid), each with its value.
 * @param {HTMLElement} list
 * @param {PlayState} state
 * @param {Analysis | null} analysis
 * @param {boolean} enabled whether a move may be played now
 * @param {(move: string) => void} onMove
 */
export function drawMoveList(list, state, analysis, enabled, onMove) {
  list.replaceChildren();
  if (state.diagram || state.outcome) return;
  list.setAttribute("aria-label", t("play.moves.label"));
  for (const move of state.legal) {
    const button = make("button", { text: move });
    button.type = "button";
    button.dataset.move = move;
    const value = valueOf(analysis, move);
    if (value) button.append(" ", valueSpan(value));
    button.disabled = !enabled;
    button.addEventListener("click", () => onMove(move));
    list.append(button);
  }
  if (state.legal_count > state.legal.length) {
    list.append(make("span", {
      className: "more-moves",
      text: t("play.moves.more", { count: state.legal_count - state.legal.length }),
    }));
  }
}

/**
 * Draws the panel of values: the position's value and best line, then every move.
 * @param {HTMLElement} panel
 * @param {PlayState} state
 * @param {Analysis | null} analysis
 */
export function drawAnalysis(panel, state, analysis) {
  panel.replaceChildren();
  if (!analysis) return;
  if (analysis.moves.length === 0) {
    const player = playerWords(state.to_move);
    const text = analysis.value === "estimate"
      ? t("play.analysis.unvalued", { player })
      : t("play.analysis.none", { player, text: analysis.text });
    panel.append(make("p", { text }));
    return;
  }
  const best = analysis.moves[0];
  const heading = make("p", {
    id: "best-line",
    text: t(analysis.exact ? "play.analysis.heading.proved" : "play.analysis.heading", {
      player: playerWords(state.to_move),
      value: valueWords(best),
      line: analysis.pv.join(" "),
    }),
  });
  const list = make("ol");
  for (const m of analysis.moves) {
    const item = make("li", { text: `${m.move}: ` });
    item.append(valueSpan(m), t("play.analysis.line", { line: m.pv.join(" ") }));
    list.append(item);
  }
  const method = make("p", {
    className: "method",
    text: t("play.analysis.method", {
      method: methodWords(analysis.method),
      ms: Math.round(analysis.time_ms),
      count: analysis.nodes,
    }),
  });
  panel.append(heading, list, method);
}

/** The ways an analysis is found, by message id. */
const METHODS = /** @type {Record<string, string>} */ ({
  none: "play.method.none",
  retrograde: "play.method.retrograde",
  memo: "play.method.memo",
  alphabeta: "play.method.alphabeta",
  engine: "play.method.engine",
  depth: "play.method.depth",
});

/**
 * How an analysis was found, in words ("alpha-beta to the end of the game").
 * @param {string} method the API's name of it
 * @returns {string}
 */
export function methodWords(method) {
  const id = METHODS[method];
  return id ? t(id) : method;
}
