// The play page: a game is its spec and the moves played (the server keeps nothing);
// each move goes to POST /api/play/state, the engine's to POST /api/play/engine, and
// every legal move's value comes from POST /api/play/analysis.
"use strict";

const $ = (id) => document.getElementById(id);

const game = {
  spec: "tictactoe",
  moves: [],
  state: null,
  analysis: null,
  busy: false,
};

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error || `the server answered ${response.status}`);
  return answer;
}

function humanPlays(state) {
  const side = $("side").value;
  if (side === "both") return true;
  const first = state.players[0];
  return (state.to_move === first) === (side === "first");
}

function level() {
  const value = $("level").value;
  return value === "perfect" ? "perfect" : Number(value);
}

async function refresh() {
  $("error").textContent = "";
  game.state = await post("/api/play/state", { game: game.spec, moves: game.moves });
  game.analysis = null;
  draw();
  if (!game.state.outcome && !humanPlays(game.state)) {
    await engineMove();
    return;
  }
  if ($("show-values").checked && !game.state.outcome) {
    await analyse();
  }
}

async function engineMove() {
  game.busy = true;
  $("status").textContent = `${game.state.to_move} (the engine) is thinking…`;
  try {
    const answer = await post("/api/play/engine", {
      game: game.spec,
      moves: game.moves,
      level: level(),
      time_ms: Number($("time").value) || 1000,
    });
    game.moves = answer.state.moves;
    game.state = answer.state;
    game.analysis = null;
  } catch (error) {
    $("error").textContent = error.message;
  }
  game.busy = false;
  draw();
  if ($("show-values").checked && !game.state.outcome && humanPlays(game.state)) {
    await analyse();
  }
}

async function analyse() {
  try {
    game.analysis = await post("/api/play/analysis", {
      game: game.spec,
      moves: game.moves,
      time_ms: Math.min(Number($("time").value) || 1000, 10000),
    });
  } catch (error) {
    $("error").textContent = error.message;
  }
  draw();
}

async function play(move) {
  if (game.busy || !game.state || game.state.outcome || !humanPlays(game.state)) return;
  if (!game.state.legal.includes(move)) return;
  game.moves = game.moves.concat([move]);
  try {
    await refresh();
  } catch (error) {
    game.moves = game.moves.slice(0, -1);
    $("error").textContent = error.message;
  }
}

function valueOf(move) {
  if (!game.analysis) return null;
  return game.analysis.moves.find((m) => m.move === move) || null;
}

function valueSpan(value, short) {
  const span = document.createElement("span");
  span.className = `value ${value.value}`;
  // Words, not only colours: "win in 3", "draw", "loss in 4", "+0.35 (estimate)"; where
  // room is short an estimate is "≈+0.35".
  span.textContent = short && value.value === "estimate" ? `≈${value.text.split(" ")[0]}` : value.text;
  span.title = value.text;
  return span;
}

function draw() {
  const state = game.state;
  if (!state) return;
  const status = state.outcome
    ? `Game over: ${state.outcome.text}.`
    : `${state.to_move} to move${humanPlays(state) ? " (you)" : " (the engine)"}. A move: ${state.move_help}.`;
  if (!game.busy) $("status").textContent = status;
  const area = $("board-area");
  area.replaceChildren();
  const list = $("moves-list");
  list.replaceChildren();
  if (state.diagram) {
    const d = state.diagram;
    const board = document.createElement("div");
    board.className = `board${d.discs ? " discs" : ""}`;
    board.style.gridTemplateColumns = `repeat(${d.columns}, auto)`;
    board.setAttribute("role", "grid");
    board.setAttribute("aria-label", `${state.name} board`);
    for (let row = 0; row < d.rows; row++) {
      for (let column = 0; column < d.columns; column++) {
        const mark = d.cells[row][column];
        // A click on a cell plays the move that puts a stone there; on a Connect Four
        // board any cell of a column plays that column.
        let move = d.cell_moves[row][column];
        if (!move && d.discs) {
          for (let r = 0; r < d.rows && !move; r++) move = d.cell_moves[r][column];
        }
        const cell = document.createElement("button");
        cell.className = `cell${mark === "." ? "" : " " + mark}`;
        cell.dataset.row = row;
        cell.dataset.column = column;
        if (move) cell.dataset.move = move;
        const name = mark === "." ? "empty" : mark === "X" ? state.players[0] : state.players[1];
        cell.setAttribute("aria-label", `row ${row + 1}, column ${column + 1}: ${name}`);
        if (mark !== ".") cell.append(document.createTextNode(mark));
        const value = d.cell_moves[row][column] ? valueOf(d.cell_moves[row][column]) : null;
        if (value && !d.discs) cell.append(valueSpan(value));
        cell.disabled = !move || !!state.outcome;
        cell.addEventListener("click", () => move && play(move));
        board.append(cell);
      }
    }
    area.append(board);
    if (d.discs && game.analysis) {
      // Connect Four: each column's value under the board, left to right.
      const values = document.createElement("div");
      values.className = "column-values";
      values.id = "column-values";
      values.style.gridTemplateColumns = `repeat(${d.columns}, 3.4rem)`;
      values.style.columnGap = "6px";
      for (let column = 0; column < d.columns; column++) {
        const cell = document.createElement("div");
        let move = null;
        for (let r = 0; r < d.rows && !move; r++) move = d.cell_moves[r][column];
        const value = move ? valueOf(move) : null;
        if (value) {
          cell.append(valueSpan(value, true));
          cell.dataset.move = move;
        }
        values.append(cell);
      }
      area.append(values);
    }
  } else {
    const pre = document.createElement("pre");
    pre.id = "board-text";
    pre.textContent = state.board;
    area.append(pre);
    for (const move of state.legal) {
      const b = document.createElement("button");
      b.textContent = move;
      b.dataset.move = move;
      const value = valueOf(move);
      if (value) {
        b.append(" ", valueSpan(value));
      }
      b.disabled = !!state.outcome || !humanPlays(state);
      b.addEventListener("click", () => play(move));
      list.append(b);
    }
  }
  const analysis = $("analysis");
  analysis.replaceChildren();
  if (game.analysis && game.analysis.moves.length > 0) {
    const heading = document.createElement("p");
    heading.textContent = `${state.to_move}: ${game.analysis.text}${game.analysis.exact ? " (proved)" : ""}; ` +
      `best line: ${game.analysis.pv.join(" ")}`;
    heading.id = "best-line";
    const ol = document.createElement("ol");
    for (const m of game.analysis.moves) {
      const li = document.createElement("li");
      li.textContent = `${m.move}: `;
      li.append(valueSpan(m));
      li.append(` — line ${m.pv.join(" ")}`);
      ol.append(li);
    }
    analysis.append(heading, ol);
  }
}

function newGame() {
  game.moves = [];
  refresh().catch((error) => ($("error").textContent = error.message));
}

function setUp() {
  $("game").addEventListener("change", () => {
    game.spec = $("game").value;
    newGame();
  });
  $("use-spec").addEventListener("click", () => {
    const spec = $("spec").value.trim();
    if (spec) {
      game.spec = spec;
      newGame();
    }
  });
  $("new-game").addEventListener("click", newGame);
  $("side").addEventListener("change", () => refresh().catch((e) => ($("error").textContent = e.message)));
  $("undo").addEventListener("click", () => {
    if (game.busy || game.moves.length === 0) return;
    // Against the engine, take back its reply too, so it is your move again.
    let take = 1;
    if ($("side").value !== "both" && game.state && (game.state.outcome || humanPlays(game.state))) take = 2;
    game.moves = game.moves.slice(0, Math.max(0, game.moves.length - take));
    refresh().catch((error) => ($("error").textContent = error.message));
  });
  $("show-values").addEventListener("change", () => {
    if ($("show-values").checked && game.state && !game.state.outcome) analyse();
    else {
      game.analysis = null;
      draw();
    }
  });
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("game")) {
    game.spec = params.get("game");
    const option = [...$("game").options].find((o) => o.value === game.spec);
    if (option) $("game").value = game.spec;
  }
  newGame();
}

setUp();
