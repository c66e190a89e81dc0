//! What chess tells ply's generic engine (`ply_core::engine::SearchHooks`): the board's
//! Zobrist key, a move code for the table and the history heuristic, captures first,
//! captures and promotions for the quiescence search, null moves and late-move reductions.

use super::{Chess, capture_order, sort_by_keys_descending};
use cozy_chess::{BitBoard, Board, Color, Move, Piece, Square};
use ply_core::Score;
use ply_core::engine::SearchHooks;
use std::sync::OnceLock;

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
    /// least valuable attacker), promotions by the piece made; a capture that loses
    /// material once every recapture is played (static exchange below 0) comes after
    /// the quiet moves, killers included.
    #[inline]
    fn order_hint(&self, position: &Chess, mv: Move) -> i32 {
        let hint = Self::hint(position, mv);
        if hint > 0 && mv.promotion.is_none() && !exchange_at_least(position.board(), mv, 0) {
            hint - LOSING_CAPTURE
        } else {
            hint
        }
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
                // Captures that lose material once every recapture is played (static
                // exchange evaluation below 0) are left out: standing pat is better.
                if key > 0 && (mv.promotion.is_some() || exchange_at_least(board, mv, 0)) {
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

    /// Every node orders its moves, one ply above the horizon too: there the children
    /// are quiescence searches, dearer than the ordering, and the search's pruning
    /// steps (futility, check extension) apply only outside the lean frontier loop.
    #[inline]
    fn order_hint_min_depth(&self) -> u32 {
        1
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

    /// Near the horizon (6 plies or less) and not in check: 0.85 pawn per ply.
    #[inline]
    fn futility_margin(&self, position: &Chess, depth: u32) -> Option<Score> {
        (depth <= 6 && !position.in_check()).then(|| Score::heuristic(85 * depth as i32))
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

    /// Within 6 plies of the horizon, not in check: quiet moves are skipped when the
    /// evaluation is more than 0.60 + 0.70 pawn per ply below alpha (in self-play at
    /// 20,000 nodes a move, these margins scored best of 0.40 + 0.55, 0.60 + 0.70 and
    /// 0.80 + 0.90: docs/performance-log.md).
    #[inline]
    fn quiet_move_margin(&self, position: &Chess, depth: u32) -> Option<Score> {
        (depth <= 6 && !position.in_check()).then(|| Score::heuristic(60 + 70 * depth as i32))
    }

    /// Within 4 plies of the horizon, not in check: quiet moves after the first 3 +
    /// depth² moves.
    #[inline]
    fn late_move_limit(&self, position: &Chess, depth: u32) -> Option<usize> {
        (depth <= 4 && !position.in_check()).then(|| 3 + (depth * depth) as usize)
    }

    /// Within 6 plies of the horizon, not in check: a quiet move that loses more than
    /// 0.60 pawn a ply to the exchanges on its square, or a capture that loses more than
    /// a pawn a ply (castling, the king onto its rook's square, is never judged).
    fn unpromising(&self, position: &Chess, mv: Move, depth: u32) -> bool {
        let board = position.board();
        if depth > 6 || position.in_check() || board.colors(board.side_to_move()).has(mv.to) {
            return false;
        }
        let margin = if Self::is_noisy(position, mv) {
            100
        } else {
            60
        };
        !exchange_at_least(board, mv, -margin * depth as i32)
    }

    /// From 6 plies above the horizon: 0.02 pawn a ply.
    #[inline]
    fn singular_margin(&self, _position: &Chess, depth: u32) -> Option<Score> {
        (depth >= 6).then(|| Score::heuristic(2 * depth as i32))
    }

    /// The piece moved, its colour and its target square.
    #[inline]
    fn continuation_code(&self, position: &Chess, mv: Move) -> Option<u16> {
        let board = position.board();
        let piece = board.piece_on(mv.from)? as u16;
        let colour = board.side_to_move() as u16;
        Some((colour * 6 + piece) * 64 + mv.to as u16)
    }

    /// No capture, no promotion.
    #[inline]
    fn is_quiet(&self, position: &Chess, mv: Move, _child: &Chess) -> bool {
        !Self::is_noisy(position, mv)
    }

    /// Quiet moves from the fourth on, at depth 3 or more, not in check: reduced by
    /// about ln(depth) · ln(move number) / 2 plies, the more the later and the deeper
    /// (a well-ordered list rarely has its best move late).
    fn reduction(&self, position: &Chess, mv: Move, depth: u32, move_number: usize) -> u32 {
        if depth < 3 || move_number < 3 || position.in_check() || Self::is_noisy(position, mv) {
            return 0;
        }
        let table = REDUCTIONS.get_or_init(|| {
            let mut table = [[0u8; 64]; 64];
            for (depth, row) in table.iter_mut().enumerate().skip(1) {
                for (number, cell) in row.iter_mut().enumerate().skip(1) {
                    let plies = 0.8 + (depth as f64).ln() * ((number + 1) as f64).ln() / 2.0;
                    *cell = plies as u8;
                }
            }
            table
        });
        u32::from(table[(depth as usize).min(63)][move_number.min(63)])
    }
}

/// Subtracted from a losing capture's ordering hint: below every quiet move's 0.
const LOSING_CAPTURE: i32 = 1 << 20;

/// Late-move reductions by depth and move number ([`ChessHooks::reduction`]).
static REDUCTIONS: OnceLock<[[u8; 64]; 64]> = OnceLock::new();

/// Piece values for exchanges: pawn 100 to queen 900, the king above any exchange.
fn exchange_piece_value(piece: Piece) -> i32 {
    match piece {
        Piece::Pawn => 100,
        Piece::Knight | Piece::Bishop => 300,
        Piece::Rook => 500,
        Piece::Queen => 900,
        Piece::King => 20_000,
    }
}

/// Every piece of either colour that attacks `square` on a board occupied by `occupied`
/// (pieces removed from `occupied` no longer attack, and reveal the sliders behind them).
fn attackers_to(board: &Board, square: Square, occupied: BitBoard) -> BitBoard {
    let pawns = board.pieces(Piece::Pawn);
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let attackers = (cozy_chess::get_pawn_attacks(square, Color::White)
        & pawns
        & board.colors(Color::Black))
        | (cozy_chess::get_pawn_attacks(square, Color::Black) & pawns & board.colors(Color::White))
        | (cozy_chess::get_knight_moves(square) & board.pieces(Piece::Knight))
        | (cozy_chess::get_king_moves(square) & board.pieces(Piece::King))
        | (cozy_chess::get_bishop_moves(square, occupied) & diagonal)
        | (cozy_chess::get_rook_moves(square, occupied) & straight);
    attackers & occupied
}

/// Whether the static exchange value of `mv` ([`exchange_value`]) is at least
/// `threshold`, working it out only when the bounds it lies within do not tell: the
/// exchange gains at most the piece taken, and at least that less the piece taking it
/// (the side to move may stop after the first recapture). Most captures take a piece
/// worth as much as the taker or more and are settled here.
#[inline]
pub(crate) fn exchange_at_least(board: &Board, mv: Move, threshold: i32) -> bool {
    let Some(mover) = board.piece_on(mv.from) else {
        return 0 >= threshold;
    };
    let victim = match board.piece_on(mv.to) {
        Some(victim) if board.colors(!board.side_to_move()).has(mv.to) => {
            exchange_piece_value(victim)
        }
        _ if mover == Piece::Pawn && mv.from.file() != mv.to.file() => 100,
        _ => 0,
    };
    if victim < threshold {
        false
    } else if victim - exchange_piece_value(mover) >= threshold {
        true
    } else {
        exchange_value(board, mv) >= threshold
    }
}

/// Static exchange evaluation: the material the side to move wins with the capture `mv`
/// if both sides then recapture on its square, each with its least valuable piece, for as
/// long as it pays (pins are not considered). Negative: the capture loses material.
pub(crate) fn exchange_value(board: &Board, mv: Move) -> i32 {
    let Some(mover) = board.piece_on(mv.from) else {
        return 0;
    };
    let target = mv.to;
    let mut occupied = board.occupied() ^ mv.from.bitboard();
    let mut gains = [0i32; 34];
    gains[0] = match board.piece_on(target) {
        Some(victim) if board.colors(!board.side_to_move()).has(target) => {
            exchange_piece_value(victim)
        }
        _ if mover == Piece::Pawn && mv.from.file() != mv.to.file() => {
            // En passant: the captured pawn stands beside the target.
            let captured = Square::new(mv.to.file(), mv.from.rank());
            occupied ^= captured.bitboard();
            100
        }
        _ => 0,
    };
    let mut on_square = exchange_piece_value(mover);
    let mut side = !board.side_to_move();
    let mut depth = 0;
    loop {
        let attackers = attackers_to(board, target, occupied) & board.colors(side);
        // The least valuable attacker recaptures.
        let Some((piece, from)) = Piece::ALL.iter().find_map(|&piece| {
            (attackers & board.pieces(piece))
                .next_square()
                .map(|square| (piece, square))
        }) else {
            break;
        };
        depth += 1;
        if depth >= gains.len() {
            break;
        }
        // What the recapturing side stands to win, if the exchange stopped after it.
        gains[depth] = on_square - gains[depth - 1];
        if gains[depth].max(-gains[depth - 1]) < 0 {
            break; // neither continuing nor stopping here changes the outcome
        }
        on_square = exchange_piece_value(piece);
        occupied ^= from.bitboard();
        side = !side;
    }
    // Each side stops the exchange where that is better for it.
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Notation;

    fn see(fen: &str, mv: &str) -> i32 {
        let position = Chess::from_fen(fen).unwrap();
        let mv = position.parse_move(mv).unwrap();
        exchange_value(position.board(), mv)
    }

    /// The reductions docs/chess.md gives, by depth and move (counted from 1 there, from 0
    /// here); none for captures, in check, or for the first three moves.
    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        let position = Chess::start();
        let quiet = position.parse_move("Nf3").unwrap();
        for (depth, move_number, plies) in [
            (3, 3, 1),
            (4, 5, 2),
            (6, 11, 3),
            (6, 19, 3),
            (10, 29, 4),
            (2, 30, 0),
            (8, 2, 0),
        ] {
            assert_eq!(
                ChessHooks.reduction(&position, quiet, depth, move_number),
                plies,
                "depth {depth}, move {move_number}"
            );
        }
        let open = Chess::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
        let capture = open.parse_move("exd5").unwrap();
        assert_eq!(ChessHooks.reduction(&open, capture, 10, 29), 0);
        let check = Chess::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
        let evasion = check.parse_move("Kf1").unwrap();
        assert_eq!(ChessHooks.reduction(&check, evasion, 10, 29), 0);
    }

    /// The bounds `exchange_at_least` settles by never disagree with the whole exchange:
    /// every legal move of the positions of random games, at thresholds on either side.
    #[test]
    fn exchange_bounds_agree_with_the_whole_exchange() {
        let mut checked = 0;
        for position in crate::chess::tests::random_game_positions(5, 30, 100) {
            for mv in ply_core::Game::legal_moves(&position) {
                let whole = exchange_value(position.board(), mv);
                for threshold in [-500, -300, -100, -60, 0, 1, 100, 200, 300, 900] {
                    assert_eq!(
                        exchange_at_least(position.board(), mv, threshold),
                        whole >= threshold,
                        "{} {mv} at {threshold} (exchange {whole})",
                        position.fen()
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// Follow-up codes tell the piece, its colour and its target square apart, and only
    /// those: below 768 (the engine folds codes below 1024).
    #[test]
    fn follow_up_codes_are_piece_colour_and_target() {
        let code = |fen: &str, mv: &str| {
            let position = Chess::from_fen(fen).unwrap();
            let mv = position.parse_move(mv).unwrap();
            ChessHooks.continuation_code(&position, mv).unwrap()
        };
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        // The same knight to the same square from two squares: one code.
        let knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        assert_eq!(code(knights, "Nbd2"), code(knights, "Nfd2"));
        // Another piece, square or colour: another code.
        assert_ne!(code(start, "Nf3"), code(start, "Nh3"));
        assert_ne!(code(start, "e4"), code(start, "Nf3"));
        let black = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert_ne!(code(black, "Nf6"), code(start, "Nf3"));
        let mut seen = std::collections::HashSet::new();
        for fen in [start, black, knights] {
            let position = Chess::from_fen(fen).unwrap();
            for mv in ply_core::Game::legal_moves(&position) {
                let c = ChessHooks.continuation_code(&position, mv).unwrap();
                assert!(c < 768);
                seen.insert(c);
            }
        }
        assert!(seen.len() > 30);
    }

    /// Singular extensions from 6 plies above the horizon, 0.02 pawn a ply.
    #[test]
    fn singular_margins_by_depth() {
        let position = Chess::start();
        assert_eq!(ChessHooks.singular_margin(&position, 5), None);
        assert_eq!(
            ChessHooks.singular_margin(&position, 6),
            Some(Score::heuristic(12))
        );
        assert_eq!(
            ChessHooks.singular_margin(&position, 10),
            Some(Score::heuristic(20))
        );
    }

    /// Exchanges worked out by hand.
    #[test]
    fn exchanges_count_every_recapture() {
        // A free pawn.
        assert_eq!(see("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5"), 100);
        // Pawn takes a pawn defended by a pawn: pawn for pawn.
        assert_eq!(see("4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "exd5"), 0);
        // Queen takes a pawn defended by a pawn: a queen for a pawn.
        assert_eq!(see("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "Qxd5"), 100 - 900);
        // Rook takes a knight defended by a rook, the rook behind it (x-ray) recaptures.
        assert_eq!(
            see("3rk3/8/8/3n4/8/8/3R4/3RK3 w - - 0 1", "Rxd5"),
            300 - 500 + 500
        );
        // Knight takes a rook defended by a queen: a rook for a knight.
        assert_eq!(
            see("4k3/3q4/8/3r4/8/4N3/8/4K3 w - - 0 1", "Nxd5"),
            500 - 300
        );
        // En passant, no recapture.
        assert_eq!(see("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1", "dxe6"), 100);
    }
}
