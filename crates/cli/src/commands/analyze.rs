//! `ply analyze`: the engine on a position, one line per completed iteration.

use crate::args;
use crate::engine_glue::{self, IterationJson};
use crate::interrupt;
use crate::report::{self, print_json};
use crate::resources;
use crate::source::GameSource;
use anyhow::Result;
use ply_core::engine::{HooksVisitor, Limits, MAX_DEPTH, SearchHooks, Settings};
use ply_games::{GameVisitor, Playable};
use serde::Serialize;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

const EXAMPLES: &str = "EXAMPLES:\n  ply analyze connect4 4453 --depth 12\n  ply analyze connect4 --time 2000 --threads 2 --hash 64\n  ply analyze tictactoe --exact --json\n  ply analyze mnk:4,4,4 --nodes 1000000\n\n\
Without --depth, --time, --nodes or --exact the engine thinks for 3 seconds (or less, once it proves the result).\n\
Ctrl-C stops the search and prints the best move found so far.";

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
}

#[derive(Serialize)]
struct AnalyzeJson {
    game: String,
    position: String,
    depth: u32,
    /// The value in words; a stopped `--exact` search gives the bounds it proved
    /// (">= loss in 34").
    score: String,
    score_raw: i32,
    exact: bool,
    /// What was proved of the value: its lower and upper bounds in words (equal when
    /// exact); null on a side with no proof (heuristic searches: both).
    lower_bound: Option<String>,
    upper_bound: Option<String>,
    best: Option<String>,
    pv: Vec<String>,
    nodes: u64,
    nps: u64,
    time_ms: f64,
    threads: u64,
    hash_mb: u64,
    iterations: Vec<IterationJson>,
    /// Present (true) only when Ctrl-C stopped the search: the best move so far.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    interrupted: bool,
}

/// The search limits the arguments ask for.
pub fn limits_from(
    depth: Option<u32>,
    time: Option<u64>,
    nodes: Option<u64>,
    exact: bool,
) -> Limits {
    let mut limits = Limits {
        depth,
        nodes,
        time: time.map(Duration::from_millis),
        exact,
        stop: Some(crate::interrupt::stop_flag()),
    };
    if depth.is_none() && time.is_none() && nodes.is_none() && !exact {
        limits.time = Some(Duration::from_secs(3));
    }
    limits
}

struct Analyze<'a>(&'a Args);

impl GameVisitor for Analyze<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: Playable>(self, start: G) -> Result<ExitCode> {
        let root = report::position_or_start(&start, self.0.position.as_deref())?;
        root.with_search_hooks(Run {
            args: self.0,
            root: &root,
        })
    }
}

struct Run<'a, G> {
    args: &'a Args,
    root: &'a G,
}

impl<G: Playable> HooksVisitor<G> for Run<'_, G> {
    type Output = Result<ExitCode>;

    fn visit<H: SearchHooks<G>>(self, hooks: H) -> Result<ExitCode> {
        let (args, root) = (self.args, self.root);
        if args.exact && root.has_cycles() {
            anyhow::bail!(
                "--exact searches to the end of the game, and positions of {} can repeat: use `ply solve` (retrograde analysis)",
                root.game_name()
            );
        }
        let settings = Settings::default()
            .with_threads(args.threads as usize)
            .with_hash(args.hash as usize);
        let limits = limits_from(args.depth, args.time, args.nodes, args.exact);
        let deepest = if args.exact {
            None
        } else {
            Some(limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH) * 2)
        };
        resources::check_search(root, deepest)?;
        let mut engine = resources::engine(hooks, root.evaluator(), settings)?;
        let _polled = interrupt::polled();
        if !args.json {
            print!("{}", root.render());
            println!(
                "{} to move; position {}",
                report::to_move_name(root),
                report::position_words(&root.position_string())
            );
        }
        let result = engine.search_with(root, &limits, |info| {
            if !args.json {
                println!("{}", engine_glue::iteration_line(root, info, !args.exact));
                let _ = std::io::stdout().flush();
            }
        });
        let interrupted = interrupt::interrupted();
        let seconds = result.time.as_secs_f64();
        // What the search proved of the value (exact mode: bounds from its probes).
        let (lower, upper) = if result.exact {
            (Some(result.score), Some(result.score))
        } else if args.exact {
            engine_glue::proved_bounds(&result.iterations)
        } else {
            (None, None)
        };
        let out = AnalyzeJson {
            game: root.game_name(),
            position: root.position_string(),
            depth: result.depth,
            // An exact search stopped early proved bounds only: say so, as bounds.
            score: if args.exact && !result.exact {
                engine_glue::bounds_words(lower, upper)
            } else {
                engine_glue::score_words(
                    result.score,
                    ply_core::engine::Bound::Exact,
                    !args.exact && !result.exact,
                )
            },
            lower_bound: lower.map(|s| s.to_string()),
            upper_bound: upper.map(|s| s.to_string()),
            score_raw: result.score.raw(),
            exact: result.exact,
            best: result.best.map(|mv| root.move_string(mv)),
            pv: report::line(root, &result.pv),
            nodes: result.stats.nodes,
            nps: if seconds > 0.0 {
                (result.stats.nodes as f64 / seconds) as u64
            } else {
                0
            },
            time_ms: report::millis(result.time),
            threads: args.threads,
            hash_mb: args.hash,
            iterations: result
                .iterations
                .iter()
                .map(|i| engine_glue::iteration_json(root, i, !args.exact))
                .collect(),
            interrupted,
        };
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
                    match (interrupted, result.stopped, result.iterations.is_empty()) {
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

pub fn run(args: Args, games: &impl GameSource) -> Result<ExitCode> {
    games.visit(&args.game, Analyze(&args))?
}
