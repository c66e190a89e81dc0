#![no_main]
//! Any text given as a Connect Four move sequence is either read or refused with an error;
//! never a panic. A position that is read prints back to the same sequence, and any move
//! text is either a legal column or an error. Error messages quote the text escaped
//! and shortened.
use libfuzzer_sys::fuzz_target;
use ply_core::Game;
use ply_fuzz::check_message;
use ply_games::{Connect4, Notation};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for shape in [
        Connect4::standard(),
        Connect4::new(4, 4).expect("valid shape"),
    ] {
        let parsed = shape.parse_position(text);
        if let Err(error) = &parsed {
            check_message(&error.to_string());
        }
        if let Ok(position) = parsed {
            let written = position.position_string();
            if !text.trim().eq_ignore_ascii_case("start") {
                assert_eq!(written, text.trim());
            }
            assert_eq!(
                shape.parse_position(&written).expect("round trip"),
                position
            );
            match position.parse_move(text) {
                Ok(column) => assert!(position.legal_moves().contains(&column)),
                Err(error) => check_message(&error.to_string()),
            }
        }
    }
});
