//! Sprague-Grundy theory for impartial games (both players have the same moves).
//!
//! Under normal play (who cannot move loses), every impartial position is
//! equivalent to a single Nim pile whose size is its Grundy value
//! `g(p) = mex { g(q) : q a follower of p }`, the least natural number that is
//! not the value of a follower. A position is lost for the side to move exactly
//! when `g(p) = 0`, and the value of a sum of games (a move is made in one of
//! them) is the xor (nim-sum) of the values of its parts.
//!
//! ```
//! use ply_core::grundy::{GrundyMemo, Period, find_period, mex, nim_sum, subtraction_sequence};
//!
//! assert_eq!(mex([0, 1, 3]), 2);
//! assert_eq!(nim_sum([14, 21, 39]), 60); // 39 ^ 60 = 27: take 12 from the 39
//!
//! // The subtraction game S = {1, 3, 4}: g = 0 1 0 1 2 3 2 0 1 0 1 2 3 2 ...
//! let g = subtraction_sequence(&[1, 3, 4], 20);
//! assert_eq!(&g[..8], &[0, 1, 0, 1, 2, 3, 2, 0]);
//! assert_eq!(find_period(&g, 4), Some(Period { preperiod: 0, period: 7 }));
//!
//! // Any impartial game, by memoised recursion: here a pile from which one may
//! // take 1 or 2 (values 0 1 2 0 1 2 ...).
//! let mut memo = GrundyMemo::new(|&n: &u32, followers: &mut Vec<u32>| {
//!     followers.extend((1..=2).filter(|&t| t <= n).map(|t| n - t));
//! });
//! assert_eq!(memo.value(&10), 1);
//! ```

use std::collections::HashMap;
use std::hash::Hash;

/// The minimum excludant: the least natural number not in `values`.
pub fn mex<I: IntoIterator<Item = u32>>(values: I) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        // Only values up to the count seen so far can matter, but the count is
        // not known in advance; grow the bitmap on demand instead.
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

/// The nim-sum (xor) of Grundy values: the value of the sum of the games.
pub fn nim_sum<I: IntoIterator<Item = u32>>(values: I) -> u32 {
    values.into_iter().fold(0, |acc, v| acc ^ v)
}

/// Grundy values of any impartial game, memoised, computed without recursion
/// (so that long games cannot overflow the stack).
///
/// `followers(p, out)` appends the positions reachable from `p` in one move.
/// The game graph must be acyclic (every play ends), as it is for every game
/// with a strictly decreasing size.
pub struct GrundyMemo<P, F> {
    followers: F,
    table: HashMap<P, u32>,
}

impl<P: Clone + Hash + Eq, F: FnMut(&P, &mut Vec<P>)> GrundyMemo<P, F> {
    /// A memo of Grundy values over the game whose moves `followers` lists.
    pub fn new(followers: F) -> Self {
        GrundyMemo {
            followers,
            table: HashMap::new(),
        }
    }

    /// The Grundy value of `position` (and, as a by-product, of everything below it).
    pub fn value(&mut self, position: &P) -> u32 {
        if let Some(&g) = self.table.get(position) {
            return g;
        }
        // Each frame: a position, its followers, and how many are known to be in the table.
        let mut stack: Vec<(P, Vec<P>, usize)> = Vec::new();
        let mut first = Vec::new();
        (self.followers)(position, &mut first);
        stack.push((position.clone(), first, 0));
        while let Some((_, followers, next)) = stack.last_mut() {
            while *next < followers.len() && self.table.contains_key(&followers[*next]) {
                *next += 1;
            }
            if *next < followers.len() {
                let child = followers[*next].clone();
                let mut below = Vec::new();
                (self.followers)(&child, &mut below);
                stack.push((child, below, 0));
            } else {
                let (p, followers, _) = stack.pop().expect("the stack is not empty");
                let g = mex(followers.iter().map(|q| self.table[q]));
                self.table.insert(p, g);
            }
        }
        self.table[position]
    }

    /// How many positions have a known value.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// True before any value was computed.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}

/// The Grundy value of one position (a fresh memo table; keep a [`GrundyMemo`] to share one).
pub fn grundy_value<P: Clone + Hash + Eq, F: FnMut(&P, &mut Vec<P>)>(
    position: &P,
    followers: F,
) -> u32 {
    GrundyMemo::new(followers).value(position)
}

/// `g(0), ..., g(upto)` for the subtraction game with take sizes `set`: one
/// pile, a move takes `s` objects for some `s` in the set with `s <= pile`.
pub fn subtraction_sequence(set: &[u32], upto: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(upto + 1);
    for n in 0..=upto {
        let value = mex(set
            .iter()
            .filter(|&&s| s as usize <= n)
            .map(|&s| g[n - s as usize]));
        g.push(value);
    }
    g
}

/// The shape of an eventually periodic sequence: `g(n + period) = g(n)` for every `n >= preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// The first index from which the sequence repeats (0: purely periodic).
    pub preperiod: usize,
    /// The length of the repeating block.
    pub period: usize,
}

/// The least period (and, for it, the least preperiod) of a sequence where
/// each value depends only on the `memory` values before it, *proved* from the
/// computed prefix `values`; `None` if the prefix is too short to prove any.
///
/// The criterion: if `g(n + p) = g(n)` for the `memory` consecutive indices
/// `n0 <= n < n0 + memory`, then `g` has period `p` from `n0` on, forever.
/// For a subtraction game with finite set `S`, take `memory = max(S)`: for
/// `n >= max(S)` every take in `S` is legal, so `g(n)` is the mex of
/// `g(n - s)`, `s` in `S`, all within the previous `max(S)` values; the two
/// windows of `memory` values agree, so the next values agree, and so on by
/// induction. The verification needs `values` up to `n0 + memory + p - 1`.
///
/// The least period found this way is the least eventual period of the whole
/// sequence (every eventual period is a multiple of the least one, and the
/// preperiod is the same for all of them, so the least one needs the shortest
/// prefix to be proved).
pub fn find_period(values: &[u32], memory: usize) -> Option<Period> {
    let memory = memory.max(1);
    let len = values.len();
    for period in 1..len {
        // The first run of `memory` indices n with values[n] == values[n + period].
        let mut run = 0;
        for n in 0..len - period {
            if values[n] == values[n + period] {
                run += 1;
                if run == memory {
                    return Some(Period {
                        preperiod: n + 1 - memory,
                        period,
                    });
                }
            } else {
                run = 0;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_of_small_sets() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 0, 2]), 1);
        assert_eq!(mex([3, 0, 1, 2]), 4);
        assert_eq!(mex([7]), 0);
    }

    #[test]
    fn nim_sum_is_xor() {
        assert_eq!(nim_sum([]), 0);
        assert_eq!(nim_sum([1, 2, 3]), 0);
        assert_eq!(nim_sum([14, 21, 39]), 60);
    }

    /// Taking 1..=k from one pile has Grundy values n mod (k + 1) (Bash's theory).
    #[test]
    fn bash_values_by_memo_and_by_sequence() {
        for k in 1..6u32 {
            let set: Vec<u32> = (1..=k).collect();
            let g = subtraction_sequence(&set, 60);
            let mut memo = GrundyMemo::new(|&n: &u32, out: &mut Vec<u32>| {
                out.extend((1..=k).filter(|&t| t <= n).map(|t| n - t));
            });
            for n in 0..=60u32 {
                assert_eq!(g[n as usize], n % (k + 1));
                assert_eq!(memo.value(&n), n % (k + 1));
            }
            assert_eq!(
                find_period(&g, k as usize),
                Some(Period {
                    preperiod: 0,
                    period: k as usize + 1
                })
            );
        }
    }

    /// A Nim pile of size n has Grundy value n; two piles, their xor.
    #[test]
    fn nim_values_by_memo() {
        let mut memo = GrundyMemo::new(|&(a, b): &(u32, u32), out: &mut Vec<(u32, u32)>| {
            out.extend((0..a).map(|x| (x, b)));
            out.extend((0..b).map(|y| (a, y)));
        });
        for a in 0..20 {
            for b in 0..20 {
                assert_eq!(memo.value(&(a, b)), a ^ b);
            }
        }
        assert_eq!(memo.len(), 400);
    }

    #[test]
    fn periods_with_a_preperiod() {
        // S = {2, 5, 7}: checked against the definition of a period on the whole prefix.
        let g = subtraction_sequence(&[2, 5, 7], 200);
        let p = find_period(&g, 7).expect("periodic");
        for n in p.preperiod..=200 - p.period {
            assert_eq!(g[n], g[n + p.period]);
        }
        // Minimal: no shorter period holds on the tail, and the preperiod cannot start earlier.
        for q in 1..p.period {
            assert!(
                (p.preperiod..=200 - q).any(|n| g[n] != g[n + q]),
                "period {q} would do"
            );
        }
        if p.preperiod > 0 {
            assert_ne!(g[p.preperiod - 1], g[p.preperiod - 1 + p.period]);
        }
        // A hand-made sequence: 5 then 1 2 3 repeating (memory 1 means each value
        // determines the next, which a proof by repetition needs).
        let seq = [5, 1, 2, 3, 1, 2, 3, 1, 2, 3];
        assert_eq!(
            find_period(&seq, 3),
            Some(Period {
                preperiod: 1,
                period: 3
            })
        );
        // Too short to prove anything.
        assert_eq!(find_period(&seq[..5], 3), None);
        assert_eq!(find_period(&[], 1), None);
    }
}
