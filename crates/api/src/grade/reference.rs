//! The reference searches, with every step recorded: what the right search of each
//! kind evaluates and expands, in order, and the cuts it makes with their windows.
//!
//! The same walk, with one thing changed, is each classic mistake ([`Mutation`]): a
//! student's program that behaves like a mutant on every test has made that mistake.
//! Values are exact fractions from MAX's point of view; the windows too.

use super::Rule;
use super::tree::{Role, TestTree};
use ply_core::chance::Ratio;

/// A bound of an alpha-beta window: a value, or one of the infinities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Bound {
    NegInf,
    Value(Ratio),
    PosInf,
}

impl Bound {
    pub(crate) fn text(self) -> String {
        match self {
            Bound::NegInf => "−∞".into(),
            Bound::PosInf => "+∞".into(),
            Bound::Value(v) => TestTree::number(v),
        }
    }
}

/// How the searched differs from the right search of its kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Mutation {
    /// Pruning with this rule; `None`: every child searched (minimax, expectimax).
    pub prune: Option<Rule>,
    /// A node's window is only its parent's best value so far: the bounds of the
    /// ancestors above it are not handed down (shallow pruning).
    pub shallow: bool,
    /// MAX minimises and MIN maximises.
    pub swap: bool,
    /// Each node's children last to first.
    pub reverse: bool,
    /// Negamax without the minus: each node takes its children's values as they are.
    pub no_negation: bool,
    /// Negamax with each leaf scored for the player who did not move there.
    pub negate_leaves: bool,
    /// A chance node takes the plain average of its children.
    pub uniform: bool,
    /// A chance node takes its smallest child, as a MIN node would.
    pub chance_as_min: bool,
    /// In a game's tree: the depth at which positions are evaluated.
    pub depth: Option<u32>,
}

/// One cut: at `node`, the window closed (α ≥ β, or α > β under the strict rule) and
/// the children from `first_skipped` on were not searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cut {
    pub node: u32,
    pub alpha: Bound,
    pub beta: Bound,
    pub skipped: Vec<u32>,
}

/// One evaluation: the leaf (or a game's position at the depth limit), with the
/// window of its parent when it was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Visit {
    pub node: u32,
    pub alpha: Bound,
    pub beta: Bound,
}

/// Everything a search did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Trace {
    /// The root's value, MAX's point of view (for the negamax mutants: the value the
    /// mutant's root returns).
    pub value: Option<Ratio>,
    /// The root's child that gives the value (the first such).
    pub best: Option<u32>,
    pub evaluated: Vec<Visit>,
    pub expanded: Vec<u32>,
    pub cuts: Vec<Cut>,
}

impl Trace {
    /// The evaluated nodes, in order.
    pub(crate) fn leaves(&self) -> Vec<u32> {
        self.evaluated.iter().map(|v| v.node).collect()
    }
}

/// Runs the search `mutation` describes on `tree`.
pub(crate) fn search(tree: &TestTree, mutation: Mutation) -> Trace {
    let mut walk = Walk {
        tree,
        m: mutation,
        trace: Trace::default(),
    };
    if mutation.no_negation || mutation.negate_leaves {
        let (value, best) = walk.naive_negamax(0);
        walk.trace.value = value;
        walk.trace.best = best;
    } else {
        let (value, best) = walk.node(0, Bound::NegInf, Bound::PosInf);
        walk.trace.value = Some(value);
        walk.trace.best = best;
    }
    walk.trace
}

/// The values of the root's children under the right search without pruning: a move
/// is right when it is worth the root's value.
pub(crate) fn child_values(tree: &TestTree, depth: Option<u32>) -> Vec<(u32, Ratio)> {
    let mut walk = Walk {
        tree,
        m: Mutation {
            depth,
            ..Mutation::default()
        },
        trace: Trace::default(),
    };
    tree.node(0)
        .children
        .iter()
        .map(|&c| (c, walk.node(c, Bound::NegInf, Bound::PosInf).0))
        .collect()
}

struct Walk<'t> {
    tree: &'t TestTree,
    m: Mutation,
    trace: Trace,
}

impl Walk<'_> {
    /// True where the search stops and evaluates: a leaf, or a game's position at the
    /// depth limit.
    fn stops_at(&self, id: u32) -> bool {
        let node = self.tree.node(id);
        node.role == Role::Leaf || self.m.depth.is_some_and(|d| node.depth >= d)
    }

    /// The children in the order the search takes them.
    fn children(&self, id: u32) -> Vec<u32> {
        let mut children = self.tree.node(id).children.clone();
        if self.m.reverse {
            children.reverse();
        }
        children
    }

    fn evaluate(&mut self, id: u32, alpha: Bound, beta: Bound) -> Ratio {
        self.trace.evaluated.push(Visit {
            node: id,
            alpha,
            beta,
        });
        self.tree.node(id).value.unwrap_or(Ratio::ZERO)
    }

    /// The value of `id` in the window (alpha, beta), MAX's point of view, and the
    /// child that gave it.
    fn node(&mut self, id: u32, alpha: Bound, beta: Bound) -> (Ratio, Option<u32>) {
        if self.stops_at(id) {
            return (self.evaluate(id, alpha, beta), None);
        }
        self.trace.expanded.push(id);
        let role = match (self.tree.node(id).role, self.m.swap) {
            (Role::Max, true) => Role::Min,
            (Role::Min, true) => Role::Max,
            (role, _) => role,
        };
        let children = self.children(id);
        match role {
            Role::Chance => self.chance(&children),
            Role::Max | Role::Min => self.player(id, role == Role::Max, &children, alpha, beta),
            Role::Leaf => unreachable!("stops_at holds for leaves"),
        }
    }

    fn chance(&mut self, children: &[u32]) -> (Ratio, Option<u32>) {
        let mut sum = Ratio::ZERO;
        let mut least: Option<Ratio> = None;
        let count = Ratio::from(children.len() as i64);
        for &c in children {
            let (v, _) = self.node(c, Bound::NegInf, Bound::PosInf);
            let weight = if self.m.uniform {
                Ratio::ONE.checked_div(count)
            } else {
                self.tree.node(c).probability
            };
            let term = weight.and_then(|w| w.checked_mul(v)).unwrap_or(Ratio::ZERO);
            sum = sum.checked_add(term).unwrap_or(sum);
            least = Some(least.map_or(v, |l| l.min(v)));
        }
        if self.m.chance_as_min {
            (least.unwrap_or(Ratio::ZERO), None)
        } else {
            (sum, None)
        }
    }

    fn player(
        &mut self,
        id: u32,
        maximising: bool,
        children: &[u32],
        alpha: Bound,
        beta: Bound,
    ) -> (Ratio, Option<u32>) {
        let (mut alpha, mut beta) = (alpha, beta);
        let mut best: Option<(Ratio, u32)> = None;
        for (k, &c) in children.iter().enumerate() {
            let (child_alpha, child_beta) = match (self.m.prune, self.m.shallow) {
                (None, _) => (Bound::NegInf, Bound::PosInf),
                // Only this node's best so far goes down, as the child's one bound.
                (Some(_), true) => match best {
                    None => (Bound::NegInf, Bound::PosInf),
                    Some((v, _)) if maximising => (Bound::Value(v), Bound::PosInf),
                    Some((v, _)) => (Bound::NegInf, Bound::Value(v)),
                },
                (Some(_), false) => (alpha, beta),
            };
            let (v, _) = self.node(c, child_alpha, child_beta);
            let better = match best {
                None => true,
                Some((b, _)) => {
                    if maximising {
                        v > b
                    } else {
                        v < b
                    }
                }
            };
            if better {
                best = Some((v, c));
            }
            let Some(rule) = self.m.prune else { continue };
            // The window this node cuts against: its own (shallow: only the parent's
            // best, handed down as the bound that is not infinite).
            if maximising {
                alpha = alpha.max(Bound::Value(v));
            } else {
                beta = beta.min(Bound::Value(v));
            }
            let closed = match rule {
                Rule::Ge => alpha >= beta,
                Rule::Gt => alpha > beta,
            };
            if closed && k + 1 < children.len() {
                self.trace.cuts.push(Cut {
                    node: id,
                    alpha,
                    beta,
                    skipped: children[k + 1..].to_vec(),
                });
                break;
            }
        }
        match best {
            Some((v, c)) => (v, Some(c)),
            None => (Ratio::ZERO, None),
        }
    }

    /// Negamax as the two classic slips write it (no pruning): without the minus in
    /// front of a child's value, or with each leaf scored for the wrong player. The
    /// value is for the player to move at the root (MAX), as a negamax returns it.
    fn naive_negamax(&mut self, id: u32) -> (Option<Ratio>, Option<u32>) {
        let node = self.tree.node(id);
        if node.role == Role::Leaf {
            let v = self.evaluate(id, Bound::NegInf, Bound::PosInf);
            let mover = if node.max_to_move {
                Some(v)
            } else {
                v.checked_neg()
            };
            return (
                if self.m.negate_leaves {
                    mover.and_then(Ratio::checked_neg)
                } else {
                    mover
                },
                None,
            );
        }
        self.trace.expanded.push(id);
        let mut best: Option<(Ratio, u32)> = None;
        for c in self.children(id) {
            let Some(v) = self.naive_negamax(c).0 else {
                continue;
            };
            let v = if self.m.no_negation {
                Some(v)
            } else {
                v.checked_neg()
            };
            if let Some(v) = v
                && best.is_none_or(|(b, _)| v > b)
            {
                best = Some((v, c));
            }
        }
        (best.map(|b| b.0), best.map(|b| b.1))
    }
}
