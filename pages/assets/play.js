// The play page: a game is its spec, the position it starts from and the moves played
// (ply keeps nothing between requests); each move goes to /api/play/state, the engine's
// to /api/play/engine, and every legal move's value comes from /api/play/analysis. One
// request at a time: a new move, game or undo first stops what runs, and answers to
// older actions are dropped. The values of each position the game passed through are
// kept, so that the moves played are listed with their values; the address always
// holds the game (play-links.js), so that a link reopens it.
//
// Pig, the dice game, is played through POST /api/play/pig instead: the page keeps
// its position (not a list of moves: the die decides them), sends each decision, and
// draws the die and each decision's chance of winning (pig-board.js); the engine's
// turns are shown throw by throw.

import "./layout.js";
import { byId, make } from "./dom.js";
import { drawBoard } from "./boards.js";
import { drawPigBoard, isPig, pigEvent } from "./pig-board.js";
import { gameFragment, hasTree, readGameLink, treeLabFragment } from "./play-links.js";
import { drawAnalysis, drawHistory, drawMoveList, moveHelp, playerWords } from "./play-values.js";
import { ApiError, backend, errorText, isStopped, post, stop } from "./transport.js";
import { startWords, t } from "./words.js";

/** @typedef {import("../types/api").PlayState} PlayState */
/** @typedef {import("../types/api").Analysis} Analysis */
/** @typedef {import("../types/api").EngineMove} EngineMove */
/** @typedef {import("../types/api").PigPlay} PigPlay */

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
  treeLinks: byId("tree-links", HTMLElement),
  moves: byId("moves-list", HTMLElement),
  chessMoves: byId("chess-moves", HTMLDetailsElement),
  chessMovesList: byId("chess-moves-list", HTMLElement),
  history: byId("history", HTMLOListElement),
  historyEmpty: byId("history-empty", HTMLElement),
  valueHistory: byId("value-history", HTMLButtonElement),
  position: byId("position", HTMLInputElement),
  setPosition: byId("set-position", HTMLButtonElement),
  shareLink: byId("share-link", HTMLAnchorElement),
  copyLink: byId("copy-link", HTMLButtonElement),
  analysis: byId("analysis", HTMLElement),
  note: byId("note", HTMLElement),
  error: byId("error", HTMLElement),
  backend: byId("backend", HTMLElement),
  legend: byId("legend", HTMLElement),
  pigLegend: byId("pig-legend", HTMLElement),
};

const game = {
  spec: "tictactoe",
  /** @type {string | null} the position the game starts from (null: the game's start) */
  position: /** @type {string | null} */ (null),
  /** @type {string[]} */
  moves: [],
  /**
   * The values of the position before each move (index i: before move i), where they
   * were found: by the page, or by the engine as it chose its move.
   * @type {(Analysis | null)[]}
   */
  analyses: [],
  /** Chess: Black at the bottom. */
  flipped: false,
  /** @type {PlayState | null} */
  state: null,
  /** @type {Analysis | null} */
  analysis: null,
  /** The engine is choosing a move. */
  thinking: false,
  /** The values of the moves are being found. */
  analysing: false,
  /**
   * Pig: the position and what the last decision did (null for the other games).
   * @type {PigPlay | null}
   */
  pig: null,
  /** Pig: what happened, in words, the latest last. */
  /** @type {string[]} */
  pigLog: [],
  /** Pig: the last face thrown (null before the first throw). */
  /** @type {number | null} */
  pigFace: null,
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

/** The game as a link holds it. */
function link() {
  // (Pig: the position on screen, which holds the game so far.)
  const position = game.pig?.position ?? game.position;
  return { game: game.spec, position, moves: game.moves, side: page.side.value };
}

/** Writes the game into the address, so that a link opens it. */
function remember() {
  history.replaceState(null, "", `#${gameFragment(link())}`);
}

/**
 * The request for the position after the first `count` moves (all by default).
 * @param {number} [count]
 * @returns {{game: string, position?: string, moves: string[]}}
 */
function where(count = game.moves.length) {
  const request = { game: game.spec, moves: game.moves.slice(0, count) };
  return game.position ? { ...request, position: game.position } : request;
}

/**
 * Asks for the state after the moves played, then lets the engine move or values the
 * moves, as the settings say.
 * @param {number} ticket
 */
async function refresh(ticket) {
  page.error.textContent = "";
  page.note.textContent = "";
  if (isPig(game.spec)) {
    await pigStart(ticket);
    return;
  }
  game.pig = null;
  const state = /** @type {PlayState} */ (await send(ticket, "/api/play/state", where()));
  if (!current(ticket)) return;
  game.state = state;
  // (Values found before, say before an undo, are the position's still.)
  game.analyses.length = Math.min(game.analyses.length, game.moves.length + 1);
  game.analysis = page.showValues.checked ? game.analyses[game.moves.length] ?? null : null;
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
  } else if (page.showValues.checked && !game.analysis) {
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
      ...where(),
      level: level(),
      time_ms: timeMs(),
    }));
    if (!current(ticket)) return;
    game.thinking = false;
    game.analyses.length = Math.min(game.analyses.length, game.moves.length);
    game.analyses[game.moves.length] = answer.analysis;
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
      ...where(),
      time_ms: timeMs(),
    }));
    if (!current(ticket)) return;
    game.analysis = analysis;
    game.analyses[game.moves.length] = analysis;
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
  const legal = !!state && (state.legal.includes(move) || !!state.chess?.moves.some((m) => m.move === move));
  if (!state || state.outcome || game.thinking || !humanPlays(state) || !legal) {
    // (A board that showed the move at once shows the position as it is again.)
    draw();
    return;
  }
  const ticket = interrupt();
  const before = game.moves;
  game.analyses.length = Math.min(game.analyses.length, before.length);
  game.analyses[before.length] = game.analysis;
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
  const before = { spec: game.spec, position: game.position, moves: game.moves, analyses: game.analyses };
  change();
  refresh(ticket).catch((error) => {
    if (!current(ticket)) return;
    // A game that cannot be set up (a spec that does not read) leaves the one before
    // in place, with the error said.
    if (game.state) {
      if (game.spec !== before.spec) showInMenu(before.spec);
      game.spec = before.spec;
      game.position = before.position;
      game.moves = before.moves;
      game.analyses = before.analyses;
    }
    showError(error);
    draw();
  });
}

/** Draws the page from the game: status, board, moves, values, buttons. */
function draw() {
  if (game.pig) {
    drawPig(game.pig);
    return;
  }
  page.board.classList.remove("pig-area");
  page.legend.hidden = false;
  page.pigLegend.hidden = true;
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
  const onMove = (/** @type {string} */ move) => void play(move);
  drawBoard(page.board, {
    state,
    analysis: game.analysis,
    enabled,
    onMove,
    flipped: game.flipped,
    onFlip: () => {
      game.flipped = !game.flipped;
      draw();
    },
  });
  // Chess is played on its board; its moves as text stay at hand, folded.
  page.chessMoves.hidden = !state.chess || !!state.outcome;
  drawMoveList(state.chess ? page.chessMovesList : page.moves, state, game.analysis, enabled, onMove);
  if (state.chess) page.moves.replaceChildren();
  else page.chessMovesList.replaceChildren();
  drawAnalysis(page.analysis, state, game.analysis);
  if (game.analysing && !game.analysis) page.analysis.textContent = t("play.analysing");
  drawTreeLinks(state);
  drawHistory(page.history, state, game.analyses);
  page.historyEmpty.hidden = state.moves.length > 0;
  const unvalued = state.moves.some((_, i) => !game.analyses[i]);
  page.valueHistory.hidden = !unvalued;
  page.valueHistory.disabled = busy;
  // The position on screen, ready to copy; not while it is being edited.
  if (document.activeElement !== page.position) page.position.value = state.position;
  const address = new URL(`#${gameFragment(link())}`, location.href).href;
  page.shareLink.href = address;
}

/**
 * The links to the tree lab for the position on screen: chess's search at depth 1, 2
 * and 3 (minimax and alpha-beta side by side); any other game with a tree, its tree two
 * moves deep.
 * @param {PlayState} state
 */
function drawTreeLinks(state) {
  page.treeLinks.replaceChildren();
  if (state.outcome || !hasTree(state)) return;
  const lab = new URL("index.html", location.href);
  if (state.chess) {
    page.treeLinks.append(t("play.chess.search"), " ");
    for (const depth of [1, 2, 3]) {
      lab.hash = treeLabFragment({ game: game.spec, position: state.position, depth, algorithm: "alphabeta", compare: true });
      const a = make("a", { className: "search-link", text: t("play.chess.search.depth", { count: depth }) });
      a.href = lab.href;
      a.dataset.depth = String(depth);
      page.treeLinks.append(a, " ");
    }
    return;
  }
  lab.hash = treeLabFragment({ game: game.spec, position: state.position, depth: TREE_DEPTH });
  const a = make("a", { id: "tree-lab-link", text: t("play.tree-lab", { count: TREE_DEPTH }) });
  a.href = lab.href;
  page.treeLinks.append(a);
}

/** How deep the tree lab's tree of a position goes, from the play page's link. */
const TREE_DEPTH = 2;

/**
 * Values every move played whose values are not known yet, one position after the
 * other (stopped by any new action).
 */
async function valueHistory() {
  const ticket = interrupt();
  game.analysing = true;
  draw();
  try {
    for (let i = 0; i < game.moves.length; i++) {
      if (game.analyses[i]) continue;
      const analysis = /** @type {Analysis} */ (await send(ticket, "/api/play/analysis", {
        ...where(i),
        time_ms: timeMs(),
      }));
      if (!current(ticket)) return;
      game.analyses[i] = analysis;
      draw();
    }
  } catch (error) {
    if (!current(ticket)) return;
    if (isStopped(error)) page.note.textContent = t("play.stopped.analysis");
    showError(error);
  }
  game.analysing = false;
  draw();
}

/**
 * How the game ended, in words.
 * @param {PlayState} state
 */
function outcomeWords(state) {
  const outcome = state.outcome;
  if (!outcome) return "";
  // "the cops win": a name said in the plural has its own sentence.
  if (outcome.result === "win" && outcome.winner === "cops") return t("outcome.win.cops");
  if (outcome.result === "win" && outcome.winner) return t("outcome.win", { winner: playerWords(outcome.winner) });
  if (outcome.result === "draw") return t("outcome.draw");
  return outcome.text;
}


// ----- Pig ---------------------------------------------------------------------------

/** How long each of the engine's throws stays on screen before the next, in ms. */
const PIG_STEP_MS = 700;

/** Whether the human decides for the player to move in Pig. */
function humanPlaysPig(/** @type {PigPlay} */ play) {
  const side = page.side.value;
  if (side === "both") return true;
  return (play.to_move_index === 0) === (side === "first");
}

/**
 * A new game of Pig (or the position the address or the position box gives).
 * @param {number} ticket
 */
async function pigStart(ticket) {
  const request = game.position ? { game: game.spec, position: game.position } : { game: game.spec };
  const play = /** @type {PigPlay} */ (await send(ticket, "/api/play/pig", request));
  if (!current(ticket)) return;
  game.state = null;
  game.moves = [];
  game.pig = play;
  game.pigLog = [];
  game.pigFace = null;
  remember();
  await pigProceed(ticket);
}

/**
 * After a decision: the engine decides if it is its turn, throw by throw, each shown
 * for a moment; else the page waits for the human.
 * @param {number} ticket
 */
async function pigProceed(ticket) {
  draw();
  while (current(ticket) && game.pig && !game.pig.winner && !humanPlaysPig(game.pig)) {
    game.thinking = true;
    draw();
    await new Promise((resolve) => setTimeout(resolve, PIG_STEP_MS));
    if (!current(ticket)) return;
    const best = game.pig.best;
    if (!best) break;
    await pigDecide(ticket, best);
  }
  game.thinking = false;
  draw();
}

/**
 * Takes a decision in the position on screen: the die is thrown by ply.
 * @param {number} ticket
 * @param {"roll" | "hold"} decision
 */
async function pigDecide(ticket, decision) {
  const before = game.pig;
  if (!before?.position) return;
  const play = /** @type {PigPlay} */ (await send(ticket, "/api/play/pig", {
    game: game.spec,
    position: before.position,
    decision,
  }));
  if (!current(ticket)) return;
  const player = playerWords(before.to_move);
  game.pigLog.push(pigEvent(play, player, before.turn_total));
  if (play.winner) game.pigLog.push(t("outcome.win", { winner: playerWords(play.winner) }));
  game.pig = play;
  if (play.face) game.pigFace = play.face;
  remember();
  draw();
}

/**
 * The human's decision.
 * @param {"roll" | "hold"} decision
 */
async function pigHuman(decision) {
  const play = game.pig;
  if (!play || play.winner || game.thinking || !humanPlaysPig(play)) return;
  const ticket = interrupt();
  try {
    await pigDecide(ticket, decision);
    await pigProceed(ticket);
  } catch (error) {
    if (!current(ticket)) return;
    game.thinking = false;
    showError(error);
    draw();
  }
}

/**
 * Draws the page for Pig: the status, the die and the scores, the decisions' chances,
 * what happened; the other games' panels are emptied.
 * @param {PigPlay} play
 */
function drawPig(play) {
  page.stop.disabled = true;
  page.undo.disabled = true;
  page.engineMove.disabled = true;
  page.valueHistory.hidden = true;
  page.chessMoves.hidden = true;
  page.moves.replaceChildren();
  page.analysis.replaceChildren();
  page.treeLinks.replaceChildren();
  page.board.classList.add("pig-area");
  page.legend.hidden = true;
  page.pigLegend.hidden = false;
  const player = play.to_move ? playerWords(play.to_move) : "";
  const human = humanPlaysPig(play);
  page.status.textContent = play.winner
    ? t("play.status.over", { outcome: t("outcome.win", { winner: playerWords(play.winner) }) })
    : game.thinking
      ? t("play.pig.status.engine", { player })
      : t(human ? "play.pig.status.you" : "play.pig.status.engine", { player });
  drawPigBoard(page.board, {
    play,
    face: game.pigFace,
    enabled: human && !play.winner && !game.thinking,
    phase: play.winner ? "over" : human && !game.thinking ? "you" : "engine",
    onDecide: (decision) => void pigHuman(decision),
  });
  page.history.replaceChildren(...game.pigLog.map((line) => make("li", { text: line })));
  page.historyEmpty.hidden = game.pigLog.length > 0;
  if (document.activeElement !== page.position) page.position.value = play.position ?? "";
  page.shareLink.href = new URL(`#${gameFragment(link())}`, location.href).href;
}

// ----- Setting up --------------------------------------------------------------------

/**
 * A game's family as a spec names it: its name before the first `:`, in lower case,
 * an alias read as the catalog reads it (`ttt` is `tictactoe`, `c4` is `connect4`).
 * @param {string} spec
 */
function family(spec) {
  const name = spec.trim().split(":")[0].toLowerCase();
  /** @type {Record<string, string>} */
  const aliases = {
    ttt: "tictactoe",
    "tic-tac-toe": "tictactoe",
    c4: "connect4",
    "misère-nim": "misere-nim",
    misere: "misere-nim",
    misère: "misere-nim",
  };
  return aliases[name] ?? name;
}

/**
 * Shows a game in the menu: the entry of its spec, else the first of its family (a
 * Nim of other piles is Nim); a game of no entry's family leaves the menu on no entry.
 * @param {string} spec
 * @returns {boolean} whether the spec itself is an entry of the menu
 */
function showInMenu(spec) {
  const options = [...page.game.options];
  const exact = options.find((o) => o.value === spec.trim());
  const kin = exact ?? options.find((o) => family(o.value) === family(spec));
  page.game.selectedIndex = kin ? kin.index : -1;
  return exact !== undefined;
}

function setUp() {
  for (const option of page.level.options) {
    if (/^[0-9]+$/.test(option.value) && !option.dataset.t) {
      option.textContent = t("play.level.n", { level: option.value });
    }
  }
  page.backend.textContent = t(backend === "wasm" ? "backend.wasm" : "backend.server");

  page.game.addEventListener("change", () => restart(() => {
    game.spec = page.game.value;
    game.position = null;
    game.moves = [];
    game.analyses = [];
  }));
  page.useSpec.addEventListener("click", () => {
    const spec = page.spec.value.trim();
    if (spec) {
      restart(() => {
        showInMenu(spec);
        game.spec = spec;
        game.position = null;
        game.moves = [];
        game.analyses = [];
      });
    }
  });
  page.spec.addEventListener("keydown", (event) => {
    if (event.key === "Enter") page.useSpec.click();
  });
  page.newGame.addEventListener("click", () => restart(() => {
    game.moves = [];
  }));
  page.side.addEventListener("change", () => restart(() => {
    game.flipped = page.side.value === "second";
  }));
  page.setPosition.addEventListener("click", () => {
    const position = page.position.value.trim();
    restart(() => {
      game.position = position === "" ? null : position;
      game.moves = [];
      game.analyses = [];
    });
  });
  page.position.addEventListener("keydown", (event) => {
    if (event.key === "Enter") page.setPosition.click();
  });
  page.valueHistory.addEventListener("click", () => void valueHistory());
  page.copyLink.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(page.shareLink.href);
      page.note.textContent = t("play.share.copied");
    } catch (_) {
      // (No clipboard here, say over plain http: the link is there to copy by hand.)
      page.note.textContent = t("play.share.copy-by-hand");
    }
  });
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
      const known = game.analyses[game.moves.length];
      if (known && state) {
        game.analysis = known;
        draw();
      } else if (state && !state.outcome && humanPlays(state) && pending === 0) {
        void analyse(generation);
      }
    } else {
      if (game.analysing) interrupt();
      game.analysis = null;
      draw();
    }
  });

  const opened = readGameLink(location.hash);
  const spec = opened.game;
  if (spec) {
    game.spec = spec;
    if (!showInMenu(spec)) page.spec.value = spec;
  }
  game.position = opened.position;
  game.moves = opened.moves;
  const side = opened.side;
  if (side && [...page.side.options].some((o) => o.value === side)) page.side.value = side;
  game.flipped = page.side.value === "second";
  restart(() => {});
}

await startWords();
setUp();
