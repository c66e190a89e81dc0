//! The front end of the `ply` binary: the command line's grammar and each command's
//! glue to the libraries (each subcommand lives in its own file under `commands/`).
//! The binary itself (`main.rs`) only calls [`main`]; the grammar is a library so that
//! it can be fuzzed ([`check_arguments`]).
#![deny(missing_docs)]

mod args;
mod c4book;
mod commands;
mod cyclic;
mod engine_glue;
mod input;
mod interrupt;
mod output;
mod pons;
mod report;
mod resources;
mod source;
pub mod uci;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

const ABOUT: &str = "ply: a game-tree search engine and lab.\n\
Play, solve, count and analyse two-player games of perfect information.";

const GAMES_HELP: &str = concat!(
    "GAMES:\n",
    "  tictactoe            tic-tac-toe on 3x3 (alias ttt)\n",
    "  mnk:M,N,K            M columns, N rows, K in a row wins (e.g. mnk:4,4,4)\n",
    "  connect4             Connect Four 7x6; positions are the columns played (e.g. 4453)\n",
    "  connect4:WxH         Connect Four on W columns x H rows (e.g. connect4:5x4)\n",
    "  chess                chess; positions are FENs or startpos, then moves ... (e.g. 'startpos moves e4 e5')\n",
    "  race:N,K             add 1..K to a total; who reaches exactly N wins (race = race:10,2)\n",
    "  nim:a,b,...          Nim: take from one pile; who takes the last object wins\n",
    "  misere-nim:a,b,...   misère Nim: who takes the last object loses\n",
    "  bash:N,M             one pile of N, take 1..M\n",
    "  wythoff:a,b          take from one pile, or the same number from both\n",
    "  subtraction:N,...;S  take a size in the set S from one pile (e.g. 'subtraction:20,17;1,3,4')\n",
    "  pursuit:GRAPH[,cops=K]         K cops chase a visible fugitive (e.g. pursuit:grid:3x3,cops=2)\n",
    "  pursuit-hidden:GRAPH[,cops=K]  K cops search for an invisible one (e.g. pursuit-hidden:path:6)\n",
    "  pig                  Pig, the dice game: roll or hold, first to 100 (solve, play; e.g. 12+7-30)\n",
    "  pig:N                Pig to N, 1 to 200 (e.g. pig:20)\n",
    "GRAPHS: path:N, cycle:N, grid:WxH, tree:P1,P2,... (the parent of each vertex 1, 2, ...),\n",
    "  petersen, file:PATH (an edge list; see docs/pursuit.md)"
);

#[derive(Parser)]
#[command(name = "ply", version, about = ABOUT, after_help = GAMES_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Play(commands::play::Args),
    Solve(commands::solve::Args),
    Count(commands::count::Args),
    Analyze(commands::analyze::Args),
    Tree(commands::tree::Args),
    Practice(commands::practice::Args),
    Grade(commands::grade::Args),
    Grundy(commands::grundy::Args),
    Perft(commands::perft::Args),
    Bench(commands::bench::Args),
    Book(commands::book::Args),
    #[command(name = "gen")]
    Generate(commands::generate::Args),
    Serve(commands::serve::Args),
    Uci(commands::uci::Args),
    Tune(commands::tune::Args),
}

/// A closed pipe (`ply tree big.txt | head`) ends the process quietly, as it does
/// for any Unix filter, instead of a panic in the middle of printing.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: restores the default action of one signal before any thread starts;
    // the Rust runtime set it to "ignore" only so that writes return an error.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Reads the command line as `ply` does, without running anything: `Ok` when the
/// arguments name a command with well-formed options, else clap's error (for the fuzz
/// target of the argument grammar, and for tests).
pub fn check_arguments<I, T>(arguments: I) -> Result<(), clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    Cli::try_parse_from(arguments).map(|_| ())
}

/// A panic is a bug of ply, never the user's fault: say so on one line, where the
/// message came from, instead of Rust's multi-line report (the exit code stays 101).
fn report_panics_as_bugs() {
    std::panic::set_hook(Box::new(|info| {
        let message = ply_core::text::panic_message(info.payload());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!(
            "ply: internal error: {}{place} (a bug in ply: please report it)",
            ply_core::text::excerpt(&message)
        );
    }));
}

/// Runs `ply` with the process's arguments and returns its exit code.
pub fn main() -> ExitCode {
    let arguments: Vec<std::ffi::OsString> = std::env::args_os().collect();
    run(arguments, &source::Catalog)
}

/// The `ply` command line for a game of your own: `play`, `solve`, `analyze`, `count`
/// and `tree` work on `game` as they do on ply's games, with the same options, the
/// same output and the same JSON (the game spec is left out of the command line).
/// Call it from your program's `main` with the process's arguments:
///
/// ```no_run
/// # use ply_games::Mnk;
/// # fn my_game() -> Mnk { Mnk::tic_tac_toe() }
/// fn main() -> std::process::ExitCode {
///     // `my-game play`, `my-game solve`, `my-game tree --format svg`, ...
///     ply_cli::main_for_game(my_game())
/// }
/// ```
///
/// The game implements [`ply_games::Playable`] (the game, its notation and an
/// evaluation, `ply_core::NoEvaluation` if it has none); `examples/kayles.rs` is a
/// whole game in under two hundred lines. The Connect Four commands (`bench`, `book`,
/// `gen`) and `grundy` stay with ply's own games.
pub fn main_for_game<G: ply_games::Playable>(game: G) -> ExitCode {
    let mut arguments: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // `my-game solve X..` reads as `ply solve GAME X..`: the spec goes after the command.
    // (`my-game tree my-game@POSITION` already names it.)
    let name = game.game_name();
    let named = arguments
        .get(2)
        .is_some_and(|a| a.to_string_lossy().starts_with(&format!("{name}@")));
    if arguments.len() > 1 && !arguments[1].to_string_lossy().starts_with('-') && !named {
        arguments.insert(2, name.into());
    }
    run(arguments, &source::OneGame(game))
}

fn run(arguments: Vec<std::ffi::OsString>, games: &impl source::GameSource) -> ExitCode {
    quiet_on_closed_pipe();
    report_panics_as_bugs();
    interrupt::install();
    let cli = match Cli::try_parse_from(&arguments) {
        Ok(cli) => cli,
        Err(error) => return args::refuse(error, &Cli::command()),
    };
    let result = match cli.command {
        Command::Play(args) => commands::play::run(args, games),
        Command::Solve(args) => commands::solve::run(args, games),
        Command::Count(args) => commands::count::run(args, games),
        Command::Analyze(args) => commands::analyze::run(args, games),
        Command::Tree(args) => commands::tree::run(args, games),
        Command::Practice(args) => commands::practice::run(args),
        Command::Grade(args) => commands::grade::run(args),
        Command::Grundy(args) => commands::grundy::run(args),
        Command::Perft(args) => commands::perft::run(args),
        Command::Bench(args) => commands::bench::run(args, games),
        Command::Book(args) => commands::book::run(args, games),
        Command::Generate(args) => commands::generate::run(args, games),
        Command::Serve(args) => commands::serve::run(args),
        Command::Uci(args) => commands::uci::run(args),
        Command::Tune(args) => commands::tune::run(args),
    };
    match result {
        Ok(code) => code,
        Err(error) if error.chain().any(|e| e.is::<interrupt::Interrupted>()) => {
            eprintln!("ply: interrupted");
            ExitCode::from(interrupt::EXIT_CODE)
        }
        Err(error) => {
            eprintln!("ply: error: {error:#}");
            ExitCode::from(2)
        }
    }
}
