#![no_main]
//! Any line of a Connect Four test set (`moves` or `moves score`, as read by
//! `ply solve connect4 --batch` and `ply bench`) is either read or refused with an
//! error, never a panic; a score that names a possible end of game converts to ply's
//! distance-aware score and back unchanged. Error messages quote the line escaped and
//! shortened.
use libfuzzer_sys::fuzz_target;
use ply_fuzz::check_message;
use ply_games::Connect4;
use ply_games::connect4::score::parse_set_line;
use ply_games::connect4::{from_pons, to_pons};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for shape in [
        Connect4::standard(),
        Connect4::new(5, 3).expect("valid shape"),
    ] {
        match parse_set_line(&shape, text) {
            Ok((position, Some(score))) => {
                if let Some(value) = from_pons(&position, score) {
                    assert_eq!(to_pons(&position, value), Some(score));
                }
            }
            Ok((_, None)) => {}
            Err(error) => check_message(&error.to_string()),
        }
    }
});
