//! Perft: the number of legal move sequences of a given length, the standard check of a
//! move generator against published counts (docs/chess.md lists the positions).

use cozy_chess::{Board, Move};

/// The number of legal move sequences of `depth` plies from `board` (leaves counted in
/// bulk one ply above the horizon). Depth 0 is 1.
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    divide(board, depth).iter().map(|(_, count)| count).sum()
}

/// The perft count below each legal move of `board` (`depth` ≥ 1), in generation order.
pub fn divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    divide_until(board, depth, &|| false).counts
}

/// A divide, whole or stopped part of the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divide {
    /// The count below each legal move counted in full, in generation order.
    pub counts: Vec<(Move, u64)>,
    /// True when every legal move was counted.
    pub complete: bool,
}

/// [`divide`] that asks `stop` now and then (at every node 3 or more plies above the
/// leaves, and between the root's moves) and, once it says so, ends with the moves counted
/// in full so far: a perft of depth 7 takes minutes.
pub fn divide_until(board: &Board, depth: u32, stop: &dyn Fn() -> bool) -> Divide {
    let mut moves = Vec::new();
    board.generate_moves(|piece_moves| {
        moves.extend(piece_moves);
        false
    });
    let mut counts = Vec::with_capacity(moves.len());
    for mv in moves {
        if stop() {
            return Divide {
                counts,
                complete: false,
            };
        }
        let mut child = board.clone();
        child.play_unchecked(mv);
        match count(&child, depth.saturating_sub(1), stop) {
            Some(below) => counts.push((mv, below)),
            None => {
                return Divide {
                    counts,
                    complete: false,
                };
            }
        }
    }
    Divide {
        counts,
        complete: true,
    }
}

fn count(board: &Board, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
    if depth >= 3 && stop() {
        return None;
    }
    Some(match depth {
        0 => 1,
        1 => {
            let mut leaves = 0;
            board.generate_moves(|piece_moves| {
                leaves += piece_moves.len() as u64;
                false
            });
            leaves
        }
        _ => {
            let mut total = 0;
            let stopped = board.generate_moves(|piece_moves| {
                for mv in piece_moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    match count(&child, depth - 1, stop) {
                        Some(n) => total += n,
                        None => return true,
                    }
                }
                false
            });
            if stopped {
                return None;
            }
            total
        }
    })
}
