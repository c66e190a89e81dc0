#![no_main]
//! Game specs and moves typed by people: errors, never panics.
use libfuzzer_sys::fuzz_target;
use ply_games::{GameVisitor, Notation, Playable, with_game};

struct TryMove<'a>(&'a str);
impl GameVisitor for TryMove<'_> {
    type Output = ();
    fn visit<G: Playable>(self, start: G) {
        // Listing the moves of a spec such as nim:4000000000 would take forever;
        // the taking games have their own target (taking_games).
        if !start.game_name().starts_with("mnk") && start.game_name() != "tictactoe" {
            return;
        }
        if let Ok(mv) = start.parse_move(self.0) {
            assert!(start.legal_moves().contains(&mv));
            let _ = start.move_string(mv);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (spec, mv) = text.split_once('\n').unwrap_or((text, "b2"));
    let _ = with_game(spec, TryMove(mv));
    let _ = with_game("tictactoe", TryMove(text));
});
