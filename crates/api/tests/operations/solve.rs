//! The tests of `ply_api::solve`.

use ply_api::control::Control;
use ply_api::solve::*;

fn request(game: &str, position: Option<&str>) -> SolveRequest {
    SolveRequest {
        game: game.into(),
        position: position.map(str::to_string),
        ..SolveRequest::default()
    }
}

#[test]
fn tic_tac_toe_is_a_draw_in_nine() {
    let report = solve(
        &request("tictactoe", None),
        10_000,
        10_000,
        None,
        &Control::new(),
    )
    .unwrap();
    assert_eq!(report.value, "draw");
    assert_eq!(report.plies, Some(9));
    assert_eq!(report.moves.len(), 9);
    assert_eq!(report.algorithm, "alphabeta");
}

#[test]
fn nim_by_the_memo_solver_and_its_theory() {
    let report = solve(
        &request("nim:3,4,5", None),
        10_000,
        10_000,
        None,
        &Control::new(),
    )
    .unwrap();
    assert_eq!(report.value, "win");
    assert_eq!(report.algorithm, "memo");
    assert!(report.explanation.is_some());
}

#[test]
fn connect_four_near_the_end_with_pons_scores() {
    // Pons' test set line: "2252576253462244111563365343671351441 -1" (Test_L3_R1).
    let req = SolveRequest {
        all_moves: true,
        ..request("connect4", Some("2252576253462244111563365343671351441"))
    };
    let report = solve(&req, 10_000, 10_000, None, &Control::new()).unwrap();
    assert_eq!(report.score, Some(Some(-1)));
    assert_eq!(report.algorithm, "engine");
    assert!(report.moves.iter().all(|m| m.score.is_some()));
}

#[test]
fn out_of_time_is_a_limit() {
    let req = SolveRequest {
        time_ms: Some(50),
        ..request("connect4", None)
    };
    let error = solve(&req, 1_000, 10_000, None, &Control::new()).unwrap_err();
    assert_eq!(error.limit, Some("max_search_ms"));
    let error = solve(&req, 1_000, 10, None, &Control::new()).unwrap_err();
    assert_eq!(error.limit, Some("max_search_ms"));
    assert!(error.error.starts_with("time_ms 50"), "{}", error.error);
}
