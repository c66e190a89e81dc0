#![no_main]
//! Game specs and moves typed by people: errors, never panics; a move that is read is
//! legal, and every error message quotes the text escaped and shortened.
use libfuzzer_sys::fuzz_target;
use ply_fuzz::check_message;
use ply_games::{GameVisitor, Playable, with_game};

struct TryMove<'a>(&'a str);
impl GameVisitor for TryMove<'_> {
    type Output = ();
    fn visit<G: Playable>(self, start: G) {
        // Listing the moves of a spec such as nim:4000000000 would take forever;
        // the taking games have their own target (taking_games).
        if !start.game_name().starts_with("mnk") && start.game_name() != "tictactoe" {
            return;
        }
        match start.parse_move(self.0) {
            Ok(mv) => {
                assert!(start.legal_moves().contains(&mv));
                assert_eq!(start.parse_move(&start.move_string(mv)), Ok(mv));
            }
            Err(error) => check_message(&error.to_string()),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (spec, mv) = text.split_once('\n').unwrap_or((text, "b2"));
    // Never `file:` specs: the fuzzer must not read arbitrary paths.
    if spec.contains("file:") {
        return;
    }
    if let Err(error) = with_game(spec, TryMove(mv)) {
        check_message(&error.to_string());
    }
    let _ = with_game("tictactoe", TryMove(text));
});
