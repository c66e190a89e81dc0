//! Hardening of the command line: what each numeric option accepts, options that do not
//! apply, positions that begin with '-', and Ctrl-C (exit 130 after printing what was
//! found, `"interrupted": true` in JSON). Every run is capped in memory and time
//! (tests/common/bounded.rs).

mod common;
use common::bounded::{Bounded, Outcome};
use std::time::Duration;

/// A refused command line: exit 2, one line `ply: error: ...` containing `needle`.
#[track_caller]
fn refused(args: &[&str], needle: &str) {
    Bounded::new(args)
        .memory_mib(512)
        .seconds(20)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(needle);
}

// ----- 1. Numeric options: exactly honoured, or refused naming the range --------------

#[test]
fn depth_zero_is_refused_instead_of_searching_nothing() {
    // Before: play declared a draw after one move, analyze printed a "best" move unsearched.
    refused(
        &["play", "tictactoe", "--depth", "0"],
        "--depth 0 is too small: expected a whole number from 1 to 200",
    );
    refused(
        &["analyze", "connect4", "4453", "--depth", "0"],
        "--depth 0 is too small: expected a whole number from 1 to 200",
    );
}

#[test]
fn every_numeric_option_names_its_range() {
    // (command line without the value, the range the refusal names)
    let options: &[(&[&str], &str)] = &[
        (&["analyze", "tictactoe", "--depth"], "from 1 to 200"),
        (
            &["analyze", "tictactoe", "--time"],
            "from 1 to 18446744073709551615",
        ),
        (
            &["analyze", "tictactoe", "--nodes"],
            "from 1 to 18446744073709551615",
        ),
        (&["analyze", "tictactoe", "--threads"], "from 1 to 256"),
        (&["analyze", "tictactoe", "--hash"], "from 0 to 65536"),
        (&["play", "tictactoe", "--depth"], "from 1 to 200"),
        (
            &["play", "tictactoe", "--time"],
            "from 1 to 18446744073709551615",
        ),
        (&["solve", "connect4", "--threads"], "from 1 to 256"),
        (&["solve", "connect4", "--hash"], "from 0 to 65536"),
        (
            &["bench", "connect4", "-", "--limit"],
            "from 1 to 18446744073709551615",
        ),
        (&["bench", "connect4", "-", "--threads"], "from 1 to 256"),
        (&["bench", "connect4", "-", "--hash"], "from 0 to 65536"),
        (&["book", "connect4:4x4", "--depth"], "from 0 to 4294967295"),
        (
            &["book", "connect4:4x4", "--depth", "2", "--threads"],
            "from 1 to 256",
        ),
        (
            &["book", "connect4:4x4", "--depth", "2", "--hash"],
            "from 1 to 65536",
        ),
        (&["grundy", "subtraction:1,3", "--upto"], "from 0 to 100000"),
        (
            &["tree", "tictactoe", "--max-nodes"],
            "from 1 to 18446744073709551615",
        ),
        (
            &["tree", "tictactoe", "--max-depth"],
            "from 0 to 4294967295",
        ),
    ];
    for (command, range) in options {
        let option = command.last().unwrap();
        for bad in ["-1", "1e3", "", "1.5", "18446744073709551616", "x"] {
            let mut args = command.to_vec();
            args.push(bad);
            let out = Bounded::new(&args).memory_mib(512).seconds(20).run();
            out.assert_code(2)
                .assert_one_line_error()
                .assert_stderr_contains(option)
                .assert_stderr_contains(range);
        }
    }
    // Below the range, and above it where the top is not the type's own.
    refused(
        &["analyze", "tictactoe", "--nodes", "0"],
        "--nodes 0 is too small",
    );
    refused(
        &["analyze", "tictactoe", "--time", "0"],
        "--time 0 is too small",
    );
    refused(
        &["analyze", "tictactoe", "--depth", "201"],
        "--depth 201 is too large",
    );
    refused(
        &["solve", "connect4", "--threads", "0"],
        "--threads 0 is too small",
    );
    refused(
        &["solve", "connect4", "--hash", "65537"],
        "--hash 65537 is too large",
    );
    refused(
        &["bench", "connect4", "-", "--limit", "0"],
        "--limit 0 is too small",
    );
    refused(
        &["grundy", "subtraction:1", "--upto", "100001"],
        "--upto 100001 is too large",
    );
    refused(
        &["tree", "-", "--max-nodes", "0"],
        "--max-nodes 0 is too small",
    );
    // The stack of the tree lab is sized from --max-depth: the check comes first.
    refused(
        &["tree", "-", "--max-depth", "4294967295"],
        "--max-depth 4294967295 is too deep (at most 10000)",
    );
    // The largest values work.
    // u64::MAX milliseconds and nodes: the search simply ends when the result is proved.
    let out = Bounded::new(&[
        "analyze",
        "tictactoe",
        "--time",
        "18446744073709551615",
        "--nodes",
        "18446744073709551615",
        "--depth",
        "200",
        "--json",
    ])
    .seconds(20)
    .run();
    out.assert_code(0);
    assert_eq!(out.json()["depth"], 200);
    assert_eq!(out.json()["score"], "0.00");
    let out = Bounded::new(&["grundy", "subtraction:1,3", "--upto", "100000", "--json"]).run();
    out.assert_code(0);
    assert_eq!(out.json()["values"].as_array().unwrap().len(), 100_001);
}

/// The nodes `ply analyze ... --nodes N --json` searched.
fn nodes_searched(args: &[&str]) -> u64 {
    let out = Bounded::new(args).seconds(20).run();
    out.assert_code(0);
    out.json()["nodes"].as_u64().unwrap()
}

#[test]
fn a_node_budget_is_exact_with_one_thread() {
    // Before: the budget was looked at every 1024 nodes, so --nodes 0, 1 or 5 searched 1024.
    for budget in ["1", "5", "1000", "1025", "100000"] {
        let nodes = nodes_searched(&[
            "analyze",
            "connect4",
            "--nodes",
            budget,
            "--no-book",
            "--json",
        ]);
        assert_eq!(nodes.to_string(), budget);
    }
    // Below 4096 nodes no helper thread has started: exact too.
    let nodes = nodes_searched(&[
        "analyze",
        "connect4",
        "--nodes",
        "3000",
        "--no-book",
        "--threads",
        "4",
        "--json",
    ]);
    assert_eq!(nodes, 3000);
    // With helpers at work: within their poll intervals (1024 + 256 per helper).
    let nodes = nodes_searched(&[
        "analyze",
        "connect4",
        "--nodes",
        "100000",
        "--no-book",
        "--threads",
        "2",
        "--json",
    ]);
    assert!((100_000..100_000 + 1024 + 256).contains(&nodes), "{nodes}");
}

#[test]
fn a_search_stopped_before_depth_one_says_so() {
    let out = Bounded::new(&["analyze", "tictactoe", "--nodes", "1"]).run();
    out.assert_code(0)
        .assert_stdout_contains("depth 0  nodes 1 ")
        .assert_stdout_contains("(stopped before depth 1 was complete)");
}

// ----- 2. Options that do not apply are refused --------------------------------------

#[test]
fn options_that_do_not_apply_are_refused() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["solve", "pursuit:path:3", "--algorithm", "alphabeta"],
            "--algorithm does not apply: positions of pursuit:path:3 can repeat",
        ),
        (
            &["solve", "pursuit:path:3", "--threads", "2"],
            "--threads does not apply: positions of pursuit:path:3 can repeat",
        ),
        (
            &["solve", "pursuit-hidden:path:3", "--hash", "16"],
            "--hash does not apply: positions of pursuit-hidden:path:3 can repeat",
        ),
        (
            &["solve", "pursuit:path:3", "--weak"],
            "--weak does not apply: positions of pursuit:path:3 can repeat",
        ),
        (
            &[
                "solve",
                "connect4:5x4",
                "--algorithm",
                "alphabeta",
                "--threads",
                "2",
            ],
            "'--algorithm <ALGORITHM>' cannot be used with '--threads <THREADS>'",
        ),
        (
            &[
                "solve",
                "tictactoe",
                "--algorithm",
                "minimax",
                "--hash",
                "16",
            ],
            "'--algorithm <ALGORITHM>' cannot be used with '--hash <HASH>'",
        ),
        (
            &["solve", "nim:3,4", "--all-moves"],
            "--all-moves adds Pons' score of each move, for connect4 only, not nim:3,4",
        ),
        (
            &["solve", "tictactoe", "--no-book"],
            "--no-book applies to connect4 only",
        ),
        (
            &[
                "solve",
                "connect4:5x4",
                "1",
                "--algorithm",
                "alphabeta",
                "--book",
                "x.book",
            ],
            "--book is read by the engine, and --algorithm alphabeta does not use it",
        ),
        (
            &["play", "pursuit:path:3", "--time", "100"],
            "--time does not apply: without --depth, pursuit:path:3 is played perfectly",
        ),
        (
            &["play", "connect4:5x4", "--depth", "3", "--book", "x.book"],
            "--book is read by the engine, which plays with --time",
        ),
        (
            &["analyze", "tictactoe", "--exact", "--depth", "3"],
            "'--exact' cannot be used with '--depth <DEPTH>'",
        ),
        (
            &["tree", "-", "--position", "X........"],
            "--position applies to a game (FILE is a game spec), not to a tree file",
        ),
        (
            &[
                "tree",
                "tictactoe@XOX/OXO/...",
                "--leaf-perspective",
                "mover",
            ],
            "--leaf-perspective mover applies to tree files",
        ),
        (
            &["tree", "tictactoe@XOX/OXO/...", "--json", "--format", "svg"],
            "--json is --format json: it cannot be used with --format svg",
        ),
        (
            &[
                "tree",
                "tictactoe@XOX/OXO/...",
                "--trace",
                "--format",
                "dot",
            ],
            "--trace applies to the text, JSON and SVG formats, not to --format dot",
        ),
    ];
    for (args, message) in cases {
        refused(args, message);
    }
    // A tree file with --position: refused too, whatever the file says.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join("hardening_cli_tree.txt");
    std::fs::write(&file, "(1 2)\n").unwrap();
    refused(
        &["tree", file.to_str().unwrap(), "--position", "x"],
        "--position applies to a game",
    );
    // What does apply still works.
    // `--json --format json` says the same thing twice: accepted.
    let out = Bounded::new(&[
        "tree",
        "tictactoe@XOX/OXO/...",
        "--json",
        "--format",
        "json",
    ])
    .run();
    out.assert_code(0);
    assert_eq!(out.json()["value"], 1);
    // The pursuit games are played with --depth and --time by the engine.
    let out = Bounded::new(&[
        "play",
        "pursuit:path:3",
        "--depth",
        "4",
        "--time",
        "50",
        "--first",
        "engine",
    ])
    .run();
    out.assert_code(0).assert_stdout_contains("engine plays");
}

// ----- 3. Positions that begin with '-' -------------------------------------------------

#[test]
fn positions_may_begin_with_a_hyphen() {
    // The documented starts (docs/pursuit.md): `-/-/c`, and `-/*` for the hidden fugitive.
    let given = Bounded::new(&["solve", "pursuit:path:3", "-/-/c", "--json"]).run();
    given.assert_code(0);
    let start = Bounded::new(&["solve", "pursuit:path:3", "--json"]).run();
    start.assert_code(0);
    let (mut given, mut start) = (given.json(), start.json());
    assert_eq!(given["position"], "-/-/c");
    given["time_ms"] = 0.into();
    start["time_ms"] = 0.into();
    assert_eq!(given, start);

    let out = Bounded::new(&["solve", "pursuit-hidden:path:3", "-/*", "--json"]).run();
    out.assert_code(0);
    assert_eq!(out.json()["position"], "-/*");
    assert_eq!(out.json()["value"], "win");

    let out = Bounded::new(&[
        "analyze",
        "pursuit:path:3",
        "-/-/c",
        "--depth",
        "3",
        "--json",
    ])
    .run();
    out.assert_code(0);
    assert_eq!(out.json()["position"], "-/-/c");

    // As the value of --position, before and after other options.
    let out = Bounded::new(&["play", "pursuit:path:3", "--position", "-/-/c", "--json"]).run();
    out.assert_code(0).assert_stderr_contains("end of input");
    assert_eq!(out.json()["start"], "-/-/c");
    let out = Bounded::new(&["tree", "pursuit:path:3", "--position", "-/-/c", "--json"]).run();
    out.assert_code(0);
    assert_eq!(out.json()["root"]["name"], "-/-/c");
}

#[test]
fn a_mistyped_option_is_still_an_option() {
    // The position accepts '-', not '--': `--jsn` is a mistyped --json, with the hint.
    refused(
        &["solve", "tictactoe", "--jsn"],
        "unexpected argument '--jsn' found (a similar argument exists: '--json')",
    );
    refused(
        &["analyze", "tictactoe", "--nodez", "5"],
        "unexpected argument '--nodez' found (a similar argument exists: '--nodes')",
    );
    // Real options after a hyphen position parse as options.
    let out = Bounded::new(&["solve", "pursuit:path:3", "-/-/c", "--json"]).run();
    out.assert_code(0);
    // A missing argument is one line too.
    refused(
        &["solve"],
        "the following required arguments were not provided: <GAME>",
    );
}

// ----- 4-5. Ctrl-C: exit 130, what was found, "interrupted": true, at once ---------------

/// The bound asserted on the time from Ctrl-C to the exit (docs/reliability.md has the
/// measured figures, a few milliseconds).
const PROMPT: Duration = Duration::from_secs(1);

/// Runs `ply ARGS`, presses Ctrl-C after 500 ms, and checks the convention.
#[track_caller]
fn interrupted(args: &[&str]) -> Outcome {
    let out = Bounded::new(args)
        .memory_mib(2048)
        .seconds(30)
        .interrupt_after(Duration::from_millis(500))
        .run();
    out.assert_no_crash().assert_code(130);
    assert!(
        out.elapsed < PROMPT,
        "ply {args:?} took {:?} to stop",
        out.elapsed
    );
    out
}

/// The last JSON value on standard output (batch prints one object per line).
fn last_json(out: &Outcome) -> serde_json::Value {
    let last = out.stdout.lines().rfind(|l| !l.is_empty());
    serde_json::from_str(last.unwrap_or_default()).expect("a JSON line")
}

#[test]
fn ctrl_c_stops_every_solver_of_solve() {
    for args in [
        // The textbook searches, which did not poll at all.
        &["solve", "mnk:4,4,4", "--algorithm", "alphabeta", "--json"][..],
        &["solve", "mnk:4,4,4", "--algorithm", "minimax", "--json"],
        // The engine, which answered "interrupted before the value was proved" (exit 2).
        &["solve", "connect4", "--no-book", "--json"],
        &["solve", "connect4", "--no-book", "--weak", "--json"],
        // Retrograde analysis.
        // (Graphs that take seconds, not a few hundred milliseconds, on a fast machine.)
        &["solve", "pursuit:grid:7x7,cops=3", "--json"],
        &["solve", "pursuit-hidden:grid:4x5,cops=3", "--json"],
        // The memo solver (a million positions of two piles).
        &["solve", "nim:1000,1000", "--json"],
    ] {
        let out = interrupted(args);
        let v = out.json();
        assert_eq!(v["interrupted"], true, "{args:?}");
        assert!(v["moves"].is_array(), "{args:?}");
    }
    // Text: the same facts for people.
    let out = interrupted(&["solve", "mnk:4,4,4", "--algorithm", "alphabeta"]);
    out.assert_stdout_contains("interrupted: 0 of 16 moves solved");
}

#[test]
fn ctrl_c_stops_analyze_with_its_best_move() {
    // Before: exit 0, as if the time had run out.
    // (Without the book, which answers the empty board at once.)
    let out = interrupted(&[
        "analyze",
        "connect4",
        "--time",
        "60000",
        "--no-book",
        "--json",
    ]);
    let v = out.json();
    assert_eq!(v["interrupted"], true);
    assert!(v["best"].is_string());
    let out = interrupted(&["analyze", "connect4", "--time", "60000", "--no-book"]);
    out.assert_stdout_contains("(interrupted)");
}

#[test]
fn ctrl_c_stops_count_bench_batch_and_book() {
    let v = interrupted(&["count", "mnk:4,4,4", "--json", "--force"]).json();
    assert_eq!(v["interrupted"], true);

    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    // One move played: each of these takes minutes to solve.
    let set = dir.join("hardening_cli_hard_set");
    std::fs::write(&set, "4\n44\n").unwrap();
    let set = set.to_str().unwrap();
    for weak in [false, true] {
        let mut args = vec!["bench", "connect4", set, "--no-book", "--json"];
        if weak {
            args.push("--weak");
        }
        let v = interrupted(&args).json();
        assert_eq!(v["interrupted"], true, "{args:?}");
        let mut args = vec!["solve", "connect4", "--batch", set, "--no-book", "--json"];
        if weak {
            args.push("--weak");
        }
        let v = last_json(&interrupted(&args));
        assert_eq!(v["summary"], true);
        assert_eq!(v["interrupted"], true, "{args:?}");
    }

    // The book: before, 13 s to notice (listing the positions did not poll).
    let book = dir.join("hardening_cli_interrupted.book");
    let out = interrupted(&[
        "book",
        "connect4",
        "--depth",
        "12",
        "--output",
        book.to_str().unwrap(),
        "--json",
    ]);
    let v = out.json();
    assert_eq!(v["interrupted"], true);
    assert_eq!(v["file"], serde_json::Value::Null);
    out.assert_stderr_contains("no book written");
    assert!(!book.exists());
}

/// Ctrl-C while the engine thinks stops that search only: the engine plays its best
/// move so far, and its next search runs in full (before: the stop flag stayed raised,
/// and every later move was "depth 6 (1024 nodes, 0 ms)").
#[test]
fn ctrl_c_while_the_engine_thinks_stops_that_search_only() {
    let out = Bounded::new(&[
        "play",
        "connect4",
        "--first",
        "engine",
        "--time",
        "3000",
        "--no-book",
        "--json",
    ])
    .stdin("4\n")
    .memory_mib(2048)
    .seconds(30)
    .interrupt_after(Duration::from_millis(500))
    .run();
    // The second search ran its 3 s; the input then ended.
    out.assert_code(0).assert_stderr_contains(
        "(Ctrl-C: the engine stops thinking and plays its best move so far)",
    );
    let v = out.json();
    assert_eq!(v["ended"], "end_of_input");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(3), "{v}");
    let depths: Vec<u32> = out
        .stderr
        .lines()
        .filter_map(|l| l.split(" at depth ").nth(1))
        .filter_map(|rest| rest.split(' ').next()?.parse().ok())
        .collect();
    assert_eq!(depths.len(), 2, "{}", out.stderr);
    assert!(
        depths[1] >= 12,
        "the second search was crippled: {depths:?}"
    );
}

#[test]
fn ctrl_c_at_the_prompt_quits_on_a_new_line() {
    // Standard input that stays open, as a terminal does: a FIFO whose writer we hold.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let fifo = dir.join("hardening_cli_prompt.fifo");
    let _ = std::fs::remove_file(&fifo);
    let path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid C string; mkfifo touches nothing else.
    assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0);
    let writer_path = fifo.clone();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        // Blocks until ply opens the other end; b2 is played, then the prompt waits.
        let mut writer = std::fs::OpenOptions::new()
            .write(true)
            .open(writer_path)
            .unwrap();
        writer.write_all(b"b2\n").unwrap();
        std::thread::sleep(Duration::from_secs(3));
    });
    let out = Bounded::new(&["play", "tictactoe", "--json"])
        .stdin_file(&fifo)
        .interrupt_after(Duration::from_millis(500))
        .seconds(20)
        .run();
    writer.join().unwrap();
    let _ = std::fs::remove_file(&fifo);
    // Before: ^C was ignored at the prompt (a second one exited 130 without a newline).
    out.assert_code(130);
    assert!(out.elapsed < PROMPT, "{:?}", out.elapsed);
    out.assert_stderr_contains("your move (X): \n(Ctrl-C: game abandoned)");
    // With --json the record is alone on standard output.
    let v = out.json();
    assert_eq!(v["interrupted"], true);
    assert_eq!(v["ended"], "interrupted");
    assert_eq!(
        v["moves"].as_array().unwrap().len(),
        2,
        "b2 and the engine's reply"
    );
    assert_eq!(v["moves"][0], "b2");
}

#[test]
fn ctrl_c_ends_the_rest_at_once_with_130() {
    // Work that does not report partial results ends at once: grundy's period search
    // (quadratic without a period) and the tree lab. Before: killed by the signal.
    let out = interrupted(&["grundy", "subtraction:99999", "--upto", "100000", "--json"]);
    out.assert_stderr_contains("ply: interrupted");
    assert_eq!(out.stdout, "");
    let out = interrupted(&["tree", "pursuit:grid:7x7,cops=3", "--json"]);
    out.assert_stderr_contains("ply: interrupted");
}

/// The output of `ply ARGS` run on a pseudo-terminal (through `script`) for `seconds`,
/// under a memory cap; `None` where `script` is missing.
fn on_a_terminal(args: &str, seconds: u32) -> Option<String> {
    let ply = common::ply_path();
    let command = format!(
        "ulimit -v 2000000; timeout -s INT {seconds} {} {args}",
        ply.display()
    );
    let out = std::process::Command::new("script")
        .args(["-qefc", &command, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Work that may run for minutes shows where it stands on a terminal.
#[test]
fn long_work_shows_its_progress_on_a_terminal() {
    let runs = [
        ("solve mnk:4,4,4 --algorithm alphabeta", "alphabeta: "),
        ("solve mnk:4,4,4 --algorithm minimax", "minimax: "),
        // Ten stones, without the book (which answers every position of up to eleven
        // stones at once): this position's seven children take the solver seconds. (On
        // every core by default: one at a time on a machine of one core, else several.)
        (
            "solve connect4 1632711117 --no-book",
            "solving move 1 of 7|solving 7 moves, ",
        ),
        (
            "solve connect4 1632711117 --no-book --weak",
            "solving move 1 of 7",
        ),
        ("count mnk:4,4,4 --force", "tree nodes (of about"),
    ];
    // The runs side by side: each is stopped after 2 s whatever it has done by then.
    let screens: Vec<Option<String>> = std::thread::scope(|scope| {
        let started: Vec<_> = runs
            .iter()
            .map(|(args, _)| scope.spawn(move || on_a_terminal(args, 2)))
            .collect();
        started
            .into_iter()
            .map(|run| run.join().expect("a run's thread"))
            .collect()
    });
    for ((args, needle), screen) in runs.iter().zip(screens) {
        let Some(screen) = screen else {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "skipped: `script` (util-linux) is missing, progress lines are not checked"
            );
            return;
        };
        // (`|` separates the lines either of which will do.)
        assert!(
            needle.split('|').any(|needle| screen.contains(needle)),
            "ply {args}: no progress in {screen:?}"
        );
        assert!(
            screen.contains("nodes") || args.contains("solve connect4"),
            "{screen:?}"
        );
    }
}

/// `analyze --exact` stopped early proved bounds only, and says them as bounds, in text
/// and JSON; the true value (after 4, the side to move loses in 40: Allis, Pons) lies
/// between them.
#[test]
fn a_stopped_exact_analysis_shows_bounds_as_bounds() {
    // Words to an order: loss in n < draw < win in n, a later loss above a sooner one.
    fn order(words: &str) -> i32 {
        let plies = |w: &str| w.rsplit(' ').next().unwrap().parse::<i32>().unwrap();
        match words {
            "draw" => 0,
            w if w.starts_with("win in") => 1000 - plies(w),
            w if w.starts_with("loss in") => -1000 + plies(w),
            w => panic!("not a value: {w}"),
        }
    }
    let args = [
        "analyze",
        "connect4",
        "4",
        "--exact",
        "--nodes",
        "2000000",
        "--no-book",
    ];
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let v = Bounded::new(&json_args).memory_mib(2048).run().json();
    assert_eq!(v["exact"], false);
    let lower = order(v["lower_bound"].as_str().expect("a lower bound"));
    let upper = order(v["upper_bound"].as_str().expect("an upper bound"));
    assert!(
        lower <= order("loss in 40") && order("loss in 40") <= upper,
        "{v}"
    );
    let score = v["score"].as_str().unwrap();
    assert!(
        score.starts_with("between ") || score.starts_with(">= ") || score.starts_with("<= "),
        "{score}"
    );
    let out = Bounded::new(&args).memory_mib(2048).run();
    out.assert_code(0);
    let last = out.stdout.lines().last().unwrap();
    assert!(last.contains(&format!("score {score}")), "{last}");
    assert!(!last.contains("depth 0"), "{last}");
}
