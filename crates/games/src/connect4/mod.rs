//! Connect Four on any board of `W` columns and `H` rows with `W * (H + 1) <= 64`
//! (the standard game is 7x6): drop stones, four in a row wins.
//!
//! Positions are written as the columns played, from the left `1` to `W`, one
//! digit per move: `4453` (the empty string is the empty board). The board is a
//! pair of bitboards (see [`bitboard`]); the engine hooks ([`Connect4Hooks`])
//! give the search immediate wins, non-losing moves, threat-based ordering and
//! value bounds.
//!
//! ```
//! use ply_core::engine::{Engine, Limits, Settings};
//! use ply_games::{Connect4, Notation, connect4::{Connect4Eval, Connect4Hooks}};
//!
//! let start = Connect4::new(4, 4).unwrap();
//! let mut engine = Engine::new(Connect4Hooks, Connect4Eval, Settings::default());
//! let result = engine.search(&start, &Limits::exact());
//! assert!(result.exact && result.score == ply_core::Score::DRAW); // 4x4 is a draw
//!
//! let pos = Connect4::standard().parse_position("4455").unwrap();
//! assert!(pos.parse_position("44444444").unwrap_err().to_string().contains("move 7"));
//! ```

pub mod bitboard;
pub mod book;
pub mod score;
pub mod solver;
pub use book::OpeningBook;
pub use score::{from_pons, to_pons, weak_sign};
pub use solver::{Solution, StandardSolveError, StandardSolver, Window};

use crate::catalog::parse_numbers;
use crate::notation::{Notation, NotationError, Playable};
use bitboard::{
    board_cells, bottom_cell, bottom_row, column_cells, has_four, top_cell, winning_cells,
};
use ply_core::engine::{ExactScale, HooksVisitor, SearchHooks};
use ply_core::phrase::Phrase;
use ply_core::text::excerpt;
use ply_core::{Evaluator, Game, GameBounds, Outcome, Player, Score};
use std::hash::{Hash, Hasher};

/// A column, `0..W` from the left (people write it `1..=W`).
pub type Column = u8;

/// Widest board: moves are written one digit each.
pub const MAX_WIDTH: u32 = 9;

/// For each board width, its columns from the centre outwards (left of the
/// centre first): a table, because the order is asked at every node.
const CENTRE_FIRST: [[Column; MAX_WIDTH as usize]; MAX_WIDTH as usize + 1] = {
    let mut table = [[0; MAX_WIDTH as usize]; MAX_WIDTH as usize + 1];
    let mut w = 1;
    while w <= MAX_WIDTH as i32 {
        let mut i = 0;
        while i < w {
            table[w as usize][i as usize] = (w / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2) as Column;
            i += 1;
        }
        w += 1;
    }
    table
};

/// On the standard board, for every set of columns (bit `c`: column `c`), those columns
/// centre first and how many: the non-losing moves in one lookup (see
/// [`standard_columns`]) instead of a test per column.
const STANDARD_CENTRE_FIRST: [([Column; MAX_WIDTH as usize], u8); 128] = {
    let mut table = [([0; MAX_WIDTH as usize], 0); 128];
    let mut set = 0;
    while set < 128 {
        let mut i = 0;
        let mut count = 0;
        while i < 7 {
            let column = CENTRE_FIRST[7][i];
            if set & (1 << column) != 0 {
                table[set].0[count] = column;
                count += 1;
            }
            i += 1;
        }
        table[set].1 = count as u8;
        set += 1;
    }
    table
};

/// The columns (bit `c`: column `c`) of `cells`, cells of the standard board with at
/// most one per column and none in the spare top row: each column's cell is folded
/// onto its bottom bit (shifts by up to 6), and the seven bottom bits `7c` are
/// gathered to bits `42 + c` by one multiplication (their partial products never
/// overlap, so nothing carries into those bits).
#[inline(always)]
fn standard_columns(cells: u64) -> usize {
    const GATHER: u64 =
        (1 << 42) | (1 << 36) | (1 << 30) | (1 << 24) | (1 << 18) | (1 << 12) | (1 << 6);
    let mut folded = cells;
    folded |= folded >> 1;
    folded |= folded >> 2;
    folded |= folded >> 3;
    ((folded & Size::STANDARD.bottom).wrapping_mul(GATHER) >> 42) as usize & 0x7F
}

/// The board size and its masks, as hot functions see them. They take it by
/// value and are inlined twice (see [`sized!`]): once with [`Size::STANDARD`], a
/// constant, so that on 7x6 every shift is by a constant the compiler folds
/// (the size is otherwise only known at run time), once with the position's own.
#[derive(Clone, Copy)]
struct Size {
    width: u32,
    height: u32,
    /// The bottom cell of every column.
    bottom: u64,
    /// Every playable cell.
    board: u64,
}

impl Size {
    const STANDARD: Size = Size {
        width: 7,
        height: 6,
        bottom: bottom_row(7, 6),
        board: board_cells(7, 6),
    };
}

/// Evaluates `$body` with `$size` bound to the board size of `$pos`: a constant on
/// the standard board (the common case), the position's fields otherwise.
macro_rules! sized {
    ($pos:expr, |$size:ident| $body:expr) => {
        if $pos.is_standard() {
            let $size = Size::STANDARD;
            $body
        } else {
            let $size = $pos.size();
            $body
        }
    };
}

/// A Connect Four position. Equality and hashing look at the stones only, not
/// at the order in which they were played.
#[derive(Clone, Copy, Debug)]
pub struct Connect4 {
    width: u8,
    height: u8,
    /// Stones played so far.
    moves: u8,
    /// The player who just moved has four in a row.
    won: bool,
    /// Stones of the side to move.
    current: u64,
    /// Every stone.
    mask: u64,
    /// Empty cells that would complete four for the side to move, and for the
    /// opponent. Kept up to date by `play` (one line search for the stone's
    /// owner; the other side's cells only lose the one just filled), because
    /// every node of a search asks for both.
    own_threat_cells: u64,
    opponent_threat_cells: u64,
    /// The columns played, 4 bits each, for writing the position back.
    history: [u64; 4],
    /// The bottom cell of every column and every playable cell: constants of the
    /// board size, kept here because the size is only known at run time (computing
    /// them at every use was a loop per column in the hottest functions).
    bottom: u64,
    board: u64,
}

impl PartialEq for Connect4 {
    fn eq(&self, other: &Self) -> bool {
        (self.width, self.height, self.current, self.mask)
            == (other.width, other.height, other.current, other.mask)
    }
}

impl Eq for Connect4 {}

impl Hash for Connect4 {
    fn hash<S: Hasher>(&self, state: &mut S) {
        (self.width, self.height, self.current, self.mask).hash(state);
    }
}

impl Connect4 {
    /// The empty board of `width` columns and `height` rows.
    pub fn new(width: u32, height: u32) -> Result<Connect4, NotationError> {
        if width == 0 || height == 0 {
            return Err(NotationError::said(Phrase::new(
                "errors.connect4.empty_board",
            )));
        }
        // In 64 bits: a height near u32::MAX must be refused, not overflow.
        if width > MAX_WIDTH || u64::from(width) * (u64::from(height) + 1) > 64 {
            return Err(NotationError::said(
                Phrase::new("errors.connect4.too_large")
                    .arg("width", width)
                    .arg("height", height)
                    .arg("max", MAX_WIDTH),
            ));
        }
        Ok(Connect4 {
            width: width as u8,
            height: height as u8,
            moves: 0,
            won: false,
            current: 0,
            mask: 0,
            own_threat_cells: 0,
            opponent_threat_cells: 0,
            history: [0; 4],
            bottom: bottom_row(width, height),
            board: board_cells(width, height),
        })
    }

    /// The standard empty 7x6 board.
    pub fn standard() -> Connect4 {
        Connect4::new(7, 6).expect("7x6 is a valid board")
    }

    /// Reads `WxH` (the part after `connect4:`).
    pub fn from_spec_args(args: &str) -> Result<Connect4, NotationError> {
        let numbers = parse_numbers(
            "connect4",
            &args.replace(['x', 'X'], ","),
            &["width (columns)", "height (rows)"],
        )?;
        match numbers[..] {
            [w, h] => Connect4::new(w, h),
            _ => Err(NotationError::said(
                Phrase::new("errors.connect4.size").arg("args", excerpt(args)),
            )),
        }
    }

    /// The board's width (columns).
    pub fn width(&self) -> u32 {
        self.width as u32
    }
    /// The board's height (rows).
    pub fn height(&self) -> u32 {
        self.height as u32
    }
    /// Stones on the board.
    pub fn moves_played(&self) -> u32 {
        self.moves as u32
    }
    /// Cells on the board.
    pub fn cells(&self) -> u32 {
        self.width() * self.height()
    }
    /// True on the standard 7x6 board (the playable cells give the size): the board
    /// [`StandardSolver`] solves.
    #[inline(always)]
    pub fn is_standard(&self) -> bool {
        self.board == Size::STANDARD.board
    }
    #[inline(always)]
    fn size(&self) -> Size {
        Size {
            width: self.width as u32,
            height: self.height as u32,
            bottom: self.bottom,
            board: self.board,
        }
    }
    /// Stones of the side to move and all stones: the two bitboards.
    pub fn bitboards(&self) -> (u64, u64) {
        (self.current, self.mask)
    }
    /// Every playable cell.
    #[inline]
    pub fn board_mask(&self) -> u64 {
        self.board
    }
    /// The cells where a stone would land now, one per open column.
    #[inline]
    pub fn playable_cells(&self) -> u64 {
        (self.mask + self.bottom) & self.board
    }
    #[inline(always)]
    fn playable_in(&self, size: Size) -> u64 {
        (self.mask + size.bottom) & size.board
    }
    /// Empty cells that would give the side to move four in a row.
    #[inline]
    pub fn own_threats(&self) -> u64 {
        self.own_threat_cells
    }
    /// Empty cells that would give the opponent four in a row.
    #[inline]
    pub fn opponent_threats(&self) -> u64 {
        self.opponent_threat_cells
    }

    /// True when `column` has room for a stone.
    #[inline]
    pub fn can_play(&self, column: Column) -> bool {
        (column as u32) < self.width() && self.mask & top_cell(column as u32, self.height()) == 0
    }

    /// True when playing `column` wins at once.
    #[inline]
    pub fn is_winning_move(&self, column: Column) -> bool {
        self.own_threats() & self.playable_cells() & column_cells(column as u32, self.height()) != 0
    }

    /// The cell a stone dropped in `column` lands on.
    #[inline(always)]
    fn landing_cell_in(&self, size: Size, column: Column) -> u64 {
        (self.mask + bottom_cell(column as u32, size.height))
            & column_cells(column as u32, size.height)
    }

    /// Columns from the centre outwards (the usual best-first order).
    #[inline]
    fn column_order(&self) -> impl Iterator<Item = Column> {
        CENTRE_FIRST[self.width as usize][..self.width as usize]
            .iter()
            .copied()
    }

    /// The columns played so far, in order.
    pub fn history(&self) -> Vec<Column> {
        (0..self.moves as usize)
            .map(|i| ((self.history[i / 16] >> (4 * (i % 16))) & 0xF) as Column)
            .collect()
    }
}

impl Game for Connect4 {
    type Move = Column;

    #[inline]
    fn to_move(&self) -> Player {
        if self.moves % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.won {
            Some(Outcome::Loss)
        } else if self.moves as u32 == self.cells() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Vec<Column>) {
        moves.extend(self.column_order().filter(|&c| self.can_play(c)));
    }

    #[inline(always)]
    fn play(&mut self, column: Column) {
        *self = self.after(column);
    }

    #[inline(always)]
    fn after(&self, column: Column) -> Connect4 {
        sized!(self, |size| self.after_in(size, column))
    }

    /// Each empty cell is filled at most once; each of them ends empty, X or O.
    fn bounds(&self) -> GameBounds {
        let empty = self.cells() - self.moves as u32;
        GameBounds {
            max_plies: Some(empty as u64),
            max_moves: Some(self.width() as u64),
            positions: Some(3u64.saturating_pow(empty)),
            min_positions: None,
        }
    }

    /// The board as `render` prints it: the top row first, X the first player.
    fn diagram(&self) -> Option<ply_core::Diagram> {
        let mut board = ply_core::Diagram::new(self.height(), self.width())?.with_discs();
        let (first, _) = self.stones_by_player();
        for row in 0..self.height() {
            for column in 0..self.width() {
                let bit = bottom_cell(column, self.height()) << row;
                let stone = if self.mask & bit == 0 {
                    None
                } else if first & bit != 0 {
                    Some(Player::First)
                } else {
                    Some(Player::Second)
                };
                board.set(self.height() - 1 - row, column, stone);
            }
        }
        Some(board)
    }
}

impl Connect4 {
    /// The position after `column`, built field by field from `self`: copying a
    /// position just changed in place stalled the processor on every child (its
    /// wide loads read the fields' narrower stores still in flight: about a tenth
    /// of a fixed-depth search's time).
    #[inline(always)]
    fn after_in(&self, size: Size, column: Column) -> Connect4 {
        let i = self.moves as usize;
        // Word by word in registers (a store into a copy of the array, read back
        // wide right after, stalled the same way).
        let bits = (column as u64) << (4 * (i % 16));
        let history: [u64; 4] =
            std::array::from_fn(|k| self.history[k] | if k == i / 16 { bits } else { 0 });
        let cell = (self.mask + bottom_cell(column as u32, size.height))
            & column_cells(column as u32, size.height);
        let mover = self.current | cell;
        let mask = self.mask | cell;
        Connect4 {
            width: self.width,
            height: self.height,
            moves: self.moves + 1,
            // The stone wins when it lands on one of its owner's threat cells.
            won: self.own_threat_cells & cell != 0,
            // Pons: the opponent's stones become `current`, the new stone joins `mask`.
            current: self.current ^ self.mask,
            mask,
            own_threat_cells: self.opponent_threat_cells & !cell,
            opponent_threat_cells: winning_cells(mover, mask, size.height, size.board),
            history,
            bottom: self.bottom,
            board: self.board,
        }
    }
}

impl Notation for Connect4 {
    fn game_name(&self) -> String {
        if (self.width, self.height) == (7, 6) {
            "connect4".into()
        } else {
            format!("connect4:{}x{}", self.width, self.height)
        }
    }

    fn parse_position(&self, text: &str) -> Result<Connect4, NotationError> {
        let text = text.trim();
        let mut pos = Connect4::new(self.width(), self.height())?;
        if text.eq_ignore_ascii_case("start") {
            return Ok(pos);
        }
        let w = self.width();
        for (i, ch) in text.chars().enumerate() {
            let n = i + 1;
            let column = match ch.to_digit(10) {
                Some(d) if (1..=w).contains(&d) => (d - 1) as Column,
                Some(d) => {
                    return Err(move_error(
                        n,
                        ch,
                        Phrase::new("errors.connect4.outside")
                            .arg("column", d)
                            .arg("width", w),
                    ));
                }
                None => {
                    return Err(move_error(
                        n,
                        ch,
                        Phrase::new("errors.connect4.not_a_column_number").arg("width", w),
                    ));
                }
            };
            if pos.outcome().is_some() {
                let how = if pos.won {
                    "errors.connect4.won"
                } else {
                    "errors.connect4.drawn"
                };
                return Err(move_error(
                    n,
                    ch,
                    Phrase::new("errors.connect4.over_after")
                        .arg("how", Phrase::new(how))
                        .arg("number", n - 1),
                ));
            }
            if !pos.can_play(column) {
                return Err(move_error(
                    n,
                    ch,
                    Phrase::new("errors.connect4.full").arg("column", u32::from(column) + 1),
                ));
            }
            pos.play(column);
        }
        Ok(pos)
    }

    fn position_string(&self) -> String {
        self.history()
            .iter()
            .map(|c| char::from(b'1' + c))
            .collect()
    }

    fn parse_move(&self, text: &str) -> Result<Column, NotationError> {
        let text = text.trim();
        let w = self.width();
        let column = match text.parse::<u32>() {
            Ok(d) if (1..=w).contains(&d) => (d - 1) as Column,
            _ => {
                return Err(NotationError::said(
                    Phrase::new("errors.connect4.not_a_column")
                        .arg("text", excerpt(text))
                        .arg("width", w),
                ));
            }
        };
        if self.outcome().is_some() {
            return Err(NotationError::said(Phrase::new("errors.game.no_move")));
        }
        if !self.can_play(column) {
            return Err(NotationError::said(
                Phrase::new("errors.connect4.full").arg("column", u32::from(column) + 1),
            ));
        }

        Ok(column)
    }

    fn move_string(&self, column: Column) -> String {
        (column as u32 + 1).to_string()
    }

    fn render(&self) -> String {
        let (first, _) = self.stones_by_player();
        let mut out = String::new();
        for row in (0..self.height()).rev() {
            for column in 0..self.width() {
                let bit = bottom_cell(column, self.height()) << row;
                let ch = if self.mask & bit == 0 {
                    '.'
                } else if first & bit != 0 {
                    'X'
                } else {
                    'O'
                };
                out.push(' ');
                out.push(ch);
            }
            out.push('\n');
        }
        for column in 1..=self.width() {
            out.push_str(&format!(" {column}"));
        }
        out.push('\n');
        out
    }

    fn move_help(&self) -> String {
        format!("a column number, 1 to {}", self.width)
    }

    fn move_help_phrase(&self) -> Option<Phrase> {
        Some(Phrase::new("boards.help.connect4").arg("width", self.width as i64))
    }

    fn player_name(&self, player: Player) -> String {
        match player {
            Player::First => "X".into(),
            Player::Second => "O".into(),
        }
    }
}

impl Connect4 {
    /// Stones of the first and of the second player.
    pub fn stones_by_player(&self) -> (u64, u64) {
        let other = self.current ^ self.mask;
        match self.to_move() {
            Player::First => (self.current, other),
            Player::Second => (other, self.current),
        }
    }
}

/// The evaluation for depth-limited play: threats (empty cells that complete
/// four) of the side to move minus the opponent's, 20 hundredths each, plus
/// 3 per stone in the centre column(s).
#[derive(Clone, Copy, Debug, Default)]
pub struct Connect4Eval;

impl Evaluator<Connect4> for Connect4Eval {
    #[inline]
    fn evaluate(&self, pos: &Connect4) -> Score {
        sized!(pos, |size| evaluate_in(pos, size))
    }
}

#[inline(always)]
fn evaluate_in(pos: &Connect4, size: Size) -> Score {
    let threats =
        pos.own_threats().count_ones() as i32 - pos.opponent_threats().count_ones() as i32;
    let w = size.width;
    let centre = column_cells(w / 2, size.height)
        | if w % 2 == 0 {
            column_cells(w / 2 - 1, size.height)
        } else {
            0
        };
    let mine = (pos.current & centre).count_ones() as i32;
    let theirs = ((pos.current ^ pos.mask) & centre).count_ones() as i32;
    Score::heuristic(20 * threats + 3 * (mine - theirs))
}

/// Connect Four's engine hooks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Connect4Hooks;

impl SearchHooks<Connect4> for Connect4Hooks {
    /// Pons' key `current + mask` is unique per position; a position and its mirror
    /// image have the same value, so they share the smaller of their two keys (and one
    /// table entry: the opening's trees are full of mirrored transpositions). Mixed so
    /// the table's bucket index (high bits) is well spread.
    #[inline]
    fn hash(&self, pos: &Connect4) -> u64 {
        let key = pos.current.wrapping_add(pos.mask);
        spread(sized!(pos, |size| canonical_key(key, size).0))
    }

    /// The child's key from the parent's bitboards, without playing.
    #[inline]
    fn hash_after(&self, pos: &Connect4, column: Column) -> Option<u64> {
        sized!(pos, |size| {
            let mask = pos.mask | pos.landing_cell_in(size, column);
            let key = (pos.current ^ pos.mask).wrapping_add(mask);
            Some(spread(canonical_key(key, size).0))
        })
    }

    /// The column as seen from the side of the board the key is taken from (a table
    /// entry shared with the mirror image names its move in the mirror's columns),
    /// counted from 1 (0 is "no move").
    #[inline]
    fn move_code(&self, pos: &Connect4, column: Column) -> Option<u16> {
        let key = pos.current.wrapping_add(pos.mask);
        let mirrored = sized!(pos, |size| canonical_key(key, size).1);
        let column = if mirrored {
            pos.width - 1 - column
        } else {
            column
        };
        Some(column as u16 + 1)
    }

    /// Ties between equal threat counts go to the centre (generation order).
    #[inline]
    fn killers_and_history(&self) -> bool {
        false
    }

    /// The side's threat cells after the move (Pons' ordering), leaving out
    /// those right above an opponent's threat cell: neither side fills the
    /// opponent's cell below (that wins for the opponent, or blocks and lets
    /// the opponent block the cell above next), so such a threat never
    /// becomes playable for its owner. (Test_L2_R2: 5 % fewer nodes; L1_R2: 8 %.)
    /// A threat right above the opponent's next cell in its column counts half
    /// again: the opponent can no longer play that column without handing it over.
    /// (Test_L2_R2: 5 % fewer nodes, Test_L1_R2: 3 %. Weighing also the threats two
    /// cells up, and the three kinds 12:5:3, cost 16-30 % more.)
    #[inline(always)]
    fn order_hint(&self, pos: &Connect4, column: Column) -> i32 {
        sized!(pos, |size| {
            let cell = pos.landing_cell_in(size, column);
            let threats =
                winning_cells(pos.current | cell, pos.mask | cell, size.height, size.board);
            let useful = threats & !(pos.opponent_threats() << 1);
            let next = ((pos.mask | cell) + size.bottom) & size.board;
            let above_next = (next << 1) & size.board;
            2 * count_cells(useful) as i32 + count_cells(useful & above_next) as i32
        })
    }

    /// An immediate win decides the node; otherwise only the moves that do not
    /// hand the opponent an immediate win (Pons' "non-losing moves").
    #[inline(always)]
    fn non_losing_moves(&self, pos: &Connect4, moves: &mut Vec<Column>) -> Option<Score> {
        sized!(pos, |size| non_losing_moves_in(pos, size, moves))
    }
    /// Threat counts cost about what the nodes they save cost two plies above the
    /// horizon: there, centre first (depths 8-12: 6-8 % less time, 9-13 % more nodes).
    #[inline]
    fn order_hint_min_depth(&self) -> u32 {
        3
    }

    /// Two plies per iteration: the threat count swings with the side to move at
    /// the horizon (empty board, depth 12: 58,751 nodes instead of 122,499).
    #[inline]
    fn iteration_step(&self) -> u32 {
        2
    }

    /// The game ends when the board is full, and a side wins only with its own stone.
    #[inline]
    fn exact_scale(&self, pos: &Connect4) -> Option<ExactScale> {
        Some(ExactScale {
            max_plies: pos.cells() - pos.moves_played(),
            wins_on_own_move: true,
        })
    }

    /// Called after `non_losing_moves` found no immediate win, no win with the
    /// next stone but one and a move that does not lose at once (Pons' bounds,
    /// one stone further): the side to move wins no sooner than with its third
    /// stone (5 plies), loses no sooner than to the opponent's second stone (4
    /// plies), and neither happens on a board with fewer empty cells than that,
    /// nor for a side that has no line of four cells left free of the other
    /// side's stones (it can at best draw). On boards of even height, the first
    /// player to move also meets Allis' claimeven (`claimeven_bound`).
    #[inline(always)]
    fn value_bounds(&self, pos: &Connect4) -> (Score, Score) {
        sized!(pos, |size| {
            let empty = size.width * size.height - pos.moves_played();
            let opponent = pos.current ^ pos.mask;
            // Lines run out only late: on 7x6 never before 30 stones in Pons' test sets
            // (testing earlier cost 1 % more instructions for no node saved).
            let late = 7 * pos.moves_played() >= 5 * size.width * size.height;
            let can_win = empty >= 5 && (!late || has_four(size.board & !opponent, size.height));
            let can_lose =
                empty >= 4 && (!late || has_four(size.board & !pos.current, size.height));
            let worst = if can_lose {
                Score::loss_in(4)
            } else {
                Score::DRAW
            };
            let best = if can_win {
                Score::win_in(5)
            } else {
                Score::DRAW
            };
            (worst, best.min(claimeven_bound(pos, size)))
        })
    }
}

/// The best the first player to move can hope for against Allis' *claimeven*, on a
/// board of even height: the second player answers every stone in a column by the
/// stone right above it, and so takes every cell of an even row (the 2nd, 4th, 6th
/// from the bottom) that is not playable yet. A column whose next cell is on an even row has an odd
/// number of empty cells; with an even number of stones played there is an even
/// number of such columns, so when the first player takes one's even cell the second
/// takes another's, and from then on every column pairs odd below even. The first
/// player thus only ever gets cells outside the second player's claim. If those hold
/// no four, the first player cannot win (at best a draw); if the claim also holds a
/// four, the second player completes it, at the latest when the cells that can be
/// filled before it are full ([`latest_completion`]): a loss by then at best.
/// `Score::INFINITY`: no bound.
#[inline(always)]
fn claimeven_bound(pos: &Connect4, size: Size) -> Score {
    if size.height % 2 != 0 || pos.moves_played() % 2 != 0 {
        return Score::INFINITY;
    }
    // Rows 2, 4, 6 (from 1) of every column: bits 1, 3, 5 of each column's bits.
    let even_rows = size.bottom * (0xAAAA_AAAA_AAAA_AAAA & ((1 << size.height) - 1));
    let playable = pos.playable_in(size);
    let claim = (pos.current ^ pos.mask) | (even_rows & !pos.mask & !playable);
    if has_four(size.board & !claim, size.height) {
        return Score::INFINITY;
    }
    match latest_completion(claim, pos.mask, size) {
        Some(last_cell) => Score::loss_in(last_cell - pos.moves_played()),
        None => Score::DRAW,
    }
}

/// The latest move by which some four of `claim` (cells the second player is sure to
/// get) is complete, however the first player delays it; `None` when `claim` holds no
/// four. A four is complete at the latest when every empty cell is full but the ones
/// stacked above the last of its own empty cells to be filled. (No four of
/// claimeven's is vertical: its empty cells are every other row, and a stone's cell
/// right above three of the second player's is playable, so not claimed.)
#[inline(always)]
fn latest_completion(claim: u64, mask: u64, size: Size) -> Option<u32> {
    let h = size.height as u64;
    let stride = size.height + 1;
    let mut most_above = None::<u32>;
    for d in [h + 1, h + 2, h] {
        let pairs = claim & (claim >> d);
        let mut fours = pairs & (pairs >> (2 * d));
        while fours != 0 {
            let first = fours & fours.wrapping_neg();
            fours ^= first;
            // Its last cell is the one of its empty cells the first player fills last:
            // the one with the fewest cells above.
            let above = (0..4)
                .map(|i| first << (i * d))
                .filter(|&cell| cell & mask == 0)
                .map(|cell| size.height - 1 - cell.trailing_zeros() % stride)
                .min()
                .unwrap_or(0);
            most_above = Some(most_above.map_or(above, |m| m.max(above)));
        }
    }
    most_above.map(|above| size.width * size.height - above)
}

/// The smaller of `key` and its mirror image (columns in reverse order), and whether
/// it is the mirror's: the key of a position's class under the board's symmetry.
#[inline(always)]
fn canonical_key(key: u64, size: Size) -> (u64, bool) {
    let mirror = book::mirror_key(key, size.width, size.height);
    if mirror < key {
        (mirror, true)
    } else {
        (key, false)
    }
}

/// Pons' key spread over all 64 bits by one multiplication with an odd
/// constant (Fibonacci hashing): a bijection, so distinct positions keep
/// distinct keys, and the table's bucket index (the high bits) depends on
/// every bit of the key. (Was `splitmix64`: 2 multiplications and 3 shifts,
/// paid once per node and once per child prefetch.)
#[inline(always)]
fn spread(key: u64) -> u64 {
    key.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Cells in `cells`, for the few of a threat set: a loop over the set bits
/// (the hardware instruction is not in the baseline x86-64 target, and the
/// generic bit count costs more than a loop over two or three bits).
#[inline(always)]
fn count_cells(mut cells: u64) -> u32 {
    let mut count = 0;
    while cells != 0 {
        cells &= cells - 1;
        count += 1;
    }
    count
}

/// [`Connect4Hooks::non_losing_moves`] for a board of `size`.
#[inline(always)]
fn non_losing_moves_in(pos: &Connect4, size: Size, moves: &mut Vec<Column>) -> Option<Score> {
    let playable = pos.playable_in(size);
    if pos.own_threats() & playable != 0 {
        return Some(Score::win_in(1));
    }
    let opponent_wins = pos.opponent_threats();
    let mut candidates = playable;
    let forced = playable & opponent_wins;
    if forced != 0 {
        if forced & (forced - 1) != 0 {
            return Some(Score::loss_in(2)); // two threats at once: one stays open
        }
        candidates = forced;
    }
    // Never play right below an opponent's winning cell.
    candidates &= !(opponent_wins >> 1);
    if candidates == 0 {
        return Some(Score::loss_in(2));
    }
    if let Some(win) = win_in_three(pos, size, candidates) {
        return Some(win);
    }
    if (size.width, size.height) == (7, 6) {
        push_standard_columns(candidates, moves);
    } else {
        push_columns(candidates, size, moves);
    }
    None
}

/// A win with the side's next stone but one: one of the `candidates` (moves that hand
/// the opponent no immediate win) leaves the opponent two of the side's winning cells to
/// block at once, or only moves right below one. The parent's check costs a threat
/// computation per move; the child's search would cost a node and its table probe.
#[inline(always)]
fn win_in_three(pos: &Connect4, size: Size, candidates: u64) -> Option<Score> {
    let mut rest = candidates;
    while rest != 0 {
        let cell = rest & rest.wrapping_neg();
        rest ^= cell;
        let mask = pos.mask | cell;
        let threats = winning_cells(pos.current | cell, mask, size.height, size.board);
        let replies = (mask + size.bottom) & size.board;
        let must_block = threats & replies;
        let escapes = if must_block != 0 { must_block } else { replies } & !(threats >> 1);
        if replies != 0 && (must_block & must_block.wrapping_sub(1) != 0 || escapes == 0) {
            return Some(Score::win_in(3));
        }
    }
    None
}

/// Appends the columns of `cells` (at most one per column), centre first. Into a local
/// array first, then one fixed-size copy into `moves` cut to the kept ones (no capacity
/// check per push, no `memcpy` call of a variable length).
#[inline(always)]
fn push_columns(cells: u64, size: Size, moves: &mut Vec<Column>) {
    let start = moves.len();
    let mut kept = [0; MAX_WIDTH as usize];
    let mut count = 0;
    for &c in &CENTRE_FIRST[size.width as usize][..size.width as usize] {
        kept[count] = c;
        count += (cells & column_cells(c as u32, size.height) != 0) as usize;
    }
    moves.extend_from_slice(&kept);
    moves.truncate(start + count);
}

/// [`push_columns`] on the standard board: the kept columns straight from a table.
#[inline(always)]
fn push_standard_columns(cells: u64, moves: &mut Vec<Column>) {
    let start = moves.len();
    let (kept, count) = &STANDARD_CENTRE_FIRST[standard_columns(cells)];
    moves.extend_from_slice(kept);
    moves.truncate(start + *count as usize);
}

impl Playable for Connect4 {
    type Eval = Connect4Eval;

    fn evaluator(&self) -> Connect4Eval {
        Connect4Eval
    }

    fn as_connect4(&self) -> Option<&Connect4> {
        Some(self)
    }

    fn conventional_score(&self, value: Score) -> Option<i32> {
        to_pons(self, value)
    }

    fn has_conventional_score(&self) -> bool {
        true
    }

    fn book_value(&self, book: &OpeningBook) -> Option<Score> {
        ply_core::engine::KnownValues::known_value(book, self)
    }

    fn has_books(&self) -> bool {
        true
    }

    fn shipped_book(&self) -> Option<std::sync::Arc<OpeningBook>> {
        book::shipped().filter(|shipped| shipped.check_board(self).is_ok())
    }

    fn with_search_hooks<V: HooksVisitor<Self>>(&self, visitor: V) -> V::Output {
        visitor.visit(Connect4Hooks)
    }

    fn prefers_engine(&self) -> bool {
        true
    }
}

/// The refusal of the `number`th move (`ch`) of a position written as its columns:
/// "move {number} ({text}): {message}".
fn move_error(number: usize, ch: char, message: Phrase) -> NotationError {
    NotationError::said(
        Phrase::new("errors.play.move")
            .arg("number", number)
            .arg("text", excerpt(&ch.to_string()))
            .arg("message", message),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::engine::splitmix64;
    use std::collections::HashMap;

    /// The 7x6 lookup of the non-losing moves keeps exactly the columns of the cells,
    /// centre first, as the test per column does (which other sizes use).
    #[test]
    fn standard_column_sets_match_a_test_per_column() {
        let mut state = 7u64;
        for _ in 0..20_000 {
            state = splitmix64(state);
            // At most one cell per column, in any of the six rows.
            let mut cells = 0;
            let mut expected = Vec::new();
            for &column in &CENTRE_FIRST[7][..7] {
                let draw = (state >> (column * 4)) & 0xF;
                if draw < 6 {
                    cells |= 1u64 << (7 * column as u64 + draw);
                    expected.push(column);
                }
            }
            let (mut fast, mut per_column) = (vec![9], vec![9]);
            push_standard_columns(cells, &mut fast);
            push_columns(cells, Size::STANDARD, &mut per_column);
            assert_eq!(fast[1..], expected[..], "cells {cells:#x}");
            assert_eq!(fast, per_column, "cells {cells:#x}");
        }
    }

    #[test]
    fn notation_round_trip_and_errors() {
        let c4 = Connect4::standard();
        let pos = c4.parse_position("4453").unwrap();
        assert_eq!(pos.position_string(), "4453");
        assert_eq!(pos.moves_played(), 4);
        assert_eq!(c4.parse_position("").unwrap(), c4);
        let err = |text: &str| c4.parse_position(text).unwrap_err().to_string();
        assert_eq!(err("448"), "move 3 ('8'): column 8 is outside 1-7");
        assert_eq!(err("40"), "move 2 ('0'): column 0 is outside 1-7");
        assert!(err("44a").starts_with("move 3 ('a'): not a column number"));
        assert_eq!(err("1111111"), "move 7 ('1'): column 1 is full");
        // X plays 1 2 3 4 on the bottom row, O stacks on 1..3: X has won after move 7.
        assert_eq!(
            err("11223345"),
            "move 8 ('5'): the game is already over (won after move 7)"
        );
        assert_eq!(
            pos.parse_move("8").unwrap_err().to_string(),
            "'8' is not a column (1-7)"
        );
        assert_eq!(pos.parse_move("4").unwrap(), 3);
    }

    #[test]
    fn wins_and_draws() {
        let c4 = Connect4::standard();
        let pos = c4.parse_position("1122334").unwrap();
        assert_eq!(pos.outcome(), Some(Outcome::Loss));
        let vertical = c4.parse_position("1212121").unwrap();
        assert_eq!(vertical.outcome(), Some(Outcome::Loss));
        let tiny = Connect4::new(1, 2).unwrap().parse_position("11").unwrap();
        assert_eq!(tiny.outcome(), Some(Outcome::Draw));
        // Transpositions are equal positions.
        assert_eq!(
            c4.parse_position("1234").unwrap(),
            c4.parse_position("3214").unwrap()
        );
    }

    #[test]
    fn hash_after_is_the_childs_hash() {
        let hooks = Connect4Hooks;
        let pos = Connect4::standard().parse_position("4453").unwrap();
        let mut moves = Vec::new();
        pos.generate_moves(&mut moves);
        for column in moves {
            assert_eq!(
                hooks.hash_after(&pos, column),
                Some(hooks.hash(&pos.after(column)))
            );
        }
    }

    /// Sizes whose cell count overflows 32 bits are refused, not multiplied
    /// (the fuzzer found `c4:2x3888888847`).
    #[test]
    fn huge_sizes_are_refused_without_overflow() {
        let sizes = [
            (2, 3_888_888_847, false),
            (9, u32::MAX, false),
            (1, 63, true),
            (1, 64, false),
            (8, 7, true),
            (9, 7, false),
        ];
        for (w, h, fits) in sizes {
            assert_eq!(Connect4::new(w, h).is_ok(), fits, "{w}x{h}");
        }
        assert!(Connect4::from_spec_args("2x3888888847").is_err());
    }

    #[test]
    fn standard_size_constants_match_the_board() {
        let pos = Connect4::standard().parse_position("4453267").unwrap();
        assert!(pos.is_standard());
        let (fixed, own) = (Size::STANDARD, pos.size());
        assert_eq!((fixed.width, fixed.height), (own.width, own.height));
        assert_eq!((fixed.bottom, fixed.board), (own.bottom, own.board));
        assert!(!Connect4::new(6, 7).unwrap().is_standard());
        assert!(!Connect4::new(7, 5).unwrap().is_standard());
    }

    /// The threat cells `play` keeps up to date equal a fresh line search, and
    /// "won" equals four in a row, along random games on several board sizes.
    #[test]
    fn incremental_threats_match_a_fresh_search() {
        use bitboard::has_four;
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut moves = Vec::new();
        for (w, h) in [(7, 6), (4, 4), (5, 4), (8, 7), (3, 5)] {
            for _ in 0..200 {
                let mut pos = Connect4::new(w, h).unwrap();
                while pos.outcome().is_none() {
                    moves.clear();
                    pos.generate_moves(&mut moves);
                    seed = splitmix64(seed);
                    pos.play(moves[seed as usize % moves.len()]);
                    let (board, mask) = (pos.board_mask(), pos.mask);
                    let opponent = pos.current ^ mask;
                    assert_eq!(pos.won, has_four(opponent, h));
                    assert_eq!(
                        pos.own_threats(),
                        winning_cells(pos.current, mask, h, board)
                    );
                    assert_eq!(
                        pos.opponent_threats(),
                        winning_cells(opponent, mask, h, board)
                    );
                }
            }
        }
    }

    #[test]
    fn threats_above_an_opponent_threat_do_not_count() {
        let c4 = Connect4::standard();
        let hooks = Connect4Hooks;
        // O holds a2 b2 c2 (threat at d2, d1 still empty); X holds a3 b3 and
        // plays c3: its new threat d3 sits right above O's threat.
        let pos = c4.parse_position("12311223").unwrap();
        let cell = pos.landing_cell_in(pos.size(), 2);
        let threats = winning_cells(pos.current | cell, pos.mask | cell, 6, pos.board_mask());
        assert_eq!(threats, bottom_cell(3, 6) << 2, "d3");
        assert_eq!(pos.opponent_threats(), bottom_cell(3, 6) << 1, "d2");
        assert_eq!(hooks.order_hint(&pos, 2), 0);
        // The same threat with O's threat blocked (X on d1 and d2, O on e1 e2) counts.
        let pos = c4.parse_position("123112234545").unwrap();
        assert_eq!(pos.opponent_threats(), 0);
        assert_eq!(hooks.order_hint(&pos, 2), 2);
        // Right above the opponent's next cell in its column (d3, over an empty d2),
        // a threat counts half again: the opponent cannot play d2 without losing.
        let pos = c4.parse_position("3367755435").unwrap();
        let cell = pos.landing_cell_in(pos.size(), 2);
        let threats = winning_cells(pos.current | cell, pos.mask | cell, 6, pos.board_mask());
        assert_eq!(
            threats & !(pos.opponent_threats() << 1),
            bottom_cell(3, 6) << 2,
            "d3"
        );
        assert_eq!(
            pos.playable_cells() & column_cells(3, 6),
            bottom_cell(3, 6) << 1,
            "d2"
        );
        assert_eq!(hooks.order_hint(&pos, 2), 3);
    }

    /// Memoised negamax over every position below `pos` (node-relative,
    /// distance-aware values), checking at each position that the hooks'
    /// decisions and bounds hold the exact value.
    fn check_hooks_below(pos: &Connect4, memo: &mut HashMap<(u64, u64), Score>) -> Score {
        if let Some(outcome) = pos.outcome() {
            return outcome.score(0, true);
        }
        if let Some(&v) = memo.get(&pos.bitboards()) {
            return v;
        }
        let mut moves = Vec::new();
        pos.generate_moves(&mut moves);
        let value = moves
            .iter()
            .map(|&c| (-check_hooks_below(&pos.after(c), memo)).from_node(1))
            .max()
            .unwrap();
        let hooks = Connect4Hooks;
        moves.clear();
        let at = || pos.position_string();
        match hooks.non_losing_moves(pos, &mut moves) {
            Some(decided) => assert_eq!(decided, value, "{}: decided", at()),
            None => {
                let (low, high) = hooks.value_bounds(pos);
                assert!(
                    low <= value && value <= high,
                    "{}: {value} outside {low}..{high}",
                    at()
                );
                let best = moves
                    .iter()
                    .map(|&c| (-check_hooks_below(&pos.after(c), memo)).from_node(1))
                    .max();
                assert_eq!(best, Some(value), "{}: a kept move is best", at());
            }
        }
        memo.insert(pos.bitboards(), value);
        value
    }

    /// Every position of small boards (where lines run out and draws are
    /// common), and the last nine or ten plies of random standard games.
    #[test]
    fn hook_bounds_hold_against_exact_values() {
        for (w, h) in [(4, 4), (5, 3), (3, 5), (5, 4)] {
            check_hooks_below(&Connect4::new(w, h).unwrap(), &mut HashMap::new());
        }
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut moves = Vec::new();
        let mut checked = 0;
        while checked < 30 {
            let mut pos = Connect4::standard();
            // 32 stones: the first player to move, where claimeven applies.
            let stones = 32 + checked % 2;
            while pos.outcome().is_none() && pos.moves_played() < stones {
                moves.clear();
                pos.generate_moves(&mut moves);
                seed = splitmix64(seed);
                pos.play(moves[seed as usize % moves.len()]);
            }
            if pos.outcome().is_none() {
                check_hooks_below(&pos, &mut HashMap::new());
                checked += 1;
            }
        }
    }

    #[test]
    fn mirror_images_share_a_key_and_name_moves_alike() {
        let hooks = Connect4Hooks;
        let c4 = Connect4::standard();
        for (line, mirrored) in [("1234", "7654"), ("3367755435", "5521133453"), ("4", "4")] {
            let (pos, image) = (
                c4.parse_position(line).unwrap(),
                c4.parse_position(mirrored).unwrap(),
            );
            assert_eq!(hooks.hash(&pos), hooks.hash(&image), "{line}");
            for column in 0..7 {
                // A position its own mirror image names its moves as they are.
                let image_column = if line == mirrored { column } else { 6 - column };
                assert_eq!(
                    hooks.move_code(&pos, column),
                    hooks.move_code(&image, image_column),
                    "{line}: column {column}"
                );
                if pos.can_play(column) {
                    assert_eq!(
                        hooks.hash_after(&pos, column),
                        Some(hooks.hash(&pos.after(column))),
                        "{line}"
                    );
                }
            }
        }
        // Different positions keep different keys; no move is coded 0 ("none").
        let pos = c4.parse_position("1234").unwrap();
        assert_ne!(
            hooks.hash(&pos),
            hooks.hash(&c4.parse_position("1243").unwrap())
        );
        assert!((0..7).all(|c| hooks.move_code(&pos, c).unwrap() > 0));
        // 5x4 board: 5 columns mirror onto 5.
        let small = Connect4::new(5, 4).unwrap();
        let (a, b) = (
            small.parse_position("12").unwrap(),
            small.parse_position("54").unwrap(),
        );
        assert_eq!(hooks.hash(&a), hooks.hash(&b));
    }

    #[test]
    fn centre_first_move_order() {
        let mut moves = Vec::new();
        Connect4::standard().generate_moves(&mut moves);
        assert_eq!(moves, vec![3, 2, 4, 1, 5, 0, 6]);
        moves.clear();
        Connect4::new(4, 4).unwrap().generate_moves(&mut moves);
        assert_eq!(moves, vec![2, 1, 3, 0]);
    }

    #[test]
    fn hooks_decide_immediate_wins_and_forced_losses() {
        let c4 = Connect4::standard();
        let hooks = Connect4Hooks;
        let mut moves = Vec::new();
        // X to move with three on the bottom row: wins at once.
        let pos = c4.parse_position("112233").unwrap();
        assert_eq!(
            hooks.non_losing_moves(&pos, &mut moves),
            Some(Score::win_in(1))
        );
        // O to move facing two open ends (X on b1 c1 d1; a1 and e1 empty): lost.
        let pos = c4.parse_position("26364").unwrap();
        assert_eq!(
            hooks.non_losing_moves(&pos, &mut moves),
            Some(Score::loss_in(2))
        );
        // O to move facing one threat: the only move is to block it.
        let pos = c4.parse_position("17273").unwrap();
        moves.clear();
        assert_eq!(hooks.non_losing_moves(&pos, &mut moves), None);
        assert_eq!(moves, vec![3]);
    }
}
