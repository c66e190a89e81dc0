//! `ply solve pig`, `ply analyze pig` and `ply play pig`: the dice game Pig solved exactly, checked
//! against the figures of Neller and Presser ("Optimal Play of the Dice Game Pig",
//! 2004), and played against the optimal policy with a seeded die.

use predicates::prelude::*;
use serde_json::Value;

mod common;
use common::{json, ply};

#[test]
fn the_usual_game_matches_the_literature() {
    let start = json(&["solve", "pig", "--json"]);
    // The first player wins 53.06% of games under optimal play.
    let chance = start["win_probability"].as_f64().unwrap();
    assert_eq!(format!("{chance:.4}"), "0.5306");
    assert_eq!(start["decision"], "roll");
    assert_eq!(start["decisions"]["roll"], start["win_probability"]);
    assert_eq!(start["decisions"]["hold"], Value::Null);
    assert_eq!(start["goal"], 100);
    assert_eq!(start["position"], "0+0-0");
    assert_eq!(start["to_move"], "first player");
    // At 0-0 the first player holds at 21 or more, rolls below.
    assert_eq!(start["hold_threshold"], 21);
    assert_eq!(
        json(&["solve", "pig", "0+20-0", "--json"])["decision"],
        "roll"
    );
    let at_21 = json(&["solve", "pig", "0+21-0", "--json"]);
    assert_eq!(at_21["decision"], "hold");
    assert!(at_21["decisions"]["hold"].as_f64() >= at_21["decisions"]["roll"].as_f64());
}

#[test]
fn a_small_goal_matches_a_computation_by_hand() {
    // To 2, the first face that is not a 1 wins: p = 5/6 + (1/6)(1 - p), so p = 6/7,
    // for whoever is to move at 0-0.
    for position in ["0+0-0", "0-0+0"] {
        let out = json(&["solve", "pig:2", position, "--json"]);
        let chance = out["win_probability"].as_f64().unwrap();
        assert!((chance - 6.0 / 7.0).abs() < 1e-12, "{position}: {chance}");
    }
    // To 3: with 2 banked any face but a 1 wins at once. Write P(i, j) for the mover's
    // chance at i-j with nothing in hand. With 2 in hand at 0-0, rolling (5/6 + (1 − A)/6)
    // beats holding (1 − B), so
    //   A = P(0, 0) = 4/6 + (1/6)(5/6 + (1 − A)/6) + (1/6)(1 − A)  →  A = 36/43,
    //   B = P(0, 2) = 4/6 + (1/6)(5/6 + (1 − C)/6) + (1/6)(1 − C),
    //   C = P(2, 0) = 5/6 + (1/6)(1 − B)                           →  B = 174/209.
    for (position, expected) in [("0+0-0", 36.0 / 43.0), ("0+0-2", 174.0 / 209.0)] {
        let out = json(&["solve", "pig:3", position, "--json"]);
        let chance = out["win_probability"].as_f64().unwrap();
        assert!((chance - expected).abs() < 1e-12, "{position}: {chance}");
    }
    let in_hand = json(&["solve", "pig:3", "0+2-0", "--json"]);
    assert_eq!(in_hand["decision"], "roll");
    let hold = in_hand["decisions"]["hold"].as_f64().unwrap();
    assert!((hold - 35.0 / 209.0).abs() < 1e-12, "{hold}");
}

#[test]
fn the_text_says_the_chance_in_words() {
    ply()
        .args(["solve", "pig"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "value: wins with probability 0.5306 for the first player",
        ))
        .stdout(predicate::str::contains("decision: roll"))
        .stdout(predicate::str::contains("hold threshold: 21"));
}

#[test]
fn bad_goals_positions_and_options_are_refused_in_one_line() {
    for (args, needle) in [
        (
            &["solve", "pig:0"][..],
            "the goal must be from 1 to 200, not 0",
        ),
        (
            &["solve", "pig:201"][..],
            "the goal must be from 1 to 200, not 201",
        ),
        (&["solve", "pig:x"][..], "is not a whole number"),
        (&["solve", "pig", "12+7"][..], "cannot read"),
        (&["solve", "pig", "100+0-0"][..], "the game is already over"),
        (&["solve", "pig:20", "12+8-0"][..], "already decided"),
        (&["solve", "pig", "--weak"][..], "--weak does not apply"),
        (
            &["play", "pig", "--depth", "3"][..],
            "--depth does not apply",
        ),
        (
            &["play", "tictactoe", "--seed", "3"][..],
            "--seed throws the die",
        ),
        (&["count", "pig"][..], "dice game"),
        (&["tree", "pig", "--symmetry"][..], "no symmetry to fold"),
        (&["tree", "pig:20@12+7"][..], "cannot read"),
    ] {
        ply()
            .args(args)
            .assert()
            .failure()
            .stderr(predicate::str::contains(needle))
            .stderr(predicate::function(|s: &str| s.lines().count() == 1));
    }
}

#[test]
fn play_pig_against_the_optimal_engine_with_a_seeded_die() {
    // The seed 3 throws 6 and 6: the human rolls twice from 0-0 and reaches 12 of 10.
    let out = ply()
        .args(["play", "pig:10", "--seed", "3", "--json"])
        .write_stdin("hint\nhold\nroll\nroll\n")
        .output()
        .expect("ply runs");
    assert!(out.status.success());
    let shown = String::from_utf8_lossy(&out.stderr);
    assert!(shown.contains("roll: wins with probability 0."), "{shown}");
    assert!(
        shown.contains("holding needs a turn total above 0"),
        "{shown}"
    );
    let record: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(record["game"], "pig:10");
    assert_eq!(record["moves"], serde_json::json!(["roll 6", "roll 6"]));
    assert_eq!(record["result"], "first_player_wins");
    assert_eq!(record["winner"], "first");
    assert_eq!(record["scores"], serde_json::json!([12, 0]));
    assert_eq!(record["seed"], 3);
    assert_eq!(record["ended"], "finished");
}

#[test]
fn the_engine_holds_where_the_solution_says() {
    // The engine to move at 0+21-0 (it plays first) holds, as the solution says.
    let out = ply()
        .args([
            "play",
            "pig",
            "--position",
            "0+21-0",
            "--first",
            "engine",
            "--seed",
            "1",
            "--json",
        ])
        .write_stdin("quit\n")
        .output()
        .expect("ply runs");
    assert!(out.status.success());
    let record: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(record["moves"], serde_json::json!(["hold"]));
    assert_eq!(record["scores"], serde_json::json!([21, 0]));
    assert_eq!(record["ended"], "quit");
}

#[test]
fn the_small_pig_tree_is_searched_by_expectiminimax() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/trees/pig-small.txt"
    );
    ply()
        .args(["tree", path])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "expectiminimax: value 0.43925, 60 nodes visited, 41 leaves",
        ));
}

/// `ply analyze pig`: the engine's chance search to a depth. Two plies from 18-18 in a
/// game to 20 weigh the throw: 2 to 6 win (+1), a 1 hands over an even race (the race
/// estimate 0), so the mover's expected score is exactly 5/6.
#[test]
fn the_engines_analysis_weighs_the_throw() {
    let out = json(&["analyze", "pig:20", "18+0-18", "--depth", "2", "--json"]);
    let expected = out["expected"].as_f64().unwrap();
    assert!((expected - 5.0 / 6.0).abs() < 1e-12, "{expected}");
    assert_eq!(out["text"], "expected +0.83");
    assert_eq!(out["depth"], 2);
    assert_eq!(out["decision"], "roll");
    assert_eq!(out["decisions"]["hold"], Value::Null);
    let estimate = out["win_probability_estimate"].as_f64().unwrap();
    assert!((estimate - 11.0 / 12.0).abs() < 1e-12, "{estimate}");
    assert_eq!(out["algorithm"], "expectiminimax-star1");
    assert_eq!(out["iterations"].as_array().unwrap().len(), 2);
    // The second player to move at the mirrored position sees the same, for itself.
    let mirrored = json(&["analyze", "pig:20", "18-18+0", "--depth", "2", "--json"]);
    assert_eq!(mirrored["expected"], out["expected"]);
    assert_eq!(mirrored["to_move"], "second player");
}

/// Deeper, the search agrees with the solution where the choice is clear: with 6 in
/// hand at 12-4 in a game to 20 it rolls (solved: 0.9069 against 0.5049 for holding).
#[test]
fn a_deeper_analysis_agrees_with_the_solution() {
    let out = json(&["analyze", "pig:20", "12+6-4", "--depth", "12", "--json"]);
    assert_eq!(out["decision"], "roll");
    assert_eq!(out["solved_decision"], "roll");
    let roll = out["decisions"]["roll"].as_f64().unwrap();
    let hold = out["decisions"]["hold"].as_f64().unwrap();
    assert!(roll > hold, "roll {roll}, hold {hold}");
    assert_eq!(out["expected"], out["decisions"]["roll"]);
    let solved = out["solved_win_probability"].as_f64().unwrap();
    assert_eq!(format!("{solved:.4}"), "0.9069");
}

#[test]
fn the_analysis_refuses_what_does_not_apply() {
    ply()
        .args(["analyze", "pig", "--exact"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--exact does not apply to Pig"));
    ply()
        .args(["analyze", "pig", "--depth", "25"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("1 to 24 plies"));
}

#[test]
fn tree_writes_pig_out_with_chance_nodes() {
    // Pig to 20 from 12+0-14, two throws deep by default: examples/trees/pig-small.txt's
    // tree, worth 1757/4000 to MAX.
    let out = ply()
        .args(["tree", "pig:20@12+0-14"])
        .output()
        .expect("ply runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("12+0-14 MAX = 0.43925  *\n└─ roll CHANCE = 0.43925  *\n"),
        "{text}"
    );
    assert!(
        text.ends_with("expectiminimax: value 0.43925, 60 nodes visited, 41 leaves, 0 cuts\n"),
        "{text}"
    );
    // Star1, one throw deep: the faces' positions valued by the solution.
    let out = ply()
        .args([
            "tree",
            "pig:20@12+0-14",
            "--depth",
            "2",
            "--algorithm",
            "star1",
            "--json",
        ])
        .output()
        .expect("ply runs");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["algorithm"], "star1");
    assert_eq!(json["value_exact"], "659/1500");
    assert_eq!(
        json["root"]["children"][0]["children"]
            .as_array()
            .unwrap()
            .len(),
        6
    );
}

/// A position that does not read is quoted as it was typed (not with the goal put in
/// front of it) and the message says what is wrong with it.
#[test]
fn a_position_that_does_not_read_is_quoted_as_typed() {
    for (args, said) in [
        (
            &["tree", "pig:20@-1+0-0"][..],
            "pig: cannot read '-1+0-0' as a position: the first player's score '-1' has a \
             minus sign, and a score cannot be negative",
        ),
        (
            &["solve", "pig:20", "12--3+0"][..],
            "pig: cannot read '12--3+0' as a position: the second player's score '-3' has a \
             minus sign, and a score cannot be negative",
        ),
        (
            &["solve", "pig", "12+0-"][..],
            "pig: cannot read '12+0-' as a position: the second player's score is missing",
        ),
    ] {
        ply()
            .args(args)
            .assert()
            .failure()
            .stderr(predicate::str::contains(said));
    }
}
