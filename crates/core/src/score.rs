//! The one value type of every search in ply.
//!
//! A [`Score`] is an `i32` seen from one side's point of view. Decisive results
//! (a forced win or loss) sit above and below every heuristic value and carry
//! their distance in plies, so that ordering scores is ordering outcomes:
//!
//! ```
//! use ply_core::Score;
//! assert!(Score::win_in(1) > Score::win_in(3));      // the faster win is better
//! assert!(Score::win_in(99) > Score::heuristic(5_000));
//! assert!(Score::loss_in(8) > Score::loss_in(2));    // the slower loss is better
//! assert_eq!(-Score::win_in(3), Score::loss_in(3));
//! assert_eq!(Score::win_in(5).to_string(), "win in 5");
//! assert_eq!(Score::heuristic(37).to_string(), "+0.37");
//! assert_eq!(Score::DRAW.to_string(), "draw");
//! ```
//!
//! Search functions count distances from the root of the search (a loss found
//! at ply 7 is `loss_in(7)`), so backing a value up one level is plain negation.

use std::fmt;
use std::ops::Neg;

/// Raw value of a win on the spot (zero plies away).
const WIN: i32 = 1_000_000_000;
/// The longest distance a decisive score can carry.
const MAX_DISTANCE: i32 = 1_000_000;
/// Every heuristic value lies strictly inside `±HEURISTIC_LIMIT`.
const HEURISTIC_LIMIT: i32 = WIN - MAX_DISTANCE;

/// A game value for one side: a decisive result with its distance, or a heuristic estimate.
///
/// Heuristic values are in hundredths of a unit (like centipawns): `heuristic(37)`
/// reads "+0.37". Zero is the draw score.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(i32);

impl Score {
    /// The value of a drawn game (and of a perfectly balanced estimate).
    pub const DRAW: Score = Score(0);
    /// Above every real score: the initial bound of a full-window search.
    pub const INFINITY: Score = Score(WIN + 1);
    /// The largest heuristic value.
    pub const MAX_HEURISTIC: Score = Score(HEURISTIC_LIMIT - 1);
    /// The smallest heuristic value.
    pub const MIN_HEURISTIC: Score = Score(-(HEURISTIC_LIMIT - 1));
    /// The longest distance (in plies) a decisive score can carry.
    pub const MAX_PLIES: u32 = MAX_DISTANCE as u32;

    /// A heuristic estimate, clamped so that it stays below every decisive score.
    #[inline]
    pub const fn heuristic(value: i32) -> Score {
        let limit = HEURISTIC_LIMIT - 1;
        Score(if value > limit {
            limit
        } else if value < -limit {
            -limit
        } else {
            value
        })
    }

    /// A forced win reached in `plies` half-moves (0: the game is already won).
    #[inline]
    pub const fn win_in(plies: u32) -> Score {
        let plies = if plies > Self::MAX_PLIES {
            Self::MAX_PLIES
        } else {
            plies
        };
        Score(WIN - plies as i32)
    }

    /// A forced loss reached in `plies` half-moves (0: the game is already lost).
    #[inline]
    pub const fn loss_in(plies: u32) -> Score {
        Score(-Self::win_in(plies).0)
    }

    /// Rebuilds a score from [`Score::raw`].
    #[inline]
    pub const fn from_raw(raw: i32) -> Score {
        Score(raw)
    }

    /// The underlying integer, for storage (transposition tables, books).
    #[inline]
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// True for a forced win or loss (not for a draw or an estimate).
    #[inline]
    pub const fn is_decisive(self) -> bool {
        self.0 >= HEURISTIC_LIMIT || self.0 <= -HEURISTIC_LIMIT
    }

    /// True for a forced win.
    #[inline]
    pub const fn is_win(self) -> bool {
        self.0 >= HEURISTIC_LIMIT
    }

    /// True for a forced loss.
    #[inline]
    pub const fn is_loss(self) -> bool {
        self.0 <= -HEURISTIC_LIMIT
    }

    /// Plies until the game ends under best play, for a decisive score.
    #[inline]
    pub const fn plies_to_end(self) -> Option<u32> {
        if self.is_win() {
            Some((WIN - self.0) as u32)
        } else if self.is_loss() {
            Some((WIN + self.0) as u32)
        } else {
            None
        }
    }

    /// Re-bases a decisive score counted from a search root onto a node `ply`
    /// plies below it (the distance shrinks); estimates are unchanged.
    /// This is how a transposition table stores scores so that they stay true
    /// wherever the same position is met again.
    #[inline]
    pub const fn to_node(self, ply: u32) -> Score {
        if self.is_win() {
            Score(self.0 + ply as i32)
        } else if self.is_loss() {
            Score(self.0 - ply as i32)
        } else {
            self
        }
    }

    /// The inverse of [`Score::to_node`]: a node-relative score seen from a root `ply` plies above.
    #[inline]
    pub const fn from_node(self, ply: u32) -> Score {
        if self.is_win() {
            Score(self.0 - ply as i32)
        } else if self.is_loss() {
            Score(self.0 + ply as i32)
        } else {
            self
        }
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self >= Score::INFINITY {
            f.write_str("+infinity")
        } else if *self <= -Score::INFINITY {
            f.write_str("-infinity")
        } else if let Some(n) = self.plies_to_end() {
            let word = if self.is_win() { "win" } else { "loss" };
            write!(f, "{word} in {n}")
        } else if self.0 == 0 {
            f.write_str("draw")
        } else {
            let sign = if self.0 > 0 { '+' } else { '-' };
            let abs = self.0.unsigned_abs();
            write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
        }
    }
}

impl fmt::Debug for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Score({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordering_of_outcomes() {
        let ladder = [
            Score::loss_in(0),
            Score::loss_in(1),
            Score::loss_in(40),
            Score::MIN_HEURISTIC,
            Score::heuristic(-1),
            Score::DRAW,
            Score::heuristic(1),
            Score::MAX_HEURISTIC,
            Score::win_in(40),
            Score::win_in(1),
            Score::win_in(0),
        ];
        for pair in ladder.windows(2) {
            assert!(pair[0] < pair[1], "{:?} < {:?}", pair[0], pair[1]);
        }
        assert!(Score::INFINITY > Score::win_in(0));
        assert!(-Score::INFINITY < Score::loss_in(0));
    }

    #[test]
    fn helpers() {
        assert_eq!(Score::win_in(7).plies_to_end(), Some(7));
        assert_eq!(Score::loss_in(4).plies_to_end(), Some(4));
        assert_eq!(Score::heuristic(123).plies_to_end(), None);
        assert!(Score::win_in(3).is_decisive() && Score::loss_in(3).is_decisive());
        assert!(!Score::MAX_HEURISTIC.is_decisive() && !Score::DRAW.is_decisive());
        assert_eq!(Score::heuristic(i32::MAX), Score::MAX_HEURISTIC);
        assert_eq!(Score::heuristic(i32::MIN), Score::MIN_HEURISTIC);
        assert_eq!(Score::from_raw(Score::win_in(9).raw()), Score::win_in(9));
    }

    #[test]
    fn node_relative_round_trip() {
        // A win found 9 plies below the root, at a node 4 plies down, is a win in 5 there.
        assert_eq!(Score::win_in(9).to_node(4), Score::win_in(5));
        assert_eq!(Score::loss_in(9).to_node(4), Score::loss_in(5));
        assert_eq!(Score::win_in(5).from_node(4), Score::win_in(9));
        assert_eq!(Score::heuristic(-250).to_node(4), Score::heuristic(-250));
    }

    #[test]
    fn human_form() {
        assert_eq!(Score::win_in(5).to_string(), "win in 5");
        assert_eq!(Score::loss_in(2).to_string(), "loss in 2");
        assert_eq!(Score::DRAW.to_string(), "draw");
        assert_eq!(Score::heuristic(37).to_string(), "+0.37");
        assert_eq!(Score::heuristic(-1205).to_string(), "-12.05");
        assert_eq!(Score::INFINITY.to_string(), "+infinity");
    }
}
