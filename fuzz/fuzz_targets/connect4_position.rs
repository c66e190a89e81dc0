#![no_main]
//! Any text given as a Connect Four move sequence is either read or refused with an error;
//! never a panic. A position that is read prints back to the same sequence, and any move
//! text is either a legal column or an error.
use libfuzzer_sys::fuzz_target;
use ply_core::Game;
use ply_games::{Connect4, Notation};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for shape in [Connect4::standard(), Connect4::new(4, 4).expect("valid shape")] {
        if let Ok(position) = shape.parse_position(text) {
            let written = position.position_string();
            if !text.trim().eq_ignore_ascii_case("start") {
                assert_eq!(written, text.trim());
            }
            assert_eq!(shape.parse_position(&written).expect("round trip"), position);
            if let Ok(column) = position.parse_move(text) {
                assert!(position.legal_moves().contains(&column));
            }
        }
    }
});
