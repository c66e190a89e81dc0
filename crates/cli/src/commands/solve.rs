//! `ply solve`: the exact value of a position and of every move.

use crate::args;
use crate::c4book::{self, BookArgs, LoadedBook};
use crate::interrupt;
use crate::pons;
use crate::report::{self, print_json};
use crate::source::GameSource;
use anyhow::Result;
use ply_api::batch::BatchOptions;
use ply_api::control::Control;
use ply_api::lang::Lang;
use ply_api::solve::{
    BookRef, InterruptedReport, ProgressFn, SolveOptions, SolveReport, Solved, solve_position,
};
use ply_games::{GameVisitor, Playable};
use serde::Serialize;
use std::process::ExitCode;
use std::sync::Arc;

const EXAMPLES: &str = "EXAMPLES:\n  ply solve tictactoe\n  ply solve tictactoe 'XO./.X./...'\n  ply solve tictactoe X.O/.X./..O --algorithm minimax --json\n  ply solve mnk:4,3,3\n  ply solve nim:14,21,39\n  ply solve misere-nim:1,2,3 --json\n  ply solve race:10,2 7\n  ply solve wythoff:4,6\n  ply solve 'subtraction:20,17;1,3,4'\n  ply solve pursuit:grid:3x3,cops=2 --json\n  ply solve pursuit-hidden:cycle:6,cops=2\n  ply solve pig\n  ply solve pig 12+7-30 --json\n  ply solve pig:20 12+6-4\n  ply solve connect4 4453233 --threads 2 --hash 64\n  ply solve connect4 4453233 --all-moves --json\n  ply solve connect4 4453233 --weak\n  ply solve connect4 --batch Test_L3_R1\n  echo 4453 | ply solve connect4 --batch - --json\n  ply book connect4:5x4 --depth 6 && ply solve connect4:5x4 12 --book connect4-5x4.book\n\n\
Pig (pig, pig:N) is solved exactly by value iteration: JSON \"win_probability\" (the player to move's\n\
chance under optimal play), \"decision\" (roll or hold), \"decisions\" (each one's chance; hold null at\n\
turn total 0), \"hold_threshold\"; positions are written 12+7-30 (see docs/chance.md).\n\
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
$PLY_C4_BOOK, else connect4.book (connect4-WxH.book) in the current directory or books/; --no-book: none.\n\
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
    /// The language of the results in words: en, sv, zh or el (JSON: `text`,
    /// `explanation`; the text output: the values).
    #[arg(long, default_value = "en")]
    lang: Lang,
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
    if args.all_moves && root.as_connect4().is_none() {
        anyhow::bail!(
            "--all-moves adds Pons' score of each move, for connect4 only, not {}",
            root.game_name()
        );
    }
    if let Some(algorithm) = &args.algorithm
        && args.book.book.is_some()
        && root.as_connect4().is_some()
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
        // Only the engine reads a book, and --algorithm names a textbook search.
        let book = match args.algorithm {
            Some(_) => None,
            None => c4book::load(&args.book, &root)?,
        };
        let options = SolveOptions {
            algorithm: args.algorithm.clone(),
            threads: args.threads.map(|t| t as usize),
            hash_mib: args.hash.map(|h| h as usize),
            all_moves: args.all_moves,
            weak: args.weak,
            book: book.map(|b| BookRef {
                path: b.path,
                book: b.book,
            }),
            lang: args.lang,
        };
        // Ctrl-C stops the solve; it then reports the moves solved so far. A long solve
        // shows where it stands on a terminal (hidden otherwise).
        let _polled = interrupt::polled();
        let control = Control::with_flag(interrupt::stop_flag());
        let bar = interrupt::spinner("solving");
        let spinner = bar.clone();
        let progress: ProgressFn = Arc::new(move |message| spinner.set_message(message));
        let solved = solve_position(&root, &options, &control, &progress);
        bar.finish_and_clear();
        match solved.map_err(|e| anyhow::anyhow!("{e}"))? {
            Solved::Complete(out) => {
                if args.json {
                    print_json(&out)?;
                } else {
                    print_text(&root, &out, args.lang);
                }
                Ok(ExitCode::SUCCESS)
            }
            Solved::Interrupted(out) => {
                if args.json {
                    print_json(&out)?;
                } else {
                    print_interrupted(&root, &out);
                }
                Ok(ExitCode::from(interrupt::EXIT_CODE))
            }
        }
    }
}

fn print_text<G: Playable>(root: &G, out: &SolveReport, lang: Lang) {
    print!("{}", ply_api::play::board_text_in(lang, root));
    let player = ply_api::words::player_text_in(lang, &out.to_move);
    let position = if out.position.is_empty() {
        lang.say("solve.text.start", &[])
    } else {
        out.position.clone()
    };
    println!(
        "{}",
        lang.say(
            "solve.text.to-move",
            &[("player", &player), ("position", &position)]
        )
    );
    let value = match (out.value, out.plies) {
        _ if lang != Lang::En => out.text.clone(),
        (word, None) => format!("{word} (weak solve: the distance is not computed)"),
        ("draw", Some(plies)) if root.has_cycles() => {
            format!("draw (nobody can force the end; best play repeats after {plies} plies)")
        }
        ("draw", Some(plies)) => format!("draw (game ends in {plies} plies under best play)"),
        (word, Some(plies)) => format!("{word} in {plies} plies"),
    };
    println!(
        "{}",
        lang.say(
            "solve.text.value",
            &[("value", &value), ("player", &player)]
        )
    );
    if let Some(Some(score)) = out.score {
        let score = format!("{score:+}");
        println!("{}", lang.say("solve.text.score", &[("score", &score)]));
    }
    if let Some(book) = &out.book {
        let book = match book {
            Some(path) => path.clone(),
            None => lang.say("solve.text.none", &[]),
        };
        println!("{}", lang.say("solve.text.book", &[("book", &book)]));
    }
    if !out.best.is_empty() {
        // Moves such as `0,1` (pursuit, wythoff) hold commas: then `;` separates them.
        let separator = if out.best.iter().any(|m| m.contains(',')) {
            "; "
        } else {
            ", "
        };
        let best = out.best.join(separator);
        println!("{}", lang.say("solve.text.best", &[("moves", &best)]));
        if !out.pv.is_empty() {
            let line = out.pv.join(" ");
            println!("{}", lang.say("solve.text.line", &[("moves", &line)]));
        }
    }
    if let Some(why) = &out.explanation {
        println!("{}", lang.say("solve.text.why", &[("why", why)]));
    }
    for (name, value) in &out.extra_text {
        println!("{}", field_line(lang, name, value, out.extra.get(*name)));
    }
    if !out.moves.is_empty() {
        println!("{}", lang.say("solve.text.moves", &[]));
        for m in &out.moves {
            let mark = if out.best.contains(&m.mv) { '*' } else { ' ' };
            let how = match (m.value, m.plies) {
                _ if lang != Lang::En => m.text.clone(),
                ("draw", _) | (_, None) => m.value.to_string(),
                (word, Some(plies)) => format!("{word} in {plies}"),
            };
            match m.score {
                Some(Some(score)) => println!("  {mark} {:<6} {how:<12} score {score:+}", m.mv),
                _ => println!("  {mark} {:<6} {how}", m.mv),
            }
        }
    }
    let time = format!("{:.3}", out.time_ms);
    let stats = match out.positions {
        Some(positions) => lang.say(
            "solve.text.stats.memo",
            &[
                ("algorithm", &out.algorithm),
                ("nodes", &out.nodes),
                ("positions", &positions),
                ("time", &time),
            ],
        ),
        None => lang.say(
            "solve.text.stats",
            &[
                ("algorithm", &out.algorithm),
                ("nodes", &out.nodes),
                ("leaves", &out.leaves),
                ("cutoffs", &out.cutoffs),
                ("time", &time),
            ],
        ),
    };
    println!("{stats}");
}

/// One of a game's own facts as a line in `lang` (`cops win: yes`): its name and value
/// from the catalog (`solve.text.field.<name>`), a name the catalog lacks as written.
fn field_line(lang: Lang, name: &str, text: &str, value: Option<&serde_json::Value>) -> String {
    use serde_json::Value;
    let value = match value {
        Some(Value::Bool(true)) => lang.say("solve.text.yes", &[]),
        Some(Value::Bool(false)) => lang.say("solve.text.no", &[]),
        Some(Value::Null) => lang.say("solve.text.none", &[]),
        _ => text.to_string(),
    };
    let id = format!("solve.text.field.{name}");
    if lang.catalog().get(&id).is_some() {
        lang.say(&id, &[("value", &value)])
    } else {
        format!("{}: {value}", name.replace('_', " "))
    }
}

/// What an interrupted solve prints: the moves solved before Ctrl-C.
fn print_interrupted<G: Playable>(root: &G, out: &InterruptedReport) {
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
        let Some(start) = start.as_connect4() else {
            anyhow::bail!(
                "--batch works for connect4 only (Pons' score convention), not {}",
                start.game_name()
            );
        };
        let input = crate::input::open(args.batch.as_deref().unwrap_or("-"))?;
        let name = input.name().to_string();
        let book = c4book::load(&args.book, start)?;
        let _polled = crate::interrupt::polled();
        let options = BatchOptions {
            threads: args.threads.unwrap_or(1) as usize,
            hash_mib: args.hash.unwrap_or(16) as usize,
            weak: args.weak,
            book: book.as_ref().map(|b| std::sync::Arc::clone(&b.book)),
            ..BatchOptions::default()
        };
        pons::with_batch_solver(start, options, |solver| -> Result<ExitCode> {
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
        })?
    }
}

pub fn run(args: Args, games: &impl GameSource) -> Result<ExitCode> {
    if let Some(goal) = games.chance_game(&args.game) {
        let goal = goal?;
        let given = [
            ("--algorithm", args.algorithm.is_some()),
            ("--threads", args.threads.is_some()),
            ("--hash", args.hash.is_some()),
            ("--weak", args.weak),
            ("--all-moves", args.all_moves),
            ("--batch", args.batch.is_some()),
            ("--book", args.book.book.is_some()),
            ("--no-book", args.book.no_book),
        ];
        if let Some((option, _)) = given.iter().find(|(_, given)| *given) {
            anyhow::bail!(
                "{option} does not apply: Pig is solved exactly by value iteration over all its positions"
            );
        }
        return super::pig::solve(goal, args.position.as_deref(), args.json, args.lang);
    }
    if args.batch.is_some() {
        return games.visit(&args.game, Batch(&args))?;
    }
    games.visit(&args.game, Solve(&args))?
}
