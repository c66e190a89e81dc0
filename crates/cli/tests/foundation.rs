//! The `ply` binary as users script it: exact figures, the JSON contract, errors and exit codes.

use predicates::prelude::*;
use serde_json::Value;

mod common;
use common::bounded::Bounded;
use common::{json, ply};

#[test]
fn count_json_contract() {
    let v = json(&["count", "tictactoe", "--json"]);
    assert_eq!(v["nodes"], 549_946);
    assert_eq!(v["games"], 255_168);
    assert_eq!(v["first_player_wins"], 131_184);
    assert_eq!(v["second_player_wins"], 77_904);
    assert_eq!(v["draws"], 46_080);
    assert_eq!(v["positions"], 5_478);
    assert_eq!(v["positions_up_to_symmetry"], 765);
}

#[test]
fn count_text_lines_up_its_figures() {
    let out = ply().args(["count", "tictactoe"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text,
        "game: tictactoe\n\
         nodes (root included): 549946\n\
         finished games:        255168\n  \
         won by X:            131184\n  \
         won by O:             77904\n  \
         drawn:                46080\n\
         distinct positions:      5478\n  \
         up to symmetry:         765\n"
    );
}

/// The size is estimated from random games before the count: close to the truth.
#[test]
fn count_estimates_the_tree_first() {
    let v = json(&["count", "tictactoe", "--json"]);
    let estimate = v["estimated_nodes"].as_f64().unwrap();
    assert!(
        (0.8 * 549_946.0..1.25 * 549_946.0).contains(&estimate),
        "{estimate}"
    );
}

/// A count of days is refused at once, with the option that runs it anyway.
#[test]
fn count_refuses_a_huge_tree_without_force() {
    for game in ["connect4", "mnk:4,4,4", "mnk:5,5,4"] {
        Bounded::new(&["count", game])
            .memory_mib(512)
            .seconds(10)
            .run()
            .assert_code(2)
            .assert_one_line_error()
            .assert_stderr_contains("nodes (estimated from random games)")
            .assert_stderr_contains("add --force to count anyway");
    }
}

#[test]
fn solve_json_contract_from_the_start() {
    let v = json(&["solve", "tictactoe", "--json"]);
    assert_eq!(v["game"], "tictactoe");
    assert_eq!(v["position"], ".../.../...");
    assert_eq!(v["to_move"], "X");
    assert_eq!(v["value"], "draw");
    assert_eq!(v["plies"], 9);
    assert_eq!(
        v["best"].as_array().map(Vec::len),
        Some(9),
        "every first move draws"
    );
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(9));
    assert!(v["nodes"].as_u64().is_some_and(|n| n > 1));
    assert!(v["time_ms"].as_f64().is_some());
}

#[test]
fn solve_names_the_only_defence() {
    for algorithm in ["minimax", "negamax", "alphabeta"] {
        let v = json(&[
            "solve",
            "tictactoe",
            "XO./.X./...",
            "--algorithm",
            algorithm,
            "--json",
        ]);
        assert_eq!(v["to_move"], "O");
        assert_eq!(v["value"], "loss");
        assert_eq!(v["plies"], 4);
        assert_eq!(v["best"], serde_json::json!(["c3"]));
        let moves = v["moves"].as_array().expect("moves");
        assert_eq!(moves.len(), 6);
        assert_eq!(moves[0]["move"], "c3");
        assert!(
            moves[1..]
                .iter()
                .all(|m| m["value"] == "loss" && m["plies"] == 2)
        );
    }
}

#[test]
fn solve_a_won_position_and_a_finished_one() {
    let v = json(&["solve", "tictactoe", "XX./OO./...", "--json"]);
    assert_eq!(v["value"], "win");
    assert_eq!(v["plies"], 1);
    assert_eq!(v["best"], serde_json::json!(["c1"]));
    let v = json(&["solve", "tictactoe", "XXX/OO./...", "--json"]);
    assert_eq!(v["value"], "loss");
    assert_eq!(v["plies"], 0);
    assert_eq!(v["moves"], serde_json::json!([]));
}

#[test]
fn text_output_is_readable() {
    ply()
        .args(["solve", "ttt", "XO./.X./..."])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: loss in 4 plies for O"))
        .stdout(predicate::str::contains("best: c3"));
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        vec!["solve", "tictactoe", "XXX/XXX/XXX"],
        vec!["solve", "checkers"],
        vec!["solve", "mnk:9,9,5"],
        vec!["solve", "mnk:3,x,3"],
        vec!["count", "mnk"],
        vec!["solve", "tictactoe", "--algorithm", "bogo"],
        vec!["frobnicate"],
    ] {
        let out = ply().args(&args).output().expect("ply runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("error"), "{args:?}: {stderr}");
    }
    let out = ply()
        .args(["solve", "tictactoe", "XXX/OO./O.."])
        .output()
        .expect("ply runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("X has a line but O moved"), "{stderr}");
}

#[test]
fn help_has_examples() {
    let commands = [
        "play", "solve", "count", "analyze", "tree", "grundy", "bench", "book", "gen",
    ];
    for command in commands {
        ply()
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("EXAMPLES"))
            // A doc comment's escaped quote once reached the help text as `\"`.
            .stdout(predicate::str::contains("\\\"").not());
    }
}

#[test]
fn play_rejects_bad_input_and_lets_the_engine_win() {
    // O (the human) plays badly; X (the engine) must win, and bad input is refused politely.
    ply()
        .args(["play", "tictactoe", "--first", "engine", "--json"])
        .write_stdin("zz\nb2\n1\nb2\nb1\nc1\nc2\na3\n")
        .assert()
        .success()
        // With --json the game goes to stderr, the record alone to stdout.
        .stderr(predicate::str::contains("is not a cell"))
        .stderr(predicate::str::contains("engine (X) considers:"))
        .stderr(predicate::str::contains("X wins: the engine won"))
        .stdout(predicate::str::contains("\"winner\": \"first\""));
}

/// With --json, standard output is the record and nothing else, however the game ends.
#[test]
fn play_json_prints_the_record_alone_however_the_game_ends() {
    for (input, ended, code) in [
        ("b2\nq\n", "quit", 0),
        ("b2\n", "end_of_input", 0),
        ("b2\na1\nc3\nb1\na3\nc2\n", "finished", 0),
    ] {
        let out = Bounded::new(&["play", "tictactoe", "--json"])
            .stdin(input)
            .memory_mib(1024)
            .seconds(30)
            .run();
        out.assert_code(code);
        let record: Value = serde_json::from_str(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "{input:?}: stdout is not one JSON value ({e}): {}",
                out.stdout
            )
        });
        assert_eq!(record["ended"], ended, "{input:?}");
        assert_eq!(record["moves"][0], "b2");
        assert!(
            out.stderr.contains("your move (X)"),
            "the game is shown on stderr"
        );
    }
    // Ctrl-C at the prompt: hardening_cli.rs, ctrl_c_at_the_prompt_quits_on_a_new_line.
}

/// Depth-limited values are estimates: never "draw", with a legend saying what they are.
#[test]
fn play_says_estimates_are_estimates() {
    let out = ply()
        .args(["play", "tictactoe", "--depth", "2"])
        .write_stdin("hint\nq\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Values are estimates"), "{text}");
    let hint = text.lines().find(|l| l.contains("your moves:")).unwrap();
    assert!(hint.contains("b2 +1.00, a1 -1.00"), "{hint}");
    assert!(!hint.contains("draw"), "{hint}");
    // Proved values keep their words.
    let out = ply()
        .args(["play", "tictactoe"])
        .write_stdin("hint\nq\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("your moves: a1 draw"), "{text}");
    assert!(!text.contains("Values are estimates"), "{text}");
}

#[test]
fn play_against_a_perfect_engine_draws_with_best_play() {
    // X (human) b2, then the corners and edges that keep the draw; the engine never loses.
    let out = ply()
        .args(["play", "tictactoe", "--json"])
        .write_stdin("b2\nhint\nc1\nb1\na2\nc3\n")
        .output()
        .expect("ply runs");
    let stdout = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success());
    assert!(stdout.contains("your moves:"), "hint lists the values");
    assert!(!stdout.contains("you won"), "{stdout}");
}

#[test]
fn depth_limited_engine_opens_in_the_centre() {
    ply()
        .args(["play", "tictactoe", "--first", "engine", "--depth", "2"])
        .write_stdin("quit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("engine plays b2"));
}

#[test]
fn count_stops_cleanly_on_ctrl_c() {
    // mnk:4,4,4 has trillions of move sequences: the count runs until interrupted.
    let child = std::process::Command::new(common::ply_path())
        .args(["count", "mnk:4,4,4", "--json", "--force"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("ply starts");
    std::thread::sleep(std::time::Duration::from_millis(400));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let out = child.wait_with_output().expect("ply ends");
    assert_eq!(out.status.code(), Some(130));
    let v: Value = serde_json::from_slice(&out.stdout).expect("partial counts as JSON");
    assert_eq!(v["interrupted"], true);
    assert!(v["nodes"].as_u64().is_some_and(|n| n > 0));
}

/// `ply ... | head -1`: the reader leaves after one line. ply must end quietly (killed by
/// SIGPIPE, as any Unix filter), not panic with "failed printing to stdout".
#[cfg(unix)]
#[test]
fn closed_pipe_ends_quietly() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    // Many lines of batch output (an end position solved in microseconds, again and
    // again): far more than a pipe buffer holds.
    let mut child = Command::new(common::ply_path())
        .args(["solve", "connect4", "--batch", "-", "--no-book"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let writer = std::thread::spawn(move || {
        for _ in 0..50_000 {
            if stdin
                .write_all(b"2252576253462244111563365343671351441\n")
                .is_err()
            {
                break;
            }
        }
    });
    let mut first = String::new();
    stdout.read_line(&mut first).expect("a first line");
    drop(stdout);
    let out = child.wait_with_output().expect("ply ends");
    writer.join().expect("writer");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}
