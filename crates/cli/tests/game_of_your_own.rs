//! `ply_cli::main_for_game`: a game written outside ply (examples/kayles.rs) gets the
//! whole command line. Kayles' values are known: the first player wins every row
//! (knock down the middle, then mirror), and a row's Grundy value is 0 exactly for the
//! rows of 0, 4, 8, ... in the small cases checked here.

mod common;
use common::bounded::Bounded;

/// The newest modification time of the files under `dir`.
fn newest(dir: &std::path::Path) -> Option<std::time::SystemTime> {
    let mut latest = None;
    for entry in std::fs::read_dir(dir).ok()?.flatten() {
        let path = entry.path();
        let time = if path.is_dir() {
            newest(&path)
        } else {
            entry.metadata().and_then(|m| m.modified()).ok()
        };
        latest = latest.max(time);
    }
    latest
}

/// The example's binary. `cargo test` builds the examples with the tests; a run of
/// this file alone (`--test game_of_your_own`) may find it missing, or older than the
/// sources it is built from: then it is built here, with the tests' profile (so from
/// the same compiled libraries). (Its age is not compared with the `ply` binary's:
/// cargo builds the two side by side, in either order.)
fn kayles() -> String {
    let ply = std::path::PathBuf::from(env!("CARGO_BIN_EXE_ply"));
    let directory = ply.parent().expect("the binary's folder");
    let example = directory.join("examples").join("kayles");
    let modified = |path: &std::path::Path| path.metadata().and_then(|m| m.modified()).ok();
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let sources = [
        "core/src",
        "games/src",
        "tree/src",
        "api/src",
        "cli/src",
        "cli/examples",
    ]
    .iter()
    .filter_map(|dir| newest(&crates.join(dir)))
    .max();
    if modified(&example).is_none() || modified(&example) < sources {
        let profile = if directory.ends_with("release") {
            "release"
        } else {
            "test"
        };
        let built = std::process::Command::new(env!("CARGO"))
            .args([
                "build",
                "-q",
                "-p",
                "ply",
                "--example",
                "kayles",
                "--profile",
                profile,
            ])
            .status()
            .expect("cargo runs");
        assert!(built.success(), "the example builds");
    }
    example.to_string_lossy().into_owned()
}

fn run(args: &[&str]) -> common::bounded::Outcome {
    Bounded::with_program(&kayles(), args)
        .memory_mib(1024)
        .seconds(60)
        .run()
}

#[test]
fn solve_a_game_of_your_own() {
    let out = run(&["solve", "--json"]);
    out.assert_code(0);
    let v = out.json();
    assert_eq!(v["game"], "kayles");
    assert_eq!(v["position"], "IIIIIII");
    assert_eq!(v["value"], "win");
    // Knocking down the middle pin wins by symmetry (7 plies: the slowest winning line).
    let four = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == "4")
        .unwrap();
    assert_eq!(four["value"], "win");
    // Two rows of two: whatever the first player does, the second mirrors it.
    let v = run(&["solve", "II.II", "--json"]).json();
    assert_eq!(v["value"], "loss");
    let v = run(&["solve", "I", "--json"]).json();
    assert_eq!(
        (v["value"].as_str(), v["plies"].as_u64()),
        (Some("win"), Some(1))
    );
}

#[test]
fn count_and_draw_a_game_of_your_own() {
    let v = run(&["count", "--json"]).json();
    // 7 pins: every set of fallen pins is reached (one at a time), with the first player
    // to move after an even number of moves. Knocking two neighbours at once instead of
    // one by one changes that parity, so a set is reached with either player to move
    // exactly when it holds two neighbours: all but the 34 sets without (Fibonacci
    // F(9)). 128 + (128 - 34) = 222 positions.
    assert_eq!(v["positions"], 222);
    assert_eq!(v["draws"], 0);
    let out = run(&["tree", "--depth", "2", "--format", "svg"]);
    out.assert_code(0);
    assert!(out.stdout.starts_with("<svg") || out.stdout.starts_with("<?xml"));
    for args in [
        &["tree", "kayles@II.I", "--json"][..],
        &["tree", "--position", "II.I", "--json"][..],
    ] {
        let out = run(args);
        out.assert_code(0);
        // II.I: knock down 1-2 and leave one pin to the opponent? No: the opponent takes
        // it and wins. Knock down pin 4 and leave II: the opponent takes both and wins.
        // Knock down pin 1 (or 2) and leave I.I: two moves remain, the first player's.
        let v = out.json();
        assert_eq!(v["value"], 1, "{args:?}: {v}");
    }
}

#[test]
fn play_a_game_of_your_own() {
    // 4 leaves two rows of three: the engine loses whatever it does.
    let out = Bounded::with_program(&kayles(), &["play", "--json"])
        .stdin("4\nq\n")
        .memory_mib(1024)
        .seconds(60)
        .run();
    let screen = format!("{}{}", out.stdout, out.stderr);
    assert!(screen.contains("I I I . I I I"), "{screen}");
    assert!(screen.contains("engine plays"), "{screen}");
    let bad = run(&["solve", "II?I"]);
    bad.assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("I standing");
}
