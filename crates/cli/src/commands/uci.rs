//! `ply uci`: the chess engine for GUIs and match runners (the protocol lives in `uci/`).

use anyhow::Result;
use std::process::ExitCode;

const EXAMPLES: &str = "EXAMPLES:\n  ply uci                                  # then: uci, isready, position startpos moves e2e4, go movetime 1000\n  printf 'position startpos\\ngo depth 8\\n' | ply uci\n\n\
Speaks the Universal Chess Interface on standard input and output: add `ply uci` as an engine in a chess GUI (Cute Chess, Arena, Banksia, En Croissant) or a match runner (cutechess-cli, fastchess, python-chess). Options: Hash, Clear Hash, Threads, Move Overhead, Ponder, UCI_Chess960, Skill Level. Extras: `d` draws the board, `eval` prints the static evaluation, `go perft N` counts moves. `quit` stops any search at once; at the end of the input, an infinite search stops and any other finishes first. docs/chess.md has the details.";

/// Play chess with a GUI or a match runner: the Universal Chess Interface on stdin/stdout.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {}

pub fn run(_args: Args) -> Result<ExitCode> {
    crate::uci::run_stdio();
    Ok(ExitCode::SUCCESS)
}
