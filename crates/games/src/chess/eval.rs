//! Chess evaluations, in hundredths of a pawn for the side to move.
//!
//! [`Material`] counts the pieces (what a first lesson on minimax scores the leaves with);
//! [`PieceSquare`] adds where they stand, tapered between the middle game and the end game
//! by the material left. The tables are made from a few rules written below (centralise
//! the knights, advance the pawns, shelter the king until the end game), not copied from
//! any engine; tuning them on self-play results is the next step (docs/chess.md).

use super::Chess;
use cozy_chess::{Board, Color, Piece};
use ply_core::{Evaluator, Score};

/// Material alone: pawn 100, knight 300, bishop 300, rook 500, queen 900.
#[derive(Clone, Copy, Debug, Default)]
pub struct Material;

impl Evaluator<Chess> for Material {
    fn evaluate(&self, position: &Chess) -> Score {
        const VALUE: [i32; 5] = [100, 300, 300, 500, 900];
        let board = position.board();
        let mut total = 0;
        for (piece, value) in Piece::ALL.iter().zip(VALUE) {
            total += value * count(board, Color::White, *piece)
                - value * count(board, Color::Black, *piece);
        }
        Score::heuristic(relative(board, total))
    }
}

/// Material and piece-square tables, tapered from the middle game to the end game.
#[derive(Clone, Copy, Debug, Default)]
pub struct PieceSquare;

impl Evaluator<Chess> for PieceSquare {
    #[inline]
    fn evaluate(&self, position: &Chess) -> Score {
        Score::heuristic(relative(position.board(), white_view(position.board())))
    }
}

/// The evaluation from White's side, in hundredths of a pawn.
pub(crate) fn white_view(board: &Board) -> i32 {
    let (mut middle, mut end, mut phase) = (0i32, 0i32, 0i32);
    for (index, &piece) in Piece::ALL.iter().enumerate() {
        for color in [Color::White, Color::Black] {
            let sign = if color == Color::White { 1 } else { -1 };
            for square in board.colored_pieces(color, piece) {
                // The tables are written for White; Black's squares mirror rank-wise.
                let at = match color {
                    Color::White => square as usize,
                    Color::Black => square as usize ^ 56,
                };
                middle += sign * TABLES[index][0][at] as i32;
                end += sign * TABLES[index][1][at] as i32;
                phase += PHASE[index];
            }
        }
    }
    let phase = phase.min(FULL_PHASE);
    (middle * phase + end * (FULL_PHASE - phase)) / FULL_PHASE
}

fn count(board: &Board, color: Color, piece: Piece) -> i32 {
    board.colored_pieces(color, piece).len() as i32
}

/// A value from White's side seen by the side to move.
fn relative(board: &Board, white: i32) -> i32 {
    match board.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// How much each piece counts towards the middle game (all pieces on the board: 24).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const FULL_PHASE: i32 = 24;

/// Piece values, middle game and end game: pawns and rooks gain in the end game, knights
/// lose a little as the board empties.
const VALUE: [[i16; 2]; 6] = [
    [90, 120],
    [320, 290],
    [330, 320],
    [470, 520],
    [950, 960],
    [0, 0],
];

/// `TABLES[piece][stage][square]`: value plus placement, White's view, a1 = 0.
const TABLES: [[[i16; 64]; 2]; 6] = build_tables();

const fn build_tables() -> [[[i16; 64]; 2]; 6] {
    let mut tables = [[[0i16; 64]; 2]; 6];
    let mut piece = 0;
    while piece < 6 {
        let mut square = 0;
        while square < 64 {
            let (mg, eg) = placement(piece, square % 8, square / 8);
            tables[piece][0][square] = VALUE[piece][0] + mg;
            tables[piece][1][square] = VALUE[piece][1] + eg;
            square += 1;
        }
        piece += 1;
    }
    tables
}

/// The placement bonus of `piece` (index in `Piece::ALL`) on `file`, `rank` (from 0, White's
/// side), middle game and end game.
const fn placement(piece: usize, file: usize, rank: usize) -> (i16, i16) {
    // 0 in the four centre squares, 3 on the edge.
    let ring = ring(file, rank) as i16;
    let rank = rank as i16;
    let central_file = file == 3 || file == 4;
    match piece {
        // Pawns: advance, above all in the end game; the centre pawns forward early.
        0 => {
            let centre = if central_file && rank >= 3 && rank <= 4 {
                15
            } else {
                0
            };
            let flank_home = if (file <= 2 || file >= 5) && rank == 1 {
                5
            } else {
                0
            };
            (4 * (rank - 1) + centre + flank_home, 12 * (rank - 1))
        }
        // Knights: much better in the centre, bad on the rim.
        1 => (18 - 12 * ring, 12 - 8 * ring),
        // Bishops: long diagonals from the centre; off the back rank early.
        2 => {
            let home = if rank == 0 { -10 } else { 0 };
            (10 - 5 * ring + home, 8 - 4 * ring)
        }
        // Rooks: the seventh rank, the central files early.
        3 => {
            let seventh = if rank == 6 { 15 } else { 0 };
            let centre = if central_file && rank == 0 { 5 } else { 0 };
            (seventh + centre, seventh / 2)
        }
        // Queens: a little central; do not wander early.
        4 => {
            let early = if rank >= 4 { -5 } else { 0 };
            (4 - 2 * ring + early, 10 - 5 * ring)
        }
        // King: behind its pawns in a corner until the end game, then to the centre.
        _ => {
            let shelter = if rank == 0 {
                if file <= 2 || file >= 6 { 20 } else { 0 }
            } else {
                -15 * rank
            };
            (shelter, 24 - 12 * ring)
        }
    }
}

/// The square's ring around the centre: 0 for d4, e4, d5, e5; 3 for the edge.
const fn ring(file: usize, rank: usize) -> usize {
    let f = if file < 4 { 3 - file } else { file - 4 };
    let r = if rank < 4 { 3 - rank } else { rank - 4 };
    if f > r { f } else { r }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Notation;

    fn eval(fen: &str) -> i32 {
        PieceSquare
            .evaluate(&Chess::start().parse_position(fen).unwrap())
            .raw()
    }

    #[test]
    fn the_start_is_level_and_colours_mirror() {
        assert_eq!(eval("startpos"), 0);
        // After 1. e4 White stands better: Black, to move, is behind; and White, to move
        // in the mirrored position (Black played ...e5), is behind by as much.
        let after = eval("startpos moves e2e4");
        assert!(after < 0, "{after}");
        let mirrored = eval("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(after, mirrored);
    }

    #[test]
    fn material_counts_pieces() {
        let up_a_queen = Chess::from_fen("4k3/8/8/8/8/8/8/3QK3 w - -").unwrap();
        assert_eq!(Material.evaluate(&up_a_queen).raw(), 900);
        let black = Chess::from_fen("4k3/8/8/8/8/8/8/3QK3 b - -").unwrap();
        assert_eq!(Material.evaluate(&black).raw(), -900);
        assert!(PieceSquare.evaluate(&up_a_queen).raw() > 800);
    }
}
