//! `ply book connect4 --depth D`: compute a Connect Four opening book (the exact
//! score of every position with at most D stones) and write it in the binary
//! format of docs/connect4.md; `solve`, `bench` and `play` then read it.

use crate::args;
use crate::interrupt;
use crate::output::AtomicFile;
use crate::pons;
use crate::report::{self, print_json};
use crate::source::GameSource;
use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use ply_games::connect4::OpeningBook;
use ply_games::connect4::book::{self, BuildError, BuildOptions};
use ply_games::{GameVisitor, Notation, Playable};
use serde::Serialize;
use std::process::ExitCode;

const EXAMPLES: &str = "EXAMPLES:\n  ply book connect4:5x4 --depth 6\n  ply book connect4:4x5 --depth 4 --output small.book --json\n  ply book connect4:6x5 --depth 8 --threads 2 --hash 256\n  ply solve connect4:5x4 12 --book connect4-5x4.book\n\n\
Every position with at most D stones (each left-right mirror pair once) is solved exactly,\n\
the positions with D stones first; each finished layer is read by the engine while it solves\n\
the next one, so the shallower positions cost a few nodes each. The cost is the deepest layer.\n\
On 7x6 that is a long offline job: positions with few stones take seconds to minutes each and\n\
the layers grow about 3.3 times a stone (depth 2: about 40 minutes of one core, depth 6: about\n\
15 hours; docs/connect4.md).\n\
Default output: connect4.book for 7x6, connect4-WxH.book for other boards, in the current\n\
directory: the name `ply solve`, `ply bench` and `ply play` look for (or set PLY_C4_BOOK).\n\
The file is written to a temporary file next to it and renamed when complete: Ctrl-C (exit 130),\n\
SIGTERM or an error leaves no partial book and no temporary file. FILE must be a new path or a\n\
regular file: a symbolic link, a directory, a FIFO or a device is refused.\n\
Format: docs/connect4.md, \"Opening book\".";

/// Compute a Connect Four opening book: the exact score of every position with at most D stones.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game: connect4 (7x6) or connect4:WxH.
    game: String,
    /// The most stones a position in the book has (0: the empty board alone).
    #[arg(long, value_name = "D", value_parser = args::whole::<u32>(0, u32::MAX as u64), allow_negative_numbers = true)]
    depth: u32,
    /// Where to write the book [default: connect4.book, or connect4-WxH.book].
    #[arg(long, value_name = "FILE")]
    output: Option<String>,
    /// Positions solved at the same time, one engine each (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = args::whole::<u64>(1, args::MAX_THREADS), allow_negative_numbers = true)]
    threads: u64,
    /// Transposition table in MiB, shared out between the threads (1 to 65536).
    #[arg(long, default_value_t = 64, value_parser = args::whole::<u64>(1, args::MAX_HASH_MIB), allow_negative_numbers = true)]
    hash: u64,
    /// Print machine-readable JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct BookJson {
    game: String,
    depth: u32,
    /// Records in the book (positions, each mirror pair once).
    positions: u64,
    file: String,
    time_ms: f64,
    nodes: u64,
}

/// What `--json` prints when Ctrl-C stopped the build: no book was written.
#[derive(Serialize)]
struct InterruptedJson {
    game: String,
    depth: u32,
    /// Positions solved before Ctrl-C (all lost: the book is written whole or not at all).
    solved: u64,
    /// Null: no file was written.
    file: Option<String>,
    time_ms: f64,
    interrupted: bool,
}

struct Build<'a>(&'a Args);

impl GameVisitor for Build<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: Playable>(self, start: G) -> Result<ExitCode> {
        let args = self.0;
        let Some(board) = pons::as_connect4(&start) else {
            anyhow::bail!(
                "an opening book is made for connect4 (connect4:WxH) only, not {}",
                start.game_name()
            );
        };
        if args.depth > board.cells() {
            anyhow::bail!(
                "--depth {}: more stones than the {} cells of the {}x{} board",
                args.depth,
                board.cells(),
                board.width(),
                board.height()
            );
        }
        // The tables are shared out between the threads: together they take --hash MiB,
        // each at least one bucket.
        ply_core::memory::check(
            || {
                format!(
                    "the transposition tables (--hash {} over --threads {})",
                    args.hash, args.threads
                )
            },
            args.hash << 20,
        )?;
        let path = args
            .output
            .clone()
            .unwrap_or_else(|| OpeningBook::default_file_name(board.width(), board.height()));
        // Created before the work, so a path that cannot be written fails at once.
        let file = AtomicFile::create(&path)?;
        let stop = interrupt::stop_flag();
        let _polled = interrupt::polled();
        let clock = std::time::Instant::now();
        let mut solved = 0;
        let options = BuildOptions {
            threads: args.threads as usize,
            hash_mib: args.hash as usize,
            stop: Some(stop),
            max_positions: Some(
                (crate::resources::solver_budget() / book::ENUMERATION_BYTES) as usize,
            ),
        };
        let bar = ProgressBar::new(0);
        if let Ok(style) =
            ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} positions [{elapsed}<{eta}]")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        let built = OpeningBook::build(board, args.depth, &options, |progress| {
            if bar.length() != Some(progress.total) {
                bar.set_length(progress.total);
            }
            bar.set_message(format!("{} stones", progress.stones));
            bar.set_position(progress.done);
            solved = progress.done;
        });
        bar.finish_and_clear();
        let (book, stats) = match built {
            Ok(built) => built,
            Err(error) => {
                drop(file); // removes the temporary file
                if error == BuildError::Interrupted {
                    eprintln!("ply: interrupted: no book written");
                    if args.json {
                        print_json(&InterruptedJson {
                            game: board.game_name(),
                            depth: args.depth,
                            solved,
                            file: None,
                            time_ms: report::millis(clock.elapsed()),
                            interrupted: true,
                        })?;
                    }
                    return Ok(ExitCode::from(interrupt::EXIT_CODE));
                }
                return Err(error.into());
            }
        };
        let bytes = book.to_bytes();
        file.commit(&bytes)?;
        let out = BookJson {
            game: board.game_name(),
            depth: args.depth,
            positions: book.len() as u64,
            file: path,
            time_ms: report::millis(stats.time),
            nodes: stats.nodes,
        };
        if args.json {
            print_json(&out)?;
        } else {
            println!(
                "{}: {} positions with at most {} stones solved in {:.3} s ({} nodes)",
                out.game,
                out.positions,
                out.depth,
                stats.time.as_secs_f64(),
                out.nodes
            );
            println!("book written to {} ({} bytes)", out.file, bytes.len());
        }
        Ok(ExitCode::SUCCESS)
    }
}

pub fn run(args: Args, games: &impl GameSource) -> Result<ExitCode> {
    games.visit(&args.game, Build(&args))?
}
