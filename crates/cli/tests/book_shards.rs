//! A book built by independent processes: `ply book ... --shard I/N` in parallel, then
//! `ply book merge`, gives the very file one process builds; a gap or an overlap is
//! refused; an interrupted build resumes from its journal; a damaged book is refused by
//! its checksum; and the book built into the binary answers without any file.

use std::path::{Path, PathBuf};
use std::process::Output;

mod common;
use common::bounded::Bounded;
use common::ply;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply_shards_{name}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `ply ARGS` in `dir`, without PLY_C4_BOOK.
fn run(dir: &Path, args: &[&str]) -> Output {
    ply()
        .current_dir(dir)
        .env_remove("PLY_C4_BOOK")
        .args(args)
        .output()
        .unwrap()
}

fn ok(out: &Output) -> &Output {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn refused(out: &Output, message: &str) {
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(message), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
}

const GAME: &str = "connect4:5x4";
const DEPTH: &str = "6";

/// `ply book connect4:5x4 --depth DEPTH --output OUTPUT EXTRA...`.
fn book_args<'a>(depth: &'a str, output: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["book", GAME, "--depth", depth, "--output", output];
    args.extend_from_slice(extra);
    args
}

#[test]
fn four_shards_in_parallel_merge_into_the_book_of_one_process() {
    let dir = scratch("parallel");
    // Four independent processes, at the same time.
    let children: Vec<_> = (0..4)
        .map(|i| {
            std::process::Command::new(common::ply_path())
                .current_dir(&dir)
                .env_remove("PLY_C4_BOOK")
                .args(["book", GAME, "--depth", DEPTH, "--shard", &format!("{i}/4")])
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let shard = |i: u32| format!("connect4-5x4.shard-{i}-of-4.book");
    let shards: Vec<String> = (0..4).map(shard).collect();
    let mut merge = vec!["book", "merge"];
    // (In any order.)
    merge.extend(shards.iter().rev().map(String::as_str));
    merge.extend(["--output", "merged.book"]);
    ok(&run(&dir, &merge));
    ok(&run(&dir, &book_args(DEPTH, "one.book", &[])));
    let merged = std::fs::read(dir.join("merged.book")).unwrap();
    assert_eq!(merged, std::fs::read(dir.join("one.book")).unwrap());
    // No journal stays after a finished build.
    assert!(!dir.join("one.book.partial").exists());

    // A gap and an overlap are refused, and nothing is written.
    refused(
        &run(
            &dir,
            &[
                "book", "merge", &shards[0], &shards[1], &shards[3], "--output", "x.book",
            ],
        ),
        "the shards leave a gap: 1 of 4 missing (2/4)",
    );
    refused(
        &run(
            &dir,
            &[
                "book", "merge", &shards[0], &shards[1], &shards[1], &shards[2], &shards[3],
                "--output", "x.book",
            ],
        ),
        "shard 1/4 is given twice (files 2 and 3): the shards overlap",
    );
    refused(
        &run(
            &dir,
            &[
                "book", "merge", &shards[0], "one.book", "--output", "x.book",
            ],
        ),
        "is a shard of another book",
    );
    assert!(!dir.join("x.book").exists());
    // A shard is not a book to play or solve with.
    refused(
        &run(&dir, &["solve", GAME, "1", "--book", &shards[0]]),
        "is shard 0/4 of a book, not a whole book",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_interrupted_build_resumes_from_its_journal() {
    let dir = scratch("resume");
    ok(&run(&dir, &book_args(DEPTH, "whole.book", &[])));
    let whole = std::fs::read(dir.join("whole.book")).unwrap();
    // The journal an interrupted build leaves: its header, then some of the records
    // (every other one of the book's), the last one cut short by the interruption.
    let mut journal =
        ply_games::connect4::book::journal_header(5, 4, 6, ply_games::connect4::book::Shard::WHOLE)
            .to_vec();
    let records: Vec<&[u8]> = whole[40..].chunks(9).collect();
    for record in records.iter().step_by(2) {
        journal.extend_from_slice(record);
    }
    journal.extend_from_slice(&records[1][..4]);
    std::fs::write(dir.join("resumed.book.partial"), &journal).unwrap();
    // Without --resume the journal is not thrown away.
    refused(
        &run(&dir, &book_args(DEPTH, "resumed.book", &[])),
        "resumed.book.partial exists",
    );
    let out = run(
        &dir,
        &book_args(DEPTH, "resumed.book", &["--resume", "--json"]),
    );
    let json: serde_json::Value = serde_json::from_slice(&ok(&out).stdout).unwrap();
    assert_eq!(json["resumed"], records.len().div_ceil(2));
    assert_eq!(json["shard"], "0/1");
    assert_eq!(std::fs::read(dir.join("resumed.book")).unwrap(), whole);
    assert!(!dir.join("resumed.book.partial").exists());
    // The journal of another book is refused.
    std::fs::write(dir.join("other.book.partial"), &journal).unwrap();
    refused(
        &run(&dir, &book_args("5", "other.book", &["--resume"])),
        "not the journal of a 5x4 book of depth 5",
    );
    // A journal that is a symbolic link is not followed.
    std::os::unix::fs::symlink(dir.join("whole.book"), dir.join("link.book.partial")).unwrap();
    refused(
        &run(&dir, &book_args(DEPTH, "link.book", &["--resume"])),
        "symbolic link",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ctrl-C in the middle of a 7x6 shard: the positions solved stay in the journal and the
/// run with --resume starts from them (its JSON says how many it took).
#[test]
fn ctrl_c_keeps_what_was_solved() {
    let dir = scratch("ctrl_c");
    // Depth 9 on 6x5: thousands of positions of a few milliseconds each.
    let args = [
        "book",
        "connect4:6x5",
        "--depth",
        "9",
        "--shard",
        "1/8",
        "--output",
        "s.book",
    ];
    let out = Bounded::new(&args)
        .current_dir(&dir)
        .memory_mib(2048)
        .seconds(60)
        .interrupt_after(std::time::Duration::from_millis(3000))
        .run();
    out.assert_code(130)
        .assert_stderr_contains("--resume goes on from them");
    let journal = std::fs::read(dir.join("s.book.partial")).unwrap();
    let kept = (journal.len() - 40) / 9;
    assert!(kept > 0);
    let mut resume = args.to_vec();
    resume.extend(["--resume", "--json"]);
    let out = Bounded::new(&resume)
        .current_dir(&dir)
        .memory_mib(2048)
        .seconds(60)
        .interrupt_after(std::time::Duration::from_millis(300))
        .run();
    // Whether it finished or was interrupted again, it started from the journal.
    assert!(
        out.code == Some(130) || out.code == Some(0),
        "{}",
        out.stderr
    );
    if out.code == Some(0) {
        assert_eq!(out.json()["resumed"], kept);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_book_is_refused_not_misread() {
    let dir = scratch("damaged");
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/../../books/connect4.book");
    let mut bytes = std::fs::read(shipped).unwrap();
    // One bit of one score: the record still looks valid, the checksum does not.
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(dir.join("bad.book"), &bytes).unwrap();
    refused(
        &run(&dir, &["solve", "connect4", "4", "--book", "bad.book"]),
        "the records' checksum",
    );
    // Cut short.
    std::fs::write(dir.join("short.book"), &bytes[..bytes.len() - 5]).unwrap();
    refused(
        &run(&dir, &["solve", "connect4", "4", "--book", "short.book"]),
        "is truncated",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// In a directory with no book, 7x6 reads the book built into the binary: the empty
/// board and every first move are answered at once.
#[test]
fn the_built_in_book_answers_without_a_file() {
    let dir = scratch("built_in");
    let out = run(&dir, &["solve", "connect4", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&ok(&out).stdout).unwrap();
    assert_eq!(json["book"], "built-in");
    assert_eq!(json["score"], 1);
    assert_eq!(json["best"], serde_json::json!(["4"]));
    // One stone: every column's score from the book (children with 2 stones).
    let out = run(&dir, &["solve", "connect4", "4", "--all-moves", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&ok(&out).stdout).unwrap();
    let scores = common::column_scores(&json);
    // Pons' scores after 4: the second player's replies, columns 1 to 7.
    assert_eq!(scores, [-4, -2, -2, -1, -2, -2, -4]);
    assert!(json["nodes"].as_u64().unwrap() < 10, "{json}");
    // Two stones: `44` is a first-player win with score +1 only by the centre column (an
    // exact solve without the book: 546 M nodes, docs/connect4.md), answered at once.
    let out = run(&dir, &["solve", "connect4", "44", "--all-moves", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&ok(&out).stdout).unwrap();
    assert_eq!(json["score"], 1);
    assert_eq!(json["best"], serde_json::json!(["4"]));
    assert!(json["nodes"].as_u64().unwrap() < 10, "{json}");
    // --no-book turns it off (the book field says so).
    let out = run(&dir, &["solve", "connect4:5x4", "--no-book", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&ok(&out).stdout).unwrap();
    assert!(json["book"].is_null());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The header of an empty shard of a 7x6 book, as anyone may write one: any depth, any
/// shard count, the checksums right.
fn hand_made_shard(depth: u8, index: u32, count: u32) -> Vec<u8> {
    let mut bytes = b"ply-c4bk".to_vec();
    bytes.extend_from_slice(&2u16.to_le_bytes());
    bytes.extend_from_slice(&[7, 6, depth, 0, 0, 0]);
    bytes.extend_from_slice(&0u64.to_le_bytes());
    bytes.extend_from_slice(&index.to_le_bytes());
    bytes.extend_from_slice(&count.to_le_bytes());
    bytes.extend_from_slice(&crc32fast::hash(&[]).to_le_bytes());
    let header_crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&header_crc.to_le_bytes());
    bytes
}

/// `ply book merge FILES` on hand-made shards: refused at once, in little memory, with
/// the limit named, and no book written.
#[track_caller]
fn merge_refused(dir: &Path, files: &[(&str, Vec<u8>)], message: &str) {
    let mut args = vec!["book", "merge"];
    for (name, bytes) in files {
        std::fs::write(dir.join(name), bytes).unwrap();
        args.push(name);
    }
    args.extend_from_slice(&["--output", "merged.book"]);
    Bounded::new(&args)
        .current_dir(dir)
        .memory_mib(512)
        .seconds(20)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(message);
    assert!(!dir.join("merged.book").exists());
}

#[test]
fn hand_made_shard_headers_are_refused_before_they_are_believed() {
    let dir = scratch("hand_made");
    // 2^32 - 1 shards: a table of one slot a shard took 64 GB at once (an abort).
    merge_refused(
        &dir,
        &[("huge.book", hand_made_shard(4, 0, u32::MAX))],
        "book huge.book: bytes 28-31: a book split into 4294967295 shards, more than the 65536 it may have",
    );
    // The most shards, one given: the gap is counted and its start listed.
    merge_refused(
        &dir,
        &[("one.book", hand_made_shard(4, 0, 65536))],
        "the shards leave a gap: 65535 of 65536 missing (1/65536, 2/65536, 3/65536, 4/65536, \
         5/65536, 6/65536, 7/65536, 8/65536 and 65527 more)",
    );
    // Two empty shards of a book of depth 20 (`ply book --depth 20` is refused for want
    // of memory): listing its positions ran past 60 s and 3.7 GB. The shards hold no
    // record, so the listing stops past 4096 positions, in the layer of 6 stones.
    merge_refused(
        &dir,
        &[
            ("empty-0.book", hand_made_shard(20, 0, 2)),
            ("empty-1.book", hand_made_shard(20, 1, 2)),
        ],
        "the shards leave a gap: they hold 0 records, but the book has 4097 positions or more (found up to 6 stones)",
    );
    // A build is refused as many shards.
    Bounded::new(&book_args("4", "x.book", &["--shard", "0/65537"]))
        .current_dir(&dir)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(
            "'0/65537': 65537 shards, more than the 65536 a book may be split into",
        );
    let _ = std::fs::remove_dir_all(&dir);
}
