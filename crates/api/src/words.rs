//! How results are said, the same in every front end.

use ply_core::Score;
use ply_core::engine::{Bound, SearchInfo};

/// `win`, `loss` or `draw`: a proved value's result for the side it is seen from.
pub fn result_word(score: Score) -> &'static str {
    if score.is_win() {
        "win"
    } else if score.is_loss() {
        "loss"
    } else {
        "draw"
    }
}

/// A proved value in words: "win in 3", "loss in 4", "draw".
pub fn plies_text(score: Score, line_length: usize) -> String {
    match (result_word(score), score.plies_to_end()) {
        ("draw", _) => "draw".to_string(),
        (word, Some(plies)) => format!("{word} in {plies}"),
        (word, None) => format!("{word} in {line_length}"),
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

/// The score in words, with the bound when it is one. A depth-limited search's
/// zero is an estimate ("0.00"), not a proved draw: only exact mode says "draw".
pub fn score_words(score: Score, bound: Bound, depth_limited: bool) -> String {
    let words = if depth_limited && score == Score::DRAW {
        "0.00".to_string()
    } else {
        score.to_string()
    };
    match bound {
        Bound::Exact => words,
        Bound::Lower => format!(">= {words}"),
        Bound::Upper => format!("<= {words}"),
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

/// Milliseconds with microsecond resolution, for `time_ms` fields.
pub fn millis(elapsed: std::time::Duration) -> f64 {
    (elapsed.as_secs_f64() * 1e6).round() / 1e3
}

/// A count for a progress line: `9999`, `12.3k`, `4.56M`.
pub fn human_count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=9_999_999 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.2}M", n as f64 / 1e6),
    }
}
