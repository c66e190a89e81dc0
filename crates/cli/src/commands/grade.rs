//! `ply grade`: a student's search program, in any language, run as a process over the
//! grading protocol on a kind's tests, and judged step by step against the right search
//! (`ply_api::grade`; the protocol and the report: docs/grading.md).
//!
//! Each test runs the program once as a fresh process ([`process`]: its own process
//! group, a time limit, a memory watchdog, every read bounded); the reports are the
//! grader's (`ply_api::grade::report`), with the seed, and each failed test's standard
//! error, added.

mod process;

use crate::args;
use crate::output::AtomicFile;
use anyhow::{Context, Result, bail};
use ply_api::grade::{self, Kind, Limits, Report, Rule, Run, Test, finish_report, read_cs188};
use ply_api::lang::Lang;
use ply_api::practice::MAX_SEED;
use ply_core::input::{Input, display_name};
use process::{Budget, Extra, Program};
use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

const EXAMPLES: &str = "EXAMPLES:\n  ply grade minimax -- python3 minimax.py\n  ply grade alphabeta --rule gt --tests 20 -- ./alphabeta\n  ply grade expectimax --seed 42 --format json -- node expectimax.js\n  ply grade alphabeta --rule gt --tree 1-minimax.test --tree 2-ties.test -- ruby alphabeta.rb\n  ply grade minimax --format gradescope --output /autograder/results/results.json -- python3 /autograder/submission/solution.py\n\n\
The program reads `root N` on its standard input, writes one query a line (`children N`, \
`value N`) and reads ply's answer to each, until it writes `answer V [MOVE]`: see docs/grading.md. \
Exit code 0 when every test passed, 1 when one failed, 2 for bad usage.";

/// The most bytes of a tree file (`--tree`): a test's tree has at most
/// [`grade::MAX_TEST_NODES`] nodes, a few dozen bytes each.
pub const MAX_TREE_FILE_BYTES: u64 = 16 << 20;

/// The most bytes of all the tree files of one run together.
pub const MAX_TREE_FILES_BYTES: u64 = 64 << 20;

/// The most nodes of all the trees given (`--tree`) together: two trees of
/// [`grade::MAX_TEST_NODES`] (a CS188 file of a few lines may unroll into one).
pub const MAX_OWN_NODES: usize = 200_000;

/// A fresh seed is one of this many (short enough to type again from a report).
const FRESH_SEEDS: u64 = 1_000_000;

/// Run a student's search program on a kind's tests, over the grading protocol, and
/// judge each test against the right search: the value, the move, the leaves evaluated
/// and the nodes expanded, with the classic mistakes named.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// What the program computes: minimax, negamax, alphabeta, expectimax or tictactoe
    /// (a tic-tac-toe position searched two plies deep with the textbook's f(p)).
    #[arg(value_parser = ["minimax", "negamax", "alphabeta", "expectimax", "tictactoe"])]
    kind: String,
    /// Alpha-beta's cut-off rule: ge cuts as soon as α ≥ β (ply's and AIMA's), gt only
    /// when a value passes the bound (CS188's). Default: ge.
    #[arg(long, value_parser = ["ge", "gt"])]
    rule: Option<String>,
    /// The number of random held-out tests after the fixed ones (0 to 1000).
    #[arg(long, default_value_t = 5, value_name = "N", value_parser = args::whole::<u32>(0, grade::MAX_RANDOM_TESTS as u64), allow_negative_numbers = true)]
    tests: u32,
    /// The seed of the random tests (0 to 2^53 - 1; default: a new one each run, printed
    /// in the report so that the run can be repeated).
    #[arg(long, value_name = "S", value_parser = args::whole::<u64>(0, MAX_SEED), allow_negative_numbers = true)]
    seed: Option<u64>,
    /// The time a test allows the program, in milliseconds, from its start (1 to 3600000).
    #[arg(long = "time-ms", default_value_t = 2000, value_name = "T", value_parser = args::whole::<u64>(1, 3_600_000), allow_negative_numbers = true)]
    time_ms: u64,
    /// The memory the program may use, in MB of resident memory (1 to 1048576; checked
    /// every 20 ms on Linux, not checked elsewhere).
    #[arg(long = "memory-mb", default_value_t = 1024, value_name = "MB", value_parser = args::whole::<u64>(1, 1 << 20), allow_negative_numbers = true)]
    memory_mb: u64,
    /// The report: text (for people, the default), json, junit (JUnit XML, for a CI
    /// job's test view) or gradescope (Gradescope's results.json).
    #[arg(long, value_parser = ["text", "json", "junit", "gradescope"])]
    format: Option<String>,
    /// The report as JSON (the same as --format json).
    #[arg(long)]
    json: bool,
    /// The language of the report's words: en, sv, zh or el.
    #[arg(long, default_value = "en")]
    lang: Lang,
    /// A tree of your own, in one of ply's tree formats (leaf values for MAX) or a CS188
    /// GraphGameTreeTest `.test` file; repeat for more. Given, they replace the fixed tests.
    #[arg(long = "tree", value_name = "FILE")]
    trees: Vec<String>,
    /// Write the report to FILE (whole, or not at all) instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<String>,
    /// The program and its arguments, after `--`: `-- python3 solution.py`.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<OsString>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let kind = Kind::from_name(&args.kind).context("unknown kind")?;
    let rule = match args.rule.as_deref() {
        None => Rule::Ge,
        Some(_) if kind != Kind::AlphaBeta => {
            bail!("--rule applies to alphabeta only (the rule of its cut-offs)")
        }
        Some(name) => Rule::from_name(name).context("unknown rule")?,
    };
    let format = match (args.format.as_deref(), args.json) {
        (Some(format), true) if format != "json" => {
            bail!("--json and --format {format}: give one of them")
        }
        (_, true) => "json",
        (Some(format), false) => format,
        (None, false) => "text",
    };
    let own = read_trees(&args.trees, kind)?;
    let seed = args.seed.unwrap_or_else(|| fastrand::u64(..FRESH_SEEDS));
    let tests = grade::suite(kind, args.tests, seed, own).map_err(anyhow::Error::msg)?;
    // A path that cannot be written is refused before any program runs.
    let file = args.output.as_deref().map(AtomicFile::create).transpose()?;
    let program = Program::new(&args.command)?;
    let budget = Budget {
        millis: args.time_ms,
        memory_mb: args.memory_mb,
    };
    process::ignore_sigpipe();
    // The first Ctrl-C is ours: the running program (in its own process group, which the
    // terminal's Ctrl-C does not reach) is killed before ply ends.
    let _polled = crate::interrupt::polled();
    let progress = crate::interrupt::spinner("grading");
    let mut reports = Vec::with_capacity(tests.len());
    let mut extras = Vec::with_capacity(tests.len());
    for (i, test) in tests.iter().enumerate() {
        progress.set_message(format!("test {} of {}: {}", i + 1, tests.len(), test.name));
        let limits = Limits::default();
        let mut run = Run::with_limits(test, kind, rule, limits);
        let (outcome, extra) = process::converse(&mut run, limits, &program, &budget)?;
        reports.push(run.judge(outcome, args.lang));
        extras.push(extra);
    }
    drop(progress);
    let report = finish_report(kind, rule, reports, args.lang);
    let bytes = match format {
        "json" => pretty(&json(&report, &extras, seed)),
        "junit" => junit(&report, &extras, seed).into_bytes(),
        "gradescope" => pretty(&gradescope(&report, &extras, seed)),
        _ => text(&report, &extras, seed, &program, args.tests).into_bytes(),
    };
    match file {
        Some(file) => {
            file.commit(&bytes)?;
            eprintln!(
                "ply grade: {} The report is in {}.",
                report.summary,
                display_name(args.output.as_deref().unwrap_or_default())
            );
        }
        None => print_quietly(&bytes)?,
    }
    Ok(if report.passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The teacher's trees: each file in one of ply's tree formats, or a CS188 `.test` file.
fn read_trees(paths: &[String], kind: Kind) -> Result<Vec<Test>> {
    let mut tests: Vec<Test> = Vec::with_capacity(paths.len());
    let (mut bytes, mut nodes) = (0u64, 0usize);
    for path in paths {
        let input = Input::open(path)?;
        let label = input.name().to_string();
        let text = input.read_text(MAX_TREE_FILE_BYTES, "a tree file")?;
        bytes += text.len() as u64;
        if bytes > MAX_TREE_FILES_BYTES {
            bail!(
                "{label}: the tree files come to more than {} MiB, the most one run reads",
                MAX_TREE_FILES_BYTES >> 20
            );
        }
        let name = std::path::Path::new(path)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.clone());
        let name = name.strip_suffix(".test").unwrap_or(&name).to_string();
        if is_cs188(&text) {
            let (test, written_for) =
                read_cs188(&name, &text).map_err(|e| anyhow::anyhow!("{label}: {e}"))?;
            if let Some(other) = written_for.filter(|k| *k != kind) {
                eprintln!(
                    "ply grade: note: {label} is a test of {} (its alg), graded here as {}",
                    other.name(),
                    kind.name()
                );
            }
            tests.push(test);
        } else {
            tests.push(Test::from_text(&name, &text).map_err(|e| anyhow::anyhow!("{label}: {e}"))?);
        }
        nodes += tests.last().map_or(0, |t| t.tree.len());
        if nodes > MAX_OWN_NODES {
            bail!(
                "{label}: the trees come to more than {MAX_OWN_NODES} nodes, the most one run grades"
            );
        }
    }
    Ok(tests)
}

/// True for a CS188 GraphGameTreeTest: its class line, or its fields.
fn is_cs188(text: &str) -> bool {
    text.lines().map(str::trim).any(|line| {
        line == "class: \"GraphGameTreeTest\""
            || line.starts_with("start_state:")
            || line.starts_with("successors:")
    })
}

fn pretty(value: &serde_json::Value) -> Vec<u8> {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text.into_bytes()
}

/// The report's JSON (`ply_api::grade::report::json`) with the seed, and each test's
/// standard error and time.
fn json(report: &Report, extras: &[Extra], seed: u64) -> serde_json::Value {
    let mut value = grade::report::json(report);
    value["seed"] = seed.into();
    if let Some(tests) = value["tests"].as_array_mut() {
        for (test, extra) in tests.iter_mut().zip(extras) {
            test["stderr"] = extra.stderr.clone().into();
            test["time_ms"] = extra.millis.into();
        }
    }
    value
}

/// A word for a failed test beyond the grader's: a program that wrote nothing before
/// its time ran out has most likely not flushed its output.
fn hint(test: &grade::TestReport, extra: &Extra) -> Option<&'static str> {
    (test.outcome == "timeout" && extra.silent).then_some(
        "It wrote no line at all: does it flush its output after each line (print(..., flush=True), fflush(stdout))?",
    )
}

/// The text report (`ply_api::grade::report::text`) under a line that says what ran,
/// with each failed test's standard error, and the seed at the end.
fn text(report: &Report, extras: &[Extra], seed: u64, program: &Program, random: u32) -> String {
    let count = report.tests.len();
    let mut out = format!(
        "ply grade {}{}: {} ({count} test{}{})\n\n",
        report.kind,
        if report.kind == "alphabeta" {
            format!(" --rule {}", report.rule)
        } else {
            String::new()
        },
        program.shown,
        if count == 1 { "" } else { "s" },
        if random > 0 {
            format!(", seed {seed}")
        } else {
            String::new()
        },
    );
    let body = grade::report::text(report);
    let mut lines = body.lines().peekable();
    for (test, extra) in report.tests.iter().zip(extras) {
        let header = format!(
            "{} {}",
            if test.passed { "PASS" } else { "FAIL" },
            test.name
        );
        // The lines before this test's block (none, in the text report as it is).
        while let Some(line) = lines.next_if(|l| *l != header) {
            out.push_str(line);
            out.push('\n');
        }
        if let Some(line) = lines.next() {
            out.push_str(line);
            out.push('\n');
        }
        while let Some(line) = lines.next_if(|l| l.starts_with("  ")) {
            out.push_str(line);
            out.push('\n');
        }
        if test.passed {
            continue;
        }
        if let Some(hint) = hint(test, extra) {
            out.push_str(&format!("  {hint}\n"));
        }
        if !extra.stderr.is_empty() {
            out.push_str("  its error output:\n");
            for line in extra.stderr.lines() {
                out.push_str(&format!("  | {line}\n"));
            }
        }
    }
    for line in lines {
        out.push_str(line);
        out.push('\n');
    }
    if random > 0 {
        out.push_str(&format!(
            "The random tests came from seed {seed}: --seed {seed} runs the same tests again.\n"
        ));
    }
    out
}

/// Gradescope's `results.json` (`ply_api::grade::report::gradescope`), each failed
/// test's output with the program's standard error, the seed in the overall output.
fn gradescope(report: &Report, extras: &[Extra], seed: u64) -> serde_json::Value {
    let mut value = grade::report::gradescope(report);
    if let Some(tests) = value["tests"].as_array_mut() {
        for ((entry, test), extra) in tests.iter_mut().zip(&report.tests).zip(extras) {
            if test.passed {
                continue;
            }
            let mut output = entry["output"].as_str().unwrap_or_default().to_string();
            if let Some(hint) = hint(test, extra) {
                output.push_str(&format!("\n{hint}"));
            }
            if !extra.stderr.is_empty() {
                output.push_str(&format!(
                    "\n\nYour program's error output:\n{}",
                    extra.stderr
                ));
            }
            entry["output"] = output.into();
        }
    }
    let output = format!(
        "{}\nThe random tests came from seed {seed}.",
        value["output"].as_str().unwrap_or_default()
    );
    value["output"] = output.into();
    value
}

/// The JUnit XML (`ply_api::grade::report::junit`) with the seed as a property and each
/// failed test's standard error as its `system-err`.
fn junit(report: &Report, extras: &[Extra], seed: u64) -> String {
    let xml = grade::report::junit(report);
    let mut out = String::with_capacity(xml.len() + 256);
    let mut rest = xml.as_str();
    // The seed, first thing in the test suite.
    if let Some(open) = rest.find("<testsuite ") {
        if let Some(end) = rest[open..].find('>') {
            let at = open + end + 1;
            out.push_str(&rest[..at]);
            out.push_str(&format!(
                "\n  <properties><property name=\"seed\" value=\"{seed}\"/></properties>"
            ));
            rest = &rest[at..];
        }
    }
    const CLOSE: &str = "</failure></testcase>";
    for (test, extra) in report.tests.iter().zip(extras) {
        if test.passed {
            continue;
        }
        let Some(at) = rest.find(CLOSE) else { break };
        let split = at + "</failure>".len();
        out.push_str(&rest[..split]);
        if !extra.stderr.is_empty() {
            out.push_str(&format!(
                "<system-err>{}</system-err>",
                grade::report::xml(&extra.stderr)
            ));
        }
        rest = &rest[split..];
    }
    out.push_str(rest);
    out
}

/// Writes the report to standard output; a closed pipe (`| head`) ends it quietly.
fn print_quietly(bytes: &[u8]) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|_| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}
