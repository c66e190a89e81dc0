//! A position of Pig, its decisions, and what a decision and the die make of it.

use super::{MAX_GOAL, PigError};
use ply_core::Player;

/// What the player to move may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Roll the die: a 1 loses the turn total and passes the turn; 2 to 6 add to it.
    Roll,
    /// Bank the turn total and pass the turn (only with a turn total above 0).
    Hold,
}

/// Where a decision (and, for a roll, the die) leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The game goes on from this position.
    Next(PigState),
    /// This player has won. A roll that brings the mover's score and turn total to the
    /// goal ends the game at once: the only sensible decision left is to hold, and it
    /// wins, so no position is kept for it (see [`PigState`]).
    Won(Player),
}

/// A position of Pig: both banked scores, the turn total of the player to move, who
/// that is, and the goal.
///
/// Only positions that a game can reach and that still hold a decision are built:
/// [`PigState::new`] refuses a score at or above the goal (that game is over), a
/// mover's score plus turn total at or above the goal (holding wins, so the game is
/// decided), and a score or a turn total of exactly 1 (every roll that counts adds at
/// least 2, so neither can happen).
///
/// The notation ([`PigState::parse`], and `Display`) writes the first player's score,
/// a `-`, and the second player's score, with `+` and the turn total after the score of
/// the player to move: `12+7-30` is the first player to move with 12 banked and 7 this
/// turn, the second player having 30; `12-30+0` is the second player starting a turn.
/// A goal other than [`DEFAULT_GOAL`](super::DEFAULT_GOAL) goes in front with a colon:
/// `50:12+7-30`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PigState {
    goal: u32,
    scores: [u32; 2],
    turn_total: u32,
    to_move: Player,
}

/// Refuses a goal outside 1 to [`MAX_GOAL`].
pub(crate) fn check_goal(goal: u32) -> Result<(), PigError> {
    if (1..=MAX_GOAL).contains(&goal) {
        Ok(())
    } else {
        Err(PigError::Goal { goal })
    }
}

/// Refuses a banked score that no unfinished game has.
pub(crate) fn check_score(score: u32, goal: u32) -> Result<(), PigError> {
    if score >= goal {
        Err(PigError::ScoreReachesGoal { score, goal })
    } else if score == 1 {
        Err(PigError::ScoreOne)
    } else {
        Ok(())
    }
}

/// Refuses a turn total that no game reaches with `score` banked and a decision left.
pub(crate) fn check_turn_total(score: u32, turn_total: u32, goal: u32) -> Result<(), PigError> {
    if turn_total == 1 {
        Err(PigError::TurnTotalOne)
    } else if turn_total >= goal - score {
        // `score < goal` has been checked, so the subtraction cannot wrap.
        Err(PigError::TurnReachesGoal {
            score,
            turn_total,
            goal,
        })
    } else {
        Ok(())
    }
}

impl PigState {
    /// The start of a game to `goal`: both scores 0, the first player to roll.
    pub fn start(goal: u32) -> Result<PigState, PigError> {
        check_goal(goal)?;
        Ok(PigState {
            goal,
            scores: [0, 0],
            turn_total: 0,
            to_move: Player::First,
        })
    }

    /// The position with `scores` (the first player's, then the second's), the mover's
    /// `turn_total` and `to_move` to decide, in a game to `goal`; refused when no
    /// unfinished game has it (see the type's documentation).
    pub fn new(
        goal: u32,
        scores: [u32; 2],
        turn_total: u32,
        to_move: Player,
    ) -> Result<PigState, PigError> {
        check_goal(goal)?;
        for score in scores {
            check_score(score, goal)?;
        }
        check_turn_total(scores[to_move.index()], turn_total, goal)?;
        Ok(PigState {
            goal,
            scores,
            turn_total,
            to_move,
        })
    }

    /// The position seen from the mover: `mover_score` banked by the player to move
    /// (`to_move`), `opponent_score` by the other, and `turn_total` this turn.
    pub fn from_mover(
        goal: u32,
        mover_score: u32,
        opponent_score: u32,
        turn_total: u32,
        to_move: Player,
    ) -> Result<PigState, PigError> {
        let mut scores = [0; 2];
        scores[to_move.index()] = mover_score;
        scores[to_move.opponent().index()] = opponent_score;
        PigState::new(goal, scores, turn_total, to_move)
    }

    /// The score that wins.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// The banked scores: the first player's, then the second's.
    pub fn scores(&self) -> [u32; 2] {
        self.scores
    }

    /// The banked score of `player`.
    pub fn score(&self, player: Player) -> u32 {
        self.scores[player.index()]
    }

    /// The turn total of the player to move: what holding now would bank.
    pub fn turn_total(&self) -> u32 {
        self.turn_total
    }

    /// The player to decide.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The banked score of the player to move (`i` in the literature's `(i, j, k)`).
    pub fn mover_score(&self) -> u32 {
        self.score(self.to_move)
    }

    /// The banked score of the other player (`j` in `(i, j, k)`).
    pub fn opponent_score(&self) -> u32 {
        self.score(self.to_move.opponent())
    }

    /// The decisions allowed here: rolling always, holding once the turn total is
    /// above 0 (a turn starts with a roll).
    pub fn legal_decisions(&self) -> &'static [Decision] {
        if self.turn_total == 0 {
            &[Decision::Roll]
        } else {
            &[Decision::Roll, Decision::Hold]
        }
    }

    /// Rolling, and the die showing `face` (1 to 6).
    pub fn roll(&self, face: u32) -> Result<Step, PigError> {
        match face {
            1 => Ok(Step::Next(self.pass_turn(self.scores))),
            2..=6 => {
                // Both terms are below the goal, itself at most `MAX_GOAL`: no overflow.
                let turn_total = self.turn_total + face;
                if self.mover_score() + turn_total >= self.goal {
                    Ok(Step::Won(self.to_move))
                } else {
                    Ok(Step::Next(PigState {
                        turn_total,
                        ..*self
                    }))
                }
            }
            _ => Err(PigError::Face { face }),
        }
    }

    /// Holding: the turn total joins the mover's score and the other player starts a
    /// turn. Refused with a turn total of 0.
    pub fn hold(&self) -> Result<Step, PigError> {
        if self.turn_total == 0 {
            return Err(PigError::HoldWithoutTurnTotal);
        }
        // A position keeps score plus turn total below the goal, so holding never wins
        // by itself: the winning hold is taken with the roll that reaches the goal.
        let mut scores = self.scores;
        scores[self.to_move.index()] += self.turn_total;
        Ok(Step::Next(self.pass_turn(scores)))
    }

    /// Every outcome of `decision` with its probability: six faces of 1/6 for a roll,
    /// one certain outcome for a hold. Refused where the decision is not allowed.
    pub fn outcomes(&self, decision: Decision) -> Result<Vec<(f64, Step)>, PigError> {
        match decision {
            Decision::Roll => (1..=6)
                .map(|face| Ok((1.0 / 6.0, self.roll(face)?)))
                .collect(),
            Decision::Hold => Ok(vec![(1.0, self.hold()?)]),
        }
    }

    fn pass_turn(&self, scores: [u32; 2]) -> PigState {
        PigState {
            goal: self.goal,
            scores,
            turn_total: 0,
            to_move: self.to_move.opponent(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(goal: u32, scores: [u32; 2], turn_total: u32, to_move: Player) -> PigState {
        PigState::new(goal, scores, turn_total, to_move).unwrap()
    }

    #[test]
    fn a_turn_starts_with_a_roll() {
        let start = PigState::start(100).unwrap();
        assert_eq!(start.legal_decisions(), [Decision::Roll]);
        assert_eq!(start.hold(), Err(PigError::HoldWithoutTurnTotal));
        let rolled = state(100, [0, 0], 4, Player::First);
        assert_eq!(rolled.legal_decisions(), [Decision::Roll, Decision::Hold]);
    }

    #[test]
    fn a_one_loses_the_turn_total_and_passes_the_turn() {
        let before = state(100, [30, 12], 17, Player::Second);
        let after = state(100, [30, 12], 0, Player::First);
        assert_eq!(before.roll(1), Ok(Step::Next(after)));
    }

    #[test]
    fn two_to_six_add_to_the_turn_total_and_the_goal_wins_at_once() {
        let before = state(100, [90, 12], 3, Player::First);
        for face in 2..=6 {
            let expected = if 90 + 3 + face >= 100 {
                Step::Won(Player::First)
            } else {
                Step::Next(state(100, [90, 12], 3 + face, Player::First))
            };
            assert_eq!(before.roll(face), Ok(expected), "face {face}");
        }
    }

    #[test]
    fn holding_banks_the_turn_total_and_passes_the_turn() {
        let before = state(100, [30, 12], 17, Player::Second);
        let after = state(100, [30, 29], 0, Player::First);
        assert_eq!(before.hold(), Ok(Step::Next(after)));
        assert_eq!(after.mover_score(), 30);
        assert_eq!(after.opponent_score(), 29);
    }

    #[test]
    fn a_die_shows_one_to_six() {
        let start = PigState::start(100).unwrap();
        assert_eq!(start.roll(0), Err(PigError::Face { face: 0 }));
        assert_eq!(start.roll(7), Err(PigError::Face { face: 7 }));
    }

    #[test]
    fn outcomes_are_a_probability_distribution() {
        let here = state(20, [10, 4], 6, Player::First);
        let rolls = here.outcomes(Decision::Roll).unwrap();
        assert_eq!(rolls.len(), 6);
        let total: f64 = rolls.iter().map(|(p, _)| p).sum();
        assert!((total - 1.0).abs() < 1e-15);
        assert_eq!(rolls[5].1, Step::Won(Player::First)); // 10 + 6 + 6 reaches 20
        assert_eq!(
            here.outcomes(Decision::Hold).unwrap(),
            vec![(1.0, here.hold().unwrap())]
        );
        let fresh = state(20, [10, 4], 0, Player::First);
        assert_eq!(
            fresh.outcomes(Decision::Hold),
            Err(PigError::HoldWithoutTurnTotal)
        );
    }

    #[test]
    fn impossible_positions_are_refused() {
        let first = Player::First;
        assert_eq!(PigState::start(0), Err(PigError::Goal { goal: 0 }));
        assert_eq!(
            PigState::start(MAX_GOAL + 1),
            Err(PigError::Goal { goal: MAX_GOAL + 1 })
        );
        assert_eq!(
            PigState::new(100, [100, 0], 0, first),
            Err(PigError::ScoreReachesGoal {
                score: 100,
                goal: 100
            })
        );
        assert_eq!(
            PigState::new(100, [0, 250], 0, first),
            Err(PigError::ScoreReachesGoal {
                score: 250,
                goal: 100
            })
        );
        assert_eq!(
            PigState::new(100, [95, 0], 5, first),
            Err(PigError::TurnReachesGoal {
                score: 95,
                turn_total: 5,
                goal: 100
            })
        );
        assert_eq!(
            PigState::new(100, [0, 0], u32::MAX, first),
            Err(PigError::TurnReachesGoal {
                score: 0,
                turn_total: u32::MAX,
                goal: 100
            })
        );
        assert_eq!(
            PigState::new(100, [0, 0], 1, first),
            Err(PigError::TurnTotalOne)
        );
        assert_eq!(
            PigState::new(100, [0, 1], 0, first),
            Err(PigError::ScoreOne)
        );
        // The opponent's score plus the mover's turn total may pass the goal.
        assert!(PigState::new(100, [10, 95], 80, first).is_ok());
    }
}
