//! `ply` on the counting and taking games: the solve contract (move names
//! `pile:take`, explanations in words), `ply grundy`, play, and errors.

use predicates::prelude::*;
use serde_json::Value;

mod common;
use common::{json, ply};

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|s| s.as_str().expect("a string").to_string())
        .collect()
}

/// The moves that win, by the search's own verdict on each move.
fn winning_moves(v: &Value) -> Vec<String> {
    let mut winning: Vec<String> = v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter(|m| m["value"] == "win")
        .map(|m| m["move"].as_str().expect("move name").to_string())
        .collect();
    winning.sort();
    winning
}

#[test]
fn solve_nim_14_21_39_json_contract_and_explanation() {
    let v = json(&["solve", "nim:14,21,39", "--json"]);
    assert_eq!(v["game"], "nim:14,21,39");
    assert_eq!(v["position"], "14,21,39");
    assert_eq!(v["to_move"], "first player");
    assert_eq!(v["value"], "win");
    assert_eq!(strings(&v["best"]), ["3:12"]);
    assert_eq!(winning_moves(&v), ["3:12"]);
    // One move per object that can be taken: 14 + 21 + 39.
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(74));
    assert_eq!(v["algorithm"], "memo");
    assert_eq!(
        v["explanation"],
        "take 12 from pile 3: the xor of the piles becomes 0"
    );
    assert_eq!(v["pv"][0], "3:12");
    assert_eq!(v["plies"].as_u64(), Some(strings(&v["pv"]).len() as u64));
    assert!(v["nodes"].as_u64().is_some_and(|n| n > 1));
    assert!(v["time_ms"].as_f64().is_some());
}

#[test]
fn solve_nim_text_says_why() {
    ply()
        .args(["solve", "nim:14,21,39"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "why: take 12 from pile 3: the xor of the piles becomes 0",
        ))
        .stdout(predicate::str::contains("best: 3:12"));
}

#[test]
fn solve_small_positions_of_every_game() {
    let v = json(&["solve", "nim:1,2,3", "--json"]);
    assert_eq!(
        (v["value"].as_str(), v["plies"].as_u64()),
        (Some("loss"), Some(6))
    );
    let v = json(&["solve", "misere-nim:1,1,1", "--json"]);
    assert_eq!(
        (v["value"].as_str(), v["plies"].as_u64()),
        (Some("loss"), Some(3))
    );
    let v = json(&["solve", "misere-nim:1,1,1", "1,1", "--json"]);
    assert_eq!(v["value"], "win");
    assert_eq!(v["position"], "1,1");

    let v = json(&["solve", "race", "--json"]);
    assert_eq!(v["game"], "race:10,2");
    assert_eq!(strings(&v["best"]), ["1"]);
    assert_eq!(winning_moves(&v), ["1"]);
    assert_eq!(
        v["explanation"],
        "add 1: the total becomes 1, and 10 − 1 = 9 is a multiple of 3"
    );
    let v = json(&["solve", "race:10,2", "4", "--json"]);
    assert_eq!(v["value"], "loss");

    let v = json(&["solve", "bash:21,3", "--json"]);
    assert_eq!(strings(&v["best"]), ["1:1"]);
    let v = json(&["solve", "bash:20,3", "--json"]);
    assert_eq!(v["value"], "loss");

    let v = json(&["solve", "wythoff:4,7", "--json"]);
    assert_eq!(v["value"], "loss");
    let v = json(&["solve", "wythoff:4,6", "--json"]);
    assert_eq!(strings(&v["best"]), ["both:1"]);
    assert_eq!(winning_moves(&v), ["both:1"]);

    let v = json(&["solve", "subtraction:20,17;1,3,4", "--json"]);
    assert_eq!(v["value"], "win");
    assert_eq!(winning_moves(&v), ["1:3", "2:4"]);
}

#[test]
fn solve_with_an_explicit_textbook_search_agrees() {
    // A small Nim position, by alpha-beta without a table and by memo.
    let ab = json(&["solve", "nim:2,2,3", "--algorithm", "alphabeta", "--json"]);
    let memo = json(&["solve", "nim:2,2,3", "--json"]);
    assert_eq!(ab["algorithm"], "alphabeta");
    assert_eq!(memo["algorithm"], "memo");
    assert_eq!(ab["value"], memo["value"]);
    assert_eq!(ab["plies"], memo["plies"]);
    assert_eq!(ab["best"], memo["best"]);
    assert_eq!(winning_moves(&ab), ["1:1", "2:1", "3:3"]); // xor 3: 2 ^ 3 = 1 and 3 ^ 3 = 0
    // Tic-tac-toe keeps alpha-beta by default.
    let v = json(&["solve", "tictactoe", "XO./.X./...", "--json"]);
    assert_eq!(v["algorithm"], "alphabeta");
}

#[test]
fn grundy_json_contract() {
    let v = json(&["grundy", "subtraction:1,3,4", "--upto", "20", "--json"]);
    let values: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.as_u64().unwrap())
        .collect();
    assert_eq!(
        values,
        [
            0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2
        ]
    );
    assert_eq!(v["period"], 7);
    assert_eq!(v["preperiod"], 0);
    // The set may follow a game's piles.
    let w = json(&["grundy", "subtraction:20;4,3,1", "--upto", "20", "--json"]);
    assert_eq!(w["values"], v["values"]);
    assert_eq!(w["set"], serde_json::json!([1, 3, 4]));
    // Too short a prefix to prove a period: null, not a guess.
    let v = json(&["grundy", "subtraction:2,5,7", "--upto", "20", "--json"]);
    assert!(v["period"].is_null() && v["preperiod"].is_null());
    assert_eq!(v["values"].as_array().map(Vec::len), Some(21));
    let v = json(&["grundy", "subtraction:2,5,7", "--upto", "100", "--json"]);
    assert_eq!(
        (v["period"].as_u64(), v["preperiod"].as_u64()),
        (Some(22), Some(0))
    );
}

#[test]
fn grundy_text() {
    ply()
        .args(["grundy", "subtraction:1,3,4", "--upto", "30"])
        .assert()
        .success()
        .stdout(predicate::str::contains("period 7 from n = 0"))
        .stdout(predicate::str::contains(
            "lost pile sizes (g = 0): 0, 2, 7, 9, 14",
        ));
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for (args, needle) in [
        (vec!["grundy", "nim:1,2"], "subtraction games only"),
        (vec!["grundy", "subtraction:0,1"], "is 0"),
        (vec!["grundy", "subtraction:"], "take set S is empty"),
        (
            vec!["grundy", "subtraction:1", "--upto", "100001"],
            "too large",
        ),
        (vec!["solve", "nim:1,x"], "pile 2 'x'"),
        (vec!["solve", "nim:3,4", "3,y"], "position: nim: pile 2 'y'"),
        (vec!["solve", "nim"], "nim needs its piles"),
        (vec!["solve", "wythoff:1,2,3"], "two pile sizes"),
        (vec!["solve", "race:10,2", "11"], "beyond the target 10"),
        (vec!["solve", "subtraction:5"], "piles;set"),
    ] {
        ply()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::starts_with("ply: error: "))
            .stderr(predicate::str::contains(needle))
            .stderr(predicate::function(|s: &str| s.lines().count() == 1));
    }
}

#[test]
fn play_race_against_the_engine() {
    // race:5,3: the engine says 1; we add 3 (total 4); the engine adds 1 and reaches 5.
    let out = ply()
        .args(["play", "race:5,3", "--first", "engine", "--json"])
        .write_stdin("3\n")
        .output()
        .expect("ply runs");
    assert!(out.status.success());
    // With --json the game is shown on stderr and the record alone is on stdout.
    let shown = String::from_utf8_lossy(&out.stderr);
    assert!(
        shown.contains("why: add 1: the total becomes 5, the target"),
        "{shown}"
    );
    let record: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(record["game"], "race:5,3");
    assert_eq!(strings(&record["moves"]), ["1", "3", "1"]);
    assert_eq!(record["winner"], "first");
}
