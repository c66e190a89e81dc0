//! What chess tells ply's generic engine (`ply_core::engine::SearchHooks`): the board's
//! Zobrist key, a move code for the table and the history heuristic, captures first,
//! captures and promotions for the quiescence search, null moves and late-move reductions.

use super::{Chess, capture_order, sort_by_keys_descending};
use cozy_chess::{Move, Piece};
use ply_core::Score;
use ply_core::engine::SearchHooks;

/// The engine hooks of chess.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChessHooks;

impl ChessHooks {
    /// True for a capture (en passant included) or a promotion.
    #[inline]
    pub(crate) fn is_noisy(position: &Chess, mv: Move) -> bool {
        Self::hint(position, mv) > 0
    }

    /// [`capture_order`] of a legal move of `position`.
    #[inline]
    fn hint(position: &Chess, mv: Move) -> i32 {
        let board = position.board();
        board
            .piece_on(mv.from)
            .map_or(0, |mover| capture_order(board, mover, mv))
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
        Self::hint(position, mv)
    }

    /// Captures and promotions, searched past the horizon until the position is quiet;
    /// most valuable victim first.
    fn noisy_moves(&self, position: &Chess, moves: &mut Vec<Move>) {
        let board = position.board();
        let theirs = board.colors(!board.side_to_move());
        let start = moves.len();
        let mut keys = [0i32; 256];
        board.generate_moves(|mut piece_moves| {
            if piece_moves.piece != Piece::Pawn {
                // Only captures; a pawn's moves are filtered by their key below.
                piece_moves.to &= theirs;
            }
            for mv in piece_moves {
                let key = capture_order(board, piece_moves.piece, mv);
                if key > 0 {
                    if let Some(slot) = keys.get_mut(moves.len() - start) {
                        *slot = key;
                    }
                    moves.push(mv);
                }
            }
            false
        });
        let end = moves.len().min(start + keys.len());
        sort_by_keys_descending(&mut moves[start..end], &mut keys);
    }

    /// In check, doing nothing is no option: quiescence searches every evasion.
    #[inline]
    fn no_stand_pat(&self, position: &Chess) -> bool {
        position.in_check()
    }

    /// A check is searched one ply deeper: its answers are few and forced, and a mating
    /// attack is a series of them.
    #[inline]
    fn extension(&self, _position: &Chess, _mv: Move, child: &Chess) -> u32 {
        u32::from(child.in_check())
    }

    /// A position met before (in the game or in the line searched) is a draw: the side
    /// that could do better will not repeat it, and the other can repeat it again and
    /// again. (The root is never asked: its moves are searched whatever it is.)
    #[inline]
    fn known_value(&self, position: &Chess) -> Option<Score> {
        (position.repetitions() > 0).then_some(Score::DRAW)
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
