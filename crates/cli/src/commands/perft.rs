//! `ply perft`: count the legal move sequences from a chess position.

use crate::args;
use crate::interrupt;
use crate::report::print_json;
use anyhow::Result;
use ply_api::control::Control;
use ply_api::perft::{MAX_DEPTH, PerftRequest, perft};
use std::process::ExitCode;

const EXAMPLES: &str = "EXAMPLES:\n  ply perft startpos 5\n  ply perft 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -' 4 --divide\n  ply perft 'startpos moves e4 e5' 3 --json\n\n\
Counts every sequence of DEPTH legal moves (the leaves of the game tree DEPTH plies deep), the standard check of a move generator: from the start 20, 400, 8902, 197281, 4865609 for depths 1 to 5. --divide prints the count below each legal move, to compare with another program's and find the move where two disagree.";

/// Count the legal move sequences of a given length from a chess position (perft).
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The position: a FEN (the move counters may be left out) or startpos, either
    /// optionally followed by `moves` and moves in UCI or SAN notation.
    fen: String,
    /// Plies to count, 0 to 10.
    #[arg(value_parser = args::whole::<u32>(0, MAX_DEPTH as u64), allow_negative_numbers = true)]
    depth: u32,
    /// Also print the count below each legal move.
    #[arg(long)]
    divide: bool,
    /// Print machine-readable JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let request = PerftRequest {
        position: args.fen,
        depth: args.depth,
        divide: args.divide,
    };
    let _polled = interrupt::polled();
    let bar = (args.depth >= 6).then(|| interrupt::spinner(format!("perft {}", args.depth)));
    let report = perft(&request, &Control::with_flag(interrupt::stop_flag()))?;
    drop(bar);
    if args.json {
        print_json(&report)?;
    } else {
        if let Some(parts) = &report.divide {
            for part in parts {
                println!("{}: {}", part.uci, part.nodes);
            }
            println!();
        }
        match report.nodes {
            Some(nodes) => println!("nodes: {nodes}"),
            None => println!("interrupted: no total (the moves above are complete)"),
        }
        let rate = report
            .nodes_per_second
            .map_or(String::new(), |r| format!(", {:.1} M nodes/s", r / 1e6));
        println!("time: {:.3} s{rate}", report.seconds);
    }
    Ok(if report.interrupted {
        ExitCode::from(interrupt::EXIT_CODE)
    } else {
        ExitCode::SUCCESS
    })
}
