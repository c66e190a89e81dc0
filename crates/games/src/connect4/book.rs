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
//!   with `depth` stones or fewer is enumerated, then solved exactly by the
//!   engine, the deepest layer first, each layer plugged into the engine as soon
//!   as it is complete: a position one stone shallower then costs one node per
//!   move, since all its children are in the book. The positions with fewer than
//!   `depth` stones are kept in the book (a few more records), so a solve of any
//!   shallow position is answered at its first ply.
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
use super::{Connect4, Connect4Eval, Connect4Hooks};
use ply_core::engine::{Engine, KnownValues, Limits, Settings, WithKnownValues};
use ply_core::{Game, Score};
use std::collections::HashMap;
use std::io::Read;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock, mpsc};
use std::time::{Duration, Instant};

/// The first 8 bytes of every book file.
pub const MAGIC: [u8; 8] = *b"ply-c4bk";
/// The format version this code writes and reads.
pub const FORMAT_VERSION: u16 = 1;
/// Bytes before the first record.
pub const HEADER_LEN: usize = 24;
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

/// Sorted keys and their Pons scores, kept apart so the binary search reads keys only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Entries {
    keys: Vec<u64>,
    scores: Vec<i8>,
}

impl Entries {
    #[inline]
    fn score(&self, key: u64) -> Option<i8> {
        self.keys
            .binary_search(&key)
            .ok()
            .map(|index| self.scores[index])
    }
}

/// The exact Pons score of every non-terminal position with at most `depth`
/// stones on one board size (see the [module](self) docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningBook {
    width: u8,
    height: u8,
    depth: u8,
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
    /// Records (each mirror pair once).
    pub fn len(&self) -> usize {
        self.entries.keys.len()
    }
    /// True for a book of no position.
    pub fn is_empty(&self) -> bool {
        self.entries.keys.is_empty()
    }
    /// The records in key order: canonical key, Pons score.
    pub fn records(&self) -> impl Iterator<Item = (u64, i8)> + '_ {
        self.entries
            .keys
            .iter()
            .copied()
            .zip(self.entries.scores.iter().copied())
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

    /// The book in its file format (see `docs/connect4.md`, "Opening book").
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_LEN + RECORD_LEN * self.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&[self.width, self.height, self.depth, 0, 0, 0]);
        out.extend_from_slice(&(self.len() as u64).to_le_bytes());
        for (key, score) in self.records() {
            out.extend_from_slice(&key.to_le_bytes());
            out.extend_from_slice(&score.to_le_bytes());
        }
        out
    }

    /// Reads a book file, checking every field and record: a malformed file is
    /// an error naming the byte offset and the field, never a panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<OpeningBook, BookError> {
        let Some(header) = bytes.first_chunk::<HEADER_LEN>() else {
            return Err(BookError::ShortHeader { len: bytes.len() });
        };
        let header = Header::parse(header)?;
        let body = &bytes[HEADER_LEN..];
        header.check_body_len(body.len() as u64)?;
        header.book(body)
    }

    /// Reads a book file from `reader`: the header first, then exactly the records it
    /// announces, so that a corrupt or hostile header never makes ply read or allocate
    /// more than the file holds. `size` is the file's size when it is known before
    /// reading (a regular file): a header that announces another size is refused at
    /// once. A header announcing more than [`MAX_FILE_BYTES`] is refused too.
    pub fn read_from(reader: &mut dyn Read, size: Option<u64>) -> Result<OpeningBook, BookError> {
        let io = |e: std::io::Error| BookError::Io(e.to_string());
        let mut header = [0u8; HEADER_LEN];
        let got = read_up_to(reader, &mut header).map_err(io)?;
        if got < HEADER_LEN {
            return Err(BookError::ShortHeader { len: got });
        }
        let header = Header::parse(&header)?;
        if let Some(size) = size {
            header.check_body_len(size.saturating_sub(HEADER_LEN as u64))?;
        }
        let body_len = header.count.checked_mul(RECORD_LEN as u64);
        let total = body_len.and_then(|body| body.checked_add(HEADER_LEN as u64));
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
        header.book(&body)
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
        let total: u64 = layers.iter().map(|layer| layer.len() as u64).sum();
        let known = Arc::new(Layers {
            layers: (0..layers.len()).map(|_| OnceLock::new()).collect(),
        });
        let threads = options.threads.max(1);
        let settings = Settings {
            // Only the value is wanted.
            exact_pv: false,
            ..Settings::default().with_hash(options.hash_mib.div_ceil(threads))
        };
        // One engine per thread, kept for the whole build: each table carries work
        // from one position of the deepest layer to the next.
        let mut engines = (0..threads)
            .map(|_| {
                Engine::try_new(
                    WithKnownValues::new(Connect4Hooks, Arc::clone(&known)),
                    Connect4Eval,
                    settings.clone(),
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        let limits = Limits::exact().with_stop(Arc::clone(&stop));
        let (mut done, mut nodes) = (0u64, 0u64);
        let mut solve_layers = || -> Result<(), BuildError> {
            for (stones, layer) in layers.iter().enumerate().rev() {
                let next = AtomicUsize::new(0);
                let (sender, receiver) = mpsc::channel::<u64>();
                let results = std::thread::scope(|scope| {
                    let workers: Vec<_> = engines
                        .iter_mut()
                        .map(|engine| {
                            let (sender, next, limits, stop) =
                                (sender.clone(), &next, &limits, &stop);
                            scope.spawn(move || {
                                let mut solved = Vec::new();
                                loop {
                                    let index = next.fetch_add(1, Ordering::Relaxed);
                                    let Some(pos) = layer.get(index) else { break };
                                    if stop.load(Ordering::Relaxed) {
                                        return Err(BuildError::Interrupted);
                                    }
                                    let result = engine.search(pos, limits);
                                    if !result.exact {
                                        return Err(BuildError::Interrupted);
                                    }
                                    let score = to_pons(pos, result.score)
                                        .and_then(|s| i8::try_from(s).ok())
                                        .ok_or(BuildError::Unsolved {
                                            moves: crate::Notation::position_string(pos),
                                        })?;
                                    solved.push((canonical_key(pos), score));
                                    // The receiver outlives the workers.
                                    let _ = sender.send(result.stats.nodes);
                                }
                                Ok(solved)
                            })
                        })
                        .collect();
                    drop(sender);
                    for position_nodes in receiver {
                        done += 1;
                        nodes += position_nodes;
                        progress(&BuildProgress {
                            done,
                            total,
                            stones: stones as u32,
                            nodes,
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
                records.sort_unstable();
                let (keys, scores) = records.into_iter().unzip();
                // The layer is complete: from now on the engines read it.
                let _ = known.layers[stones].set(Entries { keys, scores });
            }
            Ok(())
        };
        if let Err(error) = solve_layers() {
            // Giving back a gigabyte of positions and tables takes a few hundred
            // milliseconds: a thread of its own does it, so a stopped build answers at once.
            std::thread::spawn(move || drop((layers, engines, known)));
            return Err(error);
        }
        let mut records: Vec<(u64, i8)> = known
            .layers
            .iter()
            .filter_map(OnceLock::get)
            .flat_map(|layer| layer.keys.iter().copied().zip(layer.scores.iter().copied()))
            .collect();
        records.sort_unstable();
        let (keys, scores) = records.into_iter().unzip();
        Ok((
            OpeningBook {
                width: empty.width() as u8,
                height: empty.height() as u8,
                depth: depth as u8,
                entries: Entries { keys, scores },
            },
            BuildStats {
                positions: total,
                nodes,
                time: clock.elapsed(),
            },
        ))
    }
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
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            threads: 1,
            hash_mib: 16,
            stop: None,
            max_positions: None,
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
}

/// Why a book file could not be read: each message names the byte offset and the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// Shorter than the header.
    #[error("the file is {len} bytes long, shorter than the {HEADER_LEN}-byte header of a book")]
    ShortHeader {
        /// The file's length in bytes.
        len: usize,
    },
    /// The first 8 bytes are not `ply-c4bk`.
    #[error("bytes 0-7: not a ply Connect Four book (the magic bytes are not \"ply-c4bk\")")]
    BadMagic,
    /// A format version this ply does not read.
    #[error(
        "bytes 8-9: format version {version} is not supported (this ply reads version {FORMAT_VERSION})"
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

/// The fields of a book's header, checked.
struct Header {
    width: u8,
    height: u8,
    depth: u8,
    board: Connect4,
    /// The records the header announces.
    count: u64,
}

impl Header {
    fn parse(bytes: &[u8; HEADER_LEN]) -> Result<Header, BookError> {
        if bytes[..8] != MAGIC {
            return Err(BookError::BadMagic);
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != FORMAT_VERSION {
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
            width,
            height,
            depth,
            board,
            count: u64::from_le_bytes(count),
        })
    }

    /// An error unless a body of `body` bytes holds exactly the announced records.
    fn check_body_len(&self, body: u64) -> Result<(), BookError> {
        let count = self.count;
        let whole = body / RECORD_LEN as u64;
        if whole < count {
            let offset = HEADER_LEN as u64 + whole * RECORD_LEN as u64;
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
                offset: HEADER_LEN as u64 + expected,
                extra: body - expected,
            });
        }
        Ok(())
    }

    /// The book whose records are `body` (exactly `count` of them: see `check_body_len`).
    fn book(self, body: &[u8]) -> Result<OpeningBook, BookError> {
        let count = self.count as usize; // no more than the bytes in memory
        let (w, h) = (self.width as u32, self.height as u32);
        let mut entries = Entries {
            keys: Vec::with_capacity(count),
            scores: Vec::with_capacity(count),
        };
        for (index, record) in body.chunks_exact(RECORD_LEN).enumerate() {
            let offset = HEADER_LEN + index * RECORD_LEN;
            let mut key = [0; 8];
            key.copy_from_slice(&record[..8]);
            let key = u64::from_le_bytes(key);
            let score = record[8] as i8;
            let bad = |problem: String| BookError::BadRecord {
                record: index as u64,
                offset: offset as u64,
                problem,
            };
            if let Some(&previous) = entries.keys.last()
                && key <= previous
            {
                return Err(bad(format!(
                    "key {key:#x} is not greater than the key before it, {previous:#x} (keys must be strictly increasing)"
                )));
            }
            let stones = check_key(key, w, h, self.depth as u32).map_err(&bad)?;
            if from_pons_counts(self.board.cells(), stones, score as i32).is_none() {
                return Err(BookError::BadRecord {
                    record: index as u64,
                    offset: offset as u64 + 8,
                    problem: format!(
                        "score {score} is out of range for a position with {stones} stones on a {w}x{h} board"
                    ),
                });
            }
            entries.keys.push(key);
            entries.scores.push(score);
        }
        Ok(OpeningBook {
            width: self.width,
            height: self.height,
            depth: self.depth,
            entries,
        })
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
        assert_eq!(&bytes[..16], b"ply-c4bk\x01\x00\x04\x04\x03\x00\x00\x00");
        assert_eq!(
            u64::from_le_bytes(bytes[16..24].try_into().unwrap()),
            book.len() as u64
        );
        // The first record is the empty board (key 0), a draw.
        assert_eq!(&bytes[24..33], &[0; 9]);
        assert_eq!(OpeningBook::from_bytes(&bytes).unwrap(), book);
        // A depth-0 book holds the empty board only.
        let tiny = build(4, 4, 0);
        assert_eq!(tiny.records().collect::<Vec<_>>(), vec![(0, 0)]);
        assert_eq!(OpeningBook::from_bytes(&tiny.to_bytes()).unwrap(), tiny);
    }

    /// A valid 4x4 depth-3 book with `edit` applied to its bytes, read back.
    fn read_edited(edit: impl FnOnce(&mut Vec<u8>)) -> String {
        let mut bytes = build(4, 4, 3).to_bytes();
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
            "the file is 6 bytes long, shorter than the 24-byte header of a book"
        );
        assert_eq!(
            read_edited(|b| b[0] = b'P'),
            "bytes 0-7: not a ply Connect Four book (the magic bytes are not \"ply-c4bk\")"
        );
        assert_eq!(
            read_edited(|b| b[8] = 2),
            "bytes 8-9: format version 2 is not supported (this ply reads version 1)"
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
                offset: 24 + 9 * n,
                extra: 9
            }
        );
        assert_eq!(
            read(&bytes[..30], Some(30)).unwrap_err(),
            BookError::Truncated {
                record: 0,
                offset: 24,
                count: n
            }
        );
        assert_eq!(
            read(&bytes[..30], None).unwrap_err(),
            BookError::Truncated {
                record: 0,
                offset: 24,
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
