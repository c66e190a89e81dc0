//! `ply count`: how big is a game's tree?

use crate::interrupt;
use crate::report::print_json;
use anyhow::Result;
use ply_core::count::{count_positions_with, count_tree_with};
use ply_games::{GameVisitor, Playable, with_game};
use serde::Serialize;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

const EXAMPLES: &str =
    "EXAMPLES:\n  ply count tictactoe\n  ply count tictactoe --json\n  ply count mnk:3,2,2";

/// Count the full game tree: nodes, finished games by result, distinct positions.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game (tictactoe, mnk:M,N,K, ...).
    game: String,
    /// Print machine-readable JSON.
    #[arg(long)]
    json: bool,
}

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

struct Count(bool);

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
        let clock = Instant::now();
        let _polled = interrupt::polled();
        let bar = interrupt::spinner("counting");
        let mut interrupted = false;
        let tree = count_tree_with(&start, |c| keep_going(&bar, "tree nodes", c.nodes))
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
        };
        if self.0 {
            print_json(&out)?;
        } else {
            let first = start.player_name(ply_core::Player::First);
            let second = start.player_name(ply_core::Player::Second);
            println!("game: {}", out.game);
            println!("nodes (root included): {}", out.nodes);
            println!("finished games:        {}", out.games);
            println!("  won by {first:<14} {}", out.first_player_wins);
            println!("  won by {second:<14} {}", out.second_player_wins);
            println!("  drawn                {}", out.draws);
            if let Some(n) = out.positions {
                println!("distinct positions:    {n}");
            }
            if let Some(n) = out.positions_up_to_symmetry {
                println!("  up to symmetry:      {n}");
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

pub fn run(args: Args) -> Result<ExitCode> {
    with_game(&args.game, Count(args.json))?
}
