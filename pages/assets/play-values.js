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
  cop: "player.cop",
  cops: "player.cops",
  fugitive: "player.fugitive",
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
 * @param {Pick<PlayState, "name" | "position" | "diagram" | "legal" | "move_help" | "chess" | "graph" | "piles">} state
 * @returns {string}
 */
export function moveHelp(state) {
  if (state.chess) return t("play.help.chess");
  if (state.graph) return t("play.help.graph");
  if (state.piles?.kind === "subtraction") return t("boards.piles.hint");
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

// ----- The moves played --------------------------------------------------------------

/**
 * A value as a number to compare: a win is worth more the sooner it comes, a loss less
 * the sooner it comes, a draw 0, an estimate its number (always between the two).
 * @param {Pick<MoveValue, "value" | "plies" | "estimate">} value
 * @returns {number}
 */
export function valueRank(value) {
  switch (value.value) {
    case "win":
      return 100000 - (value.plies ?? 50000);
    case "loss":
      return -100000 + (value.plies ?? 50000);
    case "draw":
      return 0;
    default:
      return Math.max(-40000, Math.min(value.estimate ?? 0, 40000));
  }
}

/**
 * A move played, judged by the values of the position before it: its own value, the
 * best move's, and whether it lost ground (its value is worse than the best's).
 * @param {Analysis | null} before
 * @param {string} move
 * @returns {{value: MoveValue | null, best: MoveValue | null, lost: boolean}}
 */
export function judgeMove(before, move) {
  const value = valueOf(before, move);
  const best = before?.moves[0] ?? null;
  let lost = false;
  if (value && best && best.move !== move) {
    // Estimates of one search differ by small amounts that mean little: between them
    // only a clear step down counts.
    const estimated = value.value === "estimate" || best.value === "estimate";
    lost = valueRank(value) < valueRank(best) - (estimated ? ESTIMATE_MARGIN : 0);
  }
  return { value, best, lost };
}

/** How much worse than the best an estimate must be to count as ground lost. */
const ESTIMATE_MARGIN = 0.25;

/**
 * How the moves of a game are numbered: chess by its move numbers ("1.", "1…", the
 * position's FEN saying where the game starts), other games by the ply ("1.", "2.").
 * @param {PlayState} state the position after the moves
 * @returns {string[]} a label for each move of `state.moves`
 */
export function moveLabels(state) {
  const count = state.moves.length;
  const fen = state.chess?.fen;
  if (!fen) return state.moves.map((_, i) => `${i + 1}.`);
  const fields = fen.split(" ");
  const full = Number(fields[5]) || 1;
  const now = (full - 1) * 2 + (fields[1] === "b" ? 1 : 0);
  const start = Math.max(0, now - count);
  return state.moves.map((_, i) => {
    const ply = start + i;
    const number = Math.floor(ply / 2) + 1;
    return ply % 2 === 0 ? `${number}.` : `${number}…`;
  });
}

/**
 * Draws the moves played, each with its value for the player who made it (from the
 * values of the position before it, where they were found) and, where it lost ground,
 * the best move and its value.
 * @param {HTMLElement} list an <ol>
 * @param {PlayState} state
 * @param {(Analysis | null | undefined)[]} analyses the values before each move
 */
export function drawHistory(list, state, analyses) {
  list.replaceChildren();
  const labels = moveLabels(state);
  state.moves.forEach((move, i) => {
    const item = make("li", { className: "played" });
    item.dataset.ply = String(i);
    item.dataset.move = move;
    item.append(make("span", { className: "number", text: labels[i] ?? "" }), " ", make("span", { className: "move", text: move }));
    const { value, best, lost } = judgeMove(analyses[i] ?? null, move);
    if (value) {
      item.append(" ", valueSpan(value, true));
      item.dataset.value = value.value;
    } else {
      item.classList.add("unvalued");
    }
    if (lost && best) {
      item.classList.add("lost");
      item.append(" ", make("span", {
        className: "lost-note",
        text: t("play.history.lost", { best: best.move, value: valueWords(best, true) }),
      }));
    }
    list.append(item);
  });
}
