//! `ply book connect4` and the `--book` / `--no-book` / `PLY_C4_BOOK` of `solve`,
//! `bench` and `play`, on the 4x5 board (a draw; a depth-4 book builds in well
//! under a second). Every run gets its own directory, so the default book name
//! of one test never leaks into another.

use serde_json::Value;
use std::path::{Path, PathBuf};

mod common;
use common::{json, ply};

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply_book_{name}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `ply ARGS` in `dir` without PLY_C4_BOOK, expects success, parses stdout as JSON.
fn json_in(dir: &Path, args: &[&str]) -> Value {
    let out = ply()
        .current_dir(dir)
        .env_remove("PLY_C4_BOOK")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "ply {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

fn build(dir: &Path, file: &str) -> Value {
    json_in(
        dir,
        &[
            "book",
            "connect4:4x5",
            "--depth",
            "4",
            "--output",
            file,
            "--json",
        ],
    )
}

#[test]
fn book_then_solve_with_it() {
    let dir = scratch("solve");
    let v = build(&dir, "small.book");
    assert_eq!(v["game"], "connect4:4x5");
    assert_eq!(v["depth"], 4);
    // 1 + 2 + 8 + 26 + 82 positions with 0 to 4 stones, mirror pairs once: 119.
    assert_eq!(v["positions"], 119);
    assert_eq!(v["file"], "small.book");
    assert!(v["nodes"].as_u64().unwrap() > 0 && v["time_ms"].is_number());
    // Header (40 bytes) + 9 bytes a record; no temporary file left behind.
    let bytes = std::fs::read(dir.join("small.book")).unwrap();
    assert_eq!(bytes.len(), 40 + 9 * 119);
    assert_eq!(&bytes[..8], b"ply-c4bk");
    assert!(!dir.join("small.book.tmp").exists());

    for position in ["", "2", "23", "1234", "12341"] {
        let with = json_in(
            &dir,
            &[
                "solve",
                "connect4:4x5",
                position,
                "--book",
                "small.book",
                "--all-moves",
                "--json",
            ],
        );
        let without = json_in(
            &dir,
            &["solve", "connect4:4x5", position, "--all-moves", "--json"],
        );
        assert_eq!(with["book"], "small.book");
        assert_eq!(without["book"], Value::Null);
        for field in ["value", "score", "best"] {
            assert_eq!(with[field], without[field], "{position}: {field}");
        }
        // A win or a loss has its distance from the score; a draw answered by the book
        // has one only when the book's line reaches the end of the game.
        if with["value"] != "draw" || !with["plies"].is_null() {
            assert_eq!(with["plies"], without["plies"], "{position}: plies");
        }
        let scores = |v: &Value| -> Vec<Value> {
            v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["score"].clone())
                .collect()
        };
        assert_eq!(scores(&with), scores(&without), "{position}");
        // `solve` searches each move's position as a root and looks its children up
        // (2 stones more): with at most 2 stones on the board the book answers them.
        let fewer = if position.len() <= 2 {
            with["nodes"].as_u64() < without["nodes"].as_u64()
        } else {
            with["nodes"].as_u64() <= without["nodes"].as_u64()
        };
        assert!(
            fewer,
            "{position}: {} vs {}",
            with["nodes"], without["nodes"]
        );
    }
    // The weak solve reads it too.
    let weak = json_in(
        &dir,
        &[
            "solve",
            "connect4:4x5",
            "1",
            "--weak",
            "--book",
            "small.book",
            "--json",
        ],
    );
    assert_eq!(
        (weak["value"].as_str(), weak["book"].as_str()),
        (Some("draw"), Some("small.book"))
    );
}

#[test]
fn default_file_env_var_and_no_book() {
    let dir = scratch("default");
    let v = json_in(&dir, &["book", "connect4:4x5", "--depth", "3", "--json"]);
    assert_eq!(v["file"], "connect4-4x5.book");
    assert_eq!(v["positions"], 37);
    // Found by its default name in the current directory...
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", "connect4:4x5", "12", "--json"];
        args.extend_from_slice(extra);
        json_in(&dir, &args)["book"].clone()
    };
    assert_eq!(solve(&[]), "connect4-4x5.book");
    assert_eq!(solve(&["--no-book"]), Value::Null);
    // ...but only for its own board size (connect4.book is the 7x6 name).
    let other = json_in(&dir, &["solve", "connect4:4x4", "12", "--json"]);
    assert_eq!(other["book"], Value::Null);
    // PLY_C4_BOOK names another file.
    std::fs::rename(dir.join("connect4-4x5.book"), dir.join("elsewhere.book")).unwrap();
    assert_eq!(solve(&[]), Value::Null);
    let out = ply()
        .current_dir(&dir)
        .env("PLY_C4_BOOK", "elsewhere.book")
        .args(["solve", "connect4:4x5", "12", "--json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["book"], "elsewhere.book");

    // Batch and bench report the book and give the same scores.
    let set = dir.join("set.txt");
    std::fs::write(&set, "12 0\n123\n").unwrap();
    let set = set.to_str().unwrap();
    let batch = ply()
        .current_dir(&dir)
        .args([
            "solve",
            "connect4:4x5",
            "--batch",
            set,
            "--book",
            "elsewhere.book",
            "--json",
        ])
        .output()
        .unwrap();
    let lines: Vec<Value> = String::from_utf8_lossy(&batch.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["correct"], true);
    assert_eq!(lines[2]["book"], "elsewhere.book");
    let bench = json_in(
        &dir,
        &[
            "bench",
            "connect4:4x5",
            set,
            "--book",
            "elsewhere.book",
            "--json",
        ],
    );
    assert_eq!(
        (bench["book"].as_str(), bench["sets"][0]["correct"].as_u64()),
        (Some("elsewhere.book"), Some(1))
    );
    let bench = json_in(&dir, &["bench", "connect4:4x5", set, "--json"]);
    assert_eq!(bench["book"], Value::Null);
}

#[test]
fn bad_books_are_errors_with_the_offset() {
    let dir = scratch("bad");
    build(&dir, "good.book");
    let good = std::fs::read(dir.join("good.book")).unwrap();
    // The same book in format version 1 (no checksums, so that a bad record reaches the
    // record checks): the first 24 bytes with version 1, then the records.
    let mut bytes = good[..24].to_vec();
    bytes[8] = 1;
    bytes.extend_from_slice(&good[40..]);
    // Record 3's score byte (offset 24 + 3 * 9 + 8 = 59) set to 100: out of range.
    bytes[59] = 100;
    std::fs::write(dir.join("bad.book"), &bytes).unwrap();
    std::fs::write(dir.join("empty.book"), b"").unwrap();
    let cases = [
        (
            vec!["solve", "connect4:4x5", "1", "--book", "bad.book"],
            "ply: error: book bad.book: record 3 at byte offset 59: score 100 is out of range for a position with 3 stones on a 4x5 board\n",
        ),
        (
            vec!["solve", "connect4:4x5", "1", "--book", "empty.book"],
            "ply: error: book empty.book: the file is 0 bytes long, shorter than the header of a book (24 bytes in version 1, 40 in version 2)\n",
        ),
        (
            vec!["solve", "connect4", "1", "--book", "good.book"],
            "ply: error: book good.book: the book is for a 4x5 board, the game is played on 7x6\n",
        ),
        (
            vec!["bench", "connect4:4x5", "-", "--book", "bad.book"],
            "ply: error: book bad.book: record 3 at byte offset 59: score 100 is out of range for a position with 3 stones on a 4x5 board\n",
        ),
        (
            vec!["solve", "tictactoe", "--book", "good.book"],
            "ply: error: --book works for connect4 only (an opening book of Connect Four), not tictactoe\n",
        ),
        (
            vec!["book", "tictactoe", "--depth", "2"],
            "ply: error: an opening book is made for connect4 (connect4:WxH) only, not tictactoe\n",
        ),
        (
            vec!["book", "connect4:4x4", "--depth", "17"],
            "ply: error: --depth 17: more stones than the 16 cells of the 4x4 board\n",
        ),
    ];
    for (args, message) in cases {
        let out = ply()
            .current_dir(&dir)
            .env_remove("PLY_C4_BOOK")
            .args(&args)
            .write_stdin("")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), message, "{args:?}");
    }
    // A bad file named by PLY_C4_BOOK is an error too (not silently ignored).
    let out = ply()
        .current_dir(&dir)
        .env("PLY_C4_BOOK", "bad.book")
        .args(["solve", "connect4:4x5", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // An unwritable output fails before any work.
    let out = ply()
        .current_dir(&dir)
        .args([
            "book",
            "connect4:4x4",
            "--depth",
            "2",
            "--output",
            "no/such/dir/x.book",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .starts_with("ply: error: cannot write no/such/dir/x.book: ")
    );
}

#[test]
fn text_output_names_the_book() {
    let dir = scratch("text");
    let out = ply()
        .current_dir(&dir)
        .args(["book", "connect4:4x4", "--depth", "2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("connect4:4x4: 11 positions with at most 2 stones solved in "),
        "{text}"
    );
    assert!(
        text.ends_with("book written to connect4-4x4.book (139 bytes)\n"),
        "{text}"
    );
    let out = ply()
        .current_dir(&dir)
        .env_remove("PLY_C4_BOOK")
        .args(["solve", "connect4:4x4", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\nbook: connect4-4x4.book\n"), "{text}");
    let out = ply()
        .current_dir(&dir)
        .args(["play", "connect4:4x4", "--json"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    // With --json the game is shown on stderr; the record alone is on stdout.
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains("\nbook: connect4-4x4.book (depth 2, 11 positions)\n"),
        "{text}"
    );
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["book"], "connect4-4x4.book");
    assert_eq!(record["ended"], "quit");
}

/// The book shipped in books/ reads, and gives the known values of the first moves
/// (Allis 1988; Pons' scores of the seven columns: -2 -1 0 +1 0 -1 -2).
#[test]
fn shipped_book_gives_the_known_first_move_values() {
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/../../books/connect4.book");
    let out = json(&["solve", "connect4", "--book", book, "--all-moves", "--json"]);
    assert_eq!(out["value"], "win");
    assert_eq!(out["score"], 1);
    assert_eq!(out["best"], serde_json::json!(["4"]));
    assert_eq!(common::column_scores(&out), [-2, -1, 0, 1, 0, -1, -2]);
    // A draw whose line the book did not prove to the end has no distance.
    let draw = out["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == "3")
        .unwrap();
    assert!(draw["plies"].is_null(), "{draw}");
}

/// From a directory with the repository's books/ folder (its root), the shipped book is
/// read without any flag; --no-book still turns it off.
#[test]
fn the_books_folder_is_read_by_default() {
    let dir = scratch("books_folder");
    std::fs::create_dir_all(dir.join("books")).unwrap();
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/../../books/connect4.book");
    std::fs::copy(shipped, dir.join("books/connect4.book")).unwrap();
    let late = "2252576253462244111563365343671351441";
    let out = json_in(&dir, &["solve", "connect4", late, "--json"]);
    assert_eq!(out["book"], "books/connect4.book");
    let out = json_in(&dir, &["solve", "connect4", late, "--no-book", "--json"]);
    assert!(out["book"].is_null());
    let _ = std::fs::remove_dir_all(&dir);
}
