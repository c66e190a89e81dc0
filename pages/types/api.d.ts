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
  /** Chess: the board to draw and every legal move by its squares (null for other games). */
  chess?: ChessBoard | null;
  /** Pursuit: the graph, the pieces and, with an invisible fugitive, where it may be. */
  graph?: GraphBoard | null;
  /** Nim, misère Nim, Bash, Wythoff, subtraction games: the piles and their theory. */
  piles?: PilesBoard | null;
}

/** A chess position as the play state gives it (docs/api.md, "Boards"). */
export interface ChessBoard {
  fen: string;
  /** 8 strings, rank 8 first, files a to h: FEN's letters (KQRBNP White, kqrbnp Black), "." empty. */
  ranks: string[];
  turn: "white" | "black";
  /** The square of the king in check ("e1"), or null. */
  check: string | null;
  /** The last move played, by its squares (castling: the king's), or null. */
  last: { from: string; to: string } | null;
  /** Every legal move: its text as the API takes it, its squares (castling: the king's), its promotion. */
  moves: { move: string; from: string; to: string; promotion: "q" | "r" | "b" | "n" | null }[];
}

/** A pursuit position as the play state gives it (docs/api.md, "Boards"). */
export interface GraphBoard {
  /** Each vertex: its name as positions and moves write it, its place in the unit square (y down). */
  vertices: { name: string; x: number; y: number }[];
  /** Each edge: the indices of its two vertices in `vertices`. */
  edges: [number, number][];
  /** How the vertices are laid out: "grid", "cycle", "path", "tree", "petersen" or "free". */
  layout: string;
  /** How many cops the game has. */
  cops_total: number;
  /** The vertices of the cops placed so far (indices; two cops may share one). */
  cops: number[];
  /** The fugitive's vertex, when it is seen and placed; null otherwise. */
  fugitive: number | null;
  /** True for the invisible fugitive (pursuit-hidden). */
  hidden: boolean;
  /** Invisible fugitive: the vertices where it may be (indices); null when it is seen. */
  possible: number[] | null;
  /** Who moves: the cops or the fugitive. */
  turn: "cops" | "fugitive";
  /** "place" while pieces are being placed, then "move". */
  phase: "place" | "move";
}

/** The piles of a taking game as the play state gives them (docs/api.md, "Boards"). */
export interface PilesBoard {
  kind: "nim" | "misere-nim" | "bash" | "wythoff" | "subtraction";
  piles: number[];
  /** Every legal move: the pile it takes from (null: Wythoff's same number from both), how many, its text. */
  moves: { move: string; pile: number | null; take: number }[];
  theory: PilesTheory;
}

/** Why a taking position is won or lost, as the game's theory says it. */
export type PilesTheory =
  | {
      kind: "nim";
      misere: boolean;
      /** Each pile in binary, all as wide as the widest. */
      binary: string[];
      xor: number;
      xor_binary: string;
      /** True when the player to move wins with best play. */
      winning: boolean;
      /** The moves that win (empty when none does). */
      winning_moves: string[];
    }
  | {
      kind: "wythoff";
      /** The cold pairs (⌊kφ⌋, ⌊kφ⌋ + k) for k = 0, 1, ... up to the larger pile. */
      cold: [number, number][];
      winning: boolean;
      winning_moves: string[];
    }
  | {
      kind: "bash";
      /** The most one move takes (m), and m + 1. */
      most: number;
      period: number;
      /** The pile modulo m + 1: 0 loses for the player to move. */
      remainder: number;
      winning: boolean;
      winning_moves: string[];
    }
  | {
      kind: "subtraction";
      /** The sizes a move may take. */
      set: number[];
      /** The Grundy value of every pile size from 0 to the largest pile. */
      grundy: number[];
      /** Each pile's Grundy value, and their xor. */
      values: number[];
      xor: number;
      winning: boolean;
      winning_moves: string[];
    };

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

/** Each Pig decision's chance of winning for the player who takes it. */
export interface PigDecisions {
  roll: number;
  /** Null with a turn total of 0: a turn starts with a roll. */
  hold: number | null;
}

/** The same chances in words ("wins with probability 0.5306"). */
export interface PigDecisionsText {
  roll: string;
  hold: string | null;
}

/** `POST /api/play/pig`: a position of Pig, after the decision asked for. */
export interface PigPlay {
  game: string;
  goal: number;
  decision: "roll" | "hold" | null;
  /** The face thrown, after a roll. */
  face: number | null;
  turn_passed: boolean;
  /** Null once the game is over. */
  position: string | null;
  scores: [number, number];
  turn_total: number;
  to_move: string;
  to_move_index: number;
  winner: string | null;
  win_probability: number | null;
  text: string | null;
  best: "roll" | "hold" | null;
  decisions: PigDecisions | null;
  decisions_text: PigDecisionsText | null;
}

/** `POST /api/practice`: an exercise (docs/api.md, "Practice"). */
export interface Practice {
  kind: "values" | "pruned" | "order" | "best_move" | "expectimax";
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
    /**
     * expectimax: every inner node's value (chance nodes included), MAX's view, exact:
     * `"7/6"`, `"4"`, `"-3/2"` (a whole number has no `/1`).
     */
    exact_values?: Record<string, string>;
    /** expectimax: the same values rounded to 2 decimal places (`"1.17"`). */
    decimal_values?: Record<string, string>;
  };
  /**
   * The tree lab's request for the search behind the exercise (MAX at its root: an
   * exercise with MIN at the root is the same tree seen from MIN's side, its leaf values
   * negated); `first_mistake.step` counts in its trace.
   */
  lab: { tree: string; algorithm: string; leaf_perspective: string; rule: string };
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

/** `POST /api/tree/count`: a game's whole tree counted, as `ply count` counts it. */
export interface GameCount {
  game: string;
  nodes: number;
  games: number;
  first_player_wins: number;
  second_player_wins: number;
  draws: number;
  /** Null past what a count keeps. */
  positions: number | null;
  /** For games with symmetries only. */
  positions_up_to_symmetry?: number | null;
  /** The game's names for its first and second player, in the request's language. */
  players: [string, string];
  /** The most nodes of a tree the lab writes out (`max_tree_nodes`). */
  max_tree_nodes: number;
}
