//! `ply solve`: the exact value of a position and of every move.

use crate::report::{self, print_json};
use anyhow::Result;
use ply_core::engine::{Engine, HooksVisitor, Limits, SearchHooks, Settings};
use ply_core::{Algorithm, MoveValue, NoEvaluation, SearchOptions, SearchStats, evaluate_moves};
use ply_games::{GameVisitor, Playable, with_game};
use serde::Serialize;
use std::process::ExitCode;
use std::time::Instant;

const EXAMPLES: &str = "EXAMPLES:\n  ply solve tictactoe\n  ply solve tictactoe 'XO./.X./...'\n  ply solve tictactoe X.O/.X./..O --algorithm minimax --json\n  ply solve mnk:4,3,3\n  ply solve connect4 4453233 --threads 2 --hash 64\n\n\
Large games (connect4) and --threads/--hash use the engine's exact mode (transposition table,\n\
the game's pruning hooks); --algorithm forces a textbook search.";

/// Solve a position exactly: win, draw or loss, in how many plies, and the value of every move.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game (tictactoe, mnk:M,N,K, ...).
    game: String,
    /// The position (default: the start). Tic-tac-toe: rows top to bottom, e.g. X.O/.X./..O
    position: Option<String>,
    /// The textbook search that proves the value (default: alphabeta, or the engine for large games).
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(["minimax", "negamax", "alphabeta"]))]
    algorithm: Option<String>,
    /// Solve with the engine on this many threads.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Solve with the engine and a transposition table of this many MiB (default with the engine: 64).
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=65536))]
    hash: Option<u64>,
    /// Print machine-readable JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    mv: String,
    value: &'static str,
    plies: u32,
    pv: Vec<String>,
}

#[derive(Serialize)]
struct SolveJson {
    game: String,
    position: String,
    to_move: String,
    value: &'static str,
    plies: u32,
    best: Vec<String>,
    moves: Vec<MoveJson>,
    pv: Vec<String>,
    algorithm: &'static str,
    nodes: u64,
    leaves: u64,
    cutoffs: u64,
    time_ms: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<String>,
}

struct Solve<'a>(&'a Args);

impl GameVisitor for Solve<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: Playable>(self, start: G) -> Result<ExitCode> {
        let args = self.0;
        let root = report::position_or_start(&start, args.position.as_deref())?;
        let use_engine = args.algorithm.is_none()
            && (args.threads.is_some() || args.hash.is_some() || root.prefers_engine());
        let clock = Instant::now();
        let (moves, stats, algorithm_name) = if use_engine {
            let (moves, stats) = root.with_search_hooks(EngineSolve { args, root: &root })?;
            (moves, stats, "engine")
        } else {
            let name = args.algorithm.as_deref().unwrap_or("alphabeta");
            let algorithm: Algorithm = name.parse().map_err(anyhow::Error::msg)?;
            let (moves, mut stats) =
                evaluate_moves(&root, &NoEvaluation, algorithm, SearchOptions::default());
            stats.nodes += 1;
            (moves, stats, algorithm.name())
        };
        let elapsed = clock.elapsed();

        let (value, pv) = match (moves.first(), root.outcome()) {
            (Some(best), _) => (best.value, best.pv.clone()),
            (None, Some(outcome)) => (outcome.score(0, true), Vec::new()),
            (None, None) => anyhow::bail!("the position has no legal move but is not finished"),
        };
        let best: Vec<_> = moves.iter().take_while(|m| m.value == value).collect();
        let explanation = best.first().and_then(|m| root.explain_move(m.mv));
        let out = SolveJson {
            game: root.game_name(),
            position: root.position_string(),
            to_move: report::to_move_name(&root),
            value: report::result_word(value),
            plies: report::plies(value, pv.len()),
            best: best.iter().map(|m| root.move_string(m.mv)).collect(),
            moves: moves
                .iter()
                .map(|m| MoveJson {
                    mv: root.move_string(m.mv),
                    value: report::result_word(m.value),
                    plies: report::plies(m.value, m.pv.len()),
                    pv: report::line(&root, &m.pv),
                })
                .collect(),
            pv: report::line(&root, &pv),
            algorithm: algorithm_name,
            nodes: stats.nodes,
            leaves: stats.leaves,
            cutoffs: stats.cutoffs,
            time_ms: report::millis(elapsed),
            explanation,
        };
        if args.json {
            print_json(&out)?;
        } else {
            print_text(&root, &out);
        }
        Ok(ExitCode::SUCCESS)
    }
}

fn print_text<G: Playable>(root: &G, out: &SolveJson) {
    print!("{}", root.render());
    println!("{} to move; position {}", out.to_move, out.position);
    let plies = out.plies;
    let value = match out.value {
        "draw" => format!("draw (game ends in {plies} plies under best play)"),
        word => format!("{word} in {plies} plies"),
    };
    println!("value: {value} for {}", out.to_move);
    if !out.best.is_empty() {
        println!("best: {}", out.best.join(", "));
        println!("line: {}", out.pv.join(" "));
    }
    if let Some(why) = &out.explanation {
        println!("why: {why}");
    }
    if !out.moves.is_empty() {
        println!("moves:");
        for m in &out.moves {
            let mark = if out.best.contains(&m.mv) { '*' } else { ' ' };
            let how = if m.value == "draw" {
                "draw".to_string()
            } else {
                format!("{} in {}", m.value, m.plies)
            };
            println!("  {mark} {:<6} {how}", m.mv);
        }
    }
    println!(
        "{}: {} nodes, {} leaves, {} cutoffs, {:.3} ms",
        out.algorithm, out.nodes, out.leaves, out.cutoffs, out.time_ms
    );
}

/// Every root move's exact value from the engine's exact mode, one search per
/// move sharing one table, best first (stable), like `evaluate_moves`.
struct EngineSolve<'a, G> {
    args: &'a Args,
    root: &'a G,
}

impl<G: Playable> HooksVisitor<G> for EngineSolve<'_, G> {
    type Output = Result<(Vec<MoveValue<G::Move>>, SearchStats)>;

    fn visit<H: SearchHooks<G>>(self, hooks: H) -> Self::Output {
        let (args, root) = (self.args, self.root);
        let settings = Settings::default()
            .with_threads(args.threads.unwrap_or(1) as usize)
            .with_hash(args.hash.unwrap_or(64) as usize);
        let mut engine = Engine::new(hooks, NoEvaluation, settings);
        let limits = Limits::exact().with_stop(crate::interrupt::stop_flag());
        let mut stats = SearchStats {
            nodes: 1,
            ..SearchStats::default()
        };
        let mut values = Vec::new();
        for mv in root.legal_moves() {
            let child = root.after(mv);
            let result = engine.search(&child, &limits);
            if !result.exact {
                anyhow::bail!("interrupted before the value was proved");
            }
            stats.nodes += result.stats.nodes;
            stats.leaves += result.stats.leaves;
            stats.cutoffs += result.stats.cutoffs;
            // The child's score counts plies from the child: one more from the root.
            let value = if child.to_move() == root.to_move() {
                result.score
            } else {
                -result.score
            };
            let mut pv = vec![mv];
            pv.extend(result.pv);
            values.push(MoveValue {
                mv,
                value: value.from_node(1),
                pv,
            });
        }
        values.sort_by_key(|m| std::cmp::Reverse(m.value));
        Ok((values, stats))
    }
}

pub fn run(args: Args) -> Result<ExitCode> {
    with_game(&args.game, Solve(&args))?
}
