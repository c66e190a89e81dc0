#![no_main]
//! Positions and moves of the pursuit games typed by people: errors, never panics; a
//! position that is read prints back to a string that reads to the same position.
use libfuzzer_sys::fuzz_target;
use ply_core::Game;
use ply_games::{HiddenPursuit, Notation, Pursuit};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (position, mv) = text.split_once('\n').unwrap_or((text, "0"));
    for spec in ["grid:3x3,cops=2", "cycle:5", "tree:0,0,1"] {
        let game = Pursuit::from_spec_args(spec).expect("valid spec");
        if let Ok(pos) = game.parse_position(position) {
            assert_eq!(game.parse_position(&pos.position_string()).expect("round trip"), pos);
            if let Ok(m) = pos.parse_move(mv) {
                assert!(pos.legal_moves().contains(&m));
                assert_eq!(pos.parse_move(&pos.move_string(m)), Ok(m));
            }
        }
        let hidden = HiddenPursuit::from_spec_args(spec).expect("valid spec");
        if let Ok(pos) = hidden.parse_position(position) {
            assert_eq!(hidden.parse_position(&pos.position_string()).expect("round trip"), pos);
            if let Ok(m) = pos.parse_move(mv) {
                assert!(pos.legal_moves().contains(&m));
            }
        }
    }
    // Game specs too, but never `file:` ones: the fuzzer must not read arbitrary paths.
    if !text.contains("file:") {
        let _ = Pursuit::from_spec_args(text);
        let _ = HiddenPursuit::from_spec_args(text);
    }
});
