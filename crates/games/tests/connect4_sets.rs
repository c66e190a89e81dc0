//! Connect Four solved exactly, in Pascal Pons' score convention:
//!
//! * Pons' public test sets (Test_L3_R1, Test_L2_R1, Test_L1_R1) from the shared
//!   data folder (`PLY_C4_DATA`, or `../shared/data/connect4` next to the repository
//!   or next to the folder of worktrees); skipped with a notice when absent;
//! * ply's own positions on small boards, from a deterministic random walk, checked
//!   against an independent slow solver (memoised negamax on a plain array board,
//!   written here, sharing no code with the engine or the bitboards) and by
//!   self-consistency (a position's score is the best of its moves' scores);
//! * the values of whole small boards (docs/connect4.md).

mod common;

use ply_core::engine::{Engine, Limits, Settings};
use ply_core::{Game, Outcome, Score};
use ply_games::connect4::{Connect4Eval, Connect4Hooks, from_pons, to_pons};
use ply_games::{Connect4, Notation};
use std::collections::HashMap;

type C4Engine = Engine<Connect4, Connect4Hooks, Connect4Eval>;

fn engine() -> C4Engine {
    let settings = Settings {
        exact_pv: false,
        // Small enough that clearing it before every position costs little.
        ..Settings::default().with_hash(4)
    };
    Engine::new(Connect4Hooks, Connect4Eval, settings)
}

/// Pons' score of `pos` from the engine, the table cleared first.
fn solve(engine: &mut C4Engine, pos: &Connect4) -> i32 {
    engine.clear();
    let result = engine.search(pos, &Limits::exact());
    assert!(result.exact, "{}", pos.position_string());
    to_pons(pos, result.score).expect("an exact score has a Pons score")
}

/// Solves every `step`-th line of a set and checks each score; `false` when the set is absent.
fn check_set(name: &str, step: usize) -> bool {
    let Some(text) = common::read_c4_set(name) else {
        return false;
    };
    let c4 = Connect4::standard();
    let mut engine = engine();
    let mut solved = 0;
    for (n, line) in text.lines().enumerate().step_by(step) {
        let (moves, score) = line.split_once(' ').expect("`moves score` lines");
        let pos = c4.parse_position(moves).expect("a legal position");
        let expected: i32 = score.parse().expect("an integer score");
        assert_eq!(
            solve(&mut engine, &pos),
            expected,
            "{name} line {}: {moves}",
            n + 1
        );
        solved += 1;
    }
    assert_eq!(
        solved,
        1000usize.div_ceil(step),
        "{name}: 1000 positions expected"
    );
    true
}

#[test]
fn pons_test_l3_r1_every_position() {
    check_set("Test_L3_R1", 1);
}

#[test]
fn pons_test_l2_r1_every_position() {
    check_set("Test_L2_R1", 1);
}

/// The whole set: about 0.3 ms a position in release (3,296 nodes on average).
#[test]
fn pons_test_l1_r1() {
    check_set("Test_L1_R1", 1);
}

/// The independent reference: a plain array board (`cells[column][row]`, 0 empty,
/// 1 and 2 the players) and memoised negamax straight in Pons' convention: a move
/// that wins with `n` stones on the board before it scores `(cells + 1 − n) / 2`,
/// a move that fills the board without a win 0, any other move minus the
/// opponent's score afterwards.
struct SlowSolver {
    width: usize,
    height: usize,
    memo: HashMap<Vec<u8>, i8>,
}

impl SlowSolver {
    fn new(width: usize, height: usize) -> SlowSolver {
        SlowSolver {
            width,
            height,
            memo: HashMap::new(),
        }
    }

    /// The board after the columns of `moves` ('1'-based digits), or `None` if it is not legal.
    fn board(&self, moves: &str) -> Vec<u8> {
        let mut board = vec![0; self.width * self.height];
        for (i, ch) in moves.bytes().enumerate() {
            let column = (ch - b'1') as usize;
            let row = self.column_height(&board, column);
            board[column * self.height + row] = 1 + (i % 2) as u8;
        }
        board
    }

    fn column_height(&self, board: &[u8], column: usize) -> usize {
        (0..self.height)
            .find(|&row| board[column * self.height + row] == 0)
            .unwrap_or(self.height)
    }

    /// Does the stone at (column, row) make four in a row?
    fn wins_at(&self, board: &[u8], column: usize, row: usize) -> bool {
        let me = board[column * self.height + row];
        let at = |c: i64, r: i64| {
            c >= 0
                && r >= 0
                && (c as usize) < self.width
                && (r as usize) < self.height
                && board[c as usize * self.height + r as usize] == me
        };
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
            let run = |sign: i64| {
                (1..4)
                    .take_while(|&k| at(column as i64 + sign * k * dc, row as i64 + sign * k * dr))
                    .count()
            };
            1 + run(1) + run(-1) >= 4
        })
    }

    /// Pons' score of the position for the side to move (`stones` on the board).
    fn score(&mut self, board: &mut Vec<u8>, stones: usize) -> i32 {
        if let Some(&v) = self.memo.get(board.as_slice()) {
            return v as i32;
        }
        let cells = self.width * self.height;
        let player = 1 + (stones % 2) as u8;
        let mut best = i32::MIN;
        for column in 0..self.width {
            let row = self.column_height(board, column);
            if row == self.height {
                continue;
            }
            board[column * self.height + row] = player;
            let value = if self.wins_at(board, column, row) {
                ((cells + 1 - stones) / 2) as i32
            } else if stones + 1 == cells {
                0
            } else {
                -self.score(board, stones + 1)
            };
            board[column * self.height + row] = 0;
            best = best.max(value);
        }
        self.memo.insert(board.clone(), best as i8);
        best
    }
}

/// A small deterministic generator (xorshift64*), so the positions never change.
struct Walk(u64);

impl Walk {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }

    /// A position of `stones` stones reached by random moves that never end the game
    /// (like Pons' sets), or `None` if the walk runs into a dead end.
    fn position(&mut self, start: &Connect4, stones: usize) -> Option<Connect4> {
        let mut pos = *start;
        for _ in 0..stones {
            let safe: Vec<_> = pos
                .legal_moves()
                .into_iter()
                .filter(|&c| pos.after(c).outcome().is_none())
                .collect();
            if safe.is_empty() {
                return None;
            }
            pos.play(safe[self.next(safe.len())]);
        }
        Some(pos)
    }
}

/// ply-owned test data: random positions on small boards, each solved by the
/// engine, by the slow solver, and checked against its moves' scores.
#[test]
fn random_small_board_positions_against_slow_solver() {
    let mut engine = engine();
    let mut walk = Walk(0x9E37_79B9_7F4A_7C15);
    let mut decisive = 0;
    // (width, height, stones range, positions): the slow solver needs the whole
    // subtree, so larger boards start deeper.
    for (w, h, min_stones, count) in [(4, 4, 0, 40), (5, 4, 2, 40), (6, 5, 16, 25), (7, 6, 26, 25)]
    {
        let start = Connect4::new(w, h).unwrap();
        let mut slow = SlowSolver::new(w as usize, h as usize);
        let mut done = 0;
        while done < count {
            let stones = min_stones + walk.next(w as usize * h as usize - min_stones - 1);
            let Some(pos) = walk.position(&start, stones) else {
                continue;
            };
            let moves = pos.position_string();
            let score = solve(&mut engine, &pos);
            let mut board = slow.board(&moves);
            let reference = slow.score(&mut board, stones);
            assert_eq!(score, reference, "{w}x{h} {moves}");
            // Self-consistency: the best move's score, each move solved on its own.
            let best = pos
                .legal_moves()
                .into_iter()
                .map(|c| {
                    let child = pos.after(c);
                    match child.outcome() {
                        // Won with this stone: the opponent, to move, has lost.
                        Some(Outcome::Loss) => to_pons(&pos, Score::win_in(1)).unwrap(),
                        Some(_) => 0,
                        None => -solve(&mut engine, &child),
                    }
                })
                .max()
                .unwrap();
            assert_eq!(score, best, "{w}x{h} {moves}: best of the moves' scores");
            // The score converts back to the engine's distance-aware value.
            engine.clear();
            let value = engine.search(&pos, &Limits::exact()).score;
            assert_eq!(from_pons(&pos, score), Some(value), "{w}x{h} {moves}");
            decisive += usize::from(score != 0);
            done += 1;
        }
    }
    // The walk must reach wins and losses, not only draws.
    assert!(decisive > 20, "{decisive} decisive positions");
}

/// The values of whole boards given in docs/connect4.md: Pons' score of the empty board.
#[test]
fn small_boards_values() {
    let mut engine = engine();
    for (w, h, expected) in [
        (4, 4, 0),
        (5, 4, 0),
        (4, 5, 0),
        (6, 4, -1),
        (5, 5, 0),
        (4, 6, 0),
        (6, 5, 0),
    ] {
        let start = Connect4::new(w, h).unwrap();
        assert_eq!(solve(&mut engine, &start), expected, "{w}x{h}");
        // Enhanced transposition cutoffs save nodes and change no value (on the boards
        // where they fire and that solve quickly).
        if w * h < 30 {
            continue;
        }
        let mut without = Engine::new(
            Connect4Hooks,
            Connect4Eval,
            Settings {
                transposition_cutoffs: false,
                ..engine.settings().clone()
            },
        );
        engine.clear();
        let (with_etc, without_etc) = (
            engine.search(&start, &Limits::exact()),
            without.search(&start, &Limits::exact()),
        );
        assert_eq!(with_etc.score, without_etc.score, "{w}x{h}");
        assert!(
            with_etc.stats.nodes < without_etc.stats.nodes,
            "{w}x{h}: {} nodes with cutoffs, {} without",
            with_etc.stats.nodes,
            without_etc.stats.nodes
        );
    }
    // The slow solver agrees on the smallest ones.
    for (w, h) in [(4, 4), (5, 4)] {
        let mut slow = SlowSolver::new(w, h);
        let mut board = slow.board("");
        assert_eq!(slow.score(&mut board, 0), 0, "{w}x{h}");
    }
}
