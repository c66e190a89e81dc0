//! Hashing helpers: deterministic Zobrist key tables and a fast hash of any
//! `std::hash::Hash` value, for games that plug into the engine.
//!
//! A transposition table needs a 64-bit key per position. Games with a board
//! usually build it incrementally from a [`ZobristTable`] (one random key per
//! piece and square, xor-ed in and out as pieces move); any other game can use
//! [`fx_hash`], which hashes the position's derived `Hash` implementation.
//!
//! ```
//! use ply_core::engine::{ZobristTable, fx_hash};
//!
//! let keys = ZobristTable::new(7, 2 * 9); // two players, nine cells
//! let again = ZobristTable::new(7, 2 * 9);
//! assert_eq!(keys.key(4), again.key(4)); // deterministic: same seed, same keys
//! assert_ne!(keys.key(4), keys.key(5));
//! assert_eq!(fx_hash(&(1u8, "ab")), fx_hash(&(1u8, "ab")));
//! assert_ne!(fx_hash(&1u64), fx_hash(&2u64));
//! ```

use std::hash::{Hash, Hasher};

/// SplitMix64 step: the standard way to expand a seed into well-mixed 64-bit values.
#[inline]
pub const fn splitmix64(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A table of random 64-bit keys, the same for the same seed on every machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZobristTable {
    keys: Box<[u64]>,
}

impl ZobristTable {
    /// `len` keys derived from `seed` (no key is zero).
    pub fn new(seed: u64, len: usize) -> ZobristTable {
        let mut state = splitmix64(seed);
        let keys = (0..len)
            .map(|_| {
                state = splitmix64(state);
                state | 1
            })
            .collect();
        ZobristTable { keys }
    }

    /// The key number `index`.
    #[inline]
    pub fn key(&self, index: usize) -> u64 {
        self.keys[index]
    }

    /// The number of keys in the table.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True for a table of no key.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

/// The Fx hasher (as in rustc): one rotate, xor and multiply per word.
/// Fast, not collision-resistant against adversaries, which a game search does not need.
#[derive(Clone, Copy, Debug, Default)]
pub struct FxHasher {
    hash: u64,
}

const FX_SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(FX_SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 59));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        // Fx leaves the low bits weak; a final avalanche spreads every input bit
        // over the whole key (the table indexes with the high bits, verifies with all).
        splitmix64(self.hash)
    }
}

/// A 64-bit key of any hashable value (the default position key of the engine).
#[inline]
pub fn fx_hash<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = FxHasher::default();
    value.hash(&mut hasher);
    hasher.finish()
}
