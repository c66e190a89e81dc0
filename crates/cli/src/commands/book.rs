//! `ply book connect4 --depth D`: compute a Connect Four opening book (the exact
//! score of every position with at most D stones) and write it in the binary
//! format of docs/connect4.md; `solve`, `bench` and `play` then read it.
//! `--shard I/N` computes one share of it (for many processes or machines), which
//! `ply book merge` puts together; a journal next to the output lets an interrupted
//! build go on (`--resume`).

use crate::args;
use crate::interrupt;
use crate::output::{self, AtomicFile};
use crate::report::{self, print_json};
use crate::source::GameSource;
use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use ply_games::connect4::OpeningBook;
use ply_games::connect4::book::{self, BuildError, BuildOptions, Shard};
use ply_games::{GameVisitor, Notation, Playable};
use serde::Serialize;
use std::io::Write;
use std::process::ExitCode;

const EXAMPLES: &str = "EXAMPLES:\n  ply book connect4:5x4 --depth 6\n  ply book connect4:4x5 --depth 4 --output small.book --json\n  ply book connect4:6x5 --depth 8 --threads 2 --hash 256\n  ply solve connect4:5x4 12 --book connect4-5x4.book\n  ply book connect4 --depth 4 --shard 0/4 --resume     (one of 4 shards; run 0/4 to 3/4 anywhere)\n  ply book merge connect4.shard-*-of-4.book --output connect4.book\n\n\
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
While it runs, the positions solved are appended to FILE.partial: after Ctrl-C or a crash, the\n\
same command with --resume goes on from them (and a finished build removes the journal).\n\
--shard I/N solves only shard I (0 to N-1) of the positions, split by a hash of their keys, into\n\
connect4.shard-I-of-N.book by default; `ply book merge` checks that the shards cover the book\n\
exactly once and writes the whole book (docs/connect4.md has recipes for GNU parallel and Slurm).\n\
Format: docs/connect4.md, \"Opening book\".";

/// Compute a Connect Four opening book: the exact score of every position with at most D stones.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES, args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<BookCommand>,
    /// The game: connect4 (7x6) or connect4:WxH.
    #[arg(required = true)]
    game: Option<String>,
    /// The most stones a position in the book has (0: the empty board alone).
    #[arg(long, value_name = "D", required = true, value_parser = args::whole::<u32>(0, u32::MAX as u64), allow_negative_numbers = true)]
    depth: Option<u32>,
    /// Solve only shard I of N (I from 0 to N-1, N at most 65536): the book's positions
    /// are split by a hash of their keys; `ply book merge` puts the shards together.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// Go on from the journal (FILE.partial) of an interrupted build of the same book and shard.
    #[arg(long)]
    resume: bool,
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

#[derive(clap::Subcommand)]
enum BookCommand {
    /// Merge the shards of a book (made by `ply book ... --shard I/N`) into the whole book.
    Merge(MergeArgs),
}

/// Merge the shards of a book into the whole book: every shard once, every position once.
#[derive(clap::Args)]
struct MergeArgs {
    /// The shard files, in any order (a whole book alone is checked and rewritten).
    #[arg(required = true, value_name = "FILES")]
    files: Vec<String>,
    /// Where to write the book [default: connect4.book, or connect4-WxH.book].
    #[arg(long, value_name = "BOOK")]
    output: Option<String>,
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
    /// The shard computed: `I/N` (`0/1`: the whole book).
    shard: String,
    /// Records taken from the journal of an earlier run (`--resume`), not solved again.
    resumed: u64,
}

#[derive(Serialize)]
struct MergeJson {
    game: String,
    depth: u32,
    positions: u64,
    shards: u32,
    file: String,
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

struct Build<'a> {
    args: &'a Args,
    depth: u32,
}

impl GameVisitor for Build<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: Playable>(self, start: G) -> Result<ExitCode> {
        let (args, depth) = (self.args, self.depth);
        let Some(board) = start.as_connect4() else {
            anyhow::bail!(
                "an opening book is made for connect4 (connect4:WxH) only, not {}",
                start.game_name()
            );
        };
        if depth > board.cells() {
            anyhow::bail!(
                "--depth {}: more stones than the {} cells of the {}x{} board",
                depth,
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
        let shard = args.shard.unwrap_or(Shard::WHOLE);
        let path = args
            .output
            .clone()
            .unwrap_or_else(|| default_path(board.width(), board.height(), shard));
        // Created before the work, so a path that cannot be written fails at once.
        let file = AtomicFile::create(&path)?;
        let journal_path = std::path::PathBuf::from(format!("{path}.partial"));
        let journal_name = ply_core::input::display_name(&journal_path.to_string_lossy());
        let (journal, journal_bytes) = output::open_journal(&journal_path, args.resume)?;
        let (w, h) = (board.width(), board.height());
        let resumed = if journal_bytes.is_empty() {
            (&journal).write_all(&book::journal_header(w, h, depth, shard))?;
            Vec::new()
        } else {
            let (records, whole) = book::read_journal(&journal_bytes, w, h, depth, shard)
                .map_err(|e| anyhow::anyhow!("{journal_name}: {e}"))?;
            // A record cut short by the interruption is dropped before appending.
            journal.set_len(whole as u64)?;
            records
        };
        let resumed_count = resumed.len() as u64;
        let mut journal = std::io::BufWriter::new(journal);
        let mut last_flush = std::time::Instant::now();
        let mut journal_error = None;
        let stop = interrupt::stop_flag();
        let _polled = interrupt::polled();
        let clock = std::time::Instant::now();
        let mut solved = resumed_count;
        let options = BuildOptions {
            threads: args.threads as usize,
            hash_mib: args.hash as usize,
            stop: Some(stop.clone()),
            max_positions: Some(
                (crate::resources::solver_budget() / book::ENUMERATION_BYTES) as usize,
            ),
            shard,
            resumed,
        };
        let bar = ProgressBar::new(0);
        if let Ok(style) =
            ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} positions [{elapsed}<{eta}]")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        // Without a terminal (a batch system's log), a plain line a minute instead of the bar.
        let logged = !std::io::IsTerminal::is_terminal(&std::io::stderr());
        let mut last_line = std::time::Instant::now();
        let built = OpeningBook::build(board, depth, &options, |progress| {
            if bar.length() != Some(progress.total) {
                bar.set_length(progress.total);
            }
            bar.set_message(format!("{} stones", progress.stones));
            bar.set_position(progress.done);
            solved = progress.done;
            if logged && last_line.elapsed().as_secs() >= 60 {
                last_line = std::time::Instant::now();
                eprintln!(
                    "ply: book: {} of {} positions solved ({} stones), {} s",
                    progress.done,
                    progress.total,
                    progress.stones,
                    clock.elapsed().as_secs()
                );
            }
            // Each solved record goes to the journal; it reaches the disk once a second.
            let (key, score) = progress.record;
            let written = journal
                .write_all(&key.to_le_bytes())
                .and_then(|_| journal.write_all(&[score as u8]))
                .and_then(|_| {
                    if last_flush.elapsed().as_secs() >= 1 {
                        last_flush = std::time::Instant::now();
                        journal.flush()
                    } else {
                        Ok(())
                    }
                });
            if let Err(e) = written {
                // A journal that cannot be written would make --resume lie: stop.
                journal_error.get_or_insert(e);
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        });
        bar.finish_and_clear();
        let flushed = journal.flush();
        if let Some(error) = journal_error.or(flushed.err()) {
            drop(file);
            return Err(anyhow::anyhow!("cannot write {journal_name}: {error}"));
        }
        let (book, stats) = match built {
            Ok(built) => built,
            Err(error) => {
                drop(file); // removes the temporary file
                // A journal of nothing is worth nothing: it goes.
                if solved == 0 {
                    let _ = std::fs::remove_file(&journal_path);
                }
                if error == BuildError::Interrupted {
                    if solved > 0 {
                        eprintln!(
                            "ply: interrupted: no book written; the {solved} positions solved are kept in {journal_name}: the same command with --resume goes on from them"
                        );
                    } else {
                        eprintln!("ply: interrupted: no book written");
                    }
                    if args.json {
                        print_json(&InterruptedJson {
                            game: board.game_name(),
                            depth,
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
        std::fs::remove_file(&journal_path)
            .map_err(|e| anyhow::anyhow!("cannot remove {journal_name}: {e}"))?;
        let out = BookJson {
            game: board.game_name(),
            depth,
            positions: book.len() as u64,
            file: path,
            time_ms: report::millis(stats.time),
            nodes: stats.nodes,
            shard: shard.to_string(),
            resumed: resumed_count,
        };
        if args.json {
            print_json(&out)?;
        } else {
            let what = if shard.is_whole() {
                String::new()
            } else {
                format!(" (shard {shard})")
            };
            let resumed = if resumed_count > 0 {
                format!(", {resumed_count} of them from the journal")
            } else {
                String::new()
            };
            println!(
                "{}: {} positions with at most {} stones{what} solved in {:.3} s ({} nodes{resumed})",
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

/// The default file of a book or of one of its shards: `connect4.book`,
/// `connect4-WxH.book`, `connect4.shard-I-of-N.book`.
fn default_path(width: u32, height: u32, shard: Shard) -> String {
    let whole = OpeningBook::default_file_name(width, height);
    if shard.is_whole() {
        return whole;
    }
    let stem = whole.trim_end_matches(".book");
    format!("{stem}.shard-{}-of-{}.book", shard.index(), shard.count())
}

/// `ply book merge FILES... --output BOOK`.
fn merge(args: &MergeArgs) -> Result<ExitCode> {
    let mut parts = Vec::with_capacity(args.files.len());
    for path in &args.files {
        let mut input = ply_core::input::Input::open(path)
            .map_err(|e| anyhow::anyhow!("book {}: {}", e.name, e.kind))?;
        let size = input.size();
        let book = OpeningBook::read_from(input.reader(), size)
            .map_err(|e| anyhow::anyhow!("book {}: {e}", ply_core::input::display_name(path)))?;
        parts.push(book);
    }
    let (width, height) = (parts[0].width(), parts[0].height());
    let path = args
        .output
        .clone()
        .unwrap_or_else(|| OpeningBook::default_file_name(width, height));
    let file = AtomicFile::create(&path)?;
    let stop = interrupt::stop_flag();
    let _polled = interrupt::polled();
    let shards = parts[0].shard().count();
    // The book's positions are listed again to check the shards: the same memory check
    // as a build's listing.
    let max_positions = (crate::resources::solver_budget() / book::ENUMERATION_BYTES) as usize;
    let book = match OpeningBook::merge(parts, max_positions, &stop) {
        Ok(book) => book,
        Err(book::MergeError::Interrupted) => {
            eprintln!("ply: interrupted: no book written");
            return Ok(ExitCode::from(interrupt::EXIT_CODE));
        }
        Err(error) => return Err(error.into()),
    };
    let bytes = book.to_bytes();
    file.commit(&bytes)?;
    let game = if (width, height) == (7, 6) {
        "connect4".to_string()
    } else {
        format!("connect4:{width}x{height}")
    };
    let out = MergeJson {
        game,
        depth: book.depth(),
        positions: book.len() as u64,
        shards,
        file: path,
    };
    if args.json {
        print_json(&out)?;
    } else {
        let what = if out.shards == 1 {
            "the whole book checked".to_string()
        } else {
            format!("{} shards merged", out.shards)
        };
        println!(
            "{}: {what}: {} positions with at most {} stones",
            out.game, out.positions, out.depth
        );
        println!("book written to {} ({} bytes)", out.file, bytes.len());
    }
    Ok(ExitCode::SUCCESS)
}

pub fn run(args: Args, games: &impl GameSource) -> Result<ExitCode> {
    if let Some(BookCommand::Merge(merge_args)) = &args.command {
        return merge(merge_args);
    }
    let (Some(game), Some(depth)) = (args.game.clone(), args.depth) else {
        anyhow::bail!("ply book needs a game and --depth (or: ply book merge FILES...)");
    };
    games.visit(&game, Build { args: &args, depth })?
}
