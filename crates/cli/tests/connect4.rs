//! `ply solve connect4` in Pons' score convention (`score`, `--all-moves`,
//! `--weak`, `--batch`) and `ply bench connect4`. The positions are lines of Pons'
//! Test_L3_R1 with their published scores, copied here so the tests always run.

use predicates::prelude::*;
use serde_json::Value;

mod common;
use common::{json, ply};

/// Test_L3_R1, lines 1 to 3: a loss, a win, a draw for the side to move.
const LOSS: (&str, i64) = ("2252576253462244111563365343671351441", -1);
const WIN: (&str, i64) = ("7422341735647741166133573473242566", 1);
const DRAW: (&str, i64) = ("23163416124767223154467471272416755633", 0);

#[test]
fn solve_reports_pons_score_next_to_the_contract() {
    // X has three on the bottom row and wins with its 4th stone: 22 − 4.
    let v = json(&["solve", "connect4", "112233", "--json"]);
    assert_eq!(v["value"], "win");
    assert_eq!(v["plies"], 1);
    assert_eq!(v["score"], 18);
    assert_eq!(v["best"], serde_json::json!(["4"]));
    for (moves, score) in [LOSS, WIN, DRAW] {
        let v = json(&["solve", "connect4", moves, "--json"]);
        assert_eq!(v["score"], score, "{moves}");
        // Without --all-moves the moves keep the common contract only.
        assert!(v["moves"][0].get("score").is_none());
        assert!(v["moves"][0]["plies"].is_u64());
    }
    // Other games keep the common contract: no score.
    let v = json(&["solve", "tictactoe", "--json"]);
    assert!(v.get("score").is_none());
    assert_eq!(v["plies"], 9);
}

#[test]
fn all_moves_scores_agree_with_the_root() {
    for (moves, score) in [LOSS, WIN, DRAW] {
        let v = json(&["solve", "connect4", moves, "--all-moves", "--json"]);
        let moves_json = v["moves"].as_array().unwrap();
        let scores: Vec<i64> = moves_json
            .iter()
            .map(|m| m["score"].as_i64().expect("a score per move"))
            .collect();
        // The root's score is the best move's; best first; the best moves are those with it.
        assert_eq!(scores.iter().max(), Some(&score), "{moves}");
        assert_eq!(scores[0], score);
        let best: Vec<&str> = moves_json
            .iter()
            .filter(|m| m["score"] == score)
            .map(|m| m["move"].as_str().unwrap())
            .collect();
        assert_eq!(v["best"], serde_json::json!(best), "{moves}");
    }
    // 112233: 4 wins at once, with X's 4th stone (22 − 4).
    let text = ply()
        .args(["solve", "connect4", "112233", "--all-moves"])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("score: +18"), "{text}");
    assert!(text.contains("* 4      win in 1     score +18"), "{text}");
}

#[test]
fn weak_gives_the_result_only() {
    for (moves, score) in [LOSS, WIN, DRAW] {
        let weak = json(&["solve", "connect4", moves, "--weak", "--json"]);
        let exact = json(&["solve", "connect4", moves, "--json"]);
        assert_eq!(weak["value"], exact["value"], "{moves}");
        let word = match score.signum() {
            1 => "win",
            -1 => "loss",
            _ => "draw",
        };
        assert_eq!(weak["value"], word);
        assert!(weak["plies"].is_null() && weak["score"].is_null());
        // Each move's result agrees with the exact solve.
        let result = |v: &Value| {
            let mut r: Vec<(String, String)> = v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| (m["move"].to_string(), m["value"].to_string()))
                .collect();
            r.sort();
            r
        };
        assert_eq!(result(&weak), result(&exact), "{moves}");
    }
    ply()
        .args(["solve", "connect4", WIN.0, "--weak"])
        .assert()
        .success()
        .stdout(predicate::str::contains("weak solve"));
}

#[test]
fn batch_checks_scores_reports_bad_lines_and_goes_on() {
    let input = format!(
        "{} {}\n{} {}\n\n448 3\n{} 5\n{}\n",
        LOSS.0, LOSS.1, WIN.0, WIN.1, DRAW.0, "112233"
    );
    let out = ply()
        .args(["solve", "connect4", "--batch", "-"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "a mismatch exits with 1");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<Vec<&str>> = stdout.lines().map(|l| l.split(' ').collect()).collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    let solved: Vec<(&str, &str)> = lines.iter().map(|f| (f[0], f[1])).collect();
    assert_eq!(
        solved,
        [
            (LOSS.0, "-1"),
            (WIN.0, "1"),
            (DRAW.0, "0"),
            ("112233", "18")
        ]
    );
    // moves score nodes micros: nodes and micros are numbers.
    assert!(
        lines
            .iter()
            .all(|f| f.len() == 4 && f[2].parse::<u64>().is_ok() && f[3].parse::<u64>().is_ok())
    );
    assert!(
        stderr.contains("line 4: move 3 ('8'): column 8 is outside 1-7"),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("line 5: {}: score 0, expected 5", DRAW.0)),
        "{stderr}"
    );
    assert!(
        stderr.contains("4 positions solved, 3 checked, 1 mismatches, 1 bad lines"),
        "{stderr}"
    );

    // JSON lines, and no mismatch: exit 0.
    let good = format!("{} {}\n{}\n", WIN.0, WIN.1, "112233");
    let out = ply()
        .args(["solve", "connect4", "--batch", "-", "--json", "--hash", "1"])
        .write_stdin(good)
        .output()
        .unwrap();
    assert!(out.status.success());
    let rows: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["score"], 1);
    assert_eq!(rows[0]["correct"], true);
    assert_eq!(rows[1]["score"], 18);
    assert!(rows[1].get("expected").is_none());
    assert_eq!(rows[2]["summary"], true);
    assert_eq!(rows[2]["positions"], 2);
    assert_eq!(rows[2]["mismatches"], 0);

    // Weak: signs, compared by sign.
    let out = ply()
        .args(["solve", "connect4", "--batch", "-", "--weak"])
        .write_stdin(format!("{} {}\n{} {}\n", LOSS.0, LOSS.1, "112233", 18))
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let scores: Vec<&str> = stdout
        .lines()
        .map(|l| l.split(' ').nth(1).unwrap())
        .collect();
    assert_eq!(scores, ["-1", "1"]);
}

#[test]
fn batch_and_bench_errors() {
    ply()
        .args(["solve", "tictactoe", "--batch", "-"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("connect4 only"));
    ply()
        .args(["solve", "connect4", "--batch", "/nonexistent/set"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/nonexistent/set"));
    ply()
        .args(["bench", "connect4", "/nonexistent/set"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("ply: error: /nonexistent/set"));
    ply()
        .args(["solve", "connect4", "44", "--batch", "-"])
        .assert()
        .code(2);
}

#[test]
fn bench_reports_each_set() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let good = dir.join("c4_bench_good");
    let bad = dir.join("c4_bench_bad");
    std::fs::write(
        &good,
        format!(
            "{} {}\n{} {}\n{} {}\n",
            LOSS.0, LOSS.1, WIN.0, WIN.1, DRAW.0, DRAW.1
        ),
    )
    .unwrap();
    std::fs::write(&bad, format!("{} 7\n9\n112233 18\n", WIN.0)).unwrap();
    let (good, bad) = (good.to_str().unwrap(), bad.to_str().unwrap());
    let v = json(&["bench", "connect4", good, "--json"]);
    let set = &v["sets"][0];
    assert_eq!(set["file"], good);
    assert_eq!(set["positions"], 3);
    assert_eq!(
        (set["correct"].as_u64(), set["wrong"].as_u64()),
        (Some(3), Some(0))
    );
    assert!(set["mean_nodes"].as_f64().unwrap() >= 1.0);
    assert!(set["max_us"].as_f64().unwrap() >= set["mean_us"].as_f64().unwrap());
    // A wrong expected score and a bad line: exit 1, the set still measured.
    let out = ply()
        .args(["bench", "connect4", good, bad, "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let set = &v["sets"][1];
    assert_eq!(set["positions"], 2);
    assert_eq!(
        (set["correct"].as_u64(), set["wrong"].as_u64()),
        (Some(1), Some(1))
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("line 2: move 1 ('9'): column 9 is outside 1-7"),
        "{stderr}"
    );
}

/// Without --time the engine plays the standard board perfectly: the hint and its move
/// are the solver's exact scores, not a timed search's.
#[test]
fn play_solves_the_standard_board_exactly() {
    let out = ply()
        .args([
            "play",
            "connect4",
            "--position",
            "2252576253462244111563365343671351",
        ])
        .write_stdin("hint\n1\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("The engine plays perfectly"), "{stdout}");
    // X to move: 6 wins at once (+4), 4 wins later (+2), 1 and 7 lose (-4).
    assert!(stdout.contains(": 1 -4, 4 +2, 6 +4, 7 -4"), "{stdout}");
    // After 1, O wins with its next stone, and says so.
    assert!(stdout.contains("engine (O) thinks: win in 1 ("), "{stdout}");
    assert!(stdout.contains("engine plays 4"), "{stdout}");
}

#[test]
fn play_hint_gives_each_column_score_without_colours_in_a_pipe() {
    // X to move: 6 wins at once (+4), 4 wins later (+2), 1 and 7 lose (-4).
    let out = ply()
        .args([
            "play",
            "connect4",
            "--position",
            "2252576253462244111563365343671351",
            "--time",
            "2000",
        ])
        .write_stdin("hint\nquit\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains(": 1 -4, 4 +2, 6 +4, 7 -4"), "{stdout}");
    assert!(stdout.contains(" 1 2 3 4 5 6 7"), "{stdout}");
    assert!(
        !stdout.contains('\x1b'),
        "no escape codes when stdout is not a terminal"
    );
}

/// `ply gen connect4 ARGS`: its lines, after checking that it succeeded.
fn generated(args: &[&str]) -> Vec<(String, i64)> {
    let mut all = vec!["gen", "connect4"];
    all.extend_from_slice(args);
    let out = common::bounded::Bounded::new(&all)
        .memory_mib(1024)
        .seconds(120)
        .run();
    out.assert_code(0);
    out.stdout
        .lines()
        .map(|line| {
            let (moves, score) = line.split_once(' ').expect("`moves score`");
            (moves.to_string(), score.parse().expect("a whole score"))
        })
        .collect()
}

/// A generated set: as many distinct positions as asked, in the stone range, none
/// whose moves ended the game, the same set again from the same seed, and every
/// score the one the textbook alpha-beta (which shares no code with the engine) finds.
#[test]
fn gen_makes_sets_with_exact_scores() {
    let set = generated(&["--stones", "29..36", "--count", "25", "--seed", "11"]);
    assert_eq!(set.len(), 25);
    let distinct: std::collections::HashSet<_> = set.iter().map(|(m, _)| m.clone()).collect();
    assert_eq!(distinct.len(), 25);
    for (moves, score) in &set {
        assert!((29..=36).contains(&moves.len()), "{moves}");
        // `ply solve` refuses moves after the end of a game, so the line is a game
        // still going when it has moves left; the textbook search gives the same score.
        let v = json(&[
            "solve",
            "connect4",
            moves,
            "--algorithm",
            "alphabeta",
            "--json",
        ]);
        assert_eq!(v["score"], *score, "{moves}");
        assert_ne!(v["moves"].as_array().map(Vec::len), Some(0), "{moves}");
    }
    assert_eq!(
        generated(&["--stones", "29..36", "--count", "25", "--seed", "11"]),
        set
    );
    assert_ne!(
        generated(&["--stones", "29..36", "--count", "25", "--seed", "12"]),
        set
    );
}

/// `--remaining`: the game lasts that many more moves under perfect play, as
/// `ply solve` counts them (plies to the end).
#[test]
fn gen_keeps_the_asked_difficulty() {
    for (stones, remaining, range) in [("10..20", "3..14", 3..=14), ("20..28", "15..22", 15..=22)] {
        let set = generated(&[
            "--stones",
            stones,
            "--remaining",
            remaining,
            "--count",
            "6",
            "--seed",
            "3",
        ]);
        assert_eq!(set.len(), 6);
        for (moves, _) in set {
            let v = json(&["solve", "connect4", &moves, "--json"]);
            let plies = v["plies"].as_u64().unwrap();
            assert!(range.contains(&plies), "{moves}: {plies} moves remain");
        }
    }
}

#[test]
fn gen_refuses_what_it_cannot_make() {
    for (args, needle) in [
        (
            vec!["gen", "connect4", "--stones", "0..3", "--count", "1"],
            "1 to 41 stones",
        ),
        (
            vec!["gen", "connect4", "--stones", "42", "--count", "1"],
            "1 to 41 stones",
        ),
        (
            vec!["gen", "connect4", "--stones", "5..3", "--count", "1"],
            "is empty",
        ),
        (
            vec!["gen", "connect4", "--stones", "x", "--count", "1"],
            "A..B",
        ),
        (
            vec!["gen", "connect4", "--stones", "4", "--count", "0"],
            "from 1 to",
        ),
        (
            vec!["gen", "tictactoe", "--stones", "4", "--count", "1"],
            "connect4 only",
        ),
        (
            vec![
                "gen",
                "connect4:4x4",
                "--stones",
                "1",
                "--count",
                "5",
                "--seed",
                "1",
            ],
            "only 4 of 5 positions",
        ),
    ] {
        common::bounded::Bounded::new(&args)
            .memory_mib(1024)
            .seconds(60)
            .run()
            .assert_code(2)
            .assert_one_line_error()
            .assert_stderr_contains(needle);
    }
}

/// `analyze --exact` on the standard board: the probes as bounds, then the proved value
/// with its line to the end, as long as `solve` says the game lasts.
#[test]
fn analyze_exact_proves_the_value_and_its_line() {
    for (moves, _) in [LOSS, WIN, DRAW] {
        let solved = json(&["solve", "connect4", moves, "--no-book", "--json"]);
        let v = json(&[
            "analyze",
            "connect4",
            moves,
            "--exact",
            "--no-book",
            "--json",
        ]);
        assert_eq!(v["exact"], true, "{moves}");
        assert_eq!(v["lower_bound"], v["upper_bound"], "{moves}");
        let pv = v["pv"].as_array().unwrap();
        assert_eq!(
            pv.len() as u64,
            solved["plies"].as_u64().unwrap(),
            "{moves}"
        );
        assert_eq!(v["best"], pv[0], "{moves}");
        let iterations = v["iterations"].as_array().unwrap();
        assert!(!iterations.is_empty());
        assert_eq!(iterations.last().unwrap()["score"], v["score"], "{moves}");
    }
}
