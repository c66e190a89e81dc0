//! Closed-form solutions of the counting and taking games: who wins, and how.
//!
//! Each function here is pure arithmetic on the position, independent of the
//! search; the tests check every one of them against the exact solver of
//! `ply_core::solve` on every position within generous bounds. The proofs are
//! sketched in `docs/combinatorial-games.md`.
//!
//! ```
//! use ply_games::theory::{nim, wythoff, race};
//! use ply_games::piles::Take;
//!
//! assert_eq!(nim::winning_moves(&[14, 21, 39]), vec![Take { pile: 2, amount: 12 }]);
//! assert!(nim::is_loss(&[1, 2, 3]));
//! assert_eq!(wythoff::cold_pair(2), (3, 5));
//! assert_eq!(race::winning_move(10, 2, 0), Some(1)); // say 1, then 4, 7, 10
//! ```

use crate::piles::Take;
use ply_core::{Evaluator, Game, Score};

/// A game whose winner and winning moves are known in closed form.
pub trait Theory: Game {
    /// True when the side to move wins with perfect play (also at the end of the game).
    fn is_win_by_theory(&self) -> bool;

    /// Every winning move, in the game's move order (empty when the position is lost or over).
    fn winning_moves_by_theory(&self) -> Vec<Self::Move>;
}

/// An evaluation that knows the theory: +1.00 for a won position, -1.00 for a
/// lost one. Depth-limited play with it is perfect play (it never claims a
/// decisive score: only a search to the end proves one).
#[derive(Clone, Copy, Debug, Default)]
pub struct TheoryEvaluation;

impl<G: Theory> Evaluator<G> for TheoryEvaluation {
    fn evaluate(&self, position: &G) -> Score {
        Score::heuristic(if position.is_win_by_theory() {
            100
        } else {
            -100
        })
    }
}

/// Nim under normal play: who takes the last object wins.
pub mod nim {
    use super::Take;

    /// Bouton's theorem: the side to move loses exactly when the xor of the piles is 0.
    pub fn is_loss(piles: &[u32]) -> bool {
        piles.iter().fold(0, |x, &p| x ^ p) == 0
    }

    /// The moves to xor 0: from a pile `p` with `p ^ x < p` (`x` the xor of all
    /// piles), take `p - (p ^ x)`. Those are the piles with the highest bit of `x` set.
    pub fn winning_moves(piles: &[u32]) -> Vec<Take> {
        let x = piles.iter().fold(0, |x, &p| x ^ p);
        piles
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p ^ x < p)
            .map(|(i, &p)| Take {
                pile: i as u8,
                amount: p - (p ^ x),
            })
            .collect()
    }
}

/// Misère Nim: who takes the last object loses.
pub mod misere_nim {
    use super::Take;

    /// Play as in Nim, except when every pile has 0 or 1 object: then the side
    /// to move loses exactly when the number of piles of one is odd.
    pub fn is_loss(piles: &[u32]) -> bool {
        if piles.iter().all(|&p| p <= 1) {
            piles.iter().filter(|&&p| p == 1).count() % 2 == 1
        } else {
            super::nim::is_loss(piles)
        }
    }

    /// The winning moves, by cases: with two or more piles above 1 they are
    /// Nim's; with exactly one, reduce it to 0 or 1 so that an odd number of
    /// piles of one remains; with none, any move wins when the number of ones is even.
    pub fn winning_moves(piles: &[u32]) -> Vec<Take> {
        let big: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] > 1).collect();
        let ones = piles.iter().filter(|&&p| p == 1).count();
        match big[..] {
            [] if ones % 2 == 0 => (0..piles.len())
                .filter(|&i| piles[i] == 1)
                .map(|i| Take {
                    pile: i as u8,
                    amount: 1,
                })
                .collect(),
            [] => Vec::new(),
            [i] => {
                // Leave an odd number of ones: empty the big pile if the ones are odd already.
                let keep = if ones % 2 == 1 { 0 } else { 1 };
                vec![Take {
                    pile: i as u8,
                    amount: piles[i] - keep,
                }]
            }
            _ => super::nim::winning_moves(piles),
        }
    }
}

/// Race to N: add 1..=K to a running total; who reaches exactly N wins.
pub mod race {
    /// Lost exactly when the distance to the target is a multiple of K + 1:
    /// whatever the side to move adds (a in 1..=K), the other adds K + 1 - a.
    pub fn is_loss(target: u32, max_add: u32, total: u32) -> bool {
        (target - total) % (max_add + 1) == 0
    }

    /// The one winning move: add `(N - total) mod (K + 1)`, if it is not 0.
    pub fn winning_move(target: u32, max_add: u32, total: u32) -> Option<u32> {
        let r = (target - total) % (max_add + 1);
        (r != 0).then_some(r)
    }
}

/// Bash's game: one pile, take 1..=M; who takes the last object wins.
pub mod bash {
    /// Lost exactly when the pile is a multiple of M + 1.
    pub fn is_loss(pile: u32, max_take: u32) -> bool {
        pile % (max_take + 1) == 0
    }

    /// The one winning move: take `pile mod (M + 1)`, if it is not 0.
    pub fn winning_move(pile: u32, max_take: u32) -> Option<u32> {
        let r = pile % (max_take + 1);
        (r != 0).then_some(r)
    }
}

/// Wythoff's game: take any number from one pile, or the same number from both.
pub mod wythoff {
    /// The k-th cold pair `(a_k, b_k)`: `a_k = floor(k * phi)`, `b_k = a_k + k`,
    /// where phi = (1 + sqrt 5) / 2, computed exactly in integers:
    /// `floor(k * phi) = floor((k + sqrt(5 k^2)) / 2) = (k + isqrt(5 k^2)) / 2`
    /// (for an integer m and real y, `floor((m + y) / 2) = floor((m + floor y) / 2)`).
    pub fn cold_pair(k: u64) -> (u64, u64) {
        let root = (5 * (k as u128) * (k as u128)).isqrt();
        let a = ((k as u128 + root) / 2) as u64;
        (a, a + k)
    }

    /// The first `count` cold pairs by the complement construction (no golden
    /// ratio involved): `a_k` is the least number not yet used in any earlier
    /// pair, `b_k = a_k + k`. An independent check of [`cold_pair`].
    pub fn cold_pairs_by_mex(count: usize) -> Vec<(u64, u64)> {
        let mut used = vec![false; 3 * count + 3];
        let mut pairs = Vec::with_capacity(count);
        let mut a = 0usize;
        for k in 0..count {
            while used[a] {
                a += 1;
            }
            let b = a + k;
            used[a] = true;
            used[b] = true;
            pairs.push((a as u64, b as u64));
        }
        pairs
    }

    /// True for a cold (lost for the side to move) position.
    pub fn is_cold(x: u32, y: u32) -> bool {
        let (a, b) = (x.min(y) as u64, x.max(y) as u64);
        cold_pair(b - a).0 == a
    }

    /// The index k of the cold pair `(a_k, b_k)` that `(x, y)` is, if it is one.
    pub fn cold_index(x: u32, y: u32) -> Option<u64> {
        is_cold(x, y).then(|| x.abs_diff(y) as u64)
    }
}

/// Subtraction games and their sums, by Sprague-Grundy values.
pub mod subtraction {
    use super::Take;
    use ply_core::grundy::{nim_sum, subtraction_sequence};

    /// `g(0..=upto)` for the take set `set`.
    pub fn grundy_values(set: &[u32], upto: u32) -> Vec<u32> {
        subtraction_sequence(set, upto as usize)
    }

    /// Lost exactly when the xor of the piles' Grundy values is 0 (`grundy` must cover every pile).
    pub fn is_loss(piles: &[u32], grundy: &[u32]) -> bool {
        nim_sum(piles.iter().map(|&p| grundy[p as usize])) == 0
    }

    /// The moves that make the xor of the Grundy values 0: take `s` from a pile
    /// `p` when `g(p - s) = g(p) ^ x`, `x` the xor of all values.
    pub fn winning_moves(piles: &[u32], set: &[u32], grundy: &[u32]) -> Vec<Take> {
        let x = nim_sum(piles.iter().map(|&p| grundy[p as usize]));
        if x == 0 {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for (i, &p) in piles.iter().enumerate() {
            let target = grundy[p as usize] ^ x;
            for &s in set.iter().filter(|&&s| s <= p) {
                if grundy[(p - s) as usize] == target {
                    moves.push(Take {
                        pile: i as u8,
                        amount: s,
                    });
                }
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_ratio_in_integers_matches_the_complement_construction() {
        let pairs = wythoff::cold_pairs_by_mex(20_000);
        for (k, &pair) in pairs.iter().enumerate() {
            assert_eq!(wythoff::cold_pair(k as u64), pair, "k = {k}");
        }
        // Far out, the integer formula still agrees with the Beatty complement:
        // a_k = mex of earlier pairs means every natural number is in exactly one pair.
        let (a, b) = wythoff::cold_pair(1_000_000_000);
        assert_eq!(b - a, 1_000_000_000);
        assert_eq!(a, 1_618_033_988); // floor(10^9 * 1.6180339887...)
    }
}
