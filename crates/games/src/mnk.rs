//! Tic-tac-toe and the m,n,k game: `m` columns, `n` rows, `k` in a row wins.
//!
//! The board is two bitboards (one per player) of at most 64 cells, so a
//! position is a small `Copy` value. Cells are numbered row by row from the top
//! left (`1`..`m*n` for people, `0`-based inside); `b2` names column b, row 2.
//!
//! ```
//! use ply_core::{Game, alpha_beta, NoEvaluation};
//! use ply_games::{Mnk, Notation};
//!
//! let board = Mnk::tic_tac_toe().parse_position("XO./.X./...").unwrap();
//! assert_eq!(board.position_string(), "XO./.X./...");
//! let result = alpha_beta(&board, &NoEvaluation, None);
//! // O is lost (X threatens c3 and will fork), but still blocks at c3.
//! assert!(result.value.is_loss());
//! assert_eq!(board.move_string(result.best.unwrap()), "c3");
//! ```

use crate::catalog::parse_numbers;
use crate::notation::{Notation, NotationError, Playable, legal_or_error};
use ply_core::phrase::Phrase;
use ply_core::text::excerpt;
use ply_core::{Evaluator, Game, GameBounds, Outcome, Player, Score};

/// A cell index, `0..m*n`, row by row from the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum State {
    Ongoing,
    Won(Player),
    Full,
}

/// A position of the m,n,k game. X (the first player) moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mnk {
    m: u8,
    n: u8,
    k: u8,
    /// Stones of the first (X) and second (O) player, bit `row * m + column`.
    stones: [u64; 2],
    to_move: Player,
    state: State,
}

const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

impl Mnk {
    /// The empty board of `m` columns and `n` rows where `k` in a row wins.
    pub fn new(m: u32, n: u32, k: u32) -> Result<Mnk, NotationError> {
        if m == 0 || n == 0 || k == 0 {
            return Err(NotationError::said(Phrase::new("errors.mnk.at_least_one")));
        }
        if m > 26 || n > 26 || m * n > 64 {
            return Err(NotationError::said(
                Phrase::new("errors.mnk.too_large").arg("m", m).arg("n", n),
            ));
        }
        if k > m.max(n) {
            return Err(NotationError::said(
                Phrase::new("errors.mnk.k_too_long")
                    .arg("k", k)
                    .arg("m", m)
                    .arg("n", n),
            ));
        }
        Ok(Mnk {
            m: m as u8,
            n: n as u8,
            k: k as u8,
            stones: [0, 0],
            to_move: Player::First,
            state: State::Ongoing,
        })
    }

    /// The empty 3x3 tic-tac-toe board.
    pub fn tic_tac_toe() -> Mnk {
        Mnk {
            m: 3,
            n: 3,
            k: 3,
            stones: [0, 0],
            to_move: Player::First,
            state: State::Ongoing,
        }
    }

    /// Reads `M,N,K` (the part after `mnk:`).
    pub fn from_spec_args(args: &str) -> Result<Mnk, NotationError> {
        let numbers = parse_numbers("mnk", args, &["m (columns)", "n (rows)", "k (in a row)"])?;
        match numbers[..] {
            [m, n, k] => Mnk::new(m, n, k),
            _ => Err(NotationError::said(
                Phrase::new("errors.mnk.size").arg("args", excerpt(args)),
            )),
        }
    }

    /// The board's columns (M).
    pub fn columns(&self) -> u32 {
        self.m as u32
    }
    /// The board's rows (N).
    pub fn rows(&self) -> u32 {
        self.n as u32
    }
    /// How many in a row win (K).
    pub fn in_a_row(&self) -> u32 {
        self.k as u32
    }
    fn cells(&self) -> u32 {
        self.m as u32 * self.n as u32
    }
    fn full_mask(&self) -> u64 {
        if self.cells() == 64 {
            u64::MAX
        } else {
            (1u64 << self.cells()) - 1
        }
    }
    fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1]
    }

    /// Who holds a cell.
    pub fn stone(&self, cell: Cell) -> Option<Player> {
        let bit = 1u64 << cell.0;
        if self.stones[0] & bit != 0 {
            Some(Player::First)
        } else if self.stones[1] & bit != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The winner, if someone has k in a row.
    pub fn winner(&self) -> Option<Player> {
        match self.state {
            State::Won(p) => Some(p),
            _ => None,
        }
    }

    /// True when `player` has `k` in a row through `cell`.
    #[inline]
    fn line_through(&self, player: Player, cell: u32) -> bool {
        let mine = self.stones[player.index()];
        let (m, n, k) = (self.m as i32, self.n as i32, self.k as i32);
        let (x0, y0) = ((cell % self.m as u32) as i32, (cell / self.m as u32) as i32);
        DIRECTIONS.iter().any(|&(dx, dy)| {
            let mut run = 1;
            for sign in [1, -1] {
                let (mut x, mut y) = (x0 + sign * dx, y0 + sign * dy);
                while (0..m).contains(&x)
                    && (0..n).contains(&y)
                    && mine & (1u64 << (y * m + x)) != 0
                {
                    run += 1;
                    x += sign * dx;
                    y += sign * dy;
                }
            }
            run >= k
        })
    }

    /// Every winning line (k cells in a row) as a bit mask.
    pub fn lines(&self) -> Vec<u64> {
        let (m, n, k) = (self.m as i32, self.n as i32, self.k as i32);
        let mut lines = Vec::new();
        for y in 0..n {
            for x in 0..m {
                for &(dx, dy) in &DIRECTIONS {
                    let (ex, ey) = (x + dx * (k - 1), y + dy * (k - 1));
                    if !(0..m).contains(&ex) || !(0..n).contains(&ey) {
                        continue;
                    }
                    let mask =
                        (0..k).fold(0u64, |acc, i| acc | 1u64 << ((y + dy * i) * m + x + dx * i));
                    lines.push(mask);
                }
            }
        }
        lines
    }

    /// The cell after applying one of the board's symmetries (`0..8` on square boards, `0..4` otherwise).
    fn transform(&self, symmetry: u32, cell: u32) -> u32 {
        let (m, n) = (self.m as u32, self.n as u32);
        let (x, y) = (cell % m, cell / m);
        let (x, y) = if symmetry & 1 != 0 {
            (m - 1 - x, y)
        } else {
            (x, y)
        };
        let (x, y) = if symmetry & 2 != 0 {
            (x, n - 1 - y)
        } else {
            (x, y)
        };
        let (x, y) = if symmetry & 4 != 0 { (y, x) } else { (x, y) };
        y * m + x
    }

    fn cell_name(&self, cell: u32) -> String {
        let column = (b'a' + (cell % self.m as u32) as u8) as char;
        format!("{column}{}", cell / self.m as u32 + 1)
    }

    #[inline]
    fn place(&mut self, player: Player, cell: u32) {
        self.stones[player.index()] |= 1u64 << cell;
    }

    #[inline]
    fn update_state(&mut self, last_mover: Player, cell: u32) {
        self.state = if self.line_through(last_mover, cell) {
            State::Won(last_mover)
        } else if self.occupied() == self.full_mask() {
            State::Full
        } else {
            State::Ongoing
        };
    }

    /// Whether `player` has any k in a row anywhere (used when reading a position).
    fn has_line(&self, player: Player) -> bool {
        let mine = self.stones[player.index()];
        self.lines().iter().any(|&line| line & !mine == 0)
    }
}

impl Game for Mnk {
    type Move = Cell;

    #[inline]
    fn to_move(&self) -> Player {
        self.to_move
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        match self.state {
            State::Ongoing => None,
            State::Won(p) if p == self.to_move => Some(Outcome::Win),
            State::Won(_) => Some(Outcome::Loss),
            State::Full => Some(Outcome::Draw),
        }
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Vec<Cell>) {
        let mut empty = !self.occupied() & self.full_mask();
        while empty != 0 {
            moves.push(Cell(empty.trailing_zeros() as u8));
            empty &= empty - 1;
        }
    }

    #[inline]
    fn play(&mut self, mv: Cell) {
        let player = self.to_move;
        self.place(player, mv.0 as u32);
        self.to_move = player.opponent();
        self.update_state(player, mv.0 as u32);
    }

    /// Each empty cell is filled once; each of them ends empty, X or O.
    fn bounds(&self) -> GameBounds {
        let empty = (!self.occupied() & self.full_mask()).count_ones();
        GameBounds {
            max_plies: Some(empty as u64),
            max_moves: Some(empty as u64),
            positions: Some(3u64.saturating_pow(empty)),
            min_positions: None,
        }
    }

    /// The board as `render` prints it: row 1 at the top, X the first player.
    fn diagram(&self) -> Option<ply_core::Diagram> {
        let mut board = ply_core::Diagram::new(self.n.into(), self.m.into())?;
        for row in 0..self.n as u32 {
            for column in 0..self.m as u32 {
                let stone = self.stone(Cell((row * self.m as u32 + column) as u8));
                board.set(row, column, stone);
            }
        }
        Some(board)
    }
}

impl Notation for Mnk {
    fn game_name(&self) -> String {
        if (self.m, self.n, self.k) == (3, 3, 3) {
            "tictactoe".into()
        } else {
            format!("mnk:{},{},{}", self.m, self.n, self.k)
        }
    }

    fn parse_position(&self, text: &str) -> Result<Mnk, NotationError> {
        let text = text.trim();
        let mut board = Mnk {
            stones: [0, 0],
            ..*self
        };
        if text.is_empty() || text.eq_ignore_ascii_case("start") {
            return Mnk::new(self.m as u32, self.n as u32, self.k as u32);
        }
        let (m, n) = (self.m as usize, self.n as usize);
        if text.contains('/') {
            let rows: Vec<&str> = text.split('/').collect();
            if rows.len() != n {
                return Err(NotationError::said(
                    Phrase::new("errors.mnk.rows")
                        .arg("text", excerpt(text))
                        .arg("rows", rows.len())
                        .arg("n", n),
                ));
            }
            for (i, row) in rows.iter().enumerate() {
                if row.chars().count() != m {
                    return Err(NotationError::said(
                        Phrase::new("errors.mnk.row_cells")
                            .arg("row", i + 1)
                            .arg("text", excerpt(row))
                            .arg("cells", row.chars().count())
                            .arg("m", m),
                    ));
                }
            }
        }
        let mut cell = 0u32;
        for (column, ch) in text.chars().enumerate() {
            let player = match ch {
                '/' => continue,
                'X' | 'x' => Some(Player::First),
                'O' | 'o' | '0' => Some(Player::Second),
                '.' | '-' | '_' => None,
                other => {
                    return Err(NotationError::said(
                        Phrase::new("errors.mnk.character")
                            .arg("character", excerpt(&other.to_string()))
                            .arg("column", column + 1)
                            .arg("text", excerpt(text)),
                    ));
                }
            };
            if cell >= self.cells() {
                break;
            }
            if let Some(p) = player {
                board.place(p, cell);
            }
            cell += 1;
        }
        let given = text.chars().filter(|&c| c != '/').count() as u32;
        if given != self.cells() {
            return Err(NotationError::said(
                Phrase::new("errors.mnk.cells")
                    .arg("text", excerpt(text))
                    .arg("given", given)
                    .arg("m", m)
                    .arg("n", n)
                    .arg("cells", self.cells()),
            ));
        }
        let (xs, os) = (board.stones[0].count_ones(), board.stones[1].count_ones());
        board.to_move = match xs.checked_sub(os) {
            Some(0) => Player::First,
            Some(1) => Player::Second,
            _ => {
                return Err(NotationError::said(
                    Phrase::new("errors.mnk.counts").arg("xs", xs).arg("os", os),
                ));
            }
        };
        let (x_won, o_won) = (
            board.has_line(Player::First),
            board.has_line(Player::Second),
        );
        board.state = match (x_won, o_won) {
            (true, true) => {
                return Err(NotationError::said(Phrase::new("errors.mnk.both_lines")));
            }
            (true, false) if board.to_move == Player::First => {
                return Err(NotationError::said(Phrase::new("errors.mnk.x_line")));
            }
            (false, true) if board.to_move == Player::Second => {
                return Err(NotationError::said(Phrase::new("errors.mnk.o_line")));
            }
            (true, false) => State::Won(Player::First),
            (false, true) => State::Won(Player::Second),
            (false, false) if board.occupied() == board.full_mask() => State::Full,
            (false, false) => State::Ongoing,
        };
        Ok(board)
    }

    fn position_string(&self) -> String {
        let mut out = String::new();
        for row in 0..self.n as u32 {
            if row > 0 {
                out.push('/');
            }
            for column in 0..self.m as u32 {
                out.push(
                    match self.stone(Cell((row * self.m as u32 + column) as u8)) {
                        Some(Player::First) => 'X',
                        Some(Player::Second) => 'O',
                        None => '.',
                    },
                );
            }
        }
        out
    }

    fn parse_move(&self, text: &str) -> Result<Cell, NotationError> {
        let t = text.trim().to_ascii_lowercase();
        let (m, n) = (self.m as u32, self.n as u32);
        let last_column = (b'a' + self.m - 1) as char;
        let cell = if let Ok(number) = t.parse::<u32>() {
            if number == 0 || number > self.cells() {
                return Err(NotationError::said(
                    Phrase::new("errors.mnk.cell_off")
                        .arg("number", number)
                        .arg("cells", self.cells()),
                ));
            }
            number - 1
        } else {
            let mut chars = t.chars();
            let column = chars.next().filter(char::is_ascii_lowercase);
            let row = chars.as_str().parse::<u32>().ok();
            match (column, row) {
                (Some(c), Some(r)) if (c as u32 - 'a' as u32) < m && (1..=n).contains(&r) => {
                    (r - 1) * m + (c as u32 - 'a' as u32)
                }
                (Some(_), Some(_)) => {
                    return Err(NotationError::said(
                        Phrase::new("errors.mnk.off_board")
                            .arg("text", excerpt(text.trim()))
                            .arg("last_column", last_column.to_string())
                            .arg("n", n),
                    ));
                }
                _ => {
                    return Err(NotationError::said(
                        Phrase::new("errors.mnk.not_a_cell")
                            .arg("text", excerpt(text.trim()))
                            .arg("cells", self.cells()),
                    ));
                }
            }
        };
        if self.outcome().is_none() && self.stone(Cell(cell as u8)).is_some() {
            return Err(NotationError::said(
                Phrase::new("errors.mnk.taken").arg("cell", self.cell_name(cell)),
            ));
        }
        legal_or_error(self, Cell(cell as u8), text.trim())
    }

    fn move_string(&self, mv: Cell) -> String {
        self.cell_name(mv.0 as u32)
    }

    fn render(&self) -> String {
        let mut out = String::from("   ");
        for column in 0..self.m {
            out.push(' ');
            out.push((b'a' + column) as char);
        }
        out.push('\n');
        for row in 0..self.n as u32 {
            out.push_str(&format!("{:>3}", row + 1));
            for column in 0..self.m as u32 {
                out.push(' ');
                out.push(
                    match self.stone(Cell((row * self.m as u32 + column) as u8)) {
                        Some(Player::First) => 'X',
                        Some(Player::Second) => 'O',
                        None => '.',
                    },
                );
            }
            out.push('\n');
        }
        out
    }

    fn move_help(&self) -> String {
        format!(
            "a cell: column letter and row number (a1 top left, {}{} bottom right) or a number 1-{} row by row",
            (b'a' + self.m - 1) as char,
            self.n,
            self.cells()
        )
    }

    fn move_help_phrase(&self) -> Option<Phrase> {
        let last = format!("{}{}", (b'a' + self.m - 1) as char, self.n);
        Some(
            Phrase::new("boards.help.mnk")
                .arg("last", last)
                .arg("cells", self.cells() as i64),
        )
    }

    fn player_name(&self, player: Player) -> String {
        match player {
            Player::First => "X".into(),
            Player::Second => "O".into(),
        }
    }
}

/// The classic evaluation: lines still open for the side to move minus lines
/// still open for the opponent (a line is open for a player when the opponent
/// has no stone on it). One line is worth one unit (`Score::heuristic(100)`).
#[derive(Clone, Debug)]
pub struct OpenLines {
    lines: Vec<u64>,
}

impl OpenLines {
    /// The evaluation for boards of `board`'s size (its lines listed once).
    pub fn new(board: &Mnk) -> OpenLines {
        OpenLines {
            lines: board.lines(),
        }
    }
}

impl Evaluator<Mnk> for OpenLines {
    fn evaluate(&self, board: &Mnk) -> Score {
        let me = board.to_move.index();
        let (mine, theirs) = (board.stones[me], board.stones[1 - me]);
        let open_for_me = self.lines.iter().filter(|&&l| l & theirs == 0).count() as i32;
        let open_for_them = self.lines.iter().filter(|&&l| l & mine == 0).count() as i32;
        Score::heuristic(100 * (open_for_me - open_for_them))
    }
}

impl Playable for Mnk {
    type Eval = OpenLines;

    fn evaluator(&self) -> OpenLines {
        OpenLines::new(self)
    }

    fn canonical(&self) -> Option<Mnk> {
        let symmetries = if self.m == self.n { 8 } else { 4 };
        (0..symmetries)
            .map(|s| {
                let mut image = Mnk {
                    stones: [0, 0],
                    ..*self
                };
                for player in [Player::First, Player::Second] {
                    let mut bits = self.stones[player.index()];
                    while bits != 0 {
                        image.place(player, self.transform(s, bits.trailing_zeros()));
                        bits &= bits - 1;
                    }
                }
                image
            })
            .min_by_key(|image| image.stones)
    }
}
