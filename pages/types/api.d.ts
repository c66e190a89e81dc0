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

/** `POST /api/practice`: an exercise (docs/api.md, "Practice"). */
export interface Practice {
  kind: "values" | "pruned" | "order" | "best_move";
  seed: number;
  level: number;
  variant: string;
  root: "max" | "min";
  leaf_perspective: "max" | "mover";
  /** The tree in the indented format, every node named. */
  tree: string;
  /** In the request's language. */
  question: string;
  answer: {
    values?: Record<string, number>;
    negamax_values?: Record<string, number>;
    pruned?: string[];
    order?: string[];
    best?: string[];
    best_nodes?: string[];
    value?: number;
    moves?: Record<string, string>;
  };
  /**
   * The tree lab's request for the search behind the exercise (MAX at its root: an
   * exercise with MIN at the root is the same tree seen from MIN's side, its leaf values
   * negated); `first_mistake.step` counts in its trace.
   */
  lab: { tree: string; algorithm: string; leaf_perspective: string };
  /** best_move: the game's spec and the position. */
  game?: string;
  position?: string;
}

/** One part of a checked answer. */
export interface PracticeMark {
  node: string;
  ok: boolean;
  given?: unknown;
  expected?: unknown;
  /** Why the answer is wrong, in the request's language (absent where it is right). */
  reason?: string;
  /** best_move's two parts. */
  part?: "move" | "value";
}

/** `POST /api/practice/check`. */
export interface PracticeChecked {
  correct: boolean;
  right: number;
  total: number;
  marks: PracticeMark[];
  first_mistake: { node: string; step: number } | null;
  steps: number;
}
