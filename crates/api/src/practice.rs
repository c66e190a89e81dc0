//! Practice: exercises on random game trees, and the checking of a student's answers.
//!
//! `POST /api/practice` makes an exercise from a seed (`{"kind", "seed", "level",
//! "lang"?, "variant"?}`): a random tree in the indented text format with every node
//! named, a question in the request's language, and the answer. `POST
//! /api/practice/check` takes the same fields and the student's `response`, and marks
//! each part right or wrong, with the reason in words and the step of the tree lab's
//! trace where the first mistake shows (docs/api.md, "Practice").
//!
//! The exercises are searched by the tree lab's own operation ([`crate::tree::evaluate`],
//! the code behind `POST /api/tree`); the game positions are written out by
//! [`crate::tree::game_tree`], the code behind `POST /api/tree/game`. Nothing here
//! searches a tree: this module makes trees, names their nodes, and reads the searches'
//! reports.
//!
//! # The generator
//!
//! The same request gives the same exercise, byte for byte, on every machine and in
//! the WebAssembly module: the trees come from SplitMix64 (below), integers only, and
//! every list in an answer is in a fixed order (tree order, search order, or sorted by
//! name). The state starts at the seed; then for the kind's number (values 1, pruned 2,
//! order 3, best_move 4, expectimax 5) and the level in turn, the state becomes the next output
//! XOR that number. The first draw chooses the variant when the request names none
//! (it is drawn even when the request names one), so the variants of one seed share
//! the draws that follow: `good_order` and `bad_order` rearrange the very tree
//! `as_written` shows. A change to the generator changes exercises that teachers may
//! have handed out: docs/api.md says when it changed.
//!
//! ```
//! use ply_api::practice::{PracticeRequest, exercise};
//!
//! let request = PracticeRequest::new("values", 1, 1);
//! let first = exercise(&request).unwrap();
//! assert_eq!(first.kind, "values");
//! assert!(first.question.contains("MAX"));
//! // The same request, the same exercise.
//! let again = exercise(&request).unwrap();
//! assert_eq!(serde_json::to_string(&first).unwrap(), serde_json::to_string(&again).unwrap());
//! ```

use crate::ApiError;
use crate::lang::Lang;
use crate::tree::{
    Evaluated, GameTreeRequest, NodeNames, TreeLimits, TreeRequest, evaluate, written_game_tree,
};
use ply_core::Player;
use ply_core::phrase::Phrase;

use ply_core::chance::Ratio;
use ply_tree::{ExplicitTree, MoveOrder, NodeId, ParseOptions, Step, parse};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

mod answer;
mod expectimax;

pub use answer::{MAX_ANSWER_CHARS, MAX_DIGITS, ROUNDED_PLACES, Response, Written};

/// The largest seed: 2^53 − 1, the largest whole number a JavaScript number holds exactly.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// The levels, from the smallest trees to the largest.
pub const LEVELS: std::ops::RangeInclusive<u32> = 1..=5;

/// The kinds of exercise, as requests name them.
pub const KINDS: [&str; 5] = ["values", "pruned", "order", "best_move", "expectimax"];

/// The request of `POST /api/practice`: which exercise.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PracticeRequest {
    /// `values`, `pruned`, `order`, `best_move` or `expectimax`.
    pub kind: String,
    /// Any whole number from 0 to [`MAX_SEED`]: the same seed gives the same exercise.
    #[serde(deserialize_with = "seed_field")]
    pub seed: u64,
    /// 1 (small trees) to 5 (large ones).
    #[serde(deserialize_with = "level_field")]
    pub level: u32,
    /// The language of the question and the reasons: `en` (the default), `sv`, `zh`, `el`.
    #[serde(default, deserialize_with = "crate::words::lang_field")]
    pub lang: Lang,
    /// The variant (see [`variants`]); chosen by the seed when absent.
    #[serde(default)]
    pub variant: Option<String>,
    /// Alpha-beta's pruning rule for `pruned` and `order`: `ge` (the default: a tie
    /// cuts) or `gt` (a tie goes on). The same tree; the leaves read may differ.
    #[serde(default)]
    pub rule: Option<String>,
}

impl PracticeRequest {
    /// The exercise `kind` of `seed` at `level`, in English, its variant chosen by the seed.
    pub fn new(kind: &str, seed: u64, level: u32) -> PracticeRequest {
        PracticeRequest {
            kind: kind.to_string(),
            seed,
            level,
            lang: Lang::En,
            variant: None,
            rule: None,
        }
    }
}

/// The request of `POST /api/practice/check`: the exercise's fields and the student's
/// `response` (`{"values": {name: number|null}}`, `{"pruned": [names]}`, `{"order":
/// [names]}`, `{"best": "move", "value": n}`, or for expectimax `{"values": {name:
/// "7/6"|number|null}}`; a number may be written as a string, `"6"`, and is read
/// exactly: see [`Written`]).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// As in [`PracticeRequest`].
    pub kind: String,
    /// As in [`PracticeRequest`].
    #[serde(deserialize_with = "seed_field")]
    pub seed: u64,
    /// As in [`PracticeRequest`].
    #[serde(deserialize_with = "level_field")]
    pub level: u32,
    /// As in [`PracticeRequest`].
    #[serde(default, deserialize_with = "crate::words::lang_field")]
    pub lang: Lang,
    /// As in [`PracticeRequest`].
    #[serde(default)]
    pub variant: Option<String>,
    /// As in [`PracticeRequest`].
    #[serde(default)]
    pub rule: Option<String>,
    /// The student's answer, as its JSON text: read when the exercise is made, so that
    /// each refusal names its field and each number is read from its own digits.
    pub response: Response,
}

impl CheckRequest {
    /// The exercise this check is about.
    pub fn exercise_request(&self) -> PracticeRequest {
        PracticeRequest {
            kind: self.kind.clone(),
            seed: self.seed,
            level: self.level,
            lang: self.lang,
            variant: self.variant.clone(),
            rule: self.rule.clone(),
        }
    }
}

/// Reads a seed: a whole number from 0 to [`MAX_SEED`] written in digits. Anything
/// else (a sign, even `-0`; a fraction or an exponent; a number past the largest; a
/// string) is refused in one sentence, [`seed_refusal`], quoting it as it is written.
fn seed_field<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    let raw = Box::<serde_json::value::RawValue>::deserialize(deserializer)?;
    let written = raw.get().trim();
    written
        .parse::<u64>()
        .ok()
        .filter(|&seed| seed <= MAX_SEED && written.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| serde::de::Error::custom(seed_refusal(written)))
}

/// The refusal of a seed, `written` as the request writes it (a number as it is, any
/// other value quoted short): `seed: -1 is not a whole number from 0 to
/// 9007199254740991 written in digits`.
fn seed_refusal(written: &str) -> String {
    let number = written.len() <= 40
        && written
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'));
    let shown = if number {
        written.to_string()
    } else {
        ply_core::text::excerpt(written)
    };
    format!("seed: {shown} is not a whole number from 0 to {MAX_SEED} written in digits")
}

/// Reads a level: a whole number (its range is checked with the request).
fn level_field<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    let number = serde_json::Number::deserialize(deserializer)?;
    number
        .as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| {
            serde::de::Error::custom(format!("level: {number} is not a whole number from 1 to 5"))
        })
}

/// The variants of an exercise kind, in the order the seed chooses among them (empty
/// for an unknown kind).
pub fn variants(kind: &str) -> &'static [&'static str] {
    match Kind::from_name(kind) {
        Some(kind) => kind.variants(),
        None => &[],
    }
}

/// The request `POST /api/tree` answers with the search an exercise is about: the
/// trace `first_mistake.step` counts in is that answer's `trace`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Lab {
    /// The tree as the tree lab reads it. The tree lab puts MAX at the root: for an
    /// exercise with MIN at the root, this is the same tree seen from MIN's side (every
    /// leaf value negated), which the search walks through in the very same steps.
    pub tree: String,
    /// `minimax` (values, best_move) or `alphabeta` (pruned, order).
    pub algorithm: &'static str,
    /// `max`, or `mover` for a negamax exercise (leaf values for the player to move there).
    pub leaf_perspective: &'static str,
    /// Alpha-beta's pruning rule: `ge` or `gt` (`ge` where nothing is pruned).
    pub rule: &'static str,
}

/// The answer key of an exercise; which fields it has depends on the kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Key {
    /// values, best_move: every inner node's minimax value, MAX's view, by name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<BTreeMap<String, i64>>,
    /// values (negamax variant): every inner node's value for the player to move there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub negamax_values: Option<BTreeMap<String, i64>>,
    /// pruned: the leaves alpha-beta never looks at, in tree order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pruned: Option<Vec<String>>,
    /// order: the leaves alpha-beta looks at, in the order it looks at them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<String>>,
    /// best_move: the best moves, in the game's notation, in the order of the moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<Vec<String>>,
    /// best_move: the same moves as the names of the root's children.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_nodes: Option<Vec<String>>,
    /// best_move: the root's value (MAX, the player to move, at the root).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
    /// best_move: the move that leads to each node but the root, by the node's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<BTreeMap<String, String>>,
    /// expectimax: every inner node's expected value, MAX's view, exact (`7/6`, `4`,
    /// `-3/2`), by name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_values: Option<BTreeMap<String, String>>,
    /// expectimax: the same values rounded to 2 decimal places (`1.17`, `4`), by name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decimal_values: Option<BTreeMap<String, String>>,
}

/// An exercise: the answer to `POST /api/practice`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Exercise {
    /// The kind asked for.
    pub kind: String,
    /// The seed asked for.
    pub seed: u64,
    /// The level asked for.
    pub level: u32,
    /// The variant, asked for or chosen by the seed.
    pub variant: String,
    /// Who moves at the root: `max` or `min`.
    pub root: &'static str,
    /// Whose point of view the leaf values are written from: `max` or `mover`.
    pub leaf_perspective: &'static str,
    /// best_move: the game's spec (`tictactoe`, `nim:1,2,3`, `race:10,2`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// best_move: the position, in the game's notation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The tree, in the indented text format, every node named (names unique).
    pub tree: String,
    /// The question, in the request's language.
    pub question: String,
    /// The answer key.
    pub answer: Key,
    /// The tree lab's request for the search behind the exercise.
    pub lab: Lab,
}

/// One part of a student's answer, marked.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mark {
    /// The node the part is about: an inner node (values), a leaf (pruned), the leaf
    /// alpha-beta looks at in this place (order; for a name past the last, the name
    /// given), the root (best_move).
    pub node: String,
    /// best_move only: `move` or `value`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<&'static str>,
    /// Whether the student got it right.
    pub ok: bool,
    /// What the student gave: a number or null (values, best_move's value), true for a
    /// leaf marked never looked at (pruned), a name or null (order, best_move's move).
    pub given: Value,
    /// What is right, in the same terms (best_move's move: every best move).
    pub expected: Value,
    /// Why, in the request's language; only for a part that is wrong.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Where the first mistake shows in the search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FirstMistake {
    /// The node of the mark.
    pub node: String,
    /// The index in the `trace` of the exercise's `lab` request to `POST /api/tree`.
    pub step: usize,
}

/// A student's answer checked: the answer to `POST /api/practice/check`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Checked {
    /// The kind asked for.
    pub kind: String,
    /// The seed asked for.
    pub seed: u64,
    /// The level asked for.
    pub level: u32,
    /// The variant, asked for or chosen by the seed.
    pub variant: String,
    /// True when every mark is right.
    pub correct: bool,
    /// The marks that are right.
    pub right: usize,
    /// Every mark.
    pub total: usize,
    /// Each part of the answer, in tree order (values, pruned), search order (order),
    /// or move then value (best_move).
    pub marks: Vec<Mark>,
    /// The mistake the search meets first (the least step), or null.
    pub first_mistake: Option<FirstMistake>,
    /// The number of steps in the lab's trace.
    pub steps: usize,
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a fixed, tiny generator of 64-bit
/// numbers, the same on every machine.
struct SplitMix64(u64);

impl SplitMix64 {
    /// The generator for `keys`: the state starts at the first, then for each further
    /// key the state becomes the next output XOR the key.
    fn keyed(keys: &[u64]) -> SplitMix64 {
        let mut rng = SplitMix64(keys.first().copied().unwrap_or(0));
        for &key in keys.iter().skip(1) {
            rng.0 = rng.next() ^ key;
        }
        rng
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number from 0 to `n - 1` (the next output modulo `n`).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// A number from `low` to `high`.
    fn between(&mut self, low: i64, high: i64) -> i64 {
        low + self.below((high - low + 1) as u64) as i64
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Values,
    Pruned,
    Order,
    BestMove,
    Expectimax,
}

impl Kind {
    fn from_name(name: &str) -> Option<Kind> {
        match name {
            "values" => Some(Kind::Values),
            "pruned" => Some(Kind::Pruned),
            "order" => Some(Kind::Order),
            "best_move" => Some(Kind::BestMove),
            "expectimax" => Some(Kind::Expectimax),
            _ => None,
        }
    }

    fn number(self) -> u64 {
        match self {
            Kind::Values => 1,
            Kind::Pruned => 2,
            Kind::Order => 3,
            Kind::BestMove => 4,
            Kind::Expectimax => 5,
        }
    }

    fn variants(self) -> &'static [&'static str] {
        match self {
            Kind::Values => &["max_root", "min_root", "negamax"],
            Kind::Pruned | Kind::Order => &["as_written", "good_order", "bad_order"],
            Kind::BestMove => &["tictactoe", "nim", "race"],
            Kind::Expectimax => &["weighted", "equal"],
        }
    }
}

/// The shape of a level's random trees.
struct Shape {
    depth: u32,
    children: (i64, i64),
    /// From this depth on, a node is a leaf early one time in this many (0: never).
    early: (u32, u64),
    leaves: (usize, usize),
    values: (i64, i64),
}

fn shape(level: u32, rng: &mut SplitMix64) -> Shape {
    match level {
        1 => Shape {
            depth: 2,
            children: (2, 3),
            early: (0, 0),
            leaves: (4, 9),
            values: (0, 9),
        },
        2 => Shape {
            depth: 3,
            children: (2, 3),
            early: (0, 0),
            leaves: (8, 14),
            values: (0, 9),
        },
        3 => Shape {
            depth: 3,
            children: (2, 4),
            early: (0, 0),
            leaves: (10, 20),
            values: (0, 9),
        },
        4 => Shape {
            depth: 4,
            children: (2, 3),
            early: (0, 0),
            leaves: (16, 28),
            values: (-9, 9),
        },
        _ => {
            if rng.below(2) == 0 {
                Shape {
                    depth: 4,
                    children: (2, 4),
                    early: (0, 0),
                    leaves: (20, 40),
                    values: (-9, 9),
                }
            } else {
                Shape {
                    depth: 5,
                    children: (2, 3),
                    early: (3, 3),
                    leaves: (20, 40),
                    values: (-9, 9),
                }
            }
        }
    }
}

/// A tree being made: its nodes in reading order, each with its children or value.
#[derive(Default)]
struct Made {
    children: Vec<Vec<usize>>,
    value: Vec<Option<i64>>,
}

impl Made {
    fn grow(&mut self, depth: u32, shape: &Shape, rng: &mut SplitMix64) -> usize {
        let id = self.children.len();
        self.children.push(Vec::new());
        self.value.push(None);
        let early = shape.early.1 > 0 && depth >= shape.early.0 && rng.below(shape.early.1) == 0;
        if depth < shape.depth && !early {
            let count = rng.between(shape.children.0, shape.children.1);
            for _ in 0..count {
                let child = self.grow(depth + 1, shape, rng);
                self.children[id].push(child);
            }
        }
        id
    }

    fn leaves(&self) -> usize {
        self.children.iter().filter(|c| c.is_empty()).count()
    }

    /// The tree in the bracket format, unnamed, `sign` times each value.
    fn bracket(&self, id: usize, sign: i64, out: &mut String) {
        if self.children[id].is_empty() {
            out.push_str(&(sign * self.value[id].unwrap_or(0)).to_string());
            return;
        }
        out.push('(');
        for (i, &child) in self.children[id].iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            self.bracket(child, sign, out);
        }
        out.push(')');
    }
}

/// A random tree of `shape`: shapes are drawn until one has a number of leaves in the
/// shape's range (the last drawn is taken after 1,000), then the leaves' values.
fn random_tree(shape: &Shape, rng: &mut SplitMix64) -> Made {
    let mut made = Made::default();
    for _ in 0..1_000 {
        made = Made::default();
        made.grow(0, shape, rng);
        let leaves = made.leaves();
        if (shape.leaves.0..=shape.leaves.1).contains(&leaves) {
            break;
        }
    }
    for id in 0..made.value.len() {
        if made.children[id].is_empty() {
            made.value[id] = Some(rng.between(shape.values.0, shape.values.1));
        }
    }
    made
}

/// The `index`-th name: `a` … `z`, `aa`, `ab` … (bijective base 26).
fn letters(mut index: usize) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b'a' + (index % 26) as u8);
        if index < 26 {
            break;
        }
        index = index / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// The nodes of `tree` in breadth-first order.
fn breadth_first(tree: &ExplicitTree) -> Vec<NodeId> {
    let mut order = vec![tree.root()];
    let mut at = 0;
    while at < order.len() {
        order.extend_from_slice(tree.children(order[at]));
        at += 1;
    }
    order
}

/// A node's value as a whole number (the exercises' trees have whole values only).
fn whole(tree: &ExplicitTree, scaled: i32) -> i64 {
    let unit = 10i64.pow(tree.decimals() as u32);
    scaled as i64 / unit
}

/// `tree` in the indented text format with the names `names` (by id) and leaf values
/// `value(id)`.
fn indented(tree: &ExplicitTree, names: &[String], value: impl Fn(NodeId) -> i64) -> String {
    let mut out = String::new();
    for id in 0..tree.len() as NodeId {
        let node = tree.node(id);
        out.push_str(&"  ".repeat(node.depth as usize));
        out.push_str(&names[id as usize]);
        if node.is_leaf() {
            out.push_str(&format!(" = {}", value(id)));
        }
        out.push('\n');
    }
    out
}

/// Everything an exercise is made of: what is shown, and the search behind it.
struct Built {
    exercise: Exercise,
    /// The lab's tree and the search of it.
    lab: Evaluated,
    /// MIN at the root: the lab's values are the exercise's negated.
    root_min: bool,
    /// The node names, by id (the same in the lab's tree).
    names: Vec<String>,
    /// best_move: the move leading to each node, by id (empty for the root).
    moves: Vec<String>,
}

impl Built {
    /// A score of the lab's search as the exercise shows it (MAX's view).
    fn shown(&self, score: ply_core::Score) -> String {
        let score = if self.root_min { -score } else { score };
        self.lab.tree.format_score(score)
    }

    fn shown_value(&self, id: NodeId) -> i64 {
        let value = self.lab.run.nodes[id as usize]
            .value
            .map_or(0, |s| whole(&self.lab.tree, s.raw()));
        if self.root_min { -value } else { value }
    }

    /// Whether MAX moves at `id` in the exercise.
    fn is_max(&self, id: NodeId) -> bool {
        (self.lab.tree.node(id).mover == Player::First) != self.root_min
    }

    /// The value of `id` for the player to move there (negamax's view).
    fn mover_value(&self, id: NodeId) -> i64 {
        let value = self.shown_value(id);
        if self.is_max(id) { value } else { -value }
    }

    fn id_of(&self, name: &str) -> Option<NodeId> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|id| id as NodeId)
    }

    fn name(&self, id: NodeId) -> &str {
        &self.names[id as usize]
    }

    fn inner(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.lab.tree.len() as NodeId).filter(|&id| !self.lab.tree.node(id).is_leaf())
    }

    fn leaves(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.lab.tree.len() as NodeId).filter(|&id| self.lab.tree.node(id).is_leaf())
    }

    /// The index of the first step `matches` picks.
    fn step(&self, matches: impl Fn(&Step) -> bool) -> usize {
        self.lab
            .run
            .steps
            .iter()
            .position(matches)
            .unwrap_or(self.lab.run.steps.len().saturating_sub(1))
    }

    fn exit_step(&self, id: NodeId) -> usize {
        self.step(|s| matches!(s, Step::Exit { node, .. } if *node == id))
    }

    fn leaf_step(&self, id: NodeId) -> usize {
        self.step(|s| matches!(s, Step::Leaf { node, .. } if *node == id))
    }

    fn cutoff_step(&self, id: NodeId) -> usize {
        self.step(|s| matches!(s, Step::Cutoff { node, .. } if *node == id))
    }

    /// The leaves alpha-beta looks at, in order.
    fn order(&self) -> Vec<NodeId> {
        self.lab
            .run
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::Leaf { node, .. } => Some(*node),
                _ => None,
            })
            .collect()
    }
}

/// "2, 4 and 6" in `lang`.
fn list(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [first, second] => lang.say("exercise.list.two", &[("first", first), ("second", second)]),
        [first, rest @ ..] => {
            let rest = list(lang, rest);
            lang.say("exercise.list.more", &[("first", first), ("rest", &rest)])
        }
    }
}

fn bad(phrase: Phrase) -> ApiError {
    ApiError::bad_request_said(phrase)
}

/// The kind, the variant and the generator of `request`, or its refusal.
fn read_request(request: &PracticeRequest) -> Result<(Kind, &'static str, SplitMix64), ApiError> {
    let kind = Kind::from_name(&request.kind).ok_or_else(|| {
        bad(Phrase::new("errors.practice.kind").arg("kind", ply_core::text::excerpt(&request.kind)))
    })?;
    if request.seed > MAX_SEED {
        return Err(bad(Phrase::new("errors.practice.seed")
            .arg("seed", request.seed.to_string())
            .arg("max", MAX_SEED)));
    }
    if !LEVELS.contains(&request.level) {
        return Err(bad(
            Phrase::new("errors.practice.level").arg("level", request.level)
        ));
    }
    let mut rng = SplitMix64::keyed(&[request.seed, kind.number(), request.level as u64]);
    let variants = kind.variants();
    let drawn = variants[rng.below(variants.len() as u64) as usize];
    let variant = match request.variant.as_deref() {
        None => drawn,
        Some(name) => variants
            .iter()
            .copied()
            .find(|v| *v == name)
            .ok_or_else(|| {
                bad(Phrase::new("errors.practice.variant")
                    .arg("variant", ply_core::text::excerpt(name))
                    .arg("kind", request.kind.as_str())
                    .arg("known", variants.join(", ")))
            })?,
    };
    Ok((kind, variant, rng))
}

/// The exercise `request` asks for: the answer to `POST /api/practice`.
pub fn exercise(request: &PracticeRequest) -> Result<Exercise, ApiError> {
    if request.kind == "expectimax" {
        return expectimax::build(request).map(|built| built.exercise);
    }
    build(request).map(|built| built.exercise)
}

fn build(request: &PracticeRequest) -> Result<Built, ApiError> {
    let (kind, variant, mut rng) = read_request(request)?;
    match kind {
        Kind::BestMove => build_game(request, variant, &mut rng),
        Kind::Expectimax => Err(bad(Phrase::new("errors.practice.expectimax_module"))),
        _ => build_tree(request, kind, variant, &mut rng),
    }
}

fn build_tree(
    request: &PracticeRequest,
    kind: Kind,
    variant: &'static str,
    rng: &mut SplitMix64,
) -> Result<Built, ApiError> {
    let lang = request.lang;
    let shape = shape(request.level, rng);
    let made = random_tree(&shape, rng);
    let root_min = match kind {
        Kind::Values => variant == "min_root",
        _ => rng.below(2) == 1,
    };
    let negamax = variant == "negamax";
    // The tree as the lab reads it: MAX at the root (for MIN at the root, every value
    // negated), children in the order the variant asks for.
    let mut text = String::new();
    made.bracket(0, if root_min { -1 } else { 1 }, &mut text);
    let order = match variant {
        "good_order" => MoveOrder::BestFirst,
        "bad_order" => MoveOrder::WorstFirst,
        _ => MoveOrder::AsWritten,
    };
    let unnamed = parse(&text, &ParseOptions::default())
        .map_err(|e| bad(crate::refusal::tree_phrase(e)))?
        .reordered(order);
    let mut names = vec![String::new(); unnamed.len()];
    for (index, id) in breadth_first(&unnamed).into_iter().enumerate() {
        names[id as usize] = letters(index);
    }
    let max_value = |id: NodeId| unnamed.max_value(id).map_or(0, |v| whole(&unnamed, v));
    let mover_view = |id: NodeId| {
        let v = max_value(id);
        if unnamed.node(id).mover == Player::First {
            v
        } else {
            -v
        }
    };
    let sign = if root_min { -1 } else { 1 };
    let tree = if negamax {
        indented(&unnamed, &names, mover_view)
    } else {
        indented(&unnamed, &names, |id| sign * max_value(id))
    };
    let lab_tree = if negamax {
        tree.clone()
    } else {
        indented(&unnamed, &names, max_value)
    };
    let algorithm = if kind == Kind::Values {
        "minimax"
    } else {
        "alphabeta"
    };
    let perspective = if negamax { "mover" } else { "max" };
    let lab = Lab {
        tree: lab_tree,
        algorithm,
        leaf_perspective: perspective,
        rule: crate::tree::pruning_rule(request.rule.as_deref())
            .map_err(|e| {
                bad(Phrase::new("errors.field")
                    .arg("field", "rule")
                    .arg("message", e.phrase))
            })?
            .name(),
    };
    let evaluated = evaluate_lab(&lab)?;
    let question_id = match (kind, root_min, negamax) {
        (Kind::Values, _, true) => "exercise.question.values.negamax",
        (Kind::Values, false, _) => "exercise.question.values.max",
        (Kind::Values, true, _) => "exercise.question.values.min",
        (Kind::Pruned, false, _) => "exercise.question.pruned.max",
        (Kind::Pruned, true, _) => "exercise.question.pruned.min",
        (_, false, _) => "exercise.question.order.max",
        (_, true, _) => "exercise.question.order.min",
    };
    let mut built = Built {
        exercise: Exercise {
            kind: request.kind.clone(),
            seed: request.seed,
            level: request.level,
            variant: variant.to_string(),
            root: if root_min { "min" } else { "max" },
            leaf_perspective: perspective,
            game: None,
            position: None,
            tree,
            question: lang.say(question_id, &[]),
            answer: Key::default(),
            lab,
        },
        lab: evaluated,
        root_min,
        names,
        moves: Vec::new(),
    };
    let key = match kind {
        Kind::Values => Key {
            values: Some(
                built
                    .inner()
                    .map(|id| (built.name(id).to_string(), built.shown_value(id)))
                    .collect(),
            ),
            negamax_values: negamax.then(|| {
                built
                    .inner()
                    .map(|id| (built.name(id).to_string(), built.mover_value(id)))
                    .collect()
            }),
            ..Key::default()
        },
        Kind::Pruned => Key {
            pruned: Some(
                built
                    .leaves()
                    .filter(|&id| !built.lab.run.nodes[id as usize].visited())
                    .map(|id| built.name(id).to_string())
                    .collect(),
            ),
            ..Key::default()
        },
        _ => Key {
            order: Some(
                built
                    .order()
                    .into_iter()
                    .map(|id| built.name(id).to_string())
                    .collect(),
            ),
            ..Key::default()
        },
    };
    built.exercise.answer = key;
    Ok(built)
}

/// The lab's request searched by the tree lab's own operation.
fn evaluate_lab(lab: &Lab) -> Result<Evaluated, ApiError> {
    let request = TreeRequest {
        algorithm: Some(lab.algorithm.to_string()),
        leaf_perspective: Some(lab.leaf_perspective.to_string()),
        rule: Some(lab.rule.to_string()),
        ..TreeRequest::new(lab.tree.clone())
    };
    evaluate(&request, &TreeLimits::default())
}

/// A random tic-tac-toe position with `empty` empty squares, the game still going.
fn tictactoe_position(empty: u32, rng: &mut SplitMix64) -> String {
    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    let stones = 9 - empty as usize;
    let mut cells = [b'.'; 9];
    for _ in 0..1_000 {
        cells = [b'.'; 9];
        let mut free: Vec<usize> = (0..9).collect();
        for placed in 0..stones {
            let at = free.remove(rng.below(free.len() as u64) as usize);
            cells[at] = if placed % 2 == 0 { b'X' } else { b'O' };
        }
        let won = LINES.iter().any(|l| {
            cells[l[0]] != b'.' && cells[l[0]] == cells[l[1]] && cells[l[1]] == cells[l[2]]
        });
        if !won {
            break;
        }
    }
    let rows: Vec<String> = cells
        .chunks(3)
        .map(|row| String::from_utf8_lossy(row).into_owned())
        .collect();
    rows.join("/")
}

/// The move a node of a game's tree is named by: its name without the `…` of a
/// position the tree stops at, nor the `_` the bracket format puts before a name
/// that reads as a number (race's moves: `1`, `2`).
fn move_name(name: &str) -> String {
    let name = name.trim_end_matches('…');
    match name.strip_prefix('_') {
        Some(rest) if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()) => {
            rest.to_string()
        }
        _ => name.to_string(),
    }
}

/// Whether `name` reads back as a name in the indented text format.
fn is_name(name: &str) -> bool {
    let valid = |c: char| {
        !c.is_whitespace()
            && !matches!(c, '=' | '#' | '(' | ')' | ',' | '{' | '}' | '[' | ']' | '"')
    };
    !name.is_empty()
        && name != "-"
        && name.chars().all(valid)
        && name.parse::<ply_tree::value::Decimal>().is_err()
}

fn build_game(
    request: &PracticeRequest,
    variant: &'static str,
    rng: &mut SplitMix64,
) -> Result<Built, ApiError> {
    let lang = request.lang;
    let level = request.level;
    let (game, position, depth) = match variant {
        "tictactoe" => (
            "tictactoe".to_string(),
            tictactoe_position(level + 2, rng),
            Some(2),
        ),
        "nim" => {
            // Piles whose whole tree stays small: 5 to 6 finished games at level 1,
            // 37 to 50 at level 5.
            let choices: &[&str] = match level {
                1 => &["1,2", "2,1", "1,1,1"],
                2 => &["2,2", "1,3", "3,1"],
                3 => &["1,1,2", "1,2,1", "2,1,1"],
                4 => &["1,4", "4,1", "2,3"],
                _ => &["2,3", "3,2", "1,1,3", "3,1,1"],
            };
            let piles = choices[rng.below(choices.len() as u64) as usize].to_string();
            (format!("nim:{piles}"), piles, None)
        }
        _ => {
            let left = level as i64 + 2 + rng.below(2) as i64;
            ("race:10,2".to_string(), (10 - left).to_string(), None)
        }
    };
    // Plain values and nodes named by their moves, as the exercises were made from the
    // start (their seeds pin them).
    let written = written_game_tree(
        &GameTreeRequest {
            game: game.clone(),
            position: Some(position.clone()),
            depth,
            depth_aware: false,
            ..GameTreeRequest::default()
        },
        &TreeLimits::default(),
        NodeNames::Moves,
    )?;
    let tree = parse(&written.tree, &ParseOptions::default())
        .map_err(|e| bad(crate::refusal::tree_phrase(e)))?;
    let moves: Vec<String> = (0..tree.len() as NodeId)
        .map(|id| match id {
            0 => String::new(),
            _ => move_name(&tree.node(id).name),
        })
        .collect();
    // The root's children are named by their moves where the moves are names; every
    // other node by letters, in breadth-first order.
    let children = tree.children(tree.root());
    let by_move = children.iter().all(|&c| is_name(&moves[c as usize]));
    let mut names = vec![String::new(); tree.len()];
    let mut next = 0;
    for id in breadth_first(&tree) {
        if by_move && children.contains(&id) {
            names[id as usize] = moves[id as usize].clone();
        } else {
            names[id as usize] = letters(next);
            next += 1;
        }
    }
    let distinct: BTreeSet<&String> = names.iter().collect();
    if distinct.len() != names.len() {
        for (index, id) in breadth_first(&tree).into_iter().enumerate() {
            names[id as usize] = letters(index);
        }
    }
    let text = indented(&tree, &names, |id| {
        tree.max_value(id).map_or(0, |v| whole(&tree, v))
    });
    let lab = Lab {
        tree: text.clone(),
        algorithm: "minimax",
        leaf_perspective: "max",
        rule: "ge",
    };
    let evaluated = evaluate_lab(&lab)?;
    let question = match variant {
        "tictactoe" => {
            let stones = position.chars().filter(|c| *c != '.' && *c != '/').count();
            let (player, other) = if stones % 2 == 0 {
                ("X", "O")
            } else {
                ("O", "X")
            };
            lang.say(
                "exercise.question.best_move.tictactoe",
                &[("player", &player), ("opponent", &other)],
            )
        }
        "nim" => lang.say(
            "exercise.question.best_move.nim",
            &[(
                "piles",
                &list(
                    lang,
                    &position.split(',').map(str::to_string).collect::<Vec<_>>(),
                ),
            )],
        ),
        _ => lang.say(
            "exercise.question.best_move.race",
            &[("total", &position), ("target", &10)],
        ),
    };
    let mut built = Built {
        exercise: Exercise {
            kind: request.kind.clone(),
            seed: request.seed,
            level,
            variant: variant.to_string(),
            root: "max",
            leaf_perspective: "max",
            game: Some(game),
            position: Some(position),
            tree: text,
            question,
            answer: Key::default(),
            lab,
        },
        lab: evaluated,
        root_min: false,
        names,
        moves,
    };
    let root = built.lab.tree.root();
    let value = built.shown_value(root);
    let best: Vec<NodeId> = built
        .lab
        .tree
        .children(root)
        .iter()
        .copied()
        .filter(|&c| built.shown_value(c) == value)
        .collect();
    built.exercise.answer = Key {
        values: Some(
            built
                .inner()
                .map(|id| (built.name(id).to_string(), built.shown_value(id)))
                .collect(),
        ),
        best: Some(
            best.iter()
                .map(|&c| built.moves[c as usize].clone())
                .collect(),
        ),
        best_nodes: Some(best.iter().map(|&c| built.name(c).to_string()).collect()),
        value: Some(value),
        moves: Some(
            (1..built.lab.tree.len())
                .map(|id| (built.names[id].clone(), built.moves[id].clone()))
                .collect(),
        ),
        ..Key::default()
    };
    Ok(built)
}

/// The student's answer in `request` checked against the exercise: the answer to
/// `POST /api/practice/check`.
pub fn check(request: &CheckRequest) -> Result<Checked, ApiError> {
    if request.kind == "expectimax" {
        return expectimax::check(request);
    }
    let built = build(&request.exercise_request())?;
    let lang = request.lang;
    let kind = Kind::from_name(&request.kind).unwrap_or(Kind::Values);
    let response = answer::Fields::read(&request.response)?;
    let field = |name: &str| -> Result<&serde_json::value::RawValue, ApiError> {
        response.get(name).ok_or_else(|| {
            bad(Phrase::new("errors.practice.no_field")
                .arg("name", name)
                .arg("kind", request.kind.as_str())
                .arg(
                    "form",
                    match kind {
                        Kind::Values => "{\"values\": {name: number or null}}",
                        Kind::Pruned => "{\"pruned\": [names]}",
                        Kind::Order => "{\"order\": [names]}",
                        Kind::BestMove => "{\"best\": \"move\", \"value\": number}",
                        Kind::Expectimax => "{\"values\": {name: \"7/6\", number or null}}",
                    },
                ))
        })
    };
    let is_leaf = |name: &str| {
        built
            .id_of(name)
            .is_some_and(|id| built.lab.tree.node(id).is_leaf())
    };
    let names = |name: &str| answer::leaves(field(name)?, name, is_leaf);
    // Each mark with the step where it shows.
    let mut marks: Vec<(Mark, usize)> = Vec::new();
    match kind {
        Kind::Values => {
            let given = answer::values(
                field("values")?,
                |name| {
                    built
                        .id_of(name)
                        .is_some_and(|id| !built.lab.tree.node(id).is_leaf())
                },
                Phrase::new("errors.practice.values_numbers"),
            )?;
            let given: BTreeMap<&str, &serde_json::value::RawValue> = given
                .iter()
                .map(|(name, raw)| (name.as_str(), *raw))
                .collect();
            let negamax = built.exercise.variant == "negamax";
            for id in built.inner() {
                let name = built.name(id).to_string();
                let expected = if negamax {
                    built.mover_value(id)
                } else {
                    built.shown_value(id)
                };
                let given = answer::given(
                    given.get(name.as_str()).copied(),
                    &format!("values: {name}"),
                )?;
                let ok = given.answers(Ratio::from(expected));
                let reason = (!ok).then(|| value_reason(&built, lang, id, negamax));
                marks.push((
                    Mark {
                        node: name,
                        part: None,
                        ok,
                        given: given.echo,
                        expected: expected.into(),
                        reason,
                    },
                    built.exit_step(id),
                ));
            }
        }
        Kind::Pruned => {
            let given: BTreeSet<String> = names("pruned")?.into_iter().collect();
            for id in built.leaves().collect::<Vec<_>>() {
                let name = built.name(id).to_string();
                let report = &built.lab.run.nodes[id as usize];
                let expected = !report.visited();
                let marked = given.contains(&name);
                let ok = marked == expected;
                let (reason, step) = if expected {
                    let cut = report.pruned_at.unwrap_or(0);
                    (pruned_reason(&built, lang, id, cut), built.cutoff_step(cut))
                } else {
                    (visited_reason(&built, lang, id), built.leaf_step(id))
                };
                marks.push((
                    Mark {
                        node: name,
                        part: None,
                        ok,
                        given: marked.into(),
                        expected: expected.into(),
                        reason: (!ok).then_some(reason),
                    },
                    step,
                ));
            }
        }
        Kind::Order => {
            let given = names("order")?;
            let order = built.order();
            for (k, &id) in order.iter().enumerate() {
                let name = built.name(id).to_string();
                let given = given.get(k).cloned();
                let ok = given.as_deref() == Some(name.as_str());
                let reason = (!ok).then(|| order_reason(&built, lang, k, &order));
                marks.push((
                    Mark {
                        node: name,
                        part: None,
                        ok,
                        given: given.map_or(Value::Null, Value::from),
                        expected: built.name(id).into(),
                        reason,
                    },
                    built.leaf_step(id),
                ));
            }
            let last = built.lab.run.steps.len().saturating_sub(1);
            for (k, name) in given.iter().enumerate().skip(order.len()) {
                let count = order.len();
                marks.push((
                    Mark {
                        node: name.clone(),
                        part: None,
                        ok: false,
                        given: name.clone().into(),
                        expected: Value::Null,
                        reason: Some(lang.say(
                            "exercise.reason.order.extra",
                            &[("count", &count), ("place", &(k + 1)), ("node", name)],
                        )),
                    },
                    last,
                ));
            }
        }
        Kind::Expectimax => {}
        Kind::BestMove => {
            let root = built.lab.tree.root();
            let best = built.exercise.answer.best.clone().unwrap_or_default();
            let value = built.exercise.answer.value.unwrap_or(0);
            let step = built.exit_step(root);
            let children = built.lab.tree.children(root).to_vec();
            let given_move = match response.get("best") {
                Some(raw) => answer::string(raw, "best", Phrase::new("errors.practice.a_move"))?,

                None => None,
            };
            let chosen = given_move.as_deref().and_then(|text| {
                children
                    .iter()
                    .copied()
                    .find(|&c| built.moves[c as usize] == text || built.name(c) == text)
            });
            let ok = chosen.is_some_and(|c| built.shown_value(c) == value);
            let first_best = best.first().cloned().unwrap_or_default();
            let reason = match (given_move.as_deref(), chosen) {
                _ if ok => None,
                (Some(text), None) => Some(
                    lang.say(
                        "exercise.reason.best.unknown",
                        &[
                            ("given", &text),
                            (
                                "moves",
                                &list(
                                    lang,
                                    &children
                                        .iter()
                                        .map(|&c| built.moves[c as usize].clone())
                                        .collect::<Vec<_>>(),
                                ),
                            ),
                        ],
                    ),
                ),
                (Some(text), Some(c)) => Some(lang.say(
                    "exercise.reason.best.move",
                    &[
                        ("given", &text),
                        ("given_value", &built.shown_value(c)),
                        ("best", &first_best),
                        ("value", &value),
                    ],
                )),
                (None, _) => Some(lang.say(
                    "exercise.reason.best.missing",
                    &[("best", &first_best), ("value", &value)],
                )),
            };
            marks.push((
                Mark {
                    node: built.name(root).to_string(),
                    part: Some("move"),
                    ok,
                    given: given_move.map_or(Value::Null, Value::from),
                    expected: best.into(),
                    reason,
                },
                step,
            ));
            let given_value = answer::given(response.get("value"), "value")?;
            let ok = given_value.answers(Ratio::from(value));
            marks.push((
                Mark {
                    node: built.name(root).to_string(),
                    part: Some("value"),
                    ok,
                    given: given_value.echo,
                    expected: value.into(),
                    reason: (!ok).then(|| value_reason(&built, lang, root, false)),
                },
                step,
            ));
        }
    }
    Ok(checked(
        request,
        &built.exercise.variant,
        marks,
        built.lab.run.steps.len(),
    ))
}

/// [`check`]'s answer as the JSON text `POST /api/practice/check` answers, within
/// `max_answer_bytes` (refused past it, 413 naming the limit). A check has a mark for
/// each node at most (a response naming more, or a node twice, is refused as it is
/// read), and echoes no string longer than [`MAX_ANSWER_CHARS`]: its answer is a few
/// kilobytes, far within the server's default of 16 MiB.
pub fn check_json(request: &CheckRequest, max_answer_bytes: u64) -> Result<String, ApiError> {
    let checked = check(request)?;
    // (Strings, numbers and lists: its JSON is always made.)
    let json = serde_json::to_string(&checked).unwrap_or_default();
    if json.len() as u64 > max_answer_bytes {
        return Err(ApiError::limit_said(
            "max_answer_bytes",
            Phrase::new("errors.practice.answer_bytes")
                .arg("bytes", json.len())
                .arg("max", max_answer_bytes),
        ));
    }
    Ok(json)
}

/// The answer to a check: `marks`, each with the step of the lab's trace (of `steps`)
/// where it shows, counted, and the mistake the search meets first.
fn checked(
    request: &CheckRequest,
    variant: &str,
    marks: Vec<(Mark, usize)>,
    steps: usize,
) -> Checked {
    let first_mistake = marks
        .iter()
        .filter(|(mark, _)| !mark.ok)
        .min_by_key(|(_, step)| *step)
        .map(|(mark, step)| FirstMistake {
            node: mark.node.clone(),
            step: *step,
        });
    let right = marks.iter().filter(|(mark, _)| mark.ok).count();
    let total = marks.len();
    Checked {
        kind: request.kind.clone(),
        seed: request.seed,
        level: request.level,
        variant: variant.to_string(),
        correct: right == total,
        right,
        total,
        marks: marks.into_iter().map(|(mark, _)| mark).collect(),
        first_mistake,
        steps,
    }
}

/// Why inner node `id` is worth what it is worth.
fn value_reason(built: &Built, lang: Lang, id: NodeId, negamax: bool) -> String {
    let children = built.lab.tree.children(id);
    let name = built.name(id);
    if negamax {
        let values: Vec<String> = children
            .iter()
            .map(|&c| built.mover_value(c).to_string())
            .collect();
        return lang.say(
            "exercise.reason.negamax",
            &[
                ("node", &name),
                ("value", &built.mover_value(id)),
                ("children", &list(lang, &values)),
            ],
        );
    }
    let values: Vec<String> = children
        .iter()
        .map(|&c| built.shown_value(c).to_string())
        .collect();
    let values = list(lang, &values);
    let id_text = if built.exercise.kind == "best_move" {
        "exercise.reason.best.value"
    } else if built.is_max(id) {
        "exercise.reason.max"
    } else {
        "exercise.reason.min"
    };
    lang.say(
        id_text,
        &[
            ("node", &name),
            ("value", &built.shown_value(id)),
            ("children", &values),
        ],
    )
}

/// Why leaf `id` is looked at: the window it is reached with leaves room.
fn visited_reason(built: &Built, lang: Lang, id: NodeId) -> String {
    let window = built.lab.run.nodes[id as usize].window;
    let (alpha, beta) = match window {
        Some(w) if built.root_min => (built.shown(w.beta), built.shown(w.alpha)),
        Some(w) => (built.shown(w.alpha), built.shown(w.beta)),
        None => ("-∞".to_string(), "+∞".to_string()),
    };
    lang.say(
        "exercise.reason.visited",
        &[
            ("node", &built.name(id)),
            ("alpha", &alpha),
            ("beta", &beta),
        ],
    )
}

/// Why leaf `id` is never looked at: the cut at `cut`.
fn pruned_reason(built: &Built, lang: Lang, id: NodeId, cut: NodeId) -> String {
    let report = &built.lab.run.nodes[cut as usize];
    let Some(cutoff) = &report.cutoff else {
        return lang.say("exercise.reason.pruned.min", &[("node", &built.name(id))]);
    };
    let (alpha, beta) = if built.root_min {
        (
            built.shown(cutoff.window.beta),
            built.shown(cutoff.window.alpha),
        )
    } else {
        (
            built.shown(cutoff.window.alpha),
            built.shown(cutoff.window.beta),
        )
    };
    let value = built.shown(cutoff.value);
    let id_text = if built.is_max(cut) {
        "exercise.reason.pruned.max"
    } else {
        "exercise.reason.pruned.min"
    };
    lang.say(
        id_text,
        &[
            ("node", &built.name(id)),
            ("cut", &built.name(cut)),
            ("value", &value),
            ("alpha", &alpha),
            ("beta", &beta),
        ],
    )
}

/// Why the leaf in place `k` (from 0) of alpha-beta's order is the one it is.
fn order_reason(built: &Built, lang: Lang, k: usize, order: &[NodeId]) -> String {
    let node = built.name(order[k]);
    let place = k + 1;
    if k == 0 {
        return lang.say(
            "exercise.reason.order.first",
            &[("node", &node), ("place", &place)],
        );
    }
    let previous = built.name(order[k - 1]);
    let (from, to) = (built.leaf_step(order[k - 1]), built.leaf_step(order[k]));
    let cuts: Vec<String> = built.lab.run.steps[from..to]
        .iter()
        .filter_map(|s| match s {
            Step::Cutoff { node, pruned, .. } if !pruned.is_empty() => {
                Some(built.name(*node).to_string())
            }
            _ => None,
        })
        .collect();
    if cuts.is_empty() {
        lang.say(
            "exercise.reason.order.next",
            &[("node", &node), ("place", &place), ("previous", &previous)],
        )
    } else {
        lang.say(
            "exercise.reason.order.cut",
            &[
                ("node", &node),
                ("place", &place),
                ("previous", &previous),
                ("count", &cuts.len()),
                ("cuts", &list(lang, &cuts)),
            ],
        )
    }
}
