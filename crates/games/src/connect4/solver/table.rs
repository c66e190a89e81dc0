//! The solver's transposition table: one 64-bit word an entry, shared by every thread.
//!
//! A key (a position of the standard board, at most 49 bits) lives in bucket
//! `key % len` or the next one. The bucket index and `key / len` together give the
//! key back (`len` is odd, so the division loses nothing the remainder does not keep),
//! so an entry stores only the quotient, and the two cells of a bucket pair need one
//! bit to say which they are. What is left of 64 bits holds the value, its bound, the
//! best move and the work that went into it (for replacement).
//!
//! Emptying the table between positions only moves it to its next generation: an entry
//! of an older one reads as empty. Only every 63rd time is the memory written.
//!
//! Entries are written and read as whole words (relaxed atomics): a thread sees
//! another's entry whole or not at all, never a torn one.

use std::sync::atomic::{AtomicU64, Ordering};

/// An entry's bits below the quotient that must match: which cell of the pair it is,
/// and its generation.
const fn tag(second: bool, generation: u64) -> u64 {
    (generation << GENERATION_SHIFT) | if second { SECOND_BIT } else { 0 }
}
const TAG_BITS: u64 = tag(true, GENERATIONS);

/// What a stored value bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// The true value is at least the stored one.
    Lower,
    /// At most the stored one.
    Upper,
    /// Exactly the stored one.
    Exact,
}

/// One entry read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    /// Pons' score, from the side to move's view.
    pub score: i32,
    pub bound: Bound,
    /// The best column found, in the key's orientation (see `Position::key`).
    pub column: u32,
}

// Layout, from the low bits: work (5 bits: the log2 of the nodes the entry cost),
// which cell of the pair (1), column (3), bound (2), score + 64 (7), generation (6,
// never 0), quotient (from 24).
const WORK_BITS: u64 = 0x1F;
const SECOND_BIT: u64 = 1 << 5;
const COLUMN_SHIFT: u32 = 6;
const BOUND_SHIFT: u32 = 9;
const SCORE_SHIFT: u32 = 11;
const GENERATION_SHIFT: u32 = 18;
const GENERATIONS: u64 = 63;
const QUOTIENT_SHIFT: u32 = 24;

/// A fixed number of entries, written only by [`Table::put`].
pub(super) struct Table {
    cells: Box<[AtomicU64]>,
    /// Buckets: odd, so that `key / len` with `key % len` is the key.
    len: u64,
    /// `floor((2^64 - 1) / len)`: dividing by `len` as a multiplication (see
    /// [`Table::split`]).
    reciprocal: u64,
    /// The generation of the entries that count (1 to [`GENERATIONS`]).
    generation: AtomicU64,
}

impl Table {
    /// The smallest quotient the 40 bits above [`QUOTIENT_SHIFT`] must hold is
    /// `2^49 / len`: tables under 2^9 buckets cannot be packed so.
    pub const MIN_BUCKETS: u64 = 1 << 10;

    /// A table of about `bytes` (at least [`Table::MIN_BUCKETS`] entries), empty.
    /// `None` when the memory cannot be had.
    pub fn with_bytes(bytes: usize) -> Option<Table> {
        let entries = (bytes / 8).max(Self::MIN_BUCKETS as usize + 2);
        // A prime number of buckets (odd, and keys that differ by a stride of the board
        // fall into different buckets), and one more cell for the last bucket's pair.
        let len = prime_at_most(entries as u64 - 1);
        // Zero pages from the OS, touched as the search reaches them (huge pages on
        // Linux): a small solve does not pay for the whole table.
        let cells = ply_core::memory::zeroed_words(len as usize + 1)?;
        Some(Table {
            cells,
            len,
            reciprocal: u64::MAX / len,
            generation: AtomicU64::new(1),
        })
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.cells.len() * 8
    }

    /// Forgets every entry: the next generation, or, once they are all used, zeros
    /// written over the whole table (which also brings every page into memory, so
    /// that a new table's first solve does not fault them in as it goes).
    pub fn clear(&self) {
        let next = self.generation.load(Ordering::Relaxed) % GENERATIONS + 1;
        if next == 1 {
            self.zero();
        }
        self.generation.store(next, Ordering::Relaxed);
    }

    /// Writes zeros over every entry.
    pub fn zero(&self) {
        for cell in self.cells.iter() {
            cell.store(0, Ordering::Relaxed);
        }
    }

    #[inline(always)]
    fn matches(word: u64, quotient: u64, tag: u64) -> bool {
        word >> QUOTIENT_SHIFT == quotient && word & TAG_BITS == tag
    }

    /// True when `word` is empty or of an older generation.
    #[inline(always)]
    fn is_stale(word: u64, generation: u64) -> bool {
        (word >> GENERATION_SHIFT) & GENERATIONS != generation
    }

    /// `key`'s bucket and quotient: `key % len` and `key / len`. A hardware division
    /// takes tens of cycles, and a node makes several lookups; the reciprocal's
    /// product is at most one short of the quotient (its error, under 1, times a key
    /// under 2^49, is under 2^64), which one comparison mends.
    #[inline(always)]
    fn split(&self, key: u64) -> (usize, u64) {
        let mut quotient = ((u128::from(key) * u128::from(self.reciprocal)) >> 64) as u64;
        let mut remainder = key - quotient * self.len;
        if remainder >= self.len {
            quotient += 1;
            remainder -= self.len;
        }
        (remainder as usize, quotient)
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so that a parent's
    /// lookups of its children overlap instead of waiting for memory one by one.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let (index, _) = self.split(key);
            let cell = self.cells[index..].as_ptr();
            // SAFETY: a prefetch is only a hint; it reads nothing and cannot fault.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(cell as *const i8) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry of `key`, if it is in the table.
    #[inline(always)]
    pub fn get(&self, key: u64) -> Option<Entry> {
        let (index, quotient) = self.split(key);
        let generation = self.generation.load(Ordering::Relaxed);
        for (offset, second) in [(0, false), (1, true)] {
            let word = self.cells[index + offset].load(Ordering::Relaxed);
            if Self::matches(word, quotient, tag(second, generation)) {
                let bound = match (word >> BOUND_SHIFT) & 3 {
                    1 => Bound::Lower,
                    2 => Bound::Upper,
                    _ => Bound::Exact,
                };
                return Some(Entry {
                    score: ((word >> SCORE_SHIFT) & 0x7F) as i32 - 64,
                    bound,
                    column: ((word >> COLUMN_SHIFT) & 7) as u32,
                });
            }
        }
        None
    }

    /// Stores `entry` for `key`, which cost `nodes` nodes: in the cell of the pair that
    /// holds the key already, else an empty (or stale) one, else the one that cost less.
    #[inline(always)]
    pub fn put(&self, key: u64, entry: Entry, nodes: u64) {
        let (index, quotient) = self.split(key);
        let generation = self.generation.load(Ordering::Relaxed);
        let first = self.cells[index].load(Ordering::Relaxed);
        let second = self.cells[index + 1].load(Ordering::Relaxed);
        let use_second = if Self::matches(first, quotient, tag(false, generation))
            || Self::is_stale(first, generation)
        {
            false
        } else {
            Self::matches(second, quotient, tag(true, generation))
                || Self::is_stale(second, generation)
                || second & WORK_BITS < first & WORK_BITS
        };
        let work = u64::from(64 - nodes.leading_zeros()).min(WORK_BITS);
        let bound = match entry.bound {
            Bound::Lower => 1,
            Bound::Upper => 2,
            Bound::Exact => 3,
        };
        let word = (quotient << QUOTIENT_SHIFT)
            | (((entry.score + 64) as u64) << SCORE_SHIFT)
            | (bound << BOUND_SHIFT)
            | (u64::from(entry.column) << COLUMN_SHIFT)
            | tag(use_second, generation)
            | work;
        self.cells[index + usize::from(use_second)].store(word, Ordering::Relaxed);
    }
}

/// The largest prime at most `n` (`n` at least 3): trial division, a few thousand
/// steps for a table of gigabytes, once per table.
fn prime_at_most(n: u64) -> u64 {
    let is_prime = |p: u64| {
        p % 2 != 0
            && (3..)
                .step_by(2)
                .take_while(|d| d * d <= p)
                .all(|d| p % d != 0)
    };
    (3..=n).rev().find(|&p| is_prime(p)).unwrap_or(3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_come_back_as_stored_and_keys_never_alias() {
        let table = Table::with_bytes(8 * 1031).unwrap();
        assert_eq!(table.len, 1021);
        assert_eq!(prime_at_most((1 << 27) + 30), 134_217_757);
        // The multiplication divides exactly, at the edges of the keys and buckets.
        for bytes in [8 * 1031, 64 << 20, 1 << 30] {
            let table = Table::with_bytes(bytes).unwrap();
            let len = table.len;
            let keys = [
                0,
                1,
                len - 1,
                len,
                len + 1,
                2 * len - 1,
                (1 << 49) - 1,
                (1 << 49) - 1 - len,
            ];
            let mut seed = 0x2545_F491_4F6C_DD1Du64;
            let random = (0..10_000).map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed >> 15
            });
            for key in keys.into_iter().chain(random) {
                assert_eq!(
                    table.split(key),
                    ((key % len) as usize, key / len),
                    "{key} / {len}"
                );
            }
        }
        let entry = |score, bound, column| Entry {
            score,
            bound,
            column,
        };
        // Keys sharing a bucket (equal remainders) differ in the quotient.
        let (a, b, c) = (5, 5 + table.len, 5 + 2 * table.len);
        table.put(a, entry(-18, Bound::Upper, 6), 1 << 20);
        table.put(b, entry(21, Bound::Lower, 0), 3);
        assert_eq!(table.get(a), Some(entry(-18, Bound::Upper, 6)));
        assert_eq!(table.get(b), Some(entry(21, Bound::Lower, 0)));
        // A third key replaces the cheaper of the two.
        table.put(c, entry(0, Bound::Exact, 3), 7);
        assert_eq!(table.get(b), None);
        assert_eq!(table.get(c), Some(entry(0, Bound::Exact, 3)));
        assert_eq!(table.get(a), Some(entry(-18, Bound::Upper, 6)));
        // The largest key of the standard board fits.
        let top = (1u64 << 49) - 1;
        table.put(top, entry(1, Bound::Exact, 2), 1);
        assert_eq!(table.get(top), Some(entry(1, Bound::Exact, 2)));
        // Every generation forgets, including the one that writes zeros.
        for _ in 0..2 * GENERATIONS {
            table.clear();
            assert_eq!(table.get(a), None);
            table.put(a, entry(3, Bound::Lower, 1), 9);
            assert_eq!(table.get(a), Some(entry(3, Bound::Lower, 1)));
        }
    }
}
