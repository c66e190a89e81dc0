//! Grading: a student's own search program, run over the protocol on known trees and
//! judged against the right search step by step.
//!
//! A program gets a tree through queries (docs/grading.md), so ply records every
//! node it expanded and every leaf it evaluated, in order. Each test is judged on the
//! root's value, the move chosen, the leaves evaluated and the nodes expanded; the first
//! difference is said in words, with the numbers, and where the program's behaviour on
//! every test is that of a classic mistake, the mistake is named by a stable id
//! ([`Diagnosis`]). The mistakes are found exactly: each is a mutant of the reference
//! search, run over the same tests, and its trace compared with the program's.
//!
//! Every front end runs programs its own way (`ply grade` as processes, the web lab in
//! a worker, the Python package as a function) and hands the lines to a [`Run`]:
//!
//! ```
//! use ply_api::grade::{Kind, Rule, Run, Test, finish_report, Outcome};
//! use ply_api::lang::Lang;
//!
//! let test = Test::from_text("classic", "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))").unwrap();
//! let mut run = Run::new(&test, Kind::Minimax, Rule::Ge);
//! assert_eq!(run.greeting(), "root a");
//! assert_eq!(run.respond("children a").line(), Some("max b c d"));
//! assert_eq!(run.respond("children b").line(), Some("min #3 #4 #5"));
//! assert_eq!(run.respond("value #3").line(), Some("3"));
//! run.respond("answer 3 b");
//! let report = run.judge(Outcome::Answered, Lang::En);
//! assert!(!report.passed); // eight leaves were never looked at
//! assert_eq!(report.evaluated, ["#3"]);
//! let overall = finish_report(Kind::Minimax, Rule::Ge, vec![report], Lang::En);
//! assert!(!overall.passed);
//! ```

mod cs188;
mod judge;
mod protocol;
mod reference;
pub mod report;
mod suite;
mod tree;

pub use cs188::read_cs188;
pub use judge::{Diagnosis, Outcome, TestReport};
pub use protocol::{Answer, Limits, Reply};
pub use suite::{GAME_DEPTH, Test, fixed, random};
pub use tree::{MAX_TEST_NODES, Role, TestTree};

use crate::lang::Lang;
use serde::Serialize;

/// What the program is to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Max/Min: MAX takes the largest child, MIN the smallest; every leaf, in order.
    Minimax,
    /// Negamax: leaf values are for the player to move there; every node takes the
    /// largest of its children's negated values.
    Negamax,
    /// Alpha-beta: minimax's value, without the children that cannot change it.
    AlphaBeta,
    /// Expectimax: chance nodes take their children's values weighted by probability.
    Expectimax,
    /// A tic-tac-toe position searched two plies deep, positions there valued by the
    /// textbook's f(p) (the program decides where to stop).
    TicTacToe,
}

impl Kind {
    /// Every kind, in the order a course teaches them.
    pub const ALL: [Kind; 5] = [
        Kind::Minimax,
        Kind::Negamax,
        Kind::AlphaBeta,
        Kind::Expectimax,
        Kind::TicTacToe,
    ];

    /// The name in commands, links and JSON: `minimax`, `negamax`, `alphabeta`,
    /// `expectimax`, `tictactoe`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Minimax => "minimax",
            Kind::Negamax => "negamax",
            Kind::AlphaBeta => "alphabeta",
            Kind::Expectimax => "expectimax",
            Kind::TicTacToe => "tictactoe",
        }
    }

    /// The kind called `name`.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// When alpha-beta stops at a node: `ge` (α ≥ β, ply's and AIMA's convention) or `gt`
/// (only past the bound, CS188's).
pub use ply_core::PruningRule as Rule;

/// The tests a check runs: the kind's fixed tests, `random` held-out ones from `seed`,
/// and the trees a teacher gives (which replace the fixed ones when there are any).
pub fn suite(
    kind: Kind,
    random_count: u32,
    seed: u64,
    own: Vec<Test>,
) -> Result<Vec<Test>, String> {
    let mut tests = if own.is_empty() { fixed(kind) } else { own };
    if random_count > MAX_RANDOM_TESTS {
        return Err(format!(
            "{random_count} random tests, more than the {MAX_RANDOM_TESTS} a check may run"
        ));
    }
    tests.extend(random(kind, seed, random_count)?);
    Ok(tests)
}

/// The most random tests one check runs.
pub const MAX_RANDOM_TESTS: u32 = 1_000;

/// One run of a program on one test: feed it the program's lines, then judge it.
#[derive(Debug)]
pub struct Run<'t> {
    test: &'t Test,
    kind: Kind,
    rule: Rule,
    session: protocol::Session,
}

impl<'t> Run<'t> {
    /// A run of `test` for a program of `kind`, with the default [`Limits`].
    pub fn new(test: &'t Test, kind: Kind, rule: Rule) -> Run<'t> {
        Run::with_limits(test, kind, rule, Limits::default())
    }

    /// A run with its own limits.
    pub fn with_limits(test: &'t Test, kind: Kind, rule: Rule, limits: Limits) -> Run<'t> {
        Run {
            test,
            kind,
            rule,
            session: protocol::Session::new(&test.tree, kind == Kind::Negamax, limits),
        }
    }

    /// ply's first line to the program: `root NAME`.
    pub fn greeting(&self) -> String {
        protocol::Session::greeting(&self.test.tree)
    }

    /// The answer to one line of the program.
    pub fn respond(&mut self, line: &str) -> Reply {
        self.session.respond(&self.test.tree, line)
    }

    /// True once the program has answered, or gone past a limit.
    pub fn is_over(&self) -> bool {
        self.session.is_over()
    }

    /// The number of queries so far.
    pub fn queries(&self) -> u64 {
        self.session.queries
    }

    /// Judges the run. `outcome` is how the program ended, as its runner saw it; a
    /// run stopped at a limit, or that made a wrong query, is a protocol error whatever
    /// the runner says.
    pub fn judge(self, outcome: Outcome, lang: Lang) -> TestReport {
        judge::judge(
            self.test,
            self.kind,
            self.rule,
            &self.session,
            outcome,
            lang,
        )
    }
}

impl Reply {
    /// The line to send back, if there is one.
    pub fn line(&self) -> Option<&str> {
        match self {
            Reply::Line(line) => Some(line),
            _ => None,
        }
    }
}

/// The report of a whole check.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The kind checked.
    pub kind: &'static str,
    /// The pruning rule (alpha-beta; the others carry `ge`).
    pub rule: &'static str,
    /// True when every test passed.
    pub passed: bool,
    /// Each test's report, in order.
    pub tests: Vec<TestReport>,
    /// The mistakes the program's behaviour matches on every test (ids), and
    /// `timeout`, `crash`, `protocol_error` where a test ended so.
    pub diagnoses: Vec<&'static str>,
    /// The same, said in words in the report's language.
    pub diagnosis_text: Vec<String>,
    /// "3 of 5 tests passed", in the report's language.
    pub summary: String,
    /// The language of the words: `en`, `sv`, `zh`, `el`.
    pub lang: &'static str,
}

/// The whole check's report from its tests' reports: passed when every test passed,
/// and the diagnoses that hold on every test.
pub fn finish_report(kind: Kind, rule: Rule, tests: Vec<TestReport>, lang: Lang) -> Report {
    let diagnoses = judge::overall(&tests);
    let passed = !tests.is_empty() && tests.iter().all(|t| t.passed);
    let passed_count = tests.iter().filter(|t| t.passed).count();
    Report {
        kind: kind.name(),
        rule: rule.name(),
        passed,
        summary: lang.say(
            "grade.summary",
            &[("passed", &passed_count), ("count", &tests.len())],
        ),
        diagnosis_text: diagnoses
            .iter()
            .map(|d| lang.say(&format!("grade.diagnosis.{d}"), &[]))
            .collect(),
        diagnoses,
        tests,
        lang: lang.code(),
    }
}
