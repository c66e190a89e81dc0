//! Pig as a game of ply's searches ([`ply_core::Game`] and [`ChanceGame`]): the
//! player to move decides (roll or hold); after a roll, chance throws the die, each
//! face with probability 1/6.
//!
//! The game's positions repeat (both players can throw a 1 turn after turn), so a
//! search needs a depth limit; [`crate::pig::PigSolution`] solves it exactly instead.

use super::{Decision, PigState, Step};
use ply_core::chance::{ChanceGame, Ratio};
use ply_core::{Game, Outcome, Player};

/// A move of [`Pig`]: a player's decision, or the face chance throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PigMove {
    /// Throw the die.
    Roll,
    /// Bank the turn total and end the turn.
    Hold,
    /// Chance's throw: 1 to 6.
    Face(u8),
}

/// A position of Pig for the searches: a [`PigState`], whether the die is in the air
/// (chance to move), and the winner once there is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pig {
    state: PigState,
    rolling: bool,
    winner: Option<Player>,
}

impl Pig {
    /// The game at `state`, a player to decide.
    pub fn new(state: PigState) -> Pig {
        Pig {
            state,
            rolling: false,
            winner: None,
        }
    }

    /// The position (the one before the throw, while the die is in the air).
    pub fn state(&self) -> &PigState {
        &self.state
    }

    /// True while chance is to throw.
    pub fn is_rolling(&self) -> bool {
        self.rolling
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }
}

impl Game for Pig {
    type Move = PigMove;

    /// The player whose turn it is (while the die is in the air: the one who threw it).
    fn to_move(&self) -> Player {
        self.state.to_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|winner| {
            if winner == self.state.to_move() {
                Outcome::Win
            } else {
                Outcome::Loss
            }
        })
    }

    fn generate_moves(&self, moves: &mut Vec<PigMove>) {
        if self.rolling {
            moves.extend((1..=6).map(PigMove::Face));
        } else {
            moves.extend(self.state.legal_decisions().iter().map(|d| match d {
                Decision::Roll => PigMove::Roll,
                Decision::Hold => PigMove::Hold,
            }));
        }
    }

    fn play(&mut self, mv: PigMove) {
        let step = match mv {
            PigMove::Roll => {
                self.rolling = true;
                return;
            }
            PigMove::Hold => self.state.hold(),
            PigMove::Face(face) => {
                self.rolling = false;
                self.state.roll(face as u32)
            }
        };
        // The searches play only the moves listed, which are legal: an error here
        // would be a move from elsewhere, and leaves the position as it was.
        match step {
            Ok(Step::Next(next)) => self.state = next,
            Ok(Step::Won(player)) => self.winner = Some(player),
            Err(_) => {}
        }
    }
}

impl ChanceGame for Pig {
    fn is_chance(&self) -> bool {
        self.rolling && self.winner.is_none()
    }

    fn probability(&self, mv: PigMove) -> Ratio {
        match mv {
            PigMove::Face(1..=6) => Ratio::new(1, 6).unwrap_or(Ratio::ZERO),
            _ => Ratio::ZERO,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pig::PigSolution;
    use ply_core::chance::{Bounds, expectiminimax, star1};

    /// A search deep enough on a tiny goal agrees with value iteration: with the goal 2
    /// every throw but a 1 wins, so the first player wins 6/7 of games
    /// (p = 5/6 + (1/6)(1 − p)); a search to a finite depth sees the cycle of 1s only
    /// so far, and its value for MAX approaches 2p − 1.
    #[test]
    fn a_deep_search_of_goal_two_approaches_the_solved_value() {
        let start = Pig::new(PigState::start(2).unwrap());
        let solved = PigSolution::solve(2).unwrap();
        let p = solved.win_probability(start.state()).unwrap();
        assert!((p - 6.0 / 7.0).abs() < 1e-12);
        // Depth is bounded by the tree itself here: every pass of the turn loops, so
        // a plain search would not end. Wrap the game to stop after 12 plies, valued 0.
        #[derive(Clone, Debug)]
        struct Cut(Pig, u32);
        impl Game for Cut {
            type Move = PigMove;
            fn to_move(&self) -> Player {
                self.0.to_move()
            }
            fn outcome(&self) -> Option<Outcome> {
                self.0.outcome().or((self.1 == 0).then_some(Outcome::Draw))
            }
            fn generate_moves(&self, moves: &mut Vec<PigMove>) {
                self.0.generate_moves(moves)
            }
            fn play(&mut self, mv: PigMove) {
                self.0.play(mv);
                self.1 -= 1;
            }
        }
        impl ChanceGame for Cut {
            fn is_chance(&self) -> bool {
                self.1 > 0 && self.0.is_chance()
            }
            fn probability(&self, mv: PigMove) -> Ratio {
                self.0.probability(mv)
            }
        }
        // Six throws in 12 plies, each a win for the thrower unless it is a 1: for MAX,
        // (5/6)(1 − 1/6 + 1/36 − ... − 1/6^5) = (5/7)(1 − 1/6^6) = 33325/46656, which
        // tends to 2p − 1 = 5/7 as the search deepens.
        let value = expectiminimax(&Cut(start, 12)).unwrap().value;
        assert_eq!(value, Ratio::new(33325, 46656).unwrap());
        assert!((value.to_f64() - (2.0 * p - 1.0)).abs() < 1e-4);
        let bounds = Bounds::new(Ratio::from(-1), Ratio::ONE).unwrap();
        assert_eq!(
            star1(&Cut(start, 12), bounds).unwrap().value,
            expectiminimax(&Cut(start, 12)).unwrap().value
        );
    }
}
