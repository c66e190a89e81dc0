//! The explicit game tree: an arena of nodes in reading (pre-)order, and the
//! [`Game`] view of it that the searches of ply-core walk.
//!
//! ```
//! use ply_core::{Game, Player, alpha_beta, NoEvaluation};
//! use ply_tree::parse;
//!
//! let tree = parse("((3 12 8) (2 4 6) (14 5 2))", &Default::default()).unwrap();
//! let root = tree.root_position();
//! assert_eq!(root.to_move(), Player::First);          // the root is MAX
//! assert_eq!(tree.children(tree.root()).len(), 3);
//! let result = alpha_beta(&root, &NoEvaluation, None);
//! assert_eq!(tree.format_score(result.value), "3");
//! assert_eq!(result.best, Some(tree.children(0)[0]));
//! ```

use crate::value::{Decimal, format_scaled};
use ply_core::chance::{ChanceGame, NodeKind, Ratio};
use ply_core::phrase::Phrase;
use ply_core::text::excerpt;
use ply_core::{Diagram, Game, Outcome, Player, Score};
use std::fmt;

/// Index of a node in its [`ExplicitTree`]; the root is 0, and nodes are numbered in reading order.
pub type NodeId = u32;

/// Whose point of view leaf values are written from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LeafPerspective {
    /// The player at the root (MAX), the textbook minimax convention.
    #[default]
    Max,
    /// The player to move at the leaf, the negamax convention.
    Mover,
}

/// How large a tree may grow before reading it is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most nodes (inner nodes and leaves).
    pub max_nodes: usize,
    /// The deepest a leaf may lie (the root is at depth 0).
    pub max_depth: u32,
}

impl Limits {
    /// The node limit unless told otherwise (`ply tree --max-nodes`).
    pub const DEFAULT_MAX_NODES: usize = 1_000_000;
    /// The depth limit unless told otherwise (`ply tree --max-depth`).
    pub const DEFAULT_MAX_DEPTH: u32 = 1_000;
    /// The searches recurse once per level, and keep a principal variation per
    /// level (quadratic in the depth): deeper trees are refused whatever the options.
    pub const HARD_MAX_DEPTH: u32 = 10_000;
    /// The most bytes of a tree file that `ply tree` reads (256 MiB): far more than
    /// any tree within the node limit needs, and a bound on the memory a file can take.
    pub const MAX_INPUT_BYTES: usize = 256 << 20;

    /// The refusal of a tree with more than `max_nodes` nodes, at a place.
    pub fn too_many_nodes(&self, line: u32, column: u32) -> TreeError {
        TreeError {
            limit: Some("max_nodes"),
            ..TreeError::said(
                line,
                column,
                Phrase::new("errors.tree.too_many_nodes").arg("max", self.max_nodes),
            )
        }
    }

    /// The refusal of a tree deeper than `max_depth`, at a place.
    pub fn too_deep(&self, line: u32, column: u32) -> TreeError {
        TreeError {
            limit: Some("max_depth"),
            ..TreeError::said(
                line,
                column,
                Phrase::new("errors.tree.too_deep").arg("max", self.max_depth),
            )
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: Limits::DEFAULT_MAX_NODES,
            max_depth: Limits::DEFAULT_MAX_DEPTH,
        }
    }
}

/// Options for reading a tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// The most nodes and the deepest leaf the tree may have, checked while it is read.
    pub limits: Limits,
    /// Whose point of view the leaf values are written from.
    pub perspective: LeafPerspective,
}

/// A tree that could not be read or built. `line` and `column` count from 1;
/// 0 means the error is about the tree as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeError {
    /// The line of the error, from 1 (0: about the tree as a whole).
    pub line: u32,
    /// The column, in characters from 1 (0: about the whole line).
    pub column: u32,
    /// What is wrong, in one line.
    pub message: String,
    /// The limit the tree went past (`"max_nodes"`, `"max_depth"`); `None` for a
    /// tree that is wrong rather than too big.
    pub limit: Option<&'static str>,
    /// What is wrong as a message id of the catalogs' `errors` area and its parts, for
    /// a front end that says it in another language (`message` is its English, from
    /// [`ERRORS`]); `None` for an error not yet given one.
    pub phrase: Option<Phrase>,
}

/// The English of the tree errors that carry a [`Phrase`]: (id, template). The English
/// catalog (`errors.json`) has exactly these texts; `ply-api`'s tests check.
pub const ERRORS: &[(&str, &str)] = &[
    (
        "errors.tree.too_many_nodes",
        "the tree has more than {max} nodes (raise the limit with --max-nodes)",
    ),
    (
        "errors.tree.too_deep",
        "the tree goes deeper than depth {max} (raise the limit with --max-depth)",
    ),
    (
        "errors.tree.later",
        "{message}; start from a later position",
    ),
    ("errors.tree.smaller", "{message}; choose a smaller depth"),
    (
        "errors.tree.number_names_leaf",
        "{word} is a number, so it cannot name a leaf",
    ),
    ("errors.tree.not_a_number", "{word} is not a number"),
    (
        "errors.tree.unknown_token",
        "unknown token {word}: a name may only follow '(' or come before '=' (name=3)",
    ),
    ("errors.tree.unmatched_close", "unmatched ')'"),
    (
        "errors.tree.never_closed",
        "missing ')': the '(' at line {line}, column {column} is never closed",
    ),
    (
        "errors.tree.empty_group",
        "empty group {name}: an inner node needs at least one child",
    ),
    ("errors.tree.missing_value", "missing value after {word}"),
    (
        "errors.tree.unexpected_equals",
        "unexpected '=': write a named leaf as name=3",
    ),
    ("errors.tree.dash_name", "'-' alone is not a name"),
    (
        "errors.tree.second_kind",
        "a second kind tag {tag}: this node is already tagged {first} (line {line}, column {column}), and a node has one kind",
    ),
    (
        "errors.tree.second_probability",
        "a second probability [{probability}]: this node already has the probability [{first}] (line {line}, column {column}), and an outcome has one probability",
    ),
    (
        "errors.tree.chance_no_outcomes",
        "chance node {name} has no outcomes: a chance node needs children",
    ),
    (
        "errors.tree.root_probability",
        "the root cannot have a probability: only the outcomes of a chance node have one",
    ),
    (
        "errors.tree.probability_not_chance",
        "{name} has a probability, but its parent {parent} is a {kind} node: only the outcomes of a chance node (written [chance]) have one",
    ),
    (
        "errors.tree.probability_range",
        "the probability of {name} is {probability}: a probability is above 0 and at most 1",
    ),
    (
        "errors.tree.probability_missing",
        "{name} has no probability, but the other outcomes of chance node {parent} do: give every outcome one, or none for equal chances",
    ),
    (
        "errors.tree.probabilities_precise",
        "the probabilities are too precise to add up exactly",
    ),
    (
        "errors.tree.probabilities_short",
        "the probabilities of chance node {name} add up to {sum}, {gap} short of 1",
    ),
    (
        "errors.tree.probabilities_over",
        "the probabilities of chance node {name} add up to {sum}, {gap} more than 1",
    ),
    (
        "errors.tree.empty",
        "the tree is empty: write at least one node",
    ),
    (
        "errors.tree.leaf_no_value",
        "leaf {name} has no value (write it as {example})",
    ),
    (
        "errors.tree.inner_value",
        "{name} has children, so it cannot have a value: only leaves have values",
    ),
    (
        "errors.tree.value_too_large",
        "value {value} is too large: with values given to {step} the limit is ±{max}",
    ),
    (
        "errors.tree.dash_name_text",
        "'-' alone is not a name (in the text format it marks an unnamed node)",
    ),
    (
        "errors.tree.name_char",
        "unexpected '{char}' in the name {name} (names cannot contain spaces or any of = # ( ) , { } [ ] \")",
    ),
    (
        "errors.tree.unknown_tag",
        "unknown tag {tag}: write [max], [min], [chance], or a probability such as [1/6] or [0.25]",
    ),
    (
        "errors.tree.tag_never_closed",
        "missing ']': a tag is written [max], [min], [chance] or [1/6]",
    ),
    (
        "errors.tree.tag_never_closed_line",
        "missing ']': a tag is written [max], [min], [chance] or [1/6], on one line",
    ),
    ("errors.tree.unmatched_tag_close", "unmatched ']'"),
    (
        "errors.tree.indent_char",
        "bad indentation: indent with spaces or tabs, not U+{code}",
    ),
    (
        "errors.tree.indent_tab_after_spaces",
        "bad indentation: a tab here, but line {line} indents with spaces; use one or the other",
    ),
    (
        "errors.tree.indent_space_after_tabs",
        "bad indentation: a space here, but line {line} indents with tabs; use one or the other",
    ),
    (
        "errors.tree.second_root",
        "a second root: a tree has one root, indent this line under it",
    ),
    (
        "errors.tree.indent_before_root",
        "bad indentation: this line is indented less than the root (line {line})",
    ),
    (
        "errors.tree.indent_no_level",
        "bad indentation: {width} columns matches no outer level (those are at {outer} and {inner})",
    ),
    (
        "errors.tree.one_node_per_line",
        "unexpected {word} after {name}: one node per line, written 'name', 'name = value' or '= value'",
    ),
    (
        "errors.tree.after_value",
        "unexpected {word} after the value",
    ),
    (
        "errors.tree.bracket_char",
        "unexpected '{char}': the bracket format has only '(', ')', numbers and names",
    ),
    (
        "errors.tree.after_end",
        "unexpected {word} after the end of the tree (the root's ')' is already closed)",
    ),
    (
        "errors.tree.tag_without_node",
        "a tag with no node after it: a tag goes just before the leaf or '(' it is for (groups are written with '(' and ')', not '[' and ']')",
    ),
    (
        "errors.tree.json_kind",
        "\"kind\" is {value}: write \"max\", \"min\" or \"chance\"",
    ),
    (
        "errors.tree.unsolved_position",
        "a position of the strategy has no solved value",
    ),
];

impl TreeError {
    /// An error at `line`:`column` (0 for either: not at a place).
    pub fn at(line: u32, column: u32, message: impl Into<String>) -> TreeError {
        TreeError {
            line,
            column,
            message: message.into(),
            limit: None,
            phrase: None,
        }
    }

    /// The error `phrase` says at `line`:`column`, its English from [`ERRORS`].
    pub fn said(line: u32, column: u32, phrase: Phrase) -> TreeError {
        TreeError {
            line,
            column,
            message: phrase.english(ERRORS),
            limit: None,
            phrase: Some(phrase),
        }
    }
}

impl fmt::Display for TreeError {
    /// `LINE:COLUMN: message`, or just the message when it has no place.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "{}:{}: {}", self.line, self.column, self.message)
        }
    }
}

impl std::error::Error for TreeError {}

/// One node of an explicit tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The name written in the file, or `#N` (N: reading order from 1) for an unnamed node.
    pub name: String,
    /// False when the name was made up because the file gave none.
    pub named: bool,
    /// A leaf's value as written (scaled by the tree's `10^decimals`), `None` for inner nodes.
    pub value: Option<i32>,
    /// Plies from the root (the root is at 0).
    pub depth: u32,
    /// The node above; `None` for the root.
    pub parent: Option<NodeId>,
    /// The player to move here; `First` is MAX, the player at the root. At a chance
    /// node: the player whose move led to it (see [`Node::chance`]).
    pub mover: Player,
    /// True at a chance node: its children are the outcomes of a die, a coin or a
    /// card, weighted by their probabilities ([`ExplicitTree::probability`]).
    pub chance: bool,
    /// The probability written on this node (a child of a chance node), if any.
    pub probability: Option<Ratio>,
    first_child: u32,
    child_count: u32,
}

impl Node {
    /// True for a node without children.
    pub fn is_leaf(&self) -> bool {
        self.child_count == 0
    }
}

/// True for the characters a name may hold in every format: not blank, and none of
/// the characters that mean something in one of them.
fn name_char(c: char) -> bool {
    !c.is_whitespace() && !matches!(c, '=' | '#' | '(' | ')' | ',' | '{' | '}' | '[' | ']' | '"')
}

/// True for a name the bracket format would read as a number (`3`, `+1`) or as
/// nothing (`-`, the empty name); the indented text format reads such names back.
fn reads_as_number(name: &str) -> bool {
    name.parse::<crate::value::Decimal>().is_ok() || name == "-" || name.is_empty()
}

/// `name` with the characters no format reads in a name replaced: a comma by `;` (so
/// that `1,2` stays readable), any other by `_`; with `numeric_prefix`, a name that
/// would read as a number gets a `_` in front (the bracket format needs it).
fn written_name(name: &str, numeric_prefix: bool) -> std::borrow::Cow<'_, str> {
    let prefix = if numeric_prefix {
        reads_as_number(name)
    } else {
        name == "-" || name.is_empty()
    };
    if name.chars().all(name_char) && !prefix {
        return std::borrow::Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 1);
    if prefix {
        out.push('_');
    }
    out.extend(name.chars().map(|c| match c {
        ',' => ';',
        c if name_char(c) => c,
        _ => '_',
    }));
    std::borrow::Cow::Owned(out)
}

/// A name as the bracket format can read it back: characters that mean something in
/// one of the formats become `_` (a comma `;`, so that `1,2` stays readable), and a
/// name that would read as a number (a move `3`, `+1`) or as `-` gets a `_` in front.
/// Names made by a program (a game's moves and positions) need this; names read from
/// a tree file are already valid and stay as they are.
fn bracket_name(name: &str) -> std::borrow::Cow<'_, str> {
    written_name(name, true)
}

/// A name as the indented text format can read it back: as [`bracket_name`], except
/// that names that read as numbers stay as they are (a line `3` with lines indented
/// under it, or `3 = 1`, is a node named `3`).
fn text_name(name: &str) -> std::borrow::Cow<'_, str> {
    written_name(name, false)
}

/// The order of each node's children in [`ExplicitTree::reordered`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MoveOrder {
    /// As the tree was written.
    #[default]
    AsWritten,
    /// The best move for the player to move first.
    BestFirst,
    /// The worst move for the player to move first.
    WorstFirst,
}

impl std::str::FromStr for MoveOrder {
    type Err = String;

    /// `as_written`, `best_first`, `worst_first` (also with `-` for `_`).
    fn from_str(text: &str) -> Result<MoveOrder, String> {
        match text.replace('-', "_").as_str() {
            "as_written" => Ok(MoveOrder::AsWritten),
            "best_first" => Ok(MoveOrder::BestFirst),
            "worst_first" => Ok(MoveOrder::WorstFirst),
            _ => Err(format!(
                "unknown move order {}: as_written, best_first or worst_first",
                excerpt(text)
            )),
        }
    }
}

/// A game tree written out node by node: names, leaf values, children in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplicitTree {
    nodes: Vec<Node>,
    child_ids: Vec<NodeId>,
    decimals: u8,
    perspective: LeafPerspective,
    /// A picture of each node's position (a game tree's), or empty.
    diagrams: Vec<Option<Diagram>>,
    /// How many moves each node stands for (a game tree written out with symmetry:
    /// one child for moves to the same position up to symmetry), or empty: all 1.
    stands_for: Vec<u32>,
}

impl ExplicitTree {
    /// How many moves of its parent node `id` stands for: 1, except in a game tree
    /// written out with its symmetries ([`crate::expand_game`] with a symmetry), where one
    /// child is written for all the moves that lead to the same position up to the
    /// board's symmetries (tic-tac-toe's first move: a corner stands for 4).
    pub fn stands_for(&self, id: NodeId) -> u32 {
        self.stands_for.get(id as usize).copied().unwrap_or(1)
    }

    /// The picture of a node's position, for a tree written out from a game that draws
    /// its positions ([`ply_core::Game::diagram`]) when asked ([`crate::ExpandOptions::boards`]).
    pub fn diagram(&self, id: NodeId) -> Option<&Diagram> {
        self.diagrams.get(id as usize)?.as_ref()
    }

    /// This tree with the boards and counts of `source` ([`ExplicitTree::diagram`],
    /// [`ExplicitTree::stands_for`]), when `source` has the same shape (node for node the
    /// same parents: a game tree and its text read back); else this tree as it is.
    pub fn with_drawing_of(mut self, source: &ExplicitTree) -> ExplicitTree {
        let same_shape = self.nodes.len() == source.nodes.len()
            && self
                .nodes
                .iter()
                .zip(&source.nodes)
                .all(|(a, b)| a.parent == b.parent);
        if same_shape {
            self.diagrams = source.diagrams.clone();
            self.stands_for = source.stands_for.clone();
        }
        self
    }

    /// The root, always node 0.
    pub const fn root(&self) -> NodeId {
        0
    }

    /// The number of nodes, the root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never true: a tree has at least its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The node `id` (an id of this tree).
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    /// Every node, indexed by id: the root first, then in reading order.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The children of `id`, in order.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        let node = &self.nodes[id as usize];
        &self.child_ids[node.first_child as usize..(node.first_child + node.child_count) as usize]
    }

    /// What kind of node `id` is: MAX, MIN or chance.
    pub fn kind(&self, id: NodeId) -> NodeKind {
        let node = self.node(id);
        if node.chance {
            NodeKind::Chance
        } else if node.mover == Player::First {
            NodeKind::Max
        } else {
            NodeKind::Min
        }
    }

    /// True when some node is a chance node: the tree is searched by
    /// expectiminimax (or *-minimax), not minimax.
    pub fn has_chance(&self) -> bool {
        self.nodes.iter().any(|n| n.chance)
    }

    /// The probability of reaching `id` from its parent, a chance node: as written,
    /// or shared equally among the outcomes when none is written. `None` below a
    /// player's node, and at the root.
    pub fn probability(&self, id: NodeId) -> Option<Ratio> {
        let node = self.node(id);
        let parent = node.parent?;
        if !self.node(parent).chance {
            return None;
        }
        node.probability
            .or_else(|| Ratio::new(1, self.children(parent).len() as i128))
    }

    /// The kind a writer marks on `id` so that it reads back the same (`chance`,
    /// `max`, `min`): chance nodes always, a player's node (a leaf too) where the rule
    /// of reading would give the other player, in a tree with chance nodes or without
    /// (`(r[min] 1 2)`, MIN at the root: the rule would make it MAX).
    fn kind_tag(&self, id: NodeId) -> Option<&'static str> {
        let node = self.node(id);
        if node.chance {
            return Some("chance");
        }
        let led_by = node.parent.map_or(Player::Second, |p| self.node(p).mover);
        (node.mover == led_by).then_some(if node.mover == Player::First {
            "max"
        } else {
            "min"
        })
    }

    /// The tags the indented text format writes on `id`'s line: its kind (see
    /// [`ExplicitTree::kind_tag`]) and its written probability.
    fn tags(&self, id: NodeId) -> String {
        let kind = self.kind_tag(id).map(|kind| format!("[{kind}]"));
        let probability = self.node(id).probability.map(|p| format!("[{p}]"));
        [kind, probability]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Decimal places of the values: every value is stored times `10^decimals`.
    pub fn decimals(&self) -> u8 {
        self.decimals
    }

    /// Whose point of view the leaf values were written from.
    pub fn perspective(&self) -> LeafPerspective {
        self.perspective
    }

    /// The depth of the deepest node.
    pub fn height(&self) -> u32 {
        self.nodes.iter().map(|n| n.depth).max().unwrap_or(0)
    }

    /// The number of leaves.
    pub fn leaf_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.is_leaf()).count()
    }

    /// A leaf's value from MAX's point of view (scaled), whatever the file's perspective.
    pub fn max_value(&self, id: NodeId) -> Option<i32> {
        let node = self.node(id);
        node.value.map(|v| match (self.perspective, node.mover) {
            (LeafPerspective::Mover, Player::Second) => -v,
            _ => v,
        })
    }

    /// The same tree with each node's children in another order ([`MoveOrder`]), as a
    /// lesson on move ordering shows it: alpha-beta prunes most when the best move
    /// comes first, and nothing when it comes last. Children are sorted by their
    /// minimax value, best first for the player to move (MAX: highest first; MIN:
    /// lowest first) or worst first; equal values keep their written order.
    /// Unnamed nodes are numbered again in the new reading order.
    ///
    /// ```
    /// use ply_tree::{MoveOrder, parse};
    ///
    /// let tree = parse("(a (b 3 12) (c 8 2))", &Default::default()).unwrap();
    /// let best = tree.reordered(MoveOrder::BestFirst);
    /// // MAX at a: b (worth 3) before c (worth 2); MIN at b and c: the lowest leaf first.
    /// assert_eq!(best.to_bracket(), "(a (b 3 12) (c 2 8))");
    /// let worst = tree.reordered(MoveOrder::WorstFirst);
    /// assert_eq!(worst.to_bracket(), "(a (c 8 2) (b 12 3))");
    /// ```
    pub fn reordered(&self, order: MoveOrder) -> ExplicitTree {
        let n = self.nodes.len();
        if order == MoveOrder::AsWritten || n == 0 {
            return self.clone();
        }
        // Minimax values for MAX, from the leaves up (children come after their parent).
        let mut value = vec![0i64; n];
        for id in (0..n).rev() {
            let children = self.children(id as NodeId);
            value[id] = if children.is_empty() {
                self.max_value(id as NodeId).unwrap_or(0) as i64
            } else {
                let values = children.iter().map(|&c| value[c as usize]);
                match self.nodes[id].mover {
                    Player::First => values.max().unwrap_or(0),
                    Player::Second => values.min().unwrap_or(0),
                }
            };
        }
        // The new reading order: a depth-first walk taking each node's children sorted.
        let mut new_id = vec![0 as NodeId; n];
        let mut old_of = Vec::with_capacity(n);
        let mut sorted_children: Vec<Vec<NodeId>> = vec![Vec::new(); n];
        let mut stack = vec![self.root()];
        while let Some(id) = stack.pop() {
            new_id[id as usize] = old_of.len() as NodeId;
            old_of.push(id);
            let mut children = self.children(id).to_vec();
            let for_mover = |c: &NodeId| match self.nodes[id as usize].mover {
                Player::First => -value[*c as usize],
                Player::Second => value[*c as usize],
            };
            // Stable: equal values keep the order they were written in.
            match order {
                MoveOrder::BestFirst => children.sort_by_key(for_mover),
                _ => children.sort_by_key(|c| std::cmp::Reverse(for_mover(c))),
            }
            stack.extend(children.iter().rev());
            sorted_children[id as usize] = children;
        }
        let mut nodes = Vec::with_capacity(n);
        let mut child_ids = Vec::with_capacity(self.child_ids.len());
        for (new, &old) in old_of.iter().enumerate() {
            let mut node = self.nodes[old as usize].clone();
            node.parent = node.parent.map(|p| new_id[p as usize]);
            if !node.named {
                node.name = format!("#{}", new + 1);
            }
            node.first_child = child_ids.len() as u32;
            child_ids.extend(
                sorted_children[old as usize]
                    .iter()
                    .map(|&c| new_id[c as usize]),
            );
            nodes.push(node);
        }
        let diagrams = if self.diagrams.is_empty() {
            Vec::new()
        } else {
            old_of
                .iter()
                .map(|&old| self.diagrams.get(old as usize).cloned().flatten())
                .collect()
        };
        let stands_for = if self.stands_for.is_empty() {
            Vec::new()
        } else {
            old_of.iter().map(|&old| self.stands_for(old)).collect()
        };
        ExplicitTree {
            nodes,
            child_ids,
            decimals: self.decimals,
            perspective: self.perspective,
            diagrams,
            stands_for,
        }
    }

    /// The same game with leaf values rewritten from `perspective`'s point of view.
    pub fn with_perspective(&self, perspective: LeafPerspective) -> ExplicitTree {
        let mut tree = self.clone();
        for id in 0..tree.nodes.len() {
            let max = self.max_value(id as NodeId);
            let node = &mut tree.nodes[id];
            node.value = max.map(|v| match (perspective, node.mover) {
                (LeafPerspective::Mover, Player::Second) => -v,
                _ => v,
            });
        }
        tree.perspective = perspective;
        tree
    }

    /// A scaled value written the shortest exact way (`3`, `-6`, `2.5`).
    pub fn format_value(&self, scaled: i32) -> String {
        format_scaled(scaled as i64, self.decimals)
    }

    /// A search score of this tree written as a value; the infinite bounds of a
    /// full window are `+∞` and `-∞`.
    pub fn format_score(&self, score: Score) -> String {
        if score >= Score::INFINITY {
            "+∞".into()
        } else if score <= -Score::INFINITY {
            "-∞".into()
        } else {
            self.format_value(score.raw())
        }
    }

    /// A score as a JSON number (`null` for the infinite bounds).
    pub fn json_score(&self, score: Score) -> serde_json::Value {
        if score >= Score::INFINITY || score <= -Score::INFINITY {
            serde_json::Value::Null
        } else if self.decimals == 0 {
            serde_json::Value::from(score.raw())
        } else {
            serde_json::Value::from(score.raw() as f64 / 10f64.powi(self.decimals as i32))
        }
    }

    /// The root as a position of the [`Game`] the searches play.
    pub fn root_position(&self) -> TreePosition<'_> {
        self.position(self.root())
    }

    /// The node `node` as a position of a `ply_core::Game`.
    pub fn position(&self, node: NodeId) -> TreePosition<'_> {
        TreePosition { tree: self, node }
    }

    /// The names of the path from the root to `id` (root first).
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        let mut at = id;
        while let Some(parent) = self.node(at).parent {
            path.push(parent);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The tree in the indented text format (reads back to an equal tree).
    /// An unnamed inner node is written `-`.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (id, node) in self.nodes.iter().enumerate() {
            out.push_str(&"  ".repeat(node.depth as usize));
            let tags = self.tags(id as NodeId);
            let tagged = |head: &str| {
                if tags.is_empty() {
                    head.to_string()
                } else if head.is_empty() {
                    tags.clone()
                } else {
                    format!("{head} {tags}")
                }
            };
            match (node.value, node.named) {
                (Some(v), true) => out.push_str(&format!(
                    "{} = {}",
                    tagged(&text_name(&node.name)),
                    self.format_value(v)
                )),
                (Some(v), false) if tags.is_empty() => {
                    out.push_str(&format!("= {}", self.format_value(v)))
                }
                (Some(v), false) => out.push_str(&format!("{tags} = {}", self.format_value(v))),
                (None, true) => out.push_str(&tagged(&text_name(&node.name))),
                (None, false) if tags.is_empty() => out.push('-'),
                (None, false) => out.push_str(&format!("- {tags}")),
            }
            out.push('\n');
        }
        out
    }

    /// True when some node's name would read as a number (or as nothing) in the
    /// bracket format: [`ExplicitTree::to_bracket`] then writes it with a `_` in front,
    /// while [`ExplicitTree::to_text`] keeps it as it is. A race's nodes named by their
    /// running totals (`0`, `2`, `5`) are such names.
    pub fn has_numeric_names(&self) -> bool {
        self.nodes
            .iter()
            .any(|n| n.named && reads_as_number(&n.name))
    }

    /// The tree in the format that keeps its names best: the bracket format, on one
    /// line, unless a name would read as a number there ([`ExplicitTree::has_numeric_names`])
    /// or a leaf's kind cannot be written there ([`ExplicitTree::bracket_keeps_kinds`]),
    /// then the indented text format. Returns the text and the format's name
    /// (`"bracket"` or `"indented"`).
    ///
    /// ```
    /// use ply_tree::parse;
    ///
    /// let tree = parse("0\n  1 = 3\n  2 = 5\n", &Default::default()).unwrap();
    /// assert_eq!(tree.to_written(), ("0\n  1 = 3\n  2 = 5\n".to_string(), "indented"));
    /// let tree = parse("(a b=3 c=5)", &Default::default()).unwrap();
    /// assert_eq!(tree.to_written(), ("(a b=3 c=5)".to_string(), "bracket"));
    /// ```
    pub fn to_written(&self) -> (String, &'static str) {
        if self.has_numeric_names() || !self.bracket_keeps_kinds() {
            (self.to_text(), "indented")
        } else {
            (self.to_bracket(), "bracket")
        }
    }

    /// Whether the bracket format can write leaf `id`'s kind, when it has one to write:
    /// a kind tag right after a group's `(` and name is the group's, so the first child
    /// of a group can carry a kind only after its probability (`(r [1/2][min]a=1 ...)`).
    /// The bracket reader never makes such a leaf otherwise; the other formats may.
    fn bracket_kind_fits(&self, id: NodeId) -> bool {
        let node = self.node(id);
        node.probability.is_some()
            || node
                .parent
                .is_none_or(|parent| self.children(parent).first() != Some(&id))
    }

    /// Whether [`ExplicitTree::to_bracket`] writes the tree whole: not when a group's
    /// first child is a leaf whose kind must be written and that has no probability to
    /// write before it (a tree read from the other formats).
    pub fn bracket_keeps_kinds(&self) -> bool {
        (0..self.nodes.len() as NodeId).all(|id| {
            self.node(id).value.is_none()
                || self.kind_tag(id).is_none()
                || self.bracket_kind_fits(id)
        })
    }

    /// The tree in the bracket format, on one line (reads back to an equal tree, unless
    /// [`ExplicitTree::bracket_keeps_kinds`] says it cannot write a leaf's kind).
    pub fn to_bracket(&self) -> String {
        let mut out = String::new();
        self.write_bracket(self.root(), &mut out);
        out
    }

    fn write_bracket(&self, root: NodeId, out: &mut String) {
        // Iterative, so that deep trees cannot overflow the stack.
        enum Item {
            Open(NodeId),
            Close,
        }
        let mut stack = vec![Item::Open(root)];
        let mut first = true;
        while let Some(item) = stack.pop() {
            match item {
                Item::Close => out.push(')'),
                Item::Open(id) => {
                    if !first && !out.ends_with('(') {
                        out.push(' ');
                    }
                    first = false;
                    let node = self.node(id);
                    if let Some(p) = node.probability {
                        out.push_str(&format!("[{p}]"));
                    }
                    // A leaf's kind goes before it, a group's after its '(' and name (see
                    // `bracket_kind_fits` for the one leaf whose kind cannot be written).
                    if let (Some(_), Some(kind)) = (node.value, self.kind_tag(id))
                        && self.bracket_kind_fits(id)
                    {
                        out.push_str(&format!("[{kind}]"));
                    }
                    match node.value {
                        Some(v) if node.named => out.push_str(&format!(
                            "{}={}",
                            bracket_name(&node.name),
                            self.format_value(v)
                        )),
                        Some(v) => out.push_str(&self.format_value(v)),
                        None => {
                            out.push('(');
                            if node.named {
                                out.push_str(&bracket_name(&node.name));
                            }
                            if let Some(kind) = self.kind_tag(id) {
                                out.push_str(&format!("[{kind}]"));
                            }
                            stack.push(Item::Close);
                            stack.extend(self.children(id).iter().rev().map(|&c| Item::Open(c)));
                        }
                    }
                }
            }
        }
    }

    /// The tree in the JSON input format.
    pub fn to_json(&self) -> serde_json::Value {
        // Built bottom-up (children have larger ids than their parent), without recursion.
        let mut built: Vec<Option<serde_json::Value>> = vec![None; self.nodes.len()];
        for id in (0..self.nodes.len()).rev() {
            let node = &self.nodes[id];
            let mut object = serde_json::Map::new();
            if node.named {
                object.insert("name".into(), node.name.clone().into());
            }
            if let Some(kind) = self.kind_tag(id as NodeId) {
                object.insert("kind".into(), kind.into());
            }
            if let Some(p) = node.probability {
                object.insert("probability".into(), p.to_string().into());
            }
            match node.value {
                Some(v) => {
                    let value = if self.decimals == 0 {
                        serde_json::Value::from(v)
                    } else {
                        serde_json::Value::from(v as f64 / 10f64.powi(self.decimals as i32))
                    };
                    object.insert("value".into(), value);
                }
                None => {
                    let children = self
                        .children(id as NodeId)
                        .iter()
                        .map(|&c| built[c as usize].take().unwrap_or_default())
                        .collect::<Vec<_>>();
                    object.insert("children".into(), children.into());
                }
            }
            built[id] = Some(object.into());
        }
        built[0].take().unwrap_or_default()
    }
}

/// A position of an explicit tree: the tree and a node. Cheap to copy.
#[derive(Clone, Copy)]
pub struct TreePosition<'t> {
    /// The tree.
    pub tree: &'t ExplicitTree,
    /// The node this position stands for.
    pub node: NodeId,
}

impl fmt::Debug for TreePosition<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TreePosition({})", self.tree.node(self.node).name)
    }
}

impl Game for TreePosition<'_> {
    /// The child node to go to.
    type Move = NodeId;

    #[inline]
    fn to_move(&self) -> Player {
        self.tree.node(self.node).mover
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        let node = self.tree.node(self.node);
        let max = self.tree.max_value(self.node)?;
        let for_mover = if node.mover == Player::First {
            max
        } else {
            -max
        };
        Some(Outcome::Payoff(Score::heuristic(for_mover)))
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Vec<NodeId>) {
        moves.extend_from_slice(self.tree.children(self.node));
    }

    #[inline]
    fn play(&mut self, child: NodeId) {
        self.node = child;
    }
}

/// The tree's chance nodes, for expectiminimax and *-minimax.
impl ChanceGame for TreePosition<'_> {
    #[inline]
    fn is_chance(&self) -> bool {
        self.tree.node(self.node).chance
    }

    #[inline]
    fn probability(&self, child: NodeId) -> Ratio {
        self.tree.probability(child).unwrap_or(Ratio::ZERO)
    }
}

/// Builds a tree node by node in reading order, checking the limits, and then
/// the values (leaves need one, inner nodes must not have one) at the end.
pub struct TreeBuilder {
    limits: Limits,
    nodes: Vec<Node>,
    places: Vec<(u32, u32)>,
    values: Vec<Option<(Decimal, u32, u32)>>,
    diagrams: Vec<Option<Diagram>>,
    stands_for: Vec<u32>,
    /// Kinds written in the file (`[max]`, `[min]`, `[chance]`), with their place.
    kinds: Vec<(NodeId, NodeKind, u32, u32)>,
    /// Probabilities written in the file, with their place.
    probabilities: Vec<(NodeId, Ratio, u32, u32)>,
    /// The tags each node has been given so far, by id ([`KIND_TAG`], [`PROBABILITY_TAG`]):
    /// a node takes one of each. As long as the last node tagged needs.
    tagged: Vec<u8>,
}

/// A node's kind was written (`[max]`, `[min]`, `[chance]`).
const KIND_TAG: u8 = 1;
/// A node's probability was written (`[1/6]`).
const PROBABILITY_TAG: u8 = 2;

/// A kind as its tag writes it: `[max]`, `[min]`, `[chance]`.
fn tag_of_kind(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Max => "[max]",
        NodeKind::Min => "[min]",
        NodeKind::Chance => "[chance]",
    }
}

impl TreeBuilder {
    /// An empty builder whose tree must stay within `limits`.
    pub fn new(limits: Limits) -> TreeBuilder {
        TreeBuilder {
            limits,
            nodes: Vec::new(),
            places: Vec::new(),
            values: Vec::new(),
            diagrams: Vec::new(),
            stands_for: Vec::new(),
            kinds: Vec::new(),
            probabilities: Vec::new(),
            tagged: Vec::new(),
        }
    }

    /// Says what kind of node `id` is (written `[max]`, `[min]` or `[chance]` at
    /// `line`:`column`). Nodes without one follow the rule of [`TreeBuilder::finish`].
    /// A node has one kind: a second one (`[chance][max]`, even `[chance][chance]`) is
    /// refused at its place, naming the first. An id that is not a node's is ignored.
    pub fn set_kind(
        &mut self,
        id: NodeId,
        kind: NodeKind,
        line: u32,
        column: u32,
    ) -> Result<(), TreeError> {
        if (id as usize) >= self.nodes.len() {
            return Ok(());
        }
        if self.tag(id, KIND_TAG) {
            let (first, first_line, first_column) = self
                .kinds
                .iter()
                .rev()
                .find(|&&(node, ..)| node == id)
                .map_or((kind, line, column), |&(_, k, l, c)| (k, l, c));
            return Err(TreeError::said(
                line,
                column,
                Phrase::new("errors.tree.second_kind")
                    .arg("tag", tag_of_kind(kind).to_string())
                    .arg("first", tag_of_kind(first).to_string())
                    .arg("line", first_line)
                    .arg("column", first_column),
            ));
        }
        self.kinds.push((id, kind, line, column));
        Ok(())
    }

    /// Gives node `id`, a child of a chance node, its probability (written at
    /// `line`:`column`). An outcome has one probability: a second one (`[1/2][1/3]`) is
    /// refused at its place, naming the first. An id that is not a node's is ignored.
    pub fn set_probability(
        &mut self,
        id: NodeId,
        probability: Ratio,
        line: u32,
        column: u32,
    ) -> Result<(), TreeError> {
        if (id as usize) >= self.nodes.len() {
            return Ok(());
        }
        if self.tag(id, PROBABILITY_TAG) {
            let (first, first_line, first_column) = self
                .probabilities
                .iter()
                .rev()
                .find(|&&(node, ..)| node == id)
                .map_or((probability, line, column), |&(_, p, l, c)| (p, l, c));
            return Err(TreeError::said(
                line,
                column,
                Phrase::new("errors.tree.second_probability")
                    .arg("probability", probability.to_string())
                    .arg("first", first.to_string())
                    .arg("line", first_line)
                    .arg("column", first_column),
            ));
        }
        self.probabilities.push((id, probability, line, column));
        Ok(())
    }

    /// Marks node `id` as given a tag of `kind`; whether it had one already.
    fn tag(&mut self, id: NodeId, kind: u8) -> bool {
        let at = id as usize;
        if self.tagged.len() <= at {
            self.tagged.resize(at + 1, 0);
        }
        let had = self.tagged[at] & kind != 0;
        self.tagged[at] |= kind;
        had
    }

    /// Records that node `id` stands for `count` moves of its parent (see
    /// [`ExplicitTree::stands_for`]); 1 unless set.
    pub fn set_stands_for(&mut self, id: NodeId, count: u32) {
        let id = id as usize;
        if id < self.nodes.len() && (count != 1 || id < self.stands_for.len()) {
            if self.stands_for.len() < self.nodes.len() {
                self.stands_for.resize(self.nodes.len(), 1);
            }
            self.stands_for[id] = count;
        }
    }

    /// Gives node `id` a picture of its position.
    pub fn set_diagram(&mut self, id: NodeId, diagram: Diagram) {
        let id = id as usize;
        if id < self.nodes.len() {
            if self.diagrams.len() < self.nodes.len() {
                self.diagrams.resize(self.nodes.len(), None);
            }
            self.diagrams[id] = Some(diagram);
        }
    }

    /// The number of nodes, the root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when there is no node at all.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The limits this builder enforces.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The depth of a node added so far (the root is at 0).
    pub fn depth(&self, id: NodeId) -> u32 {
        self.nodes[id as usize].depth
    }

    /// Adds a node under `parent` (which must be the last node added or one of
    /// its ancestors: nodes come in reading order). MAX and MIN alternate by depth.
    pub fn push(
        &mut self,
        parent: Option<NodeId>,
        name: Option<String>,
        line: u32,
        column: u32,
    ) -> Result<NodeId, TreeError> {
        let id = self.nodes.len();
        if id >= self.limits.max_nodes {
            return Err(self.limits.too_many_nodes(line, column));
        }
        let depth = match parent {
            Some(p) => self.nodes[p as usize].depth + 1,
            None => 0,
        };
        if depth > self.limits.max_depth {
            return Err(self.limits.too_deep(line, column));
        }
        let named = name.is_some();
        self.nodes.push(Node {
            name: name.unwrap_or_else(|| format!("#{}", id + 1)),
            named,
            value: None,
            depth,
            parent,
            mover: if depth % 2 == 0 {
                Player::First
            } else {
                Player::Second
            },
            chance: false,
            probability: None,
            first_child: 0,
            child_count: 0,
        });
        self.places.push((line, column));
        self.values.push(None);
        Ok(id as NodeId)
    }

    /// Overrides who is to move at `id` (for trees expanded from games where a player may move twice).
    pub fn set_mover(&mut self, id: NodeId, mover: Player) {
        self.nodes[id as usize].mover = mover;
    }

    /// Gives a leaf its value. Trailing zero decimals do not count (as when a file is
    /// read): the tree's scale is set by the finest value, and it writes back exactly.
    pub fn set_value(&mut self, id: NodeId, value: Decimal, line: u32, column: u32) {
        self.values[id as usize] = Some((value.normalized(), line, column));
    }

    /// Forgets the value of `id` (a node that turned out to have children).
    pub fn clear_value(&mut self, id: NodeId) {
        self.values[id as usize] = None;
    }

    /// The name of a node added so far.
    pub fn name(&self, id: NodeId) -> &str {
        &self.nodes[id as usize].name
    }

    /// Whether a node added so far has a name of its own (not a made-up `#N`).
    pub fn is_named(&self, id: NodeId) -> bool {
        self.nodes[id as usize].named
    }

    /// True when `id` was given a value.
    pub fn has_value(&self, id: NodeId) -> bool {
        self.values[id as usize].is_some()
    }

    /// Turns a made-up name into a real one, or the other way round.
    pub fn set_name(&mut self, id: NodeId, name: Option<String>) {
        let node = &mut self.nodes[id as usize];
        node.named = name.is_some();
        node.name = name.unwrap_or_else(|| format!("#{}", id + 1));
    }

    /// Who moves at each node, once kinds or probabilities are written: a node's
    /// written kind (a node whose children carry probabilities is a chance node), else
    /// the other player than the one whose move led to it (the root: MAX). A chance
    /// node stands between two players' moves, so below `MAX → chance` comes MIN, as
    /// in backgammon; with no kind written anywhere, MAX and MIN alternate by depth.
    fn settle_kinds(&mut self) -> Result<(), TreeError> {
        if self.kinds.is_empty() && self.probabilities.is_empty() {
            return Ok(());
        }
        let mut written: Vec<Option<(NodeKind, u32, u32)>> = vec![None; self.nodes.len()];
        for &(id, kind, line, column) in &self.kinds {
            written[id as usize] = Some((kind, line, column));
        }
        // A node whose children carry probabilities is a chance node.
        for &(id, _, line, column) in &self.probabilities {
            if let Some(parent) = self.nodes[id as usize].parent
                && written[parent as usize].is_none()
            {
                written[parent as usize] = Some((NodeKind::Chance, line, column));
            }
        }
        for (id, written) in written.into_iter().enumerate() {
            // The player whose move led here (to a chance root: as if MIN had moved);
            // the other one moves next.
            let led_by = match self.nodes[id].parent {
                Some(p) => self.nodes[p as usize].mover,
                None => Player::Second,
            };
            let node = &mut self.nodes[id];
            match written {
                Some((NodeKind::Chance, line, column)) => {
                    if node.child_count == 0 {
                        return Err(TreeError::said(
                            line,
                            column,
                            Phrase::new("errors.tree.chance_no_outcomes")
                                .arg("name", excerpt(&node.name)),
                        ));
                    }
                    node.chance = true;
                    node.mover = led_by;
                }
                Some((NodeKind::Max, ..)) => node.mover = Player::First,
                Some((NodeKind::Min, ..)) => node.mover = Player::Second,
                None => node.mover = led_by.opponent(),
            }
        }
        Ok(())
    }

    /// Probabilities only on the outcomes of chance nodes, on all of them or on none
    /// (equal chances), each above 0, adding up to exactly 1.
    fn check_probabilities(&mut self, child_ids: &[NodeId]) -> Result<(), TreeError> {
        for &(id, probability, line, column) in &self.probabilities {
            let node = &self.nodes[id as usize];
            let parent = node.parent.map(|p| &self.nodes[p as usize]);
            match parent {
                None => {
                    return Err(TreeError::said(
                        line,
                        column,
                        Phrase::new("errors.tree.root_probability"),
                    ));
                }
                Some(parent) if !parent.chance => {
                    let kind = if parent.mover == Player::First {
                        "MAX"
                    } else {
                        "MIN"
                    };
                    return Err(TreeError::said(
                        line,
                        column,
                        Phrase::new("errors.tree.probability_not_chance")
                            .arg("name", excerpt(&node.name))
                            .arg("parent", excerpt(&parent.name))
                            .arg("kind", kind),
                    ));
                }
                Some(_) => {}
            }
            if probability <= Ratio::ZERO || probability > Ratio::ONE {
                return Err(TreeError::said(
                    line,
                    column,
                    Phrase::new("errors.tree.probability_range")
                        .arg("name", excerpt(&node.name))
                        .arg("probability", probability.to_string()),
                ));
            }
            self.nodes[id as usize].probability = Some(probability);
        }
        for id in 0..self.nodes.len() {
            if !self.nodes[id].chance {
                continue;
            }
            let node = &self.nodes[id];
            let children = &child_ids
                [node.first_child as usize..(node.first_child + node.child_count) as usize];
            let given = children
                .iter()
                .filter(|&&c| self.nodes[c as usize].probability.is_some())
                .count();
            if given == 0 {
                continue;
            }
            if let Some(&missing) = children
                .iter()
                .find(|&&c| self.nodes[c as usize].probability.is_none())
            {
                let (line, column) = self.places[missing as usize];
                return Err(TreeError::said(
                    line,
                    column,
                    Phrase::new("errors.tree.probability_missing")
                        .arg("name", excerpt(&self.nodes[missing as usize].name))
                        .arg("parent", excerpt(&node.name)),
                ));
            }
            let mut sum = Ratio::ZERO;
            for &c in children {
                let p = self.nodes[c as usize].probability.unwrap_or(Ratio::ZERO);
                sum = sum.checked_add(p).ok_or_else(|| {
                    let (line, column) = self.places[c as usize];
                    TreeError::said(
                        line,
                        column,
                        Phrase::new("errors.tree.probabilities_precise"),
                    )
                })?;
            }
            if sum != Ratio::ONE {
                let (line, column) = self.places[id];
                let gap = Ratio::ONE.checked_sub(sum).unwrap_or(Ratio::ZERO);
                let phrase = if gap > Ratio::ZERO {
                    Phrase::new("errors.tree.probabilities_short")
                        .arg("name", excerpt(&node.name))
                        .arg("sum", sum.to_string())
                        .arg("gap", gap.to_string())
                } else {
                    Phrase::new("errors.tree.probabilities_over")
                        .arg("name", excerpt(&node.name))
                        .arg("sum", sum.to_string())
                        .arg("gap", gap.checked_neg().unwrap_or(gap).to_string())
                };
                return Err(TreeError::said(line, column, phrase));
            }
        }
        Ok(())
    }

    /// Checks the values and scales them to the finest decimals written.
    pub fn finish(mut self, perspective: LeafPerspective) -> Result<ExplicitTree, TreeError> {
        if self.nodes.is_empty() {
            return Err(TreeError::said(1, 1, Phrase::new("errors.tree.empty")));
        }
        let mut child_count = vec![0u32; self.nodes.len()];
        for node in &self.nodes {
            if let Some(p) = node.parent {
                child_count[p as usize] += 1;
            }
        }
        let decimals = self
            .values
            .iter()
            .flatten()
            .map(|(d, _, _)| d.decimals)
            .max()
            .unwrap_or(0);
        for (id, node) in self.nodes.iter_mut().enumerate() {
            let (line, column) = self.places[id];
            match (self.values[id], child_count[id]) {
                (None, 0) => {
                    return Err(TreeError::said(
                        line,
                        column,
                        Phrase::new("errors.tree.leaf_no_value")
                            .arg("name", excerpt(&node.name))
                            .arg("example", excerpt(&format!("{} = 3", node.name))),
                    ));
                }
                (Some((_, line, column)), n) if n > 0 => {
                    return Err(TreeError::said(
                        line,
                        column,
                        Phrase::new("errors.tree.inner_value").arg("name", excerpt(&node.name)),
                    ));
                }
                (Some((value, line, column)), _) => {
                    node.value = Some(value.scaled(decimals).ok_or_else(|| {
                        TreeError::said(
                            line,
                            column,
                            Phrase::new("errors.tree.value_too_large")
                                .arg("value", value.to_string())
                                .arg("step", format_scaled(1, decimals))
                                .arg("max", format_scaled(crate::value::MAX_SCALED, decimals)),
                        )
                    })?);
                }
                (None, _) => {}
            }
        }
        // Children in reading order, packed: node i's children are child_ids[first..first + count].
        let mut first = 0u32;
        for (node, &count) in self.nodes.iter_mut().zip(&child_count) {
            node.first_child = first;
            node.child_count = 0;
            first += count;
        }
        let mut child_ids = vec![0; first as usize];
        for id in 0..self.nodes.len() {
            if let Some(p) = self.nodes[id].parent {
                let parent = &mut self.nodes[p as usize];
                child_ids[(parent.first_child + parent.child_count) as usize] = id as NodeId;
                parent.child_count += 1;
            }
        }
        self.settle_kinds()?;
        self.check_probabilities(&child_ids)?;
        Ok(ExplicitTree {
            nodes: self.nodes,
            child_ids,
            decimals,
            perspective,
            diagrams: self.diagrams,
            stands_for: self.stands_for,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A root `r` and leaves named `names`, valued 1, 2, ...
    fn fan(names: &[&str]) -> ExplicitTree {
        let mut builder = TreeBuilder::new(Limits::default());
        let root = builder.push(None, Some("r".into()), 0, 0).unwrap();
        for (i, name) in names.iter().enumerate() {
            let id = builder
                .push(Some(root), Some(name.to_string()), 0, 0)
                .unwrap();
            builder.set_value(id, Decimal::integer(i as i64 + 1), 0, 0);
        }
        builder.finish(LeafPerspective::Max).unwrap()
    }

    #[test]
    fn names_are_written_so_that_they_read_back() {
        // A promotion and a comma: no format reads them in a name.
        let tree = fan(&["e8=Q", "1,2"]);
        assert_eq!(tree.to_bracket(), "(r e8_Q=1 1;2=2)");
        assert_eq!(tree.to_text(), "r\n  e8_Q = 1\n  1;2 = 2\n");
        assert_eq!(tree.to_written().1, "bracket");
        // Numbers: the bracket format needs a `_`, the text format keeps them.
        let totals = fan(&["3", "-", "+1"]);
        assert!(totals.has_numeric_names());
        assert_eq!(totals.to_bracket(), "(r _3=1 _-=2 _+1=3)");
        let (text, format) = totals.to_written();
        assert_eq!(format, "indented");
        assert_eq!(text, "r\n  3 = 1\n  _- = 2\n  +1 = 3\n");
        let read = crate::parse(&text, &ParseOptions::default()).unwrap();
        let names: Vec<&str> = read.nodes().iter().map(|n| n.name.as_str()).collect();
        assert_eq!(names, ["r", "3", "_-", "+1"]);
    }

    #[test]
    fn counts_and_boards_go_over_to_a_tree_of_the_same_shape() {
        let mut builder = TreeBuilder::new(Limits::default());
        let root = builder.push(None, Some("r".into()), 0, 0).unwrap();
        let a = builder.push(Some(root), Some("a".into()), 0, 0).unwrap();
        builder.set_value(a, Decimal::integer(1), 0, 0);
        builder.set_stands_for(a, 4);
        let b = builder.push(Some(root), Some("b".into()), 0, 0).unwrap();
        builder.set_value(b, Decimal::integer(2), 0, 0);
        builder.set_diagram(b, Diagram::new(1, 1).unwrap());
        let written = builder.finish(LeafPerspective::Max).unwrap();
        assert_eq!(
            (
                written.stands_for(0),
                written.stands_for(1),
                written.stands_for(2)
            ),
            (1, 4, 1)
        );
        let read = crate::parse(&written.to_bracket(), &ParseOptions::default()).unwrap();
        assert_eq!(read.stands_for(1), 1);
        let drawn = read.clone().with_drawing_of(&written);
        assert_eq!(drawn.stands_for(1), 4);
        assert!(drawn.diagram(2).is_some());
        // Another shape: nothing goes over.
        let other = crate::parse("(r (x 1) 2)", &ParseOptions::default()).unwrap();
        assert_eq!(other.with_drawing_of(&written).stands_for(1), 1);
    }
}
