//! The protocol: one query a line from the student's program, one answer a line from
//! ply, and a record of what the program looked at.
//!
//! ```text
//! ply:     root a
//! program: children a          ply: max b c
//! program: children b          ply: min d e
//! program: children d          ply: leaf
//! program: value d             ply: 3
//! ...
//! program: answer 3 b
//! ```
//!
//! A query names a node the program has been shown (the root, or a child in an answer
//! to `children`): a program cannot pass without walking the tree. A wrong query is
//! answered with a line starting `error` and the test fails as a protocol error;
//! the program may go on, until it has made [`Limits::max_errors`] of them.

use super::tree::{Role, TestTree};
use ply_core::text::excerpt;

/// How much a program may ask of one test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most queries in one test (every line the program writes counts).
    pub max_queries: u64,
    /// The most wrong queries before the test is stopped.
    pub max_errors: u32,
    /// The longest line a program may write, in bytes.
    pub max_line_bytes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_queries: 100_000,
            max_errors: 16,
            max_line_bytes: 4096,
        }
    }
}

/// The program's answer: the root's value as it wrote it, and the child it chose.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The value as written.
    pub text: String,
    /// The value as a number.
    pub value: f64,
    /// The root's child the program chose, if it said one.
    pub chosen: Option<String>,
}

/// What the program gets back for one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A line to send back (an answer to a query, or an `error …` line).
    Line(String),
    /// The program answered: the test is over.
    Finished,
    /// The program went past a limit (queries, errors): stop it; the reason says which.
    Stop(String),
}

/// One run of a program on one test: the queries so far, and what they looked at.
#[derive(Clone, Debug)]
pub struct Session {
    shown: Vec<bool>,
    expanded_seen: Vec<bool>,
    evaluated_seen: Vec<bool>,
    pub(crate) expanded: Vec<u32>,
    pub(crate) evaluated: Vec<u32>,
    pub(crate) queries: u64,
    pub(crate) errors: Vec<String>,
    pub(crate) answer: Option<Answer>,
    pub(crate) stopped: Option<String>,
    negamax: bool,
    limits: Limits,
}

impl Session {
    pub(crate) fn new(tree: &TestTree, negamax: bool, limits: Limits) -> Session {
        let mut shown = vec![false; tree.len()];
        shown[0] = true;
        Session {
            shown,
            expanded_seen: vec![false; tree.len()],
            evaluated_seen: vec![false; tree.len()],
            expanded: Vec::new(),
            evaluated: Vec::new(),
            queries: 0,
            errors: Vec::new(),
            answer: None,
            stopped: None,
            negamax,
            limits,
        }
    }

    /// ply's first line: `root NAME`.
    pub(crate) fn greeting(tree: &TestTree) -> String {
        format!("root {}", tree.name(0))
    }

    /// True once the program has answered or been stopped.
    pub fn is_over(&self) -> bool {
        self.answer.is_some() || self.stopped.is_some()
    }

    fn error(&mut self, message: String) -> Reply {
        self.errors.push(message.clone());
        if self.errors.len() as u32 >= self.limits.max_errors {
            let reason = format!(
                "{} wrong queries (the most a test allows), the first: {}",
                self.errors.len(),
                self.errors[0]
            );
            self.stopped = Some(reason.clone());
            return Reply::Stop(reason);
        }
        Reply::Line(format!("error {message}"))
    }

    /// The node a query names, if the program may ask about it.
    fn named(&self, tree: &TestTree, name: &str) -> Result<u32, String> {
        match tree.id(name) {
            Some(id) if self.shown[id as usize] => Ok(id),
            _ => Err(format!(
                "{} is not a node you have been shown",
                excerpt(name)
            )),
        }
    }

    /// Answers one line of the program.
    pub(crate) fn respond(&mut self, tree: &TestTree, line: &str) -> Reply {
        if self.is_over() {
            return Reply::Finished;
        }
        self.queries += 1;
        if self.queries > self.limits.max_queries {
            let reason = format!(
                "more than {} queries, the most a test allows",
                self.limits.max_queries
            );
            self.stopped = Some(reason.clone());
            return Reply::Stop(reason);
        }
        if line.len() > self.limits.max_line_bytes {
            return self.error(format!(
                "a line of {} bytes, more than the {} a query may have",
                line.len(),
                self.limits.max_line_bytes
            ));
        }
        let line = line.trim_end_matches(['\r', '\n']);
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            ["children", name] => match self.named(tree, name) {
                Err(e) => self.error(e),
                Ok(id) => {
                    let node = tree.node(id);
                    if node.frontier {
                        return self.error(format!(
                            "{name} is deeper than this test's tree goes: the search should have stopped above it"
                        ));
                    }
                    if node.role == Role::Leaf {
                        return Reply::Line("leaf".into());
                    }
                    if !self.expanded_seen[id as usize] {
                        self.expanded_seen[id as usize] = true;
                        self.expanded.push(id);
                    }
                    let mut out = String::from(node.role.word());
                    for &c in &node.children {
                        self.shown[c as usize] = true;
                        out.push(' ');
                        out.push_str(tree.name(c));
                        if node.role == Role::Chance
                            && let Some(p) = tree.node(c).probability
                        {
                            out.push(' ');
                            out.push_str(&p.to_string());
                        }
                    }
                    Reply::Line(out)
                }
            },
            ["value", name] => match self.named(tree, name) {
                Err(e) => self.error(e),
                Ok(id) => {
                    let node = tree.node(id);
                    let value = match node.value {
                        Some(v) if node.role == Role::Leaf || tree.valued_everywhere => v,
                        _ => return self.error(format!("{name} is not a leaf")),
                    };
                    if !self.evaluated_seen[id as usize] {
                        self.evaluated_seen[id as usize] = true;
                        self.evaluated.push(id);
                    }
                    let shown = if self.negamax && !node.max_to_move {
                        value.checked_neg().unwrap_or(value)
                    } else {
                        value
                    };
                    Reply::Line(TestTree::number(shown))
                }
            },
            ["answer", value] | ["answer", value, _] => {
                let Some(number) = read_number(value) else {
                    return self.error(format!(
                        "answer {}: the value should be a number, such as 3 or -1.5",
                        excerpt(value)
                    ));
                };
                self.answer = Some(Answer {
                    text: value.to_string(),
                    value: number,
                    chosen: words.get(2).map(|m| m.to_string()),
                });
                Reply::Finished
            }
            [] => self.error("an empty line is not a query".into()),
            _ => self.error(format!(
                "{} is not a query (children N, value N or answer V [M])",
                excerpt(line)
            )),
        }
    }
}

/// A number as a program writes it: `3`, `-1.5`, `4.0`, `1e2`, `0.333…`; not `nan`
/// nor an infinity.
pub(crate) fn read_number(text: &str) -> Option<f64> {
    let plain = text
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'));
    if !plain || text.len() > 64 {
        return None;
    }
    text.parse::<f64>().ok().filter(|v| v.is_finite())
}
