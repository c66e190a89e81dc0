//! Judging one run against the reference search, and naming the mistakes.
//!
//! The first difference between the program's steps and the right search's is said in
//! words with the numbers that decide it (the window at the node where the search
//! stops or goes on). A mistake is named when the program's leaves and value equal a
//! mutant's ([`super::reference::Mutation`]) on every test it answered.

use super::protocol::Session;
use super::reference::{self, Bound, Cut, Mutation, Trace};
use super::suite::Test;
use super::tree::{Origin, Role, TestTree};
use super::{Kind, Rule};
use crate::lang::Lang;
use ply_core::chance::Ratio;
use serde::Serialize;

/// How a program's run on one test ended, as its runner saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It wrote `answer …` (or ended after writing it).
    Answered,
    /// It ran past the time limit of a test and was stopped.
    Timeout {
        /// The limit, in milliseconds.
        millis: u64,
    },
    /// It ended (or was ended) without answering: an exception, a signal, a memory
    /// limit, or a plain exit. `detail` says how ("exit status 1", "killed by signal
    /// 9", the exception's last line).
    Crash {
        /// How it ended, in the runner's words.
        detail: String,
    },
    /// It wrote something that is not the protocol (the runner's reading failed: a line
    /// too long, not UTF-8).
    Protocol {
        /// What was wrong.
        detail: String,
    },
}

/// A classic mistake, or how a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Diagnosis {
    /// Alpha-beta that never prunes: every leaf evaluated.
    NoPruning,
    /// Cuts on a tie (α = β) where the rule chosen goes on.
    CutsOnEquality,
    /// Goes on past a tie where the rule chosen cuts.
    NoCutOnEquality,
    /// Negamax without the minus in front of a child's value.
    SignError,
    /// MAX and MIN swapped, or a leaf scored for the wrong player.
    WrongPlayer,
    /// α and β not handed down: each node prunes only against its parent's best value.
    BoundsNotPassed,
    /// A game searched one ply too deep or too shallow.
    DepthOffByOne,
    /// Children searched in another order than given.
    ReorderedChildren,
    /// Chance nodes averaged without their probabilities.
    IgnoresProbabilities,
    /// Chance nodes taken as MIN nodes.
    ChanceAsMin,
    /// The right leaves, the wrong value (or move).
    WrongValue,
    /// A test ran out of time.
    Timeout,
    /// The program ended without answering.
    Crash,
    /// A query that is not the protocol, a node it was never shown, or too many queries.
    ProtocolError,
}

impl Diagnosis {
    /// The stable id JSON carries.
    pub fn id(self) -> &'static str {
        match self {
            Diagnosis::NoPruning => "no_pruning",
            Diagnosis::CutsOnEquality => "cuts_on_equality",
            Diagnosis::NoCutOnEquality => "no_cut_on_equality",
            Diagnosis::SignError => "sign_error",
            Diagnosis::WrongPlayer => "wrong_player",
            Diagnosis::BoundsNotPassed => "bounds_not_passed",
            Diagnosis::DepthOffByOne => "depth_off_by_one",
            Diagnosis::ReorderedChildren => "reordered_children",
            Diagnosis::IgnoresProbabilities => "ignores_probabilities",
            Diagnosis::ChanceAsMin => "chance_as_min",
            Diagnosis::WrongValue => "wrong_value",
            Diagnosis::Timeout => "timeout",
            Diagnosis::Crash => "crash",
            Diagnosis::ProtocolError => "protocol_error",
        }
    }

    /// Every diagnosis, in the order reports list them.
    pub const ALL: [Diagnosis; 14] = [
        Diagnosis::NoPruning,
        Diagnosis::CutsOnEquality,
        Diagnosis::NoCutOnEquality,
        Diagnosis::SignError,
        Diagnosis::WrongPlayer,
        Diagnosis::BoundsNotPassed,
        Diagnosis::DepthOffByOne,
        Diagnosis::ReorderedChildren,
        Diagnosis::IgnoresProbabilities,
        Diagnosis::ChanceAsMin,
        Diagnosis::WrongValue,
        Diagnosis::Timeout,
        Diagnosis::Crash,
        Diagnosis::ProtocolError,
    ];
}

/// One test's report.
#[derive(Clone, Debug, Serialize)]
pub struct TestReport {
    /// The test's name.
    pub name: String,
    /// True when the value, the move (if the program chose one), the leaves evaluated
    /// and the nodes expanded are all the right search's.
    pub passed: bool,
    /// `answered`, `timeout`, `crash` or `protocol_error`.
    pub outcome: &'static str,
    /// The value the program answered, as it wrote it; null if it did not answer.
    pub value: Option<String>,
    /// The root's value.
    pub expected_value: String,
    /// The child the program chose, if it said one.
    #[serde(rename = "move")]
    pub chosen: Option<String>,
    /// The children worth the root's value: any of them is a right move.
    pub expected_moves: Vec<String>,
    /// The leaves the program evaluated (asked `value` of), in order, each once.
    pub evaluated: Vec<String>,
    /// The leaves the right search evaluates, in order.
    pub expected_evaluated: Vec<String>,
    /// The inner nodes the program expanded (asked `children` of), in order.
    pub expanded: Vec<String>,
    /// The inner nodes the right search expands, in order.
    pub expected_expanded: Vec<String>,
    /// Where this test failed, the mistakes its behaviour matches (ids).
    pub diagnoses: Vec<&'static str>,
    /// The first difference in words (or that all agree).
    pub message: String,
    /// The queries the program made.
    pub queries: u64,
    /// The tree: the bracket format, or `tictactoe POSITION depth D` for a game.
    pub tree: String,
    /// The tree lab's link (relative to the site) that opens this tree at the step where
    /// the program first went its own way.
    pub lab: String,
    /// The mistakes whose traces equal the program's on this test (failed or not).
    #[serde(skip)]
    pub(crate) matches: Vec<Diagnosis>,
    #[serde(skip)]
    pub(crate) ended: Option<Diagnosis>,
    #[serde(skip)]
    pub(crate) right_leaves: bool,
}

fn close(given: f64, exact: Ratio) -> bool {
    let exact = exact.to_f64();
    (given - exact).abs() <= 1e-6 * exact.abs().max(1.0)
}

/// The reference search of `kind`, as a mutation with nothing changed.
fn base(kind: Kind, rule: Rule, test: &Test) -> Mutation {
    Mutation {
        prune: (kind == Kind::AlphaBeta).then_some(rule),
        depth: test.depth,
        ..Mutation::default()
    }
}

/// The mistakes of `kind`, each as a mutation of the reference search.
fn mutants(kind: Kind, rule: Rule, test: &Test) -> Vec<(Diagnosis, Mutation)> {
    let right = base(kind, rule, test);
    let mut list = vec![
        (
            Diagnosis::ReorderedChildren,
            Mutation {
                reverse: true,
                ..right
            },
        ),
        (
            Diagnosis::WrongPlayer,
            if kind == Kind::Negamax {
                Mutation {
                    negate_leaves: true,
                    ..right
                }
            } else {
                Mutation {
                    swap: true,
                    ..right
                }
            },
        ),
    ];
    match kind {
        Kind::Negamax => list.push((
            Diagnosis::SignError,
            Mutation {
                no_negation: true,
                ..right
            },
        )),
        Kind::AlphaBeta => {
            list.push((
                Diagnosis::NoPruning,
                Mutation {
                    prune: None,
                    ..right
                },
            ));
            list.push(match rule {
                Rule::Gt => (
                    Diagnosis::CutsOnEquality,
                    Mutation {
                        prune: Some(Rule::Ge),
                        ..right
                    },
                ),
                Rule::Ge => (
                    Diagnosis::NoCutOnEquality,
                    Mutation {
                        prune: Some(Rule::Gt),
                        ..right
                    },
                ),
            });
            list.push((
                Diagnosis::BoundsNotPassed,
                Mutation {
                    shallow: true,
                    ..right
                },
            ));
        }
        Kind::Expectimax => {
            list.push((
                Diagnosis::IgnoresProbabilities,
                Mutation {
                    uniform: true,
                    ..right
                },
            ));
            list.push((
                Diagnosis::ChanceAsMin,
                Mutation {
                    chance_as_min: true,
                    ..right
                },
            ));
        }
        Kind::TicTacToe => {
            if let Some(d) = test.depth {
                for depth in [d.saturating_sub(1).max(1), d + 1] {
                    if depth != d {
                        list.push((
                            Diagnosis::DepthOffByOne,
                            Mutation {
                                depth: Some(depth),
                                ..right
                            },
                        ));
                    }
                }
            }
        }
        Kind::Minimax => {}
    }
    list
}

/// The search's name in the report's words: "minimax", "alpha-beta", ...
fn search_name(kind: Kind, lang: Lang) -> String {
    lang.say(&format!("grade.search.{}", kind.name()), &[])
}

pub(crate) fn judge(
    test: &Test,
    kind: Kind,
    rule: Rule,
    session: &Session,
    outcome: Outcome,
    lang: Lang,
) -> TestReport {
    let tree = &test.tree;
    let right = reference::search(tree, base(kind, rule, test));
    let root_value = right.value.unwrap_or(Ratio::ZERO);
    let child_values = reference::child_values(tree, test.depth);
    let expected_moves: Vec<u32> = child_values
        .iter()
        .filter(|(_, v)| *v == root_value)
        .map(|(c, _)| *c)
        .collect();
    let names =
        |ids: &[u32]| -> Vec<String> { ids.iter().map(|&i| tree.name(i).to_string()).collect() };

    let evaluated = session.evaluated.clone();
    let expanded: Vec<u32> = session
        .expanded
        .iter()
        .copied()
        .filter(|id| !evaluated.contains(id))
        .collect();
    let answer = session.answer.as_ref();

    // How the run ended: the protocol's own record first, then the runner's word.
    let ended = if session.stopped.is_some() || !session.errors.is_empty() {
        Some(Diagnosis::ProtocolError)
    } else {
        match (&outcome, answer) {
            (_, Some(_)) => None,
            (Outcome::Timeout { .. }, None) => Some(Diagnosis::Timeout),
            (Outcome::Protocol { .. }, None) => Some(Diagnosis::ProtocolError),
            (_, None) => Some(Diagnosis::Crash),
        }
    };
    let right_leaves = evaluated == right.leaves();
    let value_ok = answer.is_some_and(|a| close(a.value, root_value));
    let chosen_id = answer.and_then(|a| a.chosen.as_deref()).map(|m| tree.id(m));
    let move_ok = match chosen_id {
        None => true,
        Some(Some(id)) => expected_moves.contains(&id),
        Some(None) => false,
    };
    let expanded_ok = expanded == right.expanded;
    let passed = ended.is_none() && right_leaves && value_ok && move_ok && expanded_ok;

    // The mistakes whose trace is the program's on this test.
    let matches: Vec<Diagnosis> = match answer {
        Some(a) if ended.is_none() => mutants(kind, rule, test)
            .into_iter()
            .filter(|(_, m)| {
                let t = reference::search(tree, *m);
                t.leaves() == evaluated && t.value.is_some_and(|v| close(a.value, v))
            })
            .map(|(d, _)| d)
            .collect(),
        _ => Vec::new(),
    };
    let mut matches = matches;
    matches.dedup();

    let explain = Explainer {
        tree,
        kind,
        rule,
        lang,
        right: &right,
        test,
    };
    let (message, step) = if let Some(ended) = ended {
        (explain.ended(ended, session, &outcome), None)
    } else if !right_leaves {
        explain.first_difference(&evaluated)
    } else if !value_ok {
        let given = answer.map_or(String::new(), |a| a.text.clone());
        (
            lang.say(
                "grade.wrong-value",
                &[("given", &given), ("value", &TestTree::number(root_value))],
            ),
            explain.root_exit_step(),
        )
    } else if !move_ok {
        (
            explain.wrong_move(answer, &child_values, root_value),
            explain.root_exit_step(),
        )
    } else if !expanded_ok {
        (explain.expansion(&expanded), None)
    } else {
        (
            lang.say(
                "grade.passed",
                &[
                    ("value", &TestTree::number(root_value)),
                    ("count", &right.evaluated.len()),
                ],
            ),
            None,
        )
    };

    let mut diagnoses: Vec<&'static str> = Vec::new();
    if !passed {
        diagnoses.extend(matches.iter().map(|d| d.id()));
        if let Some(e) = ended {
            diagnoses.push(e.id());
        }
    }
    TestReport {
        name: test.name.clone(),
        passed,
        outcome: match ended {
            Some(Diagnosis::Timeout) => "timeout",
            Some(Diagnosis::Crash) => "crash",
            Some(_) => "protocol_error",
            None => "answered",
        },
        value: answer.map(|a| a.text.clone()),
        expected_value: TestTree::number(root_value),
        chosen: answer.and_then(|a| a.chosen.clone()),
        expected_moves: names(&expected_moves),
        evaluated: names(&evaluated),
        expected_evaluated: names(&right.leaves()),
        expanded: names(&expanded),
        expected_expanded: names(&right.expanded),
        diagnoses,
        message,
        queries: session.queries,
        tree: match &tree.origin {
            Origin::Written(text) => text.clone(),
            Origin::TicTacToe { position, depth } => format!("tictactoe {position} depth {depth}"),
        },
        lab: lab_link(test, kind, rule, step),
        matches,
        ended,
        right_leaves,
    }
}

/// The diagnoses of a whole check: how tests ended (timeout, crash, protocol error),
/// and the mistakes whose traces equal the program's on every test it answered, when
/// it failed one.
pub(crate) fn overall(tests: &[TestReport]) -> Vec<&'static str> {
    let mut found: Vec<Diagnosis> = Vec::new();
    let answered: Vec<&TestReport> = tests.iter().filter(|t| t.ended.is_none()).collect();
    let failed = tests.iter().any(|t| !t.passed);
    if failed && !answered.is_empty() && answered.iter().any(|t| !t.passed) {
        for d in Diagnosis::ALL {
            if answered.iter().all(|t| t.matches.contains(&d)) {
                found.push(d);
            }
        }
        let wrong_answers_only = answered
            .iter()
            .filter(|t| !t.passed)
            .all(|t| t.right_leaves);
        if found.is_empty() && wrong_answers_only {
            found.push(Diagnosis::WrongValue);
        }
    }
    for t in tests {
        if let Some(e) = t.ended
            && !found.contains(&e)
        {
            found.push(e);
        }
    }
    found.sort();
    found.into_iter().map(Diagnosis::id).collect()
}

/// The tree lab's link: the tree, the search, and the step to open at.
fn lab_link(test: &Test, kind: Kind, rule: Rule, step: Option<usize>) -> String {
    let algorithm = match kind {
        Kind::Minimax | Kind::TicTacToe => "minimax",
        Kind::Negamax => "negamax",
        Kind::AlphaBeta => "alphabeta",
        Kind::Expectimax => "expectiminimax",
    };
    let mut fields: Vec<(&str, String)> = match &test.tree.origin {
        Origin::Written(text) => vec![
            ("tree", text.clone()),
            ("algorithm", algorithm.into()),
            ("order", "as_written".into()),
            ("perspective", "max".into()),
        ],
        Origin::TicTacToe { position, depth } => vec![
            ("game", "tictactoe".into()),
            ("position", position.clone()),
            ("depth", depth.to_string()),
            ("depth_aware", "0".into()),
            ("algorithm", algorithm.into()),
        ],
    };
    if kind == Kind::AlphaBeta {
        fields.push(("rule", rule.name().into()));
    }
    if let Some(step) = step {
        fields.push(("step", step.to_string()));
    }
    let encoded: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{k}={}", form_encode(v)))
        .collect();
    format!("index.html#{}", encoded.join("&"))
}

/// `text` as a form field (what the pages' `URLSearchParams` writes and reads).
fn form_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Says what went wrong, in the report's language.
struct Explainer<'a> {
    tree: &'a TestTree,
    kind: Kind,
    rule: Rule,
    lang: Lang,
    right: &'a Trace,
    test: &'a Test,
}

impl Explainer<'_> {
    fn name(&self, id: u32) -> &str {
        self.tree.name(id)
    }

    fn ended(&self, ended: Diagnosis, session: &Session, outcome: &Outcome) -> String {
        let lang = self.lang;
        match ended {
            Diagnosis::ProtocolError => {
                let detail = session
                    .stopped
                    .clone()
                    .or_else(|| session.errors.first().cloned())
                    .or(match outcome {
                        Outcome::Protocol { detail } => Some(detail.clone()),
                        _ => None,
                    })
                    .unwrap_or_default();
                lang.say("grade.protocol-error", &[("detail", &detail)])
            }
            Diagnosis::Timeout => {
                let millis = match outcome {
                    Outcome::Timeout { millis } => *millis,
                    _ => 0,
                };
                lang.say("grade.timeout", &[("millis", &millis)])
            }
            _ => {
                let detail = match outcome {
                    Outcome::Crash { detail } => detail.clone(),
                    _ => String::new(),
                };
                if detail.is_empty() {
                    lang.say("grade.no-answer", &[])
                } else {
                    lang.say("grade.crash", &[("detail", &detail)])
                }
            }
        }
    }

    /// The window in symbols: "α = 3, β = +∞".
    fn window(alpha: Bound, beta: Bound) -> String {
        format!("α = {}, β = {}", alpha.text(), beta.text())
    }

    /// How a cut's window closed: "β = 2 ≤ α = 3", or "α = β = 3" on a tie.
    fn closed(&self, cut: &Cut) -> String {
        if cut.alpha == cut.beta {
            return format!("α = β = {}", cut.alpha.text());
        }
        let max_node = self.tree.node(cut.node).role == Role::Max;
        match (max_node, self.rule) {
            (true, Rule::Ge) => format!("α = {} ≥ β = {}", cut.alpha.text(), cut.beta.text()),
            (true, Rule::Gt) => format!("α = {} > β = {}", cut.alpha.text(), cut.beta.text()),
            (false, Rule::Ge) => format!("β = {} ≤ α = {}", cut.beta.text(), cut.alpha.text()),
            (false, Rule::Gt) => format!("β = {} < α = {}", cut.beta.text(), cut.alpha.text()),
        }
    }

    /// The first leaf where the program's order and the search's part, in words, and
    /// the step of the lab's trace where that shows.
    fn first_difference(&self, evaluated: &[u32]) -> (String, Option<usize>) {
        let lang = self.lang;
        let expected = self.right.leaves();
        let i = evaluated
            .iter()
            .zip(&expected)
            .position(|(a, b)| a != b)
            .unwrap_or(evaluated.len().min(expected.len()));
        let search = search_name(self.kind, lang);
        if i < evaluated.len() && !expected.contains(&evaluated[i]) {
            let leaf = evaluated[i];
            // A leaf the search never reaches: the cut that keeps it out, if one does.
            if let Some(cut) = self
                .right
                .cuts
                .iter()
                .find(|c| c.skipped.iter().any(|&s| self.tree.is_under(leaf, s)))
            {
                let id = if cut.alpha == cut.beta && self.rule == Rule::Ge {
                    "grade.extra-leaf.tie"
                } else {
                    "grade.extra-leaf"
                };
                return (
                    lang.say(
                        id,
                        &[
                            ("leaf", &self.name(leaf)),
                            ("node", &self.name(cut.node)),
                            ("window", &self.closed(cut)),
                            ("search", &search),
                        ],
                    ),
                    self.step_of(StepAt::Cut(cut.node)),
                );
            }
            if let Some(depth) = self.test.depth {
                let at = self.tree.node(leaf).depth;
                return (
                    lang.say(
                        if at > depth {
                            "grade.too-deep"
                        } else {
                            "grade.too-shallow"
                        },
                        &[
                            ("leaf", &self.name(leaf)),
                            ("plies", &at),
                            ("depth", &depth),
                        ],
                    ),
                    None,
                );
            }
            return (
                lang.say(
                    "grade.never-evaluated",
                    &[("leaf", &self.name(leaf)), ("search", &search)],
                ),
                None,
            );
        }
        let Some(visit) = self.right.evaluated.get(i) else {
            // The search has ended and the program goes on: covered above (a leaf the
            // search never evaluates) unless it evaluates a leaf twice, which is not
            // recorded twice.
            return (lang.say("grade.other-order", &[]), None);
        };
        let next = visit.node;
        let parent = self.tree.node(next).parent.unwrap_or(0);
        let open = if self.kind == Kind::AlphaBeta {
            let tie = visit.alpha == visit.beta;
            let id = if tie {
                "grade.window-open.tie"
            } else {
                "grade.window-open"
            };
            lang.say(
                id,
                &[
                    ("node", &self.name(parent)),
                    ("window", &Self::window(visit.alpha, visit.beta)),
                    ("value", &visit.alpha.text()),
                ],
            )
        } else {
            lang.say("grade.every-child", &[("search", &search)])
        };
        let step = self.step_of(StepAt::Leaf(next));
        if i >= evaluated.len() {
            let message = lang.say(
                "grade.stopped-early",
                &[
                    ("count", &evaluated.len()),
                    ("leaf", &self.name(next)),
                    ("reason", &open),
                ],
            );
            return (message, step);
        }
        let given = evaluated[i];
        let id = if evaluated.contains(&next) {
            "grade.out-of-order"
        } else {
            "grade.skipped"
        };
        (
            lang.say(
                id,
                &[
                    ("given", &self.name(given)),
                    ("leaf", &self.name(next)),
                    ("reason", &open),
                ],
            ),
            step,
        )
    }

    fn wrong_move(
        &self,
        answer: Option<&super::protocol::Answer>,
        child_values: &[(u32, Ratio)],
        root_value: Ratio,
    ) -> String {
        let lang = self.lang;
        let given = answer.and_then(|a| a.chosen.clone()).unwrap_or_default();
        let best = child_values
            .iter()
            .find(|(_, v)| *v == root_value)
            .map_or(String::new(), |(c, _)| self.name(*c).to_string());
        match self
            .tree
            .id(&given)
            .and_then(|id| child_values.iter().find(|(c, _)| *c == id))
        {
            Some((_, worth)) => lang.say(
                "grade.wrong-move",
                &[
                    ("given", &given),
                    ("best", &best),
                    ("value", &TestTree::number(root_value)),
                    ("worth", &TestTree::number(*worth)),
                ],
            ),
            None => {
                let children: Vec<&str> = child_values.iter().map(|(c, _)| self.name(*c)).collect();
                lang.say(
                    "grade.not-a-move",
                    &[("given", &given), ("children", &children.join(", "))],
                )
            }
        }
    }

    fn expansion(&self, expanded: &[u32]) -> String {
        let lang = self.lang;
        if let Some(extra) = expanded.iter().find(|e| !self.right.expanded.contains(e)) {
            return lang.say("grade.extra-expansion", &[("node", &self.name(*extra))]);
        }
        if let Some(missing) = self.right.expanded.iter().find(|e| !expanded.contains(e)) {
            return lang.say("grade.missing-expansion", &[("node", &self.name(*missing))]);
        }
        lang.say("grade.expansion-order", &[])
    }

    /// The step of the tree lab's trace where the root's value is known.
    fn root_exit_step(&self) -> Option<usize> {
        self.step_of(StepAt::Exit(0))
    }

    /// The index of a step in the tree lab's trace of this tree, when the lab shows
    /// this search (a written tree, MAX at the root).
    fn step_of(&self, at: StepAt) -> Option<usize> {
        let explicit = self.test.explicit.as_ref()?;
        let algorithm = match self.kind {
            Kind::Minimax => ply_core::Algorithm::Minimax,
            Kind::Negamax => ply_core::Algorithm::Negamax,
            Kind::AlphaBeta => ply_core::Algorithm::AlphaBeta,
            _ => return None,
        };
        if explicit.has_chance() || explicit.node(0).mover != ply_core::Player::First {
            return None;
        }
        let run = ply_tree::annotate_with(explicit, algorithm, self.rule);
        run.steps.iter().position(|s| match (s, at) {
            (ply_tree::Step::Leaf { node, .. }, StepAt::Leaf(id)) => *node == id,
            (ply_tree::Step::Cutoff { node, .. }, StepAt::Cut(id)) => *node == id,
            (ply_tree::Step::Exit { node, .. }, StepAt::Exit(id)) => *node == id,
            _ => false,
        })
    }
}

#[derive(Clone, Copy)]
enum StepAt {
    Leaf(u32),
    Cut(u32),
    Exit(u32),
}
