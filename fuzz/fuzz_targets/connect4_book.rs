#![no_main]
//! Any bytes given as a Connect Four opening book file (`ply solve --book FILE`)
//! are either read or refused with an error naming the offset, never a panic (the
//! message is one short line). A
//! file of the current version that is read writes back to the same bytes (the
//! reader accepts one encoding only), and looking positions up in it never panics
//! either. The same bytes read as a build's journal (`ply book --resume`) are read or
//! refused the same way.
use libfuzzer_sys::fuzz_target;
use ply_core::engine::KnownValues;
use ply_fuzz::check_message;
use ply_games::connect4::OpeningBook;
use ply_games::connect4::book::{self, BookError, Shard};
use ply_games::{Connect4, Notation};

fuzz_target!(|data: &[u8]| {
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
