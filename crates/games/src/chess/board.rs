//! A chess position as a front end draws it: the pieces rank by rank, the square of a
//! king in check, and each move by its squares (castling as the king's two-square move).
//!
//! ```
//! use ply_core::Game;
//! use ply_games::chess::Chess;
//! use ply_games::Notation;
//!
//! let start = Chess::start();
//! assert_eq!(start.ranks()[0], "rnbqkbnr");
//! assert_eq!(start.ranks()[4], "........");
//! let e4 = start.parse_move("e4").unwrap();
//! let squares = start.move_squares(e4);
//! assert_eq!((squares.from.as_str(), squares.to.as_str(), squares.promotion), ("e2", "e4", None));
//! assert_eq!(start.check_square(), None);
//! ```

use super::Chess;
use cozy_chess::{Color, File, Move, Rank, Square};

/// A move by its squares, as a board is clicked: where the piece stands, where it goes,
/// and the piece a pawn becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSquares {
    /// The square the piece leaves (`e2`); for castling, the king's.
    pub from: String,
    /// The square the piece arrives on (`e4`); for castling, the king's (`g1`, `c1`).
    pub to: String,
    /// The piece a pawn is promoted to: `q`, `r`, `b` or `n`; `None` for other moves.
    pub promotion: Option<char>,
}

impl Chess {
    /// The pieces rank by rank, rank 8 first, files a to h: FEN's letters (`KQRBNP` for
    /// White, `kqrbnp` for Black), `.` for an empty square.
    pub fn ranks(&self) -> [String; 8] {
        let board = self.board();
        std::array::from_fn(|row| {
            let rank = Rank::index(7 - row);
            File::ALL
                .iter()
                .map(|&file| {
                    let square = Square::new(file, rank);
                    match (board.piece_on(square), board.color_on(square)) {
                        (Some(piece), Some(color)) => {
                            let letter: char = piece.into();
                            if color == Color::White {
                                letter.to_ascii_uppercase()
                            } else {
                                letter
                            }
                        }
                        _ => '.',
                    }
                })
                .collect()
        })
    }

    /// The square of the king in check (`e1`), or `None` when the side to move is not in
    /// check.
    pub fn check_square(&self) -> Option<String> {
        let board = self.board();
        self.in_check()
            .then(|| board.king(board.side_to_move()).to_string())
    }

    /// A legal move of this position by its squares. Castling is the king's move by two
    /// squares (`e1` to `g1`), as UCI writes it, not the king taking its rook.
    pub fn move_squares(&self, mv: Move) -> MoveSquares {
        let uci = self.uci(mv);
        MoveSquares {
            from: uci.get(0..2).unwrap_or_default().to_string(),
            to: uci.get(2..4).unwrap_or_default().to_string(),
            promotion: uci.chars().nth(4),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Notation;
    use ply_core::Game;

    #[test]
    fn castling_is_the_kings_two_square_move() {
        let position = Chess::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let short = position.parse_move("O-O").unwrap();
        let long = position.parse_move("O-O-O").unwrap();
        assert_eq!(
            position.move_squares(short),
            MoveSquares {
                from: "e1".into(),
                to: "g1".into(),
                promotion: None
            }
        );
        assert_eq!(position.move_squares(long).to, "c1");
    }

    #[test]
    fn promotions_name_their_piece_and_checks_their_king() {
        let position = Chess::from_fen("8/P7/8/8/8/8/8/k6K w - - 0 1").unwrap();
        let promotions: Vec<Option<char>> = position
            .legal_moves()
            .into_iter()
            .map(|mv| position.move_squares(mv))
            .filter(|squares| squares.from == "a7")
            .map(|squares| squares.promotion)
            .collect();
        assert_eq!(promotions.len(), 4);
        for piece in ['q', 'r', 'b', 'n'] {
            assert!(promotions.contains(&Some(piece)), "{piece}");
        }
        let mut game = Chess::start();
        for text in ["f3", "e5", "g4", "Qh4#"] {
            let mv = game.parse_move(text).unwrap();
            game.play(mv);
        }
        assert_eq!(game.check_square().as_deref(), Some("e1"));
        assert_eq!(game.ranks()[4], "......Pq");
    }
}
