//! Random game trees, reproducible from a seed, to test searches against each other.
//!
//! A [`RandomTree`] position is a path from the root; its children, their
//! number and the leaf values are derived from a hash of that path, so the
//! same seed always gives the same tree, and no tree is stored.

use crate::{Game, Outcome, Player, Score};

/// A node of a random tree: uniform or ragged branching, leaves with random payoffs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RandomTree {
    hash: u64,
    ply: u32,
    depth: u32,
    branching: u32,
    ragged: bool,
    value_range: i32,
}

/// SplitMix64: a small, well-mixed hash step.
#[inline]
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl RandomTree {
    /// A uniform tree: every inner node has `branching` children, every leaf is at `depth`.
    pub fn new(seed: u64, branching: u32, depth: u32) -> RandomTree {
        RandomTree {
            hash: mix(seed),
            ply: 0,
            depth,
            branching: branching.max(1),
            ragged: false,
            value_range: 100,
        }
    }

    /// A ragged tree: 1 to `max_branching` children per node, some leaves above `max_depth`.
    pub fn ragged(seed: u64, max_branching: u32, max_depth: u32) -> RandomTree {
        RandomTree {
            ragged: true,
            ..RandomTree::new(seed, max_branching, max_depth)
        }
    }

    /// Leaf payoffs are drawn from `-range..=range` (small ranges make many ties).
    pub fn with_value_range(mut self, range: i32) -> RandomTree {
        self.value_range = range.max(0);
        self
    }

    /// The static value of this node, also used as its evaluation above the leaves.
    pub fn payoff(&self) -> Score {
        let span = (2 * self.value_range + 1) as u64;
        Score::heuristic((mix(self.hash ^ 0xA5A5) % span) as i32 - self.value_range)
    }

    /// An evaluator that scores inner nodes by their own payoff (for depth-limited tests).
    pub fn evaluator() -> impl Fn(&RandomTree) -> Score + Copy {
        |t: &RandomTree| t.payoff()
    }

    fn children(&self) -> u32 {
        if self.ply >= self.depth {
            return 0;
        }
        if !self.ragged {
            return self.branching;
        }
        // Ragged: about one node in six (below the root) is a leaf early.
        let h = mix(self.hash ^ 0x5151);
        if self.ply > 0 && h % 6 == 0 {
            0
        } else {
            1 + (h >> 8) as u32 % self.branching
        }
    }
}

impl Game for RandomTree {
    type Move = u32;

    fn to_move(&self) -> Player {
        if self.ply % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.children() == 0).then(|| Outcome::Payoff(self.payoff()))
    }

    fn generate_moves(&self, moves: &mut Vec<u32>) {
        moves.extend(0..self.children());
    }

    fn play(&mut self, mv: u32) {
        self.hash = mix(self.hash ^ (mv as u64 + 1));
        self.ply += 1;
    }
}

/// Checks the retrograde solver against alpha-beta on every position reachable from `start`
/// (an acyclic game small enough for alpha-beta from each position) and returns how many
/// positions agreed; the error names the first disagreement. Games with numeric payoffs are
/// refused by the retrograde solver and reported as an error.
///
/// ```
/// use ply_core::testing::retrograde_agrees_with_alpha_beta;
/// # use ply_core::{Game, Outcome, Player};
/// # #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// # struct Pile { left: u32, to_move: Player }
/// # impl Game for Pile {
/// #     type Move = u32;
/// #     fn to_move(&self) -> Player { self.to_move }
/// #     fn outcome(&self) -> Option<Outcome> { (self.left == 0).then_some(Outcome::Loss) }
/// #     fn generate_moves(&self, moves: &mut Vec<u32>) { moves.extend((1..=2).filter(|&t| t <= self.left)) }
/// #     fn play(&mut self, take: u32) { self.left -= take; self.to_move = self.to_move.opponent(); }
/// # }
/// let start = Pile { left: 7, to_move: Player::First };
/// // 7 left with the first player to move, then 6..=0 left with either player to move.
/// assert_eq!(retrograde_agrees_with_alpha_beta(&start), Ok(14));
/// ```
pub fn retrograde_agrees_with_alpha_beta<G>(start: &G) -> Result<usize, String>
where
    G: Game + std::hash::Hash + Eq + std::fmt::Debug,
{
    let table = crate::RetrogradeTable::solve(start).map_err(|e| e.to_string())?;
    for (position, value) in table.iter() {
        let searched = crate::alpha_beta(position, &crate::NoEvaluation, None).value;
        if value.score() != searched {
            return Err(format!(
                "{position:?}: retrograde says {value}, alpha-beta says {searched}"
            ));
        }
    }
    Ok(table.len())
}

/// Take one or two objects from a pile; who takes the last one wins. A position is lost
/// exactly when the pile is a multiple of 3, and each round of two moves takes 3 objects:
/// a game whose exact values and remoteness are known independently of any search.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeOneOrTwo {
    /// Objects left in the pile.
    pub left: u32,
    /// The player to move.
    pub to_move: Player,
}

impl Game for TakeOneOrTwo {
    type Move = u32;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.left == 0).then_some(Outcome::Loss)
    }
    fn generate_moves(&self, moves: &mut Vec<u32>) {
        moves.extend((1..=2).filter(|&t| t <= self.left));
    }
    fn play(&mut self, take: u32) {
        self.left -= take;
        self.to_move = self.to_move.opponent();
    }
}

/// Every engine configuration that must agree on exact values and remoteness:
/// no table, a tiny one (1 MiB) and a large one (8 MiB: far more entries than the test
/// games have positions; a larger one only costs its clearing); one thread, two and four; both exact
/// strategies, and bisection with and without its full-window end. Helpers start at
/// once with two threads (most test searches are shorter than the engine's default
/// start, `HELPER_START_NODES`) and at that default with four.
pub fn exact_configurations() -> Vec<crate::engine::Settings> {
    use crate::engine::{ExactStrategy, Settings};
    let mut all = Vec::new();
    for hash in [0, 1, 8] {
        for threads in [1, 2, 4] {
            for (strategy, full_window_plies) in [
                (ExactStrategy::Bisection, 0),
                (
                    ExactStrategy::Bisection,
                    Settings::default().full_window_plies,
                ),
                (ExactStrategy::FullWindow, 0),
            ] {
                let mut s = Settings::default().with_hash(hash).with_threads(threads);
                s.exact_strategy = strategy;
                s.full_window_plies = full_window_plies;
                if threads == 2 {
                    s.helper_start_nodes = 0;
                }
                all.push(s);
            }
        }
    }
    all
}

/// A random tree with chance nodes: MAX, MIN and chance nodes in any order (drawn
/// per node from the seed), chance nodes with probabilities such as `2/7`, leaves
/// worth -10 to 10 for MAX. For property tests of [`crate::chance`]'s searches.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RandomChanceTree {
    hash: u64,
    ply: u32,
    depth: u32,
    branching: u32,
}

impl RandomChanceTree {
    /// A tree whose inner nodes have 1 to `branching` children, leaves at `depth` or
    /// (about one node in eight below the root) sooner.
    pub fn new(seed: u64, branching: u32, depth: u32) -> RandomChanceTree {
        RandomChanceTree {
            hash: mix(seed ^ 0xC4A7_CE00),
            ply: 0,
            depth,
            branching: branching.max(1),
        }
    }

    /// This node's kind: 0 MAX, 1 MIN, 2 chance.
    fn kind(&self) -> u64 {
        mix(self.hash ^ 0x0D1CE) % 3
    }

    fn children(&self) -> u32 {
        if self.ply >= self.depth || (self.ply > 0 && mix(self.hash ^ 0x1EAF) % 8 == 0) {
            return 0;
        }
        1 + (mix(self.hash ^ 0xB2A4) % self.branching as u64) as u32
    }

    /// The weight of child `i` (1 to 4) before the weights are divided by their sum.
    fn weight(&self, i: u32) -> i64 {
        1 + (mix(self.hash ^ 0x3E16 ^ (i as u64).wrapping_mul(0x9E37)) % 4) as i64
    }

    /// A leaf's value for MAX.
    pub fn max_value(&self) -> i32 {
        (mix(self.hash ^ 0xA5A5) % 21) as i32 - 10
    }
}

impl Game for RandomChanceTree {
    type Move = u32;

    fn to_move(&self) -> Player {
        if self.kind() == 1 {
            Player::Second
        } else {
            Player::First
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.children() > 0 {
            return None;
        }
        let value = match self.to_move() {
            Player::First => self.max_value(),
            Player::Second => -self.max_value(),
        };
        Some(Outcome::Payoff(Score::heuristic(value)))
    }

    fn generate_moves(&self, moves: &mut Vec<u32>) {
        moves.extend(0..self.children());
    }

    fn play(&mut self, mv: u32) {
        self.hash = mix(self.hash ^ (mv as u64 + 1).wrapping_mul(0x9E37_79B9));
        self.ply += 1;
    }
}

impl crate::chance::ChanceGame for RandomChanceTree {
    fn is_chance(&self) -> bool {
        self.kind() == 2 && self.children() > 0
    }

    fn probability(&self, mv: u32) -> crate::chance::Ratio {
        let total: i64 = (0..self.children()).map(|i| self.weight(i)).sum();
        crate::chance::Ratio::new(self.weight(mv) as i128, total as i128)
            .unwrap_or(crate::chance::Ratio::ZERO)
    }
}
