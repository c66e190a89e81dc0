//! Runs the chance searches of ply-core ([`ply_core::chance`]) on a tree with chance
//! nodes and records what they did at every node: the value (an exact fraction), the
//! window, whether it was visited, probed or pruned, and the trace of steps, each
//! weighted sum as it is built.
//!
//! As [`crate::annotate()`] does for minimax, nothing is searched here: the searches
//! are ply-core's, watched through [`ChanceObserver`]. Values are MAX's, in the
//! tree's own units (a tree written with decimals has its values scaled back).
//!
//! ```
//! use ply_tree::chance::{ChanceAlgorithm, annotate_chance};
//! use ply_tree::parse;
//!
//! // MAX picks a die: the left one pays 3 or 9, the right one 8 or 0, equally likely.
//! let tree = parse("((l[chance] 3 9) (r[chance] 8 0))", &Default::default()).unwrap();
//! let run = annotate_chance(&tree, ChanceAlgorithm::Expectiminimax, None).unwrap();
//! assert_eq!(run.value.to_string(), "6");
//! assert_eq!(run.best, Some(1)); // the left one
//! ```

use crate::annotate::Bound;
use crate::tree::{ExplicitTree, NodeId, TreePosition};
use ply_core::chance::{
    Bounds, ChanceError, ChanceObserver, ChanceStats, NodeKind, Ratio, expectiminimax_with,
    star1_with, star2_with,
};
use ply_core::stop::Stop;

/// The chance searches the tree lab runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChanceAlgorithm {
    /// Every node: MAX the highest child, MIN the lowest, chance the weighted sum.
    Expectiminimax,
    /// Ballard's Star1: alpha-beta's windows carried through chance nodes.
    Star1,
    /// Star2: Star1 after probing one move of each child of a chance node.
    Star2,
}

impl ChanceAlgorithm {
    /// The name on the command line and in JSON: `expectiminimax`, `star1`, `star2`.
    pub fn name(self) -> &'static str {
        match self {
            ChanceAlgorithm::Expectiminimax => "expectiminimax",
            ChanceAlgorithm::Star1 => "star1",
            ChanceAlgorithm::Star2 => "star2",
        }
    }
}

impl std::str::FromStr for ChanceAlgorithm {
    type Err = String;

    /// `expectiminimax` (or `expectimax`), `star1`, `star2` (also `*1`, `*2`).
    fn from_str(text: &str) -> Result<ChanceAlgorithm, String> {
        match text.to_ascii_lowercase().replace(['-', '_'], "").as_str() {
            "expectiminimax" | "expectimax" => Ok(ChanceAlgorithm::Expectiminimax),
            "star1" | "*1" => Ok(ChanceAlgorithm::Star1),
            "star2" | "*2" => Ok(ChanceAlgorithm::Star2),
            _ => Err(format!(
                "unknown search {} for a tree with chance nodes: expectiminimax, star1 or star2",
                ply_core::text::excerpt(text)
            )),
        }
    }
}

/// What a chance search did at one node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChanceNodeReport {
    /// 1 for the root, 2 for the next node entered, ...; `None` if never entered.
    pub visit_order: Option<u32>,
    /// The window it was entered with (Star1, Star2), in the tree's units.
    pub window: Option<(Ratio, Ratio)>,
    /// The value it returned, in the tree's units; `None` where not visited.
    pub value: Option<Ratio>,
    /// Whether the value is exact or a bound (a node cut off).
    pub bound: Option<Bound>,
    /// Star2: the bound its probe gave (a MAX node is worth at least it, a MIN node at
    /// most).
    pub probe: Option<Ratio>,
    /// On the line both players choose, from the root down to the first chance node.
    pub on_pv: bool,
    /// Never looked at: an ancestor stopped before it.
    pub pruned: bool,
}

/// One step of a chance search, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChanceStep {
    /// A node is entered (with its window, for Star1 and Star2).
    Enter {
        /// The node.
        node: NodeId,
        /// Its window, in the tree's units.
        window: Option<(Ratio, Ratio)>,
    },
    /// A leaf's value is read.
    Leaf {
        /// The leaf.
        node: NodeId,
        /// Its value.
        value: Ratio,
    },
    /// Star2 probed `node`, a child of a chance node, through its first move.
    Probe {
        /// The child probed.
        node: NodeId,
        /// The bound found (at least, for a MAX node; at most, for a MIN node).
        bound: Ratio,
    },
    /// A chance node adds a child's weighted value to its sum.
    Add {
        /// The chance node.
        node: NodeId,
        /// The child.
        child: NodeId,
        /// The child's probability.
        probability: Ratio,
        /// The child's value (a bound if the child was cut off).
        value: Ratio,
        /// The sum so far: the children added up to here, each times its probability.
        sum: Ratio,
    },
    /// A node returns its value.
    Exit {
        /// The node.
        node: NodeId,
        /// Its value.
        value: Ratio,
        /// Exact, or the bound it is (the node stopped early).
        bound: Bound,
        /// The children never looked at.
        pruned: Vec<NodeId>,
    },
}

/// A chance search of a tree, node by node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChanceRun {
    /// The search.
    pub algorithm: ChanceAlgorithm,
    /// The root's value for MAX, exact, in the tree's units.
    pub value: Ratio,
    /// The root's best child, at a MAX or MIN root.
    pub best: Option<NodeId>,
    /// One report per node, indexed by id.
    pub nodes: Vec<ChanceNodeReport>,
    /// Every step, in order.
    pub steps: Vec<ChanceStep>,
    /// What the search counted.
    pub stats: ChanceStats,
    /// The leaf bounds Star1 and Star2 used, in the tree's units.
    pub bounds: Option<Bounds>,
}

/// Watches a search on the tree and writes the report.
struct Recorder<'t> {
    tree: &'t ExplicitTree,
    scale: Ratio,
    nodes: Vec<ChanceNodeReport>,
    steps: Vec<ChanceStep>,
    /// The weighted sum of each chance node being searched.
    sums: Vec<Ratio>,
    visits: u32,
    /// What stops the search, if anything, and how many times it was asked.
    stop: Option<&'t Stop>,
    polls: u64,
}

impl Recorder<'_> {
    /// A value of the search (scaled units) in the tree's units.
    fn units(&self, value: Ratio) -> Ratio {
        value.checked_div(self.scale).unwrap_or(value)
    }
}

impl<'t> ChanceObserver<TreePosition<'t>> for Recorder<'t> {
    /// The stop's flag at every node; its deadline, parent and check every 1,024.
    fn stop_requested(&mut self) -> bool {
        let Some(stop) = self.stop else {
            return false;
        };
        self.polls += 1;
        stop.flag_raised() || (self.polls % 1024 == 0 && stop.is_raised())
    }

    fn enter(&mut self, pos: &TreePosition<'t>, _ply: u32, window: Option<(Ratio, Ratio)>) {
        let id = pos.node;
        self.visits += 1;
        let window = window.map(|(a, b)| (self.units(a), self.units(b)));
        let report = &mut self.nodes[id as usize];
        report.visit_order.get_or_insert(self.visits);
        report.window = window;
        if self.tree.node(id).chance {
            self.sums[id as usize] = Ratio::ZERO;
        }
        // A leaf is only read: its step is `Leaf`.
        if !self.tree.node(id).is_leaf() {
            self.steps.push(ChanceStep::Enter { node: id, window });
        }
    }

    fn probe(&mut self, pos: &TreePosition<'t>, _ply: u32, bound: Ratio) {
        let bound = self.units(bound);
        self.nodes[pos.node as usize].probe = Some(bound);
        self.steps.push(ChanceStep::Probe {
            node: pos.node,
            bound,
        });
    }

    fn leave(&mut self, pos: &TreePosition<'t>, _ply: u32, value: Ratio, cut: bool) {
        let id = pos.node;
        let value = self.units(value);
        let tree = self.tree;
        let leaf = tree.node(id).is_leaf();
        // A value at or beyond the window's edge is a bound, except at a leaf (read,
        // not searched) and at the root (whose window holds every value).
        let bound = match self.nodes[id as usize].window {
            _ if leaf || id == tree.root() => Bound::Exact,
            Some((alpha, _)) if value <= alpha => Bound::Upper,
            Some((_, beta)) if value >= beta => Bound::Lower,
            _ => Bound::Exact,
        };
        let report = &mut self.nodes[id as usize];
        report.value = Some(value);
        report.bound = Some(bound);
        if leaf {
            self.steps.push(ChanceStep::Leaf { node: id, value });
        } else {
            let pruned = if cut {
                tree.children(id)
                    .iter()
                    .copied()
                    .filter(|&c| self.nodes[c as usize].visit_order.is_none())
                    .collect()
            } else {
                Vec::new()
            };
            self.steps.push(ChanceStep::Exit {
                node: id,
                value,
                bound,
                pruned,
            });
        }
        // A chance parent adds this child to its sum (a probe's grandchild is not one
        // of its parent's outcomes: its parent is a player's node).
        if let Some(parent) = tree.node(id).parent
            && tree.node(parent).chance
        {
            let probability = tree.probability(id).unwrap_or(Ratio::ZERO);
            let sum = probability
                .checked_mul(value)
                .and_then(|weighted| self.sums[parent as usize].checked_add(weighted))
                .unwrap_or(Ratio::ZERO);
            self.sums[parent as usize] = sum;
            self.steps.push(ChanceStep::Add {
                node: parent,
                child: id,
                probability,
                value,
                sum,
            });
        }
    }
}

/// The least and the most a leaf of `tree` is worth (scaled units).
fn leaf_bounds(tree: &ExplicitTree) -> Option<Bounds> {
    let values = (0..tree.len() as NodeId).filter_map(|id| tree.max_value(id));
    let (low, high) = values.fold((i32::MAX, i32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    Bounds::new(Ratio::from(low), Ratio::from(high))
}

/// Runs `algorithm` on `tree` and records every node and step. Star1 and Star2 use
/// `bounds` (in the tree's units), or by default the least and the most any leaf is
/// worth.
pub fn annotate_chance(
    tree: &ExplicitTree,
    algorithm: ChanceAlgorithm,
    bounds: Option<Bounds>,
) -> Result<ChanceRun, ChanceError> {
    run(tree, algorithm, bounds, None)
}

/// [`annotate_chance`], ended by `stop` ([`ChanceError::Stopped`]) when it is raised or
/// its deadline passes. A small tree may take long: Star2 searches again what it
/// probed, so a chain of chance nodes doubles the nodes it visits at every one (18 of
/// them, 73 nodes in all, make 1,179,645 visits). The stop's flag is looked at every
/// node, its deadline every 1,024.
///
/// ```
/// use ply_core::stop::Stop;
/// use ply_tree::chance::{ChanceAlgorithm, annotate_chance_until};
/// use ply_tree::parse;
///
/// let tree = parse("((l[chance] 3 9) (r[chance] 8 0))", &Default::default()).unwrap();
/// let stop = Stop::new();
/// assert!(annotate_chance_until(&tree, ChanceAlgorithm::Star2, None, &stop).is_ok());
/// stop.raise();
/// assert!(annotate_chance_until(&tree, ChanceAlgorithm::Star2, None, &stop).is_err());
/// ```
pub fn annotate_chance_until(
    tree: &ExplicitTree,
    algorithm: ChanceAlgorithm,
    bounds: Option<Bounds>,
    stop: &Stop,
) -> Result<ChanceRun, ChanceError> {
    run(tree, algorithm, bounds, Some(stop))
}

fn run(
    tree: &ExplicitTree,
    algorithm: ChanceAlgorithm,
    bounds: Option<Bounds>,
    stop: Option<&Stop>,
) -> Result<ChanceRun, ChanceError> {
    let scale = Ratio::from(10i64.pow(tree.decimals() as u32));
    let scaled = match bounds {
        Some(b) => Bounds::new(
            b.lower().checked_mul(scale).ok_or(ChanceError::Overflow)?,
            b.upper().checked_mul(scale).ok_or(ChanceError::Overflow)?,
        ),
        None => leaf_bounds(tree),
    }
    .ok_or(ChanceError::Overflow)?;
    let mut recorder = Recorder {
        tree,
        scale,
        nodes: vec![ChanceNodeReport::default(); tree.len()],
        steps: Vec::new(),
        sums: vec![Ratio::ZERO; tree.len()],
        visits: 0,
        stop,
        polls: 0,
    };
    let root = tree.root_position();
    let result = match algorithm {
        ChanceAlgorithm::Expectiminimax => expectiminimax_with(&root, &mut recorder)?,
        ChanceAlgorithm::Star1 => star1_with(&root, scaled, &mut recorder)?,
        ChanceAlgorithm::Star2 => star2_with(&root, scaled, &mut recorder)?,
    };
    let mut nodes = recorder.nodes;
    for (id, report) in nodes.iter_mut().enumerate() {
        report.pruned = report.visit_order.is_none() && id != 0;
    }
    // The line both players choose: the best child at each player's node, while the
    // values are exact; a chance node ends it (what follows is chance's).
    let mut at = tree.root();
    loop {
        nodes[at as usize].on_pv = true;
        if tree.node(at).chance || tree.node(at).is_leaf() {
            break;
        }
        let exact = |c: &NodeId| {
            let report = &nodes[*c as usize];
            (report.bound == Some(Bound::Exact))
                .then_some(report.value)
                .flatten()
        };
        let children = tree.children(at);
        let best = match tree.kind(at) {
            NodeKind::Max => children
                .iter()
                .filter(|c| exact(c).is_some())
                .max_by(|a, b| exact(a).cmp(&exact(b)).then(b.cmp(a))),
            _ => children
                .iter()
                .filter(|c| exact(c).is_some())
                .min_by(|a, b| exact(a).cmp(&exact(b)).then(a.cmp(b))),
        };
        match best {
            Some(&child) => at = child,
            None => break,
        }
    }
    Ok(ChanceRun {
        algorithm,
        value: result.value.checked_div(scale).unwrap_or(result.value),
        best: result.best,
        nodes,
        steps: recorder.steps,
        stats: result.stats,
        bounds: Bounds::new(
            scaled.lower().checked_div(scale).unwrap_or(scaled.lower()),
            scaled.upper().checked_div(scale).unwrap_or(scaled.upper()),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;
    use std::time::{Duration, Instant};

    /// A chance root of `n` equally likely outcomes, outcome `i` a MAX node choosing
    /// between the leaves `i` and `n - 1 - i`: worth `(3n - 2) / 4` for an even `n`.
    fn fan(n: usize) -> ExplicitTree {
        let outcomes: Vec<String> = (0..n).map(|i| format!("({i} {})", n - 1 - i)).collect();
        let text = format!("(r[chance] {})", outcomes.join(" "));
        parse(&text, &Default::default()).unwrap()
    }

    /// `levels` chance nodes one below the other: each has a MAX node (its one move
    /// the next chance node, or a 1 at the bottom, and a 0) and a 2, equally likely.
    fn chain(levels: usize) -> ExplicitTree {
        let mut text = "1".to_string();
        for _ in 0..levels {
            text = format!("(c[chance] ([max] {text} 0) 2)");
        }
        parse(&text, &Default::default()).unwrap()
    }

    /// Star1 and Star2 value one chance node of 10,000 and 20,000 outcomes exactly, in
    /// time linear in the outcomes (they took 68-78 s and 170-299 s, re-summing the
    /// other outcomes' bounds for each one; the arithmetic is counted in ply-core).
    #[test]
    fn a_chance_node_of_many_outcomes_is_valued_at_once() {
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for n in [10_000usize, 20_000] {
                let tree = fan(n);
                for algorithm in [ChanceAlgorithm::Star1, ChanceAlgorithm::Star2] {
                    let run = annotate_chance(&tree, algorithm, None).map(|run| run.value);
                    let _ = sender.send((n, algorithm, run));
                }
            }
        });
        for _ in 0..4 {
            let (n, algorithm, value) = receiver
                .recv_timeout(Duration::from_secs(30))
                .expect("a chance node of many outcomes still searched after 30 s");
            let expected = Ratio::new(3 * n as i128 - 2, 4).unwrap();
            assert_eq!(value, Ok(expected), "{n} outcomes, {}", algorithm.name());
        }
    }

    /// Star2 probes, then searches again what it probed: a chain of chance nodes doubles
    /// its nodes every level (4,605 nodes visited for 10 levels, 73,725 for 14, in a
    /// tree of 41 and 57 nodes). A stop ends it: raised, or at its deadline.
    #[test]
    fn a_stop_ends_a_chance_search() {
        for (levels, visited) in [(10, 4_605), (14, 73_725)] {
            let tree = chain(levels);
            assert_eq!(tree.len(), 4 * levels + 1);
            let run = annotate_chance(&tree, ChanceAlgorithm::Star2, None).unwrap();
            assert_eq!(run.stats.nodes, visited);
            // Each level is worth half the level below (MAX takes it over 0) plus half
            // of 2: 2 - 2^-levels from the 1 at the bottom.
            let value = Ratio::new((1 << (levels + 1)) - 1, 1 << levels).unwrap();
            let exact = annotate_chance(&tree, ChanceAlgorithm::Expectiminimax, None).unwrap();
            assert_eq!((run.value, exact.value), (value, value));
            let until = annotate_chance_until(&tree, ChanceAlgorithm::Star2, None, &Stop::new());
            assert_eq!(until, Ok(run));
        }
        let raised = Stop::new();
        raised.raise();
        let tree = chain(60);
        for algorithm in [
            ChanceAlgorithm::Expectiminimax,
            ChanceAlgorithm::Star1,
            ChanceAlgorithm::Star2,
        ] {
            let stopped = annotate_chance_until(&tree, algorithm, None, &raised);
            assert_eq!(stopped, Err(ChanceError::Stopped), "{}", algorithm.name());
        }
        // 60 levels: some 2^60 nodes. The deadline ends it.
        let clock = Instant::now();
        let timed = Stop::new().with_timeout(Duration::from_millis(100));
        let stopped = annotate_chance_until(&tree, ChanceAlgorithm::Star2, None, &timed);
        assert_eq!(stopped, Err(ChanceError::Stopped));
        let elapsed = clock.elapsed();
        assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
    }
}
