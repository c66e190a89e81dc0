//! A position drawn as stones on a grid, for front ends that draw pictures.
//!
//! The search never looks at a diagram: it is how a game offers a picture of its
//! positions ([`crate::Game::diagram`]) to whoever draws them: the tree lab puts a
//! small board inside each node of a game tree, as textbooks draw tic-tac-toe.
//!
//! ```
//! use ply_core::{Diagram, Player};
//!
//! // A 3x3 board, top row first: X in the centre, O in the top-left corner.
//! let mut board = Diagram::new(3, 3).unwrap();
//! board.set(1, 1, Some(Player::First));
//! board.set(0, 0, Some(Player::Second));
//! assert_eq!(board.stone(1, 1), Some(Player::First));
//! assert_eq!(board.stone(2, 2), None);
//! assert_eq!(board.to_string(), "O..\n.X.\n...");
//! ```

use crate::Player;
use std::fmt;

/// How a diagram's stones are drawn: the picture a reader of the game expects.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DiagramStyle {
    /// The players' marks, X and O, on a grid drawn as on paper (tic-tac-toe, m,n,k).
    #[default]
    Marks,
    /// Coloured discs in a frame (Connect Four).
    Discs,
    /// Counters in rows, one row a pile, no grid (Nim and the other taking games):
    /// every stone is the first player's, the counters left in the pile.
    Counters,
    /// A chessboard: light and dark squares, and pieces ([`Diagram::set_piece`]).
    Chess,
}

/// Stones on a grid of `rows` x `columns` cells (each side at most [`Diagram::MAX_SIDE`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagram {
    rows: u8,
    columns: u8,
    /// Row by row from the top, left to right: 0 empty, 1 the first player's stone,
    /// 2 the second player's; on a chessboard, a piece's letter as FEN writes it
    /// (`K`, `q`, ...).
    cells: Vec<u8>,
    style: DiagramStyle,
}

impl Diagram {
    /// The largest side of a diagram: a picture of a bigger board would be too small to read.
    pub const MAX_SIDE: u32 = 19;

    /// An empty grid; `None` if a side is 0 or larger than [`Diagram::MAX_SIDE`].
    pub fn new(rows: u32, columns: u32) -> Option<Diagram> {
        let side = 1..=Self::MAX_SIDE;
        (side.contains(&rows) && side.contains(&columns)).then(|| Diagram {
            rows: rows as u8,
            columns: columns as u8,
            cells: vec![0; (rows * columns) as usize],
            style: DiagramStyle::Marks,
        })
    }

    /// The same grid with its stones drawn as coloured discs (Connect Four) instead of
    /// the players' marks, X and O (tic-tac-toe, the default).
    pub fn with_discs(self) -> Diagram {
        self.with_style(DiagramStyle::Discs)
    }

    /// The same grid drawn in `style`.
    pub fn with_style(mut self, style: DiagramStyle) -> Diagram {
        self.style = style;
        self
    }

    /// How the stones are drawn.
    pub fn style(&self) -> DiagramStyle {
        self.style
    }

    /// True when the stones are drawn as coloured discs, false for X and O.
    pub fn discs(&self) -> bool {
        self.style == DiagramStyle::Discs
    }

    /// Puts a chess piece on a cell, written as FEN writes it (`KQRBNP` for White, the
    /// first player, `kqrbnp` for Black), or empties the cell with `None`. Any other
    /// letter, or a cell outside the grid, is left alone.
    pub fn set_piece(&mut self, row: u32, column: u32, piece: Option<char>) {
        let Some(i) = self.index(row, column) else {
            return;
        };
        match piece {
            None => self.cells[i] = 0,
            Some(letter) if "KQRBNPkqrbnp".contains(letter) => self.cells[i] = letter as u8,
            Some(_) => {}
        }
    }

    /// The chess piece on a cell, as FEN writes it; `None` for an empty cell, a cell
    /// outside the grid, or a plain stone.
    pub fn piece(&self, row: u32, column: u32) -> Option<char> {
        match self.cells[self.index(row, column)?] {
            0..=2 => None,
            letter => Some(letter as char),
        }
    }

    /// Rows of the grid.
    pub fn rows(&self) -> u32 {
        self.rows.into()
    }

    /// Columns of the grid.
    pub fn columns(&self) -> u32 {
        self.columns.into()
    }

    fn index(&self, row: u32, column: u32) -> Option<usize> {
        (row < self.rows() && column < self.columns())
            .then(|| (row * self.columns() + column) as usize)
    }

    /// Puts a player's stone on a cell (row 0 is the top row), or empties it with `None`.
    /// A cell outside the grid is left alone.
    pub fn set(&mut self, row: u32, column: u32, stone: Option<Player>) {
        if let Some(i) = self.index(row, column) {
            self.cells[i] = match stone {
                None => 0,
                Some(Player::First) => 1,
                Some(Player::Second) => 2,
            };
        }
    }

    /// The stone on a cell (row 0 is the top row); `None` for an empty cell or one outside
    /// the grid. A chess piece is its side's stone (White's the first player's).
    pub fn stone(&self, row: u32, column: u32) -> Option<Player> {
        match self.cells[self.index(row, column)?] {
            0 => None,
            1 => Some(Player::First),
            2 => Some(Player::Second),
            letter if letter.is_ascii_uppercase() => Some(Player::First),
            _ => Some(Player::Second),
        }
    }
}

/// Row by row from the top: `X` for the first player, `O` for the second, `.` for empty;
/// a chess piece as its letter.
impl fmt::Display for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.rows() {
            if row > 0 {
                f.write_str("\n")?;
            }
            for column in 0..self.columns() {
                let cell = match (self.piece(row, column), self.stone(row, column)) {
                    (Some(letter), _) => letter,
                    (None, Some(Player::First)) => 'X',
                    (None, Some(Player::Second)) => 'O',
                    (None, None) => '.',
                };
                write!(f, "{cell}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_are_checked() {
        assert!(Diagram::new(0, 3).is_none());
        assert!(Diagram::new(3, 20).is_none());
        assert!(Diagram::new(19, 19).is_some());
    }

    #[test]
    fn cells_outside_the_grid_are_ignored() {
        let mut board = Diagram::new(2, 3).unwrap();
        board.set(2, 0, Some(Player::First));
        board.set(0, 3, Some(Player::First));
        assert_eq!(board.stone(2, 0), None);
        assert_eq!(board.to_string(), "...\n...");
        board.set(1, 2, Some(Player::Second));
        assert_eq!(board.to_string(), "...\n..O");
    }

    #[test]
    fn chess_pieces_are_their_sides_stones() {
        let mut board = Diagram::new(2, 2).unwrap().with_style(DiagramStyle::Chess);
        board.set_piece(0, 0, Some('k'));
        board.set_piece(1, 1, Some('Q'));
        board.set_piece(1, 0, Some('x'));
        assert_eq!(board.piece(0, 0), Some('k'));
        assert_eq!(board.stone(0, 0), Some(Player::Second));
        assert_eq!(board.stone(1, 1), Some(Player::First));
        assert_eq!(board.piece(1, 0), None);
        assert_eq!(board.to_string(), "k.\n.Q");
    }
}
