//! `ply tree` on hostile input: characters no file may hold, numbers the formats
//! must read alike, inputs and games too large to hold, files that are pipes,
//! devices or directories. Every run is capped in memory and time
//! (tests/common/bounded.rs), so a regression fails here, not the machine.

mod common;
use common::bounded::Bounded;

/// A scratch path for this test process.
fn scratch(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("ply-hardening-tree-{}-{name}", std::process::id()))
}

/// `ply tree - ARGS` on `input`: refused with exit 2 and `message` as its one line.
#[track_caller]
fn refused(input: &str, args: &[&str], message: &str) {
    let mut all = vec!["tree", "-"];
    all.extend_from_slice(args);
    Bounded::new(&all)
        .memory_mib(512)
        .seconds(20)
        .stdin(input)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(message);
}

#[test]
fn control_and_invisible_characters_are_refused_in_every_format() {
    refused(
        "root\n  a\u{feff} = 3\n",
        &[],
        "<stdin>:2:4: invisible character U+FEFF (byte-order mark) is not allowed",
    );
    refused(
        "(r a\u{7}=1 2)",
        &["--format", "svg"],
        "<stdin>:1:5: control character U+0007 is not allowed",
    );
    refused(
        r#"{"name": "r", "children": [{"name": "a\u0007", "value": 1}]}"#,
        &["--format", "svg"],
        "<stdin>:1:37: control character U+0007 is not allowed (in the name 'a\\u{7}')",
    );
    // A byte-order mark at the very start is still welcome.
    Bounded::new(&["tree", "-"])
        .memory_mib(512)
        .seconds(20)
        .stdin("\u{feff}(1 2)")
        .run()
        .assert_code(0)
        .assert_stdout_contains("value 2");
}

#[test]
fn names_in_the_svg_are_escaped() {
    let out = Bounded::new(&["tree", "-", "--format", "svg"])
        .memory_mib(512)
        .seconds(20)
        .stdin("(r x<y=1 a&b'c=2)")
        .run();
    out.assert_code(0);
    assert!(out.stdout.contains(">x&lt;y</text>"), "{}", out.stdout);
    assert!(
        out.stdout.contains(">a&amp;b&apos;c</text>"),
        "{}",
        out.stdout
    );
}

#[test]
fn every_format_reads_numbers_alike() {
    let exponent = "'1e3' has an exponent: write the number out in full (e.g. 2.5)";
    refused("r\n  a = 1e3\n", &[], &format!("<stdin>:2:7: {exponent}"));
    refused("(r 1 1e3)", &[], &format!("<stdin>:1:6: {exponent}"));
    refused(
        r#"{"children": [{"value": 1}, {"value": 1e3}]}"#,
        &[],
        &format!("<stdin>:1:39: {exponent}"),
    );
    refused(
        "(1 0.0001)",
        &[],
        "<stdin>:1:4: '0.0001' has more than 3 decimal places (values are exact to 0.001)",
    );
    refused(
        "(1 999999999)",
        &[],
        "<stdin>:1:4: '999999999' is too large (values must lie within ±998999999)",
    );
}

#[test]
fn a_huge_bracket_file_is_refused_while_it_is_read() {
    // 100 MB, 50 million leaves: refused at the node limit, in little memory (1 GiB, where
    // a million nodes drawn as text fit: under 512 MiB the memory is the lower limit).
    let leaves = format!("({})", "1 ".repeat(50_000_000));
    Bounded::new(&["tree", "-"])
        .memory_mib(1024)
        .seconds(60)
        .stdin(leaves)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(
            "<stdin>:1:2000000: the tree has more than 1000000 nodes (raise the limit with --max-nodes)",
        );
}

#[test]
fn a_huge_json_file_is_refused_while_it_is_read() {
    // 65 MB, 5 million leaves: refused at the node limit, before the rest is read (1 GiB
    // holds a million nodes drawn as text).
    let json = format!(
        "{{\"children\": [{}{{\"value\": 1}}]}}",
        "{\"value\": 1},".repeat(5_000_000)
    );
    Bounded::new(&["tree", "-"])
        .memory_mib(1024)
        .seconds(60)
        .stdin(json)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(
            "<stdin>: the tree has more than 1000000 nodes (raise the limit with --max-nodes)",
        );
}

#[test]
fn json_trees_deeper_than_63_levels_are_refused_with_a_way_out() {
    let deep = "{\"children\": [".repeat(100) + "{\"value\": 1}" + &"]}".repeat(100);
    refused(
        &deep,
        &[],
        "<stdin>:1:896: recursion limit exceeded: a JSON tree can be at most 63 levels deep; write deeper trees in the text or bracket format",
    );
}

#[test]
fn endless_input_is_refused_at_once_or_at_the_size_cap() {
    // NUL bytes: refused after the first read.
    for args in [&["tree", "-"][..], &["tree", "/dev/zero"]] {
        let out = Bounded::new(args)
            .memory_mib(512)
            .seconds(20)
            .stdin_file("/dev/zero")
            .run();
        out.assert_code(2).assert_one_line_error();
        let label = if args[1] == "-" {
            "<stdin>"
        } else {
            "/dev/zero"
        };
        out.assert_stderr_contains(&format!(
            "{label}:1:1: control character U+0000 is not allowed"
        ));
    }
    // Text that never ends: refused at 256 MiB.
    let endless = "\n".repeat((256 << 20) + 1);
    Bounded::new(&["tree", "-"])
        .memory_mib(512)
        .seconds(60)
        .stdin(endless)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("<stdin>: more than 256 MiB, the limit for a tree file");
    // A regular file larger than the cap is refused before it is read.
    let path = scratch("sparse");
    std::fs::File::create(&path)
        .and_then(|file| file.set_len(300 << 20))
        .unwrap();
    let file = path.to_string_lossy().into_owned();
    let out = Bounded::new(&["tree", &file])
        .memory_mib(512)
        .seconds(20)
        .run();
    std::fs::remove_file(&path).unwrap();
    out.assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(&format!(
            "{file}: 314572800 bytes, more than 256 MiB, the limit for a tree file"
        ));
}

#[test]
fn a_game_tree_is_refused_before_it_fills_the_memory() {
    // 1 GiB holds a million nodes drawn as text, so the node limit is the one met.
    Bounded::new(&["tree", "nim:1000000"])
        .memory_mib(1024)
        .seconds(20)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(
            "nim:1000000 from 1000000: the tree has more than 1000000 nodes (raise the limit with --max-nodes); start from a later position",
        );
    Bounded::new(&["tree", "nim:1000000", "--max-depth", "0"])
        .memory_mib(512)
        .seconds(20)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(
            "the tree goes deeper than depth 0 (raise the limit with --max-depth); start from a later position",
        );
}

#[test]
fn pipes_and_devices_are_read_and_directories_refused() {
    // A pipe as a path: /dev/stdin, /dev/fd/0 (what `<(...)` gives).
    for path in ["/dev/stdin", "/dev/fd/0"] {
        Bounded::new(&["tree", path])
            .memory_mib(512)
            .seconds(20)
            .stdin("(1 2)")
            .run()
            .assert_code(0)
            .assert_stdout_contains("alphabeta: value 2");
    }
    // A named pipe.
    let fifo = scratch("fifo");
    let c_path = std::ffi::CString::new(fifo.to_string_lossy().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path; mkfifo only creates the file.
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
    let writer_path = fifo.clone();
    let writer = std::thread::spawn(move || std::fs::write(writer_path, "((3 12 8) (2 4 6))"));
    let out = Bounded::new(&["tree", &fifo.to_string_lossy()])
        .memory_mib(512)
        .seconds(20)
        .run();
    writer.join().unwrap().unwrap();
    std::fs::remove_file(&fifo).unwrap();
    out.assert_code(0)
        .assert_stdout_contains("alphabeta: value 3");
    // A character device.
    Bounded::new(&["tree", "/dev/null"])
        .memory_mib(512)
        .seconds(20)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("/dev/null:1:1: the tree is empty: write at least one node");
    // A directory, and a file that does not exist.
    let dir = std::env::temp_dir();
    let dir = dir.to_string_lossy();
    Bounded::new(&["tree", &dir])
        .memory_mib(512)
        .seconds(20)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(&format!(
            "{dir}: is a directory (give a tree file, - for standard input, or a game)"
        ));
    Bounded::new(&["tree", "no-such-tree.txt"])
        .memory_mib(512)
        .seconds(20)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("no-such-tree.txt: no such file (nor a game: unknown game");
}

#[test]
fn long_names_are_quoted_short() {
    let name = "n".repeat(1_000_000);
    let out = Bounded::new(&["tree", "-"])
        .memory_mib(512)
        .seconds(20)
        .stdin(format!("root\n  {name}\n"))
        .run();
    out.assert_code(2).assert_one_line_error();
    let start: String = out.stderr.chars().take(300).collect();
    assert!(
        out.stderr.len() < 300,
        "{} bytes: {start}…",
        out.stderr.len()
    );
    let quoted = format!("'{}…'", "n".repeat(40));
    assert_eq!(
        out.stderr,
        format!("ply: error: <stdin>:2:3: leaf {quoted} has no value (write it as {quoted})\n")
    );
}

/// A game tree with a node limit beyond the memory: refused as the tree reaches what the
/// memory holds (it aborted at 2.4 GB after 3.7 s), in every output format.
#[test]
fn a_node_limit_beyond_the_memory_is_refused_at_the_memory() {
    for format in ["text", "json"] {
        Bounded::new(&[
            "tree",
            "connect4",
            "--depth",
            "10000",
            "--max-depth",
            "10000",
            "--max-nodes",
            "100000000",
            "--format",
            format,
        ])
        .memory_mib(1024)
        .seconds(60)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("connect4 from : the tree has more than ")
        .assert_stderr_contains(" nodes, as many as the memory available holds (")
        .assert_stderr_contains(" bytes a node); start from a later position");
    }
    // A file read with such a limit: 3 million leaves, 6 MB of text.
    let file = scratch("three-million.txt");
    let mut text = "(".to_string();
    text.push_str(&"1 ".repeat(3_000_000));
    text.push(')');
    std::fs::write(&file, text).unwrap();
    let path = file.to_string_lossy();
    Bounded::new(&["tree", &path, "--max-nodes", "100000000"])
        .memory_mib(512)
        .seconds(60)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(" nodes, as many as the memory available holds (");
    let _ = std::fs::remove_file(&file);
    // A tree the memory holds is drawn, whatever the limit: tic-tac-toe's 549,946 nodes
    // (29 MB of text, of which the first 16 MiB are kept here).
    let out = Bounded::new(&["tree", "tictactoe", "--max-nodes", "100000000"])
        .memory_mib(1024)
        .seconds(60)
        .run();
    out.assert_code(0);
    assert!(
        out.stdout
            .starts_with(".../.../... MAX = 0  *\n├─ a1 MIN = 0  *\n")
    );
}

/// Pig to 20 asked 10,000 levels deep (a throw of 1 passes the turn, so lines never
/// end): refused at the node limit in every format, in half a second and the memory of
/// its nodes. Its text was written out first, each line indented by its depth: it
/// aborted (`memory allocation of 4294967296 bytes failed`) under a 4 GB cap.
#[test]
fn a_deep_pig_tree_is_refused_at_its_node_limit_not_aborted() {
    for format in ["text", "json", "dot", "svg"] {
        let out = Bounded::new(&[
            "tree",
            "pig:20",
            "--depth",
            "10000",
            "--max-depth",
            "10000",
            "--format",
            format,
            "--force",
        ])
        .memory_mib(1024)
        .seconds(20)
        .run();
        out.assert_code(2)
            .assert_one_line_error()
            .assert_stderr_contains("ply: error: pig:20 from 0+0-0: the tree has more than ")
            .assert_stderr_contains(" nodes")
            .assert_stderr_contains("; choose a smaller depth");
        if format == "text" {
            // 1 GiB holds a million nodes drawn as text: the node limit is the one met.
            out.assert_stderr_contains(
                "the tree has more than 1000000 nodes (raise the limit with --max-nodes); choose a smaller depth",
            );
        }
    }
    // Past the depth limit: refused below it.
    Bounded::new(&["tree", "pig:20", "--depth", "10000"])
        .memory_mib(512)
        .seconds(20)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(
            "pig:20 from 0+0-0: the tree goes deeper than depth 1000 (raise the limit with --max-depth); choose a smaller depth",
        );
}

/// A tree within its node limit may still be deep, and each line of its text is
/// indented by its depth: a chain of 10,000 levels with a leaf beside each (20,001
/// nodes, 158 KB in the bracket format) draws 300 MB of text. Drawn where the memory
/// holds it, refused where it does not, with both sizes; never aborted (under 512 MiB the
/// text's string, doubling as it grew, asked for 436 MB and aborted).
#[test]
fn a_deep_drawing_is_sized_before_it_is_made() {
    let file = scratch("chain.txt");
    let mut text = String::new();
    for level in 0..10_000 {
        text.push_str(&format!("(n{level} l{level}={} ", level % 7));
    }
    text.push_str("end=1");
    text.push_str(&")".repeat(10_000));
    std::fs::write(&file, text).unwrap();
    let path = file.to_string_lossy();
    Bounded::new(&["tree", &path, "--max-depth", "10000"])
        .memory_mib(512)
        .seconds(30)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(
            "ply: error: drawing a tree of 20001 nodes 10000 levels deep as text needs 286.5 MiB \
             of memory, but only ",
        )
        .assert_stderr_contains(" is available: draw fewer levels (--depth N) or a smaller tree");
    let out = Bounded::new(&["tree", &path, "--max-depth", "10000"])
        .memory_mib(1024)
        .seconds(30)
        .run();
    out.assert_code(0);
    assert!(out.stdout.starts_with("n0 MAX = "), "{:.100}", out.stdout);
    let _ = std::fs::remove_file(&file);
}
