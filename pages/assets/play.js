// The play page: a game is its spec and the moves played (ply keeps nothing between
// requests); each move goes to /api/play/state, the engine's to /api/play/engine, and
// every legal move's value comes from /api/play/analysis. One request at a time: a new
// move, game or undo first stops what runs, and answers to older actions are dropped.

import "./layout.js";
import { byId } from "./dom.js";
import { drawBoard } from "./boards.js";
import { drawAnalysis, drawMoveList, moveHelp, playerWords } from "./play-values.js";
import { ApiError, backend, errorText, isStopped, post, stop } from "./transport.js";
import { startWords, t } from "./words.js";

/** @typedef {import("../types/api").PlayState} PlayState */
/** @typedef {import("../types/api").Analysis} Analysis */
/** @typedef {import("../types/api").EngineMove} EngineMove */

const page = {
  game: byId("game", HTMLSelectElement),
  spec: byId("spec", HTMLInputElement),
  useSpec: byId("use-spec", HTMLButtonElement),
  side: byId("side", HTMLSelectElement),
  level: byId("level", HTMLSelectElement),
  time: byId("time", HTMLInputElement),
  showValues: byId("show-values", HTMLInputElement),
  newGame: byId("new-game", HTMLButtonElement),
  undo: byId("undo", HTMLButtonElement),
  engineMove: byId("engine-move", HTMLButtonElement),
  stop: byId("stop", HTMLButtonElement),
  status: byId("status", HTMLElement),
  board: byId("board-area", HTMLElement),
  moves: byId("moves-list", HTMLElement),
  analysis: byId("analysis", HTMLElement),
  note: byId("note", HTMLElement),
  error: byId("error", HTMLElement),
  backend: byId("backend", HTMLElement),
};

const game = {
  spec: "tictactoe",
  /** @type {string[]} */
  moves: [],
  /** @type {PlayState | null} */
  state: null,
  /** @type {Analysis | null} */
  analysis: null,
  /** The engine is choosing a move. */
  thinking: false,
  /** The values of the moves are being found. */
  analysing: false,
};

// ----- Requests in sequence ----------------------------------------------------------

/** Counts the page's actions: an answer to an older action than the latest is dropped. */
let generation = 0;
/** Requests sent to ply and not yet answered. */
let inFlight = 0;
/** Requests asked for and not yet answered (sent, or waiting for the one before). */
let pending = 0;
/** How many times the Stop button was pressed. */
let stops = 0;
/** The last request sent: the next one waits for it, so requests never overlap. */
let queue = Promise.resolve();

/**
 * Sends a request after the one before it has ended; a request whose action is no
 * longer the latest by then is not sent at all.
 * @param {number} ticket the action's
 * @param {string} path
 * @param {unknown} request
 * @returns {Promise<any>}
 */
function send(ticket, path, request) {
  pending += 1;
  const run = queue.then(async () => {
    if (!current(ticket)) throw new ApiError(503, "stopped", "a newer action came first");
    inFlight += 1;
    try {
      return await postPatiently(ticket, path, request);
    } finally {
      inFlight -= 1;
    }
  });
  queue = run.then(
    () => undefined,
    () => undefined,
  );
  return run.finally(() => {
    pending -= 1;
  });
}

/** How often, and how long apart, a search refused because the server is busy is asked again. */
const BUSY_TRIES = 40;
const BUSY_WAIT_MS = 500;

/**
 * Posts a request; a search that a shared server refuses because it runs as many as it
 * may (another user's, or one this page stopped that has not ended yet) is asked again
 * a moment later, for as long as the action is the latest, rather than failing.
 * @param {number} ticket
 * @param {string} path
 * @param {unknown} request
 * @returns {Promise<any>}
 */
async function postPatiently(ticket, path, request) {
  const stopsBefore = stops;
  for (let tries = 1; ; tries++) {
    try {
      return await post(path, request);
    } catch (error) {
      const busy = error instanceof ApiError && error.status === 429 && error.limit === "max_searches";
      if (!busy || tries >= BUSY_TRIES || !current(ticket)) throw error;
      page.note.textContent = t("play.busy");
      await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
      page.note.textContent = "";
      if (!current(ticket) || stops !== stopsBefore) {
        throw new ApiError(503, "stopped", "the request was stopped");
      }
    }
  }
}

/**
 * Starts a new action: what runs is stopped and its answers will be dropped.
 * @returns {number} the new action's ticket
 */
function interrupt() {
  generation += 1;
  if (inFlight > 0) stop();
  game.thinking = false;
  game.analysing = false;
  return generation;
}

/**
 * Whether an action is still the latest.
 * @param {number} ticket
 */
function current(ticket) {
  return ticket === generation;
}

/**
 * Shows an error (a stopped request is not one: the page asked for it).
 * @param {unknown} error
 */
function showError(error) {
  if (isStopped(error)) return;
  page.error.textContent = errorText(error);
}

// ----- The game ----------------------------------------------------------------------

/**
 * Whether the human plays the side to move.
 * @param {PlayState} state
 */
function humanPlays(state) {
  const side = page.side.value;
  if (side === "both") return true;
  return (state.to_move === state.players[0]) === (side === "first");
}

/** The engine's strength as the API reads it: "perfect" or a level from 1 to 10. */
function level() {
  const value = page.level.value;
  return value === "perfect" ? "perfect" : Number(value);
}

/** The engine's time per move, in milliseconds. */
function timeMs() {
  return Math.max(50, Math.min(Number(page.time.value) || 1000, 10000));
}

/** Writes the game into the address, so that a link opens it. */
function remember() {
  const params = new URLSearchParams({ game: game.spec });
  if (game.moves.length > 0) params.set("moves", game.moves.join(" "));
  if (page.side.value !== "first") params.set("side", page.side.value);
  history.replaceState(null, "", `#${params}`);
}

/**
 * Asks for the state after the moves played, then lets the engine move or values the
 * moves, as the settings say.
 * @param {number} ticket
 */
async function refresh(ticket) {
  page.error.textContent = "";
  page.note.textContent = "";
  const state = /** @type {PlayState} */ (await send(ticket, "/api/play/state", { game: game.spec, moves: game.moves }));
  if (!current(ticket)) return;
  game.state = state;
  game.analysis = null;
  remember();
  await proceed(ticket);
}

/**
 * After a new position: the engine moves if it is its turn, else the values are found
 * if they are shown.
 * @param {number} ticket
 */
async function proceed(ticket) {
  draw();
  const state = game.state;
  if (!current(ticket) || !state || state.outcome) return;
  if (!humanPlays(state)) {
    await engineMove(ticket);
  } else if (page.showValues.checked) {
    await analyse(ticket);
  }
}

/**
 * The engine plays the side to move.
 * @param {number} ticket
 */
async function engineMove(ticket) {
  if (!game.state) return;
  game.thinking = true;
  draw();
  try {
    const answer = /** @type {EngineMove} */ (await send(ticket, "/api/play/engine", {
      game: game.spec,
      moves: game.moves,
      level: level(),
      time_ms: timeMs(),
    }));
    if (!current(ticket)) return;
    game.thinking = false;
    game.moves = answer.state.moves;
    game.state = answer.state;
    game.analysis = null;
    remember();
  } catch (error) {
    if (!current(ticket)) return;
    game.thinking = false;
    if (isStopped(error)) page.note.textContent = t("play.stopped.engine");
    showError(error);
    draw();
    return;
  }
  // The human's turn (or the engine's again, after it moved for the human).
  await proceed(ticket);
}

/**
 * Values every legal move.
 * @param {number} ticket
 */
async function analyse(ticket) {
  game.analysing = true;
  draw();
  try {
    const analysis = /** @type {Analysis} */ (await send(ticket, "/api/play/analysis", {
      game: game.spec,
      moves: game.moves,
      time_ms: timeMs(),
    }));
    if (!current(ticket)) return;
    game.analysis = analysis;
  } catch (error) {
    if (!current(ticket)) return;
    if (isStopped(error)) page.note.textContent = t("play.stopped.analysis");
    showError(error);
  }
  game.analysing = false;
  draw();
}

/**
 * The human plays a move.
 * @param {string} move
 */
async function play(move) {
  const state = game.state;
  if (!state || state.outcome || game.thinking || !humanPlays(state)) return;
  if (!state.legal.includes(move)) return;
  const ticket = interrupt();
  const before = game.moves;
  game.moves = before.concat([move]);
  try {
    await refresh(ticket);
  } catch (error) {
    if (!current(ticket)) return;
    game.moves = before;
    showError(error);
    draw();
  }
}

/**
 * Starts an action that ends in a new state (a new game, an undo, another side).
 * @param {() => void} change what the action changes before the state is asked for
 */
function restart(change) {
  const ticket = interrupt();
  const before = { spec: game.spec, moves: game.moves };
  change();
  refresh(ticket).catch((error) => {
    if (!current(ticket)) return;
    // A game that cannot be set up (a spec that does not read) leaves the one before
    // in place, with the error said.
    if (game.state) {
      game.spec = before.spec;
      game.moves = before.moves;
    }
    showError(error);
    draw();
  });
}

/** Draws the page from the game: status, board, moves, values, buttons. */
function draw() {
  const state = game.state;
  const busy = game.thinking || game.analysing;
  page.stop.disabled = !busy;
  page.undo.disabled = game.moves.length === 0;
  page.engineMove.disabled = !state || !!state.outcome || game.thinking;
  if (!state) return;
  const human = humanPlays(state);
  const player = playerWords(state.to_move);
  const status = game.thinking
    ? t("play.status.thinking", { player })
    : state.outcome
      ? t("play.status.over", { outcome: outcomeWords(state) })
      : t(human ? "play.status.you" : "play.status.engine", { player, help: moveHelp(state) });
  page.status.textContent = status;
  const enabled = human && !state.outcome && !game.thinking;
  drawBoard(page.board, { state, analysis: game.analysis, enabled, onMove: (move) => void play(move) });
  drawMoveList(page.moves, state, game.analysis, enabled, (move) => void play(move));
  drawAnalysis(page.analysis, state, game.analysis);
  if (game.analysing && !game.analysis) page.analysis.textContent = t("play.analysing");
}

/**
 * How the game ended, in words.
 * @param {PlayState} state
 */
function outcomeWords(state) {
  const outcome = state.outcome;
  if (!outcome) return "";
  if (outcome.result === "win" && outcome.winner) return t("outcome.win", { winner: playerWords(outcome.winner) });
  if (outcome.result === "draw") return t("outcome.draw");
  return outcome.text;
}

// ----- Setting up --------------------------------------------------------------------

function setUp() {
  for (const option of page.level.options) {
    if (/^[0-9]+$/.test(option.value) && !option.dataset.t) {
      option.textContent = t("play.level.n", { level: option.value });
    }
  }
  page.backend.textContent = t(backend === "wasm" ? "backend.wasm" : "backend.server");

  page.game.addEventListener("change", () => restart(() => {
    game.spec = page.game.value;
    game.moves = [];
  }));
  page.useSpec.addEventListener("click", () => {
    const spec = page.spec.value.trim();
    if (spec) {
      restart(() => {
        game.spec = spec;
        game.moves = [];
      });
    }
  });
  page.spec.addEventListener("keydown", (event) => {
    if (event.key === "Enter") page.useSpec.click();
  });
  page.newGame.addEventListener("click", () => restart(() => {
    game.moves = [];
  }));
  page.side.addEventListener("change", () => restart(() => {}));
  page.undo.addEventListener("click", () => {
    if (game.moves.length === 0) return;
    const state = game.state;
    // Against the engine, take back its reply too, so that it is your move again; while
    // it thinks, only your last move.
    let take = 1;
    if (page.side.value !== "both" && state && !game.thinking && (state.outcome || humanPlays(state))) take = 2;
    restart(() => {
      game.moves = game.moves.slice(0, Math.max(0, game.moves.length - take));
    });
  });
  page.engineMove.addEventListener("click", () => {
    if (!game.state || game.state.outcome || game.thinking) return;
    const ticket = interrupt();
    void engineMove(ticket);
  });
  page.stop.addEventListener("click", () => {
    // Not a new action: the search ends, and its answer (the best move found so far,
    // where the search can stop early) is still taken.
    stops += 1;
    if (inFlight > 0) stop();
  });
  page.showValues.addEventListener("change", () => {
    const state = game.state;
    if (page.showValues.checked) {
      if (state && !state.outcome && humanPlays(state) && pending === 0) {
        void analyse(generation);
      }
    } else {
      if (game.analysing) interrupt();
      game.analysis = null;
      draw();
    }
  });

  const params = new URLSearchParams(location.hash.slice(1));
  const spec = params.get("game");
  if (spec) {
    game.spec = spec;
    if ([...page.game.options].some((o) => o.value === spec)) page.game.value = spec;
    else page.spec.value = spec;
  }
  const moves = params.get("moves");
  if (moves) game.moves = moves.split(" ").filter((m) => m !== "");
  const side = params.get("side");
  if (side && [...page.side.options].some((o) => o.value === side)) page.side.value = side;
  restart(() => {});
}

await startWords();
setUp();
