//! The tests of `ply_api::games`.

use ply_api::games::*;

/// Every listed spec names a game the catalog plays.
#[test]
fn every_spec_plays() {
    struct Name;
    impl ply_games::GameVisitor for Name {
        type Output = String;
        fn visit<G: ply_games::Playable>(self, start: G) -> String {
            start.game_name()
        }
    }
    let games = list_games();
    let deterministic = ply_games::catalog::GAMES
        .iter()
        .filter(|(pattern, _)| !pattern.starts_with("pig"))
        .count();
    assert_eq!(games.len(), deterministic);
    assert_eq!(deterministic + 2, ply_games::catalog::GAMES.len());
    for game in games {
        let name =
            ply_games::with_game(&game.spec, Name).unwrap_or_else(|e| panic!("{}: {e}", game.spec));
        assert!(!name.is_empty());
    }
}
