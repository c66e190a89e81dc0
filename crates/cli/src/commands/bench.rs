//! `ply bench connect4 FILE...`: solve test sets of positions (Pascal Pons' format,
//! `moves score` per line), the table cleared before each, and report per set the
//! mean time and nodes, the slowest position and how many scores were right.

use crate::args;
use crate::c4book::{self, BookArgs, LoadedBook};
use crate::pons;
use crate::report::print_json;
use crate::source::GameSource;
use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use ply_api::batch::BatchOptions;
use ply_core::input::{Input, display_name};
use ply_games::{Connect4, GameVisitor, Playable};
use serde::Serialize;
use std::process::ExitCode;
use std::time::Duration;

const EXAMPLES: &str = "EXAMPLES:\n  ply gen connect4 --stones 29..41 --count 1000 -o end.txt && ply bench connect4 end.txt\n  ply bench connect4 ../shared/data/connect4/Test_L3_R1\n  ply bench connect4 Test_L3_R1 Test_L2_R1 --json\n  ply bench connect4 Test_L1_R2 --limit 100 --threads 2 --hash 64\n  ply bench connect4 Test_L1_R1 --book connect4.book\n\n\
Each position is solved exactly (Pons' score) with the table cleared before it; the time is\n\
the search alone. Lines without a score are timed but not checked; bad lines are reported on\n\
stderr with their line number and skipped. Ctrl-C stops and reports the positions done so far.\n\
The opening book (made by `ply book`; --book FILE, else $PLY_C4_BOOK, else connect4.book in\n\
the current directory or books/; --no-book: none) is not the table: it stays between positions.\n\
Exit code 1 when a score is wrong, or when a set has no position that could be solved.\n\n\
`ply bench chess [--depth N] [--threads T] [--hash MB]` searches nine fixed chess positions to\n\
depth N (default 9) with a fresh engine each, and prints the total of nodes (a signature of the\n\
search) and the nodes per second.";

/// Benchmark the Connect Four solver on test sets of positions, or the chess engine on
/// its fixed positions (`ply bench chess [--depth N]`).
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game: connect4 (or connect4:WxH), or chess.
    game: String,
    /// Connect Four's test sets: one position per line, `moves` or `moves score`.
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// Chess: the depth searched in every position, 1 to 30 (default 9).
    #[arg(long, value_parser = args::whole::<u32>(1, 30), allow_negative_numbers = true)]
    depth: Option<u32>,
    /// Only the first N positions of each set (at least 1).
    #[arg(long, value_name = "N", value_parser = args::whole::<usize>(1, usize::MAX as u64), allow_negative_numbers = true)]
    limit: Option<usize>,
    /// Search threads (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = args::whole::<u64>(1, args::MAX_THREADS), allow_negative_numbers = true)]
    threads: u64,
    /// Transposition table size in MiB, 0 to 65536 (cleared before each position).
    #[arg(long, default_value_t = 16, value_parser = args::whole::<u64>(0, args::MAX_HASH_MIB), allow_negative_numbers = true)]
    hash: u64,
    /// Weak solves (win/draw/loss only); expected scores are compared by sign.
    #[arg(long)]
    weak: bool,
    #[command(flatten)]
    book: BookArgs,
    /// Print machine-readable JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct SetJson {
    file: String,
    positions: u64,
    mean_us: f64,
    mean_nodes: f64,
    max_us: f64,
    correct: u64,
    wrong: u64,
}

#[derive(Serialize)]
struct BenchJson {
    sets: Vec<SetJson>,
    /// True when Ctrl-C stopped the run: the last set is partial.
    interrupted: bool,
    /// The opening book used, or null.
    book: Option<String>,
}

struct Bench<'a>(&'a Args);

impl GameVisitor for Bench<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: Playable>(self, start: G) -> Result<ExitCode> {
        let args = self.0;
        let Some(start) = start.as_connect4() else {
            anyhow::bail!(
                "bench works for connect4 only (Pons' test sets), not {}",
                start.game_name()
            );
        };
        // Open every set first: a missing file is an error before any work.
        let sets = args
            .files
            .iter()
            .map(|path| Ok((path, crate::input::open(path)?)))
            .collect::<Result<Vec<_>>>()?;
        let book = c4book::load(&args.book, start)?;
        let _polled = crate::interrupt::polled();
        // Each search timed alone on a table emptied whole, as Pons' benchmark does
        // (a table emptied bucket by bucket is faster to empty but cold in the cache).
        let options = BatchOptions {
            threads: args.threads as usize,
            hash_mib: args.hash as usize,
            weak: args.weak,
            book: book.as_ref().map(|b| std::sync::Arc::clone(&b.book)),
            clear_written_only: false,
            ..BatchOptions::default()
        };
        pons::with_batch_solver(start, options, |solver| -> Result<ExitCode> {
            let mut out = BenchJson {
                sets: Vec::new(),
                interrupted: false,
                book: book.as_ref().map(|b| b.path.clone()),
            };
            let limit = args.limit.unwrap_or(usize::MAX);
            for (path, input) in sets {
                let shown = input.name().to_string();
                let bar = progress_bar(path, start, &input, limit);
                let (mut positions, mut nodes, mut correct, mut wrong) = (0u64, 0u64, 0u64, 0u64);
                let (mut total, mut worst) = (Duration::ZERO, Duration::ZERO);
                for line in pons::read_set(start, input).take(limit) {
                    bar.inc(1);
                    let line = match line {
                        Ok(line) => line,
                        Err(bad) if bad.ends_input => {
                            bar.finish_and_clear();
                            anyhow::bail!("{shown}: {}", bad.message);
                        }
                        Err(bad) => {
                            bar.suspend(|| eprintln!("{shown}: {}", bad.message));
                            continue;
                        }
                    };
                    let Some(solved) = solver.solve(&line.position) else {
                        out.interrupted = true;
                        break;
                    };
                    positions += 1;
                    nodes += solved.nodes;
                    total += solved.time;
                    worst = worst.max(solved.time);
                    let expected = line
                        .expected
                        .map(|e| if args.weak { e.signum() } else { e });
                    match expected {
                        Some(e) if e == solved.score => correct += 1,
                        Some(e) => {
                            wrong += 1;
                            bar.suspend(|| {
                                eprintln!(
                                    "{shown}: line {}: {}: score {}, expected {e}",
                                    line.number, line.moves, solved.score
                                )
                            });
                        }
                        None => {}
                    }
                }
                bar.finish_and_clear();
                if positions == 0 && !out.interrupted {
                    eprintln!("{shown}: no position could be solved");
                }
                let per = |x: f64| {
                    if positions == 0 {
                        0.0
                    } else {
                        x / positions as f64
                    }
                };
                out.sets.push(SetJson {
                    file: path.clone(),
                    positions,
                    mean_us: round2(per(total.as_secs_f64() * 1e6)),
                    mean_nodes: round2(per(nodes as f64)),
                    max_us: round2(worst.as_secs_f64() * 1e6),
                    correct,
                    wrong,
                });
                if out.interrupted {
                    break;
                }
            }
            if args.json {
                print_json(&out)?;
            } else {
                println!("{}", LoadedBook::describe(book.as_ref()));
                print_table(&out);
            }
            Ok(if out.interrupted {
                ExitCode::from(130)
            } else if out.sets.iter().any(|s| s.wrong > 0 || s.positions == 0) {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        })?
    }
}

/// The progress of one set: a bar when the set is a regular file (its lines counted
/// first, a cheap pass next to the solving), a counter for a pipe or standard input.
fn progress_bar(path: &str, start: &Connect4, input: &Input, limit: usize) -> ProgressBar {
    let length = input.size().and_then(|_| {
        let again = crate::input::open(path).ok()?;
        let lines = pons::read_set(start, again)
            .take_while(|line| !line.as_ref().is_err_and(|bad| bad.ends_input));
        Some(lines.take(limit).count() as u64)
    });
    let (bar, template) = match length {
        Some(length) => (
            ProgressBar::new(length),
            "{msg} [{bar:30}] {pos}/{len} [{elapsed}<{eta}]",
        ),
        None => (
            ProgressBar::no_length(),
            "{msg} {pos} positions [{elapsed}]",
        ),
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(input.name().to_string());
    bar
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn print_table(out: &BenchJson) {
    let width = out
        .sets
        .iter()
        .map(|s| display_name(&s.file).len())
        .max()
        .unwrap_or(0)
        .max(3);
    println!(
        "{:<width$} {:>9} {:>12} {:>12} {:>12} {:>9}",
        "set", "positions", "mean time", "mean nodes", "max time", "correct"
    );
    for set in &out.sets {
        println!(
            "{:<width$} {:>9} {:>12} {:>12.1} {:>12} {:>9}",
            display_name(&set.file),
            set.positions,
            time_words(set.mean_us),
            set.mean_nodes,
            time_words(set.max_us),
            format!("{}/{}", set.correct, set.correct + set.wrong)
        );
    }
    if out.interrupted {
        println!("(interrupted: the last set is partial)");
    }
}

/// 12.3 µs, 4.56 ms, 1.23 s.
fn time_words(us: f64) -> String {
    if us < 1e3 {
        format!("{us:.1} µs")
    } else if us < 1e6 {
        format!("{:.2} ms", us / 1e3)
    } else {
        format!("{:.2} s", us / 1e6)
    }
}

pub fn run(args: Args, games: &impl GameSource) -> Result<ExitCode> {
    if args.game.trim().eq_ignore_ascii_case("chess") {
        if !args.files.is_empty()
            || args.limit.is_some()
            || args.weak
            || args.book.book.is_some()
            || args.book.no_book
        {
            anyhow::bail!(
                "bench chess searches its own positions: FILE, --limit, --weak, --book and --no-book do not apply"
            );
        }
        let depth = args.depth.unwrap_or(super::bench_chess::DEFAULT_DEPTH);
        return super::bench_chess::run(depth, args.threads, args.hash, args.json);
    }
    if args.depth.is_some() {
        anyhow::bail!("--depth applies to bench chess only (Connect Four's positions are solved)");
    }
    if args.files.is_empty() {
        anyhow::bail!(
            "bench {} needs at least one test set FILE (or - for standard input)",
            args.game.trim()
        );
    }
    games.visit(&args.game, Bench(&args))?
}
