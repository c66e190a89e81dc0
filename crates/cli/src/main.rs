//! The `ply` binary: thin glue between the command line and the libraries.
//! Each subcommand lives in its own file under `commands/`.

mod commands;
mod interrupt;
mod report;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

const ABOUT: &str = "ply: a game-tree search engine and lab.\n\
Play, solve, count and analyse two-player games of perfect information.";

const GAMES_HELP: &str = "GAMES:\n  tictactoe            tic-tac-toe on 3x3 (alias ttt)\n  mnk:M,N,K            M columns, N rows, K in a row wins (e.g. mnk:4,4,4)";

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
    Tree(commands::tree::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(args) => commands::play::run(args),
        Command::Solve(args) => commands::solve::run(args),
        Command::Count(args) => commands::count::run(args),
        Command::Tree(args) => commands::tree::run(args),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("ply: error: {error:#}");
            ExitCode::from(2)
        }
    }
}
