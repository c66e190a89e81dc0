#![no_main]
//! Chess positions (FEN, `startpos`, `... moves ...`) and moves (SAN, UCI) as people and
//! GUIs type them: errors, never panics. A position that is read prints as a FEN that
//! reads back to it; a move that is read is legal and reads back from its SAN and UCI.
use libfuzzer_sys::fuzz_target;
use ply_core::Game;
use ply_fuzz::check_message;
use ply_games::Notation;
use ply_games::chess::Chess;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (position, mv) = text.split_once('\n').unwrap_or((text, "e4"));
    let position = match Chess::start().parse_position(position) {
        Ok(position) => position,
        Err(error) => {
            check_message(&error.to_string());
            Chess::start()
        }
    };
    let again = Chess::start()
        .parse_position(&position.position_string())
        .unwrap();
    assert_eq!(again, position);
    let _ = position.outcome();
    match position.parse_move(mv) {
        Ok(mv) => {
            assert!(position.legal_moves().contains(&mv));
            assert_eq!(position.parse_move(&position.san(mv)), Ok(mv));
            assert_eq!(position.parse_move(&position.uci(mv)), Ok(mv));
            let _ = position.after(mv).outcome();
        }
        Err(error) => check_message(&error.to_string()),
    }
});
