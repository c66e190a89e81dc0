#![no_main]
//! Game specs as people type them (`nim:3,4,5`, `connect4:5x4`, `pursuit:grid:3x3,cops=2`),
//! then a position and a move: errors, never panics. A spec that is read names a game
//! that reads back to the same start; its bounds hold for the start and the position.
//! Error messages quote the text escaped and shortened.
use libfuzzer_sys::fuzz_target;
use ply_fuzz::check_message;
use ply_games::{GameVisitor, Playable, with_game};

/// The most moves listed to check the bounds (a pile of a million has a million).
const LISTED: u64 = 10_000;

struct Check<'a> {
    position: &'a str,
    mv: &'a str,
}

fn check_bounds<G: Playable>(pos: &G) {
    let bounds = pos.bounds();
    if let Some(most) = bounds.max_moves
        && most <= LISTED
    {
        let moves = pos.legal_moves().len() as u64;
        assert!(
            moves <= most,
            "{}: {moves} moves, bound {most}",
            pos.game_name()
        );
    }
    if let (Some(low), Some(high)) = (bounds.min_positions, bounds.positions) {
        assert!(low <= high, "{}: positions {low} > {high}", pos.game_name());
    }
    if bounds.max_plies == Some(0) {
        assert!(pos.legal_moves().is_empty(), "{}", pos.game_name());
    }
}

impl GameVisitor for Check<'_> {
    type Output = ();
    fn visit<G: Playable>(self, start: G) {
        let name = start.game_name();
        struct Same<G>(G);
        impl<G: Playable> GameVisitor for Same<G> {
            type Output = bool;
            fn visit<H: Playable>(self, again: H) -> bool {
                again.game_name() == self.0.game_name()
                    && again.position_string() == self.0.position_string()
            }
        }
        assert_eq!(with_game(&name, Same(start.clone())), Ok(true), "{name}");
        check_bounds(&start);
        let pos = match start.parse_position(self.position) {
            Ok(pos) => pos,
            Err(error) => return check_message(&error.to_string()),
        };
        check_bounds(&pos);
        let read = pos.parse_move(self.mv);
        if let Err(error) = &read {
            check_message(&error.to_string());
        }
        if let Ok(mv) = read {
            let after = pos.after(mv);
            check_bounds(&after);
            let _ = after.render();
            if let (Some(before), Some(now)) = (pos.bounds().max_plies, after.bounds().max_plies) {
                assert!(
                    now < before || pos.has_cycles(),
                    "{name}: a move must shorten the game"
                );
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut parts = text.splitn(3, '\n');
    let spec = parts.next().unwrap_or_default();
    let position = parts.next().unwrap_or_default();
    let mv = parts.next().unwrap_or("1");
    // Never `file:` specs: the fuzzer must not read arbitrary paths.
    if spec.contains("file:") {
        return;
    }
    if let Err(error) = with_game(spec, Check { position, mv }) {
        check_message(&error.to_string());
    }
});
