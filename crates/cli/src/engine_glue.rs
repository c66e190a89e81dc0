//! Shared glue between the commands and the engine: progress lines and the
//! JSON form of engine iterations.

use crate::report;
use ply_core::Score;
use ply_core::engine::{Bound, SearchInfo};
use ply_games::Notation;
use serde::Serialize;

/// One engine iteration in JSON.
#[derive(Serialize)]
pub struct IterationJson {
    pub depth: u32,
    /// The score in words: "win in 5", "draw" (proved, exact mode), "+0.37" or "0.00"
    /// (estimates), or a bound ">= +0.37" in exact-mode probes.
    pub score: String,
    /// The score as a number: `Score::raw` (hundredths for estimates; ±(1000000000 − plies) for wins and losses).
    pub score_raw: i32,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: f64,
    pub pv: Vec<String>,
}

/// The score in words, with the bound when it is one. A depth-limited search's
/// zero is an estimate ("0.00"), not a proved draw: only exact mode says "draw".
pub fn score_words(score: Score, bound: ply_core::engine::Bound, depth_limited: bool) -> String {
    let words = if depth_limited && score == Score::DRAW {
        "0.00".to_string()
    } else {
        score.to_string()
    };
    match bound {
        ply_core::engine::Bound::Exact => words,
        ply_core::engine::Bound::Lower => format!(">= {words}"),
        ply_core::engine::Bound::Upper => format!("<= {words}"),
    }
}

/// What a search proved of the root's value, from its iterations: the greatest lower
/// and the least upper bound among them (`None`: nothing on that side). Equal bounds
/// are the exact value.
pub fn proved_bounds<M>(iterations: &[SearchInfo<M>]) -> (Option<Score>, Option<Score>) {
    let (mut lower, mut upper) = (None::<Score>, None::<Score>);
    for info in iterations {
        if matches!(info.bound, Bound::Exact | Bound::Lower) {
            lower = Some(lower.map_or(info.score, |l| l.max(info.score)));
        }
        if matches!(info.bound, Bound::Exact | Bound::Upper) {
            upper = Some(upper.map_or(info.score, |u| u.min(info.score)));
        }
    }
    (lower, upper)
}

/// The proved range of a value in words: "loss in 40", ">= loss in 34", "<= win in 7",
/// "between loss in 34 and draw", or "unknown" when nothing was proved.
pub fn bounds_words(lower: Option<Score>, upper: Option<Score>) -> String {
    match (lower, upper) {
        (Some(l), Some(u)) if l == u => l.to_string(),
        (Some(l), Some(u)) => format!("between {l} and {u}"),
        (Some(l), None) => format!(">= {l}"),
        (None, Some(u)) => format!("<= {u}"),
        (None, None) => "unknown".to_string(),
    }
}

/// A value in words that says how much is known of it: decisive results and proved
/// draws in words ("win in 5", "draw"); heuristic values as signed numbers marked as
/// estimates ("+0.00 (estimate)"), never as "draw".
pub fn value_words(score: Score, proved: bool) -> String {
    if score.plies_to_end().is_some() || (proved && score == Score::DRAW) {
        score.to_string()
    } else {
        format!("{} (estimate)", estimate_number(score))
    }
}

/// A heuristic value as a signed number ("+0.00", "-3.00"), for lists that a legend
/// explains; decisive values in words.
pub fn estimate_number(score: Score) -> String {
    if score == Score::DRAW {
        "+0.00".to_string()
    } else {
        score.to_string()
    }
}

pub fn iteration_json<G: Notation>(
    root: &G,
    info: &SearchInfo<G::Move>,
    depth_limited: bool,
) -> IterationJson {
    IterationJson {
        depth: info.depth,
        score: score_words(info.score, info.bound, depth_limited),
        score_raw: info.score.raw(),
        nodes: info.nodes,
        nps: info.nps(),
        time_ms: report::millis(info.time),
        pv: report::line(root, &info.pv),
    }
}

/// A node count for people: 950, 12.3k, 4.56M.
pub fn human_count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=9_999_999 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.2}M", n as f64 / 1e6),
    }
}

/// One progress line per iteration, like a UCI `info` line.
pub fn iteration_line<G: Notation>(
    root: &G,
    info: &SearchInfo<G::Move>,
    depth_limited: bool,
) -> String {
    format!(
        "depth {:>2}  score {:<12} nodes {:>9}  nps {:>8}  time {:>8.1} ms  pv {}",
        info.depth,
        score_words(info.score, info.bound, depth_limited),
        human_count(info.nodes),
        human_count(info.nps()),
        info.time.as_secs_f64() * 1e3,
        report::line(root, &info.pv).join(" ")
    )
}
