//! `ply analyze`: the engine on a position, one line per completed iteration.

use crate::args;
use crate::c4book::{self, BookArgs};
use crate::engine_glue;
use crate::interrupt;
use crate::report::{self, print_json};
use crate::source::GameSource;
use anyhow::Result;
use ply_api::analyze::{AnalyzeOptions, analyze_position, textbook_analysis};
use ply_api::control::Control;
use ply_core::engine::SearchInfo;
use ply_games::{GameVisitor, Playable};
use std::io::Write;
use std::process::ExitCode;

const EXAMPLES: &str = "EXAMPLES:\n  ply analyze connect4 4453 --depth 12\n  ply analyze connect4 --time 2000 --threads 2 --hash 64\n  ply analyze tictactoe --exact --json\n  ply analyze mnk:4,4,4 --nodes 1000000\n  ply analyze chess 'startpos moves e4 e5' --algorithm minimax --depth 3\n\n\
Without --depth, --time, --nodes or --exact the engine thinks for 3 seconds (or less, once it proves the result).\n\
Ctrl-C stops the search and prints the best move found so far.\n\
--algorithm minimax|negamax|alphabeta runs a textbook search to --depth instead of the engine, the game's evaluation at the horizon: the three give the same value and move.";

/// Analyse a position with the engine: iterative deepening within limits.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game (tictactoe, mnk:M,N,K, connect4, connect4:WxH, ...).
    game: String,
    /// The position (default: the start).
    #[arg(allow_hyphen_values = true, value_parser = args::Position)]
    position: Option<String>,
    /// Deepest iteration, in plies (1 to 200).
    #[arg(long, value_parser = args::whole::<u32>(1, args::MAX_DEPTH), allow_negative_numbers = true)]
    depth: Option<u32>,
    /// Time budget in milliseconds (at least 1).
    #[arg(long, value_parser = args::whole::<u64>(1, u64::MAX), allow_negative_numbers = true)]
    time: Option<u64>,
    /// Node budget, all threads together (at least 1): one thread stops at exactly
    /// this many nodes, T threads within 1024 + 256 (T - 1) more.
    #[arg(long, value_parser = args::whole::<u64>(1, u64::MAX), allow_negative_numbers = true)]
    nodes: Option<u64>,
    /// Search to the end of the game for the exact value (other limits still apply;
    /// --depth does not).
    #[arg(long, conflicts_with = "depth")]
    exact: bool,
    /// Search threads (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = args::whole::<u64>(1, args::MAX_THREADS), allow_negative_numbers = true)]
    threads: u64,
    /// Transposition table size in MiB (0: none; at most 65536).
    #[arg(long, default_value_t = 16, value_parser = args::whole::<u64>(0, args::MAX_HASH_MIB), allow_negative_numbers = true)]
    hash: u64,
    /// Print machine-readable JSON at the end instead of progress lines.
    #[arg(long)]
    json: bool,
    /// A textbook search instead of the engine: minimax (Max/Min, values from the first
    /// player's side), negamax or alphabeta, to --depth plies, the game's evaluation at
    /// the horizon (no quiescence, no table).
    #[arg(long, requires = "depth", conflicts_with_all = ["exact", "time", "nodes"], value_parser = parse_algorithm)]
    algorithm: Option<ply_core::Algorithm>,
    #[command(flatten)]
    book: BookArgs,
}

fn parse_algorithm(text: &str) -> Result<ply_core::Algorithm, String> {
    text.parse()
}

struct Analyze<'a>(&'a Args);

impl GameVisitor for Analyze<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: Playable>(self, start: G) -> Result<ExitCode> {
        let args = self.0;
        let root = report::position_or_start(&start, args.position.as_deref())?;
        if let (Some(algorithm), Some(depth)) = (args.algorithm, args.depth) {
            return textbook(&root, algorithm, depth, args.json);
        }
        let options = AnalyzeOptions {
            depth: args.depth,
            time_ms: args.time,
            nodes: args.nodes,
            exact: args.exact,
            threads: Some(args.threads as usize),
            hash_mib: Some(args.hash as usize),
            book: c4book::load(&args.book, &root)?.map(|b| b.book),
            lang: Default::default(),
        };
        let _polled = interrupt::polled();
        let control = Control::with_flag(interrupt::stop_flag());
        let mut print_iteration = |info: &SearchInfo<G::Move>| {
            if !args.json {
                println!("{}", engine_glue::iteration_line(&root, info, !args.exact));
                let _ = std::io::stdout().flush();
            }
        };
        let mut print_header = || {
            if !args.json {
                print!("{}", root.render());
                println!(
                    "{} to move; position {}",
                    report::to_move_name(&root),
                    report::position_words(&root.position_string())
                );
            }
        };
        let out = analyze_position(
            &root,
            &options,
            &control,
            &mut print_header,
            &mut print_iteration,
        )
        .map_err(|e| anyhow::anyhow!("{e}"))?;
        let interrupted = out.interrupted;
        if args.json {
            print_json(&out)?;
        } else {
            match &out.best {
                None => println!("the game is over: {}", out.score),
                Some(best) => println!(
                    "best {best}  score {}{}{}  nodes {}  time {:.1} ms{}",
                    out.score,
                    if out.exact { " (proved)" } else { "" },
                    // A stopped exact search has no depth to speak of: its bounds say it all.
                    if args.exact && !out.exact {
                        String::new()
                    } else {
                        format!("  depth {}", out.depth)
                    },
                    out.nodes,
                    out.time_ms,
                    match (interrupted, out.stopped, out.iterations.is_empty()) {
                        (true, _, _) => "  (interrupted)",
                        // The move is then the first in the engine's order, not a searched one.
                        (false, true, true) => "  (stopped before depth 1 was complete)",
                        (false, true, false) => "  (stopped)",
                        (false, false, _) => "",
                    }
                ),
            }
        }
        Ok(if interrupted {
            ExitCode::from(interrupt::EXIT_CODE)
        } else {
            ExitCode::SUCCESS
        })
    }
}

/// `--algorithm`: a textbook search to a fixed depth.
fn textbook<G: Playable>(
    root: &G,
    algorithm: ply_core::Algorithm,
    depth: u32,
    json: bool,
) -> Result<ExitCode> {
    let _polled = interrupt::polled();
    let control = Control::with_flag(interrupt::stop_flag());
    let out = textbook_analysis(root, algorithm, depth, &control);
    if json {
        print_json(&out)?;
    } else {
        print!("{}", root.render());
        println!(
            "{} to move; position {}",
            report::to_move_name(root),
            report::position_words(&root.position_string())
        );
        if out.interrupted {
            println!(
                "{algorithm} to depth {depth}: interrupted after {} nodes",
                out.nodes
            );
        } else {
            let first = root.player_name(ply_core::Player::First);
            match &out.best {
                None => println!("the game is over: {}", out.score),
                Some(best) => {
                    println!(
                        "{algorithm} to depth {depth}: {} for {} to move ({} from {first}'s side)",
                        out.score,
                        report::to_move_name(root),
                        out.first_player_score
                    );
                    println!("best {best}  line {}", out.pv.join(" "));
                }
            }
            println!(
                "nodes {}  leaves {}  cutoffs {}  time {:.1} ms",
                out.nodes, out.leaves, out.cutoffs, out.time_ms
            );
        }
    }
    Ok(if out.interrupted {
        ExitCode::from(interrupt::EXIT_CODE)
    } else {
        ExitCode::SUCCESS
    })
}

pub fn run(args: Args, games: &impl GameSource) -> Result<ExitCode> {
    if let Some(goal) = games.chance_game(&args.game) {
        let goal = goal?;
        let given = [
            ("--nodes", args.nodes.is_some()),
            ("--exact", args.exact),
            ("--algorithm", args.algorithm.is_some()),
            ("--book", args.book.book.is_some()),
            ("--no-book", args.book.no_book),
        ];
        if let Some((option, _)) = given.iter().find(|(_, given)| *given) {
            anyhow::bail!(
                "{option} does not apply to Pig: its analysis is the engine's chance search to --depth (ply solve pig gives the exact answer)"
            );
        }
        return super::pig::analyze(
            goal,
            args.position.as_deref(),
            args.depth,
            args.time,
            args.json,
        );
    }
    games.visit(&args.game, Analyze(&args))?
}
