#![no_main]
//! Pig positions typed by people (`12+7-30`, `50:12+7-30`): errors, never panics; a
//! position that is read is written back the same way, and its legal decisions and the
//! game's throws play without a panic.
use libfuzzer_sys::fuzz_target;
use ply_core::Game;
use ply_fuzz::check_message;
use ply_games::pig::{Pig, PigState};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match PigState::parse(text) {
        Ok(state) => {
            let written = state.to_string();
            assert_eq!(PigState::parse(&written).as_ref(), Ok(&state), "{written}");
            let game = Pig::new(state);
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            assert!(!moves.is_empty());
            for mv in moves {
                let mut after = game;
                after.play(mv);
                let mut throws = Vec::new();
                after.generate_moves(&mut throws);
                for throw in throws {
                    let mut thrown = after;
                    thrown.play(throw);
                }
            }
        }
        Err(error) => check_message(&error.to_string()),
    }
});
