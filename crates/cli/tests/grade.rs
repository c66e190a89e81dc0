//! `ply grade` as a teacher runs it: students' programs in Python, JavaScript, C and
//! Ruby (examples/grade/), right and with each classic mistake, graded over the
//! protocol, each mistake named exactly; the exit codes; the JUnit and Gradescope
//! reports; a CS188 `.test` file through `--tree`; and hostile programs
//! (tests/grade/), each stopped within its limits with the right diagnosis while the
//! next test still runs.
//!
//! Python is found through `python3`, Node through `node`, Ruby through `ruby`, C
//! through `cc` (or `$CC`). Without one of them its test says SKIPPED and passes; CI
//! sets `PLY_REQUIRE_BINDINGS=1`, which turns those skips into failures.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

mod common;
use common::ply;

/// The seed of the random tests in these tests: the one the grader's own tests use.
const SEED: &str = "20261207";

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn example(path: &str) -> String {
    repo()
        .join("examples/grade")
        .join(path)
        .to_string_lossy()
        .into_owned()
}

fn hostile(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/grade")
        .join(path)
        .to_string_lossy()
        .into_owned()
}

/// A folder of this test's own under the target's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("grade")
        .join(name);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Skips (or fails, when CI requires the tools) with `why`.
fn skip(why: &str) {
    if std::env::var_os("PLY_REQUIRE_BINDINGS").is_some() {
        panic!("PLY_REQUIRE_BINDINGS is set, but {why}");
    }
    eprintln!("SKIPPED: {why}");
}

/// The Python interpreter itself (not a wrapper script that finds it: a version
/// manager's shim can take 200 ms a start), if there is one.
fn python() -> Option<String> {
    static PYTHON: OnceLock<Option<String>> = OnceLock::new();
    PYTHON
        .get_or_init(|| {
            let out = Command::new("python3")
                .args(["-c", "import sys; print(sys.executable)"])
                .output()
                .ok()?;
            let path = String::from_utf8(out.stdout).ok()?.trim().to_string();
            (out.status.success() && !path.is_empty()).then_some(path)
        })
        .clone()
}

/// `tool` when `tool --version` runs.
fn found(tool: &str) -> Option<String> {
    Command::new(tool)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|_| tool.to_string())
}

/// `C_SOURCE` compiled into the scratch folder, with the system's C compiler.
fn compiled(source: &str, name: &str) -> Option<String> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    found(&cc)?;
    let out = scratch("c").join(name);
    let built = Command::new(&cc)
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-O1", "-o"])
        .arg(&out)
        .arg(source)
        .arg("-lm")
        .output()
        .expect("the C compiler runs");
    assert!(
        built.status.success(),
        "{source} does not build:\n{}",
        String::from_utf8_lossy(&built.stderr)
    );
    Some(out.to_string_lossy().into_owned())
}

/// What a run of `ply grade` gave.
struct Graded {
    code: i32,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

impl Graded {
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("{e}: {}\n{}", self.stdout, self.stderr))
    }
}

/// `ply grade ARGS -- PROGRAM`.
fn grade(args: &[&str], program: &[&str]) -> Graded {
    let started = Instant::now();
    let out = ply()
        .arg("grade")
        .args(args)
        .arg("--")
        .args(program)
        .output()
        .expect("ply runs");
    Graded {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        elapsed: started.elapsed(),
    }
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not a list: {value}"))
        .iter()
        .map(|v| v.as_str().expect("a string").to_string())
        .collect()
}

/// One fixture: a program, how it is graded, and what must be said of it.
struct Case {
    file: &'static str,
    kind: &'static str,
    rule: &'static str,
    /// The mistakes named (none: the program passes).
    diagnoses: &'static [&'static str],
}

const fn case(
    file: &'static str,
    kind: &'static str,
    rule: &'static str,
    diagnoses: &'static [&'static str],
) -> Case {
    Case {
        file,
        kind,
        rule,
        diagnoses,
    }
}

/// Every program of examples/grade/python and examples/grade/js (by its name without
/// the extension), how it is graded, and what is named.
const CASES: &[Case] = &[
    case("minimax", "minimax", "", &[]),
    case("minimax_wrong_player", "minimax", "", &["wrong_player"]),
    case(
        "minimax_reordered_children",
        "minimax",
        "",
        &["reordered_children"],
    ),
    case("negamax", "negamax", "", &[]),
    case("negamax_sign_error", "negamax", "", &["sign_error"]),
    case("negamax_wrong_player", "negamax", "", &["wrong_player"]),
    case("alphabeta", "alphabeta", "ge", &[]),
    // A program that cuts on a tie, graded under CS188's rule.
    case("alphabeta", "alphabeta", "gt", &["cuts_on_equality"]),
    case("alphabeta_cs188", "alphabeta", "gt", &[]),
    case(
        "alphabeta_cs188",
        "alphabeta",
        "ge",
        &["no_cut_on_equality"],
    ),
    case("alphabeta_no_pruning", "alphabeta", "ge", &["no_pruning"]),
    case(
        "alphabeta_bounds_not_passed",
        "alphabeta",
        "ge",
        &["bounds_not_passed"],
    ),
    case("expectimax", "expectimax", "", &[]),
    case(
        "expectimax_ignores_probabilities",
        "expectimax",
        "",
        &["ignores_probabilities"],
    ),
    case("tictactoe", "tictactoe", "", &[]),
    case(
        "tictactoe_depth_off_by_one",
        "tictactoe",
        "",
        &["depth_off_by_one"],
    ),
];

/// The number of tests of each kind with `--tests N`: its fixed tests and N.
fn test_count(kind: &str, random: usize) -> usize {
    random
        + match kind {
            "alphabeta" => 4,
            "tictactoe" => 2,
            _ => 3,
        }
}

/// Grades every case with `interpreter` (Python, Node) in a few threads at once, and
/// checks the diagnoses, the exit code and each test's verdict.
fn check_cases(interpreter: &str, folder: &str, extension: &str) {
    let failures = std::sync::Mutex::new(Vec::new());
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        // Four at a time: most of a run is spent waiting for the other side's line.
        for _ in 0..4 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    let Some(case) = CASES.get(i) else { return };
                    let file = example(&format!("{folder}/{}.{extension}", case.file));
                    let mut args = vec![case.kind, "--seed", SEED, "--tests", "1"];
                    if !case.rule.is_empty() {
                        args.extend(["--rule", case.rule]);
                    }
                    args.extend(["--format", "json"]);
                    let graded = grade(&args, &[interpreter, &file]);
                    let report = graded.json();
                    let said = format!(
                        "{} {} {}: code {}, diagnoses {}, {}",
                        case.file,
                        case.kind,
                        case.rule,
                        graded.code,
                        report["diagnoses"],
                        graded.stderr
                    );
                    let right = case.diagnoses.is_empty();
                    let tests = report["tests"].as_array().expect("tests");
                    let ok = strings(&report["diagnoses"]) == case.diagnoses
                        && graded.code == if right { 0 } else { 1 }
                        && report["passed"] == right
                        && tests.len() == test_count(case.kind, 1)
                        && tests.iter().all(|t| t["outcome"] == "answered")
                        && report["seed"] == SEED.parse::<u64>().unwrap();
                    if !ok {
                        failures.lock().unwrap().push(said);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn python_programs_are_graded_and_each_mistake_named() {
    let Some(python) = python() else {
        return skip("no python3: the Python programs were not graded");
    };
    check_cases(&python, "python", "py");
}

#[test]
fn javascript_programs_are_graded_and_each_mistake_named() {
    let Some(node) = found("node") else {
        return skip("no node: the JavaScript programs were not graded");
    };
    check_cases(&node, "js", "js");
}

#[test]
fn c_programs_pass() {
    for (kind, source) in [("minimax", "minimax.c"), ("alphabeta", "alphabeta.c")] {
        let Some(program) = compiled(&example(&format!("c/{source}")), kind) else {
            return skip("no C compiler (set CC): the C programs were not graded");
        };
        let graded = grade(&[kind, "--seed", SEED, "--tests", "3"], &[&program]);
        assert_eq!(graded.code, 0, "{}{}", graded.stdout, graded.stderr);
        let count = test_count(kind, 3);
        assert!(
            graded
                .stdout
                .contains(&format!("\n{count} of {count} tests passed.\n")),
            "{}",
            graded.stdout
        );
    }
}

#[test]
fn ruby_programs_pass() {
    let Some(ruby) = found("ruby") else {
        return skip("no ruby: the Ruby programs were not graded");
    };
    for kind in ["minimax", "alphabeta"] {
        let file = example(&format!("ruby/{kind}.rb"));
        let graded = grade(
            &[kind, "--seed", SEED, "--tests", "3", "--format", "json"],
            &[&ruby, &file],
        );
        let report = graded.json();
        assert_eq!(graded.code, 0, "{}{}", graded.stdout, graded.stderr);
        assert_eq!(report["passed"], true);
        assert_eq!(
            report["tests"].as_array().unwrap().len(),
            test_count(kind, 3)
        );
    }
}

#[test]
fn the_classic_tree_is_judged_with_its_numbers() {
    let Some(python) = python() else {
        return skip("no python3: the Python programs were not graded");
    };
    let tree = repo().join("examples/trees/classic.txt");
    let tree = tree.to_str().unwrap();
    let graded = grade(
        &[
            "alphabeta",
            "--tree",
            tree,
            "--tests",
            "0",
            "--format",
            "json",
        ],
        &[&python, &example("python/alphabeta_no_pruning.py")],
    );
    assert_eq!(graded.code, 1);
    let report = graded.json();
    let test = &report["tests"][0];
    assert_eq!(report["tests"].as_array().unwrap().len(), 1);
    assert_eq!(test["name"], "classic.txt");
    assert_eq!(test["value"], "3.0");
    assert_eq!(test["expected_value"], "3");
    assert_eq!(
        strings(&test["evaluated"]),
        ["#3", "#4", "#5", "#7", "#8", "#9", "#11", "#12", "#13"]
    );
    assert_eq!(
        strings(&test["expected_evaluated"]),
        ["#3", "#4", "#5", "#7", "#11", "#12", "#13"]
    );
    assert_eq!(
        test["message"],
        "You evaluated #8; at #6, β = 2 ≤ α = 3, so alpha-beta stops there and never reaches #8."
    );
    assert_eq!(strings(&test["diagnoses"]), ["no_pruning"]);
    assert_eq!(test["stderr"], "");
}

#[test]
fn exit_codes_and_refusals() {
    let Some(python) = python() else {
        return skip("no python3: the Python programs were not graded");
    };
    let right = example("python/minimax.py");
    let passed = grade(
        &["minimax", "--tests", "1", "--lang", "sv"],
        &[&python, &right],
    );
    assert_eq!(passed.code, 0, "{}", passed.stderr);
    assert!(
        passed.stdout.contains("\n4 av 4 testfall gick igenom.\n"),
        "{}",
        passed.stdout
    );
    // A fresh seed, said in the report, and the same tests again with it.
    let seed = passed
        .stdout
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("The random tests came from seed "))
        .and_then(|l| l.split(':').next())
        .unwrap_or_else(|| panic!("no seed in {}", passed.stdout))
        .to_string();
    assert!(
        passed
            .stdout
            .contains(&format!("PASS random-1 (seed {seed})\n"))
    );
    let again = grade(
        &["minimax", "--tests", "1", "--seed", &seed, "--json"],
        &[&python, &right],
    );
    assert_eq!(
        again.json()["tests"][3]["name"],
        format!("random-1 (seed {seed})")
    );

    let failed = grade(
        &["minimax", "--tests", "0"],
        &[&python, &example("python/minimax_wrong_player.py")],
    );
    assert_eq!(failed.code, 1);
    assert!(
        failed
            .stdout
            .contains("\nwrong_player: Your search has the players the wrong way round")
    );

    let refused = |args: &[&str], program: &[&str], said: &str| {
        let out = grade(args, program);
        assert_eq!(out.code, 2, "{args:?}: {}{}", out.stdout, out.stderr);
        assert!(out.stdout.is_empty(), "{}", out.stdout);
        assert!(out.stderr.starts_with("ply: error: "), "{}", out.stderr);
        assert!(out.stderr.contains(said), "{args:?}: {}", out.stderr);
    };
    refused(
        &["maximin"],
        &[&python, &right],
        "invalid value 'maximin' for '<KIND>'",
    );
    refused(
        &["alphabeta", "--rule", "gte"],
        &[&python, &right],
        "invalid value 'gte' for '--rule",
    );
    refused(
        &["minimax", "--rule", "gt"],
        &[&python, &right],
        "--rule applies to alphabeta only",
    );
    refused(
        &["minimax", "--tests", "1001"],
        &[&python, &right],
        "--tests 1001 is too large",
    );
    refused(
        &["minimax", "--time-ms", "0"],
        &[&python, &right],
        "--time-ms 0 is too small",
    );
    refused(
        &["minimax", "--format", "xml"],
        &[&python, &right],
        "invalid value 'xml'",
    );
    refused(
        &["minimax", "--json", "--format", "junit"],
        &[&python, &right],
        "--json and --format junit: give one of them",
    );
    let missing = ply().args(["grade", "minimax"]).output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&missing.stderr)
            .contains("the following required arguments were not provided: <COMMAND>"),
        "{}",
        String::from_utf8_lossy(&missing.stderr)
    );
    refused(
        &["minimax", "--tree", "no/such/tree.txt"],
        &[&python, &right],
        "no/such/tree.txt",
    );
    let dir = scratch("refusals");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "(a (b 1 2)").unwrap();
    refused(
        &["minimax", "--tree", bad.to_str().unwrap()],
        &[&python, &right],
        "bad.txt",
    );
    refused(
        &["minimax", "--tree", dir.to_str().unwrap()],
        &[&python, &right],
        "is a directory",
    );
    // Trees of 100,000 nodes each: the third is past the 200,000 nodes of one run.
    let star = dir.join("star.txt");
    std::fs::write(&star, format!("(r{})", " 1".repeat(99_999))).unwrap();
    let star = star.to_str().unwrap();
    refused(
        &["minimax", "--tree", star, "--tree", star, "--tree", star],
        &[&python, &right],
        "star.txt: the trees come to more than 200000 nodes, the most one run grades",
    );
    refused(
        &["minimax"],
        &["no-such-program-here"],
        "cannot run 'no-such-program-here'",
    );
}

#[test]
fn junit_and_gradescope_reports() {
    let Some(python) = python() else {
        return skip("no python3: the Python programs were not graded");
    };
    let program = example("python/alphabeta_no_pruning.py");
    let junit = grade(
        &[
            "alphabeta",
            "--seed",
            SEED,
            "--tests",
            "2",
            "--format",
            "junit",
        ],
        &[&python, &program],
    );
    assert_eq!(junit.code, 1);
    let xml = &junit.stdout;
    assert!(
        xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"),
        "{xml}"
    );
    assert!(
        xml.contains(
            "<testsuite name=\"ply grade alphabeta\" tests=\"6\" failures=\"6\">\n  \
             <properties><property name=\"seed\" value=\"20261207\"/></properties>"
        ),
        "{xml}"
    );
    assert!(
        xml.contains(
            "<testcase classname=\"ply.grade.alphabeta\" name=\"classic\">\
             <failure message=\"You evaluated #8; at c, β = 2 ≤ α = 3, so alpha-beta stops there and never reaches #8.\" type=\"no_pruning\">"
        ),
        "{xml}"
    );
    assert_eq!(xml.matches("<testcase ").count(), 6);
    assert!(xml.ends_with("</testsuite></testsuites>\n"), "{xml}");

    // A character XML cannot carry, written by the program in a query and on its error
    // output, is replaced.
    let tree = repo().join("examples/trees/classic.txt");
    let odd = grade(
        &[
            "minimax",
            "--tree",
            tree.to_str().unwrap(),
            "--tests",
            "0",
            "--format",
            "junit",
        ],
        &[&python, &hostile("noncharacter.py")],
    );
    assert_eq!(odd.code, 1);
    assert!(!odd.stdout.contains('\u{ffff}'), "{}", odd.stdout);
    assert!(
        odd.stdout.contains(
            "<failure message=\"The program broke the protocol: &apos;\u{fffd}&apos; is not a node you have been shown\""
        ),
        "{}",
        odd.stdout
    );
    assert!(
        odd.stdout
            .contains("<system-err>looking for \u{fffd}</system-err>"),
        "{}",
        odd.stdout
    );

    // Gradescope's results.json, written to a file: nothing on standard output.
    let dir = scratch("gradescope");
    let results = dir.join("results.json");
    let _ = std::fs::remove_file(&results);
    let written = grade(
        &[
            "alphabeta",
            "--seed",
            SEED,
            "--tests",
            "2",
            "--format",
            "gradescope",
            "--output",
            results.to_str().unwrap(),
        ],
        &[&python, &example("python/alphabeta.py")],
    );
    assert_eq!(written.code, 0, "{}", written.stderr);
    assert!(written.stdout.is_empty(), "{}", written.stdout);
    assert!(
        written
            .stderr
            .contains("ply grade: 6 of 6 tests passed. The report is in "),
        "{}",
        written.stderr
    );
    let results: Value = serde_json::from_slice(&std::fs::read(&results).unwrap()).unwrap();
    assert_eq!(results["score"], 6);
    assert_eq!(results["visibility"], "visible");
    assert_eq!(
        results["output"],
        "6 of 6 tests passed.\nThe random tests came from seed 20261207."
    );
    let tests = results["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 6);
    for test in tests {
        assert_eq!(test["score"], 1);
        assert_eq!(test["max_score"], 1);
        assert_eq!(test["status"], "passed");
    }
    assert_eq!(tests[0]["name"], "classic");
    assert_eq!(
        tests[0]["output"],
        "Right: the root is worth 3, and your search evaluated the 7 leaves the right search evaluates, in its order."
    );
    // A failed test carries the program's error output.
    let crashed = grade(
        &[
            "minimax",
            "--tree",
            repo().join("examples/trees/classic.txt").to_str().unwrap(),
            "--tests",
            "0",
            "--format",
            "gradescope",
        ],
        &[&python, &hostile("crash.py")],
    );
    let results: Value = serde_json::from_str(&crashed.stdout).unwrap();
    assert_eq!(results["score"], 0);
    let output = results["tests"][0]["output"].as_str().unwrap();
    assert!(
        output.starts_with(
            "The program ended without answering: exit status 1; the last error it printed: \
             ZeroDivisionError: division by zero\n"
        ),
        "{output}"
    );
    assert!(
        output.contains("\n\nYour program's error output:\nlooking at #1\nTraceback"),
        "{output}"
    );
}

/// A CS188 test with a tie at C: CS188's rule (>) goes on to G, the rule ≥ stops.
const CS188_TIE: &str = r#"class: "GraphGameTreeTest"
alg: "AlphaBetaAgent"
depth: "2"

# B is worth 3, and so is C's first leaf F.
num_agents: "2"

start_state: "A"
win_states: "Z"
lose_states: "Y"

successors: """
A Left B
A Right C
B Left D
B Right E
C Left F
C Right G
"""

evaluation: """
D 3.0
E 12.0
F 3.0
G 4.0
"""
"#;

#[test]
fn a_cs188_test_file_replaces_the_fixed_tests() {
    let Some(python) = python() else {
        return skip("no python3: the Python programs were not graded");
    };
    let dir = scratch("cs188");
    let file = dir.join("tied.test");
    std::fs::write(&file, CS188_TIE).unwrap();
    let file = file.to_str().unwrap();
    let strict = grade(
        &[
            "alphabeta",
            "--rule",
            "gt",
            "--tree",
            file,
            "--tests",
            "0",
            "--format",
            "json",
        ],
        &[&python, &example("python/alphabeta_cs188.py")],
    );
    assert_eq!(strict.code, 0, "{}{}", strict.stdout, strict.stderr);
    let report = strict.json();
    assert_eq!(report["tests"].as_array().unwrap().len(), 1);
    let test = &report["tests"][0];
    assert_eq!(test["name"], "tied");
    assert_eq!(test["expected_value"], "3");
    assert_eq!(strings(&test["expected_evaluated"]), ["D", "E", "F", "G"]);
    assert_eq!(strings(&test["expected_expanded"]), ["A", "B", "C"]);
    // A program that cuts on the tie, under CS188's rule.
    let early = grade(
        &[
            "alphabeta",
            "--rule",
            "gt",
            "--tree",
            file,
            "--tests",
            "0",
            "--format",
            "json",
        ],
        &[&python, &example("python/alphabeta.py")],
    );
    assert_eq!(early.code, 1);
    let report = early.json();
    assert_eq!(strings(&report["tests"][0]["evaluated"]), ["D", "E", "F"]);
    assert_eq!(strings(&report["diagnoses"]), ["cuts_on_equality"]);
    // A kind other than the file's: said, and graded.
    let other = grade(
        &["minimax", "--tree", file, "--tests", "0"],
        &[&python, &example("python/minimax.py")],
    );
    assert_eq!(other.code, 0, "{}{}", other.stdout, other.stderr);
    assert!(
        other
            .stderr
            .contains("tied.test is a test of alphabeta (its alg), graded here as minimax"),
        "{}",
        other.stderr
    );
}

/// True while the process `pid` is alive (not gone, nor a zombie).
fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

#[test]
fn hostile_programs_end_within_their_limits() {
    let Some(python) = python() else {
        return skip("no python3: the hostile programs were not run");
    };
    let node = found("node");
    let recursion_c = compiled(&hostile("deep_recursion.c"), "deep_recursion");
    let tree = repo().join("examples/trees/classic.txt");
    let tree = tree.to_string_lossy().into_owned();
    // Each: the program, its time limit, the outcome, and how each test's message begins.
    let mut cases: Vec<(Vec<String>, &str, &str, String)> = vec![
        (
            vec![python.clone(), hostile("endless_loop.py")],
            "500",
            "timeout",
            "The program took longer than 500 ms, the time a test allows, and was stopped.".into(),
        ),
        (
            vec![python.clone(), hostile("sleeper.py")],
            "500",
            "timeout",
            "The program took longer than 500 ms, the time a test allows, and was stopped.".into(),
        ),
        (
            vec![python.clone(), hostile("memory_bomb.py")],
            "10000",
            "crash",
            "The program ended without answering: used more than 200 MB of memory".into(),
        ),
        (
            vec![python.clone(), hostile("garbage.py")],
            "10000",
            "protocol_error",
            "The program broke the protocol: line 1 of its output is not UTF-8 text (byte 0xff at column 10)".into(),
        ),
        (
            vec![python.clone(), hostile("strangers.py")],
            "10000",
            "protocol_error",
            "The program broke the protocol: 'nowhere' is not a node you have been shown".into(),
        ),
        (
            vec![python.clone(), hostile("flood.py")],
            "10000",
            "protocol_error",
            "The program broke the protocol: more than 100000 queries, the most a test allows".into(),
        ),
        (
            vec![python.clone(), hostile("crash.py")],
            "10000",
            "crash",
            "The program ended without answering: exit status 1; the last error it printed: ZeroDivisionError: division by zero".into(),
        ),
    ];
    match &node {
        Some(node) => cases.push((
            vec![node.clone(), hostile("deep_recursion.js")],
            "10000",
            "crash",
            "The program ended without answering: exit status 1; the last error it printed: RangeError: Maximum call stack size exceeded".into(),
        )),
        None => skip("no node: the deep recursion in JavaScript was not run"),
    }
    match &recursion_c {
        // The stack overflows (SIGSEGV), or, on a machine without a stack limit, the
        // memory does.
        Some(program) => cases.push((
            vec![program.clone()],
            "10000",
            "crash",
            "The program ended without answering: ".into(),
        )),
        None => skip("no C compiler: the deep recursion in C was not run"),
    }
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for (program, millis, outcome, message) in &cases {
            let tree = &tree;
            let failures = &failures;
            s.spawn(move || {
                let program: Vec<&str> = program.iter().map(String::as_str).collect();
                let graded = grade(
                    &[
                        "minimax", "--tree", tree, "--tests", "1", "--seed", SEED, "--time-ms",
                        millis, "--memory-mb", "200", "--format", "json",
                    ],
                    &program,
                );
                let report = graded.json();
                let tests = report["tests"].as_array().unwrap();
                let messages: Vec<&str> =
                    tests.iter().map(|t| t["message"].as_str().unwrap()).collect();
                // Both tests ran (the next one after a hostile run too), each ended the same
                // way, within its limit and a little more.
                let ok = graded.code == 1
                    && tests.len() == 2
                    && tests.iter().all(|t| t["outcome"] == *outcome)
                    && messages.iter().all(|m| m.starts_with(message.as_str()))
                    && strings(&report["diagnoses"]) == [outcome.to_string()]
                    && graded.elapsed < Duration::from_secs(20);
                if !ok {
                    failures.lock().unwrap().push(format!(
                        "{program:?}: code {}, outcomes {:?}, messages {messages:?}, diagnoses {}, {:?}",
                        graded.code,
                        tests.iter().map(|t| t["outcome"].clone()).collect::<Vec<_>>(),
                        report["diagnoses"],
                        graded.elapsed
                    ));
                }
                if program.iter().any(|p| p.ends_with("flood.py")) && tests[0]["queries"] != 100_001 {
                    failures.lock().unwrap().push(format!("flood: {}", tests[0]["queries"]));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn a_timeout_takes_the_time_limit_and_what_the_program_started_dies_with_it() {
    let Some(python) = python() else {
        return skip("no python3: the hostile programs were not run");
    };
    let tree = repo().join("examples/trees/classic.txt");
    let graded = grade(
        &[
            "minimax",
            "--tree",
            tree.to_str().unwrap(),
            "--tests",
            "1",
            "--seed",
            SEED,
            "--time-ms",
            "300",
            "--format",
            "json",
        ],
        &[&python, &hostile("forks.py")],
    );
    let report = graded.json();
    let tests = report["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 2);
    assert!(
        graded.elapsed >= Duration::from_millis(600),
        "{:?}",
        graded.elapsed
    );
    assert!(
        graded.elapsed < Duration::from_secs(10),
        "{:?}",
        graded.elapsed
    );
    for test in tests {
        assert_eq!(test["outcome"], "timeout");
        assert_eq!(
            test["message"],
            "The program took longer than 300 ms, the time a test allows, and was stopped."
        );
        // The process it started (`started PID` on its error output) is gone too.
        let pid: u32 = test["stderr"]
            .as_str()
            .and_then(|s| s.strip_prefix("started "))
            .and_then(|p| p.trim().parse().ok())
            .unwrap_or_else(|| panic!("no pid in {test}"));
        if cfg!(target_os = "linux") {
            let until = Instant::now() + Duration::from_secs(2);
            while alive(pid) && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(10));
            }
            assert!(
                !alive(pid),
                "the process {pid} the program started is still running"
            );
        }
    }
}

#[test]
fn the_text_report_shows_a_failed_tests_error_output() {
    let Some(python) = python() else {
        return skip("no python3: the Python programs were not graded");
    };
    let tree = repo().join("examples/trees/classic.txt");
    let graded = grade(
        &["minimax", "--tree", tree.to_str().unwrap(), "--tests", "0"],
        &[&python, &hostile("crash.py")],
    );
    assert_eq!(graded.code, 1);
    let text = &graded.stdout;
    assert!(
        text.starts_with(&format!(
            "ply grade minimax: {python} {} (1 test)\n\nFAIL classic.txt\n  The program ended without answering: exit status 1; \
             the last error it printed: ZeroDivisionError: division by zero\n",
            hostile("crash.py")
        )),
        "{text}"
    );
    assert!(
        text.contains("  crash\n  its error output:\n  | looking at #1\n  | Traceback (most recent call last):\n"),
        "{text}"
    );
    assert!(
        text.contains("  | ZeroDivisionError: division by zero\n\ncrash: "),
        "{text}"
    );
    assert!(text.ends_with("\n0 of 1 test passed.\n"), "{text}");
}
