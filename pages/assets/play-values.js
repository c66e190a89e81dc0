// The play page's values: a move's value in words, the list of legal moves for games
// drawn as text, and the panel of every move's value with its best line.

import { make } from "./dom.js";
import { t } from "./words.js";

/** @typedef {import("../types/api").MoveValue} MoveValue */
/** @typedef {import("../types/api").Analysis} Analysis */
/** @typedef {import("../types/api").PlayState} PlayState */

/**
 * A value in words: "win in 3", "draw", "loss in 4", "+0.35 (estimate)"; where room is
 * short an estimate is "≈+0.35".
 * @param {Pick<MoveValue, "value" | "plies" | "text">} value
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
    case "estimate": {
      // The number as the API writes it (signed, two decimals, or a mate's words).
      const number = value.text.replace(/ \(estimate\)$/, "");
      return t(short ? "value.estimate.short" : "value.estimate", { number });
    }
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
    panel.append(make("p", { text: t("play.analysis.none", { player: state.to_move, text: analysis.text }) }));
    return;
  }
  const best = analysis.moves[0];
  const heading = make("p", {
    id: "best-line",
    text: t(analysis.exact ? "play.analysis.heading.proved" : "play.analysis.heading", {
      player: state.to_move,
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
      method: analysis.method,
      ms: Math.round(analysis.time_ms),
      count: analysis.nodes,
    }),
  });
  panel.append(heading, list, method);
}
