//! `ply solve` and `ply play` on the pursuit games: the JSON contract (`cops_win`,
//! `capture_time`), graphs from files, errors, and a game played through stdin.

use serde_json::{Value, json};

mod common;
use common::{json, ply};

#[test]
fn solve_a_path_reports_the_capture_time() {
    let v = json(&["solve", "pursuit:path:5", "--json"]);
    assert_eq!(v["game"], "pursuit:path:5");
    assert_eq!(v["position"], "-/-/c");
    assert_eq!(v["to_move"], "cop");
    assert_eq!(v["value"], "win");
    assert_eq!(v["plies"], 5);
    assert_eq!(v["best"], json!(["2"]));
    assert_eq!(v["algorithm"], "retrograde");
    assert_eq!(v["cops_win"], true);
    assert_eq!(v["capture_time"], 2);
    assert_eq!(v["pv"].as_array().unwrap().len(), 5);
    assert_eq!(v["moves"][0]["move"], "2");
    // The start, 5 cop placements, then every cop/fugitive pair with either to move.
    assert_eq!(v["nodes"], 1 + 5 + 5 * 5 * 2);
}

#[test]
fn solve_reports_escapes_as_draws_with_a_null_capture_time() {
    let v = json(&["solve", "pursuit:cycle:4", "--json"]);
    assert_eq!(v["value"], "draw");
    assert_eq!(v["cops_win"], false);
    assert_eq!(v["capture_time"], Value::Null);
    let v = json(&["solve", "pursuit:petersen,cops=2", "--json"]);
    assert_eq!(v["cops_win"], false);
    let v = json(&["solve", "pursuit:petersen,cops=3", "--json"]);
    assert_eq!(v["cops_win"], true);
    assert_eq!(v["capture_time"], 1); // three cops can stand next to every vertex
}

#[test]
fn solve_from_a_position_in_the_middle_of_a_game() {
    // Cop on 1, fugitive on 4 of path:5, fugitive to move: staying on 4 or stepping to 3,
    // it is cornered at 4 after 3 cop moves either way.
    let v = json(&["solve", "pursuit:path:5", "1/4/f", "--json"]);
    assert_eq!(v["to_move"], "fugitive");
    assert_eq!(v["value"], "loss");
    assert_eq!(v["cops_win"], true);
    assert_eq!(v["capture_time"], 3);
    assert_eq!(v["plies"], 6);
    assert_eq!(v["best"], json!(["3", "4"]));
}

#[test]
fn solve_the_hidden_game_reports_the_plan() {
    let v = json(&["solve", "pursuit-hidden:cycle:6,cops=2", "--json"]);
    assert_eq!(v["value"], "win");
    assert_eq!(v["cops_win"], true);
    assert_eq!(v["capture_time"], 2);
    assert_eq!(v["plan"], json!(["0,1", "2,5", "3,4"]));
    assert_eq!(v["plan"], v["pv"]);
    let v = json(&["solve", "pursuit-hidden:cycle:6", "--json"]);
    assert_eq!(v["cops_win"], false);
    assert_eq!(v["capture_time"], Value::Null);
    assert_eq!(v["plan"], Value::Null);
}

#[test]
fn graphs_from_files() {
    let house = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/house.txt");
    let v = json(&["solve", &format!("pursuit:file:{house}"), "--json"]);
    assert_eq!(v["cops_win"], true); // a tree: one cop wins
    assert_eq!(v["capture_time"], 3);
    let bad = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bad_graph.txt");
    let out = ply()
        .args(["solve", &format!("pursuit:file:{bad}")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("line 4: a loop from 'c' to itself is not allowed"),
        "{stderr}"
    );
}

#[test]
fn bad_pursuit_input_exits_2_with_one_line() {
    for (args, message) in [
        (&["solve", "pursuit"][..], "pursuit needs a graph"),
        (
            &["solve", "pursuit:cycle:2"],
            "a cycle needs at least 3 vertices",
        ),
        (
            &["solve", "pursuit:grid:3x3,cops=9"],
            "there must be 1 to 4 cops",
        ),
        (&["solve", "pursuit:path:4", "0/7/f"], "no vertex '7'"),
        (
            &["solve", "pursuit-hidden:path:4", "0/0,1"],
            "vertex 0 holds a cop",
        ),
        (&["solve", "pursuit:hypercube"], "unknown graph 'hypercube'"),
        (&["count", "pursuit:path:3"], "the game tree is infinite"),
    ] {
        let out = ply().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

#[test]
fn a_person_plays_the_cop_against_the_engine() {
    // path:5: the cop starts in the middle; the engine's fugitive runs to an end and is caught.
    let out = ply()
        .args(["play", "pursuit:path:5", "--json"])
        .write_stdin("2\n9\n1\n0\n0\n")
        .output()
        .unwrap();
    // With --json the game is on stderr, the record alone on stdout.
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("no vertex '9'"), "{text}");
    assert!(text.contains("the cop wins: you won!"), "{text}");
    let record: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["winner"], "first");
    assert_eq!(record["moves"].as_array().unwrap().len(), 5);
}

#[test]
fn a_person_plays_the_fugitive_and_escapes_on_a_cycle() {
    let out = ply()
        .args(["play", "pursuit:cycle:4", "--first", "engine"])
        .write_stdin("hint\n2\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("exact value of all"), "{text}");
    // The engine's cop places on 0; the hint shows 2 (opposite) keeps the draw.
    assert!(text.contains("engine plays 0"), "{text}");
    assert!(text.contains("2 draw"), "{text}");
    assert!(text.contains("game abandoned"), "{text}");
}

#[test]
fn tree_draws_the_solved_strategy() {
    // One cop wins on a path: the strategy tree backs up to 1 for the cops (MAX).
    let v = json(&["tree", "pursuit:path:4", "--json"]);
    assert_eq!(v["value"], 1);
    assert_eq!(v["root"]["player"], "max");
    // On a 4-cycle the fugitive escapes for ever: the line repeats and the value is 0.
    let v = json(&["tree", "pursuit:cycle:4", "--json"]);
    assert_eq!(v["value"], 0);
    let svg = ply()
        .args(["tree", "pursuit:path:3", "--format", "svg"])
        .output()
        .expect("ply runs");
    assert!(svg.status.success());
    assert!(String::from_utf8_lossy(&svg.stdout).starts_with("<svg"));
}

/// The strategy tree's principal variation is the line of best play that retrograde
/// analysis proves (`ply solve`'s `pv`): the losing side defends as long as it can
/// instead of walking into capture (`pursuit:path:4` showed the fugitive stepping next
/// to the cop).
#[test]
fn the_strategy_tree_follows_the_solved_line() {
    for game in [
        "pursuit:path:4",
        "pursuit:cycle:5",
        "pursuit:tree:0,0,1,1",
        "pursuit:grid:3x3",
        "pursuit:path:6,cops=2",
        "pursuit:petersen,cops=2",
    ] {
        let tree = json(&["tree", game, "--json"]);
        let solved = json(&["solve", game, "--json"]);
        let tree_line: Vec<_> = tree["pv"].as_array().expect("pv")[1..].to_vec();
        assert_eq!(Value::Array(tree_line), solved["pv"], "{game}");
    }
    let tree = json(&["tree", "pursuit:path:4", "--json"]);
    assert_eq!(
        tree["pv"],
        serde_json::json!(["-/-/c", "1", "3", "2", "3", "3"])
    );
}
