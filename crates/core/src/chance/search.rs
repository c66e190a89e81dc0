//! Expectiminimax and Ballard's *-minimax (Star1, Star2), over any [`ChanceGame`].
//!
//! Every search keeps the textbook's point of view: values are MAX's, MAX nodes take
//! the highest child, MIN nodes the lowest, chance nodes the weighted sum. A search
//! with a window `(alpha, beta)` answers a value `v` that is exact when
//! `alpha < v < beta`, an upper bound of the true value when `v ≤ alpha` (it failed
//! low) and a lower bound when `v ≥ beta` (it failed high), as alpha-beta does.
//!
//! **Star1 at a chance node.** With `sum` the weighted values of the children searched
//! so far and `rest` the probability of those still to come, the node's value lies
//! between `sum + p·v + rest·lower` and `sum + p·v + rest·upper` once the next child
//! (probability `p`) is worth `v`. So that child only needs a window that decides
//! whether the node falls outside `(alpha, beta)`:
//! `A = (alpha − sum − rest·upper) / p` and `B = (beta − sum − rest·lower) / p`. If the
//! child comes out at or below `A`, even the best outcome for the others keeps the
//! node at or below alpha: the other children are cut. At or above `B`, symmetrically.
//!
//! **Star2** first probes: it searches one move of each child of a chance node (the
//! first), which bounds that child (a MAX child is worth at least its first move's
//! value, a MIN child at most). Those bounds replace `lower` and `upper` for the
//! child, so the windows above narrow, and when the probed bounds alone put the node
//! beyond the window, nothing is searched in full.

use super::{ChanceGame, Ratio};
use crate::stack::{beyond_reach, deeper};

/// What kind of node a position is, for the chance searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// The first player moves: the highest child.
    Max,
    /// The second player moves: the lowest child.
    Min,
    /// Chance moves: the children weighted by their probabilities.
    Chance,
}

impl NodeKind {
    /// The kind of `pos`.
    pub fn of<G: ChanceGame>(pos: &G) -> NodeKind {
        if pos.is_chance() {
            NodeKind::Chance
        } else if pos.to_move() == crate::Player::First {
            NodeKind::Max
        } else {
            NodeKind::Min
        }
    }
}

/// The bounds of every leaf value, `lower ≤ upper`: what Star1 and Star2 need to cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    lower: Ratio,
    upper: Ratio,
}

impl Bounds {
    /// `None` unless `lower ≤ upper`.
    pub fn new(lower: Ratio, upper: Ratio) -> Option<Bounds> {
        (lower <= upper).then_some(Bounds { lower, upper })
    }

    /// The least a leaf may be worth.
    pub fn lower(self) -> Ratio {
        self.lower
    }

    /// The most a leaf may be worth.
    pub fn upper(self) -> Ratio {
        self.upper
    }
}

/// Why a chance search gave no value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChanceError {
    /// An exact sum grew beyond 128-bit fractions (probabilities with huge
    /// denominators, many levels deep).
    Overflow,
    /// A leaf worth less than the lower bound or more than the upper one.
    LeafOutOfBounds {
        /// The leaf's value.
        value: Ratio,
        /// The bounds the search was given.
        bounds: Bounds,
    },
    /// A chance node whose outcomes' probabilities do not add up to 1 (or one is not
    /// positive).
    Probabilities {
        /// What they add up to.
        sum: Ratio,
    },
    /// Deeper than this build's stack holds (WebAssembly).
    TooDeep,
    /// The observer asked the search to stop ([`ChanceObserver::stop_requested`]): a
    /// time limit passed, or the caller went away. There is no value.
    Stopped,
}

impl std::fmt::Display for ChanceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChanceError::Overflow => f.write_str(
                "the exact expected values grew too large (use probabilities with smaller denominators)",
            ),
            ChanceError::LeafOutOfBounds { value, bounds } => write!(
                f,
                "a leaf is worth {value}, outside the bounds {} to {} that the pruning relies on",
                bounds.lower, bounds.upper
            ),
            ChanceError::Probabilities { sum } => write!(
                f,
                "a chance node's probabilities add up to {sum}, not 1 (each must be positive)"
            ),
            ChanceError::TooDeep => f.write_str("the game is deeper than this build can search"),
            ChanceError::Stopped => f.write_str("the search was stopped before it finished"),
        }
    }
}

impl std::error::Error for ChanceError {}

/// What a chance search counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChanceStats {
    /// Nodes visited (the root included; a node probed and then searched counts twice).
    pub nodes: u64,
    /// Leaves among them.
    pub leaves: u64,
    /// Nodes where the remaining children were cut: alpha-beta's cutoffs at MAX and
    /// MIN nodes, *-minimax's at chance nodes.
    pub cuts: u64,
    /// Star2's probes (one move of a chance node's child searched for a bound).
    pub probes: u64,
}

/// A chance search's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChanceResult<M> {
    /// The root's value for MAX: exact.
    pub value: Ratio,
    /// The best move at a MAX or MIN root (the first of the best); `None` at a chance
    /// root or a finished game.
    pub best: Option<M>,
    /// What was counted.
    pub stats: ChanceStats,
}

/// Told about every node a chance search finishes, for traces and drawings.
pub trait ChanceObserver<G: ChanceGame> {
    /// The search enters `pos`, `ply` below the root, with the window `(alpha, beta)`
    /// (expectiminimax: the leaf bounds, or none).
    fn enter(&mut self, _pos: &G, _ply: u32, _window: Option<(Ratio, Ratio)>) {}
    /// Star2 probes `pos` (a child of a chance node) through its first move.
    fn probe(&mut self, _pos: &G, _ply: u32, _bound: Ratio) {}
    /// The search leaves `pos` with `value`; `cut` when the remaining children were not
    /// searched (the value is then a bound, see the module docs).
    fn leave(&mut self, _pos: &G, _ply: u32, _value: Ratio, _cut: bool) {}
    /// Asked before each node is entered: `true` ends the search at once with
    /// [`ChanceError::Stopped`] (a time limit, a caller gone). Once it has answered
    /// `true` it must keep answering `true`. Called at every node, so it must be cheap:
    /// look at a clock every thousand calls or so, not at each one.
    fn stop_requested(&mut self) -> bool {
        false
    }
}

/// Observes nothing.
impl<G: ChanceGame> ChanceObserver<G> for () {}

/// The shared state of one search.
struct Search<'o, G: ChanceGame, O: ChanceObserver<G>> {
    observer: &'o mut O,
    bounds: Option<Bounds>,
    probing: bool,
    stats: ChanceStats,
    _game: std::marker::PhantomData<G>,
}

#[cfg(test)]
thread_local! {
    /// The fractions' operations so far on this thread: what the tests count.
    static OPERATIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Counts one operation on fractions (in tests only).
#[inline]
fn counted() {
    #[cfg(test)]
    OPERATIONS.with(|count| count.set(count.get() + 1));
}

fn add(a: Ratio, b: Ratio) -> Result<Ratio, ChanceError> {
    counted();
    a.checked_add(b).ok_or(ChanceError::Overflow)
}

fn sub(a: Ratio, b: Ratio) -> Result<Ratio, ChanceError> {
    counted();
    a.checked_sub(b).ok_or(ChanceError::Overflow)
}

fn mul(a: Ratio, b: Ratio) -> Result<Ratio, ChanceError> {
    counted();
    a.checked_mul(b).ok_or(ChanceError::Overflow)
}

fn div(a: Ratio, b: Ratio) -> Result<Ratio, ChanceError> {
    counted();
    a.checked_div(b).ok_or(ChanceError::Overflow)
}

/// The outcomes of a chance node with their probabilities, checked to add up to 1.
fn outcomes<G: ChanceGame>(pos: &G, moves: &[G::Move]) -> Result<Vec<Ratio>, ChanceError> {
    let probabilities: Vec<Ratio> = moves.iter().map(|&mv| pos.probability(mv)).collect();
    let mut sum = Ratio::ZERO;
    for &p in &probabilities {
        sum = add(sum, p)?;
    }
    if sum != Ratio::ONE || probabilities.iter().any(|&p| p <= Ratio::ZERO) {
        return Err(ChanceError::Probabilities { sum });
    }
    Ok(probabilities)
}

impl<G: ChanceGame, O: ChanceObserver<G>> Search<'_, G, O> {
    /// The value of a leaf, checked against the bounds.
    fn leaf(&mut self, pos: &G, outcome: crate::Outcome) -> Result<Ratio, ChanceError> {
        self.stats.leaves += 1;
        let value = pos.leaf_value(outcome);
        if let Some(bounds) = self.bounds
            && (value < bounds.lower || value > bounds.upper)
        {
            return Err(ChanceError::LeafOutOfBounds { value, bounds });
        }
        Ok(value)
    }

    /// Plain expectiminimax: every child of every node.
    fn exact(&mut self, pos: &G, ply: u32) -> Result<(Ratio, Option<G::Move>), ChanceError> {
        if beyond_reach(ply) {
            return Err(ChanceError::TooDeep);
        }
        if self.observer.stop_requested() {
            return Err(ChanceError::Stopped);
        }
        self.stats.nodes += 1;
        self.observer.enter(pos, ply, None);
        if let Some(outcome) = pos.outcome() {
            let value = self.leaf(pos, outcome)?;
            self.observer.leave(pos, ply, value, false);
            return Ok((value, None));
        }
        let mut moves = Vec::new();
        pos.generate_moves(&mut moves);
        let kind = NodeKind::of(pos);
        let weights = match kind {
            NodeKind::Chance => Some(outcomes(pos, &moves)?),
            _ => None,
        };
        let mut best: Option<(Ratio, G::Move)> = None;
        let mut sum = Ratio::ZERO;
        for (i, &mv) in moves.iter().enumerate() {
            let child = pos.after(mv);
            let (value, _) = deeper::<G, _>(ply, || self.exact(&child, ply + 1))?;
            match (&weights, kind) {
                (Some(weights), _) => sum = add(sum, mul(weights[i], value)?)?,
                (None, NodeKind::Max) if best.is_none_or(|(b, _)| value > b) => {
                    best = Some((value, mv))
                }
                (None, NodeKind::Min) if best.is_none_or(|(b, _)| value < b) => {
                    best = Some((value, mv))
                }
                _ => {}
            }
        }
        let (value, best) = match best {
            Some((value, mv)) => (value, Some(mv)),
            None => (sum, None),
        };
        self.observer.leave(pos, ply, value, false);
        Ok((value, best))
    }

    /// Star1 (Star2 when probing) within `(alpha, beta)`.
    fn windowed(
        &mut self,
        pos: &G,
        ply: u32,
        alpha: Ratio,
        beta: Ratio,
    ) -> Result<(Ratio, Option<G::Move>), ChanceError> {
        if beyond_reach(ply) {
            return Err(ChanceError::TooDeep);
        }
        if self.observer.stop_requested() {
            return Err(ChanceError::Stopped);
        }
        self.stats.nodes += 1;
        self.observer.enter(pos, ply, Some((alpha, beta)));
        if let Some(outcome) = pos.outcome() {
            let value = self.leaf(pos, outcome)?;
            self.observer.leave(pos, ply, value, false);
            return Ok((value, None));
        }
        let mut moves = Vec::new();
        pos.generate_moves(&mut moves);
        let (value, best, cut) = match NodeKind::of(pos) {
            NodeKind::Chance => {
                let (value, cut) = self.chance(pos, &moves, ply, alpha, beta)?;
                (value, None, cut)
            }
            kind => self.player(pos, kind, &moves, ply, alpha, beta)?,
        };
        if cut {
            self.stats.cuts += 1;
        }
        self.observer.leave(pos, ply, value, cut);
        Ok((value, best))
    }

    /// A MAX or MIN node: alpha-beta, fail-soft, starting from the leaf bound.
    fn player(
        &mut self,
        pos: &G,
        kind: NodeKind,
        moves: &[G::Move],
        ply: u32,
        mut alpha: Ratio,
        mut beta: Ratio,
    ) -> Result<(Ratio, Option<G::Move>, bool), ChanceError> {
        let bounds = self.bounds.expect("a windowed search has bounds");
        let maximising = kind == NodeKind::Max;
        let mut value = if maximising {
            bounds.lower
        } else {
            bounds.upper
        };
        let mut best = None;
        for (i, &mv) in moves.iter().enumerate() {
            let child = pos.after(mv);
            let (v, _) = deeper::<G, _>(ply, || self.windowed(&child, ply + 1, alpha, beta))?;
            if best.is_none() || (maximising && v > value) || (!maximising && v < value) {
                value = v;
                best = Some(mv);
            }
            if maximising {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            if alpha >= beta && i + 1 < moves.len() {
                return Ok((value, best, true));
            }
        }
        Ok((value, best, false))
    }

    /// A chance node: Star2's probes (when probing), then Star1's windows.
    ///
    /// Each child's window needs what the other children add at least and at most.
    /// Those sums are kept as the children are gone through (the ones before, as
    /// probed) or summed once from the last child back (the ones after), so a node of
    /// `n` outcomes costs `O(n)` arithmetic, not `O(n²)`: the same windows, the same cuts.
    fn chance(
        &mut self,
        pos: &G,
        moves: &[G::Move],
        ply: u32,
        alpha: Ratio,
        beta: Ratio,
    ) -> Result<(Ratio, bool), ChanceError> {
        let bounds = self.bounds.expect("a windowed search has bounds");
        let weights = outcomes(pos, moves)?;
        let children: Vec<G> = moves.iter().map(|&mv| pos.after(mv)).collect();
        let n = children.len();
        // What each child is known to be worth at least and at most.
        let mut low = vec![bounds.lower; n];
        let mut high = vec![bounds.upper; n];
        if self.probing {
            // The probability of the children after each one (not yet probed: their
            // bounds are the leaf bounds), summed from the last back.
            let mut after = vec![Ratio::ZERO; n];
            for i in (1..n).rev() {
                after[i - 1] = add(after[i], weights[i])?;
            }
            // The children before this one, weighted at their probed bounds.
            let mut before = (Ratio::ZERO, Ratio::ZERO);
            for i in 0..n {
                let others = Others {
                    before,
                    after: after[i],
                };
                let probed = self.probe(
                    &children[i],
                    weights[i],
                    others,
                    (&mut low[i], &mut high[i]),
                    ply,
                    alpha,
                    beta,
                )?;
                if let Some(bound) = probed {
                    return Ok((bound, true));
                }
                before = (
                    add(before.0, mul(weights[i], low[i])?)?,
                    add(before.1, mul(weights[i], high[i])?)?,
                );
            }
        }
        // What the children after each one add at least and at most (their bounds are
        // settled from here on), summed from the last back.
        let mut later = vec![(Ratio::ZERO, Ratio::ZERO); n];
        for j in (1..n).rev() {
            let (least, most) = later[j];
            later[j - 1] = (
                add(least, mul(weights[j], low[j])?)?,
                add(most, mul(weights[j], high[j])?)?,
            );
        }
        let mut sum = Ratio::ZERO; // the children searched so far, weighted
        for i in 0..n {
            let p = weights[i];
            let (later_low, later_high) = later[i];
            let more = i + 1 < n;
            let a = div(sub(sub(alpha, sum)?, later_high)?, p)?;
            let b = div(sub(sub(beta, sum)?, later_low)?, p)?;
            // Known bounds alone may settle the node before this child is searched.
            if a >= high[i] {
                return Ok((add(add(sum, mul(p, high[i])?)?, later_high)?, true));
            }
            if b <= low[i] {
                return Ok((add(add(sum, mul(p, low[i])?)?, later_low)?, true));
            }
            let v = if low[i] == high[i] {
                low[i]
            } else {
                let (ax, bx) = (a.max(low[i]), b.min(high[i]));
                deeper::<G, _>(ply, || self.windowed(&children[i], ply + 1, ax, bx))?.0
            };
            let reached = add(sum, mul(p, v)?)?;
            if v <= a {
                // Even the others at their best keep the node at or below alpha.
                return Ok((add(reached, later_high)?, more));
            }
            if v >= b {
                // Even the others at their worst keep it at or above beta.
                return Ok((add(reached, later_low)?, more));
            }
            sum = reached;
        }
        Ok((sum, false))
    }

    /// Star2's probe of `child` (probability `p`): its first move searched, for a bound
    /// on the child (a MAX child is worth at least it, a MIN child at most), narrowing
    /// `known` (the least and the most it is worth). `Some(value)` when the bounds known
    /// so far already put the chance node outside `(alpha, beta)`.
    #[allow(clippy::too_many_arguments)]
    fn probe(
        &mut self,
        child: &G,
        p: Ratio,
        others: Others,
        known: (&mut Ratio, &mut Ratio),
        ply: u32,
        alpha: Ratio,
        beta: Ratio,
    ) -> Result<Option<Ratio>, ChanceError> {
        let bounds = self.bounds.expect("a windowed search has bounds");
        if child.outcome().is_some() || child.is_chance() {
            return Ok(None);
        }
        let mut moves = Vec::new();
        child.generate_moves(&mut moves);
        let Some(&first) = moves.first() else {
            return Ok(None);
        };
        let grandchild = child.after(first);
        // What the other children add at least and at most: those before as probed,
        // those after at the leaf bounds.
        let others_low = add(others.before.0, mul(others.after, bounds.lower)?)?;
        let others_high = add(others.before.1, mul(others.after, bounds.upper)?)?;
        self.stats.probes += 1;
        if NodeKind::of(child) == NodeKind::Max {
            // Is the child, at least the probe's value, enough to lift the node to beta?
            let b = div(sub(beta, others_low)?, p)?;
            if b <= bounds.lower {
                return Ok(Some(add(others_low, mul(p, bounds.lower)?)?));
            }
            let top = b.min(bounds.upper);
            let (v, _) = deeper::<G, _>(ply + 1, || {
                self.windowed(&grandchild, ply + 2, bounds.lower, top)
            })?;
            self.observer.probe(child, ply + 1, v);
            if v >= b {
                return Ok(Some(add(others_low, mul(p, v)?)?));
            }
            *known.0 = (*known.0).max(v);
        } else {
            // Is the child, at most the probe's value, low enough to sink the node to alpha?
            let a = div(sub(alpha, others_high)?, p)?;
            if a >= bounds.upper {
                return Ok(Some(add(others_high, mul(p, bounds.upper)?)?));
            }
            let bottom = a.max(bounds.lower);
            let (v, _) = deeper::<G, _>(ply + 1, || {
                self.windowed(&grandchild, ply + 2, bottom, bounds.upper)
            })?;
            self.observer.probe(child, ply + 1, v);
            if v <= a {
                return Ok(Some(add(others_high, mul(p, v)?)?));
            }
            *known.1 = (*known.1).min(v);
        }
        Ok(None)
    }
}

/// What the other children of a chance node weigh, as Star2 probes one: the children
/// before it at their probed bounds (least, most), and the probability of those after
/// it, not yet probed (their bounds are the leaf bounds).
#[derive(Clone, Copy)]
struct Others {
    before: (Ratio, Ratio),
    after: Ratio,
}

/// Expectiminimax: the exact value of `pos` for MAX, every node searched.
pub fn expectiminimax<G: ChanceGame>(pos: &G) -> Result<ChanceResult<G::Move>, ChanceError> {
    expectiminimax_with(pos, &mut ())
}

/// [`expectiminimax`], telling `observer` about every node.
pub fn expectiminimax_with<G: ChanceGame, O: ChanceObserver<G>>(
    pos: &G,
    observer: &mut O,
) -> Result<ChanceResult<G::Move>, ChanceError> {
    let mut search = Search {
        observer,
        bounds: None,
        probing: false,
        stats: ChanceStats::default(),
        _game: std::marker::PhantomData,
    };
    let (value, best) = search.exact(pos, 0)?;
    Ok(ChanceResult {
        value,
        best,
        stats: search.stats,
    })
}

fn windowed_root<G: ChanceGame, O: ChanceObserver<G>>(
    pos: &G,
    bounds: Bounds,
    probing: bool,
    observer: &mut O,
) -> Result<ChanceResult<G::Move>, ChanceError> {
    let mut search = Search {
        observer,
        bounds: Some(bounds),
        probing,
        stats: ChanceStats::default(),
        _game: std::marker::PhantomData,
    };
    // The full window: a value at a bound is that bound exactly, so the root's value
    // is exact.
    let (value, best) = search.windowed(pos, 0, bounds.lower, bounds.upper)?;
    Ok(ChanceResult {
        value,
        best,
        stats: search.stats,
    })
}

/// Star1: the exact value of `pos` for MAX, with alpha-beta's cuts at MAX and MIN nodes
/// and Ballard's at chance nodes, given the bounds of every leaf value.
pub fn star1<G: ChanceGame>(pos: &G, bounds: Bounds) -> Result<ChanceResult<G::Move>, ChanceError> {
    windowed_root(pos, bounds, false, &mut ())
}

/// [`star1`], telling `observer` about every node.
pub fn star1_with<G: ChanceGame, O: ChanceObserver<G>>(
    pos: &G,
    bounds: Bounds,
    observer: &mut O,
) -> Result<ChanceResult<G::Move>, ChanceError> {
    windowed_root(pos, bounds, false, observer)
}

/// Star2: [`star1`] with a probing pass at every chance node first.
pub fn star2<G: ChanceGame>(pos: &G, bounds: Bounds) -> Result<ChanceResult<G::Move>, ChanceError> {
    windowed_root(pos, bounds, true, &mut ())
}

/// [`star2`], telling `observer` about every node.
pub fn star2_with<G: ChanceGame, O: ChanceObserver<G>>(
    pos: &G,
    bounds: Bounds,
    observer: &mut O,
) -> Result<ChanceResult<G::Move>, ChanceError> {
    windowed_root(pos, bounds, true, observer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Outcome, Player, Score};

    /// A chance node of `n` equally likely outcomes (the root); outcome `i` leads to a
    /// MAX node choosing between the leaves `i` and `n - 1 - i`.
    #[derive(Clone, Copy, Debug)]
    struct Fan {
        n: u32,
        /// `None` at the root; the outcome; then the leaf chosen.
        outcome: Option<u32>,
        leaf: Option<u32>,
    }

    impl Game for Fan {
        type Move = u32;
        fn to_move(&self) -> Player {
            Player::First
        }
        fn outcome(&self) -> Option<Outcome> {
            self.leaf
                .map(|value| Outcome::Payoff(Score::heuristic(value as i32)))
        }
        fn generate_moves(&self, moves: &mut Vec<u32>) {
            match (self.outcome, self.leaf) {
                (None, _) => moves.extend(0..self.n),
                (Some(i), None) => moves.extend([i, self.n - 1 - i]),
                _ => {}
            }
        }
        fn play(&mut self, mv: u32) {
            match self.outcome {
                None => self.outcome = Some(mv),
                Some(_) => self.leaf = Some(mv),
            }
        }
    }

    impl ChanceGame for Fan {
        fn is_chance(&self) -> bool {
            self.outcome.is_none()
        }
        fn probability(&self, _mv: u32) -> Ratio {
            Ratio::new(1, self.n as i128).unwrap_or(Ratio::ZERO)
        }
    }

    /// The search of a [`Fan`] of `n` outcomes, and the operations on fractions it took.
    fn search(n: u32, probing: bool) -> (ChanceResult<u32>, u64) {
        let fan = Fan {
            n,
            outcome: None,
            leaf: None,
        };
        let bounds = Bounds::new(Ratio::ZERO, Ratio::from(n as i64 - 1)).unwrap();
        OPERATIONS.with(|count| count.set(0));
        let result = windowed_root(&fan, bounds, probing, &mut ()).unwrap();
        (result, OPERATIONS.with(|count| count.get()))
    }

    /// A chance node of n equal outcomes costs a bounded number of operations on
    /// fractions per outcome (Star1 and Star2 re-summed the other outcomes' bounds for
    /// each one: 10,000 outcomes took 68-78 s), and the value is exact: outcome `i` is
    /// worth `max(i, n - 1 - i)`, which averages `(3n - 2) / 4` for an even `n`.
    #[test]
    fn a_chance_node_of_many_outcomes_costs_linear_arithmetic() {
        // A thousand outcomes first: quadratic arithmetic shows there in a moment.
        for n in [1_000u32, 10_000, 20_000] {
            let expected = Ratio::new(3 * n as i128 - 2, 4).unwrap();
            for probing in [false, true] {
                let (result, operations) = search(n, probing);
                assert_eq!(result.value, expected, "n {n}, probing {probing}");
                assert!(
                    operations <= 40 * n as u64,
                    "n {n}, probing {probing}: {operations} operations on fractions"
                );
                let stats = result.stats;
                if probing {
                    // Every MAX node probed through its first leaf, `i`; then searched
                    // with the window (i, n - 1) but the last, whose probe settles it.
                    assert_eq!((stats.probes, stats.cuts), (n as u64, 0));
                    assert_eq!(stats.nodes, 4 * n as u64 - 2);
                } else {
                    // Every node but the second leaf of the last MAX node, whose first
                    // leaf is the highest value there is (a cut).
                    assert_eq!((stats.probes, stats.cuts), (0, 1));
                    assert_eq!(stats.nodes, 3 * n as u64);
                }
            }
        }
    }
}
