//! Fitting the evaluation's weights to the results of games (Texel's method).
//!
//! Each sample is a position and the result of the game it came from (1 a White win, ½ a
//! draw, 0 a loss). The evaluation `e` of a position, in centipawns from White's side,
//! predicts the result as `1 / (1 + 10^(-k e / 400))`; tuning finds the weights of
//! [`WEIGHTS`] that make the mean squared error of these predictions
//! smallest. `k` is fitted first, with the weights as they are, so that the error measures
//! the weights and not the scale. The evaluation is linear in the weights once the features
//! of each position are known ([`Features`]), so the gradient is exact and cheap: a few
//! seconds for a hundred thousand positions.
//!
//! ```
//! use ply_games::chess::tune::{Sample, tune};
//! use ply_games::chess::Chess;
//!
//! // White a queen up wins; level positions are drawn.
//! let samples: Vec<Sample> = [
//!     ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 1.0),
//!     ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0.5),
//! ]
//! .iter()
//! .map(|(fen, result)| Sample::new(Chess::from_fen(fen).unwrap().board(), *result))
//! .collect();
//! let report = tune(&samples, 10);
//! assert!(report.error_after <= report.error_before);
//! ```

use super::{Features, TERMS, WEIGHT_NAMES, WEIGHTS, Weight};
use cozy_chess::Board;

/// One position and the result of its game, for White (1, 0.5 or 0).
#[derive(Clone, Debug)]
pub struct Sample {
    features: Features,
    result: f64,
}

impl Sample {
    /// A sample of `board` from a game White scored `result` in.
    pub fn new(board: &Board, result: f64) -> Sample {
        Sample {
            features: Features::of(board),
            result,
        }
    }
}

/// Reads a result as `1-0`, `0-1`, `1/2-1/2`, or a number 1, 0.5, 0 (White's score).
pub fn parse_result(text: &str) -> Option<f64> {
    match text.trim() {
        "1-0" | "1" | "1.0" => Some(1.0),
        "0-1" | "0" | "0.0" => Some(0.0),
        "1/2-1/2" | "0.5" | "½" => Some(0.5),
        _ => None,
    }
}

/// Reads a line of a tuning set: a FEN and the game's result for White as its last word
/// (`1-0`, `0-1`, `1/2-1/2`, or 1, 0, 0.5; an EPD's `c9 "1-0";` too). `Ok(None)` for a blank
/// line or a comment (`#`); the error says what is wrong, quoting the text shortened.
pub fn parse_sample_line(text: &str) -> Result<Option<Sample>, String> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let mut words: Vec<&str> = text.split_whitespace().collect();
    let last = words.pop().unwrap_or_default();
    let result = last.trim_matches(|c| matches!(c, '"' | ';' | '[' | ']'));
    let Some(result) = parse_result(result) else {
        return Err(format!(
            "the line does not end with a result (1-0, 0-1, 1/2-1/2): {}",
            ply_core::text::excerpt(last)
        ));
    };
    if words.last() == Some(&"c9") {
        words.pop();
    }
    let position = super::Chess::from_fen(&words.join(" ")).map_err(|e| e.to_string())?;
    Ok(Some(Sample::new(position.board(), result)))
}

/// What tuning found.
#[derive(Clone, Debug)]
pub struct TuneReport {
    /// The scale fitted to the samples with the weights as they were.
    pub k: f64,
    /// The mean squared error with the weights as they were.
    pub error_before: f64,
    /// The mean squared error with the fitted weights (rounded to whole centipawns).
    pub error_after: f64,
    /// The weights as they were.
    pub before: [Weight; TERMS],
    /// The fitted weights, rounded to whole centipawns.
    pub after: [Weight; TERMS],
}

impl TuneReport {
    /// The fitted weights as the Rust source of `WEIGHTS` in `eval.rs`.
    pub fn rust_source(&self) -> String {
        let mut out = String::from("pub const WEIGHTS: [Weight; TERMS] = [\n");
        for (weight, name) in self.after.iter().zip(WEIGHT_NAMES) {
            out.push_str(&format!(
                "    Weight({}, {}), // {name}\n",
                weight.0, weight.1
            ));
        }
        out.push_str("];\n");
        out
    }

    /// The names of the weights, in order.
    pub fn names(&self) -> [&'static str; TERMS] {
        WEIGHT_NAMES
    }
}

fn as_real(weights: &[Weight; TERMS]) -> [(f64, f64); TERMS] {
    weights.map(|w| (w.0 as f64, w.1 as f64))
}

fn predicted(evaluation: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * evaluation / 400.0))
}

/// The mean squared error of the predictions with `weights` and scale `k`.
pub fn error(samples: &[Sample], weights: &[(f64, f64); TERMS], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| (s.result - predicted(s.features.evaluate(weights), k)).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The scale `k` that makes the error with `weights` smallest (a golden-section search
/// between 0.05 and 4).
fn fit_k(samples: &[Sample], weights: &[(f64, f64); TERMS]) -> f64 {
    let (mut low, mut high) = (0.05f64, 4.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if error(samples, weights, a) < error(samples, weights, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// Fits the weights to `samples` with `iterations` steps of gradient descent (Adam, a step
/// of about one centipawn), starting from the weights in use.
pub fn tune(samples: &[Sample], iterations: usize) -> TuneReport {
    let before = WEIGHTS;
    let start = as_real(&before);
    let k = fit_k(samples, &start);
    let error_before = error(samples, &start, k);
    let mut weights = start;
    let (mut m, mut v) = ([(0.0f64, 0.0f64); TERMS], [(0.0f64, 0.0f64); TERMS]);
    let (beta1, beta2, rate, epsilon) = (0.9f64, 0.999f64, 1.0f64, 1e-8f64);
    let scale = k * std::f64::consts::LN_10 / 400.0;
    for step in 1..=iterations {
        let mut gradient = [(0.0f64, 0.0f64); TERMS];
        for sample in samples {
            let e = sample.features.evaluate(&weights);
            let p = predicted(e, k);
            // d(error)/d(e) for this sample; e is linear in each weight.
            let slope = -2.0 * (sample.result - p) * p * (1.0 - p) * scale;
            let phase = sample.features.phase as f64 / 24.0;
            for (g, &count) in gradient.iter_mut().zip(&sample.features.counts) {
                if count != 0 {
                    g.0 += slope * count as f64 * phase;
                    g.1 += slope * count as f64 * (1.0 - phase);
                }
            }
        }
        let n = samples.len().max(1) as f64;
        for i in 0..TERMS {
            for (g, m, v, w) in [
                (
                    gradient[i].0 / n,
                    &mut m[i].0,
                    &mut v[i].0,
                    &mut weights[i].0,
                ),
                (
                    gradient[i].1 / n,
                    &mut m[i].1,
                    &mut v[i].1,
                    &mut weights[i].1,
                ),
            ] {
                *m = beta1 * *m + (1.0 - beta1) * g;
                *v = beta2 * *v + (1.0 - beta2) * g * g;
                let m_hat = *m / (1.0 - beta1.powi(step as i32));
                let v_hat = *v / (1.0 - beta2.powi(step as i32));
                *w -= rate * m_hat / (v_hat.sqrt() + epsilon);
            }
        }
    }
    let after = weights.map(|(mg, eg)| Weight(mg.round() as i32, eg.round() as i32));
    let error_after = error(samples, &as_real(&after), k);
    TuneReport {
        k,
        error_before,
        error_after,
        before,
        after,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Chess;
    use crate::chess::eval::white_view;

    /// The features and the weights in use give back the engine's own evaluation.
    #[test]
    fn features_give_the_evaluation() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1",
        ] {
            let board = Chess::from_fen(fen).unwrap().board().clone();
            let exact = white_view(&board) as f64;
            let fitted = Features::of(&board).evaluate(&as_real(&WEIGHTS));
            assert!(
                (exact - fitted).abs() < 1.0,
                "{fen}: {exact} against {fitted}"
            );
        }
    }

    /// On samples where a term decides the result, tuning raises its weight and lowers the
    /// error.
    #[test]
    fn tuning_follows_the_results() {
        // White's extra passed pawn on the sixth wins every time.
        let won = Chess::from_fen("7k/8/3P4/8/8/8/8/K7 w - - 0 1").unwrap();
        let drawn = Chess::from_fen("7k/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
        let samples = vec![
            Sample::new(won.board(), 1.0),
            Sample::new(won.board(), 1.0),
            Sample::new(drawn.board(), 0.5),
        ];
        let report = tune(&samples, 200);
        assert!(report.error_after < report.error_before);
        assert!(
            report.after[5].1 > report.before[5].1,
            "{:?}",
            report.after[5]
        );
        assert!(report.rust_source().contains("// passed pawn, rank 6"));
        assert_eq!(parse_result("1/2-1/2"), Some(0.5));
        assert_eq!(parse_result("0-1"), Some(0.0));
        assert_eq!(parse_result("2-0"), None);
    }
}
