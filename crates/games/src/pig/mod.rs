//! Pig, the dice game, solved exactly: the chance of winning and the optimal decision
//! in every position, by value iteration.
//!
//! Two players race to a goal (100 by default). On a turn the player to move rolls a
//! die as often as they like: a 1 ends the turn and loses what the turn had gathered;
//! 2 to 6 add to the turn total. Holding banks the turn total and ends the turn; a turn
//! starts with a roll, so holding needs a turn total above 0. The first player whose
//! banked score reaches the goal wins. This is the formulation of Todd W. Neller and
//! Clifton G.M. Presser ("Optimal Play of the Dice Game Pig", The UMAP Journal 25(1),
//! 2004), whose figures the tests check.
//!
//! - `state.rs`: [`PigState`] (a position), [`Decision`] and [`Step`] (where a decision
//!   and the die lead);
//! - `notation.rs`: the written form `12+7-30` ([`PigState::parse`], `Display`);
//! - `solve.rs`: [`PigSolution`], the table of win probabilities for one goal;
//! - `error.rs`: [`PigError`], every refusal.
//!
//! - `game.rs`: [`Pig`], the game for ply's searches, with chance's throws
//!   ([`ply_core::chance::ChanceGame`]);
//! - `evaluate.rs`: [`race_estimate`], the value of a position where the engine's
//!   search stops ([`ply_core::chance::ChanceEngine`]).
//!
//! Positions repeat (a 1 thrown by each player in turn comes back to the same
//! scores), so a search of [`Pig`] needs a depth limit; value iteration solves the
//! whole game instead.
//!
//! ```
//! use ply_games::pig::{Decision, PigSolution, PigState};
//!
//! let solution = PigSolution::solve(100).unwrap();
//! let start = PigState::start(100).unwrap();
//! let chance = solution.win_probability(&start).unwrap();
//! println!("the first player wins {:.4}% of games", 100.0 * chance);
//! assert!((chance - 0.5306).abs() < 5e-5);
//!
//! // With 15 in hand on the first turn, the first player rolls on: holding starts at 21.
//! let state = PigState::parse("0+15-0").unwrap();
//! assert_eq!(solution.best_decision(&state).unwrap(), Decision::Roll);
//! assert_eq!(solution.hold_threshold(0, 0).unwrap(), Some(21));
//! ```

mod error;
mod evaluate;
mod game;
mod notation;
mod solve;
mod state;

pub use error::PigError;
pub use evaluate::race_estimate;
pub use game::{Pig, PigMove};
pub use solve::{DecisionValues, PigSolution, TOLERANCE};
pub use state::{Decision, PigState, Step};

/// The goal of the usual game, and of the notation when it names none.
pub const DEFAULT_GOAL: u32 = 100;

/// The largest goal solved. The table grows as the cube of the goal: at 200 it holds
/// 4,020,000 win probabilities (32 MB) and takes about a second to solve in a release
/// build, against 4 MB and under 0.2 s for the usual game; a goal of 1,000 would need
/// 4 GB.
pub const MAX_GOAL: u32 = 200;
