//! Shared wording and JSON helpers, so every command says results the same way.

use ply_core::Player;
use ply_games::Notation;
use serde::Serialize;

/// The side to move, as people name it.
pub fn to_move_name<G: Notation>(pos: &G) -> String {
    pos.player_name(pos.to_move())
}

/// "first" or "second", the stable JSON name of a player.
pub fn player_key(player: Player) -> &'static str {
    match player {
        Player::First => "first",
        Player::Second => "second",
    }
}

/// Prints a value as pretty JSON on stdout.
pub fn print_json<T: Serialize>(value: &T) -> anyhow::Result<()> {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}

/// Milliseconds with microsecond resolution, for `time_ms` fields.
pub fn millis(elapsed: std::time::Duration) -> f64 {
    (elapsed.as_secs_f64() * 1e6).round() / 1e3
}

/// Reads the optional POSITION argument against the game's start position.
pub fn position_or_start<G: Notation>(start: &G, position: Option<&str>) -> anyhow::Result<G> {
    match position {
        Some(text) => start
            .parse_position(text)
            .map_err(|e| anyhow::anyhow!("position: {e}")),
        None => Ok(start.clone()),
    }
}

/// The line of moves, written in the game's notation.
pub fn line<G: Notation>(start: &G, moves: &[G::Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let name = pos.move_string(mv);
            pos.play(mv);
            name
        })
        .collect()
}

/// A position's notation for a sentence: "(the start, no move played)" for the empty
/// notation of Connect Four's empty board, which would otherwise read as nothing.
pub fn position_words(notation: &str) -> String {
    if notation.is_empty() {
        "(the start, no move played)".to_string()
    } else {
        notation.to_string()
    }
}
