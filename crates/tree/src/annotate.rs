//! Runs a search of ply-core on an explicit tree and records what it did at
//! every node: the backed-up value, whether it was visited or pruned, the
//! alpha-beta window, the principal variation, and the trace of steps.
//!
//! The searches are not re-implemented here: they are the ones of ply-core,
//! watched through their [`Observer`] hook. Everything recorded is converted
//! to MAX's point of view (the player at the root), as textbooks draw trees.
//!
//! ```
//! use ply_core::Algorithm;
//! use ply_tree::{annotate, parse};
//!
//! let tree = parse("((3 12 8) (2 4 6) (14 5 2))", &Default::default()).unwrap();
//! let run = annotate(&tree, Algorithm::AlphaBeta);
//! assert_eq!(tree.format_score(run.value), "3");
//! let pruned: Vec<String> = (0..tree.len() as u32)
//!     .filter(|&id| run.nodes[id as usize].pruned)
//!     .map(|id| tree.format_value(tree.node(id).value.unwrap()))
//!     .collect();
//! assert_eq!(pruned, ["4", "6"]); // the last two leaves of the second branch
//! ```

use crate::tree::{ExplicitTree, NodeId, TreePosition};
use ply_core::{
    Algorithm, NoEvaluation, Observer, Player, PruningRule, Score, SearchOptions, SearchStats,
};

/// What a backed-up value says about the true value of its node (MAX's point of view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true minimax value.
    Exact,
    /// The true value is at least this (a MAX node cut off: MIN avoids it).
    Lower,
    /// The true value is at most this (a MIN node cut off, or a MAX node that failed low).
    Upper,
}

impl Bound {
    /// The bound's name in JSON: `exact`, `lower` or `upper`.
    pub fn name(self) -> &'static str {
        match self {
            Bound::Exact => "exact",
            Bound::Lower => "lower",
            Bound::Upper => "upper",
        }
    }

    /// `""`, `"≥"` or `"≤"`: what to write before the value.
    pub fn symbol(self) -> &'static str {
        match self {
            Bound::Exact => "",
            Bound::Lower => "≥",
            Bound::Upper => "≤",
        }
    }
}

/// An alpha-beta window from MAX's point of view: `alpha` is what MAX is
/// already sure of, `beta` what MIN is already sure of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The least value MAX is already sure of.
    pub alpha: Score,
    /// The most MIN is already sure MAX cannot get beyond.
    pub beta: Score,
}

/// A node that stopped early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cutoff {
    /// The value of the child that caused the cut (MAX's view).
    pub value: Score,
    /// The window just before that child returned.
    pub window: Window,
    /// The children never looked at.
    pub pruned: Vec<NodeId>,
}

/// What the search did at one node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeReport {
    /// 1 for the first node entered (the root), 2 for the next, ...; `None` if never entered.
    pub visit_order: Option<u32>,
    /// The window the node was entered with.
    pub window: Option<Window>,
    /// The backed-up value (MAX's view); `None` where the node was not visited.
    pub value: Option<Score>,
    /// Whether `value` is exact or a bound (a node cut off); `None` where not visited.
    pub bound: Option<Bound>,
    /// On the principal variation: the line both players choose.
    pub on_pv: bool,
    /// Never looked at, because an ancestor's search was cut off.
    pub pruned: bool,
    /// For a pruned node, the node whose cutoff pruned it.
    pub pruned_at: Option<NodeId>,
    /// Set on the node where a cutoff happened.
    pub cutoff: Option<Cutoff>,
}

impl NodeReport {
    /// True when the search entered this node.
    pub fn visited(&self) -> bool {
        self.visit_order.is_some()
    }
}

/// One step of the search, in the order it happened (MAX's point of view throughout).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// An inner node is entered with a window.
    Enter {
        /// The node entered.
        node: NodeId,
        /// Its window.
        window: Window,
    },
    /// A leaf is evaluated.
    Leaf {
        /// The leaf.
        node: NodeId,
        /// Its value (MAX's view).
        value: Score,
        /// The window it was reached with.
        window: Window,
    },
    /// A node stops early: `value` reached the window's bound.
    Cutoff {
        /// The node that stops.
        node: NodeId,
        /// The value that reached the bound (MAX's view).
        value: Score,
        /// The window at that moment.
        window: Window,
        /// The children it will never look at.
        pruned: Vec<NodeId>,
    },
    /// An inner node returns its backed-up value.
    Exit {
        /// The node left.
        node: NodeId,
        /// Its backed-up value (MAX's view).
        value: Score,
        /// Whether the value is exact or a bound.
        bound: Bound,
    },
}

/// A search of an explicit tree, node by node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Annotation {
    /// The search that made this annotation.
    pub algorithm: Algorithm,
    /// The root's value (MAX's view).
    pub value: Score,
    /// The root child chosen, `None` if the root is a leaf.
    pub best: Option<NodeId>,
    /// The principal variation, root first.
    pub pv: Vec<NodeId>,
    /// Nodes, leaves and beta cutoffs as ply-core counts them.
    pub stats: SearchStats,
    /// Cutoffs that pruned at least one child (ply-core also counts a cut on the last child).
    pub cutoffs: u64,
    /// Indexed by node id.
    pub nodes: Vec<NodeReport>,
    /// Every step of the search, in the order it happened.
    pub steps: Vec<Step>,
}

/// A score seen by `player` converted to MAX's (the first player's) point of view.
fn for_max(player: Player, score: Score) -> Score {
    match player {
        Player::First => score,
        Player::Second => -score,
    }
}

fn window_for_max(player: Player, alpha: Score, beta: Score) -> Window {
    match player {
        Player::First => Window { alpha, beta },
        Player::Second => Window {
            alpha: -beta,
            beta: -alpha,
        },
    }
}

/// An inner node being searched (values from its mover's point of view).
struct Frame {
    node: NodeId,
    alpha: Score,
    best: Score,
    /// `max(alpha, best)` before the last child returned: the window that child was judged against.
    alpha_before_last: Score,
}

struct Recorder<'t> {
    tree: &'t ExplicitTree,
    nodes: Vec<NodeReport>,
    steps: Vec<Step>,
    frames: Vec<Frame>,
    entered: u32,
}

impl Recorder<'_> {
    fn mover(&self, node: NodeId) -> Player {
        self.tree.node(node).mover
    }

    /// A child returned `value` (its mover's view): fold it into the parent's frame.
    fn child_returned(&mut self, child: NodeId, value: Score) {
        let child_mover = self.mover(child);
        if let Some(frame) = self.frames.last_mut() {
            let parent_mover = self.tree.node(frame.node).mover;
            let v = if parent_mover == child_mover {
                value
            } else {
                -value
            };
            frame.alpha_before_last = frame.alpha.max(frame.best);
            frame.best = frame.best.max(v);
        }
    }
}

impl<'t> Observer<TreePosition<'t>> for Recorder<'t> {
    fn enter(&mut self, position: &TreePosition<'t>, _ply: u32, alpha: Score, beta: Score) {
        let node = position.node;
        let mover = self.mover(node);
        self.entered += 1;
        let window = window_for_max(mover, alpha, beta);
        let report = &mut self.nodes[node as usize];
        report.visit_order = Some(self.entered);
        report.window = Some(window);
        if !self.tree.node(node).is_leaf() {
            self.steps.push(Step::Enter { node, window });
            self.frames.push(Frame {
                node,
                alpha,
                best: -Score::INFINITY,
                alpha_before_last: alpha,
            });
        }
    }

    fn leaf(&mut self, position: &TreePosition<'t>, _ply: u32, value: Score) {
        let node = position.node;
        let report = &self.nodes[node as usize];
        let window = report.window.unwrap_or(Window {
            alpha: -Score::INFINITY,
            beta: Score::INFINITY,
        });
        self.steps.push(Step::Leaf {
            node,
            value: for_max(self.mover(node), value),
            window,
        });
    }

    fn exit(&mut self, position: &TreePosition<'t>, _ply: u32, value: Score) {
        let node = position.node;
        let mover = self.mover(node);
        let leaf = self.tree.node(node).is_leaf();
        if !leaf {
            self.frames.pop();
        }
        let max_value = for_max(mover, value);
        let report = &mut self.nodes[node as usize];
        report.value = Some(max_value);
        report.bound = Some(Bound::Exact); // inner nodes: settled by `settle_bounds` at the end
        if !leaf {
            self.steps.push(Step::Exit {
                node,
                value: max_value,
                bound: Bound::Exact,
            });
        }
        self.child_returned(node, value);
    }

    fn cutoff(
        &mut self,
        position: &TreePosition<'t>,
        _ply: u32,
        _alpha: Score,
        beta: Score,
        pruned: &[NodeId],
    ) {
        if pruned.is_empty() {
            // The last move reached beta: nothing is left to prune, so for a
            // learner nothing was cut (ply-core still counts it in its stats).
            return;
        }
        let node = position.node;
        let mover = self.mover(node);
        let (alpha_before, best) = self
            .frames
            .last()
            .map_or((-Score::INFINITY, -Score::INFINITY), |f| {
                (f.alpha_before_last, f.best)
            });
        let window = window_for_max(mover, alpha_before, beta);
        let value = for_max(mover, best);
        let mut stack: Vec<NodeId> = pruned.to_vec();
        while let Some(id) = stack.pop() {
            let report = &mut self.nodes[id as usize];
            report.pruned = true;
            report.pruned_at = Some(node);
            stack.extend_from_slice(self.tree.children(id));
        }
        self.nodes[node as usize].cutoff = Some(Cutoff {
            value,
            window,
            pruned: pruned.to_vec(),
        });
        self.steps.push(Step::Cutoff {
            node,
            value,
            window,
            pruned: pruned.to_vec(),
        });
    }
}

/// Searches `tree` from its root with `algorithm` and reports every node.
pub fn annotate(tree: &ExplicitTree, algorithm: Algorithm) -> Annotation {
    annotate_with(tree, algorithm, PruningRule::Ge)
}

/// [`annotate`] with alpha-beta's pruning rule: [`PruningRule::Gt`] goes on past a tie
/// (a value equal to the bound) where the default cuts.
///
/// ```
/// use ply_core::{Algorithm, PruningRule};
/// use ply_tree::{annotate_with, parse};
///
/// // At b the first leaf, 3, equals what a guarantees.
/// let tree = parse("(r (a 3 5) (b 3 1) (c 2 7))", &Default::default()).unwrap();
/// let ge = annotate_with(&tree, Algorithm::AlphaBeta, PruningRule::Ge);
/// let gt = annotate_with(&tree, Algorithm::AlphaBeta, PruningRule::Gt);
/// assert_eq!((ge.stats.leaves, gt.stats.leaves), (4, 5));
/// assert_eq!(tree.format_score(ge.value), tree.format_score(gt.value));
/// ```
pub fn annotate_with(
    tree: &ExplicitTree,
    algorithm: Algorithm,
    pruning: PruningRule,
) -> Annotation {
    let mut recorder = Recorder {
        tree,
        nodes: vec![NodeReport::default(); tree.len()],
        steps: Vec::new(),
        frames: Vec::new(),
        entered: 0,
    };
    let root = tree.root_position();
    let result = algorithm.search(
        &root,
        &NoEvaluation,
        SearchOptions {
            pruning,
            ..SearchOptions::default()
        },
        &mut recorder,
    );
    let mut pv = vec![tree.root()];
    pv.extend_from_slice(&result.pv);
    let mut nodes = recorder.nodes;
    let mut steps = recorder.steps;
    for &id in &pv {
        nodes[id as usize].on_pv = true;
    }
    settle_bounds(tree, &mut nodes);
    for step in &mut steps {
        if let Step::Exit { node, bound, .. } = step {
            *bound = nodes[*node as usize].bound.unwrap_or(Bound::Exact);
        }
    }
    let cutoffs = nodes.iter().filter(|n| n.cutoff.is_some()).count() as u64;
    Annotation {
        algorithm,
        value: for_max(tree.node(tree.root()).mover, result.value),
        best: result.best,
        pv,
        stats: result.stats,
        cutoffs,
        nodes,
        steps,
    }
}

/// Says of every visited inner node whether its backed-up value is the true
/// minimax value or only a bound, from what is known of its children (MAX's view):
/// a MAX node is worth the largest child, a MIN node the smallest, and a child
/// never visited could be worth anything.
fn settle_bounds(tree: &ExplicitTree, nodes: &mut [NodeReport]) {
    for id in (0..tree.len() as NodeId).rev() {
        let node = tree.node(id);
        let Some(value) = nodes[id as usize].value else {
            continue;
        };
        if node.is_leaf() {
            continue;
        }
        // Bounds on each child's true value.
        let ranges = tree.children(id).iter().map(|&c| {
            let child = &nodes[c as usize];
            match (child.value, child.bound) {
                (Some(v), Some(Bound::Exact)) => (v, v),
                (Some(v), Some(Bound::Lower)) => (v, Score::INFINITY),
                (Some(v), Some(Bound::Upper)) => (-Score::INFINITY, v),
                _ => (-Score::INFINITY, Score::INFINITY),
            }
        });
        let (low, high) = match node.mover {
            Player::First => ranges
                .fold((-Score::INFINITY, -Score::INFINITY), |(l, h), (cl, ch)| {
                    (l.max(cl), h.max(ch))
                }),
            Player::Second => ranges
                .fold((Score::INFINITY, Score::INFINITY), |(l, h), (cl, ch)| {
                    (l.min(cl), h.min(ch))
                }),
        };
        nodes[id as usize].bound = Some(if low == high {
            Bound::Exact
        } else if value == low {
            Bound::Lower
        } else {
            Bound::Upper
        });
    }
}
