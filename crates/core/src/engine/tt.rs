//! The transposition table: a fixed-size, lock-free hash table shared by every
//! search thread, remembering what was learnt about a position (a bound on its
//! value, how deep it was searched, its best move).
//!
//! # Entry layout (16 bytes)
//!
//! Each entry is two `AtomicU64` words: `check = key ^ data` and `data`.
//! `data` packs, from the low bits:
//!
//! | bits | field |
//! |---|---|
//! | 0..32 | score, node-relative ([`Score::to_node`]), as `i32` |
//! | 32..48 | best move code (0: none), see [`SearchHooks::move_code`](super::SearchHooks::move_code) |
//! | 48..56 | depth in plies; for exact (to the end) entries, log2 of the subtree's node count |
//! | 56..58 | bound: exact, lower, upper |
//! | 58 | exact flag: the entry comes from a search to the end of the game (valid at any depth) |
//! | 59..64 | generation (5 bits) |
//!
//! A reader accepts an entry only when `check ^ data == key`: a write torn by
//! another thread (one word new, one old) fails this test and reads as a miss,
//! so no lock is needed (Hyatt's "lockless transposition table").
//!
//! # Buckets and replacement policy
//!
//! Four entries form a 64-byte bucket (one cache line); a key selects one bucket
//! by its high bits (multiply-shift, so any table size works). Storing:
//! 1. an entry with the same key is overwritten, unless it is from this search,
//!    deeper by more than 2 plies, and the new result is only a bound;
//! 2. otherwise the entry of least worth is replaced, worth = depth − 8 × age
//!    (age: searches since it was written; empty entries are worth least).
//!
//! Deep and recent results survive; stale ones from earlier searches go first.
//! A bucket's slots fill in order and are only emptied all at once (`clear`), so
//! probes and stores stop at the first empty slot: in a sparsely filled table
//! (any short search) a miss reads one slot, not four.
//!
//! ```
//! use ply_core::engine::{Bound, TranspositionTable};
//! use ply_core::Score;
//!
//! let table = TranspositionTable::new(1); // 1 MiB
//! table.store(0xDEAD_BEEF, Score::heuristic(42), Bound::Lower, 7, false, 3);
//! let entry = table.probe(0xDEAD_BEEF).unwrap();
//! assert_eq!((entry.score, entry.bound, entry.depth, entry.move_code), (Score::heuristic(42), Bound::Lower, 7, 3));
//! assert!(table.probe(0xBEEF_DEAD).is_none());
//! ```

use crate::Score;
use crate::memory::MemoryError;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

/// What a stored score says about the true value. (The discriminants are the
/// entry's bound bits: packing and unpacking take no branch.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    /// The score is the value (at the stored depth).
    Exact = 1,
    /// The value is at least the score (the search failed high).
    Lower = 2,
    /// The value is at most the score (the search failed low).
    Upper = 3,
}

impl Bound {
    /// Whether `score`, stored with this bound, settles a search with the window
    /// `(alpha, beta)`: an exact value, a lower bound at or above beta, an upper bound
    /// at or below alpha. (Compares, no `match`: the match was a jump table whose
    /// indirect jump mispredicted on many probes.)
    #[inline(always)]
    pub fn settles(self, score: Score, alpha: Score, beta: Score) -> bool {
        (self != Bound::Lower || score >= beta) && (self != Bound::Upper || score <= alpha)
    }
}

/// The bound of each value of an entry's bound bits (0: an empty slot).
const BOUNDS: [Option<Bound>; 4] = [
    None,
    Some(Bound::Exact),
    Some(Bound::Lower),
    Some(Bound::Upper),
];

/// One entry read from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// Node-relative score: convert with [`Score::from_node`].
    pub score: Score,
    /// Whether the stored score is exact or a bound.
    pub bound: Bound,
    /// Depth searched (exact entries: log2 of the work done, used by replacement only).
    pub depth: u8,
    /// True when the entry was proved by a search to the end of the game.
    pub exact: bool,
    /// The best (or refuting) move's code, 0 when none.
    pub move_code: u16,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

const BUCKET: usize = 4;
/// An empty slot's `data` (every stored entry has a bound, so non-zero data).
const EMPTY: u64 = 0;
const GENERATIONS: u8 = 32;

/// The four slots a key selects, their bucket's number and their table: found once
/// for the prefetch, the probe and the store of a node.
#[derive(Clone, Copy)]
pub(crate) struct Bucket<'a> {
    table: &'a TranspositionTable,
    slots: &'a [Slot; BUCKET],
    index: usize,
}

impl Bucket<'_> {
    /// Starts loading the bucket into the cache.
    #[inline(always)]
    pub(crate) fn prefetch(self) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot: *const Slot = &self.slots[0];
            // SAFETY: a prefetch is only a hint; it reads nothing and cannot fault.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot as *const i8) };
        }
    }

    /// The entry stored for `key` (whose bucket this is), if any.
    #[inline(always)]
    pub(crate) fn probe(self, key: u64) -> Option<TtEntry> {
        for slot in self.slots {
            let data = slot.data.load(Relaxed);
            if data == EMPTY {
                return None; // (the slots after an empty one are empty too)
            }
            if slot.check.load(Relaxed) ^ data == key {
                return unpack(data);
            }
        }
        None
    }

    /// Stores a result for `key` (whose bucket this is); see the module documentation
    /// for the replacement policy.
    #[inline(always)]
    pub(crate) fn store(
        self,
        key: u64,
        score: Score,
        bound: Bound,
        depth: u8,
        exact: bool,
        move_code: u16,
    ) {
        let Bucket {
            table,
            slots: bucket,
            index,
        } = self;
        let generation = table.generation.load(Relaxed);
        if let Some(written) = &table.written {
            let (word, bit) = (&written[index / 64], 1u64 << (index % 64));
            // Read first: a bucket is written many times, marked once.
            if word.load(Relaxed) & bit == 0 {
                word.fetch_or(bit, Relaxed);
            }
        }
        let mut victim = &bucket[0];
        let mut victim_data = EMPTY;
        let mut victim_worth = i32::MAX;
        for slot in bucket {
            let data = slot.data.load(Relaxed);
            if data == EMPTY {
                // The first empty slot: the key is not further on, and nothing is worth less.
                victim = slot;
                victim_data = EMPTY;
                break;
            }
            if slot.check.load(Relaxed) ^ data == key {
                let Some(old) = unpack(data) else { break };
                let same_search = generation_of(data) == generation % GENERATIONS;
                if same_search
                    && !exact
                    && old.depth > depth.saturating_add(2)
                    && bound != Bound::Exact
                    && old.exact == exact
                {
                    return; // keep the deeper result of this same search
                }
                let move_code = if move_code == 0 {
                    old.move_code
                } else {
                    move_code
                };
                // Results equally valid (both proved to the end, or the same depth) are
                // merged rather than overwritten: exact mode's null-window probes ask the
                // same node about different values, and each answer is a bound.
                let (score, bound) = if old.exact == exact && (exact || old.depth == depth) {
                    merge(old.score, old.bound, score, bound)
                } else {
                    (score, bound)
                };
                table.write_counted(
                    slot,
                    index,
                    data,
                    key,
                    pack(score, bound, depth, exact, move_code, generation),
                );
                return;
            }
            let worth = match unpack(data) {
                None => i32::MIN,
                Some(old) => {
                    let age = (generation + GENERATIONS - generation_of(data)) % GENERATIONS;
                    old.depth as i32 - 8 * age as i32
                }
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = slot;
                victim_data = data;
            }
        }
        table.write_counted(
            victim,
            index,
            victim_data,
            key,
            pack(score, bound, depth, exact, move_code, generation),
        );
    }
}

/// A shared, lock-free transposition table of a fixed size.
pub struct TranspositionTable {
    /// The entries; bucket `i` is `slots[first + 4 i ..][..4]`, 64-byte aligned.
    slots: Box<[Slot]>,
    /// Slots skipped at the start so that buckets start on a cache line.
    first: usize,
    buckets: usize,
    generation: AtomicU8,
    /// Slots of the first `HASHFULL_BUCKETS` buckets holding a result of the current
    /// search, counted as stores write them: [`hashfull`](Self::hashfull) reads one word
    /// (reading the slots after every iteration cost a short search 2 % of its time).
    sampled_current: AtomicU64,
    /// With [`TranspositionTable::track_writes`]: one bit per bucket, set when a store
    /// writes into it, so that `clear` empties only those.
    written: Option<Box<[AtomicU64]>>,
}

/// [`TranspositionTable::hashfull`] samples the first this many buckets (1000 entries).
const HASHFULL_BUCKETS: usize = 250;

/// Above this share of buckets written (1 in 8), `clear` empties the whole table in
/// one pass rather than bucket by bucket.
const SPARSE_CLEAR_SHARE: usize = 8;

/// `count` empty slots straight from zeroed memory: with the default alignment
/// this is `calloc`, and the OS hands out zero pages lazily, so even a large
/// table costs nothing until it is used. `None` when the allocator refuses.
fn zeroed_slots(count: usize) -> Option<Box<[Slot]>> {
    let layout = std::alloc::Layout::array::<Slot>(count).ok()?;
    // SAFETY: the layout has a non-zero size (count >= 4); a slot is two atomic
    // integers, for which all-zero bytes are a valid value (0); the pointer comes
    // from the global allocator with this exact layout, as `Box` requires.
    unsafe {
        let memory = std::alloc::alloc_zeroed(layout) as *mut Slot;
        if memory.is_null() {
            return None;
        }
        crate::memory::advise_huge_pages(memory as *mut u8, layout.size());
        Some(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
            memory, count,
        )))
    }
}

#[inline]
fn pack(score: Score, bound: Bound, depth: u8, exact: bool, move_code: u16, generation: u8) -> u64 {
    (score.raw() as u32 as u64)
        | (move_code as u64) << 32
        | (depth as u64) << 48
        | (bound as u64) << 56
        | (exact as u64) << 58
        | ((generation % GENERATIONS) as u64) << 59
}

#[inline]
fn unpack(data: u64) -> Option<TtEntry> {
    // (A table, not a match: the match became a jump table.)
    let bound = BOUNDS[(data >> 56) as usize & 3]?; // `None`: an empty slot
    Some(TtEntry {
        score: Score::from_raw(data as u32 as i32),
        bound,
        depth: (data >> 48) as u8,
        exact: (data >> 58) & 1 == 1,
        move_code: (data >> 32) as u16,
    })
}

/// What two results of equal validity say together, as one score and bound: the
/// tighter of two bounds of the same kind, the value when a lower and an upper
/// bound meet, an exact value over any bound; otherwise (a lower and an upper
/// bound that leave a range) the newer one, which the search is more likely to ask
/// about again.
#[inline]
fn merge(old: Score, old_bound: Bound, new: Score, new_bound: Bound) -> (Score, Bound) {
    match (old_bound, new_bound) {
        (_, Bound::Exact) => (new, Bound::Exact),
        (Bound::Exact, _) => (old, Bound::Exact),
        (Bound::Lower, Bound::Lower) => (old.max(new), Bound::Lower),
        (Bound::Upper, Bound::Upper) => (old.min(new), Bound::Upper),
        (Bound::Lower, Bound::Upper) if old >= new => (new, Bound::Exact),
        (Bound::Upper, Bound::Lower) if new >= old => (new, Bound::Exact),
        _ => (new, new_bound),
    }
}

#[inline]
fn generation_of(data: u64) -> u8 {
    (data >> 59) as u8
}

impl TranspositionTable {
    /// A table of about `mib` mebibytes (at least one bucket of four entries).
    ///
    /// # Panics
    /// When the memory cannot be had; [`TranspositionTable::try_new`] says so instead.
    pub fn new(mib: usize) -> TranspositionTable {
        TranspositionTable::try_new(mib).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A table of about `mib` mebibytes, or an error that says how much was asked and
    /// how much memory there is ([`crate::memory`]), checked before anything is allocated.
    pub fn try_new(mib: usize) -> Result<TranspositionTable, MemoryError> {
        let buckets = (mib.saturating_mul(1 << 20) / (BUCKET * std::mem::size_of::<Slot>())).max(1);
        // One spare bucket's worth of slots lets the first bucket start on a 64-byte line.
        let count = buckets.saturating_add(1).saturating_mul(BUCKET);
        let bytes = (count as u64).saturating_mul(std::mem::size_of::<Slot>() as u64);
        let what = || format!("a transposition table of {mib} MiB");
        crate::memory::check(what, bytes)?;
        let slots = zeroed_slots(count).ok_or_else(|| MemoryError::new(what(), bytes, None))?;
        let misalignment = slots.as_ptr() as usize % 64;
        let first = ((64 - misalignment) % 64) / std::mem::size_of::<Slot>();
        Ok(TranspositionTable {
            slots,
            first,
            buckets,
            generation: AtomicU8::new(0),
            sampled_current: AtomicU64::new(0),
            written: None,
        })
    }

    /// This table, keeping track of the buckets its stores write (one bit per bucket:
    /// 1/512 of the table), so that [`clear`](Self::clear) empties only those. For many
    /// small searches in a row, each on a cleared table (a batch of positions): emptying
    /// a 16 MiB table takes longer than solving a position with a few thousand nodes.
    /// The table's contents and every search's results are the same either way.
    pub fn track_writes(mut self) -> TranspositionTable {
        let words = self.buckets.div_ceil(64);
        self.written = Some((0..words).map(|_| AtomicU64::new(0)).collect());
        self
    }

    /// Number of entries.
    pub fn capacity(&self) -> usize {
        self.buckets * BUCKET
    }

    /// Forgets everything (with [`track_writes`](Self::track_writes), by emptying the
    /// buckets written since the last clear, unless they are many).
    pub fn clear(&self) {
        if let Some(written) = &self.written {
            let count: usize = written
                .iter()
                .map(|w| w.load(Relaxed).count_ones() as usize)
                .sum();
            if count <= self.buckets / SPARSE_CLEAR_SHARE {
                for (w, word) in written.iter().enumerate() {
                    let mut bits = word.swap(0, Relaxed);
                    while bits != 0 {
                        let index = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        for slot in self.bucket_at(index) {
                            slot.check.store(0, Relaxed);
                            slot.data.store(0, Relaxed);
                        }
                    }
                }
                self.generation.store(0, Relaxed);
                self.sampled_current.store(0, Relaxed);
                return;
            }
        }
        self.clear_all();
    }

    /// Forgets everything by writing every slot, even with
    /// [`track_writes`](Self::track_writes). On a new table this also makes the OS back
    /// all of it with memory now: its zeroed pages are otherwise faulted in (2 MiB at a
    /// time with huge pages) by the first store into each, inside whichever search makes
    /// it. A tracked table's [`clear`](Self::clear) writes only what was written, so a
    /// batch that times each search calls this once, before the first.
    pub fn clear_all(&self) {
        if let Some(written) = &self.written {
            for word in written.iter() {
                word.store(0, Relaxed);
            }
        }
        for slot in self.slots.iter() {
            slot.check.store(0, Relaxed);
            slot.data.store(0, Relaxed);
        }
        self.generation.store(0, Relaxed);
        self.sampled_current.store(0, Relaxed);
    }

    /// Starts a new search: entries written before age (and are replaced first).
    pub fn new_search(&self) {
        let next = (self.generation.load(Relaxed) + 1) % GENERATIONS;
        self.generation.store(next, Relaxed);
        self.sampled_current.store(0, Relaxed);
    }

    #[inline]
    fn bucket_index(&self, key: u64) -> usize {
        ((key as u128 * self.buckets as u128) >> 64) as usize
    }

    /// The bucket of `key`, found once for the prefetch, the probe and the store of a
    /// node (each used to compute it again, with its bounds checks).
    #[inline(always)]
    pub(crate) fn bucket_of(&self, key: u64) -> Bucket<'_> {
        let index = self.bucket_index(key);
        let start = self.first + index * BUCKET;
        debug_assert!(start + BUCKET <= self.slots.len());
        // SAFETY: `index < buckets` (the high word of `key * buckets`, `key < 2^64`) and
        // `first < BUCKET`, so `start + BUCKET <= (buckets + 1) * BUCKET`, the number of
        // slots (`try_new`): the four slots lie inside the allocation.
        let slots = unsafe { &*(self.slots.as_ptr().add(start) as *const [Slot; BUCKET]) };
        Bucket {
            table: self,
            slots,
            index,
        }
    }

    #[inline]
    fn bucket_at(&self, index: usize) -> &[Slot] {
        let start = self.first + index * BUCKET;
        &self.slots[start..start + BUCKET]
    }

    /// Starts loading the bucket of `key` into the cache, so that a later
    /// [`probe`](Self::probe) or [`store`](Self::store) does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        self.bucket_of(key).prefetch();
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        self.bucket_of(key).probe(key)
    }

    /// Stores a result; see the module documentation for the replacement policy.
    /// A `move_code` of 0 keeps the move already stored for the same key.
    #[inline(always)]
    pub fn store(
        &self,
        key: u64,
        score: Score,
        bound: Bound,
        depth: u8,
        exact: bool,
        move_code: u16,
    ) {
        self.bucket_of(key)
            .store(key, score, bound, depth, exact, move_code);
    }

    /// Writes `data` over `old` in the slot of bucket `index`, counting the slot for
    /// [`hashfull`](Self::hashfull) when it is sampled and did not hold a result of the
    /// current search.
    #[inline(always)]
    fn write_counted(&self, slot: &Slot, index: usize, old: u64, key: u64, data: u64) {
        if index < HASHFULL_BUCKETS && (old == EMPTY || generation_of(old) != generation_of(data)) {
            self.sampled_current.fetch_add(1, Relaxed);
        }
        Self::write(slot, key, data);
    }

    #[inline]
    fn write(slot: &Slot, key: u64, data: u64) {
        slot.check.store(key ^ data, Relaxed);
        slot.data.store(data, Relaxed);
    }

    /// Per mille of the entries that hold a result of the current search (a UCI
    /// `hashfull`), from the first `HASHFULL_BUCKETS` buckets: those written since the
    /// search started (or the table was cleared).
    pub fn hashfull(&self) -> u32 {
        let sample = (self.buckets.min(HASHFULL_BUCKETS) * BUCKET) as u64;
        // (Two threads writing one slot at once may both count it: at most the sample.)
        let used = self.sampled_current.load(Relaxed).min(sample);
        (used * 1000 / sample) as u32
    }
}

#[cfg(test)]
mod tests {

    /// Every slot empty, as a new table's.
    fn all_empty(table: &TranspositionTable) -> bool {
        table
            .slots
            .iter()
            .all(|s| s.check.load(Relaxed) == 0 && s.data.load(Relaxed) == 0)
    }

    #[test]
    fn a_tracked_clear_empties_exactly_what_a_full_one_does() {
        // 1 MiB: 16,384 buckets. A few keys (the bucket-by-bucket path) and many (more
        // than one bucket in eight written: the whole-table path), twice each.
        for keys in [10u64, 3_000, 10, 40_000] {
            let tracked = TranspositionTable::new(1).track_writes();
            let plain = TranspositionTable::new(1);
            for round in 0..2u64 {
                for i in 0..keys {
                    let key = crate::engine::splitmix64(i * 7 + round);
                    for table in [&tracked, &plain] {
                        table.store(
                            key,
                            Score::heuristic(i as i32 % 50),
                            Bound::Lower,
                            3,
                            false,
                            1,
                        );
                    }
                }
                assert!(tracked.probe(crate::engine::splitmix64(round)).is_some());
                tracked.new_search();
                tracked.clear();
                plain.clear();
                assert!(all_empty(&tracked), "{keys} keys, round {round}");
                assert!(all_empty(&plain));
                assert_eq!(tracked.generation.load(Relaxed), 0);
                let marks = tracked.written.as_ref().unwrap();
                assert!(marks.iter().all(|w| w.load(Relaxed) == 0));
            }
        }
    }

    use super::*;

    #[test]
    fn round_trip_of_every_field() {
        let table = TranspositionTable::new(1);
        for (i, score) in [
            Score::win_in(3),
            Score::loss_in(0),
            Score::heuristic(-123),
            Score::DRAW,
        ]
        .into_iter()
        .enumerate()
        {
            let key = 0x1234_5678_9ABC_DEF0 ^ (i as u64) << 40;
            table.store(key, score, Bound::Upper, 200, i % 2 == 0, 65535);
            let e = table.probe(key).unwrap();
            assert_eq!(
                e,
                TtEntry {
                    score,
                    bound: Bound::Upper,
                    depth: 200,
                    exact: i % 2 == 0,
                    move_code: 65535
                }
            );
        }
    }

    #[test]
    fn one_mib_holds_65536_entries() {
        assert_eq!(TranspositionTable::new(1).capacity(), 65536);
        assert_eq!(TranspositionTable::new(0).capacity(), 4);
    }

    #[test]
    fn slots_fill_in_order_and_scans_stop_at_the_first_empty_one() {
        let table = TranspositionTable::new(0); // one bucket: every key collides
        let data = |table: &TranspositionTable| -> Vec<bool> {
            table
                .bucket_of(0)
                .slots
                .iter()
                .map(|s| s.data.load(Relaxed) != EMPTY)
                .collect()
        };
        table.store(1, Score::heuristic(1), Bound::Lower, 2, false, 0);
        table.store(2, Score::heuristic(2), Bound::Lower, 2, false, 0);
        assert_eq!(data(&table), [true, true, false, false]);
        // An update finds its key in the second slot instead of taking the empty third.
        table.store(2, Score::heuristic(5), Bound::Exact, 3, false, 0);
        assert_eq!(data(&table), [true, true, false, false]);
        assert_eq!(table.probe(2).map(|e| e.score), Some(Score::heuristic(5)));
        assert!(table.probe(3).is_none());
        table.store(3, Score::heuristic(3), Bound::Lower, 2, false, 0);
        table.store(4, Score::heuristic(4), Bound::Lower, 2, false, 0);
        assert_eq!(data(&table), [true; 4]);
        for key in 1..=4 {
            assert!(table.probe(key).is_some(), "key {key}");
        }
    }

    #[test]
    fn a_full_bucket_replaces_its_shallowest_entry() {
        let table = TranspositionTable::new(0); // one bucket: every key collides
        for depth in [5u8, 3, 9, 7] {
            table.store(depth as u64, Score::DRAW, Bound::Exact, depth, false, 0);
        }
        table.store(100, Score::DRAW, Bound::Exact, 4, false, 0);
        assert!(table.probe(3).is_none(), "depth 3 was the least worth");
        for key in [5, 9, 7, 100] {
            assert!(table.probe(key).is_some());
        }
        // Entries of older searches are worth less (8 per search of age): two
        // searches later, fresh depth-1 results displace them instead of each other.
        table.new_search();
        table.new_search();
        table.store(200, Score::DRAW, Bound::Exact, 1, false, 0);
        table.store(201, Score::DRAW, Bound::Exact, 1, false, 0);
        assert!(table.probe(200).is_some() && table.probe(201).is_some());
    }

    #[test]
    fn same_key_keeps_deeper_bound_and_old_move() {
        let table = TranspositionTable::new(1);
        table.store(42, Score::heuristic(1), Bound::Lower, 10, false, 7);
        table.store(42, Score::heuristic(2), Bound::Upper, 3, false, 0);
        assert_eq!(
            table.probe(42).unwrap().depth,
            10,
            "a shallow bound does not erase a deep one"
        );
        table.store(42, Score::heuristic(3), Bound::Exact, 3, false, 0);
        let e = table.probe(42).unwrap();
        assert_eq!((e.depth, e.score, e.move_code), (3, Score::heuristic(3), 7));
    }

    #[test]
    fn hashfull_counts_the_sampled_entries_of_the_current_search() {
        // Per mille of the first HASHFULL_BUCKETS buckets' slots written by this search,
        // read from the slots themselves.
        let counted = |table: &TranspositionTable| -> u32 {
            let generation = table.generation.load(Relaxed) % GENERATIONS;
            let slots = &table.slots[table.first..table.first + HASHFULL_BUCKETS * BUCKET];
            let used = slots
                .iter()
                .filter(|s| {
                    let data = s.data.load(Relaxed);
                    data != EMPTY && generation_of(data) == generation
                })
                .count();
            (used * 1000 / slots.len()) as u32
        };
        // 1 MiB: 16,384 buckets, the first 250 sampled; keys spread over all of them.
        let table = TranspositionTable::new(1);
        let mut key = 1u64;
        for search in 0..3 {
            table.new_search();
            for i in 0..60_000u64 {
                key = crate::engine::splitmix64(key);
                let depth = (i % 7) as u8;
                table.store(key, Score::heuristic(1), Bound::Lower, depth, false, 1);
                if i % 3 == 0 {
                    // The same key again: merged or kept, never counted twice.
                    table.store(key, Score::heuristic(2), Bound::Upper, depth, false, 0);
                }
            }
            assert_eq!(table.hashfull(), counted(&table), "search {search}");
            assert!(table.hashfull() > 0);
        }
        table.clear();
        assert_eq!(table.hashfull(), 0);
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let table = TranspositionTable::new(0);
        table.store(77, Score::DRAW, Bound::Exact, 1, false, 0);
        // Simulate a half-written slot: data changed, check not.
        for slot in table.bucket_of(77).slots {
            if slot.check.load(Relaxed) ^ slot.data.load(Relaxed) == 77 {
                slot.data.fetch_xor(1 << 20, Relaxed);
            }
        }
        assert!(table.probe(77).is_none());
    }
}
