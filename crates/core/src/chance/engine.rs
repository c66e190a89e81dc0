//! The engine's search of games with chance: iterative deepening, a transposition
//! table and Star1's cuts, on expected values in floating point.
//!
//! The textbook searches of this module's parent ([`expectiminimax`](super::expectiminimax),
//! [`star1`](super::star1), [`star2`](super::star2)) are exact (fractions) and search to
//! the end of the game. A game such as Pig has no end in reach (its positions repeat), so
//! the engine searches to a depth, values the positions it reaches there with an
//! evaluation ([`ChanceEvaluator`]), and deepens one ply at a time until a limit:
//!
//! - **Depth.** Every level counts, chance's throws included: depth 4 in Pig is a
//!   decision, a throw, a decision and a throw.
//! - **Values** are MAX's expected scores (`f64`) within the leaf bounds (for a game won
//!   or lost, −1 to 1: the expected score is `2·p − 1` for a winning chance `p`).
//!   Evaluations outside the bounds are clamped to them; a finished game's value outside
//!   them is an error ([`ChanceError::LeafOutOfBounds`]), since Star1's cuts rely on them.
//! - **Cuts.** MAX and MIN nodes cut as alpha-beta does; chance nodes cut as Star1 does:
//!   once the outcomes searched so far, with the best and the worst for the others, put
//!   the node outside the window, the rest are not searched, and each outcome is searched
//!   with the narrowest window that still decides that (the windows of [`star1`](super::star1)).
//! - **The table** is keyed on the position (its `Hash`, which must tell apart who moves,
//!   chance included) and remembers the value, its bound and the best move. A value is
//!   taken from it only when it was searched to the same depth: so a search to depth `d`
//!   returns exactly the depth-`d` expectiminimax value (up to rounding), whatever the
//!   order of the visits, and the tests can check it. Entries of other depths still
//!   give their best move first.
//!
//! ```
//! use ply_core::chance::{Bounds, ChanceEngine, ChanceLimits, Ratio, expectiminimax};
//! use ply_core::testing::RandomChanceTree;
//!
//! let tree = RandomChanceTree::new(11, 3, 5);
//! let bounds = Bounds::new(Ratio::from(-10), Ratio::from(10)).unwrap();
//! // The evaluation is never asked here: every line ends within depth 5.
//! let mut engine = ChanceEngine::new(|_: &RandomChanceTree| 0.0, bounds, 1).unwrap();
//! let answer = engine.search(&tree, &ChanceLimits::depth(5), |_| {}).unwrap();
//! let exact = expectiminimax(&tree).unwrap().value.to_f64();
//! assert!((answer.value - exact).abs() < 1e-9);
//! assert_eq!(answer.depth, 5);
//! ```

use super::{Bounds, ChanceError, ChanceGame, NodeKind, Ratio};
use crate::engine::fx_hash;
use crate::memory::MemoryError;
use crate::stack::{beyond_reach, deeper};
use crate::stop::Stop;
use std::hash::Hash;
use std::time::Duration;
use web_time::Instant;

/// A heuristic value of a position where the search stops, for MAX (the first player),
/// within the engine's bounds: an expected score.
pub trait ChanceEvaluator<G> {
    /// The value of `position` for MAX.
    fn evaluate(&self, position: &G) -> f64;
}

impl<G, F: Fn(&G) -> f64> ChanceEvaluator<G> for F {
    #[inline]
    fn evaluate(&self, position: &G) -> f64 {
        self(position)
    }
}

/// The deepest search the engine accepts, in plies (chance's included).
pub const MAX_CHANCE_DEPTH: u32 = 64;

/// The largest table, in MiB.
pub const MAX_CHANCE_TABLE_MIB: usize = 4096;

/// How far a search goes: a depth, and optionally a node budget and a stop (a flag or a
/// deadline). The last finished iteration is the answer.
#[derive(Clone, Debug)]
pub struct ChanceLimits {
    /// The deepest iteration (at most [`MAX_CHANCE_DEPTH`]).
    pub depth: u32,
    /// Stop once this many nodes are visited.
    pub nodes: Option<u64>,
    /// Stop when raised or past its deadline.
    pub stop: Option<Stop>,
}

impl ChanceLimits {
    /// Iterations up to `depth`, with no other limit.
    pub fn depth(depth: u32) -> ChanceLimits {
        ChanceLimits {
            depth,
            nodes: None,
            stop: None,
        }
    }

    /// The same, stopping after `time` (the iteration under way is dropped).
    pub fn with_time(mut self, time: Duration) -> ChanceLimits {
        let stop = self.stop.take().unwrap_or_default();
        self.stop = Some(stop.with_timeout(time));
        self
    }

    /// The same, stopping after `nodes` nodes.
    pub fn with_nodes(mut self, nodes: u64) -> ChanceLimits {
        self.nodes = Some(nodes);
        self
    }

    /// The same, stopping when `stop` is raised.
    pub fn with_stop(mut self, stop: Stop) -> ChanceLimits {
        self.stop = Some(stop);
        self
    }
}

/// One finished iteration, as the search reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChanceIteration<M> {
    /// The iteration's depth.
    pub depth: u32,
    /// The root's expected value for MAX at that depth.
    pub value: f64,
    /// The best move at a MAX or MIN root; `None` at a chance root or a finished game.
    pub best: Option<M>,
    /// Nodes visited so far (all iterations).
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
}

/// The engine's answer: the deepest finished iteration, with what was counted.
#[derive(Clone, Debug, PartialEq)]
pub struct ChanceAnswer<M> {
    /// The root's expected value for MAX, from the deepest finished iteration.
    pub value: f64,
    /// Its best move (MAX or MIN root).
    pub best: Option<M>,
    /// The deepest finished iteration (0 when none finished: the value is then the
    /// root's evaluation).
    pub depth: u32,
    /// True when the whole tree below the root ended within that depth: the value is the
    /// game's, not an evaluation's.
    pub exact: bool,
    /// Nodes visited (all iterations).
    pub nodes: u64,
    /// Nodes whose other children were cut (alpha-beta's and Star1's).
    pub cuts: u64,
    /// Values taken from the table.
    pub table_hits: u64,
    /// True when a limit other than the depth stopped the search.
    pub stopped: bool,
    /// Every finished iteration.
    pub iterations: Vec<ChanceIteration<M>>,
}

/// Whether a stored value is exact or a bound (from a search that failed low or high).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One remembered position.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    value: f64,
    depth: u8,
    bound: Bound,
    /// The best move's index in the generated list, or `u16::MAX`.
    best: u16,
    /// True when no position below was valued by the evaluation (every line the
    /// search needed ended within the depth).
    exact: bool,
}

const EMPTY: Entry = Entry {
    key: 0,
    value: 0.0,
    depth: 0,
    bound: Bound::Exact,
    best: u16::MAX,
    exact: false,
};

/// What a node's search gives back: its value (or bound) and whether it is the game's
/// (no evaluation behind it: a cut's bound comes from the leaf bounds, which are facts).
#[derive(Clone, Copy, Debug)]
struct Found {
    value: f64,
    exact: bool,
}

/// Raised through the search when a limit stops it.
struct Stopped;

/// Why the search did not finish an iteration.
enum Halt {
    Stopped,
    Error(ChanceError),
}

impl From<ChanceError> for Halt {
    fn from(error: ChanceError) -> Halt {
        Halt::Error(error)
    }
}

impl From<Stopped> for Halt {
    fn from(_: Stopped) -> Halt {
        Halt::Stopped
    }
}

/// The engine for [`ChanceGame`]s: its evaluation, the leaf bounds and a table kept from
/// one search to the next (see the [module](self) docs).
pub struct ChanceEngine<E> {
    evaluator: E,
    bounds: Bounds,
    lower: f64,
    upper: f64,
    table: Vec<Entry>,
}

/// The counters and limits of one search.
struct Run<'l> {
    limits: &'l ChanceLimits,
    nodes: u64,
    cuts: u64,
    table_hits: u64,
}

impl<E> ChanceEngine<E> {
    /// An engine with `evaluator`, the bounds of every value, and a table of `table_mib`
    /// MiB (at least one entry; at most [`MAX_CHANCE_TABLE_MIB`]), checked against the
    /// memory there is before it is allocated.
    pub fn new(
        evaluator: E,
        bounds: Bounds,
        table_mib: usize,
    ) -> Result<ChanceEngine<E>, MemoryError> {
        let mib = table_mib.min(MAX_CHANCE_TABLE_MIB);
        let entry = std::mem::size_of::<Entry>();
        let wanted = (mib << 20) / entry;
        let entries = if wanted <= 1 {
            1
        } else {
            1usize << (usize::BITS - 1 - wanted.leading_zeros())
        };
        let bytes = (entries * entry) as u64;
        crate::memory::check(
            || format!("the chance search's table ({table_mib} MiB)"),
            bytes,
        )?;
        Ok(ChanceEngine {
            evaluator,
            bounds,
            lower: bounds.lower().to_f64(),
            upper: bounds.upper().to_f64(),
            table: vec![EMPTY; entries],
        })
    }

    /// Forgets every remembered position.
    pub fn clear(&mut self) {
        self.table.fill(EMPTY);
    }

    /// The number of entries of the table.
    pub fn table_entries(&self) -> usize {
        self.table.len()
    }

    /// Searches `root` by iterative deepening up to `limits`, telling `report` about
    /// every finished iteration. An error ends the search (a leaf outside the bounds, a
    /// chance node whose probabilities do not add up to 1).
    pub fn search<G>(
        &mut self,
        root: &G,
        limits: &ChanceLimits,
        mut report: impl FnMut(&ChanceIteration<G::Move>),
    ) -> Result<ChanceAnswer<G::Move>, ChanceError>
    where
        G: ChanceGame + Hash,
        E: ChanceEvaluator<G>,
    {
        let started = Instant::now();
        let mut run = Run {
            limits,
            nodes: 0,
            cuts: 0,
            table_hits: 0,
        };
        let mut answer = ChanceAnswer {
            value: self.horizon(root)?,
            best: None,
            depth: 0,
            exact: false,
            nodes: 0,
            cuts: 0,
            table_hits: 0,
            stopped: false,
            iterations: Vec::new(),
        };
        if let Some(outcome) = root.outcome() {
            answer.value = self.leaf(root, outcome)?;
            answer.exact = true;
            return Ok(answer);
        }
        for depth in 1..=limits.depth.min(MAX_CHANCE_DEPTH) {
            match self.node(root, depth, 0, self.lower, self.upper, &mut run) {
                Ok(found) => {
                    answer.value = found.value;
                    answer.exact = found.exact;
                    answer.depth = depth;
                    answer.best = self.root_move(root);
                    let iteration = ChanceIteration {
                        depth,
                        value: found.value,
                        best: answer.best,
                        nodes: run.nodes,
                        elapsed: started.elapsed(),
                    };
                    report(&iteration);
                    answer.iterations.push(iteration);
                    if found.exact {
                        break;
                    }
                }
                Err(Halt::Stopped) => {
                    answer.stopped = true;
                    break;
                }
                Err(Halt::Error(error)) => return Err(error),
            }
        }
        answer.nodes = run.nodes;
        answer.cuts = run.cuts;
        answer.table_hits = run.table_hits;
        Ok(answer)
    }

    /// The root's best move, as the table remembers it.
    fn root_move<G: ChanceGame + Hash>(&self, root: &G) -> Option<G::Move> {
        if root.is_chance() {
            return None;
        }
        let key = key_of(root);
        let entry = self.table[self.slot(key)];
        if entry.key != key || entry.best == u16::MAX {
            return None;
        }
        let mut moves = Vec::new();
        root.generate_moves(&mut moves);
        moves.get(entry.best as usize).copied()
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    /// A finished game's value, checked against the bounds.
    fn leaf<G: ChanceGame>(
        &self,
        position: &G,
        outcome: crate::Outcome,
    ) -> Result<f64, ChanceError> {
        let value = position.leaf_value(outcome);
        let number = value.to_f64();
        if number < self.lower || number > self.upper {
            return Err(ChanceError::LeafOutOfBounds {
                value,
                bounds: self.bounds,
            });
        }
        Ok(number)
    }

    /// The evaluation of a position where the search stops, clamped to the bounds.
    fn horizon<G: ChanceGame>(&self, position: &G) -> Result<f64, ChanceError>
    where
        E: ChanceEvaluator<G>,
    {
        let value = self.evaluator.evaluate(position);
        Ok(if value.is_nan() {
            0.0_f64.clamp(self.lower, self.upper)
        } else {
            value.clamp(self.lower, self.upper)
        })
    }

    /// The search of one node, `depth` plies left, with the window `(alpha, beta)`.
    fn node<G>(
        &mut self,
        position: &G,
        depth: u32,
        ply: u32,
        alpha: f64,
        beta: f64,
        run: &mut Run<'_>,
    ) -> Result<Found, Halt>
    where
        G: ChanceGame + Hash,
        E: ChanceEvaluator<G>,
    {
        // Step 1. Limits: the node budget and the stop, checked every 1024 nodes.
        run.nodes += 1;
        if run.nodes & 1023 == 0 {
            let over_budget = run.limits.nodes.is_some_and(|most| run.nodes >= most);
            let raised = run.limits.stop.as_ref().is_some_and(Stop::is_raised);
            if over_budget || raised {
                return Err(Stopped.into());
            }
        }
        if beyond_reach(ply) {
            return Err(ChanceError::TooDeep.into());
        }

        // Step 2. A finished game, or the horizon.
        if let Some(outcome) = position.outcome() {
            return Ok(Found {
                value: self.leaf(position, outcome)?,
                exact: true,
            });
        }
        if depth == 0 {
            return Ok(Found {
                value: self.horizon(position)?,
                exact: false,
            });
        }

        // Step 3. The table: a value searched to this very depth ends the node when it
        // decides the window; any entry gives its best move first.
        let key = key_of(position);
        let slot = self.slot(key);
        let entry = self.table[slot];
        let mut first = None;
        if entry.key == key {
            if entry.depth as u32 == depth {
                let decided = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.value >= beta,
                    Bound::Upper => entry.value <= alpha,
                };
                if decided {
                    run.table_hits += 1;
                    return Ok(Found {
                        value: entry.value,
                        exact: entry.exact,
                    });
                }
            }
            if entry.best != u16::MAX {
                first = Some(entry.best as usize);
            }
        }

        // Step 4. The children, the table's best first.
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        if moves.is_empty() {
            return Err(ChanceError::Probabilities { sum: Ratio::ZERO }.into());
        }
        let first = first.filter(|&f| f < moves.len());

        let kind = NodeKind::of(position);
        let (found, bound, best) = match kind {
            NodeKind::Chance => {
                let (found, bound) =
                    self.chance_node(position, &moves, depth, ply, alpha, beta, run)?;
                (found, bound, u16::MAX)
            }
            NodeKind::Max | NodeKind::Min => self.player_node(
                position,
                &moves,
                first,
                kind == NodeKind::Max,
                depth,
                ply,
                alpha,
                beta,
                run,
            )?,
        };

        // Step 5. Remember the node. The newest entry always replaces the old: values
        // are taken only at their own depth, and the newest is of the iteration under way.
        self.table[slot] = Entry {
            key,
            value: found.value,
            depth: depth.min(u8::MAX as u32) as u8,
            bound,
            best,
            exact: found.exact,
        };
        Ok(found)
    }

    /// A MAX or MIN node: alpha-beta, the move `first` (the table's best) before the
    /// others in their order.
    #[allow(clippy::too_many_arguments)]
    fn player_node<G>(
        &mut self,
        position: &G,
        moves: &[G::Move],
        first: Option<usize>,
        maximise: bool,
        depth: u32,
        ply: u32,
        mut alpha: f64,
        mut beta: f64,
        run: &mut Run<'_>,
    ) -> Result<(Found, Bound, u16), Halt>
    where
        G: ChanceGame + Hash,
        E: ChanceEvaluator<G>,
    {
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximise {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut best_index = first.unwrap_or(0);
        let mut exact = true;
        let mut cut = false;
        let order = first
            .into_iter()
            .chain((0..moves.len()).filter(|&index| Some(index) != first));
        for (place, index) in order.enumerate() {
            let mut child = position.clone();
            child.play(moves[index]);
            let found = deeper::<G, _>(ply, || {
                self.node(&child, depth - 1, ply + 1, alpha, beta, run)
            })?;
            exact &= found.exact;
            let better = if maximise {
                found.value > best
            } else {
                found.value < best
            };
            if better {
                best = found.value;
                best_index = index;
            }
            if maximise {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
            if alpha >= beta {
                cut = place + 1 < moves.len();
                break;
            }
        }
        if cut {
            run.cuts += 1;
        }
        // At a bound of every value, a fail is the value itself.
        let bound = if best <= alpha0 && alpha0 > self.lower {
            Bound::Upper
        } else if best >= beta0 && beta0 < self.upper {
            Bound::Lower
        } else {
            Bound::Exact
        };
        Ok((
            Found { value: best, exact },
            bound,
            u16::try_from(best_index).unwrap_or(u16::MAX),
        ))
    }

    /// A chance node: the weighted sum of its outcomes, with Star1's cuts.
    #[allow(clippy::too_many_arguments)]
    fn chance_node<G>(
        &mut self,
        position: &G,
        moves: &[G::Move],
        depth: u32,
        ply: u32,
        alpha: f64,
        beta: f64,
        run: &mut Run<'_>,
    ) -> Result<(Found, Bound), Halt>
    where
        G: ChanceGame + Hash,
        E: ChanceEvaluator<G>,
    {
        let (lower, upper) = (self.lower, self.upper);
        // The outcomes' probabilities must be positive and add up to exactly 1.
        let mut total = Ratio::ZERO;
        for &mv in moves {
            let p = position.probability(mv);
            if p <= Ratio::ZERO {
                return Err(ChanceError::Probabilities { sum: p }.into());
            }
            total = total.checked_add(p).ok_or(ChanceError::Overflow)?;
        }
        if total != Ratio::ONE {
            return Err(ChanceError::Probabilities { sum: total }.into());
        }
        let mut sum = 0.0;
        let mut rest = 1.0;
        let mut exact = true;
        for (index, &mv) in moves.iter().enumerate() {
            let p = position.probability(mv).to_f64();
            // Before the outcome: the best and the worst it and the others can still do.
            let most = sum + rest * upper;
            let least = sum + rest * lower;
            if most <= alpha || least >= beta {
                run.cuts += 1;
                let (value, bound) = if most <= alpha {
                    (most, Bound::Upper)
                } else {
                    (least, Bound::Lower)
                };
                return Ok((Found { value, exact }, bound));
            }
            let after = (rest - p).max(0.0);
            // The window that decides whether this outcome puts the node outside
            // (alpha, beta), within the bounds.
            let low = ((alpha - sum - after * upper) / p).max(lower);
            let high = ((beta - sum - after * lower) / p).min(upper);
            let (low, high) = if low < high {
                (low, high)
            } else {
                (lower, upper)
            };
            let mut child = position.clone();
            child.play(mv);
            let found = deeper::<G, _>(ply, || {
                self.node(&child, depth - 1, ply + 1, low, high, run)
            })?;
            exact &= found.exact;
            sum += p * found.value;
            rest = after;
            let is_last = index + 1 == moves.len();
            if !is_last
                && (found.value <= low && low > lower || found.value >= high && high < upper)
            {
                // The outcome failed outside its window: the node is outside (alpha, beta).
                run.cuts += 1;
                let (value, bound) = if found.value <= low {
                    (sum + rest * upper, Bound::Upper)
                } else {
                    (sum + rest * lower, Bound::Lower)
                };
                return Ok((Found { value, exact }, bound));
            }
        }
        let bound = if sum <= alpha && alpha > lower {
            Bound::Upper
        } else if sum >= beta && beta < upper {
            Bound::Lower
        } else {
            Bound::Exact
        };
        Ok((Found { value: sum, exact }, bound))
    }
}

/// The table's key of a position: its hash, mixed so that the slot's bits are spread.
fn key_of<G: Hash>(position: &G) -> u64 {
    let key = crate::engine::splitmix64(fx_hash(position));
    if key == 0 { 1 } else { key }
}
