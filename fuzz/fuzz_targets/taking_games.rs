#![no_main]
//! Specs, positions and moves of the counting and taking games (race, Nim,
//! misère Nim, Bash, Wythoff, subtraction): errors, never panics; whatever is
//! read is legal and written back the same way. Error messages quote the text escaped
//! and shortened.
use libfuzzer_sys::fuzz_target;
use ply_fuzz::check_message;
use ply_games::{GameVisitor, Playable, with_game};

/// Reads a position, then a move in it. Moves are only listed for small
/// positions (a pile of a billion has a billion moves).
struct TryPositionAndMove<'a> {
    position: &'a str,
    mv: &'a str,
}

impl GameVisitor for TryPositionAndMove<'_> {
    type Output = ();
    fn visit<G: Playable>(self, start: G) {
        let name = start.game_name();
        let pos = match start.parse_position(self.position) {
            Ok(pos) => pos,
            Err(error) => return check_message(&error.to_string()),
        };
        assert_eq!(
            start.parse_position(&pos.position_string()).as_ref(),
            Ok(&pos),
            "{name}"
        );
        let read = pos.parse_move(self.mv);
        if let Err(error) = &read {
            check_message(&error.to_string());
        }
        if let Ok(mv) = read {
            assert_eq!(pos.parse_move(&pos.move_string(mv)), Ok(mv));
            let _ = pos.explain_move(mv);
            if pos.position_string().len() <= 8 {
                assert!(pos.legal_moves().contains(&mv), "{name}: {}", self.mv);
            }
            let _ = pos.after(mv).render();
        }
    }
}

/// A spec alone: read it, never list its moves.
struct Name;
impl GameVisitor for Name {
    type Output = String;
    fn visit<G: Playable>(self, start: G) -> String {
        start.game_name()
    }
}

const SPECS: [&str; 6] = [
    "race:10,2",
    "nim:3,4,5",
    "misere-nim:1,2,3",
    "bash:21,3",
    "wythoff:4,7",
    "subtraction:20,17;1,3,4",
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let (position, mv) = text.split_once('\n').unwrap_or((text, "1:1"));
    let spec = SPECS[selector as usize % SPECS.len()];
    let _ = with_game(spec, TryPositionAndMove { position, mv });
    // Whole specs typed by people (piles of up to a million make a Grundy table: fine).
    if (!text.contains("subtraction") || text.len() < 40)
        && let Err(error) = with_game(text, Name)
    {
        check_message(&error.to_string());
    }
});
