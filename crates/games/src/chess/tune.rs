//! Fitting the evaluation's weights to the results of games (Texel's method).
//!
//! Each sample is a position and the result of the game it came from (1 a White win, ½ a
//! draw, 0 a loss). The evaluation `e` of a position, in centipawns from White's side,
//! predicts the result as `1 / (1 + 10^(-k e / 400))`; tuning finds the weights (the
//! piece-square tables and the terms of [`WEIGHTS`](super::WEIGHTS), as far as [`Fit`]
//! lets them move) that make the mean squared error of these predictions smallest. `k` is
//! fitted first, with the weights as they are, so that the error measures the weights and
//! not the scale. The evaluation is linear in the weights once the features of each
//! position are known ([`Features`]), so the gradient is exact and cheap. A small pull
//! towards the weights in use keeps a weight that few positions show (a king on a8 in the
//! middle game) where it was, rather than wherever the noise of a handful of games puts it.
//!
//! ```
//! use ply_games::chess::tune::{Fit, Sample, tune};
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
//! let report = tune(&samples, 10, Fit::Terms);
//! assert!(report.error_after <= report.error_before);
//! ```

use super::eval::{ALL_WEIGHTS, TABLE_WEIGHTS, weights_in_use};
use super::{Features, TERMS, WEIGHT_NAMES, Weight};
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

/// Reads a result as `1-0`, `0-1`, `1/2-1/2`, or White's score as a number from 0 to 1: 1,
/// 0.5, 0, or an expected score between them (`scripts/label-positions.py` blends a
/// game's result with a search's verdict on the position).
pub fn parse_result(text: &str) -> Option<f64> {
    match text.trim() {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" | "½" => Some(0.5),
        number => number
            .parse::<f64>()
            .ok()
            .filter(|score| (0.0..=1.0).contains(score)),
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
            "the line does not end with a result (1-0, 0-1, 1/2-1/2, or a score from 0 to 1): {}",
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
    /// All the weights as they were, in the order of `ALL_WEIGHTS`: the piece-square
    /// tables (`piece * 64 + square`, a1 = 0), then the terms.
    pub before: Vec<Weight>,
    /// The fitted weights, rounded to whole centipawns, in the same order.
    pub after: Vec<Weight>,
}

/// The pieces' names, in the order of the tables.
pub const PIECE_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

impl TuneReport {
    /// The fitted weights as the Rust source of `crates/games/src/chess/weights.rs`.
    pub fn rust_source(&self) -> String {
        weights_source(&self.after)
    }

    /// The weights of the terms (beyond the tables), as they were and as fitted.
    pub fn terms(&self) -> impl Iterator<Item = (&'static str, Weight, Weight)> + '_ {
        (0..TERMS).map(|i| {
            (
                WEIGHT_NAMES[i],
                self.before[TABLE_WEIGHTS + i],
                self.after[TABLE_WEIGHTS + i],
            )
        })
    }

    /// The names of the terms, in order.
    pub fn names(&self) -> [&'static str; TERMS] {
        WEIGHT_NAMES
    }
}

/// The Rust source of the weights file (`weights.rs`) holding `weights` (in the order of
/// `ALL_WEIGHTS`): the tables drawn as boards, rank 8 first, then the terms, each named.
///
/// # Panics
///
/// If `weights` does not hold exactly `ALL_WEIGHTS` pairs.
pub fn weights_source(weights: &[Weight]) -> String {
    assert_eq!(weights.len(), ALL_WEIGHTS, "one pair for every weight");
    let mut out = String::from(
        "//! The chess evaluation's weights, in hundredths of a pawn, written by `ply tune chess\n\
         //! FILE --rust` (docs/chess.md tells how they were made): change them by tuning, not\n\
         //! by hand.\n\
         //!\n\
         //! The piece-square tables hold each piece's value plus its placement, for White,\n\
         //! drawn as a board (rank 8 at the top); Black's are the same, mirrored.\n\
         \n\
         use super::eval::{TERMS, Weight};\n\
         \n\
         /// `PIECE_SQUARE[piece][stage]`: pawn, knight, bishop, rook, queen, king; the middle\n\
         /// game, then the end game.\n\
         #[rustfmt::skip]\n\
         pub(super) const PIECE_SQUARE: [[[i16; 64]; 2]; 6] = [\n",
    );
    for (piece, name) in PIECE_NAMES.iter().enumerate() {
        out.push_str(&format!("    // {name}\n    [\n"));
        for stage in 0..2 {
            out.push_str("        [\n");
            for rank in (0..8).rev() {
                out.push_str("           ");
                for file in 0..8 {
                    let weight = weights[piece * 64 + rank * 8 + file];
                    let value = match (piece, rank, stage) {
                        // No pawn stands on the first or the last rank.
                        (0, 0 | 7, _) => 0,
                        (_, _, 0) => weight.0,
                        _ => weight.1,
                    };
                    out.push_str(&format!(" {value:>4},"));
                }
                out.push('\n');
            }
            out.push_str("        ],\n");
        }
        out.push_str("    ],\n");
    }
    out.push_str(
        "];\n\
         \n\
         /// The weights of the terms beyond the tables (middle game, end game), in the order of\n\
         /// `WEIGHT_NAMES`.\n\
         #[rustfmt::skip]\n\
         pub const WEIGHTS: [Weight; TERMS] = [\n",
    );
    for (weight, name) in weights[TABLE_WEIGHTS..].iter().zip(WEIGHT_NAMES) {
        out.push_str(&format!(
            "    Weight({}, {}), // {name}\n",
            weight.0, weight.1
        ));
    }
    out.push_str("];\n");
    out
}

fn as_real(weights: &[Weight]) -> Vec<(f64, f64)> {
    weights.iter().map(|w| (w.0 as f64, w.1 as f64)).collect()
}

fn predicted(evaluation: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * evaluation / 400.0))
}

/// The mean squared error of the predictions with `weights` (in the order of
/// `ALL_WEIGHTS`) and scale `k`.
pub fn error(samples: &[Sample], weights: &[(f64, f64)], k: f64) -> f64 {
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
fn fit_k(samples: &[Sample], weights: &[(f64, f64)]) -> f64 {
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

/// How strongly each weight is pulled towards its value in use: the squared error of the
/// whole set grows by this much for each squared centipawn a weight moves. A weight moved
/// by a pawn costs as much as 10 positions predicted wrong by 0.1 each way, so only a
/// square or term shown by many positions moves far.
const PULL: f64 = 0.001;

/// The gradient of the summed squared error over `samples`, added into `gradient`.
fn add_gradient(samples: &[Sample], weights: &[(f64, f64)], k: f64, gradient: &mut [(f64, f64)]) {
    let scale = k * std::f64::consts::LN_10 / 400.0;
    for sample in samples {
        let e = sample.features.evaluate(weights);
        let p = predicted(e, k);
        // d(error)/d(e) for this sample; e is linear in each weight.
        let slope = -2.0 * (sample.result - p) * p * (1.0 - p) * scale;
        let phase = sample.features.middle_game_share();
        for &(index, count) in &sample.features.active {
            let g = &mut gradient[index as usize];
            g.0 += slope * count as f64 * phase;
            g.1 += slope * count as f64 * (1.0 - phase);
        }
    }
}

/// Which weights tuning may move, and how freely: the fewer numbers are fitted, the fewer
/// games it takes to fit them well. Positions of one game share its result, so a set of a
/// few thousand games cannot place each of the tables' 768 numbers on its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Fit {
    /// The terms and each piece's value (its table moved as a whole).
    #[default]
    Terms,
    /// The terms, and each table moved by rank and by file: a square changes by its rank's
    /// change plus its file's (15 numbers a table and stage instead of 64).
    Shape,
    /// Every weight on its own.
    Squares,
}

impl Fit {
    /// The groups each weight belongs to (in the order of `ALL_WEIGHTS`), and how many
    /// groups there are: tuning moves groups, and a weight by the sum of its groups' moves.
    fn groups(self) -> (Vec<Vec<usize>>, usize) {
        let mut of = Vec::with_capacity(ALL_WEIGHTS);
        let per_table = match self {
            Fit::Terms => 1,
            // Eight ranks and seven files (the a-file's change is in the ranks').
            Fit::Shape => 15,
            Fit::Squares => 64,
        };
        for piece in 0..6 {
            for square in 0..64 {
                let first = piece * per_table;
                let (rank, file) = (square / 8, square % 8);
                of.push(match self {
                    Fit::Terms => vec![first],
                    Fit::Shape if file == 0 => vec![first + rank],
                    Fit::Shape => vec![first + rank, first + 7 + file],
                    Fit::Squares => vec![first + square],
                });
            }
        }
        let tables = 6 * per_table;
        for term in 0..TERMS {
            of.push(vec![tables + term]);
        }
        (of, tables + TERMS)
    }
}

/// Fits the weights to `samples` with `iterations` steps of gradient descent (Adam, a step
/// of about one centipawn), starting from the weights in use and moving those `fit` lets
/// move; the work is split between the machine's cores.
pub fn tune(samples: &[Sample], iterations: usize, fit: Fit) -> TuneReport {
    let before = weights_in_use();
    let start = as_real(&before);
    let k = fit_k(samples, &start);
    let error_before = error(samples, &start, k);
    let (groups_of, groups) = fit.groups();
    // Each group's move from the weights in use, middle game and end game.
    let mut moved = vec![(0.0f64, 0.0f64); groups];
    let mut weights = start.clone();
    let mut m = vec![(0.0f64, 0.0f64); groups];
    let mut v = vec![(0.0f64, 0.0f64); groups];
    let (beta1, beta2, rate, epsilon) = (0.9f64, 0.999f64, 1.0f64, 1e-8f64);
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(16);
    let chunk = samples.len().div_ceil(threads).max(1);
    let n = samples.len().max(1) as f64;
    for step in 1..=iterations {
        let gradient = std::thread::scope(|scope| {
            let parts: Vec<_> = samples
                .chunks(chunk)
                .map(|part| {
                    let weights = &weights;
                    scope.spawn(move || {
                        let mut gradient = vec![(0.0f64, 0.0f64); ALL_WEIGHTS];
                        add_gradient(part, weights, k, &mut gradient);
                        gradient
                    })
                })
                .collect();
            let mut total = vec![(0.0f64, 0.0f64); groups];
            for part in parts {
                // A worker only panics on a bug; pass it on rather than tune on half.
                let part = part.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
                for (g, of) in part.iter().zip(&groups_of) {
                    for &group in of {
                        total[group].0 += g.0;
                        total[group].1 += g.1;
                    }
                }
            }
            total
        });
        for group in 0..groups {
            let pull = (2.0 * PULL * moved[group].0, 2.0 * PULL * moved[group].1);
            let (mi, vi, di) = (&mut m[group], &mut v[group], &mut moved[group]);
            for (g, m, v, d) in [
                (
                    (gradient[group].0 + pull.0) / n,
                    &mut mi.0,
                    &mut vi.0,
                    &mut di.0,
                ),
                (
                    (gradient[group].1 + pull.1) / n,
                    &mut mi.1,
                    &mut vi.1,
                    &mut di.1,
                ),
            ] {
                if g == 0.0 && *m == 0.0 {
                    // A weight no position uses (a pawn on the first rank) stays.
                    continue;
                }
                *m = beta1 * *m + (1.0 - beta1) * g;
                *v = beta2 * *v + (1.0 - beta2) * g * g;
                let m_hat = *m / (1.0 - beta1.powi(step as i32));
                let v_hat = *v / (1.0 - beta2.powi(step as i32));
                *d -= rate * m_hat / (v_hat.sqrt() + epsilon);
            }
        }
        for ((weight, from), of) in weights.iter_mut().zip(&start).zip(&groups_of) {
            *weight = *from;
            for &group in of {
                weight.0 += moved[group].0;
                weight.1 += moved[group].1;
            }
        }
    }
    let after: Vec<Weight> = weights
        .iter()
        .map(|&(mg, eg)| Weight(mg.round() as i32, eg.round() as i32))
        .collect();
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
            let fitted = Features::of(&board).evaluate(&as_real(&weights_in_use()));
            assert!(
                (exact - fitted).abs() < 1.0,
                "{fen}: {exact} against {fitted}"
            );
        }
    }

    /// The shipped weights file is exactly what the tuner writes for the weights in use: it
    /// was written by `ply tune chess --rust`, not edited by hand.
    #[test]
    fn the_weights_file_is_the_tuners_output() {
        let shipped = include_str!("weights.rs");
        let written = weights_source(&weights_in_use());
        assert_eq!(shipped, written);
    }

    /// On samples where a term decides the result, tuning raises its weight and lowers the
    /// error; where the weights in use overrate a position, tuning lowers them.
    #[test]
    fn tuning_follows_the_results() {
        // White's passed pawn on the sixth wins every time; on the third it only draws,
        // like the bare kings. The weights in use put both pawns near a pawn and a half,
        // so no scale `k` predicts both: the fit must tell the squares apart.
        let board = |fen: &str| Chess::from_fen(fen).unwrap().board().clone();
        let (sixth, third, bare) = (
            board("7k/8/3P4/8/8/8/8/K7 w - - 0 1"),
            board("7k/8/8/8/8/3P4/8/K7 w - - 0 1"),
            board("7k/8/8/8/8/8/8/K7 w - - 0 1"),
        );
        let mut samples = Vec::new();
        for _ in 0..100 {
            samples.push(Sample::new(&sixth, 1.0));
            samples.push(Sample::new(&third, 0.5));
            samples.push(Sample::new(&bare, 0.5));
        }
        let report = tune(&samples, 200, Fit::Squares);
        assert!(report.error_after < report.error_before);
        // The end-game values: a pawn on d6 (square 43) and a passed pawn on the sixth rise,
        // a pawn on d3 (square 19) falls.
        let passed = TABLE_WEIGHTS + 5;
        for index in [43, passed] {
            assert!(
                report.after[index].1 > report.before[index].1,
                "{index}: {:?}",
                report.after[index]
            );
        }
        assert!(
            report.after[19].1 < report.before[19].1,
            "{:?}",
            report.after[19]
        );
        assert!(report.rust_source().contains("// passed pawn, rank 6"));
        // No sample has a queen: the queen's table stays as it was.
        let queen = 4 * 64..5 * 64;
        assert_eq!(report.after[queen.clone()], report.before[queen]);
        // By rank and file, a square moves by its rank's move plus its file's: d6 by the
        // sixth rank's and the d-file's, a6 by the rank's alone, d4 by the file's alone
        // (no sample has a pawn on the fourth rank).
        let shaped = tune(&samples, 200, Fit::Shape);
        let moved = |square: usize| shaped.after[square].1 - shaped.before[square].1;
        let (d6, a6, d4) = (43, 40, 27);
        assert_ne!(moved(d6), 0);
        assert!(
            (moved(d6) - moved(a6) - moved(d4)).abs() <= 1,
            "{:?}",
            shaped.after[d6]
        );
        assert_eq!(parse_result("1/2-1/2"), Some(0.5));
        assert_eq!(parse_result("0-1"), Some(0.0));
        assert_eq!(parse_result("2-0"), None);
        // An expected score from 0 to 1, and nothing outside it.
        assert_eq!(parse_result("0.7312"), Some(0.7312));
        assert_eq!(parse_result("1"), Some(1.0));
        for outside in ["1.01", "-0.2", "NaN", "inf"] {
            assert_eq!(parse_result(outside), None, "{outside}");
        }
        // A labelled line, as scripts/label-positions.py writes it.
        let labelled = parse_sample_line("7k/8/3P4/8/8/8/8/K7 w - - 0 1 0.8125").unwrap();
        assert_eq!(labelled.map(|sample| sample.result), Some(0.8125));
        assert!(parse_sample_line("7k/8/3P4/8/8/8/8/K7 w - - 0 1 1.5").is_err());
    }
}
