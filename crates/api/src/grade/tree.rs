//! The trees a student's program searches: each node named as the protocol names it,
//! with its kind, its children in order, its probability under a chance node and its
//! value, exact.
//!
//! A test's tree comes from one of ply's tree formats ([`TestTree::from_explicit`]), a
//! course's file ([`super::cs188`]) or a game position ([`TestTree::tictactoe`]). In a
//! game's tree every position has a value (the evaluation f(p), or the result of a
//! finished game), because the program chooses where its search stops.

use ply_core::Player;
use ply_core::chance::Ratio;
use ply_games::{Mnk, Notation};
use ply_tree::{ExplicitTree, LeafPerspective, NodeId};
use std::collections::HashMap;

/// What a node is, as `children N` answers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// MAX to move: takes the largest child.
    Max,
    /// MIN to move: takes the smallest child.
    Min,
    /// A die, a coin or a card: the children weighted by their probabilities.
    Chance,
    /// No children: the node has a value.
    Leaf,
}

impl Role {
    /// The word of the protocol: `max`, `min`, `chance` or `leaf`.
    pub fn word(self) -> &'static str {
        match self {
            Role::Max => "max",
            Role::Min => "min",
            Role::Chance => "chance",
            Role::Leaf => "leaf",
        }
    }
}

/// One node of a test's tree.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    /// The name the protocol uses.
    pub name: String,
    pub role: Role,
    pub children: Vec<u32>,
    pub parent: Option<u32>,
    /// The probability of this node under its parent, a chance node.
    pub probability: Option<Ratio>,
    /// The value from MAX's point of view: a leaf's, or (in a game's tree) any
    /// position's evaluation.
    pub value: Option<Ratio>,
    /// True where MAX is to move (at a leaf: the player who would move next).
    pub max_to_move: bool,
    /// Plies from the root.
    pub depth: u32,
    /// A position of a game whose children were not written out: a search that asks for
    /// them has gone deeper than the test allows.
    pub frontier: bool,
}

/// Where a test's tree came from, for the link that opens it in the tree lab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// A tree in the bracket format.
    Written(String),
    /// A tic-tac-toe position, searched to a depth.
    TicTacToe { position: String, depth: u32 },
}

/// A test's tree.
#[derive(Clone, Debug)]
pub struct TestTree {
    pub(crate) nodes: Vec<Node>,
    index: HashMap<String, u32>,
    /// Every position has a value (a game's tree): `value` answers inner nodes too.
    pub(crate) valued_everywhere: bool,
    pub(crate) origin: Origin,
}

/// The most nodes a test's tree may have.
pub const MAX_TEST_NODES: usize = 100_000;

impl TestTree {
    /// The tree of one of ply's tree formats, every node named as the file names it
    /// (`#N`, N its place in reading order, for nodes the file leaves unnamed; every
    /// node so when two nodes share a name).
    pub fn from_explicit(tree: &ExplicitTree) -> Result<TestTree, String> {
        if tree.len() > MAX_TEST_NODES {
            return Err(format!(
                "the tree has {} nodes, more than the {MAX_TEST_NODES} a test may have",
                tree.len()
            ));
        }
        let scale = Ratio::new(10i128.pow(tree.decimals() as u32), 1).unwrap_or(Ratio::ONE);
        let mut seen = std::collections::HashSet::new();
        let unique = tree.nodes().iter().all(|n| seen.insert(n.name.as_str()));
        let mut nodes = Vec::with_capacity(tree.len());
        for id in 0..tree.len() as NodeId {
            let node = tree.node(id);
            let role = if node.is_leaf() {
                Role::Leaf
            } else if node.chance {
                Role::Chance
            } else if node.mover == Player::First {
                Role::Max
            } else {
                Role::Min
            };
            let value = tree
                .max_value(id)
                .and_then(|v| Ratio::from(v).checked_div(scale));
            nodes.push(Node {
                name: if unique {
                    node.name.clone()
                } else {
                    format!("#{}", id + 1)
                },
                role,
                children: tree.children(id).to_vec(),
                parent: node.parent,
                probability: tree.probability(id),
                value,
                max_to_move: node.mover == Player::First,
                depth: node.depth,
                frontier: false,
            });
        }
        let plain = tree.with_perspective(LeafPerspective::Max);
        Ok(TestTree::indexed(
            nodes,
            false,
            Origin::Written(plain.to_bracket()),
        ))
    }

    fn indexed(nodes: Vec<Node>, valued_everywhere: bool, origin: Origin) -> TestTree {
        let index = nodes
            .iter()
            .enumerate()
            .map(|(id, node)| (node.name.clone(), id as u32))
            .collect();
        TestTree {
            nodes,
            index,
            valued_everywhere,
            origin,
        }
    }

    /// A tic-tac-toe position's tree for a search `depth` plies deep with the
    /// textbook's evaluation: MAX is the player to move at `position`; f(p) is the
    /// number of lines still open for MAX minus those still open for MIN; a finished
    /// game is worth 100 to its winner (−100 to the loser), 0 drawn. Nodes are named by
    /// their moves from the root (`b2`, `b2.a1`; the root `start`), and the tree is
    /// written out two plies past `depth`, so that a search one ply too deep is seen
    /// for what it is.
    pub fn tictactoe(position: &str, depth: u32) -> Result<TestTree, String> {
        let board = Mnk::tic_tac_toe()
            .parse_position(position)
            .map_err(|e| e.to_string())?;
        let max = ply_core::Game::to_move(&board);
        let lines = board.lines();
        let evaluate = |b: &Mnk| -> Ratio {
            let (own, other) = stones(b, max);
            let value = match b.winner() {
                Some(p) if p == max => 100,
                Some(_) => -100,
                None => {
                    let open = |theirs: u64| lines.iter().filter(|&&l| l & theirs == 0).count();
                    open(other) as i64 - open(own) as i64
                }
            };
            Ratio::from(value)
        };
        let written = depth + 2;
        let mut nodes: Vec<Node> = Vec::new();
        let mut stack = vec![(board, None::<u32>, String::from("start"), 0u32)];
        while let Some((b, parent, name, d)) = stack.pop() {
            let id = nodes.len() as u32;
            if let Some(p) = parent {
                nodes[p as usize].children.push(id);
            }
            let moves = ply_core::Game::legal_moves(&b);
            let finished = ply_core::Game::outcome(&b).is_some() || moves.is_empty();
            let to_move = ply_core::Game::to_move(&b);
            nodes.push(Node {
                name: name.clone(),
                role: if finished {
                    Role::Leaf
                } else if to_move == max {
                    Role::Max
                } else {
                    Role::Min
                },
                children: Vec::new(),
                parent,
                probability: None,
                value: Some(evaluate(&b)),
                max_to_move: to_move == max,
                depth: d,
                frontier: !finished && d >= written,
            });
            if finished || d >= written {
                continue;
            }
            // Pushed in reverse so that the children are numbered in move order.
            for mv in moves.into_iter().rev() {
                let mut next = b;
                ply_core::Game::play(&mut next, mv);
                let step = b.move_string(mv);
                let child = if d == 0 {
                    step
                } else {
                    format!("{name}.{step}")
                };
                stack.push((next, Some(id), child, d + 1));
            }
            if nodes.len() > MAX_TEST_NODES {
                return Err(format!(
                    "the position's tree is larger than the {MAX_TEST_NODES} nodes a test may have"
                ));
            }
        }
        // Depth-first numbering with children pushed in reverse gives each parent its
        // children in move order; the children lists were filled in visiting order,
        // which is the same order.
        Ok(TestTree::indexed(
            nodes,
            true,
            Origin::TicTacToe {
                position: position.to_string(),
                depth,
            },
        ))
    }

    /// The node called `name`.
    pub(crate) fn id(&self, name: &str) -> Option<u32> {
        self.index.get(name).copied()
    }

    pub(crate) fn node(&self, id: u32) -> &Node {
        &self.nodes[id as usize]
    }

    /// The number of nodes written out.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never true: a tree has its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// True when some node is a chance node.
    pub fn has_chance(&self) -> bool {
        self.nodes.iter().any(|n| n.role == Role::Chance)
    }

    /// The name of node `id`.
    pub(crate) fn name(&self, id: u32) -> &str {
        &self.nodes[id as usize].name
    }

    /// True for a node whose ancestors include `ancestor` (or that is `ancestor`).
    pub(crate) fn is_under(&self, id: u32, ancestor: u32) -> bool {
        let mut at = Some(id);
        while let Some(node) = at {
            if node == ancestor {
                return true;
            }
            at = self.nodes[node as usize].parent;
        }
        false
    }

    /// The text of a value as the protocol writes it: a whole number, or a decimal
    /// with the digits it needs (a fraction that no decimal ends: 12 places).
    pub(crate) fn number(value: Ratio) -> String {
        for places in 0..=12 {
            let text = value.to_decimal(places);
            if let Some(back) = parse_exact(&text)
                && back == value
            {
                return text;
            }
        }
        value.to_decimal(12)
    }
}

/// The stones of `max` and of the other player.
fn stones(board: &Mnk, max: Player) -> (u64, u64) {
    let (mut own, mut other) = (0u64, 0u64);
    for cell in 0..9u8 {
        match board.stone(ply_games::Cell(cell)) {
            Some(p) if p == max => own |= 1 << cell,
            Some(_) => other |= 1 << cell,
            None => {}
        }
    }
    (own, other)
}

/// A decimal written with at most 18 digits after the point, exactly.
pub(crate) fn parse_exact(text: &str) -> Option<Ratio> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() && fraction.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !fraction.bytes().all(|b| b.is_ascii_digit())
        || whole.len() > 18
        || fraction.len() > 18
    {
        return None;
    }
    let scale = 10i128.pow(fraction.len() as u32);
    let whole: i128 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let fraction: i128 = if fraction.is_empty() {
        0
    } else {
        fraction.parse().ok()?
    };
    let magnitude = whole.checked_mul(scale)?.checked_add(fraction)?;
    Ratio::new(if negative { -magnitude } else { magnitude }, scale)
}
