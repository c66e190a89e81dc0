//! `ply solve`: the exact value of a position and of every move.

use crate::args;
use crate::c4book::{self, BookArgs, GameBook, LoadedBook};
use crate::cyclic;
use crate::interrupt::{self, Interrupted, StopOnInterrupt};
use crate::pons::{self, BatchSolver};
use crate::report::{self, print_json};
use crate::resources;
use crate::source::GameSource;
use anyhow::Result;
use ply_core::engine::{Engine, HooksVisitor, Limits, SearchHooks, Settings, WithKnownValues};
use ply_core::solve::SolveError;
use ply_core::{
    Algorithm, MoveValue, NoEvaluation, Score, SearchOptions, SearchStats, evaluate_moves_with,
};
use ply_games::{GameVisitor, Playable};
use serde::Serialize;
use std::process::ExitCode;
use std::time::Instant;

const EXAMPLES: &str = "EXAMPLES:\n  ply solve tictactoe\n  ply solve tictactoe 'XO./.X./...'\n  ply solve tictactoe X.O/.X./..O --algorithm minimax --json\n  ply solve mnk:4,3,3\n  ply solve nim:14,21,39\n  ply solve misere-nim:1,2,3 --json\n  ply solve race:10,2 7\n  ply solve wythoff:4,6\n  ply solve 'subtraction:20,17;1,3,4'\n  ply solve pursuit:grid:3x3,cops=2 --json\n  ply solve pursuit-hidden:cycle:6,cops=2\n  ply solve connect4 4453233 --threads 2 --hash 64\n  ply solve connect4 4453233 --all-moves --json\n  ply solve connect4 4453233 --weak\n  ply solve connect4 --batch Test_L3_R1\n  echo 4453 | ply solve connect4 --batch - --json\n  ply book connect4:5x4 --depth 6 && ply solve connect4:5x4 12 --book connect4-5x4.book\n\n\
Games whose positions repeat (pursuit) are solved by retrograde analysis of every reachable\n\
position (--algorithm does not apply; JSON \"algorithm\": \"retrograde\").\n\
The counting and taking games (race, nim, misere-nim, bash, wythoff, subtraction) default to\n\
memo: every position solved once, kept in a table (JSON \"algorithm\": \"memo\").\n\
Large games (connect4), and any game without cycles given --threads or --hash, use the engine's\n\
exact mode: transposition table, the game's pruning hooks (JSON \"algorithm\": \"engine\").\n\
Connect Four adds Pons' score (\"score\": 0 draw, 22 - the winner's stones at the end on 7x6,\n\
negative when the side to move loses; see docs/connect4.md). --weak answers win/draw/loss only\n\
(\"plies\" and \"score\" null). --batch prints `moves score nodes micros` per line, checks the\n\
expected scores when the file has them, and exits with 1 on any mismatch.\n\
Connect Four reads an opening book (made by `ply book`) when there is one: --book FILE, else\n\
$PLY_C4_BOOK, else connect4.book (connect4-WxH.book) in the current directory; --no-book: none.\n\
JSON \"book\": the file used, or null.";

/// Solve a position exactly: win, draw or loss, in how many plies, and the value of every move.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game (tictactoe, mnk:M,N,K, ...).
    game: String,
    /// The position (default: the start). Tic-tac-toe: rows top to bottom, e.g. X.O/.X./..O
    #[arg(allow_hyphen_values = true, value_parser = args::Position)]
    position: Option<String>,
    /// The search that proves the value [default: memo for the counting and
    /// taking games (race, nim, bash, wythoff, subtraction), alphabeta otherwise].
    /// memo: every position solved once and kept in a table.
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(["minimax", "negamax", "alphabeta", "memo"]))]
    algorithm: Option<String>,
    /// Solve with the engine on this many threads (1 to 256).
    #[arg(long, value_parser = args::whole::<u64>(1, args::MAX_THREADS), allow_negative_numbers = true, conflicts_with = "algorithm")]
    threads: Option<u64>,
    /// Solve with the engine and a transposition table of this many MiB, 0 to 65536 (default with the engine: 64).
    #[arg(long, value_parser = args::whole::<u64>(0, args::MAX_HASH_MIB), allow_negative_numbers = true, conflicts_with = "algorithm")]
    hash: Option<u64>,
    /// Add each move's score in Pons' convention (connect4; JSON: `score` per move).
    #[arg(long)]
    all_moves: bool,
    /// Only win, draw or loss, without the distance: faster (engine exact mode,
    /// stopped once the sign is known). JSON `plies` and `score` are null.
    #[arg(long, conflicts_with = "algorithm")]
    weak: bool,
    /// Connect Four: solve every position of FILE (- for standard input), one per
    /// line, `moves` or `moves score` (Pons' test-set format); the table is cleared
    /// between positions (default --hash 16 here).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "algorithm", "all_moves"])]
    batch: Option<String>,
    #[command(flatten)]
    book: BookArgs,
    /// Print machine-readable JSON (with --batch: one JSON object per line).
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    mv: String,
    value: &'static str,
    /// Null with --weak.
    plies: Option<u32>,
    /// Pons' score (connect4 with --all-moves; null with --weak).
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<Option<i32>>,
    pv: Vec<String>,
}

#[derive(Serialize)]
struct SolveJson {
    game: String,
    position: String,
    to_move: String,
    value: &'static str,
    /// Null with --weak.
    plies: Option<u32>,
    /// Pons' score (connect4 only; null with --weak).
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<Option<i32>>,
    best: Vec<String>,
    moves: Vec<MoveJson>,
    pv: Vec<String>,
    algorithm: &'static str,
    nodes: u64,
    leaves: u64,
    cutoffs: u64,
    /// Distinct positions solved (memo only).
    #[serde(skip_serializing_if = "Option::is_none")]
    positions: Option<usize>,
    time_ms: f64,
    /// The opening book used (connect4 only; null: none).
    #[serde(skip_serializing_if = "Option::is_none")]
    book: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<String>,
    /// The game's own facts (pursuit: `cops_win`, `capture_time`), from `Playable::solve_fields`.
    #[serde(flatten)]
    extra: serde_json::Map<String, serde_json::Value>,
    #[serde(skip)]
    extra_text: Vec<(&'static str, String)>,
}

/// What an interrupted solve has found: the moves whose value was proved before Ctrl-C.
#[derive(Serialize)]
struct InterruptedJson {
    game: String,
    position: String,
    to_move: String,
    interrupted: bool,
    /// The moves solved so far, best first (fewer than the legal moves).
    moves: Vec<MoveJson>,
    algorithm: &'static str,
    nodes: u64,
    time_ms: f64,
}

/// The values a solve found, and whether Ctrl-C cut it short.
struct Found<M> {
    moves: Vec<MoveValue<M>>,
    stats: SearchStats,
    algorithm: &'static str,
    positions: Option<usize>,
    interrupted: bool,
}

impl<M> Found<M> {
    fn complete(
        (moves, stats): (Vec<MoveValue<M>>, SearchStats),
        algorithm: &'static str,
        positions: Option<usize>,
    ) -> Found<M> {
        Found {
            moves,
            stats,
            algorithm,
            positions,
            interrupted: false,
        }
    }
}

/// The options that cannot apply to `root`, refused before any work.
fn refuse_what_does_not_apply<G: Playable>(args: &Args, root: &G) -> Result<()> {
    if root.has_cycles() {
        let given = [
            ("--algorithm", args.algorithm.is_some()),
            ("--threads", args.threads.is_some()),
            ("--hash", args.hash.is_some()),
            ("--weak", args.weak),
        ];
        if let Some((option, _)) = given.iter().find(|(_, given)| *given) {
            anyhow::bail!(
                "{option} does not apply: positions of {} can repeat, so it is solved by retrograde analysis",
                root.game_name()
            );
        }
    }
    if args.all_moves && pons::as_connect4(root).is_none() {
        anyhow::bail!(
            "--all-moves adds Pons' score of each move, for connect4 only, not {}",
            root.game_name()
        );
    }
    if let Some(algorithm) = &args.algorithm
        && args.book.book.is_some()
        && pons::as_connect4(root).is_some()
    {
        anyhow::bail!("--book is read by the engine, and --algorithm {algorithm} does not use it");
    }
    Ok(())
}

struct Solve<'a>(&'a Args);

impl GameVisitor for Solve<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: Playable>(self, start: G) -> Result<ExitCode> {
        let args = self.0;
        let root = report::position_or_start(&start, args.position.as_deref())?;
        refuse_what_does_not_apply(args, &root)?;
        let memo = match args.algorithm.as_deref() {
            Some(name) => name == "memo",
            None => root.memoised_solve(),
        };
        let book = c4book::load(&args.book, &root)?;
        let mut engine_used = false;
        let clock = Instant::now();
        // Games whose positions repeat are solved by retrograde analysis, not by a search.
        let found = if root.has_cycles() {
            match cyclic::solve_table(&root) {
                Ok(table) => Found::complete(
                    (cyclic::move_values(&table, &root), cyclic::stats(&table)),
                    "retrograde",
                    None,
                ),
                Err(error) if error.is::<Interrupted>() => Found {
                    moves: Vec::new(),
                    stats: SearchStats::default(),
                    algorithm: "retrograde",
                    positions: None,
                    interrupted: true,
                },
                Err(error) => return Err(error),
            }
        } else if args.algorithm.is_none()
            && (args.weak || args.threads.is_some() || args.hash.is_some() || root.prefers_engine())
        {
            let _polled = interrupt::polled();
            let found = root.with_search_hooks(EngineSolve {
                args,
                root: &root,
                book: book.as_ref(),
            })?;
            engine_used = true;
            found
        } else if memo {
            let _polled = interrupt::polled();
            let mut solver = resources::memo_solver(&root, report::canonical_key::<G>)?;
            let solved = solver.try_move_values(&root);
            let stats = SearchStats {
                nodes: solver.nodes() + 1,
                ..SearchStats::default()
            };
            match solved {
                Ok(moves) => Found::complete((moves, stats), "memo", Some(solver.positions())),
                Err(SolveError::Interrupted) => Found {
                    moves: Vec::new(),
                    stats,
                    algorithm: "memo",
                    positions: Some(solver.positions()),
                    interrupted: true,
                },
                Err(error) => anyhow::bail!("{}: {error}", root.game_name()),
            }
        } else {
            let algorithm: Algorithm = args
                .algorithm
                .as_deref()
                .unwrap_or("alphabeta")
                .parse()
                .map_err(anyhow::Error::msg)?;
            resources::check_search(&root, None)?;
            let _polled = interrupt::polled();
            let mut stop = StopWithProgress::new(algorithm.name());
            let (moves, mut stats) = evaluate_moves_with(
                &root,
                &NoEvaluation,
                algorithm,
                SearchOptions::default(),
                &mut stop,
            );
            stats.nodes += 1;
            Found {
                interrupted: stop.stop.stopped(),
                ..Found::complete((moves, stats), algorithm.name(), None)
            }
        };
        let elapsed = clock.elapsed();
        let Found {
            moves,
            stats,
            algorithm: algorithm_name,
            positions,
            interrupted,
        } = found;

        // Plies to the end, unknown in a weak solve. A draw's distance is its line's length,
        // known only when the line reaches the end (an engine solve with an opening book
        // may prove a shorter line: docs/engine.md).
        let plies = |value: Score, line: &[G::Move]| {
            let ends = || {
                let mut pos = root.clone();
                line.iter().for_each(|&mv| pos.play(mv));
                pos.outcome().is_some()
            };
            (!args.weak && (value.plies_to_end().is_some() || ends()))
                .then(|| report::plies(value, line.len()))
        };
        // Pons' score: Connect Four only (the outer Option), unknown in a weak solve (the inner one).
        let score_of = |pos: &G, value| {
            pons::as_connect4(pos).map(|_| {
                if args.weak {
                    None
                } else {
                    pons::pons_score(pos, value)
                }
            })
        };
        if interrupted {
            let move_json = |m: &MoveValue<G::Move>| MoveJson {
                mv: root.move_string(m.mv),
                value: report::result_word(m.value),
                plies: plies(m.value, &m.pv),
                score: args.all_moves.then(|| score_of(&root, m.value)).flatten(),
                pv: report::line(&root, &m.pv),
            };
            let out = InterruptedJson {
                game: root.game_name(),
                position: root.position_string(),
                to_move: report::to_move_name(&root),
                interrupted: true,
                moves: moves.iter().map(move_json).collect(),
                algorithm: algorithm_name,
                nodes: stats.nodes,
                time_ms: report::millis(elapsed),
            };
            if args.json {
                print_json(&out)?;
            } else {
                print_interrupted(&root, &out);
            }
            return Ok(ExitCode::from(interrupt::EXIT_CODE));
        }
        let (value, pv) = match (moves.first(), root.outcome()) {
            (Some(best), _) => (best.value, best.pv.clone()),
            (None, Some(outcome)) => (outcome.score(0, true), Vec::new()),
            (None, None) => anyhow::bail!("the position has no legal move but is not finished"),
        };
        let best: Vec<_> = moves.iter().take_while(|m| m.value == value).collect();
        let explanation = best.first().and_then(|m| root.explain_move(m.mv));
        let fields = if args.weak {
            Vec::new()
        } else {
            root.solve_fields(value, &pv)
        };
        let out = SolveJson {
            game: root.game_name(),
            position: root.position_string(),
            to_move: report::to_move_name(&root),
            value: report::result_word(value),
            plies: plies(value, &pv),
            score: score_of(&root, value),
            best: best.iter().map(|m| root.move_string(m.mv)).collect(),
            moves: moves
                .iter()
                .map(|m| MoveJson {
                    mv: root.move_string(m.mv),
                    value: report::result_word(m.value),
                    plies: plies(m.value, &m.pv),
                    // The move's value seen from the root is the child's value negated: the
                    // root's Pons score of that line is the score of the move.
                    score: args.all_moves.then(|| score_of(&root, m.value)).flatten(),
                    pv: report::line(&root, &m.pv),
                })
                .collect(),
            pv: report::line(&root, &pv),
            algorithm: algorithm_name,
            nodes: stats.nodes,
            leaves: stats.leaves,
            cutoffs: stats.cutoffs,
            positions,
            time_ms: report::millis(elapsed),
            // Only the engine reads the book.
            book: pons::as_connect4(&root)
                .map(|_| book.filter(|_| engine_used).map(|b| b.path.clone())),
            explanation,
            extra: fields
                .iter()
                .map(|(name, v)| (name.to_string(), cyclic::field_json(v)))
                .collect(),
            extra_text: fields
                .iter()
                .map(|(name, v)| (*name, cyclic::field_text(v)))
                .collect(),
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
    println!(
        "{} to move; position {}",
        out.to_move,
        crate::report::position_words(&out.position)
    );
    let value = match (out.value, out.plies) {
        (word, None) => format!("{word} (weak solve: the distance is not computed)"),
        ("draw", Some(plies)) if root.has_cycles() => {
            format!("draw (nobody can force the end; best play repeats after {plies} plies)")
        }
        ("draw", Some(plies)) => format!("draw (game ends in {plies} plies under best play)"),
        (word, Some(plies)) => format!("{word} in {plies} plies"),
    };
    println!("value: {value} for {}", out.to_move);
    if let Some(Some(score)) = out.score {
        println!("score: {score:+} (Pons' convention)");
    }
    if let Some(book) = &out.book {
        println!("book: {}", book.as_deref().unwrap_or("none"));
    }
    if !out.best.is_empty() {
        // Moves such as `0,1` (pursuit, wythoff) hold commas: then `;` separates them.
        let separator = if out.best.iter().any(|m| m.contains(',')) {
            "; "
        } else {
            ", "
        };
        println!("best: {}", out.best.join(separator));
        if !out.pv.is_empty() {
            println!("line: {}", out.pv.join(" "));
        }
    }
    if let Some(why) = &out.explanation {
        println!("why: {why}");
    }
    for (name, value) in &out.extra_text {
        println!("{}: {value}", name.replace('_', " "));
    }
    if !out.moves.is_empty() {
        println!("moves:");
        for m in &out.moves {
            let mark = if out.best.contains(&m.mv) { '*' } else { ' ' };
            let how = match (m.value, m.plies) {
                ("draw", _) | (_, None) => m.value.to_string(),
                (word, Some(plies)) => format!("{word} in {plies}"),
            };
            match m.score {
                Some(Some(score)) => println!("  {mark} {:<6} {how:<12} score {score:+}", m.mv),
                _ => println!("  {mark} {:<6} {how}", m.mv),
            }
        }
    }
    match out.positions {
        Some(positions) => println!(
            "{}: {} nodes, {positions} distinct positions solved, {:.3} ms",
            out.algorithm, out.nodes, out.time_ms
        ),
        None => println!(
            "{}: {} nodes, {} leaves, {} cutoffs, {:.3} ms",
            out.algorithm, out.nodes, out.leaves, out.cutoffs, out.time_ms
        ),
    }
}

/// What an interrupted solve prints: the moves solved before Ctrl-C.
fn print_interrupted<G: Playable>(root: &G, out: &InterruptedJson) {
    print!("{}", root.render());
    println!(
        "{} to move; position {}",
        out.to_move,
        crate::report::position_words(&out.position)
    );
    println!(
        "interrupted: {} of {} moves solved",
        out.moves.len(),
        root.legal_moves().len()
    );
    if !out.moves.is_empty() {
        println!("moves solved:");
        for m in &out.moves {
            let how = match (m.value, m.plies) {
                ("draw", _) | (_, None) => m.value.to_string(),
                (word, Some(plies)) => format!("{word} in {plies}"),
            };
            match m.score {
                Some(Some(score)) => println!("    {:<6} {how:<12} score {score:+}", m.mv),
                _ => println!("    {:<6} {how}", m.mv),
            }
        }
    }
    println!(
        "{}: {} nodes, {:.3} ms (interrupted)",
        out.algorithm, out.nodes, out.time_ms
    );
}

/// Every root move's exact value from the engine's exact mode, one search per
/// move sharing one table, best first (stable), like `evaluate_moves`.
/// The textbook searches' observer on the command line: stops on Ctrl-C, and shows
/// the nodes searched so far on a terminal (a search of minutes must not look hung).
struct StopWithProgress {
    stop: StopOnInterrupt,
    bar: indicatif::ProgressBar,
    algorithm: &'static str,
    nodes: u64,
}

impl StopWithProgress {
    /// The spinner's text changes every this many nodes (a few milliseconds of search).
    const EVERY: u64 = 1 << 16;

    fn new(algorithm: &'static str) -> Self {
        StopWithProgress {
            stop: StopOnInterrupt::default(),
            bar: crate::interrupt::spinner(format!("{algorithm}: solving")),
            algorithm,
            nodes: 0,
        }
    }
}

impl<G: ply_core::Game> ply_core::Observer<G> for StopWithProgress {
    #[inline]
    fn stop_requested(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % Self::EVERY == 0 {
            self.bar.set_message(format!(
                "{}: {} nodes",
                self.algorithm,
                crate::engine_glue::human_count(self.nodes)
            ));
        }
        <StopOnInterrupt as ply_core::Observer<G>>::stop_requested(&mut self.stop)
    }
}

struct EngineSolve<'a, G> {
    args: &'a Args,
    root: &'a G,
    book: Option<&'a LoadedBook>,
}

impl<G: Playable> HooksVisitor<G> for EngineSolve<'_, G> {
    type Output = Result<Found<G::Move>>;

    fn visit<H: SearchHooks<G>>(self, hooks: H) -> Self::Output {
        let (args, root) = (self.args, self.root);
        let settings = Settings::default()
            .with_threads(args.threads.unwrap_or(1) as usize)
            .with_hash(args.hash.unwrap_or(64) as usize);
        resources::check_search(root, None)?;
        let hooks = WithKnownValues::new(hooks, GameBook::new(self.book));
        let mut engine = resources::engine(hooks, NoEvaluation, settings)?;
        let limits = Limits::exact().with_stop(crate::interrupt::stop_flag());
        if args.weak {
            return weak_move_values(&mut engine, root);
        }
        let mut interrupted = false;
        let mut stats = SearchStats {
            nodes: 1,
            ..SearchStats::default()
        };
        let mut values = Vec::new();
        // A long solve shows where it stands on a terminal (hidden otherwise).
        let bar = crate::interrupt::spinner("solving");
        let moves = root.legal_moves();
        for (number, &mv) in moves.iter().enumerate() {
            let child = root.after(mv);
            let name = root.move_string(mv);
            let result = engine.search_with(&child, &limits, |info| {
                bar.set_message(format!(
                    "solving move {} of {} ({name}): {} nodes",
                    number + 1,
                    moves.len(),
                    crate::engine_glue::human_count(info.nodes)
                ));
            });
            stats += result.stats.into();
            if !result.exact {
                // Only the stop flag ends an exact search early.
                interrupted = true;
                break;
            }
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
        Ok(Found {
            interrupted,
            ..Found::complete((values, stats), "engine", None)
        })
    }
}

/// Every root move's result (win, draw or loss, no distance) by weak solves of the
/// children sharing one table, best first. The scores stand for results only:
/// a win or loss "at the longest distance" (`Score::MAX_PLIES`).
fn weak_move_values<G, H, E>(engine: &mut Engine<G, H, E>, root: &G) -> Result<Found<G::Move>>
where
    G: Playable,
    H: SearchHooks<G>,
    E: ply_core::Evaluator<G> + Sync,
{
    let mut stats = SearchStats {
        nodes: 1,
        ..SearchStats::default()
    };
    let mut values = Vec::new();
    let mut interrupted = false;
    // A long solve shows where it stands on a terminal (hidden otherwise).
    let bar = crate::interrupt::spinner("solving");
    let moves = root.legal_moves();
    for (number, &mv) in moves.iter().enumerate() {
        bar.set_message(format!(
            "solving move {} of {} ({}), win, draw or loss only",
            number + 1,
            moves.len(),
            root.move_string(mv)
        ));
        let child = root.after(mv);
        let (sign, child_stats) = pons::weak_solve(engine, &child);
        stats += child_stats.into();
        let Some(sign) = sign else {
            interrupted = true;
            break;
        };
        let sign = if child.to_move() == root.to_move() {
            sign
        } else {
            -sign
        };
        let value = match sign {
            1 => Score::win_in(Score::MAX_PLIES),
            -1 => Score::loss_in(Score::MAX_PLIES),
            _ => Score::DRAW,
        };
        // No line: a weak solve proves the result, not the play that reaches it.
        values.push(MoveValue {
            mv,
            value,
            pv: Vec::new(),
        });
    }
    values.sort_by_key(|m| std::cmp::Reverse(m.value));
    Ok(Found {
        interrupted,
        ..Found::complete((values, stats), "engine", None)
    })
}

/// `--batch`: Connect Four positions from a file, one per line.
struct Batch<'a>(&'a Args);

#[derive(Serialize)]
struct BatchLineJson<'a> {
    line: usize,
    moves: &'a str,
    /// Pons' score (with --weak: 1, 0 or -1).
    score: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    correct: Option<bool>,
    nodes: u64,
    micros: u64,
}

#[derive(Serialize)]
struct BatchSummaryJson {
    summary: bool,
    positions: usize,
    checked: usize,
    mismatches: usize,
    bad_lines: usize,
    interrupted: bool,
    /// The opening book used, or null.
    book: Option<String>,
}

impl GameVisitor for Batch<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: Playable>(self, start: G) -> Result<ExitCode> {
        let args = self.0;
        let Some(start) = pons::as_connect4(&start) else {
            anyhow::bail!(
                "--batch works for connect4 only (Pons' score convention), not {}",
                start.game_name()
            );
        };
        let input = crate::input::open(args.batch.as_deref().unwrap_or("-"))?;
        let name = input.name().to_string();
        let book = c4book::load(&args.book, start)?;
        let _polled = crate::interrupt::polled();
        let mut solver = BatchSolver::new(
            args.threads.unwrap_or(1) as usize,
            args.hash.unwrap_or(16) as usize,
            args.weak,
            book.as_ref().map(|b| std::sync::Arc::clone(&b.book)),
        )?;
        let (mut positions, mut checked, mut mismatches, mut bad_lines) = (0, 0, 0, 0);
        let mut interrupted = false;
        for line in pons::read_set(start, input) {
            let line = match line {
                Ok(line) => line,
                Err(bad) if bad.ends_input => anyhow::bail!("{name}: {}", bad.message),
                Err(bad) => {
                    eprintln!("{}", bad.message);
                    bad_lines += 1;
                    continue;
                }
            };
            let Some(solved) = solver.solve(&line.position) else {
                interrupted = true;
                break;
            };
            positions += 1;
            // Weak solves give the sign only: compare results, not distances.
            let expected = line
                .expected
                .map(|e| if args.weak { e.signum() } else { e });
            let correct = expected.map(|e| e == solved.score);
            if let Some(correct) = correct {
                checked += 1;
                if !correct {
                    mismatches += 1;
                    eprintln!(
                        "line {}: {}: score {}, expected {}",
                        line.number,
                        line.moves,
                        solved.score,
                        expected.unwrap_or_default()
                    );
                }
            }
            let micros = solved.time.as_micros() as u64;
            if args.json {
                println!(
                    "{}",
                    serde_json::to_string(&BatchLineJson {
                        line: line.number,
                        moves: &line.moves,
                        score: solved.score,
                        expected,
                        correct,
                        nodes: solved.nodes,
                        micros,
                    })?
                );
            } else {
                println!("{} {} {} {micros}", line.moves, solved.score, solved.nodes);
            }
        }
        if args.json {
            println!(
                "{}",
                serde_json::to_string(&BatchSummaryJson {
                    summary: true,
                    positions,
                    checked,
                    mismatches,
                    bad_lines,
                    interrupted,
                    book: book.as_ref().map(|b| b.path.clone()),
                })?
            );
        } else {
            eprintln!("{}", LoadedBook::describe(book.as_ref()));
            eprintln!(
                "{positions} positions solved, {checked} checked, {mismatches} mismatches, {bad_lines} bad lines{}",
                if interrupted { " (interrupted)" } else { "" }
            );
        }
        // A batch in which nothing could be solved is a failure, as a wrong score is.
        Ok(if interrupted {
            ExitCode::from(130)
        } else if mismatches > 0 || positions == 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        })
    }
}

pub fn run(args: Args, games: &impl GameSource) -> Result<ExitCode> {
    if args.batch.is_some() {
        return games.visit(&args.game, Batch(&args))?;
    }
    games.visit(&args.game, Solve(&args))?
}
