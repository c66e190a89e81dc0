//! `ply tune chess FILE`: fit the chess evaluation's weights to game results (Texel's method).

use crate::args;
use crate::report::print_json;
use anyhow::{Context, Result, bail};
use ply_core::input::Input;
use ply_games::chess::tune::{Fit, PIECE_NAMES, parse_sample_line, tune};
use std::process::ExitCode;

const EXAMPLES: &str = "EXAMPLES:\n  scripts/tuning-set.py games.pgn > positions.txt\n  ply tune chess positions.txt --iterations 500\n\n\
Each line of FILE is a position and the result of its game for White: a FEN, then 1-0, 0-1 or 1/2-1/2, or White's expected score from 0 to 1 (scripts/label-positions.py blends the result with a search's verdict; an EPD's c9 \"1-0\"; is read too). A bad line is reported with its number and skipped. Fits every weight: the piece-square tables and the terms (pawn structure, mobility, king safety). Prints the error before and after, each term's weight before and after, how far the tables moved, and the fitted weights as the Rust source of crates/games/src/chess/weights.rs; with --rust, that source alone:\n  ply tune chess positions.txt --iterations 1000 --rust > crates/games/src/chess/weights.rs\n\
docs/chess.md tells how the shipped weights were made.";

/// The most positions read (each takes about 120 bytes in memory).
const MAX_SAMPLES: usize = 4_000_000;
/// The longest line read.
const MAX_LINE_BYTES: usize = 1024;

/// Fit the chess evaluation's weights to the results of games (Texel tuning).
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game: chess (the only game with tunable weights).
    game: String,
    /// Positions with their games' results, one per line (- for standard input).
    file: String,
    /// Steps of gradient descent (1 to 100000).
    #[arg(long, default_value_t = 500, value_parser = args::whole::<u64>(1, 100_000), allow_negative_numbers = true)]
    iterations: u64,
    /// Which weights move: terms (the terms and each piece's value), shape (also each
    /// table by rank and by file) or squares (every square on its own); the more numbers,
    /// the more games they need.
    #[arg(long, value_enum, default_value_t = FitArg::Terms)]
    fit: FitArg,
    /// Print machine-readable JSON.
    #[arg(long, conflicts_with = "rust")]
    json: bool,
    /// Print only the fitted weights, as the Rust source of the weights file.
    #[arg(long)]
    rust: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum FitArg {
    Terms,
    Shape,
    Squares,
}

impl From<FitArg> for Fit {
    fn from(fit: FitArg) -> Fit {
        match fit {
            FitArg::Terms => Fit::Terms,
            FitArg::Shape => Fit::Shape,
            FitArg::Squares => Fit::Squares,
        }
    }
}

#[derive(serde::Serialize)]
struct WeightJson {
    name: &'static str,
    before: [i32; 2],
    after: [i32; 2],
}

#[derive(serde::Serialize)]
struct TableJson {
    piece: &'static str,
    /// 64 pairs (middle game, end game), a1 first, White's view.
    before: Vec<[i32; 2]>,
    after: Vec<[i32; 2]>,
}

#[derive(serde::Serialize)]
struct TuneJson {
    positions: usize,
    skipped_lines: usize,
    k: f64,
    error_before: f64,
    error_after: f64,
    weights: Vec<WeightJson>,
    tables: Vec<TableJson>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    if args.game != "chess" {
        bail!(
            "ply tune fits the chess evaluation only; {} has no tunable weights",
            ply_core::text::excerpt(&args.game)
        );
    }
    let input = Input::open(&args.file)?;
    let mut samples = Vec::new();
    let mut skipped = 0;
    for line in input.lines(MAX_LINE_BYTES) {
        let line = match line {
            Ok(line) => line,
            Err(error) => {
                eprintln!("ply tune: skipped {error}");
                skipped += 1;
                if error.ends_input() {
                    break;
                }
                continue;
            }
        };
        match parse_sample_line(&line.text) {
            Ok(Some(sample)) => {
                if samples.len() == MAX_SAMPLES {
                    bail!("more than {MAX_SAMPLES} positions: split the file");
                }
                samples.push(sample);
            }
            Ok(None) => {}
            Err(problem) => {
                eprintln!("ply tune: skipped line {}: {problem}", line.number);
                skipped += 1;
            }
        }
    }
    if samples.is_empty() {
        bail!(
            "no position with a result in {}",
            ply_core::input::display_name(&args.file)
        );
    }
    let report = tune(&samples, args.iterations as usize, args.fit.into());
    if args.rust {
        print!("{}", report.rust_source());
    } else if args.json {
        let pairs = |weights: &[ply_games::chess::Weight], piece: usize| {
            weights[piece * 64..piece * 64 + 64]
                .iter()
                .map(|w| [w.0, w.1])
                .collect()
        };
        print_json(&TuneJson {
            positions: samples.len(),
            skipped_lines: skipped,
            k: report.k,
            error_before: report.error_before,
            error_after: report.error_after,
            weights: report
                .terms()
                .map(|(name, before, after)| WeightJson {
                    name,
                    before: [before.0, before.1],
                    after: [after.0, after.1],
                })
                .collect(),
            tables: PIECE_NAMES
                .iter()
                .enumerate()
                .map(|(piece, name)| TableJson {
                    piece: name,
                    before: pairs(&report.before, piece),
                    after: pairs(&report.after, piece),
                })
                .collect(),
        })
        .context("writing the report")?;
    } else {
        println!(
            "{} positions ({skipped} lines skipped), k = {:.3}",
            samples.len(),
            report.k
        );
        println!(
            "mean squared error: {:.6} before, {:.6} after {} steps",
            report.error_before, report.error_after, args.iterations
        );
        println!(
            "{:<28} {:>14} {:>14}",
            "weight (middle, end)", "before", "after"
        );
        for (name, b, a) in report.terms() {
            println!(
                "{name:<28} {:>14} {:>14}",
                format!("{}, {}", b.0, b.1),
                format!("{}, {}", a.0, a.1)
            );
        }
        println!();
        println!("{:<28} {:>14} {:>14}", "table", "mean change", "largest");
        for (piece, name) in PIECE_NAMES.iter().enumerate() {
            let changes: Vec<i32> = (piece * 64..piece * 64 + 64)
                .flat_map(|i| {
                    let (b, a) = (report.before[i], report.after[i]);
                    [(a.0 - b.0).abs(), (a.1 - b.1).abs()]
                })
                .collect();
            let mean = changes.iter().sum::<i32>() as f64 / changes.len() as f64;
            let largest = changes.iter().max().copied().unwrap_or(0);
            println!("{name:<28} {mean:>14.1} {largest:>14}");
        }
        println!();
        print!("{}", report.rust_source());
    }
    Ok(ExitCode::SUCCESS)
}
