//! Chess evaluations, in hundredths of a pawn for the side to move.
//!
//! [`Material`] counts the pieces (what a first lesson on minimax scores the leaves with);
//! [`PieceSquare`] adds where they stand, tapered between the middle game and the end game
//! by the material left, and terms for pawn structure, mobility and king safety. Every
//! weight is in `weights.rs`, which `ply tune chess` writes: the tables began as a few
//! rules (centralise the knights, advance the pawns, shelter the king until the end game)
//! and were then fitted to positions of ply's own games, labelled by the games' results
//! and by ply's searches of the positions (docs/chess.md), not copied from any engine.

use super::Chess;
use super::weights::PIECE_SQUARE;
pub use super::weights::WEIGHTS;
use cozy_chess::{BitBoard, Board, Color, Piece};
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
    let (mut middle, mut end, phase) = placement_view(board);
    terms(board, |index, count| {
        middle += WEIGHTS[index].0 * count;
        end += WEIGHTS[index].1 * count;
    });
    taper(middle, end, phase)
}

/// Blends a middle-game and an end-game value by the phase (24: all pieces on the board).
fn taper(middle: i32, end: i32, phase: i32) -> i32 {
    let phase = phase.min(FULL_PHASE);
    (middle * phase + end * (FULL_PHASE - phase)) / FULL_PHASE
}

/// Material and placement from the tables, White's side (middle game, end game), and the
/// game's phase.
#[inline]
fn placement_view(board: &Board) -> (i32, i32, i32) {
    let (mut middle, mut end, mut phase) = (0i32, 0i32, 0i32);
    for_each_piece(board, |piece, at, sign| {
        middle += sign * TABLES[piece][0][at] as i32;
        end += sign * TABLES[piece][1][at] as i32;
        phase += PHASE[piece];
    });
    (middle, end, phase)
}

/// Calls `visit(piece index in Piece::ALL, square in the tables, sign)` for every piece on
/// the board: White's +1 on its own square, Black's -1 on the mirrored one (the tables
/// are written for White; Black's squares mirror rank-wise).
#[inline]
fn for_each_piece(board: &Board, mut visit: impl FnMut(usize, usize, i32)) {
    for (index, &piece) in Piece::ALL.iter().enumerate() {
        for (color, sign, mirror) in [(Color::White, 1, 0), (Color::Black, -1, 56)] {
            for square in board.colored_pieces(color, piece) {
                visit(index, square as usize ^ mirror, sign);
            }
        }
    }
}

/// A weight in the middle game and in the end game, in hundredths of a pawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weight(pub i32, pub i32);

/// How many weights the terms beyond the tables have ([`WEIGHTS`], [`WEIGHT_NAMES`]).
pub const TERMS: usize = 31;

// Where each term's weight is in [`WEIGHTS`].
/// A passed pawn (no enemy pawn ahead on its file or beside it), by its rank counted from
/// its own side (0: the first rank): 8 weights.
const PASSED: usize = 0;
const DOUBLED: usize = 8;
const ISOLATED: usize = 9;
const BISHOP_PAIR: usize = 10;
const ROOK_OPEN_FILE: usize = 11;
const ROOK_HALF_OPEN_FILE: usize = 12;
/// Per square a knight, bishop, rook or queen reaches that no enemy pawn guards, counted
/// from an average ([`MOBILITY_MEAN`]): 4 weights.
const MOBILITY: usize = 13;
/// Per own pawn in front of a king castled on a wing (at most three).
const SHIELD: usize = 17;
/// Per attack of an enemy knight, bishop, rook or queen on a square next to the king.
const KING_ATTACK: usize = 18;
/// The side to move (a tempo: it moves first, so it is a little better off than the
/// static count says).
const TEMPO: usize = 19;
/// Per knight, bishop, rook or queen that an enemy pawn attacks.
const ATTACKED_BY_PAWN: usize = 20;
/// The danger to a king from two or more enemy pieces attacking the squares next to it:
/// the square of their attack units (knight and bishop 2, rook 3, queen 5 per square
/// reached, [`ATTACK_UNITS`]), over 16. Squared, because one attacker is easily met and a
/// third or fourth joining in is what breaks a king's defence.
const KING_DANGER: usize = 21;
/// A passed pawn whose next square is empty, per rank it has advanced beyond the third.
const PASSED_FREE: usize = 22;
/// A passed pawn's escort: how many king steps nearer its next square its own king is
/// than the enemy's (at most 4 either way), times the ranks it has advanced beyond the
/// third (the end game's race to the promotion square).
const PASSED_KING_DISTANCE: usize = 23;
/// Per rook or queen that an enemy knight or bishop attacks, and per queen an enemy rook
/// attacks: a piece attacked by a cheaper one must move or be lost.
const ATTACKED_BY_LESSER: usize = 24;
/// Per pawn that an own pawn defends (a chain is hard to break).
const PAWN_SUPPORTED: usize = 25;
/// Per pawn with an own pawn beside it on the same rank (side by side, they guard the
/// squares in front of both).
const PAWN_PHALANX: usize = 26;
/// Per knight, bishop, rook or queen that an enemy piece attacks and no own piece
/// defends: lost unless it moves, whatever attacks it.
const HANGING: usize = 27;
/// Per knight on its fourth to sixth rank that an own pawn defends
/// and no enemy pawn can ever attack: a post it cannot be driven from.
const OUTPOST: usize = 28;
/// Per file of the king or beside it with no own pawn: an open road for the enemy's
/// rooks and queen.
const KING_OPEN_FILE: usize = 29;
/// Per rook on its seventh rank (where the enemy's pawns start and its king is shut in).
const ROOK_SEVENTH: usize = 30;

/// The names of the weights, in order (for the tuner's output).
pub const WEIGHT_NAMES: [&str; TERMS] = [
    "passed pawn, rank 1",
    "passed pawn, rank 2",
    "passed pawn, rank 3",
    "passed pawn, rank 4",
    "passed pawn, rank 5",
    "passed pawn, rank 6",
    "passed pawn, rank 7",
    "passed pawn, rank 8",
    "doubled pawn",
    "isolated pawn",
    "bishop pair",
    "rook on an open file",
    "rook on a half-open file",
    "knight mobility",
    "bishop mobility",
    "rook mobility",
    "queen mobility",
    "king's pawn shield",
    "attack next to the king",
    "side to move",
    "piece attacked by a pawn",
    "king danger",
    "passed pawn, free to advance",
    "passed pawn, kings' distance",
    "piece attacked by a lesser piece",
    "pawn defended by a pawn",
    "pawns side by side",
    "piece attacked and undefended",
    "knight outpost",
    "open file at the king",
    "rook on the seventh rank",
];

/// The attack units of a knight, bishop, rook and queen per square next to the enemy king
/// it reaches ([`KING_DANGER`]).
const ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
/// The most attack units counted: the danger grows no further.
const MAX_ATTACK_UNITS: i32 = 40;

/// The average mobility of a knight, bishop, rook and queen, subtracted so that the
/// mobility term is 0 on average.
const MOBILITY_MEAN: [i32; 4] = [4, 6, 6, 11];

/// How many weights the piece-square tables have: 64 squares for each of the six pieces
/// (a pair each, middle game and end game).
pub const TABLE_WEIGHTS: usize = 6 * 64;

/// How many weights (pairs) the evaluation has in all: the tables' first (`piece * 64 +
/// square`, White's view, a1 = 0), then the terms'.
pub const ALL_WEIGHTS: usize = TABLE_WEIGHTS + TERMS;

/// Every weight of the evaluation, middle game and end game, in the order of
/// [`ALL_WEIGHTS`]: what the tuner fits.
pub fn weights_in_use() -> Vec<Weight> {
    let mut all = Vec::with_capacity(ALL_WEIGHTS);
    for [middle, end] in TABLES {
        all.extend(
            middle
                .iter()
                .zip(end)
                .map(|(&m, e)| Weight(m as i32, e as i32)),
        );
    }
    all.extend(WEIGHTS);
    all
}

/// What the evaluation of one position is made of, for fitting the weights: the phase and
/// how often each weight counts (White's less Black's). The evaluation is linear in the
/// weights, so these give it exactly for any weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// The phase: 24 with every piece on the board, 0 with pawns and kings only.
    pub phase: i32,
    /// The weights that count, as (index in [`ALL_WEIGHTS`], count): +1 for each White
    /// piece on a square and -1 for each Black one on the mirrored square, then each term
    /// met, White's count less Black's.
    pub active: Vec<(u16, i16)>,
}

impl Features {
    /// The features of `board`.
    pub fn of(board: &Board) -> Features {
        let mut active = Vec::with_capacity(48);
        let mut phase = 0;
        for_each_piece(board, |piece, at, sign| {
            active.push(((piece * 64 + at) as u16, sign as i16));
            phase += PHASE[piece];
        });
        let mut counts = [0i32; TERMS];
        terms(board, |index, count| counts[index] += count);
        for (index, count) in counts.into_iter().enumerate() {
            if count != 0 {
                active.push(((TABLE_WEIGHTS + index) as u16, count as i16));
            }
        }
        Features {
            phase: phase.min(FULL_PHASE),
            active,
        }
    }

    /// The evaluation from White's side with `weights` (in the order of [`ALL_WEIGHTS`]),
    /// in hundredths of a pawn, as a real number (the tuner's gradient needs no rounding).
    pub fn evaluate(&self, weights: &[(f64, f64)]) -> f64 {
        let (mut middle, mut end) = (0.0, 0.0);
        for &(index, count) in &self.active {
            let weight = weights[index as usize];
            middle += weight.0 * count as f64;
            end += weight.1 * count as f64;
        }
        let phase = self.middle_game_share();
        middle * phase + end * (1.0 - phase)
    }

    /// How much the middle-game weights count (1: every piece on the board), the end
    /// game's counting the rest.
    pub fn middle_game_share(&self) -> f64 {
        self.phase as f64 / FULL_PHASE as f64
    }
}

/// Pawn structure, pieces, mobility and king safety from White's
/// side: calls `add(weight index, count)` for each term met (the count negative for
/// Black's).
#[inline]
fn terms(board: &Board, mut add: impl FnMut(usize, i32)) {
    let occupied = board.occupied();
    let pawns = [
        board.colored_pieces(Color::White, Piece::Pawn),
        board.colored_pieces(Color::Black, Piece::Pawn),
    ];
    // The squares each side's pawns attack.
    let mut pawn_attacks = [BitBoard::EMPTY; 2];
    for (side, color) in [Color::White, Color::Black].into_iter().enumerate() {
        for square in pawns[side] {
            pawn_attacks[side] |= cozy_chess::get_pawn_attacks(square, color);
        }
    }
    add(
        TEMPO,
        match board.side_to_move() {
            Color::White => 1,
            Color::Black => -1,
        },
    );
    // The squares each side's knights and bishops, and its rooks, reach.
    let mut minor_reach = [BitBoard::EMPTY; 2];
    let mut rook_reach = [BitBoard::EMPTY; 2];
    // Each side's knights, bishops, rooks and queens.
    let mut minors_and_majors = [BitBoard::EMPTY; 2];
    // Every square each side attacks (pawns, pieces, king).
    let mut attacked = [
        pawn_attacks[0] | cozy_chess::get_king_moves(board.king(Color::White)),
        pawn_attacks[1] | cozy_chess::get_king_moves(board.king(Color::Black)),
    ];
    for (side, color) in [Color::White, Color::Black].into_iter().enumerate() {
        let sign = if side == 0 { 1 } else { -1 };
        let (own_pawns, their_pawns) = (pawns[side], pawns[1 - side]);
        // Pawn structure.
        for square in own_pawns {
            let file = square.file();
            let rank = square.rank().relative_to(color) as usize;
            let ahead = ahead_mask(square, color) & (file.bitboard() | file.adjacent());
            if (their_pawns & ahead).is_empty() {
                add(PASSED + rank, sign);
                let advance = rank as i32 - 2;
                if advance > 0
                    && let Some(stop) = square.try_offset(0, if side == 0 { 1 } else { -1 })
                {
                    if !occupied.has(stop) {
                        add(PASSED_FREE, sign * advance);
                    }
                    let steps = |from: cozy_chess::Square| {
                        let files = (from.file() as i32 - stop.file() as i32).abs();
                        let ranks = (from.rank() as i32 - stop.rank() as i32).abs();
                        files.max(ranks)
                    };
                    let lead = steps(board.king(!color)) - steps(board.king(color));
                    if lead != 0 {
                        add(PASSED_KING_DISTANCE, sign * advance * lead.clamp(-4, 4));
                    }
                }
            }
            if (own_pawns & file.adjacent()).is_empty() {
                add(ISOLATED, sign);
            }
        }
        let supported = (own_pawns & pawn_attacks[side]).len() as i32;
        if supported > 0 {
            add(PAWN_SUPPORTED, sign * supported);
        }
        // Pairs side by side: each pawn with a neighbour one file to the east.
        let phalanx = (own_pawns & BitBoard((own_pawns & !cozy_chess::File::H.bitboard()).0 << 1))
            .len() as i32;
        if phalanx > 0 {
            add(PAWN_PHALANX, sign * phalanx);
        }
        for square in board.colored_pieces(color, Piece::Knight) & pawn_attacks[side] {
            let rank = square.rank().relative_to(color) as usize;
            let front = ahead_mask(square, color) & square.file().adjacent();
            if (3..=5).contains(&rank) && (their_pawns & front).is_empty() {
                add(OUTPOST, sign);
            }
        }
        // Doubled pawns, and the files of the king or beside it with no own pawn.
        let king_file = board.king(color).file() as i32;
        let mut open_at_king = 0;
        for file in cozy_chess::File::ALL {
            let on_file = (own_pawns & file.bitboard()).len() as i32;
            if on_file > 1 {
                add(DOUBLED, sign * (on_file - 1));
            }
            if on_file == 0 && (file as i32 - king_file).abs() <= 1 {
                open_at_king += 1;
            }
        }
        if open_at_king > 0 {
            add(KING_OPEN_FILE, sign * open_at_king);
        }
        if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
            add(BISHOP_PAIR, sign);
        }
        for square in board.colored_pieces(color, Piece::Rook) {
            if square.rank().relative_to(color) == cozy_chess::Rank::Seventh {
                add(ROOK_SEVENTH, sign);
            }
            let file = square.file().bitboard();
            if (file & (own_pawns | their_pawns)).is_empty() {
                add(ROOK_OPEN_FILE, sign);
            } else if (file & own_pawns).is_empty() {
                add(ROOK_HALF_OPEN_FILE, sign);
            }
        }
        // Pieces a pawn attacks: one of them is lost unless it moves (or two, on a fork).
        let own = board.colors(color);
        let pieces = own & !own_pawns & !board.pieces(Piece::King);
        minors_and_majors[side] = pieces;
        let threatened = (pieces & pawn_attacks[1 - side]).len() as i32;
        if threatened > 0 {
            add(ATTACKED_BY_PAWN, sign * threatened);
        }
        // Mobility, and attacks on the squares around the enemy king.
        let safe = !own & !pawn_attacks[1 - side];
        let king_zone = cozy_chess::get_king_moves(board.king(!color));
        let mut attacks = 0;
        let (mut attackers, mut units) = (0, 0);
        for (index, piece) in [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
            .into_iter()
            .enumerate()
        {
            for square in board.colored_pieces(color, piece) {
                let reach = match piece {
                    Piece::Knight => cozy_chess::get_knight_moves(square),
                    Piece::Bishop => cozy_chess::get_bishop_moves(square, occupied),
                    Piece::Rook => cozy_chess::get_rook_moves(square, occupied),
                    _ => {
                        cozy_chess::get_bishop_moves(square, occupied)
                            | cozy_chess::get_rook_moves(square, occupied)
                    }
                };
                add(
                    MOBILITY + index,
                    sign * ((reach & safe).len() as i32 - MOBILITY_MEAN[index]),
                );
                attacked[side] |= reach;
                match piece {
                    Piece::Knight | Piece::Bishop => minor_reach[side] |= reach,
                    Piece::Rook => rook_reach[side] |= reach,
                    _ => {}
                }
                let hits = (reach & king_zone).len() as i32;
                attacks += hits;
                if hits > 0 {
                    attackers += 1;
                    units += ATTACK_UNITS[index] * hits;
                }
            }
        }
        // Attacks on the enemy king count against the enemy.
        if attacks > 0 {
            add(KING_ATTACK, -sign * attacks);
        }
        if attackers >= 2 {
            let units = units.min(MAX_ATTACK_UNITS);
            add(KING_DANGER, -sign * (units * units / 16));
        }
        // The pawn shield of a castled king (on the wings of its first two ranks).
        let king = board.king(color);
        let home = king.rank().relative_to(color) as usize <= 1;
        let wing = !matches!(king.file(), cozy_chess::File::D | cozy_chess::File::E);
        if home && wing {
            let files = king.file().bitboard() | king.file().adjacent();
            let shield = (own_pawns & files & ahead_mask(king, color)).len() as i32;
            add(SHIELD, sign * shield.min(3));
        }
    }
    for (side, color) in [Color::White, Color::Black].into_iter().enumerate() {
        let sign = if side == 0 { 1 } else { -1 };
        let queens = board.colored_pieces(color, Piece::Queen);
        let majors = queens | board.colored_pieces(color, Piece::Rook);
        let threatened =
            (majors & minor_reach[1 - side]).len() + (queens & rook_reach[1 - side]).len();
        if threatened > 0 {
            add(ATTACKED_BY_LESSER, sign * threatened as i32);
        }
        let hanging = (minors_and_majors[side] & attacked[1 - side] & !attacked[side]).len() as i32;
        if hanging > 0 {
            add(HANGING, sign * hanging);
        }
    }
}

/// The squares ahead of `square` (towards the enemy's side), on every file.
fn ahead_mask(square: cozy_chess::Square, color: Color) -> BitBoard {
    let rank = square.rank() as u32;
    match color {
        // The ranks above: everything beyond the first rank+1 ranks.
        Color::White if rank < 7 => BitBoard(!0u64 << (8 * (rank + 1))),
        Color::Black if rank > 0 => BitBoard(!0u64 >> (8 * (8 - rank))),
        _ => BitBoard::EMPTY,
    }
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

/// `TABLES[piece][stage][square]`: value plus placement, White's view, a1 = 0 (the
/// weights file writes them as a board is drawn, rank 8 first).
const TABLES: [[[i16; 64]; 2]; 6] = a1_first(PIECE_SQUARE);

/// Tables written rank 8 first, turned to a1 = 0.
const fn a1_first(drawn: [[[i16; 64]; 2]; 6]) -> [[[i16; 64]; 2]; 6] {
    let mut tables = [[[0i16; 64]; 2]; 6];
    let mut piece = 0;
    while piece < 6 {
        let mut stage = 0;
        while stage < 2 {
            let mut square = 0;
            while square < 64 {
                tables[piece][stage][square] = drawn[piece][stage][square ^ 56];
                square += 1;
            }
            stage += 1;
        }
        piece += 1;
    }
    tables
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
        // Level but for the tempo of the side to move (a full middle game).
        assert_eq!(eval("startpos"), WEIGHTS[TEMPO].0);
        // After 1. e4 White stands better: Black, to move, is behind; and White, to move
        // in the mirrored position (Black played ...e5), is behind by as much.
        let after = eval("startpos moves e2e4");
        assert!(after < 0, "{after}");
        let mirrored = eval("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(after, mirrored);
    }

    /// How often the term `index` counts in `fen` (White's less Black's).
    fn term(fen: &str, index: usize) -> i16 {
        let board: Board = fen.parse().unwrap();
        Features::of(&board)
            .active
            .iter()
            .find(|&&(at, _)| at as usize == TABLE_WEIGHTS + index)
            .map_or(0, |&(_, count)| count)
    }

    #[test]
    fn king_danger_needs_two_attackers_and_grows_with_their_square() {
        // The queen on h5 reaches f7 and h7 next to Black's king on g8 (5 units each);
        // alone she is no danger.
        let queen = "6k1/5ppp/8/7Q/8/8/8/4K3 w - - 0 1";
        assert_eq!(term(queen, KING_DANGER), 0);
        // A knight on g5 joins in on f7 and h7 (2 units each): 10 + 4 = 14 units,
        // 14 * 14 / 16 = 12, the danger of Black's king (a negative count: the term is
        // the defender's, White's count less Black's).
        let both = "6k1/5ppp/8/6NQ/8/8/8/4K3 w - - 0 1";
        assert_eq!(term(both, KING_DANGER), -12);
        // The same attack on White's king, colours swapped, counts the other way.
        assert_eq!(term("4k3/8/8/8/6nq/8/5PPP/6K1 b - - 0 1", KING_DANGER), 12);
        // Four attackers: knights on g5 (f7, h7) and e5 (f7), a queen on g6 (f7, g7, h7)
        // and the one on h5 (h7): 4 + 2 + 15 + 5 = 26 units, 26 * 26 / 16 = 42.
        let four = "6k1/5ppp/6Q1/4N1NQ/8/8/8/4K3 w - - 0 1";
        assert_eq!(term(four, KING_DANGER), -42);
    }

    #[test]
    fn passed_pawns_gain_a_free_path_and_their_kings_escort() {
        // White's pawn on d6 (3 ranks beyond the third), its next square free; White's
        // king on e6 is 1 step from d7, Black's on h8 is 4 steps: a lead of 3.
        let escorted = "7k/8/3PK3/8/8/8/8/8 w - - 0 1";
        assert_eq!(term(escorted, PASSED_FREE), 3);
        assert_eq!(term(escorted, PASSED_KING_DISTANCE), 3 * 3);
        // Blocked by Black's king on d7, 2 steps nearer than White's on c5.
        let blocked = "8/3k4/3P4/2K5/8/8/8/8 w - - 0 1";
        assert_eq!(term(blocked, PASSED_FREE), 0);
        assert_eq!(term(blocked, PASSED_KING_DISTANCE), 3 * -2);
        // A lead counts at most 4 steps either way (here 5 behind: b7 to b6 is 1 step,
        // h1 to b6 is 6)...
        assert_eq!(
            term("8/1k6/8/1P6/8/8/8/7K w - - 0 1", PASSED_KING_DISTANCE),
            2 * -4
        );
        assert_eq!(
            term("7k/P7/1K6/8/8/8/8/8 w - - 0 1", PASSED_KING_DISTANCE),
            4 * 4
        );
        // ...and not at all on the third rank or below.
        assert_eq!(
            term("k7/8/8/8/8/1P6/8/7K w - - 0 1", PASSED_KING_DISTANCE),
            0
        );
        // Black's passed pawn counts for Black.
        assert_eq!(term("8/8/8/8/8/3p4/8/K6k b - - 0 1", PASSED_FREE), -3);
    }

    #[test]
    fn pieces_attacked_by_lesser_ones_count() {
        // Black's knight on c6 attacks White's rook on d4 and queen on b4 (2), Black's
        // rook on b8 the queen too (3); White's bishop on g2 attacks nothing major.
        let fen = "1r2k3/8/2n5/8/1Q1R4/8/6B1/4K3 w - - 0 1";
        assert_eq!(term(fen, ATTACKED_BY_LESSER), 3);
        // A queen attacked by a queen, or a rook by a rook, does not count.
        assert_eq!(
            term("r2qk3/8/8/8/8/8/8/R2QK3 w - - 0 1", ATTACKED_BY_LESSER),
            0
        );
        // Black's rook on a5, which White's bishop on c3 attacks, counts for Black.
        assert_eq!(
            term("4k3/8/8/r7/8/2B5/8/4K3 w - - 0 1", ATTACKED_BY_LESSER),
            -1
        );
    }

    #[test]
    fn pawn_chains_and_pairs_count() {
        // d4 defended by c3 and e3 (one pawn defended, however often); no two side by side.
        let chain = "4k3/8/8/8/3P4/2P1P3/8/4K3 w - - 0 1";
        assert_eq!(term(chain, PAWN_SUPPORTED), 1);
        assert_eq!(term(chain, PAWN_PHALANX), 0);
        // c3, d3 and e3 side by side: two pairs; none defends another.
        let row = "4k3/8/8/8/8/2PPP3/8/4K3 w - - 0 1";
        assert_eq!(term(row, PAWN_PHALANX), 2);
        assert_eq!(term(row, PAWN_SUPPORTED), 0);
        // The a- and h-files are not neighbours.
        assert_eq!(term("4k3/8/8/8/8/P6P/8/4K3 w - - 0 1", PAWN_PHALANX), 0);
        // Black's count the other way.
        assert_eq!(
            term("4k3/8/2ppp3/1p6/8/8/8/4K3 w - - 0 1", PAWN_PHALANX),
            -2
        );
        assert_eq!(
            term("4k3/8/2ppp3/1p6/8/8/8/4K3 w - - 0 1", PAWN_SUPPORTED),
            -1
        );
    }

    #[test]
    fn undefended_pieces_under_attack_count() {
        // White's rook on d1 attacks Black's knight on d5, which nothing defends.
        assert_eq!(term("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", HANGING), -1);
        // Defended by the pawn on e6, it is not hanging.
        assert_eq!(term("4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1", HANGING), 0);
        // A piece its king defends is not hanging either: White's rook on d1 next to its
        // king, attacked by Black's rook on d8.
        assert_eq!(term("3rk3/8/8/8/8/8/8/3RK3 w - - 0 1", HANGING), 0);
        // White's bishop on b5, attacked by the knight on c7 and defended by nothing.
        assert_eq!(term("7k/2n5/8/1B6/8/8/8/7K w - - 0 1", HANGING), 1);
    }

    #[test]
    fn outposts_open_king_files_and_the_seventh_rank_count() {
        // A knight on e5, defended by the pawn on d4, that no Black pawn can attack.
        assert_eq!(term("4k3/8/8/4N3/3P4/8/8/4K3 w - - 0 1", OUTPOST), 1);
        // The pawn on f7 can drive it away with ...f6.
        assert_eq!(term("4k3/5p2/8/4N3/3P4/8/8/4K3 w - - 0 1", OUTPOST), 0);
        // Undefended, or on its third rank, it is no outpost.
        assert_eq!(term("4k3/8/8/4N3/8/8/8/4K3 w - - 0 1", OUTPOST), 0);
        assert_eq!(term("4k3/8/8/8/8/4N3/3P4/4K3 w - - 0 1", OUTPOST), 0);
        // Black's knight on d4 (its fifth rank), defended by the pawn on e5.
        assert_eq!(term("4k3/8/8/4p3/3n4/8/8/4K3 w - - 0 1", OUTPOST), -1);
        // White's king on g1 has the f-file open beside it; Black's on e8 none.
        assert_eq!(
            term("4k3/3ppp2/8/8/8/8/6PP/6K1 w - - 0 1", KING_OPEN_FILE),
            1
        );
        // A king on the a-file has two files to watch; Black's e8 king has three open.
        assert_eq!(term("4k3/8/8/8/8/8/8/K7 w - - 0 1", KING_OPEN_FILE), 2 - 3);
        assert_eq!(term("4k3/R7/8/8/8/8/8/4K3 w - - 0 1", ROOK_SEVENTH), 1);
        assert_eq!(term("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", ROOK_SEVENTH), -1);
        assert_eq!(term("4k3/8/8/8/8/8/R7/4K3 w - - 0 1", ROOK_SEVENTH), 0);
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
