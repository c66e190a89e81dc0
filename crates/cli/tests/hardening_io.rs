//! Hostile files and streams: endless devices, directories, FIFOs, bad lines, long lines,
//! and targets that must not be destroyed by a write. Every run is capped in memory and
//! time (tests/common/bounded.rs), so a regression fails here, not the machine.

mod common;
use common::bounded::Bounded;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Positions near the end of the game, solved in a few nodes (tests/connect4.rs).
const WIN: &str = "7422341735647741166133573473242566";
const LOSS: &str = "2252576253462244111563365343671351441";

/// A fresh directory of this test's own under the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "ply-hardening-io-{name}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names of the files in `dir` ending in `.tmp`.
fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect()
}

fn mkfifo(path: &Path) {
    let name = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a plain call with a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0, "mkfifo");
}

/// Writes `bytes` into the FIFO at `path` from a thread, then endless zeros when
/// `endless`, until the reader closes it.
fn feed_fifo(path: &Path, bytes: Vec<u8>, endless: bool) -> std::thread::JoinHandle<()> {
    let path = path.to_path_buf();
    std::thread::spawn(move || {
        use std::io::Write;
        let Ok(mut fifo) = std::fs::OpenOptions::new().write(true).open(&path) else {
            return;
        };
        if fifo.write_all(&bytes).is_err() || !endless {
            return;
        }
        let zeros = vec![0u8; 64 * 1024];
        while fifo.write_all(&zeros).is_ok() {}
    })
}

// ---- Input size: endless devices are refused in bounded memory and time ----

#[test]
fn a_batch_from_dev_zero_is_refused_in_bounded_memory() {
    for out in [
        Bounded::new(&["solve", "connect4", "--batch", "/dev/zero"]),
        Bounded::new(&["solve", "connect4", "--batch", "-"]).stdin_file("/dev/zero"),
    ]
    .map(|run| run.memory_mib(512).seconds(20).run())
    {
        out.assert_code(2)
            .assert_one_line_error()
            .assert_stderr_contains(
                "line 1: no line break in its first 1 MiB: not a text of lines",
            );
    }
}

#[test]
fn a_bench_of_dev_zero_is_refused_in_bounded_memory() {
    Bounded::new(&["bench", "connect4", "/dev/zero"])
        .memory_mib(512)
        .seconds(20)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(
            "ply: error: /dev/zero: line 1: no line break in its first 1 MiB: not a text of lines",
        );
}

#[test]
fn a_book_from_dev_zero_is_refused_at_its_header() {
    Bounded::new(&["solve", "connect4:4x4", "1", "--book", "/dev/zero"])
        .memory_mib(512)
        .seconds(20)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(
            "ply: error: book /dev/zero: bytes 0-7: not a ply Connect Four book",
        );
}

/// A valid book header announcing `count` records on a 4x4 board, depth 3.
fn book_header(count: u64) -> Vec<u8> {
    let mut bytes = b"ply-c4bk\x01\x00\x04\x04\x03\x00\x00\x00".to_vec();
    bytes.extend_from_slice(&count.to_le_bytes());
    bytes
}

#[test]
fn a_book_stream_is_read_no_further_than_its_header_announces() {
    let dir = scratch("book-stream");
    // A valid header, then endless zeros: 1000 records are read, not more.
    let fifo = dir.join("endless.book");
    mkfifo(&fifo);
    let writer = feed_fifo(&fifo, book_header(1000), true);
    Bounded::new(&[
        "solve",
        "connect4:4x4",
        "1",
        "--book",
        fifo.to_str().unwrap(),
    ])
    .memory_mib(512)
    .seconds(20)
    .run()
    .assert_code(2)
    .assert_one_line_error()
    .assert_stderr_contains("byte offset 9024: more bytes after the last record");
    writer.join().unwrap();
    // A header announcing more records than a book may hold: refused before reading them.
    let fifo = dir.join("huge.book");
    mkfifo(&fifo);
    let writer = feed_fifo(&fifo, book_header(1 << 40), true);
    Bounded::new(&[
        "solve",
        "connect4:4x4",
        "1",
        "--book",
        fifo.to_str().unwrap(),
    ])
    .memory_mib(512)
    .seconds(20)
    .run()
    .assert_code(2)
    .assert_one_line_error()
    .assert_stderr_contains(
        "bytes 16-23 announce 1099511627776 records, more than the 1024 MiB a book file may have",
    );
    writer.join().unwrap();
    // A regular file whose header announces more than it holds: refused by its size.
    let file = dir.join("short.book");
    std::fs::write(&file, book_header(1 << 40)).unwrap();
    Bounded::new(&[
        "solve",
        "connect4:4x4",
        "1",
        "--book",
        file.to_str().unwrap(),
    ])
    .memory_mib(512)
    .seconds(20)
    .run()
    .assert_code(2)
    .assert_stderr_contains("record 0 at byte offset 24 is truncated");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_graph_file_from_dev_zero_is_refused_at_its_size_limit() {
    // Zeros are refused at the first byte, as the text is checked while it is read.
    Bounded::new(&["solve", "pursuit:file:/dev/zero"])
        .memory_mib(512)
        .seconds(20)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("/dev/zero:1:1: control character U+0000 is not allowed");
    // Endless text is refused at the limit.
    Bounded::new(&["solve", "pursuit:file:/dev/stdin"])
        .memory_mib(512)
        .seconds(20)
        .stdin("a b\n".repeat(1 << 20))
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("/dev/stdin: more than 1 MiB, the limit for a graph file");
}

#[test]
fn play_from_dev_zero_is_refused_in_bounded_memory() {
    let out = Bounded::new(&["play", "tictactoe"])
        .stdin_file("/dev/zero")
        .memory_mib(512)
        .seconds(20)
        .run();
    out.assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("ply: error: <stdin>: line 1: no line break in its first 1 MiB");
    assert!(out.stdout.len() < 1000, "{}", out.stdout.len());
}

#[test]
fn inputs_may_be_fifos_but_not_directories() {
    let dir = scratch("kinds");
    let shown = dir.display().to_string();
    let directory = format!("{shown}: is a directory (give a file, or - for standard input)");
    for args in [
        vec!["solve", "connect4", "--batch", shown.as_str()],
        vec!["bench", "connect4", shown.as_str()],
    ] {
        Bounded::new(&args)
            .memory_mib(512)
            .seconds(20)
            .run()
            .assert_code(2)
            .assert_one_line_error()
            .assert_stderr_contains(&format!("ply: error: {directory}"));
    }
    Bounded::new(&["solve", "connect4:4x4", "1", "--book", shown.as_str()])
        .memory_mib(512)
        .seconds(20)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(&format!("ply: error: book {directory}"));
    let graph = format!("pursuit:file:{shown}");
    Bounded::new(&["solve", graph.as_str()])
        .memory_mib(512)
        .seconds(20)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(&format!("ply: error: pursuit: {directory}"));
    // A FIFO (as `<(...)` gives) is read like a file.
    let fifo = dir.join("set");
    mkfifo(&fifo);
    let writer = feed_fifo(&fifo, format!("{WIN} 1\n").into_bytes(), false);
    let out = Bounded::new(&["solve", "connect4", "--batch", fifo.to_str().unwrap()])
        .memory_mib(512)
        .seconds(20)
        .run();
    out.assert_code(0);
    assert!(
        out.stdout.starts_with(&format!("{WIN} 1 ")),
        "{}",
        out.stdout
    );
    writer.join().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---- Batch and bench: every bad line is reported with its number and skipped ----

#[test]
fn a_batch_reports_every_bad_line_and_solves_the_others() {
    let mut input = format!("{WIN} 1\n").into_bytes();
    input.extend_from_slice(b"44\xff53\n"); // line 2: not UTF-8
    input.extend_from_slice(b"44\x0753\n"); // line 3: a control character
    input.extend_from_slice(&[b'1'; 5000]); // line 4: too long
    input.extend_from_slice(b"\n448 3\n"); // line 5: a bad move
    input.extend_from_slice(format!("\u{feff}{LOSS}\n").as_bytes()); // line 6: a mark inside
    input.extend_from_slice(format!("{LOSS} -1\n").as_bytes());
    let out = Bounded::new(&["solve", "connect4", "--batch", "-"])
        .stdin(input)
        .memory_mib(512)
        .seconds(30)
        .run();
    out.assert_code(0);
    let solved: Vec<&str> = out
        .stdout
        .lines()
        .map(|line| line.split(' ').take(2).collect::<Vec<_>>().join(" "))
        .map(|line| if line.starts_with(WIN) { "win" } else { "loss" })
        .collect();
    assert_eq!(solved, ["win", "loss"], "{}", out.stdout);
    for message in [
        "line 2, column 3: not valid UTF-8",
        "line 3, column 3: control character U+0007 is not allowed",
        "line 4: longer than 4 KiB",
        "line 5: move 3 ('8'): column 8 is outside 1-7",
        "line 6, column 1: invisible character U+FEFF (byte-order mark) is not allowed",
        "2 positions solved, 2 checked, 0 mismatches, 5 bad lines",
    ] {
        out.assert_stderr_contains(message);
    }
    // The long line is not echoed.
    assert!(out.stderr.len() < 1000, "{}", out.stderr);
}

#[test]
fn a_batch_with_nothing_solved_exits_with_1() {
    for input in [&b"\xff\xfe\n9\n"[..], b"", b"# only a comment\n"] {
        let out = Bounded::new(&["solve", "connect4", "--batch", "-", "--json"])
            .stdin(input)
            .memory_mib(512)
            .seconds(20)
            .run();
        out.assert_code(1);
        let summary: serde_json::Value =
            serde_json::from_str(out.stdout.lines().last().unwrap()).unwrap();
        assert_eq!(summary["positions"], 0);
    }
}

#[test]
fn a_bench_reports_bad_lines_and_fails_on_a_set_with_nothing_solved() {
    let dir = scratch("bench");
    let good = dir.join("good");
    let mut bytes = format!("{WIN} 1\n").into_bytes();
    bytes.extend_from_slice(b"\xff\n");
    bytes.extend_from_slice(format!("{LOSS} -1\n").as_bytes());
    std::fs::write(&good, bytes).unwrap();
    let bad = dir.join("bad");
    std::fs::write(&bad, b"\xc3\x28\n9\n").unwrap();
    let (good, bad) = (good.to_str().unwrap(), bad.to_str().unwrap());
    let out = Bounded::new(&["bench", "connect4", good, "--json"])
        .memory_mib(512)
        .seconds(30)
        .run();
    out.assert_code(0)
        .assert_stderr_contains(&format!("{good}: line 2, column 1: not valid UTF-8"));
    assert_eq!(out.json()["sets"][0]["positions"], 2);
    assert_eq!(out.json()["sets"][0]["correct"], 2);
    let out = Bounded::new(&["bench", "connect4", good, bad, "--json"])
        .memory_mib(512)
        .seconds(30)
        .run();
    out.assert_code(1)
        .assert_stderr_contains(&format!("{bad}: line 1, column 1: not valid UTF-8"))
        .assert_stderr_contains(&format!(
            "{bad}: line 2: move 1 ('9'): column 9 is outside 1-7"
        ))
        .assert_stderr_contains(&format!("{bad}: no position could be solved"));
    assert_eq!(out.json()["sets"][0]["positions"], 2);
    assert_eq!(out.json()["sets"][1]["positions"], 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---- Files: only regular files are replaced, and no temporary file stays ----

/// `ply book connect4:4x4 --depth 2 --output TARGET`, run in `dir`.
fn write_book(dir: &Path, target: &str) -> common::bounded::Outcome {
    Bounded::new(&["book", "connect4:4x4", "--depth", "2", "--output", target])
        .current_dir(dir)
        .memory_mib(512)
        .seconds(30)
        .run()
}

#[test]
fn a_book_is_never_written_over_a_fifo_a_link_a_device_or_a_directory() {
    let dir = scratch("targets");
    mkfifo(&dir.join("fifo.book"));
    write_book(&dir, "fifo.book")
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(
            "ply: error: cannot write fifo.book: it is a FIFO (named pipe); ply writes only regular files",
        );
    let meta = std::fs::symlink_metadata(dir.join("fifo.book")).unwrap();
    assert!(meta.file_type().is_fifo(), "the FIFO is still there");

    std::os::unix::fs::symlink("/dev/null", dir.join("null.book")).unwrap();
    write_book(&dir, "null.book")
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("ply: error: cannot write null.book: it is a symbolic link");
    assert_eq!(
        std::fs::read_link(dir.join("null.book")).unwrap(),
        Path::new("/dev/null")
    );
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );

    std::fs::write(dir.join("real.book"), b"mine").unwrap();
    std::os::unix::fs::symlink("real.book", dir.join("link.book")).unwrap();
    write_book(&dir, "link.book")
        .assert_code(2)
        .assert_stderr_contains("it is a symbolic link");
    assert_eq!(std::fs::read(dir.join("real.book")).unwrap(), b"mine");
    assert!(
        std::fs::symlink_metadata(dir.join("link.book"))
            .unwrap()
            .file_type()
            .is_symlink()
    );

    std::fs::create_dir(dir.join("sub.book")).unwrap();
    write_book(&dir, "sub.book")
        .assert_code(2)
        .assert_stderr_contains("ply: error: cannot write sub.book: it is a directory");

    // A character device of our own (the null device's numbers), where the system lets us
    // make one: it stays a device.
    let device = dir.join("device.book");
    let name = std::ffi::CString::new(device.to_str().unwrap()).unwrap();
    // SAFETY: a plain call with a NUL-terminated path; makes a node in our own directory.
    let made = unsafe { libc::mknod(name.as_ptr(), libc::S_IFCHR | 0o600, libc::makedev(1, 3)) };
    if made == 0 {
        write_book(&dir, "device.book")
            .assert_code(2)
            .assert_stderr_contains("it is a character device");
        let meta = std::fs::symlink_metadata(&device).unwrap();
        assert!(meta.file_type().is_char_device());
    }
    assert_eq!(temporaries(&dir), Vec::<String>::new());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_book_replaces_a_regular_file_keeping_its_mode_and_leaves_other_files_alone() {
    let dir = scratch("regular");
    // A file of the user's that happens to have the name the old code used as temporary.
    std::fs::write(dir.join("x.book.tmp"), b"mine").unwrap();
    std::fs::write(dir.join("x.book"), b"old").unwrap();
    std::fs::set_permissions(dir.join("x.book"), std::fs::Permissions::from_mode(0o600)).unwrap();
    write_book(&dir, "x.book").assert_code(0);
    let bytes = std::fs::read(dir.join("x.book")).unwrap();
    assert_eq!(&bytes[..8], b"ply-c4bk");
    // 11 positions with at most 2 stones on 4x4, mirror pairs once (tests/book.rs).
    assert_eq!(bytes.len(), 40 + 9 * 11);
    let mode = std::fs::metadata(dir.join("x.book"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    assert_eq!(std::fs::read(dir.join("x.book.tmp")).unwrap(), b"mine");
    assert_eq!(temporaries(&dir), ["x.book.tmp"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_temporary_file_stays_after_sigterm() {
    let dir = scratch("sigterm");
    // Depth 2 on 7x6 takes many minutes: SIGTERM comes in the middle of the work.
    let out = Bounded::new(&["book", "connect4", "--depth", "2", "--output", "big.book"])
        .current_dir(&dir)
        .memory_mib(1024)
        .seconds(30)
        .terminate_after(Duration::from_millis(1500))
        .run();
    assert_eq!(out.signal, Some(libc::SIGTERM), "{}", out.stderr);
    assert_eq!(temporaries(&dir), Vec::<String>::new());
    assert!(!dir.join("big.book").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_temporary_file_stays_after_ctrl_c_even_a_second_one() {
    let dir = scratch("sigint");
    // One Ctrl-C: the work stops, nothing is written.
    let out = Bounded::new(&["book", "connect4", "--depth", "2", "--output", "big.book"])
        .current_dir(&dir)
        .memory_mib(1024)
        .seconds(30)
        .interrupt_after(Duration::from_millis(1500))
        .run();
    out.assert_code(130)
        .assert_stderr_contains("interrupted: no book written");
    assert_eq!(temporaries(&dir), Vec::<String>::new());
    // Two, the second while the positions are still being listed (a phase that may not
    // look at the first): the second ends the process at once, and the temporary file
    // goes with it.
    let out = Bounded::new(&["book", "connect4", "--depth", "11", "--output", "big.book"])
        .current_dir(&dir)
        .memory_mib(2048)
        .seconds(60)
        .interrupt_after(Duration::from_millis(100))
        .interrupt_after(Duration::from_millis(150))
        .run();
    out.assert_code(130);
    assert_eq!(temporaries(&dir), Vec::<String>::new());
    assert!(!dir.join("big.book").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_temporary_file_stays_after_an_allocation_failure() {
    let dir = scratch("alloc");
    // A 4 GiB table in a 512 MiB address space: the allocation fails after the
    // temporary file is made (today an abort, later perhaps an error).
    let out = Bounded::new(&[
        "book",
        "connect4:4x4",
        "--depth",
        "2",
        "--hash",
        "4096",
        "--output",
        "x.book",
    ])
    .current_dir(&dir)
    .memory_mib(512)
    .seconds(30)
    .run();
    assert_ne!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(temporaries(&dir), Vec::<String>::new());
    assert!(!dir.join("x.book").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---- What is echoed: short, escaped, once ----

#[test]
fn play_refuses_a_long_line_without_echoing_it() {
    let mut input = vec![b'x'; 5000];
    input.extend_from_slice(b"\nquit\n");
    let out = Bounded::new(&["play", "tictactoe"])
        .stdin(input)
        .memory_mib(512)
        .seconds(20)
        .run();
    out.assert_code(0)
        .assert_stdout_contains("that line is longer than 1 KiB\n")
        .assert_stdout_contains("game abandoned");
    assert!(
        !out.stdout
            .contains("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")
    );
    // A line with no end in sight stops the game.
    let out = Bounded::new(&["play", "tictactoe"])
        .stdin(vec![b'x'; 3 << 20])
        .memory_mib(512)
        .seconds(20)
        .run();
    out.assert_code(2).assert_one_line_error();
    assert!(out.stdout.len() < 1000, "{}", out.stdout.len());
}

#[test]
fn messages_quote_user_input_short_and_escaped() {
    let long = "x".repeat(300);
    let quoted = format!("'{}…'", "x".repeat(40));
    let tictactoe_position = long.clone();
    let grundy_game = format!("{long}:1,2");
    for args in [
        vec!["solve", long.as_str()],
        vec!["solve", "tictactoe", tictactoe_position.as_str()],
        vec!["grundy", grundy_game.as_str()],
    ] {
        let out = Bounded::new(&args).memory_mib(512).seconds(20).run();
        out.assert_code(2)
            .assert_one_line_error()
            .assert_stderr_contains(&quoted);
        assert!(out.stderr.len() < 400, "{}", out.stderr);
    }
    // In a move typed at the prompt, and in a position: escapes stay escaped.
    let out = Bounded::new(&["play", "tictactoe"])
        .stdin("\u{1b}[2J\nquit\n")
        .memory_mib(512)
        .seconds(20)
        .run();
    out.assert_code(0)
        .assert_stdout_contains("control character U+001B is not allowed (column 1)");
    assert!(!out.stdout.contains('\u{1b}'));
    let out = Bounded::new(&["solve", "connect4", "44\u{1b}[2J"])
        .memory_mib(512)
        .seconds(20)
        .run();
    out.assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("move 3 ('\\u{1b}')");
    assert!(!out.stderr.contains('\u{1b}'));
    // A path with a control character is quoted and escaped.
    let out = Bounded::new(&["solve", "connect4", "--batch", "no\u{1b}such"])
        .memory_mib(512)
        .seconds(20)
        .run();
    out.assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("ply: error: 'no\\u{1b}such': ");
    assert!(!out.stderr.contains('\u{1b}'));
}
