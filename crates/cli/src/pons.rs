//! Connect Four in Pascal Pons' conventions: his score (see
//! `ply_games::connect4::score`), his test-set line format (`moves` or
//! `moves score`), the weak solve (win/draw/loss only), and the batch solver
//! behind `ply solve connect4 --batch` and `ply bench connect4`.

use ply_api::batch::{BatchOptions, PositionSolver};
use ply_core::input::Input;
use ply_games::Connect4;
use ply_games::connect4::score::parse_set_line;
use std::time::Duration;

/// One line of a test set: the position and, when given, its expected score.
pub struct SetLine {
    /// 1-based line number in the file.
    pub number: usize,
    pub moves: String,
    pub position: Connect4,
    pub expected: Option<i32>,
}

/// A line of a test set that could not be used.
pub struct BadLine {
    /// What was wrong, beginning with `line N:`.
    pub message: String,
    /// True when no line can be read after this one (an endless line, a read error):
    /// the command stops with this message.
    pub ends_input: bool,
}

/// Reads a test set line by line: `moves` or `moves score` per line (blank lines and
/// lines starting with `#` are skipped). Good lines come in order; each bad line (too
/// long, not UTF-8, a refused character, a bad position or score) as a message naming
/// its line number. At most one line is held in memory.
pub fn read_set(start: &Connect4, input: Input) -> impl Iterator<Item = Result<SetLine, BadLine>> {
    let start = *start;
    input
        .lines(crate::input::SET_LINE_BYTES)
        .filter_map(move |line| match line {
            Ok(line) => {
                let text = line.text.trim_start();
                (!text.is_empty() && !text.starts_with('#'))
                    .then(|| parse_line(&start, line.number, &line.text))
            }
            Err(error) => Some(Err(BadLine {
                message: error.to_string(),
                ends_input: error.ends_input(),
            })),
        })
}

fn parse_line(start: &Connect4, number: usize, line: &str) -> Result<SetLine, BadLine> {
    let (position, expected) = parse_set_line(start, line).map_err(|e| BadLine {
        message: format!("line {number}: {e}"),
        ends_input: false,
    })?;
    Ok(SetLine {
        number,
        moves: line
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string(),
        position,
        expected,
    })
}

/// One solved line.
pub struct Solved {
    /// Pons' score, or with `weak` the sign (1, 0, −1).
    pub score: i32,
    pub nodes: u64,
    pub time: Duration,
}

/// Solves positions one after the other with ply-api's batch solver
/// ([`ply_api::batch`], the one the bindings' `solve_batch` uses), stopped by Ctrl-C:
/// the table is cleared before each (outside the timing); an opening book, when given,
/// stays (it is not the table).
pub struct BatchSolver<'a> {
    inner: &'a mut dyn PositionSolver<Connect4>,
}

impl BatchSolver<'_> {
    /// The score of `pos`; `None` when Ctrl-C stopped the search.
    pub fn solve(&mut self, pos: &Connect4) -> Option<Solved> {
        let answer = self.inner.solve(pos)?;
        Some(Solved {
            score: answer.score?,
            nodes: answer.nodes,
            time: answer.time,
        })
    }

    /// Whether a search `depth` plies deep proves that the game ends within them (a
    /// quick filter before an exact solve: a win or loss found at that depth is one);
    /// `None` when Ctrl-C stopped the search.
    pub fn ends_within(&mut self, pos: &Connect4, depth: u32) -> Option<bool> {
        self.inner.ends_within(pos, depth)
    }
}

/// Runs `body` with a batch solver made with `options` for `start`'s board, stopped by
/// Ctrl-C. (The command has chosen its book: `options.book`, never the shipped one.)
pub fn with_batch_solver<R>(
    start: &Connect4,
    options: BatchOptions,
    body: impl FnOnce(&mut BatchSolver<'_>) -> R,
) -> anyhow::Result<R> {
    let control = ply_api::control::Control::with_flag(crate::interrupt::stop_flag());
    Ok(ply_api::batch::with_solver(
        start,
        &options,
        &control,
        |inner| body(&mut BatchSolver { inner }),
    )?)
}
