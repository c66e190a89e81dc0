//! `ply play`: a game against the engine in the terminal.

use crate::c4book::{self, BookArgs, GameBook, LoadedBook};
use crate::cyclic;
use crate::input;
use crate::pons;
use crate::report;
use crate::resources;
use anyhow::Result;
use ply_core::engine::{Engine, HooksVisitor, Limits, SearchHooks, Settings, WithKnownValues};
use ply_core::input::Input;
use ply_core::{Algorithm, MoveValue, Player, SearchOptions, evaluate_moves};
use ply_games::{GameVisitor, Notation, Playable, with_game};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

const EXAMPLES: &str = "EXAMPLES:\n  ply play tictactoe\n  ply play tictactoe --first engine\n  ply play tictactoe --depth 2\n  ply play mnk:4,4,3 --depth 4\n  ply play pursuit:grid:3x3,cops=2 --first engine\n  ply play connect4 --time 1000\n\n\
With --time, or by default for large games (connect4: 1 second), the engine plays within a time budget.\n\
At the prompt: a move (b2 or 5 in tic-tac-toe), 'hint' for the engine's view of your moves, 'quit' to stop.\n\
Connect Four: the board is drawn in colour when standard output is a terminal, and 'hint' gives\n\
each column's exact score in Pons' convention (docs/connect4.md), '?' where not proved within --time.\n\
The engine reads a Connect Four opening book (made by `ply book`) when there is one: --book FILE,\n\
else $PLY_C4_BOOK, else connect4.book (connect4-WxH.book) in the current directory; --no-book: none.";

/// Play against the engine in the terminal.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game (tictactoe, mnk:M,N,K, ...).
    game: String,
    /// Start from this position instead of the initial one.
    #[arg(long)]
    position: Option<String>,
    /// Who moves first.
    #[arg(long, default_value = "human", value_parser = clap::builder::PossibleValuesParser::new(["human", "engine"]))]
    first: String,
    /// Look this many plies ahead with the game's evaluation (default: search to the end, perfect play).
    #[arg(long)]
    depth: Option<u32>,
    /// Let the engine think this many milliseconds per move (iterative deepening, transposition table).
    #[arg(long)]
    time: Option<u64>,
    #[command(flatten)]
    book: BookArgs,
    /// At the end, print the game record as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct GameRecord {
    game: String,
    start: String,
    moves: Vec<String>,
    result: &'static str,
    winner: Option<&'static str>,
    /// The opening book the engine read (connect4 only; null: none).
    #[serde(skip_serializing_if = "Option::is_none")]
    book: Option<Option<String>>,
}

struct Play<'a>(&'a Args);

impl GameVisitor for Play<'_> {
    type Output = Result<ExitCode>;

    fn visit<G: Playable>(self, start: G) -> Result<ExitCode> {
        let pos = report::position_or_start(&start, self.0.position.as_deref())?;
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
            Some(cyclic::solve_table(&pos)?)
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
            stop: Some(crate::interrupt::stop_flag()),
            ..Limits::default()
        };
        let hooks = WithKnownValues::new(hooks, GameBook::new(self.book.as_ref()));
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
            Some(resources::memo_solver(&pos, report::canonical_key::<G>)?)
        } else {
            None
        };
        let mut evaluate = |pos: &G| -> Result<Vec<MoveValue<G::Move>>> {
            Ok(match (&table, solver.as_mut()) {
                (Some(table), _) => cyclic::move_values(table, pos),
                (None, Some(solver)) => solver
                    .try_move_values(pos)
                    .map_err(|e| anyhow::anyhow!("{}: {e}", pos.game_name()))?,
                (None, None) => evaluate_moves(pos, &eval, Algorithm::AlphaBeta, options).0,
            })
        };
        let mut record = Vec::new();
        // Each line at most a few bytes long is stored: a longer one is refused unread.
        let mut lines = Input::stdin().lines(input::PLAY_LINE_BYTES);
        println!(
            "{}: you are {}, the engine is {}. {}",
            pos.game_name(),
            pos.player_name(engine.opponent()),
            pos.player_name(engine),
            match (args.depth, &table) {
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
        if pons::as_connect4(&pos).is_some() {
            println!("{}", LoadedBook::describe(book_used.as_ref()));
        }
        while pos.outcome().is_none() {
            print!("\n{}", board(&pos));
            let mover = pos.to_move();
            let mv = if mover == engine
                && let Some(searcher) = searcher.as_mut()
            {
                let result = searcher.search(&pos, &limits);
                let Some(best) = result.best else { break };
                println!(
                    "engine ({}) thinks: {} at depth {} ({} nodes, {:.0} ms)",
                    pos.player_name(mover),
                    result.score,
                    result.depth,
                    result.stats.nodes,
                    result.time.as_secs_f64() * 1e3
                );
                println!("engine plays {}", pos.move_string(best));
                best
            } else if mover == engine {
                let moves = evaluate(&pos)?;
                println!(
                    "engine ({}) considers: {}",
                    pos.player_name(mover),
                    candidates(&pos, &moves)
                );
                let Some(choice) = moves.first() else { break };
                println!("engine plays {}", pos.move_string(choice.mv));
                if let Some(why) = pos.explain_move(choice.mv) {
                    println!("why: {why}");
                }
                choice.mv
            } else {
                print!("your move ({}): ", pos.player_name(mover));
                std::io::stdout().flush()?;
                let line = match lines.next() {
                    None => {
                        println!("\n(end of input: game abandoned)");
                        return Ok(ExitCode::SUCCESS);
                    }
                    Some(Ok(line)) => line.text,
                    Some(Err(error)) if error.ends_input() => {
                        anyhow::bail!("<stdin>: {error}")
                    }
                    Some(Err(error)) => {
                        println!("{}. Enter {}.", input::problem(&error), pos.move_help());
                        continue;
                    }
                };
                match line.trim() {
                    "" => continue,
                    "quit" | "exit" | "q" => {
                        println!("game abandoned");
                        return Ok(ExitCode::SUCCESS);
                    }
                    "hint" | "?" if searcher.is_some() && pons::as_connect4(&pos).is_some() => {
                        if let Some(searcher) = searcher.as_mut() {
                            let per_column = budget.map(std::time::Duration::from_millis);
                            println!("{}", column_scores(searcher, &pos, per_column));
                        }
                        continue;
                    }
                    "hint" | "?" if searcher.is_some() => {
                        if let Some(searcher) = searcher.as_mut() {
                            let result = searcher.search(&pos, &limits);
                            let best = result.best.map(|mv| pos.move_string(mv));
                            println!(
                                "engine suggests {} ({} at depth {})",
                                best.unwrap_or_default(),
                                result.score,
                                result.depth
                            );
                        }
                        continue;
                    }
                    "hint" | "?" => {
                        let moves = evaluate(&pos)?;
                        println!("your moves: {}", candidates(&pos, &moves));
                        continue;
                    }
                    "help" => {
                        println!(
                            "enter {}; 'hint' shows the value of each move; 'quit' stops",
                            pos.move_help()
                        );
                        continue;
                    }
                    text => match pos.parse_move(text) {
                        Ok(mv) => mv,
                        Err(e) => {
                            println!("{e}. Enter {}.", pos.move_help());
                            continue;
                        }
                    },
                }
            };
            record.push(pos.move_string(mv));
            pos.play(mv);
        }
        print!("\n{}", board(&pos));
        let winner = pos.outcome().and_then(|o| o.winner(pos.to_move()));
        match winner {
            Some(p) if p == engine => println!("{} wins: the engine won.", pos.player_name(p)),
            Some(p) => println!("{} wins: you won!", pos.player_name(p)),
            None => println!("Draw."),
        }
        if args.json {
            report::print_json(&GameRecord {
                game: initial.game_name(),
                start: initial.position_string(),
                moves: record,
                result: match winner {
                    Some(Player::First) => "first_player_wins",
                    Some(Player::Second) => "second_player_wins",
                    None => "draw",
                },
                winner: winner.map(report::player_key),
                book: pons::as_connect4(&initial)
                    .map(|_| book_used.as_ref().map(|b| b.path.clone())),
            })?;
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// The board, in colour for Connect Four when standard output is a terminal
/// (X red, O yellow); plain text otherwise, so pipes and files get no escape codes.
fn board<G: Playable>(pos: &G) -> String {
    let text = pos.render();
    if pons::as_connect4(pos).is_none() || !std::io::stdout().is_terminal() {
        return text;
    }
    text.replace(" X", " \x1b[1;31mX\x1b[0m")
        .replace(" O", " \x1b[1;33mO\x1b[0m")
}

/// Connect Four's `hint`: each column's exact score in Pons' convention (the engine's
/// exact mode, at most `per_column` each), or the estimate when not proved in time.
fn column_scores<G: Playable, H: SearchHooks<G>>(
    engine: &mut Engine<G, H, G::Eval>,
    pos: &G,
    per_column: Option<std::time::Duration>,
) -> String {
    let limits = Limits {
        exact: true,
        time: per_column,
        stop: Some(crate::interrupt::stop_flag()),
        ..Limits::default()
    };
    let mut parts = Vec::new();
    let mut moves = pos.legal_moves();
    // Left to right, as the columns are numbered under the board.
    moves.sort_by_key(|&mv| pos.move_string(mv).parse::<u32>().unwrap_or(u32::MAX));
    for mv in moves {
        let child = pos.after(mv);
        let result = engine.search(&child, &limits);
        let value = if child.to_move() == pos.to_move() {
            result.score
        } else {
            -result.score
        }
        .from_node(1);
        let score = match pons::pons_score(pos, value) {
            Some(score) if result.exact => format!("{score:+}"),
            _ => "?".to_string(),
        };
        parts.push(format!("{} {score}", pos.move_string(mv)));
    }
    format!(
        "column scores (+ win, 0 draw, - loss; the larger the sooner the win; ? not proved in time): {}",
        parts.join(", ")
    )
}

/// "b2 draw, a1 loss in 4, ..." for a list of evaluated moves.
fn candidates<G: Notation>(pos: &G, moves: &[MoveValue<G::Move>]) -> String {
    moves
        .iter()
        .map(|m| format!("{} {}", pos.move_string(m.mv), m.value))
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn run(args: Args) -> Result<ExitCode> {
    with_game(&args.game, Play(&args))?
}
