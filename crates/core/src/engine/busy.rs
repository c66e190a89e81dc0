//! Which positions some thread is searching right now: the shared table behind
//! the deferral of busy moves (Tom Kerrigan's "simplified ABDADA").
//!
//! Lazy SMP threads run the same search from the same root, so without help
//! they walk into the same subtrees at the same time and repeat each other's
//! work. Before searching a child with a large subtree, a thread marks the
//! child's key here and clears the mark when it is done. In the move loop, a
//! move (not the first) whose child is marked by another thread is put off to
//! the end of the list: by the time it comes back, the other thread has usually
//! stored its value in the transposition table, and this thread has spent the
//! time on moves no one else was searching.
//!
//! One `AtomicU64` per slot, indexed by the key's high bits, holding the key
//! (with its low bit set, so a marked slot is never 0). No locks: two threads
//! marking keys of the same slot overwrite each other, which only means a move
//! is searched at once rather than deferred (or, rarely, the reverse). A mark is
//! cleared only by a thread that finds its own key still in the slot. A mark
//! never changes a value: deferral only reorders moves.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Slots of the busy table: far more than the positions two to a few dozen
/// threads can be inside at once (one per thread and ply above the cut-off),
/// and 32 KiB, so it stays in the caches.
pub(crate) const BUSY_SLOTS: usize = 4096;

pub(crate) struct BusyTable {
    slots: Box<[AtomicU64]>,
    /// `64 - log2(slots)`: the key's high bits pick the slot.
    shift: u32,
}

impl BusyTable {
    /// A table of `slots` slots (rounded up to a power of two), all free.
    pub fn new(slots: usize) -> BusyTable {
        let slots = slots.max(2).next_power_of_two();
        BusyTable {
            slots: (0..slots).map(|_| AtomicU64::new(0)).collect(),
            shift: 64 - slots.trailing_zeros(),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key >> self.shift) as usize]
    }

    /// What a slot holds for `key`: the key, never 0.
    #[inline]
    fn tag(key: u64) -> u64 {
        key | 1
    }

    /// Marks `key` as being searched.
    #[inline]
    pub fn enter(&self, key: u64) {
        self.slot(key).store(Self::tag(key), Relaxed);
    }

    /// Clears the mark of `key`, unless another key has taken its slot since.
    #[inline]
    pub fn leave(&self, key: u64) {
        let tag = Self::tag(key);
        let _ = self.slot(key).compare_exchange(tag, 0, Relaxed, Relaxed);
    }

    /// Whether some thread has marked `key` (and not cleared it).
    #[inline]
    pub fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) == Self::tag(key)
    }

    /// Whether no slot is marked (after a search every mark must be cleared).
    pub fn is_empty(&self) -> bool {
        self.slots.iter().all(|slot| slot.load(Relaxed) == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_set_seen_and_cleared() {
        let busy = BusyTable::new(BUSY_SLOTS);
        assert!(busy.is_empty());
        let key = 0x1234_5678_9ABC_DEF0;
        assert!(!busy.is_busy(key));
        busy.enter(key);
        assert!(busy.is_busy(key));
        assert!(!busy.is_empty());
        busy.leave(key);
        assert!(!busy.is_busy(key));
        assert!(busy.is_empty());
    }

    #[test]
    fn a_key_in_the_same_slot_is_not_busy_and_does_not_clear_the_mark() {
        let busy = BusyTable::new(16);
        // Same high 4 bits: the same slot.
        let (a, b) = (0xA000_0000_0000_0010, 0xA000_0000_0000_0020);
        busy.enter(a);
        assert!(busy.is_busy(a));
        assert!(!busy.is_busy(b), "another key of the slot is not busy");
        busy.leave(b);
        assert!(busy.is_busy(a), "leaving b must not clear a's mark");
        // A later mark takes the slot over; a's stale leave then changes nothing.
        busy.enter(b);
        assert!(busy.is_busy(b) && !busy.is_busy(a));
        busy.leave(a);
        assert!(busy.is_busy(b));
        busy.leave(b);
        assert!(busy.is_empty());
    }

    #[test]
    fn key_zero_and_keys_differing_in_the_low_bit_share_one_mark() {
        let busy = BusyTable::new(16);
        busy.enter(0);
        assert!(
            busy.is_busy(0) && busy.is_busy(1),
            "the tag drops the low bit"
        );
        busy.leave(1);
        assert!(busy.is_empty());
    }

    #[test]
    fn size_rounds_up_to_a_power_of_two() {
        let busy = BusyTable::new(1000);
        assert_eq!(busy.slots.len(), 1024);
        assert_eq!(busy.shift, 54);
        let busy = BusyTable::new(0);
        assert_eq!(busy.slots.len(), 2);
        // Every key maps to a slot in range.
        for key in [0, 1, u64::MAX, 1 << 63] {
            busy.enter(key);
            busy.leave(key);
        }
        assert!(busy.is_empty());
    }
}
