//! The tests of `POST /api/tree/count` (`ply_api::tree::game_count`): a game's whole tree
//! counted as `ply count` counts it, for the page that cannot draw it.

use ply_api::ErrorKind;
use ply_api::control::Control;
use ply_api::service::{Service, ServiceLimits};
use ply_api::tree::*;
use serde_json::Value;

/// The count for `game` from `position`, within the default limits.
fn count(game: &str, position: Option<&str>) -> Result<GameCount, ply_api::ApiError> {
    let request = GameCountRequest {
        game: game.into(),
        position: position.map(str::to_string),
        lang: None,
    };
    game_count(&request, &TreeLimits::default())
}

/// Tic-tac-toe's whole tree, the figures every textbook gives (and `ply count
/// tictactoe` prints): 549,946 nodes, 255,168 games (131,184 won by X, 77,904 by O,
/// 46,080 drawn), 5,478 positions, 765 up to symmetry.
#[test]
fn tic_tac_toe_is_counted_as_ply_count_counts_it() {
    let counted = count("tictactoe", None).unwrap();
    assert_eq!(counted.nodes, 549_946);
    assert_eq!(counted.games, 255_168);
    assert_eq!(counted.first_player_wins, 131_184);
    assert_eq!(counted.second_player_wins, 77_904);
    assert_eq!(counted.draws, 46_080);
    assert_eq!(counted.positions, Some(5_478));
    assert_eq!(counted.positions_up_to_symmetry, Some(Some(765)));
    assert_eq!(counted.players, ["X".to_string(), "O".to_string()]);
    assert_eq!(counted.max_tree_nodes, 1_000_000);
}

/// Through the service, as the server and the web module answer it, with the
/// service's own limit on the trees it writes out (100,000 nodes).
#[test]
fn the_service_counts_a_tree_in_the_requests_language() {
    let service = Service::new(ServiceLimits::default(), None);
    let answer = service.answer(
        "/api/tree/count",
        br#"{"game": "tictactoe", "lang": "el"}"#,
        &Control::new(),
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    let json: Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(json["nodes"], 549_946);
    assert_eq!(json["games"], 255_168);
    assert_eq!(json["positions"], 5_478);
    assert_eq!(json["positions_up_to_symmetry"], 765);
    assert_eq!(json["max_tree_nodes"], 100_000);
}

/// A tree far past what a count walks is refused at once, by its estimate (chess from
/// its start never ends within 4 million nodes), naming the limit; Pig's chance nodes
/// are not move sequences.
#[test]
fn trees_too_big_to_count_are_refused_at_once() {
    let clock = std::time::Instant::now();
    let error = count("mnk:4,4,4", None).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Limit);
    assert_eq!(error.limit, Some("max_count_nodes"));
    assert_eq!(
        error.error,
        "the tree of 'mnk:4,4,4' has more than 4194304 nodes, more than a count here walks \
         (limit max_count_nodes): ply count counts it"
    );
    assert!(clock.elapsed().as_secs_f64() < 1.0, "{:?}", clock.elapsed());
    let error = count("pig:20", None).unwrap_err();
    assert_eq!(error.kind, ErrorKind::BadRequest);
}
