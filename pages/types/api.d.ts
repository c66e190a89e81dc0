// The shapes of the API's answers that the pages read (docs/api.md), for the
// type-check only. Fields may be added to the API, never renamed.

/** The board as a grid (`POST /api/play/state`), for games that have one. */
export interface Diagram {
  rows: number;
  columns: number;
  /** The rows from the top: "." empty, "X" the first player's stone, "O" the second's. */
  cells: string[];
  /** Coloured discs (Connect Four) rather than X and O marks. */
  discs: boolean;
  /** For each cell, the legal move that puts a stone there. */
  cell_moves: (string | null)[][];
}

/** How a finished game ended. */
export interface Outcome {
  result: "win" | "draw" | "payoff";
  winner: string | null;
  text: string;
}

/** `POST /api/play/state`. */
export interface PlayState {
  game: string;
  name: string;
  position: string;
  moves: string[];
  to_move: string;
  players: [string, string];
  board: string;
  diagram: Diagram | null;
  legal: string[];
  legal_count: number;
  move_help: string;
  outcome: Outcome | null;
}

/** One legal move's value for the player who makes it. */
export interface MoveValue {
  move: string;
  value: "win" | "draw" | "loss" | "estimate";
  plies: number | null;
  estimate: number | null;
  text: string;
  pv: string[];
}

/** `POST /api/play/analysis`. */
export interface Analysis {
  exact: boolean;
  value: "win" | "draw" | "loss" | "estimate";
  text: string;
  best: string[];
  pv: string[];
  moves: MoveValue[];
  method: string;
  nodes: number;
  time_ms: number;
}

/** `POST /api/play/engine`. */
export interface EngineMove {
  move: string;
  state: PlayState;
  analysis: Analysis;
}
