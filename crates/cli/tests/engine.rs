//! `ply analyze`, and the engine behind `ply solve` and `ply play`: the JSON contract and exact values.

use predicates::prelude::*;
use serde_json::Value;

mod common;
use common::{json, ply};

#[test]
fn analyze_json_contract() {
    let v = json(&["analyze", "connect4", "4453", "--depth", "6", "--json"]);
    for field in [
        "depth",
        "score",
        "best",
        "pv",
        "nodes",
        "time_ms",
        "iterations",
    ] {
        assert!(v.get(field).is_some(), "missing field {field}");
    }
    assert_eq!(v["depth"], 6);
    // Connect Four deepens two plies per iteration (its `iteration_step`).
    let iterations = v["iterations"].as_array().unwrap();
    let depths: Vec<u64> = iterations
        .iter()
        .map(|it| it["depth"].as_u64().unwrap())
        .collect();
    assert_eq!(depths, [2, 4, 6], "one entry per completed iteration");
    for it in iterations {
        for field in ["score", "nodes", "time_ms", "pv"] {
            assert!(it.get(field).is_some(), "missing iteration field {field}");
        }
    }
    // A game with the default step has every depth.
    let v = json(&["analyze", "mnk:4,4,3", "--depth", "5", "--json"]);
    let depths: Vec<u64> = v["iterations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|it| it["depth"].as_u64().unwrap())
        .collect();
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    assert_eq!(v["pv"][0], v["best"]);
    assert!(v["score_raw"].is_i64());
}

#[test]
fn analyze_calls_an_even_estimate_zero_not_a_draw() {
    // From the empty board the evaluation at depth 2 is 0: an estimate, not a proof
    // (without the book, which would prove it).
    let v = json(&["analyze", "connect4", "--depth", "2", "--no-book", "--json"]);
    assert_eq!(v["score_raw"], 0);
    assert_eq!(v["score"], "0.00");
    assert_eq!(v["iterations"][0]["depth"], 2);
    assert_eq!(v["iterations"][0]["score"], "0.00");
    assert_eq!(v["exact"], false);
}

#[test]
fn analyze_exact_tic_tac_toe_is_a_draw_in_nine() {
    let v = json(&[
        "analyze",
        "tictactoe",
        "--exact",
        "--threads",
        "2",
        "--hash",
        "1",
        "--json",
    ]);
    assert_eq!(v["score"], "draw");
    assert_eq!(v["exact"], true);
    assert_eq!(
        v["pv"].as_array().unwrap().len(),
        9,
        "the proved line fills the board"
    );
}

#[test]
fn analyze_text_has_one_line_per_iteration() {
    ply()
        .args(["analyze", "mnk:4,4,3", "--depth", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("depth  1").and(predicate::str::contains("depth  3")))
        .stdout(predicate::str::contains("best "));
}

#[test]
fn analyze_rejects_bad_input() {
    ply()
        .args(["analyze", "connect4", "4448"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "move 4 ('8'): column 8 is outside 1-7",
        ));
    ply()
        .args(["analyze", "connect4", "--threads", "0"])
        .assert()
        .code(2);
}

#[test]
fn solve_uses_the_engine_for_connect_four_and_on_request() {
    // 5x4 Connect Four is a draw; the first player must start in the three middle columns.
    let v = json(&["solve", "connect4:5x4", "--json"]);
    assert_eq!(v["algorithm"], "engine");
    assert_eq!(v["value"], "draw");
    assert_eq!(v["best"], serde_json::json!(["3", "2", "4"]));
    // Tic-tac-toe: the engine (--hash) and alpha-beta agree move by move.
    let engine = json(&["solve", "tictactoe", "X.O/.X./...", "--hash", "1", "--json"]);
    let textbook = json(&["solve", "tictactoe", "X.O/.X./...", "--json"]);
    assert_eq!(engine["algorithm"], "engine");
    assert_eq!(textbook["algorithm"], "alphabeta");
    for field in ["value", "plies", "best"] {
        assert_eq!(engine[field], textbook[field], "{field}");
    }
    let values = |v: &Value| -> Vec<(String, String, u64)> {
        v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["move"].to_string(),
                    m["value"].to_string(),
                    m["plies"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(values(&engine), values(&textbook));
}

#[test]
fn analyze_refuses_exact_mode_on_games_with_cycles() {
    ply()
        .args(["analyze", "pursuit:cycle:5", "--exact"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("can repeat"));
    // Depth-limited analysis works on them.
    let v = json(&["analyze", "pursuit:cycle:5", "--depth", "4", "--json"]);
    assert!(v["depth"].as_u64().is_some_and(|d| d <= 4));
}

#[test]
fn play_with_a_time_budget() {
    ply()
        .args(["play", "connect4", "--first", "engine", "--time", "50"])
        .write_stdin("quit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("engine plays 4"));
}
