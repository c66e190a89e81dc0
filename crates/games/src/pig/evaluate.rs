//! A quick estimate of a Pig position, for searches that stop before the game ends
//! ([`ply_core::chance::ChanceEngine`]).
//!
//! The race: with `a` points still to bank for the player to move (the turn total
//! counted as banked) and `b` for the other, the estimate is `(b − a) / (a + b)`, −1 to
//! 1 like a finished game's value: 0 when both need as much, near 1 when the mover is
//! almost home and the other far. It knows nothing of the risk of a 1, which is what the
//! search below it weighs.

use super::Pig;
use ply_core::{Game, Player};

/// The race estimate of `position` for MAX, the first player: `(b − a) / (a + b)`, with
/// `a` points still to bank for the player to move (the turn total counted) and `b` for
/// the other, turned to MAX's side. The expected score's stand-in at a search's horizon.
pub fn race_estimate(position: &Pig) -> f64 {
    let state = position.state();
    if let Some(winner) = position.winner() {
        return if winner == Player::First { 1.0 } else { -1.0 };
    }
    let mover = position.to_move();
    let scores = state.scores();
    let goal = f64::from(state.goal());
    let mine = goal - f64::from(scores[mover.index()] + state.turn_total());
    let theirs = goal - f64::from(scores[mover.opponent().index()]);
    let estimate = if mine + theirs <= 0.0 {
        0.0
    } else {
        ((theirs - mine) / (mine + theirs)).clamp(-1.0, 1.0)
    };
    match mover {
        Player::First => estimate,
        Player::Second => -estimate,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pig::{PigMove, PigSolution, PigState};
    use ply_core::chance::{Bounds, ChanceEngine, ChanceLimits, Ratio};

    fn engine() -> ChanceEngine<fn(&Pig) -> f64> {
        let bounds = Bounds::new(Ratio::from(-1), Ratio::ONE).unwrap();
        ChanceEngine::new(race_estimate as fn(&Pig) -> f64, bounds, 1).unwrap()
    }

    #[test]
    fn the_estimate_reads_the_race() {
        let even = Pig::new(PigState::parse("20+0-20").unwrap());
        assert_eq!(race_estimate(&even), 0.0);
        // The first player needs 100 − 60 − 20 = 20, the second 100 − 20 = 80.
        let ahead = Pig::new(PigState::parse("60+20-20").unwrap());
        assert_eq!(race_estimate(&ahead), 0.6);
        // The same race with the second player to move, for MAX.
        let behind = Pig::new(PigState::parse("20-60+20").unwrap());
        assert_eq!(race_estimate(&behind), -0.6);
    }

    /// Two short of 20 with both players at 18: a throw of 2 to 6 wins, a 1 hands the
    /// turn over to an even race (estimate 0). Searched through the throw (depth 2), the
    /// first player's expected score is 5/6 · 1 + 1/6 · 0.
    #[test]
    fn two_plies_weigh_the_throw() {
        let position = Pig::new(PigState::parse("20:18+0-18").unwrap());
        let answer = engine()
            .search(&position, &ChanceLimits::depth(2), |_| {})
            .unwrap();
        assert_eq!(answer.best, Some(PigMove::Roll));
        assert!((answer.value - 5.0 / 6.0).abs() < 1e-12, "{}", answer.value);
        assert!(
            !answer.exact,
            "the 1 leads to a position valued by the estimate"
        );
    }

    /// A deep search with the race estimate picks the solution's decision at the start of
    /// a game to 20 and in the middle of one.
    #[test]
    fn a_deep_search_agrees_with_the_solution_where_the_choice_is_clear() {
        let solution = PigSolution::solve(20).unwrap();
        for text in ["20:0+0-0", "20:0+16-0", "20:15+4-15", "20:0+2-18"] {
            let state = PigState::parse(text).unwrap();
            let answer = engine()
                .search(&Pig::new(state), &ChanceLimits::depth(10), |_| {})
                .unwrap();
            let decision = match answer.best {
                Some(PigMove::Roll) => crate::pig::Decision::Roll,
                Some(PigMove::Hold) => crate::pig::Decision::Hold,
                other => panic!("{text}: {other:?}"),
            };
            assert_eq!(decision, solution.best_decision(&state).unwrap(), "{text}");
        }
    }
}
