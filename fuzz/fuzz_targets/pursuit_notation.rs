#![no_main]
//! Positions and moves of the pursuit games typed by people: errors, never panics; a
//! position that is read prints back to a string that reads to the same position.
//! Error messages quote the text escaped and shortened.
use libfuzzer_sys::fuzz_target;
use ply_core::Game;
use ply_fuzz::check_message;
use ply_games::{HiddenPursuit, Notation, Pursuit};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (position, mv) = text.split_once('\n').unwrap_or((text, "0"));
    for spec in ["grid:3x3,cops=2", "cycle:5", "tree:0,0,1"] {
        let game = Pursuit::from_spec_args(spec).expect("valid spec");
        match game.parse_position(position) {
            Ok(pos) => {
                assert_eq!(
                    game.parse_position(&pos.position_string())
                        .expect("round trip"),
                    pos
                );
                match pos.parse_move(mv) {
                    Ok(m) => {
                        assert!(pos.legal_moves().contains(&m));
                        assert_eq!(pos.parse_move(&pos.move_string(m)), Ok(m));
                    }
                    Err(error) => check_message(&error.to_string()),
                }
            }
            Err(error) => check_message(&error.to_string()),
        }
        let hidden = HiddenPursuit::from_spec_args(spec).expect("valid spec");
        match hidden.parse_position(position) {
            Ok(pos) => {
                assert_eq!(
                    hidden
                        .parse_position(&pos.position_string())
                        .expect("round trip"),
                    pos
                );
                match pos.parse_move(mv) {
                    Ok(m) => assert!(pos.legal_moves().contains(&m)),
                    Err(error) => check_message(&error.to_string()),
                }
            }
            Err(error) => check_message(&error.to_string()),
        }
    }
    // Game specs too, but never `file:` ones: the fuzzer must not read arbitrary paths.
    if !text.contains("file:") {
        if let Err(error) = Pursuit::from_spec_args(text) {
            check_message(&error.to_string());
        }
        if let Err(error) = HiddenPursuit::from_spec_args(text) {
            check_message(&error.to_string());
        }
    }
});
