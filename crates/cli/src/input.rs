//! How the commands read what they are given: every file and standard input goes
//! through [`ply_core::input`] (directories refused, every read bounded), with the
//! limits of this module. Graph files (`pursuit:file:PATH`) and opening books are read
//! by their own crates with their own limits (`ply_games::graph::MAX_FILE_BYTES`,
//! `ply_games::connect4::book::MAX_FILE_BYTES`).

use ply_core::input::{Input, LineError, LineProblem};

/// The longest line of a Connect Four test set (`--batch`, `bench`): a position of
/// 7x6 is at most 42 digits, so 4 KiB leaves room for any board and comment.
pub const SET_LINE_BYTES: usize = 4 << 10;

/// The longest line typed at the `play` prompt: a move is a few characters.
pub const PLAY_LINE_BYTES: usize = 1 << 10;

/// Opens FILE, or standard input for `-` (see [`Input::open`]).
pub fn open(path: &str) -> anyhow::Result<Input> {
    Ok(Input::open(path)?)
}

/// What is wrong with a line, without its number: for a prompt, where the line number
/// means nothing to the person typing.
pub fn problem(error: &LineError) -> String {
    match &error.problem {
        LineProblem::TooLong { limit } => format!(
            "that line is longer than {}",
            ply_core::input::size_words(*limit as u64)
        ),
        LineProblem::NotUtf8 { column } => format!("not valid UTF-8 (column {column})"),
        LineProblem::Text { column, message } => format!("{message} (column {column})"),
        LineProblem::Endless | LineProblem::Io(_) => error.to_string(),
    }
}
