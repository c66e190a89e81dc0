//! What chess tells ply's generic engine (`ply_core::engine::SearchHooks`): the board's
//! Zobrist key, a move code for the table and the history heuristic, captures first,
//! captures and promotions for the quiescence search, null moves and late-move reductions.

use super::{Chess, order_value};
use cozy_chess::{Move, Piece};
use ply_core::engine::SearchHooks;

/// The engine hooks of chess.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChessHooks;

impl ChessHooks {
    /// True for a capture (en passant included) or a promotion.
    #[inline]
    pub(crate) fn is_noisy(position: &Chess, mv: Move) -> bool {
        let board = position.board();
        mv.promotion.is_some()
            || board.colors(!board.side_to_move()).has(mv.to)
            || (board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file())
    }
}

impl SearchHooks<Chess> for ChessHooks {
    #[inline]
    fn hash(&self, position: &Chess) -> u64 {
        position.board().hash()
    }

    /// From, to and promotion in 15 bits.
    #[inline]
    fn move_code(&self, _position: &Chess, mv: Move) -> Option<u16> {
        let promotion = mv.promotion.map_or(0, |p| p as u16 + 1);
        Some((mv.from as u16) | (mv.to as u16) << 6 | promotion << 12)
    }

    /// Captures by the value taken less a fraction of the taker's (most valuable victim,
    /// least valuable attacker), promotions by the piece made.
    #[inline]
    fn order_hint(&self, position: &Chess, mv: Move) -> i32 {
        let board = position.board();
        let victim = if board.colors(!board.side_to_move()).has(mv.to) {
            board.piece_on(mv.to).map_or(0, order_value)
        } else if Self::is_noisy(position, mv) && mv.promotion.is_none() {
            1
        } else {
            0
        };
        let promotion = mv.promotion.map_or(0, order_value);
        if victim + promotion == 0 {
            return 0;
        }
        let attacker = board.piece_on(mv.from).map_or(0, order_value);
        (victim + promotion) * 16 - attacker
    }

    /// Captures and promotions, searched past the horizon until the position is quiet;
    /// most valuable victim first.
    fn noisy_moves(&self, position: &Chess, moves: &mut Vec<Move>) {
        let board = position.board();
        let theirs = board.colors(!board.side_to_move());
        let start = moves.len();
        board.generate_moves(|mut piece_moves| {
            if piece_moves.piece == Piece::Pawn {
                let from = piece_moves.from;
                moves.extend(
                    piece_moves
                        .into_iter()
                        .filter(|mv| mv.promotion.is_some() || mv.to.file() != from.file()),
                );
            } else {
                piece_moves.to &= theirs;
                moves.extend(piece_moves);
            }
            false
        });
        // Few moves: an insertion sort by hint, highest first, stable.
        let list = &mut moves[start..];
        for i in 1..list.len() {
            let mv = list[i];
            let hint = self.order_hint(position, mv);
            let mut j = i;
            while j > 0 && self.order_hint(position, list[j - 1]) < hint {
                list[j] = list[j - 1];
                j -= 1;
            }
            list[j] = mv;
        }
    }

    /// Passing is safe unless in check or with only king and pawns (zugzwang is common
    /// in pawn endings).
    fn null_move(&self, position: &Chess) -> Option<Chess> {
        let board = position.board();
        let ours = board.colors(board.side_to_move());
        let pieces = ours & !(board.pieces(Piece::Pawn) | board.pieces(Piece::King));
        if pieces.is_empty() {
            return None;
        }
        board.null_move().map(Chess::from_board)
    }

    /// Quiet moves late in the list, at depth 3 or more: one ply less, two after the
    /// first dozen.
    fn reduction(&self, position: &Chess, mv: Move, depth: u32, move_number: usize) -> u32 {
        if depth < 3 || move_number < 3 || position.in_check() || Self::is_noisy(position, mv) {
            return 0;
        }
        if move_number >= 12 && depth >= 6 {
            2
        } else {
            1
        }
    }
}
