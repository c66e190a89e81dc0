//! `ply count`: how big is a game's tree?

use crate::report::print_json;
use anyhow::Result;
use ply_core::count::{count_positions, count_tree};
use ply_games::{GameVisitor, Playable, with_game};
use serde::Serialize;
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
    positions: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    positions_up_to_symmetry: Option<usize>,
    time_ms: f64,
}

struct Count(bool);

impl GameVisitor for Count {
    type Output = Result<ExitCode>;

    fn visit<G: Playable>(self, start: G) -> Result<ExitCode> {
        let clock = Instant::now();
        let tree = count_tree(&start);
        let positions = count_positions(&start, G::clone);
        let symmetric = start
            .canonical()
            .map(|_| count_positions(&start, |p: &G| p.canonical().unwrap_or_else(|| p.clone())));
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
            println!("distinct positions:    {}", out.positions);
            if let Some(n) = out.positions_up_to_symmetry {
                println!("  up to symmetry:      {n}");
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}

pub fn run(args: Args) -> Result<ExitCode> {
    with_game(&args.game, Count(args.json))?
}
