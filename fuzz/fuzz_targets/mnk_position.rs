#![no_main]
//! Any text given as an m,n,k position is either read or refused with an error; never a panic.
//! A position that is read must print back to a string that reads to the same position;
//! an error message quotes the text escaped and shortened.
use libfuzzer_sys::fuzz_target;
use ply_fuzz::check_message;
use ply_games::{Mnk, Notation};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for shape in [Mnk::tic_tac_toe(), Mnk::new(4, 3, 3).expect("valid shape")] {
        match shape.parse_position(text) {
            Ok(position) => {
                let again = shape
                    .parse_position(&position.position_string())
                    .expect("round trip");
                assert_eq!(again, position);
            }
            Err(error) => check_message(&error.to_string()),
        }
    }
});
