//! `ply practice` as users run it: the exercise of the API, its answer key, errors.

use serde_json::Value;

mod common;
use common::ply;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = ply().arg("practice").args(args).output().expect("ply runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}

#[test]
fn the_exercise_and_its_answer_are_the_apis() {
    let (code, json, _) = run(&["--kind", "pruned", "--level", "3", "--seed", "42", "--json"]);
    assert_eq!(code, 0);
    let json: Value = serde_json::from_str(&json).unwrap();
    let request = ply_api::practice::PracticeRequest::new("pruned", 42, 3);
    let api = serde_json::to_value(ply_api::practice::exercise(&request).unwrap()).unwrap();
    assert_eq!(json, api);
    let (code, text, _) = run(&[
        "--kind",
        "pruned",
        "--level",
        "3",
        "--seed",
        "42",
        "--answers",
    ]);
    assert_eq!(code, 0);
    assert!(text.starts_with(
        "# practice: pruned level 3 seed 42 variant as_written (root MIN, leaf values for MAX)\n\
         Alpha-beta searches this tree, MIN at the root, children from left to right, and cuts as soon as α ≥ β. \
         Which leaves does it never look at?\n\na\n  b\n    d\n      h = 8\n"
    ), "{text}");
    assert!(text.ends_with("\nanswer: never looked at: l m\n"), "{text}");
    // Without --answers, no answer.
    let (_, text, _) = run(&["--kind", "pruned", "--level", "3", "--seed", "42"]);
    assert!(!text.contains("answer"), "{text}");
}

#[test]
fn a_game_position_names_its_moves() {
    let (code, text, _) = run(&[
        "--kind",
        "best_move",
        "--level",
        "2",
        "--seed",
        "5",
        "--answers",
    ]);
    assert_eq!(code, 0);
    assert!(
        text.contains("tictactoe @ XOX/X../..O\nmoves: b2, c2, a3, b3\n"),
        "{text}"
    );
    assert!(text.ends_with("answer: best a3 (value -1)\n"), "{text}");
}

#[test]
fn bad_options_are_refused() {
    for (args, said) in [
        (
            &["--kind", "values", "--seed", "1", "--level", "9"][..],
            "--level 9 is too large",
        ),
        (&["--kind", "values", "--seed", "-1"][..], "--seed"),
        (&["--kind", "cuts", "--seed", "1"][..], "cuts"),
        (
            &["--kind", "values", "--seed", "1", "--variant", "good_order"][..],
            "variant: unknown variant 'good_order' of values: max_root, min_root, negamax",
        ),
        (
            &["--kind", "values", "--seed", "1", "--lang", "fr"][..],
            "fr",
        ),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains(said), "{args:?}: {err}");
    }
}

#[test]
fn a_chance_tree_is_answered_with_exact_fractions_and_their_roundings() {
    let args = [
        "--kind",
        "expectimax",
        "--level",
        "1",
        "--seed",
        "3",
        "--answers",
    ];
    let (code, text, _) = run(&args);
    assert_eq!(code, 0);
    assert!(
        text.starts_with(
            "# practice: expectimax level 1 seed 3 variant weighted (root MAX, leaf values for MAX)\n\
             Back up the value of every inner node of this tree."
        ),
        "{text}"
    );
    assert!(
        text.contains("\n\na\n  b [chance]\n    d [1/4] = 2\n    e [1/4] = 1\n    f [1/2] = 1\n"),
        "{text}"
    );
    assert!(
        text.ends_with("\nanswer: a = 7/2 = 3.5, b = 5/4 = 1.25, c = 7/2 = 3.5\n"),
        "{text}"
    );
    // A value whose decimals go on shows its rounding beside it.
    let (_, text, _) = run(&[
        "--kind",
        "expectimax",
        "--level",
        "1",
        "--seed",
        "11",
        "--answers",
    ]);
    assert!(text.ends_with("c = 5/3 (≈ 1.67), d = 4\n"), "{text}");
    let (code, _, err) = run(&["--kind", "expectimax", "--seed", "1", "--variant", "fair"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown variant 'fair' of expectimax: weighted, equal"),
        "{err}"
    );
}
