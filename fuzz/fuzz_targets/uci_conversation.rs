#![no_main]
//! `ply uci` on any input: every line is read or refused, never a panic; what the engine
//! says of bad input is one `info string` line that follows the message policy. Searches
//! and table sizes are left out (a `go` runs for as long as it is told; `Hash` allocates
//! what it is told), the rest of the conversation runs: positions in FEN with moves, options,
//! the board and the evaluation. At its end the position it was left in is drawn (`d`) and
//! searched to depth 1, which must answer with one `bestmove`: a legal move of that
//! position, or `(none)` when it has none.
use libfuzzer_sys::fuzz_target;
use ply_cli::uci::{Command, parse_command};
use ply_core::Game;
use ply_core::input::Input;
use ply_fuzz::check_message;
use ply_games::chess::Chess;
use std::io::Write;
use std::sync::{Arc, Mutex};

#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fuzz_target!(|data: &[u8]| {
    // A byte-order mark at the very start is skipped by the input's text policy, so the
    // lines are judged as the engine will read them: `\u{feff}quit` is a `quit`.
    let data = data.strip_prefix(b"\xef\xbb\xbf").unwrap_or(data);
    let mut kept = Vec::new();
    for line in data.split(|&b| b == b'\n') {
        if let Ok(text) = std::str::from_utf8(line) {
            match parse_command(text) {
                // `quit` too: the conversation must reach the search at its end.
                Ok(Some(Command::Go(_) | Command::Quit)) => continue,
                Ok(Some(Command::SetOption { name, .. }))
                    if ["hash", "threads"].contains(&name.to_ascii_lowercase().as_str()) =>
                {
                    continue;
                }
                Err(error) => check_message(&error.to_string()),
                _ => {}
            }
        }
        kept.extend_from_slice(line);
        kept.push(b'\n');
    }
    kept.extend_from_slice(b"\nd\ngo depth 1\n");
    let output = Shared::default();
    ply_cli::uci::run(
        Input::from_reader("stdin", std::io::Cursor::new(kept)),
        Box::new(output.clone()),
    );
    let text = String::from_utf8(output.0.lock().unwrap().clone()).expect("UTF-8 output");
    for line in text.lines() {
        if let Some(message) = line.strip_prefix("info string ") {
            check_message(message);
        }
    }
    let fen = text
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix("Fen: "))
        .expect("the board drawn");
    let best: Vec<&str> = text
        .lines()
        .filter_map(|line| line.strip_prefix("bestmove "))
        .collect();
    assert_eq!(best.len(), 1, "one bestmove for {fen}:\n{text}");
    let mv = best[0].split(' ').next().unwrap();
    // The FEN is in Shredder-FEN when Chess960 was on: read it either way.
    let legal = [false, true].into_iter().any(|chess960| {
        Chess::from_fen_variant(fen, chess960).is_ok_and(|position| {
            if mv == "(none)" {
                // Every legal move, also in a game drawn by rule, which still gets a move.
                let mut moves = Vec::new();
                position.generate_moves(&mut moves);
                moves.is_empty()
            } else {
                position.parse_uci(mv, chess960).is_ok()
            }
        })
    });
    assert!(legal, "bestmove {mv} in {fen}");
});
