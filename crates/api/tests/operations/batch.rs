//! The tests of `ply_api::batch`.

use ply_api::batch::*;
use ply_api::control::Control;

#[test]
fn answers_come_in_the_order_asked_whatever_the_threads() {
    // Each answer against the textbook alpha-beta's (no table, no engine), on the
    // 5x4 board where it takes milliseconds.
    let positions: Vec<String> = ["", "3", "33", "1234", "333", "2315", "55443", "12345123"]
        .map(String::from)
        .to_vec();
    // (value, plies, Pons' score) of each position.
    type Answer = (&'static str, Option<u32>, Option<Option<i32>>);
    let reference: Vec<Answer> = positions
        .iter()
        .map(|p| {
            let request = ply_api::solve::SolveRequest {
                game: "connect4:5x4".into(),
                position: Some(p.clone()),
                algorithm: Some("alphabeta".into()),
                ..Default::default()
            };
            let report =
                ply_api::solve::solve(&request, 60_000, 60_000, None, &Control::new()).unwrap();
            let plies = report.plies.filter(|_| report.value != "draw");
            (report.value, plies, report.score)
        })
        .collect();
    for threads in [1, 2, 3] {
        let answers = solve_batch(
            "connect4:5x4",
            &positions,
            &BatchOptions::default(),
            threads,
            &Control::new(),
        )
        .unwrap();
        let got: Vec<_> = answers
            .iter()
            .map(|a| {
                let a = a.as_ref().unwrap();
                (a.value, a.plies, a.score)
            })
            .collect();
        assert_eq!(got, reference, "{threads} threads");
    }
    // And one line of Pons' Test_L3_R1 on the full board.
    let line = ["2252576253462244111563365343671351441".to_string()];
    let answers = solve_batch(
        "connect4",
        &line,
        &BatchOptions::default(),
        1,
        &Control::new(),
    )
    .unwrap();
    assert_eq!(answers[0].as_ref().unwrap().score, Some(Some(-1)));
}

#[test]
fn one_solver_after_another_searches_as_fresh_ones_do() {
    use ply_games::Notation;
    // A batch solver clears only the table buckets the last position wrote: each
    // position must be searched exactly as by a solver of its own (same nodes).
    let start = ply_games::Connect4::standard();
    let positions = [
        "2252576253462244111563365343671351441",
        "7422341735647741166133573473242566",
        "32314171551526667",
        "5663175351413612",
    ];
    let read = |text: &str| start.parse_position(text).unwrap();
    let options = BatchOptions::default();
    let control = Control::new();
    let in_a_row: Vec<u64> = with_solver(&start, &options, &control, |solver| {
        positions
            .iter()
            .map(|p| solver.solve(&read(p)).unwrap().nodes)
            .collect()
    })
    .unwrap();
    let each_fresh: Vec<u64> = positions
        .iter()
        .map(|p| {
            with_solver(&start, &options, &control, |solver| {
                solver.solve(&read(p)).unwrap().nodes
            })
            .unwrap()
        })
        .collect();
    assert_eq!(in_a_row, each_fresh);
}

#[test]
fn bad_positions_are_errors_in_their_slots() {
    let positions = ["44", "48", "", "4444444"].map(String::from);
    let answers = solve_batch(
        "connect4:5x4",
        &positions,
        &BatchOptions::default(),
        2,
        &Control::new(),
    )
    .unwrap();
    assert!(answers[0].is_ok());
    assert_eq!(
        answers[1].as_ref().unwrap_err().kind,
        ply_api::ErrorKind::Parse
    );
    assert_eq!(answers[2].as_ref().unwrap().position, "");
    assert!(answers[3].is_err());
}

#[test]
fn other_games_and_weak_solves() {
    let answers = solve_batch(
        "tictactoe",
        &[String::new()],
        &BatchOptions {
            weak: true,
            ..BatchOptions::default()
        },
        1,
        &Control::new(),
    )
    .unwrap();
    let report = answers[0].as_ref().unwrap();
    assert_eq!(report.value, "draw");
    assert_eq!(report.plies, None);
    let refused = solve_batch("nonsuch", &[], &BatchOptions::default(), 1, &Control::new());
    assert!(refused.is_err());
    let refused = solve_batch(
        "tictactoe",
        &[],
        &BatchOptions::default(),
        0,
        &Control::new(),
    );
    assert!(refused.is_err());
}
