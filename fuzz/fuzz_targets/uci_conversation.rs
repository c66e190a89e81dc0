#![no_main]
//! `ply uci` on any input: every line is read or refused, never a panic; what the engine
//! says of bad input is one `info string` line that follows the message policy. Searches
//! and table sizes are left out (a `go` runs for as long as it is told; `Hash` allocates
//! what it is told), the rest of the conversation runs: positions in FEN with moves, options,
//! the board and the evaluation.
use libfuzzer_sys::fuzz_target;
use ply_cli::uci::{Command, parse_command};
use ply_core::input::Input;
use ply_fuzz::check_message;
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
    let mut kept = Vec::new();
    for line in data.split(|&b| b == b'\n') {
        if let Ok(text) = std::str::from_utf8(line) {
            match parse_command(text) {
                Ok(Some(Command::Go(_))) => continue,
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
});
