//! `ply play`: a game against the engine in the terminal.

use crate::args;
use crate::c4book::{self, BookArgs, LoadedBook};
use crate::cyclic;
use crate::input;
use crate::interrupt::{self, Interrupted, StopOnInterrupt};
use crate::report;
use crate::resources;
use crate::source::GameSource;
use anyhow::Result;
use ply_core::engine::{Engine, HooksVisitor, Limits, SearchHooks, Settings, WithKnownValues};
use ply_core::input::{Input, LineError};
use ply_core::solve::SolveError;
use ply_core::{Algorithm, MoveValue, Player, SearchOptions, evaluate_moves_with};
use ply_games::{GameVisitor, Notation, Playable};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

const EXAMPLES: &str = "EXAMPLES:\n  ply play tictactoe\n  ply play tictactoe --first engine\n  ply play tictactoe --depth 2\n  ply play mnk:4,4,3 --depth 4\n  ply play pursuit:grid:3x3,cops=2 --first engine\n  ply play connect4 --time 1000\n  ply play pig\n  ply play pig:20 --seed 7\n\n\
With --time, or by default for large games (connect4: 1 second), the engine plays within a time budget.\n\
At the prompt: a move (b2 or 5 in tic-tac-toe), 'hint' for the engine's view of your moves, 'quit' to stop.\n\
Connect Four: the board is drawn in colour when standard output is a terminal, and 'hint' gives\n\
each column's exact score in Pons' convention (docs/connect4.md), '?' where not proved within --time.\n\
The engine reads a Connect Four opening book (made by `ply book`) when there is one: --book FILE,\n\
else $PLY_C4_BOOK, else connect4.book (connect4-WxH.book) in the current directory or books/; --no-book: none.\n\
Pig (pig, pig:N): at the prompt roll (r) or hold (h); 'hint' gives each decision's chance of\n\
winning. The engine plays optimally from the exact solution; --seed N throws the same faces again.";

/// Play against the engine in the terminal.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game (tictactoe, mnk:M,N,K, ...).
    game: String,
    /// Start from this position instead of the initial one.
    #[arg(long, allow_hyphen_values = true, value_parser = args::Position)]
    position: Option<String>,
    /// Who moves first.
    #[arg(long, default_value = "human", value_parser = clap::builder::PossibleValuesParser::new(["human", "engine"]))]
    first: String,
    /// Look this many plies ahead with the game's evaluation, 1 to 200 (default: search to the end, perfect play).
    #[arg(long, value_parser = args::whole::<u32>(1, args::MAX_DEPTH), allow_negative_numbers = true)]
    depth: Option<u32>,
    /// Let the engine think this many milliseconds per move, at least 1 (iterative deepening, transposition table).
    #[arg(long, value_parser = args::whole::<u64>(1, u64::MAX), allow_negative_numbers = true)]
    time: Option<u64>,
    #[command(flatten)]
    book: BookArgs,
    /// At the end, print the game record as JSON.
    #[arg(long)]
    json: bool,
    /// Pig: the seed of the die (default: a random one, printed at the start); the
    /// same seed throws the same faces.
    #[arg(long)]
    seed: Option<u64>,
}

/// The record `ply play GAME --json` prints at the end, Pig's included.
#[derive(Serialize)]
pub(super) struct GameRecord {
    pub(super) game: String,
    pub(super) start: String,
    /// The moves; in Pig each decision, a roll with the face it threw: `roll 4`, `hold`.
    pub(super) moves: Vec<String>,
    /// `first_player_wins`, `second_player_wins` or `draw`; null when the game was
    /// interrupted or abandoned.
    pub(super) result: Option<&'static str>,
    pub(super) winner: Option<&'static str>,
    /// The opening book the engine read (connect4 only; null: none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) book: Option<Option<String>>,
    /// Pig: the final scores (the winner's with the winning turn added).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) scores: Option<[u32; 2]>,
    /// Pig: the seed of the die (`--seed` plays the same throws again).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) seed: Option<u64>,
    /// Present (true) only when Ctrl-C ended the game.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(super) interrupted: bool,
    /// How the game ended: "finished", "quit", "end_of_input" or "interrupted".
    pub(super) ended: &'static str,
}

/// Shows the game: on standard output, or on standard error with `--json`, which keeps
/// standard output for the record alone.
macro_rules! show {
    ($json:expr, $($arg:tt)*) => {
        if $json { eprint!($($arg)*) } else { print!($($arg)*) }
    };
}

/// [`show!`] with a line break.
macro_rules! showln {
    ($json:expr) => { show!($json, "\n") };
    ($json:expr, $($arg:tt)*) => {
        if $json { eprintln!($($arg)*) } else { println!($($arg)*) }
    };
}

/// How a game ended, in the record's `ended` field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// Played to the end.
    Finished,
    /// `quit` at the prompt.
    Quit,
    /// The input ended before the game.
    EndOfInput,
    /// Ctrl-C at the prompt, or while a perfect player solved its move.
    Interrupted,
}

impl Ending {
    fn key(self) -> &'static str {
        match self {
            Ending::Finished => "finished",
            Ending::Quit => "quit",
            Ending::EndOfInput => "end_of_input",
            Ending::Interrupted => "interrupted",
        }
    }
}

/// "the first player", "X", "the cops": a player's name as the subject of a sentence.
fn subject(name: &str) -> String {
    if name.chars().count() <= 2 {
        name.to_string()
    } else {
        format!("the {name}")
    }
}

/// "X wins", "the cops win": the verb agrees with the name (plural names end in s).
fn wins(name: &str) -> String {
    let verb = if name.chars().count() > 2 && name.ends_with('s') {
        "win"
    } else {
        "wins"
    };
    format!("{} {verb}", subject(name))
}

struct Play<'a>(&'a Args);

impl GameVisitor for Play<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: Playable>(self, start: G) -> Result<ExitCode> {
        let pos = report::position_or_start(&start, self.0.position.as_deref())?;
        refuse_what_does_not_apply(self.0, &pos)?;
        let book = c4book::load(&self.0.book, &pos)?;
        pos.with_search_hooks(PlayWith {
            args: self.0,
            start: pos.clone(),
            book,
        })
    }
}

/// The game loop, with the game's engine hooks at hand.
struct PlayWith<'a, G> {
    args: &'a Args,
    start: G,
    book: Option<LoadedBook>,
}

impl<G: Playable> HooksVisitor<G> for PlayWith<'_, G> {
    type Output = Result<ExitCode>;

    fn visit<H: SearchHooks<G>>(self, hooks: H) -> Result<ExitCode> {
        let args = self.args;
        let mut pos = self.start;
        let initial = pos.clone();
        let engine = if args.first == "engine" {
            pos.to_move()
        } else {
            pos.to_move().opponent()
        };
        let eval = pos.evaluator();
        let options = SearchOptions::depth(args.depth);
        // Games whose positions repeat: a search to the end would never finish, so perfect
        // play reads a retrograde table of every position reachable from here.
        let table = if pos.has_cycles() && args.depth.is_none() {
            match cyclic::solve_table(&pos) {
                Ok(table) => Some(table),
                Err(error) if error.is::<Interrupted>() => {
                    return abandon(args, &initial, Vec::new(), None, Ending::Interrupted);
                }
                Err(error) => return Err(error),
            }
        } else {
            None
        };
        // The engine with a time budget: when asked, or by default for games too large to
        // solve (not for games with cycles, which the retrograde table plays perfectly).
        let budget = args
            .time
            .or((args.depth.is_none() && pos.prefers_engine()).then_some(1000))
            .filter(|_| table.is_none());
        let limits = Limits {
            depth: args.depth,
            time: budget.map(std::time::Duration::from_millis),
            stop: Some(crate::interrupt::stop_flag().into()),
            ..Limits::default()
        };
        let hooks = WithKnownValues::new(hooks, c4book::game_book(self.book.as_ref()));
        if table.is_none() {
            let deepest = args.depth.map(|d| d.saturating_mul(2));
            resources::check_search(&pos, deepest)?;
        }
        let mut searcher = match budget {
            Some(_) => Some(resources::engine(hooks, eval.clone(), Settings::default())?),
            None => None,
        };
        // Only the engine reads the book.
        let book_used = self.book.filter(|_| searcher.is_some());
        // Games with few positions but huge trees are solved once, the table kept for the whole game.
        let mut solver = if table.is_none()
            && searcher.is_none()
            && args.depth.is_none()
            && pos.memoised_solve()
        {
            Some(resources::memo_solver(
                &pos,
                ply_api::solve::canonical_key::<G>,
            )?)
        } else {
            None
        };
        // Every move's value; `None` when Ctrl-C stopped the work.
        let mut evaluate = |pos: &G| -> Result<Option<Vec<MoveValue<G::Move>>>> {
            let _polled = interrupt::polled();
            match (&table, solver.as_mut()) {
                (Some(table), _) => Ok(Some(cyclic::move_values(table, pos))),
                (None, Some(solver)) => match solver.try_move_values(pos) {
                    Ok(moves) => Ok(Some(moves)),
                    Err(SolveError::Interrupted) => Ok(None),
                    Err(error) => Err(anyhow::anyhow!("{}: {error}", pos.game_name())),
                },
                (None, None) => {
                    let mut stop = StopOnInterrupt::default();
                    let (moves, _) =
                        evaluate_moves_with(pos, &eval, Algorithm::AlphaBeta, options, &mut stop);
                    Ok((!stop.stopped()).then_some(moves))
                }
            }
        };
        // The engine's search. Ctrl-C stops this search only: the engine then plays the
        // best move it has found, and the flag is lowered for the rest of the game.
        let json = args.json;
        let think = |searcher: &mut Engine<_, _, _>, pos: &G| {
            let _polled = interrupt::polled();
            let limits = Limits {
                stop: Some(interrupt::linked_flag().into()),
                ..limits.clone()
            };
            let result = searcher.search(pos, &limits);
            if interrupt::interrupted() {
                interrupt::reset();
                showln!(
                    json,
                    "\n(Ctrl-C: the engine stops thinking and plays its best move so far)"
                );
            }
            result
        };
        // Perfect play on the standard Connect Four board (no --depth, no --time): every
        // move's exact score from the board's own solver and the book, each answer within
        // a second or so; the timed engine stays for what Ctrl-C leaves unsolved.
        let exact_board = args.depth.is_none()
            && args.time.is_none()
            && pos.as_connect4().is_some_and(|board| board.is_standard());
        let book_for_solver = book_used.as_ref().map(|b| Arc::clone(&b.book));
        let solve_board = |pos: &G| -> Option<(ply_api::solve::BoardValues<G::Move>, Duration)> {
            let _polled = interrupt::polled();
            let clock = std::time::Instant::now();
            let control = ply_api::control::Control::with_flag(interrupt::linked_flag());
            let silent: ply_api::solve::ProgressFn = Arc::new(|_| {});
            let found = ply_api::solve::standard_board_values(
                pos,
                None,
                STANDARD_HASH_MIB,
                book_for_solver.as_deref(),
                &control,
                &silent,
            )?
            .ok()?;
            (!found.interrupted).then(|| (found, clock.elapsed()))
        };
        let mut record = Vec::new();
        let lines = read_lines();
        showln!(
            json,
            "{}: you are {}, the engine is {}. {}",
            pos.game_name(),
            subject(&pos.player_name(engine.opponent())),
            subject(&pos.player_name(engine)),
            match (args.depth, &table) {
                _ if exact_board => "The engine plays perfectly: it solves every position \
                                     exactly (the book's at once)."
                    .to_string(),
                _ if budget.is_some() => format!(
                    "The engine thinks {} ms per move.",
                    budget.unwrap_or_default()
                ),
                (None, Some(table)) => format!(
                    "The engine knows the exact value of all {} positions reachable from here.",
                    table.len()
                ),
                (None, None) => "The engine searches to the end of the game.".to_string(),
                (Some(d), _) => format!("The engine looks {d} plies ahead."),
            }
        );
        if pos.has_conventional_score() {
            showln!(json, "{}", LoadedBook::describe(book_used.as_ref()));
        }
        // What to type, before the first prompt: the games' moves are not all cells.
        showln!(
            json,
            "Moves: {}. Also 'hint' (the value of each of your moves), 'help', 'quit'.",
            pos.move_help()
        );
        let estimates = args.depth.is_some();
        if estimates {
            showln!(
                json,
                "Values are estimates (+ good for the side to move, in the game's evaluation \
                 {} plies ahead), except wins and losses, which are proved.",
                args.depth.unwrap_or_default()
            );
        }
        let end = |ending: Ending, moves: Vec<String>| {
            abandon(args, &initial, moves, book_used.as_ref(), ending)
        };
        while pos.outcome().is_none() {
            show!(json, "\n{}", board(&pos, json));
            let mover = pos.to_move();
            let solved = (mover == engine && exact_board)
                .then(|| solve_board(&pos))
                .flatten();
            if interrupt::interrupted() {
                interrupt::reset();
            }
            let mv = if let Some((solved, time)) = solved
                && let Some(best) = solved.moves.first()
            {
                showln!(
                    json,
                    "engine ({}) thinks: {} ({} nodes, {:.0} ms)",
                    pos.player_name(mover),
                    best.value,
                    solved.stats.nodes,
                    time.as_secs_f64() * 1e3
                );
                if best.pv.len() > 1 {
                    showln!(
                        json,
                        "expected line: {}",
                        ply_api::solve::line(&pos, &best.pv).join(" ")
                    );
                }
                showln!(json, "engine plays {}", pos.move_string(best.mv));
                best.mv
            } else if mover == engine
                && let Some(searcher) = searcher.as_mut()
            {
                let result = think(searcher, &pos);
                let Some(best) = result.best else { break };
                showln!(
                    json,
                    "engine ({}) thinks: {} ({} nodes, {:.0} ms)",
                    pos.player_name(mover),
                    engine_thought(&result),
                    result.stats.nodes,
                    result.time.as_secs_f64() * 1e3
                );
                if result.pv.len() > 1 {
                    showln!(
                        json,
                        "expected line: {}",
                        ply_api::solve::line(&pos, &result.pv).join(" ")
                    );
                }
                showln!(json, "engine plays {}", pos.move_string(best));
                best
            } else if mover == engine {
                let Some(moves) = evaluate(&pos)? else {
                    return end(Ending::Interrupted, record);
                };
                showln!(
                    json,
                    "engine ({}) considers: {}",
                    pos.player_name(mover),
                    candidates(&pos, &moves, estimates)
                );
                let Some(choice) = moves.first() else { break };
                showln!(json, "engine plays {}", pos.move_string(choice.mv));
                if let Some(why) = pos.explain_move(choice.mv) {
                    let why = ply_api::explain::phrase(ply_api::lang::Lang::En, &why);
                    showln!(json, "why: {why}");
                }
                choice.mv
            } else {
                show!(json, "your move ({}): ", pos.player_name(mover));
                if json {
                    std::io::stderr().flush()?;
                } else {
                    std::io::stdout().flush()?;
                }
                let line = match next_line(&lines) {
                    Ok(line) => line,
                    Err(Interrupted) => return end(Ending::Interrupted, record),
                };
                let line = match line {
                    None => return end(Ending::EndOfInput, record),
                    Some(Ok(line)) => line,
                    Some(Err(error)) if error.ends_input() => {
                        anyhow::bail!("<stdin>: {error}")
                    }
                    Some(Err(error)) => {
                        showln!(json, "{}", with_help(&input::problem(&error), &pos));
                        continue;
                    }
                };
                match line.trim() {
                    "" => continue,
                    "quit" | "exit" | "q" => return end(Ending::Quit, record),
                    "hint" | "?" if searcher.is_some() && pos.has_conventional_score() => {
                        if let Some(searcher) = searcher.as_mut() {
                            let per_column = budget.map(std::time::Duration::from_millis);
                            let solved = exact_board.then(|| solve_board(&pos)).flatten();
                            let scores = match solved {
                                Some((solved, _)) => solved_column_scores(&pos, &solved.moves),
                                None => {
                                    let _polled = interrupt::polled();
                                    let book = book_used.as_ref().map(|b| &*b.book);
                                    column_scores(searcher, &pos, per_column, book)
                                }
                            };
                            // Ctrl-C stops the hint only: the columns not scored show '?'.
                            if interrupt::interrupted() {
                                interrupt::reset();
                                showln!(json, "\n(Ctrl-C: hint stopped)");
                            }
                            showln!(json, "{scores}");
                        }
                        continue;
                    }
                    "hint" | "?" if searcher.is_some() => {
                        if let Some(searcher) = searcher.as_mut() {
                            let result = think(searcher, &pos);
                            let best = result.best.map(|mv| pos.move_string(mv));
                            showln!(
                                json,
                                "engine suggests {} ({})",
                                best.unwrap_or_default(),
                                engine_thought(&result)
                            );
                        }
                        continue;
                    }
                    "hint" | "?" => {
                        let Some(moves) = evaluate(&pos)? else {
                            return end(Ending::Interrupted, record);
                        };
                        showln!(json, "your moves: {}", candidates(&pos, &moves, estimates));
                        continue;
                    }
                    "help" => {
                        showln!(
                            json,
                            "enter {}; 'hint' shows the value of each move; 'quit' stops",
                            pos.move_help()
                        );
                        continue;
                    }
                    text => match pos.parse_move(text) {
                        Ok(mv) => mv,
                        Err(e) => {
                            showln!(json, "{}", with_help(&e.to_string(), &pos));
                            continue;
                        }
                    },
                }
            };
            record.push(pos.move_string(mv));
            pos.play(mv);
        }
        show!(json, "\n{}", board(&pos, json));
        let winner = pos.outcome().and_then(|o| o.winner(pos.to_move()));
        match winner {
            Some(p) if p == engine => {
                showln!(json, "{}: the engine won.", wins(&pos.player_name(p)))
            }
            Some(p) => showln!(json, "{}: you won!", wins(&pos.player_name(p))),
            None => showln!(json, "Draw."),
        }
        if args.json {
            report::print_json(&GameRecord {
                game: initial.game_name(),
                start: initial.position_string(),
                moves: record,
                result: Some(match winner {
                    Some(Player::First) => "first_player_wins",
                    Some(Player::Second) => "second_player_wins",
                    None => "draw",
                }),
                winner: winner.map(report::player_key),
                book: initial
                    .has_books()
                    .then(|| book_used.as_ref().map(|b| b.path.clone())),
                scores: None,
                seed: None,
                interrupted: false,
                ended: Ending::Finished.key(),
            })?;
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// The options that cannot apply to `pos`, refused before any work.
fn refuse_what_does_not_apply<G: Playable>(args: &Args, pos: &G) -> Result<()> {
    // The same choices as the game loop's: a retrograde table without --depth for games
    // whose positions repeat, else the engine with --time or for large games.
    let from_table = pos.has_cycles() && args.depth.is_none();
    if from_table && args.time.is_some() {
        anyhow::bail!(
            "--time does not apply: without --depth, {} is played perfectly from a table of every position (retrograde analysis)",
            pos.game_name()
        );
    }
    let engine =
        !from_table && (args.time.is_some() || (args.depth.is_none() && pos.prefers_engine()));
    if !engine && args.book.book.is_some() && pos.has_conventional_score() {
        anyhow::bail!(
            "--book is read by the engine, which plays with --time (or by default, without --depth)"
        );
    }
    Ok(())
}

/// The game ends before its end: say how (on a fresh line after Ctrl-C: the terminal
/// echoed ^C), print the record so far with --json (alone on standard output), and
/// exit with 130 after Ctrl-C, 0 otherwise.
fn abandon<G: Playable>(
    args: &Args,
    initial: &G,
    moves: Vec<String>,
    book: Option<&LoadedBook>,
    ending: Ending,
) -> Result<ExitCode> {
    let json = args.json;
    match ending {
        Ending::Interrupted => showln!(json, "\n(Ctrl-C: game abandoned)"),
        Ending::EndOfInput => showln!(json, "\n(end of input: game abandoned)"),
        _ => showln!(json, "game abandoned"),
    }
    if args.json {
        report::print_json(&GameRecord {
            game: initial.game_name(),
            start: initial.position_string(),
            moves,
            result: None,
            winner: None,
            book: initial.has_books().then(|| book.map(|b| b.path.clone())),
            scores: None,
            seed: None,
            interrupted: ending == Ending::Interrupted,
            ended: ending.key(),
        })?;
    }
    Ok(if ending == Ending::Interrupted {
        ExitCode::from(interrupt::EXIT_CODE)
    } else {
        ExitCode::SUCCESS
    })
}

/// An error at the prompt, with what to type when that fits on one short line (the
/// games' own errors mostly say the format already; the help was shown at the start).
fn with_help<G: Notation>(error: &str, pos: &G) -> String {
    let help = pos.move_help();
    let both = format!("{error}: enter {help}");
    if error.contains(&help) || both.chars().count() > 100 {
        error.to_string()
    } else {
        both
    }
}

/// The engine's verdict on a position, as much as it knows: "win in 7", "draw (proved)",
/// "+0.35 (estimate, depth 12)".
fn engine_thought<M>(result: &ply_core::engine::EngineResult<M>) -> String {
    let score = result.score;
    if result.exact && score == ply_core::Score::DRAW {
        "draw (proved)".to_string()
    } else if score.plies_to_end().is_some() {
        score.to_string()
    } else {
        format!(
            "{} at depth {}",
            crate::engine_glue::value_words(score, false),
            result.depth
        )
    }
}

/// The lines typed at the prompt, read on a thread of their own so that the game can
/// wait for one and for Ctrl-C at the same time (a read from a terminal is not
/// interrupted by the signal). One line at most is read ahead.
pub(crate) fn read_lines() -> Receiver<TypedLine> {
    let (sender, receiver) = std::sync::mpsc::sync_channel(0);
    std::thread::spawn(move || {
        // Each line at most a few bytes long is stored: a longer one is refused unread.
        for line in Input::stdin().lines(input::PLAY_LINE_BYTES) {
            let line = line.map(|line| line.text);
            let last = line.as_ref().is_err_and(LineError::ends_input);
            if sender.send(line).is_err() || last {
                break;
            }
        }
    });
    receiver
}

/// A line typed at the prompt, or why it was refused.
pub(crate) type TypedLine = Result<String, LineError>;

/// The next line typed (`None` at the end of the input), or `Interrupted` within
/// 20 ms of Ctrl-C.
pub(crate) fn next_line(lines: &Receiver<TypedLine>) -> Result<Option<TypedLine>, Interrupted> {
    let _polled = interrupt::polled();
    loop {
        match lines.recv_timeout(Duration::from_millis(20)) {
            Ok(line) => return Ok(Some(line)),
            Err(RecvTimeoutError::Disconnected) => return Ok(None),
            Err(RecvTimeoutError::Timeout) => interrupt::check()?,
        }
    }
}

/// The board, in colour for Connect Four when standard output is a terminal
/// (X red, O yellow); plain text otherwise, so pipes and files get no escape codes.
fn board<G: Playable>(pos: &G, on_stderr: bool) -> String {
    let text = pos.render();
    let terminal = if on_stderr {
        std::io::stderr().is_terminal()
    } else {
        std::io::stdout().is_terminal()
    };
    if !pos.has_conventional_score() || !terminal {
        return text;
    }
    text.replace(" X", " \x1b[1;31mX\x1b[0m")
        .replace(" O", " \x1b[1;33mO\x1b[0m")
}

/// Connect Four's `hint`: each column's exact score in Pons' convention (from the book
/// when it holds the column's position, else the engine's exact mode, at most
/// `per_column` each), or the estimate when not proved in time.
fn column_scores<G: Playable, H: SearchHooks<G>>(
    engine: &mut Engine<G, H, G::Eval>,
    pos: &G,
    per_column: Option<std::time::Duration>,
    book: Option<&ply_games::connect4::OpeningBook>,
) -> String {
    let limits = Limits {
        exact: true,
        time: per_column,
        stop: Some(crate::interrupt::stop_flag().into()),
        ..Limits::default()
    };
    let mut parts = Vec::new();
    let mut moves = pos.legal_moves();
    // Left to right, as the columns are numbered under the board.
    moves.sort_by_key(|&mv| pos.move_string(mv).parse::<u32>().unwrap_or(u32::MAX));
    for mv in moves {
        if let Some(known) = book.and_then(|book| ply_api::solve::book_move_value(pos, mv, book)) {
            let score = pons_score_text(pos.conventional_score(known.value));
            parts.push(format!("{} {score}", pos.move_string(mv)));
            continue;
        }
        let child = pos.after(mv);
        let result = engine.search(&child, &limits);
        let value = if child.to_move() == pos.to_move() {
            result.score
        } else {
            -result.score
        }
        .from_node(1);
        let score = pons_score_text(pos.conventional_score(value).filter(|_| result.exact));
        parts.push(format!("{} {score}", pos.move_string(mv)));
    }
    format!("{COLUMN_SCORES_LEGEND}{}", parts.join(", "))
}

/// Connect Four's `hint` from every column's exact value, left to right, in the words
/// of [`column_scores`].
fn solved_column_scores<G: Playable>(pos: &G, moves: &[MoveValue<G::Move>]) -> String {
    let mut moves: Vec<_> = moves.iter().collect();
    moves.sort_by_key(|m| pos.move_string(m.mv).parse::<u32>().unwrap_or(u32::MAX));
    let parts: Vec<String> = moves
        .iter()
        .map(|m| {
            let score = pons_score_text(pos.conventional_score(m.value));
            format!("{} {score}", pos.move_string(m.mv))
        })
        .collect();
    format!("{COLUMN_SCORES_LEGEND}{}", parts.join(", "))
}

/// A column's score in a hint: `+4`, `0`, `-2`, or `?` when not proved.
fn pons_score_text(score: Option<i32>) -> String {
    match score {
        Some(0) => "0".to_string(),
        Some(score) => format!("{score:+}"),
        None => "?".to_string(),
    }
}

/// How a Connect Four hint begins.
const COLUMN_SCORES_LEGEND: &str =
    "column scores (+ win, 0 draw, - loss; the larger the sooner the win; ? not proved in time): ";

/// The table of the standard Connect Four board's solver in `ply play`, in MiB.
const STANDARD_HASH_MIB: usize = 64;

/// "b2 draw, a1 loss in 4, ..." for a list of evaluated moves, best first: the best
/// few, and how many more (a pursuit game may have dozens). With `estimates`, values
/// that are not decisive are the evaluation's, and say so.
fn candidates<G: Notation>(pos: &G, moves: &[MoveValue<G::Move>], estimates: bool) -> String {
    const SHOWN: usize = 8;
    let separator = if moves.iter().any(|m| pos.move_string(m.mv).contains(',')) {
        "; "
    } else {
        ", "
    };
    let mut text = moves
        .iter()
        .take(SHOWN)
        .map(|m| {
            // (The legend printed at the start says these are estimates.)
            let value = if estimates {
                crate::engine_glue::estimate_number(m.value)
            } else {
                m.value.to_string()
            };
            format!("{} {value}", pos.move_string(m.mv))
        })
        .collect::<Vec<_>>()
        .join(separator);
    if moves.len() > SHOWN {
        text.push_str(&format!("{separator}and {} more", moves.len() - SHOWN));
    }
    text
}

pub fn run(args: Args, games: &impl GameSource) -> Result<ExitCode> {
    if let Some(goal) = games.chance_game(&args.game) {
        let goal = goal?;
        let given = [
            ("--depth", args.depth.is_some()),
            ("--time", args.time.is_some()),
            ("--book", args.book.book.is_some()),
            ("--no-book", args.book.no_book),
        ];
        if let Some((option, _)) = given.iter().find(|(_, given)| *given) {
            anyhow::bail!(
                "{option} does not apply: the engine plays Pig optimally from its exact solution"
            );
        }
        return super::pig::play(super::pig::PlayArgs {
            goal,
            position: args.position.as_deref(),
            engine_first: args.first == "engine",
            seed: args.seed,
            json: args.json,
        });
    }
    if args.seed.is_some() {
        anyhow::bail!(
            "--seed throws the die of a dice game (pig); {} has none",
            args.game
        );
    }
    games.visit(&args.game, Play(&args))?
}
