//! Connect Four in Pascal Pons' conventions: his score (see
//! `ply_games::connect4::score`), his test-set line format (`moves` or
//! `moves score`), the weak solve (win/draw/loss only), and the batch solver
//! behind `ply solve connect4 --batch` and `ply bench connect4`.

use ply_core::engine::{Engine, EngineStats, Limits, SearchHooks, Settings, WithKnownValues};
use ply_core::input::Input;
use ply_core::{Evaluator, Game};
use ply_games::connect4::score::parse_set_line;
use ply_games::connect4::{Connect4Eval, Connect4Hooks, OpeningBook, to_pons};
use ply_games::{Connect4, Playable};
use std::any::Any;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The position as Connect Four, when the game is Connect Four (any board size).
pub fn as_connect4<G: Playable>(pos: &G) -> Option<&Connect4> {
    (pos as &dyn Any).downcast_ref::<Connect4>()
}

/// A weak solve: only whether the side to move wins (1), draws (0) or loses (−1)
/// ([`ply_api::solve::weak_solve`]); `None` when Ctrl-C stopped it first.
pub fn weak_solve<G, H, E>(engine: &mut Engine<G, H, E>, pos: &G) -> (Option<i32>, EngineStats)
where
    G: Game + Sync,
    H: SearchHooks<G>,
    E: Evaluator<G> + Sync,
{
    let control = ply_api::control::Control::with_flag(crate::interrupt::stop_flag());
    ply_api::solve::weak_solve(engine, pos, &control)
}

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

/// Solves positions one after the other, the table cleared before each (outside the
/// timing); an opening book, when given, stays (it is not the table).
pub struct BatchSolver {
    engine:
        Engine<Connect4, WithKnownValues<Connect4Hooks, Option<Arc<OpeningBook>>>, Connect4Eval>,
    weak: bool,
}

impl BatchSolver {
    pub fn new(
        threads: usize,
        hash_mib: usize,
        weak: bool,
        book: Option<Arc<OpeningBook>>,
    ) -> anyhow::Result<BatchSolver> {
        let settings = Settings {
            // Only the value is wanted: proving the line to the end would double the work.
            exact_pv: false,
            ..Settings::default()
                .with_threads(threads)
                .with_hash(hash_mib)
        };
        Ok(BatchSolver {
            engine: crate::resources::engine(
                WithKnownValues::new(Connect4Hooks, book),
                Connect4Eval,
                settings,
            )?,
            weak,
        })
    }

    /// The score of `pos`; `None` when Ctrl-C stopped the search.
    pub fn solve(&mut self, pos: &Connect4) -> Option<Solved> {
        self.engine.clear();
        let clock = Instant::now();
        let (score, nodes) = if self.weak {
            let (sign, stats) = weak_solve(&mut self.engine, pos);
            (sign?, stats.nodes)
        } else {
            let limits = Limits::exact().with_stop(crate::interrupt::stop_flag());
            let result = self.engine.search(pos, &limits);
            if !result.exact {
                return None;
            }
            (to_pons(pos, result.score)?, result.stats.nodes)
        };
        Some(Solved {
            score,
            nodes,
            time: clock.elapsed(),
        })
    }

    /// Whether a search `depth` plies deep proves that the game ends within them (a
    /// quick filter before an exact solve: a win or loss found at that depth is one);
    /// `None` when Ctrl-C stopped the search.
    pub fn ends_within(&mut self, pos: &Connect4, depth: u32) -> Option<bool> {
        self.engine.clear();
        let limits = Limits::depth(depth).with_stop(crate::interrupt::stop_flag());
        let result = self.engine.search(pos, &limits);
        if crate::interrupt::interrupted() {
            return None;
        }
        Some(
            result
                .score
                .plies_to_end()
                .is_some_and(|plies| plies <= depth),
        )
    }
}
