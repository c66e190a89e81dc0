#![no_main]
//! Any bytes given as a Connect Four opening book file (`ply solve --book FILE`)
//! are either read or refused with an error naming the offset, never a panic (the
//! message is one short line). A
//! file of the current version that is read writes back to the same bytes (the
//! reader accepts one encoding only), and looking positions up in it never panics
//! either. The same bytes read as a build's journal (`ply book --resume`) are read or
//! refused the same way. A book read as a shard is merged (alone, a gap unless it is
//! the whole book): neither the reading nor the merge asks for more memory than the
//! bytes vouch for, whatever the header announces (a shard count of 2^32 - 1 once
//! sized a 64 GB table; two empty shards of a deep book, a listing of 3.7 GB).
use libfuzzer_sys::fuzz_target;
use ply_core::engine::KnownValues;
use ply_fuzz::check_message;
use ply_games::connect4::OpeningBook;
use ply_games::connect4::book::{self, BookError, Shard};
use ply_games::{Connect4, Notation};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The system allocator, counting the bytes held and the most held or asked for at once
/// (a request that fails counts too: asking is the defect).
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged; only counters move.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let held = HELD.load(Ordering::Relaxed);
        PEAK.fetch_max(held.saturating_add(layout.size()), Ordering::Relaxed);
        // SAFETY: the caller's layout, as the caller promised it.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            HELD.fetch_add(layout.size(), Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) };
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most memory reading `len` bytes as a book and merging it may take: the bytes and
/// the records (9 bytes each) a few times over, and a listing of the book's positions of
/// at most twice the records plus `MERGE_SLACK`, a few hundred bytes each with its table.
fn vouched(len: usize) -> usize {
    let records = len / book::RECORD_LEN;
    (2 * records + book::MERGE_SLACK) * 512 + 64 * len + (1 << 20)
}

fuzz_target!(|data: &[u8]| {
    PEAK.store(HELD.load(Ordering::Relaxed), Ordering::Relaxed);
    let before = HELD.load(Ordering::Relaxed);
    if let Ok(read) = OpeningBook::read_from(&mut &data[..], Some(data.len() as u64)) {
        if let Err(error) = OpeningBook::merge(vec![read], usize::MAX, &AtomicBool::new(false)) {
            check_message(&error.to_string());
        }
    }
    let taken = PEAK.load(Ordering::Relaxed).saturating_sub(before);
    assert!(
        taken <= vouched(data.len()),
        "{taken} bytes taken for a book of {} bytes",
        data.len()
    );
    // As a journal of the book its header names (the only one it can be read for).
    if data.len() >= 32 {
        let word = |at: usize| u32::from_le_bytes(data[at..at + 4].try_into().unwrap());
        if let Some(shard) = Shard::new(word(24), word(28)) {
            let (w, h, depth) = (data[10] as u32, data[11] as u32, data[12] as u32);
            match book::read_journal(data, w, h, depth, shard) {
                Ok((records, whole)) => {
                    assert!(whole <= data.len() && whole >= book::HEADER_LEN);
                    assert_eq!(records.len(), (whole - book::HEADER_LEN) / book::RECORD_LEN);
                }
                Err(error) => check_message(&error.to_string()),
            }
        }
    }
    // Read header first (`--book`), from a file of known size and from a stream, the
    // reader agrees with the whole-bytes one; a stream's extra bytes are reported
    // without being counted.
    let whole = OpeningBook::from_bytes(data);
    let sized = OpeningBook::read_from(&mut &data[..], Some(data.len() as u64));
    let streamed = OpeningBook::read_from(&mut &data[..], None);
    assert_eq!(sized, whole);
    match (&whole, &streamed) {
        (Err(BookError::TrailingBytes { offset, .. }), _) => {
            assert_eq!(streamed, Err(BookError::TrailingData { offset: *offset }));
        }
        // A stream cannot show that it is short before reading: a header announcing more
        // than a book may hold is refused at once instead.
        (Err(BookError::Truncated { .. }), Err(BookError::TooLarge { .. })) => {}
        _ => assert_eq!(streamed, whole),
    }
    let book = match whole {
        Ok(book) => book,
        Err(error) => return check_message(&error.to_string()),
    };
    if data[8] == book::FORMAT_VERSION as u8 {
        assert_eq!(book.to_bytes(), data);
    }
    let Ok(board) = Connect4::new(book.width(), book.height()) else {
        return;
    };
    let _ = book.get(&board);
    let _ = book.known_value(&board);
    for moves in ["1", "12", "21", "123"] {
        if let Ok(pos) = board.parse_position(moves) {
            let _ = book.get(&pos);
            let _ = book.known_value(&pos);
        }
    }
});
