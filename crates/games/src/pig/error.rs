//! Why a goal, a position, a decision or a die face is refused.

use ply_core::memory::MemoryError;

/// A refusal from the Pig module: every message names the number at fault and the rule
/// it breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PigError {
    /// The goal is 0 or above [`MAX_GOAL`](super::MAX_GOAL).
    #[error("pig: the goal must be from 1 to {max}, not {goal}", max = super::MAX_GOAL)]
    Goal {
        /// The goal asked for.
        goal: u32,
    },
    /// A banked score has reached the goal: that player held and won, so the game is
    /// over and there is nothing left to decide.
    #[error("pig: a score of {score} has reached the goal {goal}: the game is already over")]
    ScoreReachesGoal {
        /// The score.
        score: u32,
        /// The goal.
        goal: u32,
    },
    /// The mover's score and turn total together reach the goal: the mover holds and
    /// wins, so the position is a finished game rather than a decision.
    #[error(
        "pig: the mover's score {score} plus the turn total {turn_total} reaches the goal {goal}: \
         holding wins, so the game is already decided"
    )]
    TurnReachesGoal {
        /// The mover's banked score.
        score: u32,
        /// The turn total.
        turn_total: u32,
        /// The goal.
        goal: u32,
    },
    /// A turn total of 1: every roll that counts adds 2 to 6, and a 1 empties the turn.
    #[error("pig: a turn total of 1 cannot happen (a roll adds 2 to 6, and a 1 ends the turn)")]
    TurnTotalOne,
    /// A score of 1: scores grow only by holding a turn total of at least 2.
    #[error("pig: a score of 1 cannot happen (a player banks only turn totals of 2 or more)")]
    ScoreOne,
    /// Holding with nothing rolled this turn: a turn starts with a roll.
    #[error("pig: holding needs a turn total above 0 (a turn starts with a roll)")]
    HoldWithoutTurnTotal,
    /// A die face outside 1 to 6.
    #[error("pig: a die shows 1 to 6, not {face}")]
    Face {
        /// The face given.
        face: u32,
    },
    /// A position of one goal asked of a solution of another.
    #[error("pig: the position plays to {state}, but the solution is for a goal of {solution}")]
    GoalMismatch {
        /// The position's goal.
        state: u32,
        /// The solution's goal.
        solution: u32,
    },
    /// Text that is not a position in the notation of [`PigState::parse`](super::PigState::parse).
    #[error("pig: cannot read {text} as a position: {reason}")]
    Notation {
        /// The text (an excerpt of it, quoted).
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The table of win probabilities does not fit in the memory there is.
    #[error("pig: {0}")]
    Memory(#[from] MemoryError),
    /// Value iteration did not settle within its sweep budget (not seen for any goal up
    /// to [`MAX_GOAL`](super::MAX_GOAL); kept so that a surprise is an error, not a hang).
    #[error(
        "pig: value iteration for the scores {mover} and {opponent} did not settle in {sweeps} sweeps"
    )]
    NoConvergence {
        /// The mover's score of the pair that did not settle.
        mover: u32,
        /// The opponent's score.
        opponent: u32,
        /// The sweeps spent on it.
        sweeps: u32,
    },
}
