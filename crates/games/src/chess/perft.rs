//! Perft: the number of legal move sequences of a given length, the standard check of a
//! move generator against published counts (docs/chess.md lists the positions).

use cozy_chess::{Board, Move};

/// The number of legal move sequences of `depth` plies from `board` (leaves counted in
/// bulk one ply above the horizon). Depth 0 is 1.
pub fn perft(board: &Board, depth: u32) -> u64 {
    perft_until(board, depth, &|| false).unwrap_or(0)
}

/// [`perft`] that asks `stop` now and then (at every node 3 or more plies above the
/// leaves) and gives up (`None`) once it says so: a perft of depth 7 takes minutes.
pub fn perft_until(board: &Board, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let mut total = 0;
    for (_, count) in divide_until(board, depth, stop)? {
        total += count;
    }
    Some(total)
}

/// The perft count below each legal move of `board` (`depth` ≥ 1), in generation order.
pub fn divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    divide_until(board, depth, &|| false).unwrap_or_default()
}

/// [`divide`] that asks `stop` now and then, as [`perft_until`] does.
pub fn divide_until(
    board: &Board,
    depth: u32,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<(Move, u64)>> {
    let mut moves = Vec::new();
    board.generate_moves(|piece_moves| {
        moves.extend(piece_moves);
        false
    });
    let mut counts = Vec::with_capacity(moves.len());
    for mv in moves {
        if stop() {
            return None;
        }
        let mut child = board.clone();
        child.play_unchecked(mv);
        counts.push((mv, count(&child, depth.saturating_sub(1), stop)?));
    }
    Some(counts)
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
