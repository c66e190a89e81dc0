//! The command line and the web lab give the same answers: `ply tree --format json
//! --trace` and `ply solve --json` print exactly what ply-api's functions (behind
//! `POST /api/tree` and `POST /api/solve`) return, field for field.

mod common;

use common::{json, ply};
use ply_api::control::Control;
use ply_api::solve::{SolveRequest, solve};
use ply_api::tree::{TreeLimits, TreeRequest, evaluate_tree};
use serde_json::Value;

/// The time a run took is the one field that differs from run to run.
fn without_time(mut value: Value) -> Value {
    if let Some(object) = value.as_object_mut() {
        object.remove("time_ms");
    }
    value
}

#[test]
fn tree_json_is_the_apis() {
    let examples = format!("{}/../../examples/trees", env!("CARGO_MANIFEST_DIR"));
    for (file, algorithm, perspective) in [
        ("classic.txt", "alphabeta", "max"),
        ("four-ply.txt", "alphabeta", "max"),
        ("four-ply.txt", "minimax", "max"),
        ("two-ply.txt", "negamax", "max"),
        ("negamax.txt", "negamax", "mover"),
        ("decimals.txt", "alphabeta", "max"),
        ("classic.json", "alphabeta", "max"),
        ("dice.txt", "expectiminimax", "max"),
        ("backgammon.txt", "star2", "max"),
    ] {
        let path = format!("{examples}/{file}");
        let output = ply()
            .args([
                "tree",
                &path,
                "--format",
                "json",
                "--trace",
                "--algorithm",
                algorithm,
            ])
            .args(["--leaf-perspective", perspective])
            .output()
            .unwrap();
        assert!(output.status.success(), "{file}");
        let request = TreeRequest {
            tree: std::fs::read_to_string(&path).unwrap(),
            algorithm: Some(algorithm.into()),
            leaf_perspective: Some(perspective.into()),
            order: None,
            rule: None,
            picture: false,
            collapse_pruned: false,
            collapse_below: None,
            expand: Vec::new(),
            lang: None,
        };
        let api = evaluate_tree(&request, &TreeLimits::default()).unwrap();
        // Byte for byte: the same text, fields in the same order.
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            api,
            "{file} {algorithm}"
        );
    }
}

#[test]
fn solve_json_is_the_apis() {
    for (game, position) in [
        ("tictactoe", None),
        ("tictactoe", Some("XO./.X./...")),
        ("nim:3,4,5", None),
        ("race:10,2", Some("7")),
        ("pursuit:path:4", None),
        ("connect4", Some("2252576253462244111563365343671351441")),
        ("mnk:4,3,3", None),
    ] {
        let mut args = vec!["solve", game];
        args.extend(position);
        args.push("--json");
        // The library is asked without a book: so is the binary.
        if game.starts_with("connect4") {
            args.push("--no-book");
        }
        let cli = without_time(json(&args));
        let request = SolveRequest {
            game: game.into(),
            position: position.map(str::to_string),
            time_ms: Some(60_000),
            ..SolveRequest::default()
        };
        let api = solve(&request, 60_000, 60_000, None, &Control::new()).unwrap();
        let api = without_time(serde_json::to_value(api).unwrap());
        assert_eq!(cli, api, "{game} {position:?}");
    }
}

#[test]
fn analyze_json_is_the_apis() {
    // A fixed depth on one thread: the same search, node for node. (The Connect Four
    // position has 12 stones: the CLI reads the built-in book, the API call none, and
    // below 12 stones the book would answer.)
    for (game, position, depth) in [
        ("connect4", "467226275461", "8"),
        ("tictactoe", "X........", "4"),
    ] {
        let mut cli = json(&["analyze", game, position, "--depth", depth, "--json"]);
        let request = ply_api::analyze::AnalyzeRequest {
            game: game.into(),
            position: Some(position.into()),
            depth: Some(depth.parse().unwrap()),
            time_ms: Some(60_000),
            ..Default::default()
        };
        let api = ply_api::analyze::analyze(&request, 60_000, u64::MAX, &Control::new()).unwrap();
        let mut api = serde_json::to_value(api).unwrap();
        // Times and speeds differ from run to run; everything else is the same.
        for value in [&mut cli, &mut api] {
            let object = value.as_object_mut().unwrap();
            object.remove("time_ms");
            object.remove("nps");
            for iteration in object["iterations"].as_array_mut().unwrap() {
                let iteration = iteration.as_object_mut().unwrap();
                iteration.remove("time_ms");
                iteration.remove("nps");
            }
        }
        assert_eq!(cli, api, "{game} {position}");
    }
}
