//! `ply count`: how big is a game's tree?

use crate::interrupt;
use crate::report::print_json;
use crate::source::GameSource;
use anyhow::Result;
use ply_core::count::{count_positions_with, count_tree_with, estimate_tree_size};
use ply_games::{GameVisitor, Playable};
use serde::Serialize;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

const EXAMPLES: &str = "EXAMPLES:\n  ply count tictactoe\n  ply count tictactoe --json\n  \
     ply count mnk:3,2,2\n  ply count connect4:4x4 --force   (a count of several minutes)";

/// Count the full game tree: nodes, finished games by result, distinct positions.
///
/// The size of the tree is estimated first (from random games); a count that would
/// take more than a minute is refused unless `--force` is given.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game (tictactoe, mnk:M,N,K, ...).
    game: String,
    /// Print machine-readable JSON.
    #[arg(long)]
    json: bool,
    /// Count even when the estimate says it would take more than a minute
    /// (Ctrl-C then stops it with the counts so far).
    #[arg(long)]
    force: bool,
}

/// The longest count started without `--force`, by the estimate, in seconds.
const UNFORCED_SECONDS: f64 = 60.0;

/// Random games behind the estimate of the tree's size (fewer in deep games: see
/// [`ESTIMATE_VISITS`]); the seed is fixed, so the same game gets the same estimate.
const ESTIMATE_WALKS: u32 = 2000;
/// The most positions the estimate visits in all (a few milliseconds of work).
const ESTIMATE_VISITS: u64 = 1_000_000;
const ESTIMATE_SEED: u64 = 0x706c_7920_636f_756e;

#[derive(Serialize)]
struct CountJson {
    game: String,
    nodes: u64,
    games: u64,
    first_player_wins: u64,
    second_player_wins: u64,
    draws: u64,
    /// Null when an interruption came before the positions were counted.
    positions: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    positions_up_to_symmetry: Option<usize>,
    time_ms: f64,
    /// True when Ctrl-C stopped the count: the figures are then lower bounds.
    interrupted: bool,
    /// The size of the tree as estimated before the count (from random games).
    estimated_nodes: f64,
}

/// The tree's estimated size, and how long a count would take on this machine (the
/// walks of the estimate cost about what the count costs per node).
fn estimate<G: Playable>(start: &G) -> (f64, f64) {
    let mut rng = fastrand::Rng::with_seed(ESTIMATE_SEED);
    let clock = Instant::now();
    let estimate = estimate_tree_size(start, ESTIMATE_WALKS, ESTIMATE_VISITS, |n| rng.usize(..n));
    let per_node = clock.elapsed().as_secs_f64() / estimate.visited as f64;
    (estimate.nodes, estimate.nodes * per_node)
}

/// 549946, 4.5e12: a large estimate in the form people read at a glance.
fn about(n: f64) -> String {
    if n < 1e6 {
        format!("{n:.0}")
    } else {
        format!("{n:.1e}")
    }
}

/// "40 seconds", "3.2 hours", "2.1e9 years".
fn duration_words(seconds: f64) -> String {
    const UNITS: [(f64, &str); 5] = [
        (365.25 * 86400.0, "years"),
        (86400.0, "days"),
        (3600.0, "hours"),
        (60.0, "minutes"),
        (1.0, "seconds"),
    ];
    let (size, unit) = UNITS
        .iter()
        .copied()
        .find(|&(size, _)| seconds >= size)
        .unwrap_or((1.0, "seconds"));
    let amount = seconds / size;
    if amount >= 1e4 {
        format!("{amount:.1e} {unit}")
    } else {
        format!("{amount:.1} {unit}")
    }
}

/// The lines of the text report, labels and right-aligned figures in two columns.
fn report_lines(out: &CountJson, first: &str, second: &str) -> Vec<(String, String)> {
    let mut lines = vec![
        ("nodes (root included):".to_string(), out.nodes.to_string()),
        ("finished games:".to_string(), out.games.to_string()),
        (
            format!("  won by {first}:"),
            out.first_player_wins.to_string(),
        ),
        (
            format!("  won by {second}:"),
            out.second_player_wins.to_string(),
        ),
        ("  drawn:".to_string(), out.draws.to_string()),
    ];
    if let Some(n) = out.positions {
        lines.push(("distinct positions:".to_string(), n.to_string()));
    }
    if let Some(n) = out.positions_up_to_symmetry {
        lines.push(("  up to symmetry:".to_string(), n.to_string()));
    }
    lines
}

/// Polls Ctrl-C and updates the spinner; `Break` stops the walk.
fn keep_going(bar: &indicatif::ProgressBar, what: &str, n: u64) -> ControlFlow<()> {
    bar.set_message(format!("{what}: {n}"));
    if interrupt::interrupted() {
        ControlFlow::Break(())
    } else {
        ControlFlow::Continue(())
    }
}

struct Count {
    json: bool,
    force: bool,
}

impl GameVisitor for Count {
    type Output = Result<ExitCode>;

    fn visit<G: Playable>(self, start: G) -> Result<ExitCode> {
        if start.has_cycles() {
            anyhow::bail!(
                "{}: positions repeat, so the game tree is infinite and cannot be counted \
                 (`ply solve` reports the number of reachable positions as \"nodes\")",
                start.game_name()
            );
        }
        crate::resources::check_search(&start, None)?;
        let (estimated_nodes, estimated_seconds) = estimate(&start);
        if estimated_seconds > UNFORCED_SECONDS && !self.force {
            anyhow::bail!(
                "{}: the tree has about {} nodes (estimated from random games), a count of \
                 about {} here; add --force to count anyway",
                start.game_name(),
                about(estimated_nodes),
                duration_words(estimated_seconds)
            );
        }
        let clock = Instant::now();
        let _polled = interrupt::polled();
        let bar = interrupt::spinner("counting");
        let mut interrupted = false;
        let of_about = format!("tree nodes (of about {})", about(estimated_nodes));
        let tree = count_tree_with(&start, |c| keep_going(&bar, &of_about, c.nodes))
            .unwrap_or_else(|partial| {
                interrupted = true;
                partial
            });
        let mut positions_of = |canonical: &dyn Fn(&G) -> G| {
            if interrupted {
                return None;
            }
            let counted = count_positions_with(&start, canonical, |n| {
                keep_going(&bar, "positions", n as u64)
            });
            Some(counted.unwrap_or_else(|partial| {
                interrupted = true;
                partial
            }))
        };
        let positions = positions_of(&G::clone);
        let symmetric = start
            .canonical()
            .and_then(|_| positions_of(&|p: &G| p.canonical().unwrap_or_else(|| p.clone())));
        bar.finish_and_clear();
        let out = CountJson {
            game: start.game_name(),
            nodes: tree.nodes,
            games: tree.games,
            first_player_wins: tree.first_player_wins,
            second_player_wins: tree.second_player_wins,
            draws: tree.draws,
            positions,
            positions_up_to_symmetry: symmetric,
            time_ms: crate::report::millis(clock.elapsed()),
            interrupted,
            estimated_nodes,
        };
        if self.json {
            print_json(&out)?;
        } else {
            let first = start.player_name(ply_core::Player::First);
            let second = start.player_name(ply_core::Player::Second);
            println!("game: {}", out.game);
            let lines = report_lines(&out, &first, &second);
            let label_width = lines.iter().map(|(l, _)| l.chars().count()).max();
            let figure_width = lines.iter().map(|(_, f)| f.len()).max();
            for (label, figure) in &lines {
                println!(
                    "{label:<w$} {figure:>f$}",
                    w = label_width.unwrap_or(0),
                    f = figure_width.unwrap_or(0)
                );
            }
            if interrupted {
                println!("(interrupted: the figures above are lower bounds)");
            }
        }
        Ok(if interrupted {
            ExitCode::from(130)
        } else {
            ExitCode::SUCCESS
        })
    }
}

pub fn run(args: Args, games: &impl GameSource) -> Result<ExitCode> {
    games.visit(
        &args.game,
        Count {
            json: args.json,
            force: args.force,
        },
    )?
}
