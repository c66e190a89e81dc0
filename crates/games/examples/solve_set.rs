//! Solves a file of Connect Four positions (Pascal Pons' test-set format:
//! `moves score` per line) with the engine's exact mode, checks every score,
//! and prints the mean time and nodes per position, the table cleared between
//! positions.
//!
//! ```sh
//! cargo run --release -p ply-games --example solve_set -- ../shared/data/connect4/Test_L3_R1
//! # the same without enhanced transposition cutoffs:
//! cargo run --release -p ply-games --example solve_set -- ../shared/data/connect4/Test_L3_R1 16 noetc
//! # bisection to the end (no full-window search near the end; default 20 plies):
//! cargo run --release -p ply-games --example solve_set -- ../shared/data/connect4/Test_L3_R1 16 etc 0
//! # instructions of the searches alone (not the table clearing):
//! valgrind --tool=callgrind --toggle-collect='solve_set::solve_one' \
//!     target/release/examples/solve_set ../shared/data/connect4/Test_L3_R1
//! ```

use ply_core::Score;
use ply_core::engine::{Engine, Limits, Settings};
use ply_games::connect4::{Connect4Eval, Connect4Hooks};
use ply_games::{Connect4, Notation};
use std::time::{Duration, Instant};

/// Pons' score of an exact value (0 draw, otherwise ±(stones the winner never played + 1)).
fn pons_score(pos: &Connect4, value: Score) -> i32 {
    ply_games::connect4::to_pons(pos, value).expect("an exact value")
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: solve_set FILE [HASH_MIB] [etc|noetc] [FULL_WINDOW_PLIES]");
        std::process::exit(2);
    };
    let hash: usize = std::env::args()
        .nth(2)
        .and_then(|h| h.parse().ok())
        .unwrap_or(16);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let settings = Settings {
        exact_pv: false,
        transposition_cutoffs: std::env::args().nth(3).as_deref() != Some("noetc"),
        full_window_plies: std::env::args()
            .nth(4)
            .and_then(|p| p.parse().ok())
            .unwrap_or(Settings::default().full_window_plies),
        ..Settings::default().with_hash(hash)
    };
    let mut engine = Engine::new(Connect4Hooks, Connect4Eval, settings);
    let c4 = Connect4::standard();
    let (mut count, mut wrong, mut nodes, mut total, mut worst) =
        (0u64, 0u64, 0u64, Duration::ZERO, Duration::ZERO);
    // Nodes of the value probes alone (without the proof of the best move), as Pons counts.
    let mut probe_nodes = 0u64;
    for (n, line) in text.lines().enumerate() {
        let Some((moves, expected)) = line.split_once(' ') else {
            continue;
        };
        let (Ok(pos), Ok(expected)) = (c4.parse_position(moves), expected.trim().parse::<i32>())
        else {
            eprintln!("line {}: unreadable", n + 1);
            continue;
        };
        engine.clear();
        let clock = Instant::now();
        let result = solve_one(&mut engine, &pos);
        let elapsed = clock.elapsed();
        let score = pons_score(&pos, result.score);
        if score != expected {
            wrong += 1;
            eprintln!("line {}: {moves}: got {score}, expected {expected}", n + 1);
        }
        count += 1;
        nodes += result.stats.nodes;
        probe_nodes += result.iterations.last().map_or(0, |i| i.nodes);
        total += elapsed;
        worst = worst.max(elapsed);
    }
    println!(
        "{path}: {count} positions, {wrong} wrong, mean {:.1} µs, mean {:.0} nodes ({:.0} in the value probes), max {:.1} µs",
        total.as_secs_f64() * 1e6 / count.max(1) as f64,
        nodes as f64 / count.max(1) as f64,
        probe_nodes as f64 / count.max(1) as f64,
        worst.as_secs_f64() * 1e6
    );
}

/// One exact solve, kept out of line so that callgrind can count it alone.
#[inline(never)]
fn solve_one(
    engine: &mut Engine<Connect4, Connect4Hooks, Connect4Eval>,
    pos: &Connect4,
) -> ply_core::engine::EngineResult<ply_games::connect4::Column> {
    engine.search(pos, &Limits::exact())
}
