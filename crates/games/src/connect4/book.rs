//! An opening book for Connect Four that ply computes itself: the exact score
//! (Pons' convention, see [`score`](super::score)) of every position with at most
//! `depth` stones, each left-right mirror pair stored once.
//!
//! * **Key.** Pons' unique key `current + mask` (the stones of the side to move
//!   plus every stone: one extra bit above each column's top stone marks its
//!   height), folded with the mirror image: the smaller of the key of the
//!   position and of its mirror ([`canonical_key`]). A position and its mirror
//!   have the same score, so the book answers both.
//! * **Lookup** ([`KnownValues`]): a position deeper than the book (most nodes of
//!   a search) costs one comparison; otherwise a binary search in the sorted keys.
//! * **Building** ([`OpeningBook::build`]): every distinct non-terminal position
//!   with `depth` stones or fewer is enumerated, then the deepest layer is solved
//!   exactly (on 7x6 by the [`StandardSolver`], elsewhere by the engine). Each layer
//!   answers the one above it: a position whose children the book holds takes the
//!   best of their scores negated, with no search (a shard, which holds only its
//!   share of the children, searches with the finished layers as the engine's known
//!   values). The positions with fewer than `depth` stones are kept in the book (a
//!   few more records), so a solve of any shallow position is answered at its first
//!   ply.
//! * **File** ([`OpeningBook::to_bytes`], [`OpeningBook::from_bytes`]): the binary
//!   format documented in `docs/connect4.md` (section "Opening book"); the reader
//!   checks every field and record and names the byte offset of any problem.
//!
//! ```
//! use ply_core::engine::{Engine, Limits, Settings, WithKnownValues};
//! use ply_games::connect4::book::{BuildOptions, OpeningBook};
//! use ply_games::connect4::{Connect4Eval, Connect4Hooks, to_pons};
//! use ply_games::{Connect4, Notation};
//!
//! let board = Connect4::new(4, 4).unwrap();
//! let (book, _) = OpeningBook::build(&board, 2, &BuildOptions::default(), |_| {}).unwrap();
//! assert_eq!(book.get(&board), Some(0)); // 4x4 is a draw
//! // A position and its mirror image are one record.
//! let (left, right) = (board.parse_position("12").unwrap(), board.parse_position("43").unwrap());
//! assert_eq!(book.get(&left), book.get(&right));
//!
//! // The file round trip.
//! let again = OpeningBook::from_bytes(&book.to_bytes()).unwrap();
//! assert_eq!(again, book);
//!
//! // The engine with the book knows the value after one ply (its null-window
//! // probes visit the root's four children a few times each).
//! let hooks = WithKnownValues::new(Connect4Hooks, Some(book));
//! let settings = Settings { exact_pv: false, ..Settings::default() };
//! let mut engine = Engine::new(hooks, Connect4Eval, settings);
//! let result = engine.search(&board, &Limits::exact());
//! assert_eq!(to_pons(&board, result.score), Some(0));
//! assert!(result.stats.nodes < 20, "{}", result.stats.nodes);
//! ```

use super::score::{from_pons, from_pons_counts, to_pons};
use super::{Connect4, Connect4Eval, Connect4Hooks, StandardSolver};
use ply_core::engine::{Engine, KnownValues, Limits, Settings, WithKnownValues};
use ply_core::stop::Stop;
use ply_core::{Game, Score};
use std::collections::HashMap;
use std::io::Read;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock, mpsc};
use std::time::Duration;
use web_time::Instant;

/// The first 8 bytes of every book file.
pub const MAGIC: [u8; 8] = *b"ply-c4bk";
/// The format version this code writes (it reads version 1 too).
pub const FORMAT_VERSION: u16 = 2;
/// Bytes before the first record (version 2: shard and checksums).
pub const HEADER_LEN: usize = 40;
/// Bytes before the first record in version 1, and the part every version shares.
pub const HEADER_LEN_V1: usize = 24;
/// Bytes per record: the key (8, little-endian) and the score (1, signed).
pub const RECORD_LEN: usize = 9;

/// Pons' key of a position: `current + mask`, unique (each column holds
/// `2^k − 1 + current`, for `k` stones, a value no other height gives).
#[inline]
pub fn position_key(pos: &Connect4) -> u64 {
    let (current, mask) = pos.bitboards();
    current.wrapping_add(mask)
}

/// The key of the mirror image of the position whose key is `key` on a board of
/// `width` columns and `height` rows. The key is a sum column by column without
/// carries between columns, so mirroring the key mirrors the position.
#[inline]
pub fn mirror_key(key: u64, width: u32, height: u32) -> u64 {
    let step = height + 1;
    let column = u64::MAX >> (64 - step);
    let mut mirrored = 0;
    for c in 0..width {
        mirrored |= ((key >> (c * step)) & column) << ((width - 1 - c) * step);
    }
    mirrored
}

/// The book's key of a position: the smaller of its key and its mirror's.
#[inline]
pub fn canonical_key(pos: &Connect4) -> u64 {
    let key = position_key(pos);
    key.min(mirror_key(key, pos.width(), pos.height()))
}

/// Which share of a book's positions a file holds: shard `index` of `count` (from 0),
/// for books computed by many processes or machines and merged afterwards
/// ([`OpeningBook::merge`]). A position belongs to one shard, chosen from its key by a
/// hash: the shards are of about equal size and the split is the same everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u32,
    count: u32,
}

/// The most shards a book may be split into: far more machines than one book is built
/// on, and more file names (65,536 of `connect4.shard-I-of-N.book`, 2.3 MB) than Linux
/// lets one command line hold by default (2 MiB), where `ply book merge` takes them all.
/// A header announcing more is refused before anything is sized from it.
pub const MAX_SHARDS: u32 = 1 << 16;

impl Shard {
    /// The whole book: shard 0 of 1.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`; `None` unless `index < count` and `count` is at most
    /// [`MAX_SHARDS`].
    pub fn new(index: u32, count: u32) -> Option<Shard> {
        (index < count && count <= MAX_SHARDS).then_some(Shard { index, count })
    }
    /// This shard's number, from 0.
    pub fn index(self) -> u32 {
        self.index
    }
    /// How many shards the book is split into.
    pub fn count(self) -> u32 {
        self.count
    }
    /// True for the whole book (one shard).
    pub fn is_whole(self) -> bool {
        self.count == 1
    }
    /// True when the position whose canonical key is `key` belongs to this shard.
    #[inline]
    pub fn holds(self, key: u64) -> bool {
        self.count == 1 || shard_of(key, self.count) == self.index
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;
    /// `I/N`: shard I of N, I from 0 to N − 1.
    fn from_str(text: &str) -> Result<Shard, String> {
        let (index, count) = text
            .split_once('/')
            .ok_or_else(|| format!("'{text}' is not I/N (shard I of N, I from 0 to N-1)"))?;
        let number = |part: &str| {
            part.trim()
                .parse::<u32>()
                .map_err(|_| format!("'{text}' is not I/N: '{part}' is not a whole number"))
        };
        let (index, count) = (number(index)?, number(count)?);
        if count > MAX_SHARDS {
            return Err(format!(
                "'{text}': {count} shards, more than the {MAX_SHARDS} a book may be split into"
            ));
        }
        Shard::new(index, count).ok_or_else(|| {
            format!(
                "'{text}': shard I of N needs N >= 1 and I from 0 to N-1 (here {count}: 0 to {})",
                count.saturating_sub(1)
            )
        })
    }
}

/// The shard, of `count`, that the position whose canonical key is `key` belongs to: a
/// hash of the key (SplitMix64's finaliser), so that neighbouring keys spread evenly.
#[inline]
pub fn shard_of(key: u64, count: u32) -> u32 {
    let mut z = key.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    (z % count.max(1) as u64) as u32
}

/// A book's records in key order, in one of two stores: owned keys and scores, kept
/// apart so the binary search reads keys only (a book built, merged or read from a
/// file), or the records of a book file read in place, where they lie (the shipped book,
/// built into the binary: a lookup reads its bytes, with no copy of them at start).
/// One store is empty: `in_place` unless the book is read in place, the vectors if it is.
#[derive(Clone, Default)]
struct Entries {
    keys: Vec<u64>,
    scores: Vec<i8>,
    /// The body of a book file, checked: [`RECORD_LEN`]-byte records, keys strictly
    /// increasing (see `docs/connect4.md`, "Opening book").
    in_place: &'static [u8],
}

impl Entries {
    /// Owned entries: `keys` sorted, `scores[i]` the score of `keys[i]`.
    fn owned(keys: Vec<u64>, scores: Vec<i8>) -> Entries {
        Entries {
            keys,
            scores,
            in_place: &[],
        }
    }

    /// The records of `body` where they lie (checked by [`Header::check_records`]).
    fn in_place(body: &'static [u8]) -> Entries {
        Entries {
            in_place: body,
            ..Entries::default()
        }
    }

    fn len(&self) -> usize {
        self.keys.len() + self.in_place.len() / RECORD_LEN
    }

    #[inline]
    fn score(&self, key: u64) -> Option<i8> {
        if self.in_place.is_empty() {
            self.keys
                .binary_search(&key)
                .ok()
                .map(|index| self.scores[index])
        } else {
            score_in_place(self.in_place, key)
        }
    }

    /// The records in key order, from whichever store holds them.
    fn records(&self) -> impl Iterator<Item = (u64, i8)> + '_ {
        self.keys
            .iter()
            .copied()
            .zip(self.scores.iter().copied())
            .chain(self.in_place.chunks_exact(RECORD_LEN).map(decode_record))
    }
}

/// The same records, whichever the store.
impl PartialEq for Entries {
    fn eq(&self, other: &Entries) -> bool {
        if self.in_place.is_empty() && other.in_place.is_empty() {
            return self.keys == other.keys && self.scores == other.scores;
        }
        self.len() == other.len() && self.records().eq(other.records())
    }
}

impl Eq for Entries {}

/// The keys and the scores, whichever the store.
impl std::fmt::Debug for Entries {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let keys = || self.records().map(|(key, _)| key);
        let scores = || self.records().map(|(_, score)| score);
        f.debug_struct("Entries")
            .field("keys", &DebugList(keys))
            .field("scores", &DebugList(scores))
            .finish()
    }
}

/// Lists what the iterator its closure makes yields.
struct DebugList<F>(F);

impl<F: Fn() -> I, I: Iterator<Item = T>, T: std::fmt::Debug> std::fmt::Debug for DebugList<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries((self.0)()).finish()
    }
}

/// The key (little-endian) and the score of the record `bytes` begins with.
#[inline]
fn decode_record(bytes: &[u8]) -> (u64, i8) {
    let key = bytes
        .first_chunk::<8>()
        .map_or(0, |key| u64::from_le_bytes(*key));
    (key, bytes[8] as i8)
}

/// The score of `key` among the records of `body` (keys strictly increasing): a
/// binary search over the records where they lie, keys read as the file stores them.
#[inline]
fn score_in_place(body: &[u8], key: u64) -> Option<i8> {
    let (mut low, mut high) = (0, body.len() / RECORD_LEN);
    while low < high {
        let middle = low + (high - low) / 2;
        let (found, score) = decode_record(&body[middle * RECORD_LEN..]);
        match found.cmp(&key) {
            std::cmp::Ordering::Less => low = middle + 1,
            std::cmp::Ordering::Greater => high = middle,
            std::cmp::Ordering::Equal => return Some(score),
        }
    }
    None
}

/// The exact Pons score of every non-terminal position with at most `depth`
/// stones on one board size (see the [module](self) docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningBook {
    width: u8,
    height: u8,
    depth: u8,
    shard: Shard,
    entries: Entries,
}

impl OpeningBook {
    /// The board's width (columns).
    pub fn width(&self) -> u32 {
        self.width as u32
    }
    /// The board's height (rows).
    pub fn height(&self) -> u32 {
        self.height as u32
    }
    /// The most stones a position in the book has.
    pub fn depth(&self) -> u32 {
        self.depth as u32
    }
    /// The share of the book's positions this one holds ([`Shard::WHOLE`] for a book
    /// that is not a shard).
    pub fn shard(&self) -> Shard {
        self.shard
    }
    /// Records (each mirror pair once).
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    /// True for a book of no position.
    pub fn is_empty(&self) -> bool {
        self.entries.len() == 0
    }
    /// The records in key order: canonical key, Pons score.
    pub fn records(&self) -> impl Iterator<Item = (u64, i8)> + '_ {
        self.entries.records()
    }

    /// The file name `ply book` writes by default and the solver looks for:
    /// `connect4.book` for 7x6, `connect4-WxH.book` for other boards.
    pub fn default_file_name(width: u32, height: u32) -> String {
        if (width, height) == (7, 6) {
            "connect4.book".to_string()
        } else {
            format!("connect4-{width}x{height}.book")
        }
    }

    /// Pons' score of `pos` if the book holds it (or its mirror image).
    #[inline]
    pub fn get(&self, pos: &Connect4) -> Option<i32> {
        // Most nodes of a search are deeper than the book: one comparison.
        if pos.moves_played() > self.depth as u32
            || (pos.width(), pos.height()) != (self.width(), self.height())
        {
            return None;
        }
        self.entries.score(canonical_key(pos)).map(i32::from)
    }

    /// An error unless `board` has the book's size.
    pub fn check_board(&self, board: &Connect4) -> Result<(), BookError> {
        if (board.width(), board.height()) == (self.width(), self.height()) {
            Ok(())
        } else {
            Err(BookError::BoardMismatch {
                book: (self.width(), self.height()),
                game: (board.width(), board.height()),
            })
        }
    }

    /// The book in its file format (see `docs/connect4.md`, "Opening book"): version 2,
    /// with the shard and the checksums of the records and of the header.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut records = Vec::with_capacity(RECORD_LEN * self.len());
        for (key, score) in self.records() {
            records.extend_from_slice(&key.to_le_bytes());
            records.extend_from_slice(&score.to_le_bytes());
        }
        let mut out = Vec::with_capacity(HEADER_LEN + records.len());
        out.extend_from_slice(&header_bytes(
            (self.width, self.height, self.depth),
            self.shard,
            self.len() as u64,
            crc32fast::hash(&records),
        ));
        out.extend_from_slice(&records);
        out
    }

    /// Reads a book file, checking every field and record: a malformed file is
    /// an error naming the byte offset and the field, never a panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<OpeningBook, BookError> {
        Self::parse_bytes(bytes, Checks::EveryRecord)
    }

    /// [`OpeningBook::from_bytes`], checking the body as far as `checks` says.
    fn parse_bytes(bytes: &[u8], checks: Checks) -> Result<OpeningBook, BookError> {
        let (header, body) = Header::split(bytes)?;
        header.book(body, checks)
    }

    /// [`OpeningBook::parse_bytes`] of bytes that live as long as the program (the ones
    /// built into it): the same checks, and the book reads its records where they lie.
    fn parse_in_place(bytes: &'static [u8], checks: Checks) -> Result<OpeningBook, BookError> {
        let (header, body) = Header::split(bytes)?;
        header.book_in_place(body, checks)
    }

    /// Reads a book file from `reader`: the header first, then exactly the records it
    /// announces, so that a corrupt or hostile header never makes ply read or allocate
    /// more than the file holds. `size` is the file's size when it is known before
    /// reading (a regular file): a header that announces another size is refused at
    /// once. A header announcing more than [`MAX_FILE_BYTES`] is refused too.
    pub fn read_from(reader: &mut dyn Read, size: Option<u64>) -> Result<OpeningBook, BookError> {
        let io = |e: std::io::Error| BookError::Io(e.to_string());
        let mut common = [0u8; HEADER_LEN_V1];
        let got = read_up_to(reader, &mut common).map_err(io)?;
        if got < HEADER_LEN_V1 {
            return Err(BookError::ShortHeader { len: got });
        }
        let mut header = Header::parse(&common)?;
        if header.version >= 2 {
            let mut extension = [0u8; EXTENSION_LEN];
            let got = read_up_to(reader, &mut extension).map_err(io)?;
            if got < EXTENSION_LEN {
                return Err(BookError::ShortHeader {
                    len: HEADER_LEN_V1 + got,
                });
            }
            header.extend(&common, &extension)?;
        }
        let header_len = header.len() as u64;
        if let Some(size) = size {
            header.check_body_len(size.saturating_sub(header_len))?;
        }
        let body_len = header.count.checked_mul(RECORD_LEN as u64);
        let total = body_len.and_then(|body| body.checked_add(header_len));
        let Some((body_len, total)) = body_len.zip(total).filter(|&(_, t)| t <= MAX_FILE_BYTES)
        else {
            return Err(BookError::TooLarge {
                count: header.count,
            });
        };
        let mut body = Vec::new();
        // Reserved up front only when the file's size vouches for it; a stream grows as it comes.
        if size == Some(total) {
            body.try_reserve_exact(body_len as usize)
                .map_err(|_| BookError::OutOfMemory { bytes: total })?;
        }
        reader
            .take(body_len + 1)
            .read_to_end(&mut body)
            .map_err(io)?;
        if body.len() as u64 > body_len {
            return Err(BookError::TrailingData { offset: total });
        }
        header.check_body_len(body.len() as u64)?;
        header.book(&body, Checks::EveryRecord)
    }

    /// Solves every non-terminal position with at most `depth` stones on `board`'s
    /// size (the stones on `board` itself are ignored), deepest first (see the
    /// [module](self) docs). `progress` is called on the calling thread after each
    /// position. Raising `options.stop` ends the build with [`BuildError::Interrupted`].
    pub fn build<F: FnMut(&BuildProgress)>(
        board: &Connect4,
        depth: u32,
        options: &BuildOptions,
        mut progress: F,
    ) -> Result<(OpeningBook, BuildStats), BuildError> {
        let clock = Instant::now();
        let empty =
            Connect4::new(board.width(), board.height()).map_err(|_| BuildError::Depth {
                depth,
                cells: board.cells(),
            })?;
        if depth > empty.cells() || depth > u8::MAX as u32 {
            return Err(BuildError::Depth {
                depth,
                cells: empty.cells(),
            });
        }
        let stop = options
            .stop
            .clone()
            .unwrap_or_else(|| Arc::new(AtomicBool::new(false)));
        // Listing the positions is itself long on big boards (depth 12 on 7x6: seconds).
        let limit = options.max_positions.unwrap_or(usize::MAX);
        let layers =
            enumerate_within(&empty, depth, limit, &stop).map_err(|listing| match listing {
                Listing::Stopped => BuildError::Interrupted,
                Listing::TooMany { stones, found } => BuildError::TooManyPositions {
                    stones,
                    found,
                    limit,
                },
            })?;
        // This shard's positions; those an earlier build solved are set aside.
        let resumed: HashMap<u64, i8> = options.resumed.iter().copied().collect();
        let mut carried: Vec<Vec<(u64, i8)>> = vec![Vec::new(); layers.len()];
        let mut layers = layers;
        for (stones, layer) in layers.iter_mut().enumerate() {
            layer.retain(|pos| {
                let key = canonical_key(pos);
                if !options.shard.holds(key) {
                    return false;
                }
                match resumed.get(&key) {
                    Some(&score) => {
                        carried[stones].push((key, score));
                        false
                    }
                    None => true,
                }
            });
        }
        let carried_count: u64 = carried.iter().map(|c| c.len() as u64).sum();
        if carried_count != resumed.len() as u64 {
            return Err(BuildError::ResumedMismatch {
                stray: resumed.len() as u64 - carried_count,
            });
        }
        let total: u64 = layers.iter().map(|layer| layer.len() as u64).sum::<u64>() + carried_count;
        let known = Arc::new(Layers {
            layers: (0..layers.len()).map(|_| OnceLock::new()).collect(),
        });
        let threads = options.threads.max(1);
        // One solver per thread, kept for the whole build: each table carries work from
        // one position of the deepest layer to the next. On 7x6 the threads share one
        // table: neighbouring positions of a layer (in key order) share much of their
        // trees, and each thread's solves read what the other's found.
        let shared = if empty.is_standard() {
            Some(Arc::new(StandardSolver::new(
                options.hash_mib.saturating_mul(1 << 20),
                1,
            )?))
        } else {
            None
        };
        let mut solvers = (0..threads)
            .map(|_| match &shared {
                Some(solver) => Ok(LayerSolver::Standard(Arc::clone(solver))),
                None => LayerSolver::new(&empty, options.hash_mib.div_ceil(threads), &known),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let (mut done, mut nodes) = (carried_count, 0u64);
        let mut solve_layers = || -> Result<(), BuildError> {
            for (stones, layer) in layers.iter().enumerate().rev() {
                let next = AtomicUsize::new(0);
                let (sender, receiver) = mpsc::channel::<(u64, (u64, i8))>();
                let results = std::thread::scope(|scope| {
                    let workers: Vec<_> = solvers
                        .iter_mut()
                        .map(|solver| {
                            let (sender, next, stop, known) =
                                (sender.clone(), &next, &stop, &known);
                            scope.spawn(move || {
                                let mut solved = Vec::new();
                                loop {
                                    let index = next.fetch_add(1, Ordering::Relaxed);
                                    let Some(pos) = layer.get(index) else { break };
                                    if stop.load(Ordering::Relaxed) {
                                        return Err(BuildError::Interrupted);
                                    }
                                    // A position whose children the book holds is their
                                    // best negated score: no search.
                                    let (score, position_nodes) = match from_children(pos, known) {
                                        Some(score) => (score, 0),
                                        None => solver.solve(pos, stop)?,
                                    };
                                    let record = (canonical_key(pos), score);
                                    solved.push(record);
                                    // The receiver outlives the workers.
                                    let _ = sender.send((position_nodes, record));
                                }
                                Ok(solved)
                            })
                        })
                        .collect();
                    drop(sender);
                    for (position_nodes, record) in receiver {
                        done += 1;
                        nodes += position_nodes;
                        progress(&BuildProgress {
                            done,
                            total,
                            stones: stones as u32,
                            nodes,
                            record,
                        });
                    }
                    workers
                        .into_iter()
                        .map(|worker| {
                            worker
                                .join()
                                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                        })
                        .collect::<Result<Vec<_>, _>>()
                })?;
                let mut records: Vec<(u64, i8)> = results.into_iter().flatten().collect();
                records.append(&mut carried[stones]);
                records.sort_unstable();
                let (keys, scores) = records.into_iter().unzip();
                // The layer is complete: from now on the engines read it.
                let _ = known.layers[stones].set(Entries::owned(keys, scores));
            }
            Ok(())
        };
        if let Err(error) = solve_layers() {
            // Giving back a gigabyte of positions and tables takes a few hundred
            // milliseconds: a thread of its own does it, so a stopped build answers at once.
            std::thread::spawn(move || drop((layers, solvers, known)));
            return Err(error);
        }
        let mut records: Vec<(u64, i8)> = known
            .layers
            .iter()
            .filter_map(OnceLock::get)
            .flat_map(Entries::records)
            .collect();
        records.sort_unstable();
        let (keys, scores) = records.into_iter().unzip();
        Ok((
            OpeningBook {
                width: empty.width() as u8,
                height: empty.height() as u8,
                depth: depth as u8,
                shard: options.shard,
                entries: Entries::owned(keys, scores),
            },
            BuildStats {
                positions: total,
                nodes,
                time: clock.elapsed(),
            },
        ))
    }
}

impl OpeningBook {
    /// Merges the shards of one book into the whole book. They must be all the shards of
    /// the same book (board, depth, shard count), each once, and together hold exactly
    /// the book's positions: the positions are listed again and compared with the
    /// records, so a shard that is missing records (or holds strays) is refused.
    ///
    /// Nothing is sized from the headers alone: the shards are checked against the files
    /// given, and the listing stops as soon as it finds more than twice the records the
    /// shards hold (plus [`MERGE_SLACK`]; the shards then surely leave a gap) or more
    /// than `max_positions` (what the memory holds, as [`BuildOptions::max_positions`]).
    /// Raising `stop` ends the listing with [`MergeError::Interrupted`].
    pub fn merge(
        parts: Vec<OpeningBook>,
        max_positions: usize,
        stop: &AtomicBool,
    ) -> Result<OpeningBook, MergeError> {
        let Some(first) = parts.first() else {
            return Err(MergeError::NoShards);
        };
        let (width, height, depth, count) =
            (first.width, first.height, first.depth, first.shard.count);
        for (file, part) in parts.iter().enumerate() {
            if (part.width, part.height, part.depth, part.shard.count)
                != (width, height, depth, count)
            {
                return Err(MergeError::Mismatch {
                    file,
                    expected: format!("{width}x{height}, depth {depth}, {count} shards"),
                    found: format!(
                        "{}x{}, depth {}, {} shards",
                        part.width, part.height, part.depth, part.shard.count
                    ),
                });
            }
        }
        // The shards given, by index (then file): one entry a file, whatever the count
        // the headers announce.
        let mut given: Vec<(u32, usize)> = parts
            .iter()
            .enumerate()
            .map(|(file, part)| (part.shard.index, file))
            .collect();
        given.sort_unstable();
        // The shard given twice whose second file comes first in the order given.
        if let Some(pair) = given
            .windows(2)
            .filter(|pair| pair[0].0 == pair[1].0)
            .min_by_key(|pair| pair[1].1)
        {
            return Err(MergeError::Overlap {
                shard: parts[pair[1].1].shard,
                files: (pair[0].1, pair[1].1),
            });
        }
        if given.len() as u64 != count as u64 {
            // The indices are distinct and below `count`: the first missing ones lie in
            // the holes between those given.
            let mut first = Vec::new();
            let mut next = 0u64;
            for index in given.iter().map(|&(i, _)| i as u64).chain([count as u64]) {
                while next < index && first.len() < GAP_LISTED {
                    first.push(next as u32);
                    next += 1;
                }
                next = index + 1;
            }
            return Err(MergeError::Gap {
                count,
                missing: count - given.len() as u32,
                first,
            });
        }
        let mut records: Vec<(u64, i8)> = parts.iter().flat_map(OpeningBook::records).collect();
        drop(parts);
        records.sort_unstable();
        if let Some(pair) = records.windows(2).find(|pair| pair[0].0 == pair[1].0) {
            return Err(MergeError::Duplicate { key: pair[0].0 });
        }
        // The positions the book must hold, against the records.
        let board = Connect4::new(width as u32, height as u32).map_err(|_| MergeError::NoShards)?;
        let short_past = records.len().saturating_mul(2).saturating_add(MERGE_SLACK);
        let limit = short_past.min(max_positions);
        let layers =
            enumerate_within(&board, depth as u32, limit, stop).map_err(
                |listing| match listing {
                    Listing::Stopped => MergeError::Interrupted,
                    Listing::TooMany { stones, found } if found > short_past => MergeError::Short {
                        records: records.len(),
                        found,
                        stones,
                    },
                    Listing::TooMany { stones, found } => MergeError::TooManyPositions {
                        stones,
                        found,
                        limit,
                    },
                },
            )?;
        let mut expected: Vec<u64> = layers.iter().flatten().map(canonical_key).collect();
        drop(layers);
        expected.sort_unstable();
        if let Some((at, &key)) = expected
            .iter()
            .enumerate()
            .find(|&(i, &key)| records.get(i).map(|r| r.0) != Some(key))
        {
            // The first difference: a position with no record, or a record of no position.
            let stray = records.get(at).map(|r| r.0).filter(|&r| r < key);
            return Err(match stray {
                Some(stray) => MergeError::Stray { key: stray },
                None => MergeError::Missing {
                    key,
                    shard: Shard {
                        index: shard_of(key, count),
                        count,
                    },
                },
            });
        }
        if let Some(&(key, _)) = records.get(expected.len()) {
            return Err(MergeError::Stray { key });
        }
        let (keys, scores) = records.into_iter().unzip();
        Ok(OpeningBook {
            width,
            height,
            depth,
            shard: Shard::WHOLE,
            entries: Entries::owned(keys, scores),
        })
    }
}

/// Positions [`OpeningBook::merge`] lists beyond twice the shards' records before it
/// calls the shards short: shards of a small book (a few positions each, or none) are
/// still checked position by position, and the listing of a hand-made header stays small.
pub const MERGE_SLACK: usize = 4096;

/// The first bytes of a build's journal (the records a resumable build has solved so
/// far, appended as they come): a version-2 header naming the book and the shard, with
/// no records announced and no checksums.
pub fn journal_header(width: u32, height: u32, depth: u32, shard: Shard) -> [u8; HEADER_LEN] {
    header_bytes((width as u8, height as u8, depth as u8), shard, 0, 0)
}

/// The records of a journal written for this book and shard (see [`journal_header`]),
/// each checked as a book's records are, and the length of the journal up to the last
/// whole record (an interrupted write may leave part of one: the journal is cut there
/// before more is appended).
pub fn read_journal(
    bytes: &[u8],
    width: u32,
    height: u32,
    depth: u32,
    shard: Shard,
) -> Result<(Vec<(u64, i8)>, usize), BookError> {
    let fits = width <= u8::MAX as u32 && height <= u8::MAX as u32 && depth <= u8::MAX as u32;
    let board = Connect4::new(width, height)
        .ok()
        .filter(|board| fits && depth <= board.cells());
    let expected = journal_header(width, height, depth, shard);
    if board.is_none() || bytes.len() < HEADER_LEN || bytes[..HEADER_LEN] != expected {
        return Err(BookError::BadRecord {
            record: 0,
            offset: 0,
            problem: format!(
                "not the journal of a {width}x{height} book of depth {depth}, shard {shard}"
            ),
        });
    }
    let cells = width * height;
    let mut records = Vec::new();
    let body = &bytes[HEADER_LEN..];
    for (index, record) in body.chunks_exact(RECORD_LEN).enumerate() {
        let offset = (HEADER_LEN + index * RECORD_LEN) as u64;
        let bad = |problem: String| BookError::BadRecord {
            record: index as u64,
            offset,
            problem,
        };
        let key = u64::from_le_bytes(record[..8].try_into().unwrap_or_default());
        let score = record[8] as i8;
        let stones = check_key(key, width, height, depth).map_err(bad)?;
        if !shard.holds(key) || from_pons_counts(cells, stones, score as i32).is_none() {
            return Err(bad(format!(
                "key {key:#x} with score {score} is not a record of this shard"
            )));
        }
        records.push((key, score));
    }
    let whole = HEADER_LEN + body.len() / RECORD_LEN * RECORD_LEN;
    Ok((records, whole))
}

/// The book that ships with ply (`books/connect4.book` in the repository), built into
/// the binary: 7x6, read and checked once, on first use.
pub fn shipped() -> Option<Arc<OpeningBook>> {
    static SHIPPED: OnceLock<Option<Arc<OpeningBook>>> = OnceLock::new();
    SHIPPED
        .get_or_init(|| read_shipped().ok().map(Arc::new))
        .clone()
}

/// Reads [`SHIPPED_BYTES`] in place (the book's lookups read its records where they
/// lie: no copy of its 30 MB), checking the header, the checksums and the order of the
/// keys, but not each record's position and score: those bytes are part of the
/// program, and `OpeningBook::from_bytes` checks every record of them in the tests
/// (`crates/games/tests/connect4_book.rs`). The full check of 3.4 million records
/// would cost every Connect Four command about 60 ms; this one costs a few.
fn read_shipped() -> Result<OpeningBook, BookError> {
    OpeningBook::parse_in_place(SHIPPED_BYTES, Checks::ChecksumsAndOrder)
}

/// How much of a book's body [`Header::book`] checks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Checks {
    /// Every record: a file from outside.
    EveryRecord,
    /// The checksums and the keys' order only: the bytes built into the program.
    ChecksumsAndOrder,
}

/// The bytes of the shipped book: `books/connect4.book`, built into native builds.
/// A `static`, not a `const`: a constant's bytes are copied into each crate that names
/// it (the binary held the 30 MB twice), a static's are in the binary once.
#[cfg(not(target_family = "wasm"))]
pub static SHIPPED_BYTES: &[u8] = include_bytes!("../../../../books/connect4.book");

/// The bytes of the shipped book in WebAssembly: `books/connect4-web.book`, small, so
/// that the module stays small; the static site serves the whole book beside it
/// (`books/connect4.book.gz`), which the page's worker loads when Connect Four is
/// played.
#[cfg(target_family = "wasm")]
pub static SHIPPED_BYTES: &[u8] = include_bytes!("../../../../books/connect4-web.book");

/// The most missing shards a [`MergeError::Gap`] lists (its message says how many more).
pub const GAP_LISTED: usize = 8;

/// Why shards could not be merged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// No file was given.
    #[error("no shard to merge")]
    NoShards,
    /// A file of another book than the first.
    #[error("file {} is a shard of another book: {found}, where the first file is {expected}", file + 1)]
    Mismatch {
        /// The file, from 0, in the order given.
        file: usize,
        /// What the first file is.
        expected: String,
        /// What this one is.
        found: String,
    },
    /// The same shard given twice.
    #[error("shard {shard} is given twice (files {} and {}): the shards overlap", files.0 + 1, files.1 + 1)]
    Overlap {
        /// The shard.
        shard: Shard,
        /// The two files, from 0.
        files: (usize, usize),
    },
    /// Shards missing.
    #[error(
        "the shards leave a gap: {missing} of {count} missing ({}{})",
        first.iter().map(|i| format!("{i}/{count}")).collect::<Vec<_>>().join(", "),
        match *missing as usize - first.len() {
            0 => String::new(),
            more => format!(" and {more} more"),
        }
    )]
    Gap {
        /// The shard count.
        count: u32,
        /// How many shards were not given.
        missing: u32,
        /// The first of them (at most [`GAP_LISTED`]).
        first: Vec<u32>,
    },
    /// Two records of one position.
    #[error("the position with key {key:#x} is in two shards: the shards overlap")]
    Duplicate {
        /// Its canonical key.
        key: u64,
    },
    /// A position of the book that no shard holds.
    #[error("the shards leave a gap: the position with key {key:#x} (shard {shard}) has no record")]
    Missing {
        /// Its canonical key.
        key: u64,
        /// The shard it belongs to.
        shard: Shard,
    },
    /// The book has more positions than the shards hold records (found while listing
    /// them, which then stops).
    #[error(
        "the shards leave a gap: they hold {records} records, but the book has {found} positions or more (found up to {stones} stones)"
    )]
    Short {
        /// The records of all shards.
        records: usize,
        /// Positions listed when the listing stopped.
        found: usize,
        /// The layer reached.
        stones: u32,
    },
    /// The book's positions would not fit in memory to be listed.
    #[error(
        "the positions of the book do not fit in memory: {found} found up to {stones} stones, \
         more than the {limit} it can hold; merge on a machine with more memory"
    )]
    TooManyPositions {
        /// The layer reached when the limit was passed.
        stones: u32,
        /// Positions found up to that layer.
        found: usize,
        /// The most positions the memory can hold.
        limit: usize,
    },
    /// A record that is no position of the book.
    #[error("the record with key {key:#x} is not a position of the book")]
    Stray {
        /// Its key.
        key: u64,
    },
    /// The stop flag was raised.
    #[error("interrupted")]
    Interrupted,
}

/// The engine reads the book as a source of known values (node-relative:
/// the Pons score converted with the distance counted from the position).
impl KnownValues<Connect4> for OpeningBook {
    #[inline]
    fn known_value(&self, pos: &Connect4) -> Option<Score> {
        self.get(pos).and_then(|score| from_pons(pos, score))
    }
}

/// The layers solved so far during a build, one per stone count.
struct Layers {
    layers: Vec<OnceLock<Entries>>,
}

impl KnownValues<Connect4> for Layers {
    #[inline]
    fn known_value(&self, pos: &Connect4) -> Option<Score> {
        let layer = self.layers.get(pos.moves_played() as usize)?.get()?;
        let score = layer.score(canonical_key(pos))?;
        from_pons(pos, score as i32)
    }
}

/// The Pons score of `pos` from its children's (a win at once, a full board, or a child
/// the finished layers hold), or `None` when a child is not known. A shard's own layers
/// hold only its share of the children, so its shallow positions are mostly searched.
fn from_children(pos: &Connect4, known: &Layers) -> Option<i8> {
    let layer = known.layers.get(pos.moves_played() as usize + 1)?.get()?;
    let mut best = i32::MIN;
    let mut moves = Vec::with_capacity(pos.width() as usize);
    pos.generate_moves(&mut moves);
    for column in moves {
        let score = if pos.is_winning_move(column) {
            (pos.cells() as i32 + 1 - pos.moves_played() as i32) / 2
        } else {
            let child = pos.after(column);
            if child.moves_played() == child.cells() {
                0
            } else {
                -(layer.score(canonical_key(&child))? as i32)
            }
        };
        best = best.max(score);
    }
    i8::try_from(best).ok()
}

/// What solves a build's positions on one thread: the standard board's own solver on
/// 7x6, the engine with the finished layers as known values elsewhere.
enum LayerSolver {
    /// The engine, reading the layers solved so far.
    Engine(Box<Engine<Connect4, WithKnownValues<Connect4Hooks, Arc<Layers>>, Connect4Eval>>),
    /// The 7x6 solver (its table shared by the build's threads).
    Standard(Arc<StandardSolver>),
}

impl LayerSolver {
    /// A solver for `board`'s size with a table of `hash_mib` MiB.
    fn new(
        board: &Connect4,
        hash_mib: usize,
        known: &Arc<Layers>,
    ) -> Result<LayerSolver, BuildError> {
        if board.is_standard() {
            return Ok(LayerSolver::Standard(Arc::new(StandardSolver::new(
                hash_mib.saturating_mul(1 << 20),
                1,
            )?)));
        }
        let settings = Settings {
            // Only the value is wanted.
            exact_pv: false,
            ..Settings::default().with_hash(hash_mib)
        };
        let engine = Engine::try_new(
            WithKnownValues::new(Connect4Hooks, Arc::clone(known)),
            Connect4Eval,
            settings,
        )?;
        Ok(LayerSolver::Engine(Box::new(engine)))
    }

    /// The exact Pons score of `pos` and the nodes it took.
    fn solve(&mut self, pos: &Connect4, stop: &Arc<AtomicBool>) -> Result<(i8, u64), BuildError> {
        let unsolved = || BuildError::Unsolved {
            moves: crate::Notation::position_string(pos),
        };
        let (score, nodes) = match self {
            LayerSolver::Engine(engine) => {
                let result = engine.search(pos, &Limits::exact().with_stop(Arc::clone(stop)));
                if !result.exact {
                    return Err(BuildError::Interrupted);
                }
                (
                    to_pons(pos, result.score).ok_or_else(unsolved)?,
                    result.stats.nodes,
                )
            }
            LayerSolver::Standard(solver) => {
                let solution = solver
                    .solve(pos, &Stop::from(stop))
                    .map_err(|_| unsolved())?
                    .ok_or(BuildError::Interrupted)?;
                (solution.score, solution.nodes)
            }
        };
        Ok((i8::try_from(score).map_err(|_| unsolved())?, nodes))
    }
}

/// How to build a book.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Positions solved at once, one engine each.
    pub threads: usize,
    /// Transposition table in MiB, shared out between the threads.
    pub hash_mib: usize,
    /// Raised (e.g. by Ctrl-C) to stop the build.
    pub stop: Option<Arc<AtomicBool>>,
    /// Refuse a book of more positions than this ([`BuildError::TooManyPositions`],
    /// found before any is solved); `None`: no limit.
    pub max_positions: Option<usize>,
    /// The share of the positions to solve ([`Shard::WHOLE`]: all of them).
    pub shard: Shard,
    /// Records solved by an earlier, interrupted build of the same book (canonical key,
    /// Pons score): taken as they are, not solved again.
    pub resumed: Vec<(u64, i8)>,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            threads: 1,
            hash_mib: 16,
            stop: None,
            max_positions: None,
            shard: Shard::WHOLE,
            resumed: Vec::new(),
        }
    }
}

/// Reported after each solved position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Positions solved so far, of `total`.
    pub done: u64,
    /// Positions to solve in all.
    pub total: u64,
    /// The stone count of the layer being solved.
    pub stones: u32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// The record just solved: canonical key and Pons score (what a resumable build
    /// saves as it goes).
    pub record: (u64, i8),
}

/// What a finished build cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildStats {
    /// Positions solved (the book's records).
    pub positions: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time of the build.
    pub time: Duration,
}

/// Why a build did not finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// The depth asked for is more than the board has cells (or 255).
    #[error("depth {depth} is out of range: at most the board's {cells} cells (and 255)")]
    Depth {
        /// The depth asked for.
        depth: u32,
        /// The board's cells.
        cells: u32,
    },
    /// The stop flag was raised.
    #[error("interrupted")]
    Interrupted,
    /// The engine stopped without an exact score for a position (a bug, or a limit).
    #[error("position {moves}: the engine returned no exact score")]
    Unsolved {
        /// The position, as the columns played.
        moves: String,
    },
    /// The book's positions would not fit in memory.
    #[error(
        "the positions of the book do not fit in memory: {found} found up to {stones} stones, \
         more than the {limit} it can hold; choose a smaller --depth"
    )]
    TooManyPositions {
        /// The layer reached when the limit was passed.
        stones: u32,
        /// Positions found up to that layer.
        found: usize,
        /// The most positions the memory can hold.
        limit: usize,
    },
    /// The engine's table or the book could not have its memory.
    #[error("{0}")]
    Memory(#[from] ply_core::memory::MemoryError),
    /// Records handed over as already solved that are not positions of this book's shard.
    #[error("{stray} of the records to resume from are not positions of this book and shard")]
    ResumedMismatch {
        /// How many such records.
        stray: u64,
    },
}

/// Why a book file could not be read: each message names the byte offset and the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// Shorter than the header.
    #[error(
        "the file is {len} bytes long, shorter than the header of a book ({HEADER_LEN_V1} bytes in version 1, {HEADER_LEN} in version 2)"
    )]
    ShortHeader {
        /// The file's length in bytes.
        len: usize,
    },
    /// The first 8 bytes are not `ply-c4bk`.
    #[error("bytes 0-7: not a ply Connect Four book (the magic bytes are not \"ply-c4bk\")")]
    BadMagic,
    /// A format version this ply does not read.
    #[error(
        "bytes 8-9: format version {version} is not supported (this ply reads versions 1 and {FORMAT_VERSION})"
    )]
    UnsupportedVersion {
        /// The version in the file.
        version: u16,
    },
    /// A board size Connect Four cannot have.
    #[error("bytes 10-11: board {width}x{height}: {why}")]
    BadBoard {
        /// The width in the file.
        width: u8,
        /// The height in the file.
        height: u8,
        /// Why the size is refused.
        why: String,
    },
    /// A depth beyond the board's cells.
    #[error("byte 12: depth {depth} is larger than the board's {cells} cells")]
    BadDepth {
        /// The depth in the file.
        depth: u8,
        /// The board's cells.
        cells: u32,
    },
    /// The header's checksum (bytes 36-39) does not match bytes 0-35.
    #[error(
        "bytes 36-39: the header's checksum is {stored:#010x}, but bytes 0-35 give {computed:#010x}: the file is damaged"
    )]
    HeaderChecksum {
        /// The checksum in the file.
        stored: u32,
        /// The checksum of the bytes read.
        computed: u32,
    },
    /// The records' checksum (bytes 32-35) does not match them.
    #[error(
        "bytes 32-35: the records' checksum is {stored:#010x}, but the records give {computed:#010x}: the file is damaged"
    )]
    Checksum {
        /// The checksum in the file.
        stored: u32,
        /// The checksum of the records read.
        computed: u32,
    },
    /// A shard that cannot be: the count is 0 or the index not below it.
    #[error("bytes 24-31: shard {index} of {count} (a shard's index goes from 0 to its count - 1)")]
    BadShard {
        /// The index in the file.
        index: u32,
        /// The count in the file.
        count: u32,
    },
    /// A shard count beyond [`MAX_SHARDS`].
    #[error(
        "bytes 28-31: a book split into {count} shards, more than the {MAX_SHARDS} it may have"
    )]
    TooManyShards {
        /// The count in the file.
        count: u32,
    },
    /// Reserved bytes that are not zero.
    #[error("bytes 13-15: reserved bytes must be zero")]
    Reserved,
    /// Fewer records than the header announces.
    #[error(
        "record {record} at byte offset {offset} is truncated (bytes 16-23 announce {count} records of 9 bytes)"
    )]
    Truncated {
        /// The first record missing, from 0.
        record: u64,
        /// Its byte offset.
        offset: u64,
        /// The records the header announces.
        count: u64,
    },
    /// Bytes after the last record.
    #[error("byte offset {offset}: {extra} bytes after the last record")]
    TrailingBytes {
        /// Where the extra bytes start.
        offset: u64,
        /// How many there are.
        extra: u64,
    },
    /// [`OpeningBook::read_from`] on a stream: more bytes than the header announces.
    #[error("byte offset {offset}: more bytes after the last record")]
    TrailingData {
        /// Where the extra bytes start.
        offset: u64,
    },
    /// A header that announces more records than a book file may have.
    #[error(
        "bytes 16-23 announce {count} records, more than the {} MiB a book file may have",
        MAX_FILE_BYTES >> 20
    )]
    TooLarge {
        /// The records announced.
        count: u64,
    },
    /// The memory for the records could not be had.
    #[error("not enough memory for a book of {bytes} bytes")]
    OutOfMemory {
        /// The bytes asked for.
        bytes: u64,
    },
    /// The file could not be read.
    #[error("{0}")]
    Io(String),
    /// A record that cannot be a position of the board, or out of order.
    #[error("record {record} at byte offset {offset}: {problem}")]
    BadRecord {
        /// The record, from 0.
        record: u64,
        /// Its byte offset.
        offset: u64,
        /// What is wrong with it.
        problem: String,
    },
    /// The book is for another board size than the game's.
    #[error(
        "the book is for a {}x{} board, the game is played on {}x{}",
        book.0, book.1, game.0, game.1
    )]
    BoardMismatch {
        /// The book's board: width and height.
        book: (u32, u32),
        /// The game's board: width and height.
        game: (u32, u32),
    },
}

/// The largest book file ply reads: 1 GiB, about 119 million records, far more than any
/// book `ply book` builds in practice (depth 6 on 7x6 takes about 15 hours). A header
/// announcing more is refused before anything is read or allocated for it.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// Bytes of the header that version 2 adds after version 1's: the shard (index and
/// count, 4 bytes each), the CRC-32 of the records and the CRC-32 of the header's first
/// 36 bytes.
const EXTENSION_LEN: usize = HEADER_LEN - HEADER_LEN_V1;

/// A version-2 header: the fields, the shard and the checksums (see `docs/connect4.md`).
fn header_bytes(
    (width, height, depth): (u8, u8, u8),
    shard: Shard,
    count: u64,
    records_crc: u32,
) -> [u8; HEADER_LEN] {
    let mut out = [0u8; HEADER_LEN];
    out[..8].copy_from_slice(&MAGIC);
    out[8..10].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    out[10..13].copy_from_slice(&[width, height, depth]);
    out[16..24].copy_from_slice(&count.to_le_bytes());
    out[24..28].copy_from_slice(&shard.index.to_le_bytes());
    out[28..32].copy_from_slice(&shard.count.to_le_bytes());
    out[32..36].copy_from_slice(&records_crc.to_le_bytes());
    let header_crc = crc32fast::hash(&out[..36]);
    out[36..40].copy_from_slice(&header_crc.to_le_bytes());
    out
}

/// The fields of a book's header, checked.
struct Header {
    version: u16,
    width: u8,
    height: u8,
    depth: u8,
    board: Connect4,
    /// The records the header announces.
    count: u64,
    shard: Shard,
    /// The CRC-32 of the records (version 2; version 1 has none).
    records_crc: Option<u32>,
}

impl Header {
    /// The bytes before the records.
    fn len(&self) -> usize {
        if self.version >= 2 {
            HEADER_LEN
        } else {
            HEADER_LEN_V1
        }
    }

    /// Version 2's extension: the header's checksum first (a damaged header is
    /// refused before any of its fields is believed), then the shard.
    fn extend(
        &mut self,
        common: &[u8; HEADER_LEN_V1],
        extension: &[u8; EXTENSION_LEN],
    ) -> Result<(), BookError> {
        let word =
            |at: usize| u32::from_le_bytes(extension[at..at + 4].try_into().unwrap_or_default());
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(common);
        hasher.update(&extension[..12]);
        let (stored, computed) = (word(12), hasher.finalize());
        if stored != computed {
            return Err(BookError::HeaderChecksum { stored, computed });
        }
        let (index, count) = (word(0), word(4));
        if count > MAX_SHARDS {
            return Err(BookError::TooManyShards { count });
        }
        self.shard = Shard::new(index, count).ok_or(BookError::BadShard { index, count })?;
        self.records_crc = Some(word(8));
        Ok(())
    }

    fn parse(bytes: &[u8; HEADER_LEN_V1]) -> Result<Header, BookError> {
        if bytes[..8] != MAGIC {
            return Err(BookError::BadMagic);
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != FORMAT_VERSION && version != 1 {
            return Err(BookError::UnsupportedVersion { version });
        }
        let (width, height, depth) = (bytes[10], bytes[11], bytes[12]);
        let board =
            Connect4::new(width as u32, height as u32).map_err(|e| BookError::BadBoard {
                width,
                height,
                why: e.to_string(),
            })?;
        if depth as u32 > board.cells() {
            return Err(BookError::BadDepth {
                depth,
                cells: board.cells(),
            });
        }
        if bytes[13..16] != [0, 0, 0] {
            return Err(BookError::Reserved);
        }
        let mut count = [0; 8];
        count.copy_from_slice(&bytes[16..24]);
        Ok(Header {
            version,
            width,
            height,
            depth,
            board,
            count: u64::from_le_bytes(count),
            shard: Shard::WHOLE,
            records_crc: None,
        })
    }

    /// An error unless a body of `body` bytes holds exactly the announced records.
    fn check_body_len(&self, body: u64) -> Result<(), BookError> {
        let count = self.count;
        let header_len = self.len() as u64;
        let whole = body / RECORD_LEN as u64;
        if whole < count {
            let offset = header_len + whole * RECORD_LEN as u64;
            return Err(BookError::Truncated {
                record: whole,
                offset,
                count,
            });
        }
        // `whole >= count`: the product fits, as `body` does.
        let expected = count * RECORD_LEN as u64;
        if body != expected {
            return Err(BookError::TrailingBytes {
                offset: header_len + expected,
                extra: body - expected,
            });
        }
        Ok(())
    }

    /// The header of the book file `bytes` and the records after it (exactly the
    /// records it announces).
    fn split(bytes: &[u8]) -> Result<(Header, &[u8]), BookError> {
        let Some(common) = bytes.first_chunk::<HEADER_LEN_V1>() else {
            return Err(BookError::ShortHeader { len: bytes.len() });
        };
        let mut header = Header::parse(common)?;
        if header.version >= 2 {
            let Some(extension) = bytes[HEADER_LEN_V1..].first_chunk::<EXTENSION_LEN>() else {
                return Err(BookError::ShortHeader { len: bytes.len() });
            };
            header.extend(common, extension)?;
        }
        let body = &bytes[header.len()..];
        header.check_body_len(body.len() as u64)?;
        Ok((header, body))
    }

    /// The book whose records are `body` (exactly `count` of them: see `check_body_len`),
    /// copied into owned entries.
    fn book(self, body: &[u8], checks: Checks) -> Result<OpeningBook, BookError> {
        let count = self.count as usize; // no more than the bytes in memory
        let (mut keys, mut scores) = (Vec::with_capacity(count), Vec::with_capacity(count));
        self.check_records(body, checks, |key, score| {
            keys.push(key);
            scores.push(score);
        })?;
        Ok(self.with(Entries::owned(keys, scores)))
    }

    /// The book whose records are `body`, read where they lie.
    fn book_in_place(self, body: &'static [u8], checks: Checks) -> Result<OpeningBook, BookError> {
        self.check_records(body, checks, |_, _| {})?;
        Ok(self.with(Entries::in_place(body)))
    }

    fn with(self, entries: Entries) -> OpeningBook {
        OpeningBook {
            width: self.width,
            height: self.height,
            depth: self.depth,
            shard: self.shard,
            entries,
        }
    }

    /// Checks the records of `body` as far as `checks` says (the checksum and the keys'
    /// order always), handing each record to `each` in order.
    fn check_records(
        &self,
        body: &[u8],
        checks: Checks,
        mut each: impl FnMut(u64, i8),
    ) -> Result<(), BookError> {
        // The checksum first: a damaged record must not be read as another position.
        if let Some(stored) = self.records_crc {
            let computed = crc32fast::hash(body);
            if stored != computed {
                return Err(BookError::Checksum { stored, computed });
            }
        }
        let header_len = self.len();
        let (w, h) = (self.width as u32, self.height as u32);
        let mut previous = None;
        for (index, record) in body.chunks_exact(RECORD_LEN).enumerate() {
            let offset = header_len + index * RECORD_LEN;
            let (key, score) = decode_record(record);
            let bad = |problem: String| BookError::BadRecord {
                record: index as u64,
                offset: offset as u64,
                problem,
            };
            if let Some(previous) = previous
                && key <= previous
            {
                return Err(bad(format!(
                    "key {key:#x} is not greater than the key before it, {previous:#x} (keys must be strictly increasing)"
                )));
            }
            previous = Some(key);
            each(key, score);
            if checks == Checks::ChecksumsAndOrder {
                continue;
            }
            let stones = check_key(key, w, h, self.depth as u32).map_err(&bad)?;
            if !self.shard.holds(key) {
                return Err(bad(format!(
                    "key {key:#x} belongs to shard {}/{}, not to this file's shard {}",
                    shard_of(key, self.shard.count),
                    self.shard.count,
                    self.shard
                )));
            }
            if from_pons_counts(self.board.cells(), stones, score as i32).is_none() {
                return Err(BookError::BadRecord {
                    record: index as u64,
                    offset: offset as u64 + 8,
                    problem: format!(
                        "score {score} is out of range for a position with {stones} stones on a {w}x{h} board"
                    ),
                });
            }
        }
        Ok(())
    }
}

/// Fills `buffer` from `reader` as far as the input goes; the number of bytes read.
fn read_up_to(reader: &mut dyn Read, buffer: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buffer.len() {
        match reader.read(&mut buffer[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// Checks that `key` is the canonical key of a non-terminal position with at
/// most `depth` stones on a `width` x `height` board; returns its stone count.
fn check_key(key: u64, width: u32, height: u32, depth: u32) -> Result<u32, String> {
    let not_a_position = || format!("key {key:#x} is not a position on a {width}x{height} board");
    let step = height + 1;
    let bits = width * step;
    if bits < 64 && key >> bits != 0 {
        return Err(not_a_position());
    }
    let column = u64::MAX >> (64 - step);
    // A column with k stones holds 2^k − 1 + (the side to move's stones), below 2^(k+1) − 1.
    let highest = column - 1;
    let (mut current, mut mask) = (0u64, 0u64);
    for c in 0..width {
        let shift = c * step;
        let value = (key >> shift) & column;
        if value > highest {
            return Err(not_a_position());
        }
        let stones = 63 - (value + 1).leading_zeros();
        let filled = (1u64 << stones) - 1;
        current |= (value - filled) << shift;
        mask |= filled << shift;
    }
    let stones = mask.count_ones();
    if stones > depth {
        return Err(format!(
            "key {key:#x} has {stones} stones, more than the book's depth {depth}"
        ));
    }
    if current.count_ones() != stones / 2 {
        return Err(format!(
            "key {key:#x} gives the side to move {} of the {stones} stones (players alternate: {})",
            current.count_ones(),
            stones / 2
        ));
    }
    if stones == width * height
        || four_in_a_row(current, height)
        || four_in_a_row(current ^ mask, height)
    {
        return Err(format!("key {key:#x} is a finished game"));
    }
    let mirrored = mirror_key(key, width, height);
    if mirrored < key {
        return Err(format!(
            "key {key:#x} is not folded with its mirror image (the mirror's key {mirrored:#x} is smaller)"
        ));
    }
    Ok(stones)
}

/// True when `stones` hold four in a row, on any board (`bitboard::has_four`
/// shifts past 64 bits on a one-column board 63 high; a file may say so).
fn four_in_a_row(stones: u64, height: u32) -> bool {
    [1, height + 1, height, height + 2].into_iter().any(|d| {
        let pairs = stones & stones.checked_shr(d).unwrap_or(0);
        pairs & pairs.checked_shr(2 * d).unwrap_or(0) != 0
    })
}

/// Every distinct non-terminal position with at most `depth` stones reachable
/// from `start`'s empty board, mirror pairs once (one representative each), by
/// stone count: `layers[n]` holds the positions with `n` stones, sorted by
/// [`canonical_key`].
pub fn enumerate(start: &Connect4, depth: u32) -> Vec<Vec<Connect4>> {
    enumerate_until(start, depth, &AtomicBool::new(false)).unwrap_or_default()
}

/// Bytes one position takes while the layers are listed (the position, its key and the
/// hash map's share), for [`enumerate_within`]'s callers to size `max_positions`.
pub const ENUMERATION_BYTES: u64 = 2 * std::mem::size_of::<(u64, Connect4)>() as u64;

/// Positions handled between two looks at the stop flag while listing: about a
/// millisecond of work (a layer of 7x6 with 11 stones has 5.8 million children to
/// file, sort and copy, a second or more in all).
const LIST_POLL: usize = 1 << 12;

/// Why [`enumerate_within`] gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// The stop flag was raised.
    Stopped,
    /// More than the limit: `found` positions up to the layer of `stones` stones (unfinished).
    TooMany {
        /// The layer reached.
        stones: u32,
        /// Positions found up to it.
        found: usize,
    },
}

/// [`enumerate`], given up (`None`) within a few milliseconds of `stop` being raised.
pub fn enumerate_until(
    start: &Connect4,
    depth: u32,
    stop: &AtomicBool,
) -> Option<Vec<Vec<Connect4>>> {
    enumerate_within(start, depth, usize::MAX, stop).ok()
}

/// [`enumerate_until`], or [`Listing::TooMany`] as soon as more than `max_positions`
/// positions are found, before the memory for more is taken.
pub fn enumerate_within(
    start: &Connect4,
    depth: u32,
    max_positions: usize,
    stop: &AtomicBool,
) -> Result<Vec<Vec<Connect4>>, Listing> {
    let stopped = |i: usize| i % LIST_POLL == 0 && stop.load(Ordering::Relaxed);
    let mut layers: Vec<Vec<Connect4>> = Vec::new();
    let mut current = match Connect4::new(start.width(), start.height()) {
        Ok(empty) => vec![empty],
        Err(_) => return Ok(layers),
    };
    let mut moves = Vec::new();
    let mut found = 1usize;
    for _ in 0..=depth {
        if current.is_empty() {
            break;
        }
        let mut next: HashMap<u64, Connect4> = HashMap::new();
        if (layers.len() as u32) < depth {
            // Room for the next layer at once, estimated from the growth of the last one:
            // growing a table of millions rehashes them all, a pause that cannot be stopped.
            let growth = layers.last().map_or(start.width() as usize, |last| {
                current.len() / last.len().max(1) + 1
            });
            let expected = current.len().saturating_mul(growth);
            let _ = next.try_reserve(expected.min(max_positions.saturating_sub(found)));
            for (i, pos) in current.iter().enumerate() {
                if stopped(i) {
                    return Err(Listing::Stopped);
                }
                moves.clear();
                pos.generate_moves(&mut moves);
                for &column in &moves {
                    let child = pos.after(column);
                    if child.outcome().is_none() {
                        next.entry(canonical_key(&child)).or_insert(child);
                        if found + next.len() > max_positions {
                            return Err(Listing::TooMany {
                                stones: layers.len() as u32 + 1,
                                found: found + next.len(),
                            });
                        }
                    }
                }
            }
        }
        found += next.len();
        layers.push(current);
        let mut following = Vec::with_capacity(next.len());
        for (i, entry) in next.into_iter().enumerate() {
            if stopped(i) {
                return Err(Listing::Stopped);
            }
            following.push(entry);
        }
        sort_by_key_until(&mut following, stop).ok_or(Listing::Stopped)?;
        current = Vec::with_capacity(following.len());
        for (i, (_, pos)) in following.into_iter().enumerate() {
            if stopped(i) {
                return Err(Listing::Stopped);
            }
            current.push(pos);
        }
    }
    Ok(layers)
}

/// Sorts by key, like `sort_unstable_by_key`, in steps of a few milliseconds between
/// which `stop` is looked at: runs of 2^14 sorted in place, then merged two by two.
/// `None` when stopped (the order is then unspecified).
fn sort_by_key_until<T: Copy>(items: &mut Vec<(u64, T)>, stop: &AtomicBool) -> Option<()> {
    const RUN: usize = 1 << 14;
    for run in items.chunks_mut(RUN) {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        run.sort_unstable_by_key(|&(key, _)| key);
    }
    let mut from = std::mem::take(items);
    let mut to = Vec::with_capacity(from.len());
    let mut width = RUN;
    while width < from.len() {
        to.clear();
        for begin in (0..from.len()).step_by(2 * width) {
            let middle = (begin + width).min(from.len());
            let end = (begin + 2 * width).min(from.len());
            let (mut left, mut right) = (begin, middle);
            while left < middle || right < end {
                if to.len() % LIST_POLL == 0 && stop.load(Ordering::Relaxed) {
                    *items = from;
                    return None;
                }
                if right == end || (left < middle && from[left].0 <= from[right].0) {
                    to.push(from[left]);
                    left += 1;
                } else {
                    to.push(from[right]);
                    right += 1;
                }
            }
        }
        std::mem::swap(&mut from, &mut to);
        width *= 2;
    }
    *items = from;
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Notation;
    use proptest::prelude::*;

    #[test]
    fn the_stoppable_sort_sorts_and_stops() {
        let never = AtomicBool::new(false);
        for n in [0usize, 1, 5, (1 << 14) - 1, 1 << 14, (1 << 14) + 1, 100_000] {
            // A permutation of 0..n (7919 is prime, coprime with every n but its multiples).
            let mut items: Vec<(u64, u32)> = (0..n)
                .map(|i| (((i * 7919) % n.max(1)) as u64, i as u32))
                .collect();
            let mut expected = items.clone();
            expected.sort_unstable_by_key(|&(key, _)| key);
            assert_eq!(sort_by_key_until(&mut items, &never), Some(()));
            assert_eq!(items, expected, "{n}");
        }
        let raised = AtomicBool::new(true);
        let mut items = vec![(2u64, ()), (1, ())];
        assert_eq!(sort_by_key_until(&mut items, &raised), None);
        assert_eq!(enumerate_until(&board(7, 6), 12, &raised), None);
    }

    #[test]
    fn listing_stops_past_its_limit() {
        let never = AtomicBool::new(false);
        let all = enumerate(&board(7, 6), 4);
        let total: usize = all.iter().map(Vec::len).sum();
        assert_eq!(enumerate_within(&board(7, 6), 4, total, &never), Ok(all));
        assert!(matches!(
            enumerate_within(&board(7, 6), 4, total - 1, &never),
            Err(Listing::TooMany { stones: 4, .. })
        ));
    }

    fn board(width: u32, height: u32) -> Connect4 {
        Connect4::new(width, height).unwrap()
    }

    fn build(width: u32, height: u32, depth: u32) -> OpeningBook {
        OpeningBook::build(
            &board(width, height),
            depth,
            &BuildOptions::default(),
            |_| {},
        )
        .unwrap()
        .0
    }

    fn exact_score<K: KnownValues<Connect4>>(known: K, pos: &Connect4) -> (i32, u64) {
        let settings = Settings {
            exact_pv: false,
            ..Settings::default().with_hash(4)
        };
        let mut engine = Engine::new(
            WithKnownValues::new(Connect4Hooks, known),
            Connect4Eval,
            settings,
        );
        let result = engine.search(pos, &Limits::exact());
        assert!(result.exact);
        (to_pons(pos, result.score).unwrap(), result.stats.nodes)
    }

    /// The number of distinct positions after n plies on 7x6 (OEIS A212693; no game
    /// ends before the 7th stone), counted back from the mirror-folded layers.
    #[test]
    fn enumeration_counts_every_position_once() {
        let layers = enumerate(&Connect4::standard(), 6);
        let unfolded: Vec<usize> = layers
            .iter()
            .map(|layer| {
                layer
                    .iter()
                    .map(|pos| {
                        let key = position_key(pos);
                        if key == mirror_key(key, 7, 6) { 1 } else { 2 }
                    })
                    .sum()
            })
            .collect();
        assert_eq!(unfolded, vec![1, 7, 49, 238, 1120, 4263, 16422]);
        // Folded: the empty board, 4 first moves (columns 1-3 are mirrors of 5-7).
        assert_eq!(layers[1].len(), 4);
        // Every layer is sorted by canonical key, without duplicates.
        for layer in &layers {
            assert!(
                layer
                    .windows(2)
                    .all(|w| canonical_key(&w[0]) < canonical_key(&w[1]))
            );
        }
    }

    #[test]
    fn mirror_keys() {
        let c4 = Connect4::standard();
        for (moves, mirrored) in [("", ""), ("1", "7"), ("4453", "4435"), ("1122", "7766")] {
            let pos = c4.parse_position(moves).unwrap();
            let image = c4.parse_position(mirrored).unwrap();
            assert_eq!(mirror_key(position_key(&pos), 7, 6), position_key(&image));
            assert_eq!(canonical_key(&pos), canonical_key(&image));
        }
        assert_ne!(
            canonical_key(&c4.parse_position("1").unwrap()),
            canonical_key(&c4.parse_position("2").unwrap())
        );
        // An 8x7 board uses all 64 bits of the key.
        let wide = Connect4::new(8, 7).unwrap();
        let (left, right) = (
            wide.parse_position("112").unwrap(),
            wide.parse_position("887").unwrap(),
        );
        assert_eq!(mirror_key(position_key(&left), 8, 7), position_key(&right));
        // A one-column board, 63 high (64 bits a column), is its own mirror.
        assert_eq!(mirror_key(0b1011, 1, 63), 0b1011);
        assert!(four_in_a_row(0b1111, 63) && !four_in_a_row(0b0111, 63));
    }

    /// Every record equals a book-less exact solve, on several small boards.
    #[test]
    fn every_record_is_the_exact_score() {
        for (width, height, depth) in [(4, 4, 6), (5, 4, 4), (4, 5, 4)] {
            let book = build(width, height, depth);
            let layers = enumerate(&board(width, height), depth);
            assert_eq!(book.len(), layers.iter().map(Vec::len).sum::<usize>());
            for pos in layers.iter().flatten() {
                let (expected, _) = exact_score(None::<OpeningBook>, pos);
                assert_eq!(
                    book.get(pos),
                    Some(expected),
                    "{width}x{height} {}",
                    pos.position_string()
                );
            }
        }
    }

    /// The values of the empty boards (docs/connect4.md, "Small boards"), from the book.
    #[test]
    fn known_small_board_values() {
        for (width, height, score) in [(4, 4, 0), (5, 4, 0), (6, 4, -1), (4, 5, 0)] {
            let book = build(width, height, 3);
            assert_eq!(
                book.get(&board(width, height)),
                Some(score),
                "{width}x{height}"
            );
        }
    }

    #[test]
    fn mirror_images_both_hit() {
        let book = build(5, 4, 4);
        let b = board(5, 4);
        for (moves, mirrored) in [("1", "5"), ("12", "54"), ("1324", "5342"), ("3", "3")] {
            let (pos, image) = (
                b.parse_position(moves).unwrap(),
                b.parse_position(mirrored).unwrap(),
            );
            assert!(book.get(&pos).is_some(), "{moves}");
            assert_eq!(book.get(&pos), book.get(&image), "{moves} / {mirrored}");
        }
        // Deeper than the book, or another board size: a miss.
        assert_eq!(book.get(&b.parse_position("12345").unwrap()), None);
        assert_eq!(book.get(&board(4, 5)), None);
        assert!(book.check_board(&board(5, 4)).is_ok());
        assert_eq!(
            book.check_board(&Connect4::standard())
                .unwrap_err()
                .to_string(),
            "the book is for a 5x4 board, the game is played on 7x6"
        );
    }

    /// Random positions (some in the book, most deeper) solve to the same score with
    /// and without the book; with it, shallow ones take far fewer nodes.
    #[test]
    fn solving_with_the_book_gives_the_same_scores() {
        let book = Arc::new(build(5, 4, 5));
        let b = board(5, 4);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut moves = Vec::new();
        for n in 0..60 {
            let mut pos = b;
            for _ in 0..(n % 9) {
                moves.clear();
                pos.generate_moves(&mut moves);
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let child = pos.after(moves[(seed % moves.len() as u64) as usize]);
                if child.outcome().is_some() {
                    break;
                }
                pos = child;
            }
            let (without, plain_nodes) = exact_score(None::<OpeningBook>, &pos);
            let (with, book_nodes) = exact_score(Arc::clone(&book), &pos);
            assert_eq!(with, without, "{}", pos.position_string());
            assert!(book_nodes <= plain_nodes, "{}", pos.position_string());
        }
        // The empty 5x4 board: its value is read at the first ply.
        assert!(exact_score(Arc::clone(&book), &b).1 < 20);
    }

    #[test]
    fn two_threads_build_the_same_book() {
        let options = BuildOptions {
            threads: 2,
            ..BuildOptions::default()
        };
        let mut calls = Vec::new();
        let (book, stats) =
            OpeningBook::build(&board(4, 4), 5, &options, |p| calls.push(p.done)).unwrap();
        assert_eq!(book, build(4, 4, 5));
        assert_eq!(stats.positions, book.len() as u64);
        assert_eq!(calls, (1..=book.len() as u64).collect::<Vec<_>>());
    }

    #[test]
    fn a_raised_stop_flag_interrupts() {
        let options = BuildOptions {
            stop: Some(Arc::new(AtomicBool::new(true))),
            ..BuildOptions::default()
        };
        assert_eq!(
            OpeningBook::build(&board(4, 4), 3, &options, |_| {}).unwrap_err(),
            BuildError::Interrupted
        );
        assert_eq!(
            OpeningBook::build(&board(4, 4), 17, &BuildOptions::default(), |_| {}).unwrap_err(),
            BuildError::Depth {
                depth: 17,
                cells: 16
            }
        );
    }

    #[test]
    fn file_round_trip_and_layout() {
        let book = build(4, 4, 3);
        let bytes = book.to_bytes();
        assert_eq!(bytes.len(), HEADER_LEN + RECORD_LEN * book.len());
        assert_eq!(&bytes[..16], b"ply-c4bk\x02\x00\x04\x04\x03\x00\x00\x00");
        assert_eq!(
            u64::from_le_bytes(bytes[16..24].try_into().unwrap()),
            book.len() as u64
        );
        // Shard 0 of 1, then the checksums of the records and of the header.
        assert_eq!(&bytes[24..32], &[0, 0, 0, 0, 1, 0, 0, 0]);
        assert_eq!(
            u32::from_le_bytes(bytes[32..36].try_into().unwrap()),
            crc32fast::hash(&bytes[40..])
        );
        assert_eq!(
            u32::from_le_bytes(bytes[36..40].try_into().unwrap()),
            crc32fast::hash(&bytes[..36])
        );
        // The first record is the empty board (key 0), a draw.
        assert_eq!(&bytes[40..49], &[0; 9]);
        assert_eq!(OpeningBook::from_bytes(&bytes).unwrap(), book);
        // Version 1 (no shard, no checksums) is still read.
        assert_eq!(OpeningBook::from_bytes(&version_1(&book)).unwrap(), book);
        // A depth-0 book holds the empty board only.
        let tiny = build(4, 4, 0);
        assert_eq!(tiny.records().collect::<Vec<_>>(), vec![(0, 0)]);
        assert_eq!(OpeningBook::from_bytes(&tiny.to_bytes()).unwrap(), tiny);
    }

    /// A book read in place (as the shipped one is) answers as the owned vectors of
    /// the same file do: every record, the keys between and around them, the records
    /// in order; and it is equal to, and prints as, the owned book.
    #[test]
    fn records_read_in_place_answer_as_the_owned_ones() {
        for (width, height, depth) in [(5, 4, 4), (4, 4, 0)] {
            let owned = build(width, height, depth);
            let bytes: &'static [u8] = Box::leak(owned.to_bytes().into_boxed_slice());
            for checks in [Checks::ChecksumsAndOrder, Checks::EveryRecord] {
                let in_place = OpeningBook::parse_in_place(bytes, checks).unwrap();
                assert!(in_place.entries.keys.is_empty() && in_place.entries.scores.is_empty());
                assert_eq!(in_place.entries.in_place.len(), bytes.len() - HEADER_LEN);
                assert_eq!(in_place.len(), owned.len());
                assert!(in_place.records().eq(owned.records()));
                assert_eq!(in_place, owned);
                assert_eq!(owned, in_place);
                assert_eq!(in_place.clone(), owned);
                assert_eq!(format!("{in_place:?}"), format!("{owned:?}"));
                // The reference: the owned vectors, searched by the standard library.
                let reference = |key: u64| {
                    let Entries { keys, scores, .. } = &owned.entries;
                    keys.binary_search(&key).ok().map(|index| scores[index])
                };
                let keys: Vec<u64> = owned.records().map(|(key, _)| key).collect();
                let mut probes = vec![0, 1, u64::MAX, u64::MAX - 1];
                for pair in keys.windows(2) {
                    probes.extend([pair[0] + (pair[1] - pair[0]) / 2, pair[1] - 1]);
                }
                for &key in &keys {
                    probes.extend([key, key.wrapping_sub(1), key.wrapping_add(1)]);
                }
                let mut found = 0;
                for key in probes {
                    let score = in_place.entries.score(key);
                    assert_eq!(score, reference(key), "key {key:#x}");
                    found += usize::from(score.is_some());
                }
                assert!(found >= keys.len());
                for (key, score) in owned.records() {
                    assert_eq!(in_place.entries.score(key), Some(score));
                }
                // Positions, as the engine asks: the book's and deeper ones.
                let board = board(width, height);
                for layer in enumerate(&board, depth + 1) {
                    for pos in layer {
                        assert_eq!(in_place.get(&pos), owned.get(&pos));
                    }
                }
            }
            // Scores of both signs are read as the file stores them.
            if depth > 0 {
                assert!(owned.records().any(|(_, score)| score < 0));
                assert!(owned.records().any(|(_, score)| score > 0));
            }
        }
        // The checks are those of a copied book: a damaged record, keys out of order.
        let book = build(4, 4, 3);
        let mut damaged = book.to_bytes();
        damaged[HEADER_LEN + 3] ^= 1;
        let damaged: &'static [u8] = Box::leak(damaged.into_boxed_slice());
        assert!(matches!(
            OpeningBook::parse_in_place(damaged, Checks::ChecksumsAndOrder),
            Err(BookError::Checksum { .. })
        ));
        let mut swapped = version_1(&book);
        let first = HEADER_LEN_V1 + RECORD_LEN;
        let (a, b) = swapped[first..first + 2 * RECORD_LEN].split_at_mut(RECORD_LEN);
        a.swap_with_slice(b);
        let swapped: &'static [u8] = Box::leak(swapped.into_boxed_slice());
        assert_eq!(
            OpeningBook::parse_in_place(swapped, Checks::ChecksumsAndOrder).unwrap_err(),
            OpeningBook::from_bytes(swapped).unwrap_err()
        );
    }

    /// `book` in format version 1: the 24-byte header and the records.
    fn version_1(book: &OpeningBook) -> Vec<u8> {
        let records: Vec<(u64, i8)> = book.records().collect();
        let mut bytes = b"ply-c4bk\x01\x00".to_vec();
        bytes.extend_from_slice(&[book.width, book.height, book.depth, 0, 0, 0]);
        bytes.extend_from_slice(&(records.len() as u64).to_le_bytes());
        for &(key, score) in &records {
            bytes.extend(record(key, score));
        }
        bytes
    }

    /// A valid 4x4 depth-3 book (format version 1, whose header fields have no
    /// checksum in front of them) with `edit` applied to its bytes, read back.
    fn read_edited(edit: impl FnOnce(&mut Vec<u8>)) -> String {
        let mut bytes = version_1(&build(4, 4, 3));
        edit(&mut bytes);
        OpeningBook::from_bytes(&bytes).unwrap_err().to_string()
    }

    fn record(key: u64, score: i8) -> Vec<u8> {
        let mut bytes = key.to_le_bytes().to_vec();
        bytes.push(score as u8);
        bytes
    }

    /// A 4x4 file of the given depth holding `records`.
    fn file(depth: u8, records: &[(u64, i8)]) -> Vec<u8> {
        let mut bytes = b"ply-c4bk\x01\x00\x04\x04".to_vec();
        bytes.extend_from_slice(&[depth, 0, 0, 0]);
        bytes.extend_from_slice(&(records.len() as u64).to_le_bytes());
        for &(key, score) in records {
            bytes.extend(record(key, score));
        }
        bytes
    }

    #[test]
    fn malformed_files() {
        let err = |bytes: &[u8]| OpeningBook::from_bytes(bytes).unwrap_err().to_string();
        assert_eq!(
            err(b"ply-c4"),
            "the file is 6 bytes long, shorter than the header of a book (24 bytes in version 1, 40 in version 2)"
        );
        assert_eq!(
            read_edited(|b| b[0] = b'P'),
            "bytes 0-7: not a ply Connect Four book (the magic bytes are not \"ply-c4bk\")"
        );
        assert_eq!(
            read_edited(|b| b[8] = 3),
            "bytes 8-9: format version 3 is not supported (this ply reads versions 1 and 2)"
        );
        assert_eq!(
            read_edited(|b| b[10] = 10),
            "bytes 10-11: board 10x4: connect4: a 10x4 board is too large (at most 9 columns and W*(H+1) <= 64)"
        );
        assert_eq!(
            read_edited(|b| b[11] = 0),
            "bytes 10-11: board 4x0: connect4: the board needs at least one column and one row"
        );
        assert_eq!(
            read_edited(|b| b[12] = 17),
            "byte 12: depth 17 is larger than the board's 16 cells"
        );
        assert_eq!(
            read_edited(|b| b[14] = 1),
            "bytes 13-15: reserved bytes must be zero"
        );
        // The header announces the records; the bytes must match.
        let book = build(4, 4, 3);
        let n = book.len();
        assert_eq!(
            read_edited(|b| b.truncate(b.len() - 4)),
            format!(
                "record {} at byte offset {} is truncated (bytes 16-23 announce {n} records of 9 bytes)",
                n - 1,
                24 + 9 * (n - 1)
            )
        );
        assert_eq!(
            read_edited(|b| b[16..24].copy_from_slice(&u64::MAX.to_le_bytes())),
            format!(
                "record {n} at byte offset {} is truncated (bytes 16-23 announce 18446744073709551615 records of 9 bytes)",
                24 + 9 * n
            )
        );
        assert_eq!(
            read_edited(|b| b.push(0)),
            format!("byte offset {}: 1 bytes after the last record", 24 + 9 * n)
        );
        // Records: order, keys, scores. 4x4: columns of 5 bits; 0b1 is one stone of
        // the side that just moved in the first column (O to move, none of its own).
        let one = 0b1; // X in column 1, O to move: current 0, mask 0b1
        let two_stones = 0b11; // current 0, mask 0b11
        assert_eq!(
            err(&file(3, &[(0, 0), (0, 0)])),
            "record 1 at byte offset 33: key 0x0 is not greater than the key before it, 0x0 (keys must be strictly increasing)"
        );
        assert_eq!(
            err(&file(3, &[(one << 20, 0)])),
            "record 0 at byte offset 24: key 0x100000 is not a position on a 4x4 board"
        );
        assert_eq!(
            err(&file(3, &[(0b11111, 0)])),
            "record 0 at byte offset 24: key 0x1f is not a position on a 4x4 board"
        );
        assert_eq!(
            err(&file(1, &[(two_stones, 0)])),
            "record 0 at byte offset 24: key 0x3 has 2 stones, more than the book's depth 1"
        );
        // Two stones in column 1, both the side to move's (current = 0b11, mask = 0b11): key 0b110.
        assert_eq!(
            err(&file(3, &[(0b110, 0)])),
            "record 0 at byte offset 24: key 0x6 gives the side to move 2 of the 2 stones (players alternate: 1)"
        );
        // The first column's mirror is the fourth: 0b1 << 15 is canonical, 0b1 is not.
        assert_eq!(
            err(&file(3, &[(one << 15, 0)])),
            "record 0 at byte offset 24: key 0x8000 is not folded with its mirror image (the mirror's key 0x1 is smaller)"
        );
        // A finished game: X has four in column 1, O (to move) three in column 2:
        // mask 0b1111 and 0b111 << 5, current 0b111 << 5.
        let finished = 0b1111 + (0b111 << 5) + (0b111 << 5);
        assert_eq!(
            err(&file(8, &[(finished, 0)])),
            format!("record 0 at byte offset 24: key {finished:#x} is a finished game")
        );
        // Score range: after one stone on 4x4, a win with the very next stone (the 2nd,
        // arithmetically) scores (16 + 2 - 2) / 2 = 8: 9 is impossible.
        assert_eq!(
            err(&file(3, &[(one, 9)])),
            "record 0 at byte offset 32: score 9 is out of range for a position with 1 stones on a 4x4 board"
        );
        assert_eq!(
            err(&file(3, &[(one, -128)])),
            "record 0 at byte offset 32: score -128 is out of range for a position with 1 stones on a 4x4 board"
        );
        // A one-column board 63 high: the checks shift by up to 130 bits without overflow.
        let mut tall = b"ply-c4bk\x01\x00\x01\x3f\x05\x00\x00\x00".to_vec();
        tall.extend_from_slice(&1u64.to_le_bytes());
        tall.extend(record(0b0110 + 0b1111, 0)); // 4 stones, 2 of them the side to move's
        assert_eq!(OpeningBook::from_bytes(&tall).unwrap().len(), 1);
        // The valid pieces of the examples above are accepted.
        assert_eq!(
            OpeningBook::from_bytes(&file(3, &[(0, 0), (one, 0)]))
                .unwrap()
                .len(),
            2
        );
    }

    #[test]
    fn reading_a_stream_stops_at_what_the_header_announces() {
        let bytes = valid_file();
        let read = |bytes: &[u8], size: Option<u64>| {
            OpeningBook::read_from(&mut std::io::Cursor::new(bytes), size)
        };
        let book = OpeningBook::from_bytes(bytes).unwrap();
        assert_eq!(read(bytes, Some(bytes.len() as u64)).unwrap(), book);
        assert_eq!(read(bytes, None).unwrap(), book);
        // A regular file's size is checked against the header before the records are read.
        let n = book.len() as u64;
        assert_eq!(
            read(bytes, Some(bytes.len() as u64 + 9)).unwrap_err(),
            BookError::TrailingBytes {
                offset: 40 + 9 * n,
                extra: 9
            }
        );
        assert_eq!(
            read(&bytes[..46], Some(46)).unwrap_err(),
            BookError::Truncated {
                record: 0,
                offset: 40,
                count: n
            }
        );
        assert_eq!(
            read(&bytes[..46], None).unwrap_err(),
            BookError::Truncated {
                record: 0,
                offset: 40,
                count: n
            }
        );
        assert_eq!(
            read(&bytes[..10], None).unwrap_err(),
            BookError::ShortHeader { len: 10 }
        );
        // An endless stream after a header: no more than the announced records are read.
        let mut header = file(3, &[]);
        header[16..24].copy_from_slice(&1000u64.to_le_bytes());
        let mut endless = std::io::Cursor::new(header.clone()).chain(std::io::repeat(0));
        assert_eq!(
            OpeningBook::read_from(&mut endless, None).unwrap_err(),
            BookError::TrailingData {
                offset: 24 + 9 * 1000
            }
        );
        // A header announcing more than a book may hold: refused before any record is read.
        header[16..24].copy_from_slice(&u64::MAX.to_le_bytes());
        let mut endless = std::io::Cursor::new(header.clone()).chain(std::io::repeat(0));
        let error = OpeningBook::read_from(&mut endless, None).unwrap_err();
        assert_eq!(error, BookError::TooLarge { count: u64::MAX });
        assert_eq!(
            error.to_string(),
            "bytes 16-23 announce 18446744073709551615 records, more than the 1024 MiB a book file may have"
        );
    }

    #[test]
    fn damaged_files_are_refused_by_their_checksums() {
        let bytes = valid_file().to_vec();
        let err = |bytes: &[u8]| OpeningBook::from_bytes(bytes).unwrap_err();
        // A flipped bit in a record that still reads as a valid record: only the
        // checksum tells (the score of the empty board, 0, becomes 1).
        let mut damaged = bytes.clone();
        damaged[48] ^= 1;
        assert!(
            matches!(err(&damaged), BookError::Checksum { .. }),
            "{}",
            err(&damaged)
        );
        assert!(err(&damaged).to_string().contains("the file is damaged"));
        // A flipped bit in the header's fields.
        let mut damaged = bytes.clone();
        damaged[17] ^= 1;
        assert!(matches!(err(&damaged), BookError::HeaderChecksum { .. }));
        // The same through a stream.
        let mut stream = std::io::Cursor::new(&damaged[..]);
        assert!(matches!(
            OpeningBook::read_from(&mut stream, None).unwrap_err(),
            BookError::HeaderChecksum { .. }
        ));
    }

    #[test]
    fn shards_split_the_book_and_merge_back() {
        let whole = build(4, 4, 5);
        let shards: Vec<OpeningBook> = (0..3)
            .map(|i| {
                let options = BuildOptions {
                    shard: Shard::new(i, 3).unwrap(),
                    ..BuildOptions::default()
                };
                OpeningBook::build(&board(4, 4), 5, &options, |_| {})
                    .unwrap()
                    .0
            })
            .collect();
        // Each shard holds its own positions only, and reads back as that shard.
        for (i, shard) in shards.iter().enumerate() {
            assert!(shard.records().all(|(key, _)| shard_of(key, 3) == i as u32));
            assert_eq!(OpeningBook::from_bytes(&shard.to_bytes()).unwrap(), *shard);
        }
        let sizes: Vec<usize> = shards.iter().map(OpeningBook::len).collect();
        assert_eq!(sizes.iter().sum::<usize>(), whole.len());
        // In any order, the merge is the book built in one piece, byte for byte.
        let never = AtomicBool::new(false);
        let reversed: Vec<OpeningBook> = shards.iter().rev().cloned().collect();
        let merged = OpeningBook::merge(reversed, usize::MAX, &never).unwrap();
        assert_eq!(merged.to_bytes(), whole.to_bytes());
        // A gap, an overlap, another book.
        assert_eq!(
            OpeningBook::merge(shards[..2].to_vec(), usize::MAX, &never)
                .unwrap_err()
                .to_string(),
            "the shards leave a gap: 1 of 3 missing (2/3)"
        );
        let twice = vec![
            shards[0].clone(),
            shards[1].clone(),
            shards[1].clone(),
            shards[2].clone(),
        ];
        assert_eq!(
            OpeningBook::merge(twice, usize::MAX, &never)
                .unwrap_err()
                .to_string(),
            "shard 1/3 is given twice (files 2 and 3): the shards overlap"
        );
        let mixed = vec![shards[0].clone(), whole.clone()];
        assert!(matches!(
            OpeningBook::merge(mixed, usize::MAX, &never).unwrap_err(),
            MergeError::Mismatch { file: 1, .. }
        ));
        // A shard missing a record: the listing of the book's positions finds the gap.
        let mut short = shards.clone();
        let removed = short[1].entries.keys.remove(3);
        short[1].entries.scores.remove(3);
        assert_eq!(
            OpeningBook::merge(short, usize::MAX, &never).unwrap_err(),
            MergeError::Missing {
                key: removed,
                shard: Shard::new(1, 3).unwrap()
            }
        );
        // A record in a file of the wrong shard is refused when the file is read.
        let mut stray = shards[0].clone();
        stray.shard = Shard::new(1, 3).unwrap();
        let error = OpeningBook::from_bytes(&stray.to_bytes())
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("belongs to shard 0/3, not to this file's shard 1/3"),
            "{error}"
        );
        assert_eq!("2/5".parse::<Shard>(), Ok(Shard::new(2, 5).unwrap()));
        for bad in ["5/5", "1", "a/2", "0/0", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    /// An empty shard file, as a hand-made header may announce any count.
    fn empty_shard(width: u8, height: u8, depth: u8, index: u32, count: u32) -> Vec<u8> {
        let mut bytes = header_bytes(
            (width, height, depth),
            Shard::WHOLE,
            0,
            crc32fast::hash(&[]),
        )
        .to_vec();
        bytes[24..28].copy_from_slice(&index.to_le_bytes());
        bytes[28..32].copy_from_slice(&count.to_le_bytes());
        let crc = crc32fast::hash(&bytes[..36]);
        bytes[36..40].copy_from_slice(&crc.to_le_bytes());
        bytes
    }

    #[test]
    fn shard_counts_are_bounded_when_read_and_merged() {
        // A header announcing 2^32 - 1 shards (once sized a 64 GB table) is refused as read.
        for count in [u32::MAX, MAX_SHARDS + 1] {
            let bytes = empty_shard(7, 6, 4, 0, count);
            let message = format!(
                "bytes 28-31: a book split into {count} shards, more than the 65536 it may have"
            );
            let sized = OpeningBook::read_from(&mut &bytes[..], Some(bytes.len() as u64));
            assert_eq!(sized.unwrap_err().to_string(), message);
            assert_eq!(
                OpeningBook::from_bytes(&bytes).unwrap_err().to_string(),
                message
            );
        }
        assert_eq!(Shard::new(0, MAX_SHARDS + 1), None);
        assert_eq!(
            "0/65537".parse::<Shard>(),
            Err("'0/65537': 65537 shards, more than the 65536 a book may be split into".into())
        );
        // The most shards, one given: the gap lists the first few missing, and counts them.
        let one = OpeningBook::from_bytes(&empty_shard(7, 6, 4, 0, MAX_SHARDS)).unwrap();
        let never = AtomicBool::new(false);
        assert_eq!(
            OpeningBook::merge(vec![one], usize::MAX, &never)
                .unwrap_err()
                .to_string(),
            "the shards leave a gap: 65535 of 65536 missing (1/65536, 2/65536, 3/65536, \
             4/65536, 5/65536, 6/65536, 7/65536, 8/65536 and 65527 more)"
        );
        let (last, first) = (
            OpeningBook::from_bytes(&empty_shard(7, 6, 4, 65535, MAX_SHARDS)).unwrap(),
            OpeningBook::from_bytes(&empty_shard(7, 6, 4, 2, MAX_SHARDS)).unwrap(),
        );
        assert_eq!(
            OpeningBook::merge(vec![last, first], usize::MAX, &never).unwrap_err(),
            MergeError::Gap {
                count: MAX_SHARDS,
                missing: 65534,
                first: vec![0, 1, 3, 4, 5, 6, 7, 8]
            }
        );
    }

    #[test]
    fn merging_empty_shards_of_a_deep_book_stops_listing_at_once() {
        // Two empty shards of a 7x6 book of depth 20: listing its positions took 3.7 GB.
        // The shards hold no record, so the listing stops past MERGE_SLACK positions:
        // 4097 of them, in the layer of 6 stones (up to 5 stones there are fewer than
        // 4096: 5678 positions, mirror images once; with 6, 22100, about half as many).
        let shards: Vec<OpeningBook> = (0..2)
            .map(|i| OpeningBook::from_bytes(&empty_shard(7, 6, 20, i, 2)).unwrap())
            .collect();
        let never = AtomicBool::new(false);
        let error = OpeningBook::merge(shards, usize::MAX, &never).unwrap_err();
        assert_eq!(
            error,
            MergeError::Short {
                records: 0,
                found: MERGE_SLACK + 1,
                stones: 6
            }
        );
        assert_eq!(
            error.to_string(),
            "the shards leave a gap: they hold 0 records, but the book has 4097 positions or more (found up to 6 stones)"
        );
        // Real shards, with less memory than their positions need: the book's own check.
        // On 4x4 the layers hold 1, 2 and 8 positions (mirror images once), so the 11th
        // is found in the layer of 2 stones.
        let parts: Vec<OpeningBook> = (0..2)
            .map(|i| {
                let options = BuildOptions {
                    shard: Shard::new(i, 2).unwrap(),
                    ..BuildOptions::default()
                };
                OpeningBook::build(&board(4, 4), 3, &options, |_| {})
                    .unwrap()
                    .0
            })
            .collect();
        assert_eq!(
            OpeningBook::merge(parts.clone(), 10, &never).unwrap_err(),
            MergeError::TooManyPositions {
                stones: 2,
                found: 11,
                limit: 10
            }
        );
        let merged = OpeningBook::merge(parts, usize::MAX, &never).unwrap();
        assert_eq!(merged, build(4, 4, 3));
    }

    #[test]
    fn a_resumed_build_takes_the_journal_and_solves_the_rest() {
        let whole = build(4, 4, 5);
        let shard = Shard::WHOLE;
        // A journal of some records, one of them cut short.
        let mut journal = journal_header(4, 4, 5, shard).to_vec();
        let some: Vec<(u64, i8)> = whole.records().step_by(3).collect();
        for &(key, score) in &some {
            journal.extend(record(key, score));
        }
        journal.extend_from_slice(&[1, 2, 3]);
        let (records, whole_len) = read_journal(&journal, 4, 4, 5, shard).unwrap();
        assert_eq!(records, some);
        assert_eq!(whole_len, journal.len() - 3);
        // The journal of another book or shard is refused.
        assert!(read_journal(&journal, 4, 4, 6, shard).is_err());
        assert!(read_journal(&journal, 4, 4, 5, Shard::new(0, 2).unwrap()).is_err());
        let options = BuildOptions {
            resumed: records,
            ..BuildOptions::default()
        };
        let mut solved = 0;
        let (resumed, _) = OpeningBook::build(&board(4, 4), 5, &options, |_| solved += 1).unwrap();
        assert_eq!(resumed, whole);
        assert_eq!(solved, whole.len() - some.len());
        // Records that are not positions of the book are refused.
        let options = BuildOptions {
            resumed: vec![(whole.records().last().unwrap().0 + 1, 0)],
            ..BuildOptions::default()
        };
        assert!(OpeningBook::build(&board(4, 4), 5, &options, |_| {}).is_err());
    }

    /// The book built into the binary: 7x6, its scores those of the theory (the first
    /// player wins by the centre column; Allis 1988, and Pons' scores of the first moves:
    /// -2 -1 0 1 0 -1 -2 by column), and every record agrees with its children.
    #[test]
    fn the_shipped_book_is_read_and_agrees_with_theory() {
        let book = shipped().expect("the shipped book reads");
        assert_eq!((book.width(), book.height()), (7, 6));
        let empty = Connect4::standard();
        assert_eq!(book.get(&empty), Some(1));
        let first_moves: Vec<i32> = (0..7)
            .map(|column| -book.get(&empty.after(column)).unwrap())
            .collect();
        assert_eq!(first_moves, [-2, -1, 0, 1, 0, -1, -2]);
        // (Every record against its children, and a sample of the deepest layer against
        // the solver: crates/games/tests/connect4_book.rs.)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        /// Arbitrary bytes, with or without a valid header, never panic.
        #[test]
        fn random_bytes_never_panic(
            bytes in proptest::collection::vec(any::<u8>(), 0..200),
            header in any::<bool>(),
        ) {
            let mut input = if header { file(4, &[]) } else { Vec::new() };
            if header {
                let records = bytes.len() / RECORD_LEN;
                input[16..24].copy_from_slice(&(records as u64).to_le_bytes());
            }
            input.extend_from_slice(&bytes);
            let whole = OpeningBook::from_bytes(&input);
            let len = input.len() as u64;
            prop_assert_eq!(OpeningBook::read_from(&mut input.as_slice(), Some(len)), whole);
        }

        /// A valid file with a few bytes changed is either read (then it writes back
        /// to the same bytes) or refused with an error, never a panic.
        #[test]
        fn mutated_files_never_panic(edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..4)) {
            let mut bytes = valid_file().to_vec();
            for (at, value) in edits {
                let at = at % bytes.len();
                bytes[at] = value;
            }
            if let Ok(book) = OpeningBook::from_bytes(&bytes) {
                prop_assert_eq!(book.to_bytes(), bytes);
            }
        }
    }

    fn valid_file() -> &'static [u8] {
        static FILE: OnceLock<Vec<u8>> = OnceLock::new();
        FILE.get_or_init(|| build(4, 4, 3).to_bytes())
    }
}
