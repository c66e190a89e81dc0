//! The positions of the engine-vs-minimax bench, searched by ply to a fixed depth:
//! nodes, and the fastest of `RUNS` searches (each from a fresh engine with a cleared
//! 16 MiB table, as the bench does). With Connect Four's hooks, or with `key-only`
//! the hooks a game developer writes first (a key and a move code, as the bench's
//! "ply (key only)"). The quick way to measure one change of the engine without the
//! peer:
//!
//! ```text
//! cargo build --release -p ply-games --example fixed_depth
//! target/release/examples/fixed_depth 12 15 [key-only]
//! valgrind --tool=callgrind --toggle-collect='fixed_depth::search*' \
//!     target/release/examples/fixed_depth 8 1     # instructions of the searches alone
//! ```

use ply_core::engine::{Engine, Limits, SearchHooks, Settings};
use ply_games::connect4::{Column, Connect4Eval, Connect4Hooks};
use ply_games::{Connect4, Notation};
use std::time::{Duration, Instant};

/// Only the hooks the `minimax` crate also gets: the key and a move code.
#[derive(Clone, Copy)]
struct KeyOnly;

impl SearchHooks<Connect4> for KeyOnly {
    fn hash(&self, pos: &Connect4) -> u64 {
        Connect4Hooks.hash(pos)
    }
    fn move_code(&self, _pos: &Connect4, column: Column) -> Option<u16> {
        Some(column as u16)
    }
}

/// One search; a function of its own so that callgrind can count it alone.
#[inline(never)]
fn search<H: SearchHooks<Connect4>>(
    engine: &mut Engine<Connect4, H, Connect4Eval>,
    pos: &Connect4,
    depth: u32,
) -> u64 {
    engine.search(pos, &Limits::depth(depth)).stats.nodes
}

fn measure<H: SearchHooks<Connect4> + Copy>(hooks: H, depth: u32, runs: usize) {
    let mut total_nodes = 0;
    let mut total_time = Duration::ZERO;
    for text in ["", "4453", "444333", "43443555"] {
        let pos = Connect4::standard()
            .parse_position(text)
            .expect("a valid position");
        let mut fastest = Duration::MAX;
        let mut nodes = 0;
        for _ in 0..runs {
            let mut engine = Engine::new(hooks, Connect4Eval, Settings::default().with_hash(16));
            engine.clear();
            let clock = Instant::now();
            nodes = search(&mut engine, &pos, depth);
            fastest = fastest.min(clock.elapsed());
        }
        let name = if text.is_empty() { "(empty)" } else { text };
        println!(
            "{name:>9}  depth {depth}  {nodes:>7} nodes  {:>8.1} µs",
            fastest.as_secs_f64() * 1e6
        );
        total_nodes += nodes;
        total_time += fastest;
    }
    println!(
        "{:>9}  depth {depth}  {total_nodes:>7} nodes  {:>8.1} µs",
        "total",
        total_time.as_secs_f64() * 1e6
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(8);
    let runs: usize = args
        .get(2)
        .and_then(|r| r.parse().ok())
        .unwrap_or(15)
        .max(1);
    if args.get(3).is_some_and(|a| a == "key-only") {
        measure(KeyOnly, depth, runs);
    } else {
        measure(Connect4Hooks, depth, runs);
    }
}
