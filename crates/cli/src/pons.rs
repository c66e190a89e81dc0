//! Connect Four in Pascal Pons' conventions: his score (see
//! `ply_games::connect4::score`), his test-set line format (`moves` or
//! `moves score`), the weak solve (win/draw/loss only), and the batch solver
//! behind `ply solve connect4 --batch` and `ply bench connect4`.

use ply_core::engine::{
    Bound, Engine, EngineStats, Limits, SearchHooks, Settings, WithKnownValues,
};
use ply_core::input::Input;
use ply_core::{Evaluator, Game, Score};
use ply_games::connect4::score::parse_set_line;
use ply_games::connect4::{Connect4Eval, Connect4Hooks, OpeningBook, to_pons, weak_sign};
use ply_games::{Connect4, Playable};
use std::any::Any;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The position as Connect Four, when the game is Connect Four (any board size).
pub fn as_connect4<G: Playable>(pos: &G) -> Option<&Connect4> {
    (pos as &dyn Any).downcast_ref::<Connect4>()
}

/// Pons' score of an exact value of `pos`, for Connect Four; `None` for other games.
pub fn pons_score<G: Playable>(pos: &G, value: Score) -> Option<i32> {
    as_connect4(pos).and_then(|c4| to_pons(c4, value))
}

/// A weak solve: only whether the side to move wins (1), draws (0) or loses (−1).
/// The engine's exact mode narrows the value with null-window probes around the draw
/// first; once a probe settles the sign, the search is stopped, so the distance to the
/// end is never worked out. `None` when Ctrl-C stopped it first.
pub fn weak_solve<G, H, E>(engine: &mut Engine<G, H, E>, pos: &G) -> (Option<i32>, EngineStats)
where
    G: Game + Sync,
    H: SearchHooks<G>,
    E: Evaluator<G> + Sync,
{
    // Raised here once the sign is known, and by Ctrl-C.
    let stop = crate::interrupt::linked_flag();
    let limits = Limits::exact().with_stop(Arc::clone(&stop));
    let (mut lo, mut hi) = (-Score::INFINITY, Score::INFINITY);
    let mut sign = None;
    let result = engine.search_with(pos, &limits, |info| {
        match info.bound {
            Bound::Exact => (lo, hi) = (info.score, info.score),
            Bound::Lower => lo = lo.max(info.score),
            Bound::Upper => hi = hi.min(info.score),
        }
        let known = if lo > Score::DRAW {
            Some(1)
        } else if hi < Score::DRAW {
            Some(-1)
        } else if lo >= Score::DRAW && hi <= Score::DRAW {
            Some(0)
        } else {
            None
        };
        sign = sign.or(known);
        if sign.is_some() {
            stop.store(true, Ordering::Relaxed);
        }
    });
    if result.exact {
        sign = Some(weak_sign(result.score));
    }
    (sign, result.stats)
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
