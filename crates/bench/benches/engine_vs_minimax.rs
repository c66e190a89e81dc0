//! ply's engine against the crates.io crate `minimax` (0.6), the library Rust
//! game developers use today: Connect Four, the same evaluation (`Connect4Eval`),
//! the same move generation order (centre first), the same key, a 16 MiB table
//! each, time and nodes to finish iterative deepening to depths 8, 10 and 12.
//!
//! Run: `cargo bench -p ply-bench --bench engine_vs_minimax` (prints a markdown
//! table; each time is the fastest of 45 runs, each with a fresh engine and table:
//! 15 runs in a row of each contender in each cell, in 3 rounds of the whole table).
//! `-- --depth D` runs one depth, `-- --runs N` and `-- --rounds R` change the counts,
//! and `-- --interleave` has the contenders take turns run by run instead.
//! minimax shuffles its root moves before each search, so its node counts vary a
//! little from run to run (the count shown is the fastest run's).
//!
//! `-- --one ply|keyonly|minimax DEPTH [POSITION]` runs a single search instead (one
//! thread, from the empty board or POSITION, e.g. 4453) and prints its node count: run
//! it under `valgrind --tool=callgrind` to count instructions per node.
//!
//! ply runs twice: with Connect Four's hooks (non-losing moves, threat ordering,
//! value bounds) and with only the key and move code (the generic engine, no
//! game knowledge beyond what minimax gets). minimax's node counts come from its
//! `stats()` report (single-threaded only; `ParallelSearch` does not expose them).
//! minimax runs twice too: as it comes, and with its double-step increment (two
//! plies per iteration), which ply's Connect Four hooks ask for (`iteration_step`),
//! so the peer is also measured with the same idea.

use ply_core::Evaluator;
use ply_core::Game as _;
use ply_core::engine::{Engine, Limits, SearchHooks, Settings};
use ply_games::connect4::{Column, Connect4Eval, Connect4Hooks};
use ply_games::{Connect4, Notation};
use std::time::{Duration, Instant};

const TABLE_MIB: usize = 16;
/// A run's time and, where the engine reports it, its node count.
type Run = (Duration, Option<u64>);

/// Runs of each contender in a cell, one after the other (`--runs N` changes it).
const RUNS: usize = 15;
/// Rounds of the whole table; each cell shows the fastest run over all of them
/// (`--rounds R` changes it).
const ROUNDS: usize = 3;

/// Connect Four for the `minimax` crate, on ply's own board type.
struct C4;

impl minimax::Game for C4 {
    type S = Connect4;
    type M = Column;

    fn generate_moves(state: &Connect4, moves: &mut Vec<Column>) -> Option<minimax::Winner> {
        if let Some(winner) = Self::get_winner(state) {
            return Some(winner);
        }
        state.generate_moves(moves);
        None
    }

    fn apply(state: &mut Connect4, column: Column) -> Option<Connect4> {
        Some(state.after(column))
    }

    fn get_winner(state: &Connect4) -> Option<minimax::Winner> {
        match state.outcome()? {
            ply_core::Outcome::Loss => Some(minimax::Winner::PlayerJustMoved),
            ply_core::Outcome::Win => Some(minimax::Winner::PlayerToMove),
            _ => Some(minimax::Winner::Draw),
        }
    }

    fn zobrist_hash(state: &Connect4) -> u64 {
        // ply's table takes its index from the key's high bits, minimax's from the low
        // ones: Connect Four's key (one multiplication) is mixed again for minimax, or
        // its table would collide on nearly every probe.
        ply_core::engine::splitmix64(Connect4Hooks.hash(state))
    }

    fn table_index(column: Column) -> u16 {
        column as u16
    }

    fn max_table_index() -> u16 {
        8
    }
}

#[derive(Clone, Copy)]
struct Eval;

impl minimax::Evaluator for Eval {
    type G = C4;
    fn evaluate(&self, state: &Connect4) -> minimax::Evaluation {
        Connect4Eval.evaluate(state).raw() as minimax::Evaluation
    }
}

/// ply with only the hooks minimax also gets: the key and a move code.
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

/// The fastest run: on a shared machine, slower runs measure the other processes.
fn fastest(runs: Vec<Run>) -> Run {
    runs.into_iter()
        .min_by_key(|r| r.0)
        .expect("at least one run")
}

/// One ply search from a fresh engine and a cleared table.
fn ply_single<H: SearchHooks<Connect4>>(
    hooks: H,
    pos: &Connect4,
    depth: u32,
    threads: usize,
) -> Run {
    let settings = Settings::default()
        .with_hash(TABLE_MIB)
        .with_threads(threads);
    let mut engine = Engine::new(hooks, Connect4Eval, settings);
    // minimax writes every entry of its table in its constructor; clearing ply's
    // (calloc'd, lazily mapped) table here puts both on the same footing: the clock
    // times the search, not the kernel handing out zero pages.
    engine.clear();
    let clock = Instant::now();
    let result = engine.search(pos, &Limits::depth(depth));
    (clock.elapsed(), Some(result.stats.nodes))
}

/// The four contenders of a cell, `runs` times each, and the fastest run of each.
/// Each contender's runs come one after the other (its code and branch history warm,
/// its best case); with `interleave` the contenders take turns instead, which puts
/// each search on a cold start (minimax then loses more than ply does: see
/// docs/PERFORMANCE.md).
fn cell_runs(
    pos: &Connect4,
    depth: u32,
    threads: usize,
    runs: usize,
    interleave: bool,
) -> [Run; 4] {
    let run = |contender: usize| match contender {
        0 => ply_single(Connect4Hooks, pos, depth, threads),
        1 => ply_single(KeyOnly, pos, depth, threads),
        2 => minimax_single(pos, depth, threads, false),
        _ => minimax_single(pos, depth, threads, true),
    };
    let mut all: [Vec<Run>; 4] = Default::default();
    if interleave {
        for _ in 0..runs {
            for (contender, times) in all.iter_mut().enumerate() {
                times.push(run(contender));
            }
        }
    } else {
        for (contender, times) in all.iter_mut().enumerate() {
            for _ in 0..runs {
                times.push(run(contender));
            }
        }
    }
    all.map(fastest)
}

/// minimax's iterative search; `double_step`: its option to deepen two plies per
/// iteration, what ply's Connect Four hooks ask for (`iteration_step`).
fn minimax_single(pos: &Connect4, depth: u32, threads: usize, double_step: bool) -> Run {
    use minimax::Strategy;
    let mut options = minimax::IterativeOptions::new().with_table_byte_size(TABLE_MIB << 20);
    if double_step {
        options = options.with_double_step_increment();
    }
    if threads == 1 {
        let mut search = minimax::IterativeSearch::new(Eval, options);
        search.set_max_depth(depth as u8);
        let clock = Instant::now();
        search.choose_move(pos);
        let elapsed = clock.elapsed();
        // "Explored N nodes to depth D. ..."
        let report = search.stats(&mut pos.clone());
        let nodes = report
            .split("Explored ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok());
        (elapsed, nodes)
    } else {
        let parallel = minimax::ParallelOptions::new().with_num_threads(threads);
        let mut search = minimax::ParallelSearch::new(Eval, options, parallel);
        search.set_max_depth(depth as u8);
        let clock = Instant::now();
        search.choose_move(pos);
        (clock.elapsed(), None)
    }
}

fn cell((time, nodes): Run) -> String {
    let ms = time.as_secs_f64() * 1e3;
    // Two decimals below 10 ms: the depth-8 searches take a fifth of a millisecond.
    let time = if ms < 10.0 {
        format!("{ms:.2} ms")
    } else {
        format!("{ms:.1} ms")
    };
    match nodes {
        Some(n) => format!("{time}, {n} nodes"),
        None => time,
    }
}

/// How long after a stop request the engine returns (Connect Four, exact mode from the
/// empty board, which never finishes in time), fastest and slowest of 5.
fn stop_latency(threads: usize) -> (Duration, Duration) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let latencies: Vec<Duration> = (0..5)
        .map(|_| {
            let stop = Arc::new(AtomicBool::new(false));
            let flag = stop.clone();
            let raiser = std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(50));
                let raised = Instant::now();
                flag.store(true, Ordering::Relaxed);
                raised
            });
            let settings = Settings::default()
                .with_hash(TABLE_MIB)
                .with_threads(threads);
            let mut engine = Engine::new(Connect4Hooks, Connect4Eval, settings);
            engine.search(&Connect4::standard(), &Limits::exact().with_stop(stop));
            let returned = Instant::now();
            returned - raiser.join().expect("raiser thread")
        })
        .collect();
    (
        *latencies.iter().min().unwrap(),
        *latencies.iter().max().unwrap(),
    )
}

/// The value after `name` on the command line, if it is there and parses.
fn option_value<T: std::str::FromStr>(args: &[String], name: &str) -> Option<T> {
    let i = args.iter().position(|a| a == name)?;
    args.get(i + 1)?.parse().ok()
}

fn main() {
    // `engine_vs_minimax --one ply|keyonly|minimax DEPTH [POSITION]`: one search,
    // single-threaded, from the empty board or from POSITION (columns played, from 1,
    // as in the table: 4453), for an instruction count under callgrind.
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--one") {
        let depth: u32 = args.get(i + 2).and_then(|d| d.parse().ok()).unwrap_or(12);
        let start = Connect4::standard()
            .parse_position(args.get(i + 3).map_or("", String::as_str))
            .expect("valid position");
        let (_, nodes) = match args.get(i + 1).map(String::as_str) {
            Some("ply") => ply_single(Connect4Hooks, &start, depth, 1),
            Some("keyonly") => ply_single(KeyOnly, &start, depth, 1),
            _ => minimax_single(&start, depth, 1, false),
        };
        println!("nodes {nodes:?}");
        return;
    }
    // `cargo test --benches` runs bench targets with `--bench` absent: keep that quick.
    let quick = !std::env::args().any(|a| a == "--bench");
    let positions = ["", "4453", "444333", "43443555"];
    // `--depth D`: only that depth (the full table takes a few seconds).
    let only_depth: Option<u32> = option_value(&args, "--depth");
    let runs: usize = option_value(&args, "--runs")
        .unwrap_or(if quick { 1 } else { RUNS })
        .max(1);
    let interleave = args.iter().any(|a| a == "--interleave");
    let depths: &[u32] = match (&only_depth, quick) {
        (Some(d), _) => std::slice::from_ref(d),
        (None, true) => &[4],
        (None, false) => &[8, 10, 12],
    };
    // Warm-up, untimed: the process's first searches pay for page faults in the
    // allocator and a CPU still ramping its clock, which the first cell would measure.
    if !quick {
        let warm_up = Instant::now();
        while warm_up.elapsed() < Duration::from_millis(500) {
            cell_runs(&Connect4::standard(), depths[0], 1, runs, interleave);
        }
    }
    // The whole table `rounds` times, each cell keeping the fastest run of each contender
    // over all rounds: a slow spell of a shared machine during one contender's runs in one
    // round then leaves no mark.
    let rounds: usize = option_value(&args, "--rounds")
        .unwrap_or(if quick { 1 } else { ROUNDS })
        .max(1);
    let mut cells: Vec<(String, u32, usize, [Run; 4])> = Vec::new();
    for round in 0..rounds {
        let mut i = 0;
        for text in positions {
            let pos = Connect4::standard()
                .parse_position(text)
                .expect("valid position");
            for &depth in depths {
                for threads in [1, 2] {
                    let times = cell_runs(&pos, depth, threads, runs, interleave);
                    let name = if text.is_empty() { "(empty)" } else { text };
                    if round == 0 {
                        cells.push((name.to_string(), depth, threads, times));
                    } else {
                        let best = &mut cells[i].3;
                        for (kept, new) in best.iter_mut().zip(times) {
                            *kept = fastest(vec![*kept, new]);
                        }
                    }
                    i += 1;
                }
            }
        }
    }
    println!(
        "| position | depth | threads | ply (Connect Four hooks) | ply (key only) | minimax 0.6 | minimax 0.6, double step | minimax / ply (hooks) time | minimax double step / ply (hooks) time |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (name, depth, threads, [hooks, key_only, peer, peer_double]) in cells {
        println!(
            "| {name} | {depth} | {threads} | {} | {} | {} | {} | {:.2}x | {:.2}x |",
            cell(hooks),
            cell(key_only),
            cell(peer),
            cell(peer_double),
            peer.0.as_secs_f64() / hooks.0.as_secs_f64(),
            peer_double.0.as_secs_f64() / hooks.0.as_secs_f64()
        );
    }
    println!();
    for threads in [1, 2] {
        let (fastest, slowest) = stop_latency(threads);
        println!(
            "stop latency, {threads} thread(s): {:.1} µs to {:.1} µs",
            fastest.as_secs_f64() * 1e6,
            slowest.as_secs_f64() * 1e6
        );
    }
}
