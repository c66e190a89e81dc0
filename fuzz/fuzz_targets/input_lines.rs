#![no_main]
//! Any bytes read line by line (`ply solve connect4 --batch`, `ply bench`, the `play`
//! prompt: `ply_core::input::Lines`) or whole (`Input::read_text`: graph files and trees;
//! `Input::read_bytes`) give what an independent reading of the same bytes gives, or the
//! same error, never a panic; and the same whether the bytes arrive at once or in
//! pieces, as from a pipe (a character or a byte-order mark cut between two reads).
//!
//! Lines: line `n` is the `n`-th piece of the bytes between line breaks, less a `\r`
//! before the break and (line 1) a leading byte-order mark; at most its limit, valid
//! UTF-8 and within the text policy, or an error saying which, with its number; it
//! parses as a test-set line or is refused. Whole texts: the bytes less a leading
//! byte-order mark, or the first bad place in them as `name:line:column`.
use libfuzzer_sys::fuzz_target;
use ply_core::input::{Input, size_words};
use ply_core::text::check_text;
use ply_fuzz::check_message;
use ply_games::Connect4;
use ply_games::connect4::score::parse_set_line;
use std::io::{BufRead, Cursor, Read};

const BOM: &[u8] = "\u{feff}".as_bytes();

/// The limit of whole reads in this target.
const WHOLE_LIMIT: u64 = 256;

/// Bytes handed out a piece at a time, the pieces' sizes taken in turn from `sizes`
/// (each at least 1), as a pipe or a socket hands them out.
struct Pieces {
    bytes: Vec<u8>,
    at: usize,
    sizes: Vec<usize>,
    turn: usize,
}

impl Pieces {
    fn new(bytes: &[u8], sizes: Vec<usize>) -> Pieces {
        Pieces {
            bytes: bytes.to_vec(),
            at: 0,
            sizes,
            turn: 0,
        }
    }

    fn piece(&self) -> usize {
        self.sizes[self.turn % self.sizes.len()].min(self.bytes.len() - self.at)
    }
}

impl Read for Pieces {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.piece().min(buf.len());
        buf[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
        self.at += n;
        self.turn += 1;
        Ok(n)
    }
}

impl BufRead for Pieces {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        let n = self.piece();
        Ok(&self.bytes[self.at..self.at + n])
    }

    fn consume(&mut self, amount: usize) {
        self.at += amount;
        self.turn += 1;
    }
}

/// Each line read, as a line or its error.
fn read_lines(input: Input, limit: usize) -> Vec<Result<(usize, String), (usize, String)>> {
    input
        .lines(limit)
        .map(|line| match line {
            Ok(line) => Ok((line.number, line.text)),
            Err(error) => Err((error.number, error.to_string())),
        })
        .collect()
}

/// What line `number` must be, from `piece`, its bytes up to the line break, worked out
/// directly.
fn expected_line(
    number: usize,
    piece: &[u8],
    limit: usize,
) -> Result<(usize, String), (usize, String)> {
    let fail = |message: String| Err((number, format!("line {number}{message}")));
    let piece = piece.strip_suffix(b"\r").unwrap_or(piece);
    if piece.len() > limit {
        return fail(format!(": longer than {}", size_words(limit as u64)));
    }
    let piece = if number == 1 {
        piece.strip_prefix(BOM).unwrap_or(piece)
    } else {
        piece
    };
    let text = match std::str::from_utf8(piece) {
        Ok(text) => text,
        Err(e) => {
            let valid = std::str::from_utf8(&piece[..e.valid_up_to()]).expect("valid prefix");
            return fail(format!(
                ", column {}: not valid UTF-8",
                1 + valid.chars().count()
            ));
        }
    };
    match check_text(text) {
        Ok(()) => Ok((number, text.to_string())),
        Err(e) => fail(format!(", column {}: {}", e.column, e.message)),
    }
}

/// Line and column (from 1, columns in characters) just after `text`.
fn end_place(text: &str) -> (usize, usize) {
    let line = 1 + text.matches('\n').count();
    let last = text.rsplit('\n').next().unwrap_or_default();
    (line, 1 + last.chars().count())
}

/// What `Input::read_text` must give for `bytes` within its limit, worked out directly.
fn expected_text(bytes: &[u8]) -> Result<String, String> {
    let rest = bytes.strip_prefix(BOM).unwrap_or(bytes);
    let (valid, utf8_error) = match std::str::from_utf8(rest) {
        Ok(text) => (text, false),
        Err(e) => (
            std::str::from_utf8(&rest[..e.valid_up_to()]).expect("valid prefix"),
            true,
        ),
    };
    check_text(valid).map_err(|e| format!("fuzz:{e}"))?;
    if utf8_error {
        let (line, column) = end_place(valid);
        return Err(format!("fuzz:{line}:{column}: the file is not UTF-8 text"));
    }
    Ok(valid.to_string())
}

fuzz_target!(|data: &[u8]| {
    // The first byte picks the line limit, so that short limits are exercised too; the
    // second the sizes of the pieces the bytes arrive in.
    let [pick, split, bytes @ ..] = data else {
        return;
    };
    let limit = 1 + *pick as usize % 64;
    let sizes = vec![
        1 + *split as usize % 7,
        1 + *split as usize / 7 % 5,
        1 + *split as usize % 3,
    ];

    let lines = read_lines(
        Input::from_reader("fuzz", Cursor::new(bytes.to_vec())),
        limit,
    );
    let in_pieces = read_lines(
        Input::from_reader("fuzz", Pieces::new(bytes, sizes.clone())),
        limit,
    );
    assert_eq!(
        lines, in_pieces,
        "the same lines whether the bytes come at once or in pieces"
    );

    // The pieces between line breaks; a final line break ends the last line.
    let mut pieces: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    if bytes.is_empty() || bytes.ends_with(b"\n") {
        pieces.pop();
    }
    assert_eq!(lines.len(), pieces.len());
    for (index, (line, piece)) in lines.iter().zip(&pieces).enumerate() {
        let number = index + 1;
        assert_eq!(*line, expected_line(number, piece, limit));
        match line {
            Ok((_, text)) => {
                if let Err(error) = parse_set_line(&Connect4::standard(), text) {
                    check_message(&error.to_string());
                }
            }
            Err((_, message)) => check_message(message),
        }
    }

    let whole = |reader: Box<dyn FnOnce() -> Input>| {
        reader()
            .read_text(WHOLE_LIMIT, "a test")
            .map_err(|e| e.to_string())
    };
    let at_once = whole(Box::new(|| {
        Input::from_reader("fuzz", Cursor::new(bytes.to_vec()))
    }));
    let in_pieces = whole(Box::new(|| {
        Input::from_reader("fuzz", Pieces::new(bytes, sizes.clone()))
    }));
    if bytes.len() as u64 <= WHOLE_LIMIT {
        assert_eq!(at_once, expected_text(bytes));
        assert_eq!(in_pieces, at_once);
    } else {
        // Read in pieces, a bad place may be found before the limit is passed.
        assert_eq!(
            at_once,
            Err("fuzz: more than 256 bytes, the limit for a test".to_string())
        );
        assert!(in_pieces.is_err());
    }
    if let Err(message) = &in_pieces {
        check_message(message);
    }

    let raw =
        Input::from_reader("fuzz", Pieces::new(bytes, sizes)).read_bytes(WHOLE_LIMIT, "a test");
    match raw {
        Ok(read) => assert_eq!(read, bytes),
        Err(error) => {
            assert!(bytes.len() as u64 > WHOLE_LIMIT);
            assert_eq!(
                error.to_string(),
                "fuzz: more than 256 bytes, the limit for a test"
            );
        }
    }
});
