//! Chess: the rules of [`cozy_chess`] (move generation, check, mate, castling, en passant,
//! promotion), and the draws it leaves to its users: threefold repetition, the fifty-move
//! rule and insufficient material.
//!
//! A [`Chess`] position is a board and the keys of the positions before it since the last
//! capture or pawn move: the only ones it can repeat.
//!
//! ```
//! use ply_core::{Game, Outcome};
//! use ply_games::chess::Chess;
//! use ply_games::Notation;
//!
//! let start = Chess::start();
//! assert_eq!(start.legal_moves().len(), 20);
//! // Fool's mate, in SAN or UCI notation.
//! let mut game = start.clone();
//! for mv in ["f3", "e5", "g2g4", "Qh4#"] {
//!     let mv = game.parse_move(mv).unwrap();
//!     game.play(mv);
//! }
//! assert_eq!(game.outcome(), Some(Outcome::Loss)); // White, to move, is mated
//! // Any position from its FEN (the move counters may be left out).
//! let kiwipete = start
//!     .parse_position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")
//!     .unwrap();
//! assert_eq!(ply_games::chess::perft(kiwipete.board(), 2), 2039);
//! ```

pub mod board;
mod eval;
mod hooks;
mod perft;
pub mod tune;
mod weights;

pub use eval::{
    ALL_WEIGHTS, Features, Material, PieceSquare, TABLE_WEIGHTS, TERMS, WEIGHT_NAMES, WEIGHTS,
    Weight, weights_in_use,
};
pub use hooks::ChessHooks;
pub use perft::{Divide, divide, divide_until, perft};

use crate::notation::{Notation, NotationError, Playable};
use cozy_chess::{BitBoard, Board, Color, GameStatus, Move, Piece};
use ply_core::engine::HooksVisitor;
use ply_core::phrase::Phrase;
use ply_core::text::excerpt;
use ply_core::{Game, GameBounds, Outcome, Player};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The most moves a `FEN moves ...` position may list: a game of chess this long is far
/// beyond any played (the fifty-move rule ends every game within about 6,000 moves).
pub const MAX_LISTED_MOVES: usize = 10_000;

/// A bound on the legal moves of any board ply accepts, for the search's move lists: at
/// most 16 pieces a side, one of them the king (8 moves); 15 queens (27 moves each) is
/// the most the others can do. (Positions reachable in a game have at most 218.)
pub const MAX_LEGAL_MOVES: u64 = 15 * 27 + 8;

/// A chess position with what the draw rules need of its past.
#[derive(Clone, Debug)]
pub struct Chess {
    board: Board,
    /// The keys of the earlier positions since the last capture or pawn move, newest
    /// first: a persistent list, so that copying a position (as the search does at every
    /// node) copies one pointer.
    earlier: Option<Arc<Earlier>>,
    /// How many of the earlier positions equal this one (counted once, when the move
    /// that made it is played: the search asks at every node, twice).
    repeated: u8,
}

/// One earlier position's key, and the ones before it.
#[derive(Debug)]
struct Earlier {
    key: u64,
    before: Option<Arc<Earlier>>,
}

impl Drop for Earlier {
    // A long list dropped link by link from its head would recurse once per link: unlink
    // iteratively instead (a list holds at most about a hundred links, but nothing needs
    // to rely on that).
    fn drop(&mut self) {
        let mut next = self.before.take();
        while let Some(link) = next {
            match Arc::try_unwrap(link) {
                Ok(mut link) => next = link.before.take(),
                Err(_) => break,
            }
        }
    }
}

impl Chess {
    /// The start position of chess.
    pub fn start() -> Chess {
        Chess::from_board(Board::default())
    }

    /// A position with no known past (its repetitions count from here).
    pub fn from_board(board: Board) -> Chess {
        Chess {
            board,
            earlier: None,
            repeated: 0,
        }
    }

    /// Reads a FEN (the two move counters may be left out: 0 and 1).
    pub fn from_fen(fen: &str) -> Result<Chess, NotationError> {
        let fen = fen.split_whitespace().collect::<Vec<_>>();
        let fields = match fen.len() {
            4 => [&fen[..], &["0", "1"]].concat(),
            5 => [&fen[..], &["1"]].concat(),
            6 => fen.clone(),
            n => {
                return Err(NotationError::said(
                    Phrase::new("errors.chess.fen_fields")
                        .arg("fen", excerpt(&fen.join(" ")))
                        .arg("fields", n),
                ));
            }
        };
        let text = fields.join(" ");
        match read_board(&text, false) {
            Ok(board) => Ok(Chess::from_board(board)),
            Err(words) => Err(NotationError::said(
                Phrase::new("errors.chess.fen")
                    .arg("fen", excerpt(&text))
                    .arg("words", words),
            )),
        }
    }

    /// Reads a FEN as [`Chess::from_fen`], or, for Chess960 (`chess960`), with the
    /// castling rights in Shredder-FEN (the rooks' files, `HAha`) or X-FEN (`KQkq`: the
    /// outermost rook on that side of the king).
    pub fn from_fen_variant(fen: &str, chess960: bool) -> Result<Chess, NotationError> {
        if !chess960 {
            return Chess::from_fen(fen);
        }
        let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
        if !(4..=6).contains(&fields.len()) {
            return Chess::from_fen(fen); // its error names the fields
        }
        fields.truncate(6);
        while fields.len() < 6 {
            fields.push(if fields.len() == 4 { "0" } else { "1" }.into());
        }
        // The X-FEN letters as rook files, read off the board itself.
        if let Ok(placement) =
            Board::from_fen(&format!("{} {} - - 0 1", fields[0], fields[1]), false)
        {
            fields[2] = fields[2]
                .chars()
                .map(|c| x_fen_file(&placement, c).unwrap_or(c))
                .collect();
        }
        let text = fields.join(" ");
        read_board(&text, true)
            .map(Chess::from_board)
            .map_err(|words| {
                NotationError::said(
                    Phrase::new("errors.chess.fen960")
                        .arg("fen", excerpt(&text))
                        .arg("words", words),
                )
            })
    }

    /// The position's FEN; for Chess960, in Shredder-FEN (castling rights as files).
    pub fn fen_variant(&self, chess960: bool) -> String {
        if chess960 {
            format!("{:#}", self.board)
        } else {
            self.fen()
        }
    }

    /// A move in UCI notation; for Chess960, castling as the king taking its own rook
    /// (`e1h1`), as UCI writes it there.
    pub fn uci_move(&self, mv: Move, chess960: bool) -> String {
        if chess960 {
            mv.to_string()
        } else {
            self.uci(mv)
        }
    }

    /// A legal move in UCI notation (for Chess960, castling as the king taking its rook).
    pub fn parse_uci(&self, text: &str, chess960: bool) -> Result<Move, NotationError> {
        let mv = if chess960 {
            text.parse::<Move>().ok()
        } else {
            cozy_chess::util::parse_uci_move(&self.board, text).ok()
        };
        mv.filter(|&mv| self.board.is_legal(mv)).ok_or_else(|| {
            NotationError::said(
                Phrase::new("errors.chess.not_uci")
                    .arg("text", excerpt(text))
                    .arg("player", side_phrase(self.to_move())),
            )
        })
    }

    /// This board with its past forgotten: no earlier positions to repeat, the
    /// fifty-move count at 0. For searching a move in a game already drawn by rule.
    pub fn without_past(&self) -> Chess {
        let mut board = self.board.clone();
        board.set_halfmove_clock(0);
        Chess::from_board(board)
    }

    /// The board (pieces, side to move, castling rights, en passant, clocks).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position as a FEN.
    pub fn fen(&self) -> String {
        self.board.to_string()
    }

    /// A move in UCI notation (`e2e4`, `e7e8q`, castling as the king's two-square move).
    pub fn uci(&self, mv: Move) -> String {
        cozy_chess::util::display_uci_move(&self.board, mv).to_string()
    }

    /// A legal move in standard algebraic notation (`Nf3`, `exd5`, `O-O`, `e8=Q+`).
    pub fn san(&self, mv: Move) -> String {
        cozy_chess::util::display_san_move(&self.board, mv).to_string()
    }

    /// True when the side to move is in check.
    pub fn in_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }

    /// How many times this position occurred before (same pieces, side to move, castling
    /// rights and en passant square), since the last capture or pawn move.
    pub fn repetitions(&self) -> usize {
        self.repeated as usize
    }

    /// Counts the earlier positions equal to this one (at most 255).
    fn count_repetitions(&self) -> u8 {
        // A position can only come back with the same side to move, and at least four
        // plies later: the list is walked two links at a time (from the second, the first
        // with this side to move), and not at all close to a capture or pawn move.
        if self.board.halfmove_clock() < 4 {
            return 0;
        }
        let key = repetition_key(&self.board);
        let mut count = 0u8;
        let mut link = self.earlier.as_deref().and_then(|e| e.before.as_deref());
        while let Some(earlier) = link {
            count = count.saturating_add(u8::from(earlier.key == key));
            link = earlier.before.as_deref().and_then(|e| e.before.as_deref());
        }
        count
    }

    /// True when neither side has the material to mate, by any sequence of legal moves:
    /// kings alone, a king and one minor piece against a king, or kings and bishops all on
    /// squares of one colour.
    pub fn insufficient_material(&self) -> bool {
        let board = &self.board;
        let heavy =
            board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
        if !heavy.is_empty() {
            return false;
        }
        let knights = board.pieces(Piece::Knight);
        let bishops = board.pieces(Piece::Bishop);
        let minors = knights.len() + bishops.len();
        if minors <= 1 {
            return true;
        }
        let dark = !(bishops & BitBoard::DARK_SQUARES).is_empty();
        let light = !(bishops & BitBoard::LIGHT_SQUARES).is_empty();
        knights.is_empty() && !(dark && light)
    }

    /// Reads `FEN` or `startpos`, then optionally `moves M1 M2 ...` (UCI or SAN), as UCI's
    /// `position` command does; the moves count for repetitions.
    fn parse_with_moves(text: &str) -> Result<Chess, NotationError> {
        let text = text.trim();
        let (setup, moves) = match text.split_once(" moves") {
            Some((setup, moves)) => (setup.trim(), Some(moves)),
            None => (text, None),
        };
        let setup = setup.strip_prefix("fen ").unwrap_or(setup).trim();
        let mut position = if setup.is_empty()
            || setup.eq_ignore_ascii_case("start")
            || setup.eq_ignore_ascii_case("startpos")
        {
            Chess::start()
        } else {
            Chess::from_fen(setup)?
        };
        if let Some(moves) = moves {
            let moves: Vec<&str> = moves.split_whitespace().collect();
            if moves.len() > MAX_LISTED_MOVES {
                return Err(NotationError::said(
                    Phrase::new("errors.chess.listed")
                        .arg("count", moves.len())
                        .arg("max", MAX_LISTED_MOVES),
                ));
            }
            for (i, text) in moves.iter().enumerate() {
                let mv = position.parse_move(text).map_err(|e| {
                    let message = e.1.unwrap_or_else(|| {
                        Phrase::new("errors.detail").arg("detail", e.0.as_str())
                    });
                    NotationError::said(
                        Phrase::new("errors.chess.list_move")
                            .arg("number", i + 1)
                            .arg("message", message),
                    )
                })?;
                position.play(mv);
            }
        }
        Ok(position)
    }
}

/// The key under which positions repeat: the board's, with an en passant square only when
/// a pawn can capture there (FIDE: positions are the same when the same moves are possible).
fn repetition_key(board: &Board) -> u64 {
    let Some(file) = board.en_passant() else {
        return board.hash();
    };
    let pawns = board.colored_pieces(board.side_to_move(), Piece::Pawn);
    let mut usable = false;
    board.generate_moves_for(pawns, |moves| {
        usable = moves.into_iter().any(|mv| {
            mv.to.file() == file && board.piece_on(mv.to).is_none() && mv.from.file() != file
        });
        usable
    });
    if usable {
        board.hash()
    } else {
        board.hash_without_ep()
    }
}

/// The rook file an X-FEN castling letter (`K`, `Q`, `k`, `q`) stands for: the outermost
/// rook of its colour on its home rank, on that side of the king. Other letters: `None`.
fn x_fen_file(board: &Board, letter: char) -> Option<char> {
    let color = if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let short = match letter.to_ascii_lowercase() {
        'k' => true,
        'q' => false,
        _ => return None,
    };
    let home = cozy_chess::Rank::First.relative_to(color);
    let king = board.king(color);
    if king.rank() != home {
        return None;
    }
    let rooks = board.colored_pieces(color, Piece::Rook) & home.bitboard();
    let files = rooks.into_iter().map(|square| square.file());
    let file = if short {
        files.filter(|&f| f > king.file()).max()
    } else {
        files.filter(|&f| f < king.file()).min()
    }?;
    let name = char::from(file);
    Some(if color == Color::White {
        name.to_ascii_uppercase()
    } else {
        name
    })
}

/// Reads a FEN of six fields one space apart (castling rights as rook files when
/// `shredder`) into a board the search can play from, or says what is wrong with it.
///
/// cozy-chess checks most of what makes a board legal, but it reads a placement of fewer
/// than 8 ranks, and it does not count a king next to the other as check: from kings side
/// by side its move generator offers the king's capture, after which every search fails
/// for want of a king. Both are refused here, where every front end reads a position, and
/// so are castling rights of a king off the e-file outside Chess960.
fn read_board(text: &str, shredder: bool) -> Result<Board, String> {
    let placement = text.split(' ').next().unwrap_or("");
    let ranks = placement.split('/').count();
    if ranks != 8 {
        return Err(format!(
            "not a legal board: the pieces field has {ranks} ranks (a board has 8)"
        ));
    }
    match Board::from_fen(text, shredder) {
        Ok(board) => {
            let (white, black) = (board.king(Color::White), board.king(Color::Black));
            if cozy_chess::get_king_moves(white).has(black) {
                let not_to_move = !board.side_to_move();
                return Err(format!(
                    "not a legal board: the kings stand side by side ({white}, {black}), so {}, not to move, is in check from the other king",
                    color_name(not_to_move)
                ));
            }
            // cozy-chess lets a king castle from any file of its home rank, as in
            // Chess960; in chess a king that may castle stands on e1 or e8, or castling
            // would be the king's move to its own square (`g1g1`), no notation for a move.
            for color in Color::ALL.into_iter().filter(|_| !shredder) {
                let rights = board.castle_rights(color);
                let king = board.king(color);
                if (rights.short.is_some() || rights.long.is_some())
                    && king.file() != cozy_chess::File::E
                {
                    return Err(format!(
                        "{}: {} may castle, but its king is on {king}, not {} (only in Chess960 does a king castle from another file)",
                        fen_error_words(cozy_chess::FenParseError::InvalidCastlingRights),
                        color_name(color),
                        cozy_chess::Square::new(cozy_chess::File::E, king.rank())
                    ));
                }
            }
            Ok(board)
        }
        Err(error @ cozy_chess::FenParseError::InvalidBoard) => Err(board_problem(text)
            .map_or_else(
                || fen_error_words(error).to_string(),
                |problem| format!("not a legal board: {problem}"),
            )),
        Err(error) => Err(fen_error_words(error).to_string()),
    }
}

/// The side `player` plays, as a phrase ("White" or "Black").
fn side_phrase(player: Player) -> Phrase {
    Phrase::new(match player {
        Player::First => "errors.chess.white",
        Player::Second => "errors.chess.black",
    })
}

/// "White" or "Black".
fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Why cozy-chess refused the pieces of the FEN `text` (it says only that the board is
/// invalid): the first rule of a legal board they break, read off the placement again.
/// `None` when no rule checked here is broken.
fn board_problem(text: &str) -> Option<String> {
    let mut fields = text.split(' ');
    let placement = fields.next().unwrap_or("");
    // The pieces of each colour and kind, as cozy-chess would have placed them.
    let mut pieces = [[BitBoard::EMPTY; Piece::NUM]; Color::NUM];
    for (rank, row) in placement.rsplit('/').enumerate() {
        let bad_rank = || {
            format!(
                "rank {} ({}) is not 8 squares of pieces (KQRBNP for White, kqrbnp for Black) and digits (empty squares)",
                rank + 1,
                excerpt(row)
            )
        };
        let rank = cozy_chess::Rank::try_index(rank)?;
        let mut file = 0usize;
        for c in row.chars() {
            if let Some(empty) = c.to_digit(10) {
                file += empty as usize;
                continue;
            }
            let (Ok(piece), Some(file_name)) = (
                Piece::try_from(c.to_ascii_lowercase()),
                cozy_chess::File::try_index(file),
            ) else {
                return Some(bad_rank());
            };
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let square = cozy_chess::Square::new(file_name, rank);
            pieces[color as usize][piece as usize] |= square.bitboard();
            file += 1;
        }
        if file != 8 {
            return Some(bad_rank());
        }
    }
    let of = |color: Color, piece: Piece| pieces[color as usize][piece as usize];
    for color in Color::ALL {
        let name = color_name(color);
        let kings = of(color, Piece::King).len();
        if kings != 1 {
            let count = if kings == 0 {
                "no king".to_string()
            } else {
                format!("{kings} kings")
            };
            return Some(format!("{name} has {count} (a board has one king each)"));
        }
        let all = Piece::ALL.iter().map(|&p| of(color, p).len()).sum::<u32>();
        if all > 16 {
            return Some(format!("{name} has {all} pieces (at most 16)"));
        }
        let pawns = of(color, Piece::Pawn);
        if pawns.len() > 8 {
            return Some(format!("{name} has {} pawns (at most 8)", pawns.len()));
        }
        let back_ranks = cozy_chess::Rank::First.bitboard() | cozy_chess::Rank::Eighth.bitboard();
        if let Some(square) = (pawns & back_ranks).into_iter().next() {
            return Some(format!(
                "a pawn stands on {square} (pawns never stand on the first or last rank)"
            ));
        }
    }
    let to_move: Color = fields.next()?.parse().ok()?;
    let occupied = pieces
        .iter()
        .flatten()
        .fold(BitBoard::EMPTY, |all, &bits| all | bits);
    // The pieces of `by` that attack the king of `color`.
    let checkers = |color: Color, by: Color| {
        let king = of(color, Piece::King).into_iter().next()?;
        let diagonal = of(by, Piece::Bishop) | of(by, Piece::Queen);
        let straight = of(by, Piece::Rook) | of(by, Piece::Queen);
        Some(
            (cozy_chess::get_knight_moves(king) & of(by, Piece::Knight))
                | (cozy_chess::get_pawn_attacks(king, color) & of(by, Piece::Pawn))
                | (cozy_chess::get_bishop_moves(king, occupied) & diagonal)
                | (cozy_chess::get_rook_moves(king, occupied) & straight)
                | (cozy_chess::get_king_moves(king) & of(by, Piece::King)),
        )
    };
    let squares = |bits: BitBoard| {
        bits.into_iter()
            .map(|square| square.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let waiting = !to_move;
    let checks = checkers(waiting, to_move)?;
    if !checks.is_empty() {
        return Some(format!(
            "{}, not to move, is in check (from {}): the side not to move is never in check",
            color_name(waiting),
            squares(checks)
        ));
    }
    let checks = checkers(to_move, waiting)?;
    if checks.len() > 2 {
        return Some(format!(
            "{} is in check from {} pieces ({}): no move gives more than two checks at once",
            color_name(to_move),
            checks.len(),
            squares(checks)
        ));
    }
    None
}

fn fen_error_words(error: cozy_chess::FenParseError) -> &'static str {
    use cozy_chess::FenParseError::*;
    match error {
        InvalidBoard => {
            "not a legal board (8 ranks of 8 squares, one king each, the side not to move not in check)"
        }
        InvalidSideToMove => "the side to move must be w or b",
        InvalidCastlingRights => {
            "the castling rights must be - or some of KQkq, with king and rook at home"
        }
        InvalidEnPassant => {
            "the en passant square must be - or a square behind a pawn that just moved two"
        }
        InvalidHalfMoveClock => "the halfmove clock must be a whole number from 0 to 100",
        InvalidFullmoveNumber => "the move number must be a whole number from 1",
        MissingField => "a field is missing",
        TooManyFields => "there are too many fields",
    }
}

impl PartialEq for Chess {
    /// Equal boards (pieces, side to move, castling, en passant and clocks); the past is
    /// not compared.
    fn eq(&self, other: &Chess) -> bool {
        self.board == other.board
    }
}

impl Eq for Chess {}

impl Hash for Chess {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.board.hash());
    }
}

/// Whose turn, as the search names players: White moves first.
fn player_of(color: Color) -> Player {
    match color {
        Color::White => Player::First,
        Color::Black => Player::Second,
    }
}

/// The value of a piece for ordering captures (most valuable victim, least valuable
/// attacker): pawn 1 to queen 9, king 10.
fn order_value(piece: Piece) -> i32 {
    match piece {
        Piece::Pawn => 1,
        Piece::Knight | Piece::Bishop => 3,
        Piece::Rook => 5,
        Piece::Queen => 9,
        Piece::King => 10,
    }
}

/// How promising a legal move of `mover` looks before it is searched: captures by the
/// value taken less a fraction of the taker's (most valuable victim, least valuable
/// attacker; en passant takes a pawn), promotions by the piece made; 0 for a quiet move
/// and more than 0 for every capture and promotion (the moves quiescence searches).
#[inline]
pub(crate) fn capture_order(board: &Board, mover: Piece, mv: Move) -> i32 {
    let victim = if board.colors(!board.side_to_move()).has(mv.to) {
        board.piece_on(mv.to).map_or(0, order_value)
    } else if mover == Piece::Pawn && mv.from.file() != mv.to.file() {
        1 // en passant
    } else {
        0
    };
    let gain = victim + mv.promotion.map_or(0, order_value);
    if gain == 0 {
        0
    } else {
        gain * 16 - order_value(mover)
    }
}

/// Sorts `moves` by `keys` (one per move, at least as many), highest first, keeping the
/// generation order among equals: an insertion sort, cheapest on the short, nearly sorted
/// lists move generation gives.
pub(crate) fn sort_by_keys_descending(moves: &mut [Move], keys: &mut [i32]) {
    for i in 1..moves.len() {
        let (mv, key) = (moves[i], keys[i]);
        let mut j = i;
        while j > 0 && keys[j - 1] < key {
            moves[j] = moves[j - 1];
            keys[j] = keys[j - 1];
            j -= 1;
        }
        moves[j] = mv;
        keys[j] = key;
    }
}

impl Game for Chess {
    type Move = Move;

    #[inline]
    fn to_move(&self) -> Player {
        player_of(self.board.side_to_move())
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.board.status() {
            GameStatus::Won => return Some(Outcome::Loss),
            // Stalemate, or fifty moves (100 plies) without a capture or pawn move.
            GameStatus::Drawn => return Some(Outcome::Draw),
            GameStatus::Ongoing => {}
        }
        if self.insufficient_material() || self.repetitions() >= 2 {
            return Some(Outcome::Draw);
        }
        None
    }

    /// Captures and promotions first, most valuable victim first and least valuable
    /// attacker first among equals; then the quiet moves.
    fn generate_moves(&self, moves: &mut Vec<Move>) {
        let board = &self.board;
        let start = moves.len();
        // Keys for the first 256 moves (no position reachable in a game has more than
        // 218; a composed board with more keeps the rest in generation order, behind).
        let mut keys = [0i32; 256];
        board.generate_moves(|piece_moves| {
            for mv in piece_moves {
                if let Some(slot) = keys.get_mut(moves.len() - start) {
                    *slot = capture_order(board, piece_moves.piece, mv);
                }
                moves.push(mv);
            }
            false
        });
        let end = moves.len().min(start + keys.len());
        sort_by_keys_descending(&mut moves[start..end], &mut keys);
    }

    fn play(&mut self, mv: Move) {
        let key = repetition_key(&self.board);
        self.board.play_unchecked(mv);
        self.earlier = if self.board.halfmove_clock() == 0 {
            // A capture or a pawn move: no earlier position can come back.
            None
        } else {
            Some(Arc::new(Earlier {
                key,
                before: self.earlier.take(),
            }))
        };
        self.repeated = self.count_repetitions();
    }

    fn bounds(&self) -> GameBounds {
        GameBounds {
            max_plies: None,
            max_moves: Some(MAX_LEGAL_MOVES),
            positions: None,
            min_positions: None,
        }
    }

    /// The board with its pieces ([`ply_core::DiagramStyle::Chess`]): rank 8 on row 0,
    /// file a in column 0, White's pieces in capitals, as FEN writes them.
    fn diagram(&self) -> Option<ply_core::Diagram> {
        let mut diagram = ply_core::Diagram::new(8, 8)?.with_style(ply_core::DiagramStyle::Chess);
        for row in 0..8u32 {
            for column in 0..8u32 {
                let square = cozy_chess::Square::new(
                    cozy_chess::File::index(column as usize),
                    cozy_chess::Rank::index(7 - row as usize),
                );
                if let (Some(piece), Some(color)) =
                    (self.board.piece_on(square), self.board.color_on(square))
                {
                    let letter: char = piece.into();
                    let letter = if color == Color::White {
                        letter.to_ascii_uppercase()
                    } else {
                        letter
                    };
                    diagram.set_piece(row, column, Some(letter));
                }
            }
        }
        Some(diagram)
    }
}

impl Notation for Chess {
    fn game_name(&self) -> String {
        "chess".into()
    }

    /// A FEN (move counters optional), or `startpos`; either may be followed by
    /// `moves M1 M2 ...` in UCI or SAN notation.
    fn parse_position(&self, text: &str) -> Result<Chess, NotationError> {
        Chess::parse_with_moves(text)
    }

    fn position_string(&self) -> String {
        self.fen()
    }

    /// A move in UCI notation (`e2e4`, `e1g1`, `e7e8q`) or SAN (`e4`, `Nf3`, `O-O`, `exd5`,
    /// `e8=Q`), checked to be legal here.
    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let text = text.trim();
        if self.outcome().is_some() {
            return Err(NotationError::said(Phrase::new("errors.game.no_move")));
        }
        let uci = cozy_chess::util::parse_uci_move(&self.board, text)
            .ok()
            .filter(|&mv| self.board.is_legal(mv));
        let mv = uci.or_else(|| {
            cozy_chess::util::parse_san_move(&self.board, text)
                .ok()
                .filter(|&mv| self.board.is_legal(mv))
        });
        mv.ok_or_else(|| {
            NotationError::said(
                Phrase::new("errors.chess.not_legal")
                    .arg("text", excerpt(text))
                    .arg("player", side_phrase(self.to_move())),
            )
        })
    }

    fn move_string(&self, mv: Move) -> String {
        self.san(mv)
    }

    fn render(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..8 {
                let square = cozy_chess::Square::new(
                    cozy_chess::File::index(file),
                    cozy_chess::Rank::index(rank),
                );
                let symbol = match (self.board.piece_on(square), self.board.color_on(square)) {
                    (Some(piece), Some(color)) => {
                        let c: char = piece.into();
                        if color == Color::White {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        }
                    }
                    _ => '.',
                };
                out.push(' ');
                out.push(symbol);
            }
            out.push('\n');
        }
        out.push_str("   a b c d e f g h\n");
        out
    }

    fn move_help(&self) -> String {
        "moves in SAN (e4, Nf3, O-O, exd5, e8=Q) or UCI notation (e2e4, e1g1, e7e8q)".into()
    }

    fn move_help_phrase(&self) -> Option<Phrase> {
        Some(Phrase::new("boards.help.chess"))
    }

    fn player_name(&self, player: Player) -> String {
        match player {
            Player::First => "White".into(),
            Player::Second => "Black".into(),
        }
    }
}

impl Playable for Chess {
    type Eval = PieceSquare;

    fn evaluator(&self) -> PieceSquare {
        PieceSquare
    }

    fn with_search_hooks<V: HooksVisitor<Self>>(&self, visitor: V) -> V::Output {
        visitor.visit(ChessHooks)
    }

    /// Chess is far too large for the textbook searches to finish: the engine, within
    /// its limits.
    fn prefers_engine(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests;
