//! How results are said, the same in every front end.

use ply_core::Score;

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

/// A heuristic value as a signed number of units: "+0.35", "-3.00".
pub fn estimate_number(score: Score) -> String {
    format!("{:+.2}", score.raw() as f64 / 100.0)
}

/// A count for a progress line: `9999`, `12.3k`, `4.56M`.
pub fn human_count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=9_999_999 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.2}M", n as f64 / 1e6),
    }
}
