//! Games with chance: positions where a die, a coin or a card, not a player, decides
//! what happens next, and the searches that take their expected value.
//!
//! A game says which of its positions are chance's through [`ChanceGame`], a sibling
//! of [`Game`]: deterministic games never implement it and pay nothing for it. At a
//! chance position [`Game::generate_moves`] lists the outcomes and
//! [`ChanceGame::probability`] gives each one's chance; they add up to 1.
//!
//! Values are exact fractions ([`Ratio`]) from the first player's (MAX's) point of
//! view, as the textbooks write expectiminimax: MAX takes the highest child, MIN the
//! lowest, chance the sum of its children weighted by their probabilities.
//!
//! | search | what it does |
//! |---|---|
//! | [`expectiminimax`] | every node, every weighted sum: the definition |
//! | [`star1`] | Ballard's Star1: alpha-beta's windows carried through chance nodes, using the bounds on every leaf value to stop a weighted sum once it cannot matter |
//! | [`star2`] | Star2: Star1 after a probing pass that looks at one move of each child of a chance node, for bounds that cut before any child is searched in full |
//!
//! Star1 and Star2 need the bounds of the leaf values (`lower ≤ every leaf ≤ upper`):
//! without them no weighted sum can be cut. A leaf outside them is an error, since a
//! cut made with wrong bounds could be wrong.
//!
//! ```
//! use ply_core::chance::{Ratio, expectiminimax, star1, Bounds};
//! use ply_core::testing::RandomChanceTree;
//!
//! let tree = RandomChanceTree::new(7, 3, 4); // seed, branching, depth
//! let exact = expectiminimax(&tree).unwrap();
//! let bounds = Bounds::new(Ratio::from(-10), Ratio::from(10)).unwrap();
//! let pruned = star1(&tree, bounds).unwrap();
//! assert_eq!(pruned.value, exact.value);
//! assert!(pruned.stats.nodes <= exact.stats.nodes);
//! ```

pub mod engine;
mod ratio;
mod search;

pub use engine::{
    ChanceAnswer, ChanceEngine, ChanceEvaluator, ChanceIteration, ChanceLimits, MAX_CHANCE_DEPTH,
};
pub use ratio::{Ratio, RatioError};
pub use search::{
    Bounds, ChanceError, ChanceObserver, ChanceResult, ChanceStats, NodeKind, expectiminimax,
    expectiminimax_with, star1, star1_with, star2, star2_with,
};

use crate::{Game, Outcome, Player};

/// A game in which some positions are chance's to move (see the [module](self) docs).
pub trait ChanceGame: Game {
    /// True when chance, not a player, moves at this position. [`Game::to_move`] is
    /// then not asked.
    fn is_chance(&self) -> bool;

    /// The probability of the outcome `mv` at a chance position (an outcome listed by
    /// [`Game::generate_moves`]). The outcomes' probabilities add up to 1.
    fn probability(&self, mv: Self::Move) -> Ratio;

    /// A finished game's value from the first player's (MAX's) point of view. Default:
    /// a win 1, a loss −1, a draw 0, a payoff its own number, turned to MAX's side.
    fn leaf_value(&self, outcome: Outcome) -> Ratio {
        let value = match outcome {
            Outcome::Win => Ratio::ONE,
            Outcome::Loss => Ratio::from(-1),
            Outcome::Draw => Ratio::ZERO,
            Outcome::Payoff(score) => Ratio::from(score.raw()),
        };
        match self.to_move() {
            Player::First => value,
            Player::Second => value.checked_neg().unwrap_or(value),
        }
    }
}
