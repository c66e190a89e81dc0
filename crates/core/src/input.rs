//! Reading what ply is given, with every read bounded: a file, a pipe or a device named
//! by its path, or standard input (`-`).
//!
//! * [`Input::open`] accepts regular files, FIFOs (`<(...)`), `/dev/stdin`, `/dev/fd/N`
//!   and character devices, and refuses a directory with "is a directory".
//! * [`Input::read_text`] and [`Input::read_bytes`] read the whole input up to a byte
//!   limit; a larger input is refused with the limit named, after reading at most one
//!   byte more than the limit (a regular file's size is checked before anything is read).
//!   [`Input::read_text`] also applies the text policy of [`crate::text`].
//! * [`Input::lines`] reads one line at a time: a line longer than its limit is reported
//!   with its number and skipped without being stored, and so are lines that are not
//!   UTF-8 or that break the text policy; a line longer than [`MAX_SKIPPED_LINE`] (an
//!   endless one, such as `/dev/zero` gives) ends the reading. So a file of any length is
//!   read in memory bounded by the line limit.
//!
//! ```
//! use ply_core::input::Input;
//!
//! let text = "4453 -2\n\u{7}12\n\n".to_string() + &"1".repeat(100) + "\n\u{feff}7\n";
//! let input = Input::from_reader("set", std::io::Cursor::new(text));
//! let lines: Vec<String> = input
//!     .lines(64)
//!     .map(|line| match line {
//!         Ok(line) => format!("{}: {}", line.number, line.text),
//!         Err(error) => error.to_string(),
//!     })
//!     .collect();
//! assert_eq!(
//!     lines,
//!     [
//!         "1: 4453 -2",
//!         "line 2, column 1: control character U+0007 is not allowed",
//!         "3: ",
//!         "line 4: longer than 64 bytes",
//!         "line 5, column 1: invisible character U+FEFF (byte-order mark) is not allowed",
//!     ]
//! );
//!
//! let big = Input::from_reader("big", std::io::Cursor::new(vec![b'x'; 2000]));
//! assert_eq!(
//!     big.read_text(1024, "this input").unwrap_err().to_string(),
//!     "big: more than 1 KiB, the limit for this input"
//! );
//! ```

use crate::text::{self, TextError};
use std::fmt;
use std::io::{self, BufRead, BufReader, Read};

/// The path that names standard input.
pub const STDIN_PATH: &str = "-";

/// The longest line [`Lines`] skips: a longer one ends the reading with
/// [`LineProblem::Endless`]. No text ply reads has lines near this long, and skipping
/// an endless line (a device such as `/dev/zero`) would never end.
pub const MAX_SKIPPED_LINE: u64 = 1 << 20;

/// An open input: its name for messages, its size when it is a regular file, its bytes.
pub struct Input {
    name: String,
    size: Option<u64>,
    reader: Box<dyn BufRead>,
}

impl fmt::Debug for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Input")
            .field("name", &self.name)
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

impl Input {
    /// Opens `path`, or standard input for `-`. A directory is refused; anything else
    /// that opens for reading (a regular file, a FIFO, a character device) is accepted,
    /// since every read of it is bounded.
    pub fn open(path: &str) -> Result<Input, InputError> {
        if path == STDIN_PATH {
            return Ok(Input::stdin());
        }
        let error = |kind| InputError {
            name: display_name(path),
            kind,
        };
        let file = std::fs::File::open(path).map_err(|e| error(InputErrorKind::Io(e)))?;
        // The type of what was opened, not of what the path names now.
        let meta = file.metadata().map_err(|e| error(InputErrorKind::Io(e)))?;
        if meta.is_dir() {
            return Err(error(InputErrorKind::Directory));
        }
        Ok(Input {
            name: display_name(path),
            size: meta.is_file().then_some(meta.len()),
            reader: Box::new(BufReader::with_capacity(64 * 1024, file)),
        })
    }

    /// Standard input, named `<stdin>` in messages (as compilers name it).
    pub fn stdin() -> Input {
        Input {
            name: "<stdin>".to_string(),
            size: None,
            reader: Box::new(io::stdin().lock()),
        }
    }

    /// Any reader (a test's bytes, a network stream), named `name` in messages.
    pub fn from_reader(name: impl Into<String>, reader: impl BufRead + 'static) -> Input {
        Input {
            name: name.into(),
            size: None,
            reader: Box::new(reader),
        }
    }

    /// The name messages give the input: its path (see [`display_name`]), or `<stdin>`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The size in bytes of a regular file, known before reading; `None` for a pipe,
    /// a device or standard input.
    pub fn size(&self) -> Option<u64> {
        self.size
    }

    /// The bytes, for a reader that reads a format of its own (it must bound its reads).
    pub fn reader(&mut self) -> &mut dyn BufRead {
        &mut self.reader
    }

    /// An error about this input.
    pub fn error(&self, kind: InputErrorKind) -> InputError {
        InputError {
            name: self.name.clone(),
            kind,
        }
    }

    /// Every byte, refused when there are more than `limit`; `what` names the input in
    /// the refusal ("a graph file").
    pub fn read_bytes(mut self, limit: u64, what: &'static str) -> Result<Vec<u8>, InputError> {
        let too_large = |size| InputErrorKind::TooLarge { limit, size, what };
        if let Some(size) = self.size.filter(|&size| size > limit) {
            return Err(self.error(too_large(Some(size))));
        }
        let mut bytes = Vec::new();
        let read = (&mut self.reader)
            .take(limit.saturating_add(1))
            .read_to_end(&mut bytes);
        if let Err(e) = read {
            return Err(self.error(InputErrorKind::Io(e)));
        }
        if bytes.len() as u64 > limit {
            return Err(self.error(too_large(None)));
        }
        Ok(bytes)
    }

    /// The whole text (at most `limit` bytes, see [`Input::read_bytes`]) without a leading
    /// byte-order mark; bytes that are not UTF-8, and characters the text policy refuses
    /// ([`text::check_text`]), are errors naming their line and column.
    ///
    /// The text is checked as it arrives, a chunk at a time: a bad byte stops the reading
    /// at once (`/dev/zero` is refused after one read, not after `limit` bytes of zeros).
    pub fn read_text(mut self, limit: u64, what: &'static str) -> Result<String, InputError> {
        let too_large = |size| InputErrorKind::TooLarge { limit, size, what };
        if let Some(size) = self.size.filter(|&size| size > limit) {
            return Err(self.error(too_large(Some(size))));
        }
        let mut bytes: Vec<u8> = Vec::new();
        if let Some(size) = self.size {
            // Within the limit (checked above): the room the whole file needs, at once.
            let _ = bytes.try_reserve_exact(size as usize);
        }
        let mut checker = TextChecker::default();
        let mut chunk = vec![0u8; 64 * 1024];
        loop {
            let read = match self.reader.read(&mut chunk) {
                Ok(0) => break,
                Ok(read) => read,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.error(InputErrorKind::Io(e))),
            };
            if bytes.len() as u64 + read as u64 > limit {
                return Err(self.error(too_large(None)));
            }
            bytes.extend_from_slice(&chunk[..read]);
            checker
                .check(&bytes, false)
                .map_err(|kind| self.error(kind))?;
        }
        checker
            .check(&bytes, true)
            .map_err(|kind| self.error(kind))?;
        if bytes.starts_with(BOM) {
            bytes.drain(..BOM.len());
        }
        String::from_utf8(bytes).map_err(|_| {
            // (The checker has seen every byte: it would have said where.)
            self.error(InputErrorKind::NotUtf8 { line: 1, column: 1 })
        })
    }

    /// The lines, one at a time, each at most `max_line` bytes (see [`Lines`]).
    pub fn lines(self, max_line: usize) -> Lines {
        Lines {
            reader: self.reader,
            max_line,
            number: 0,
            finished: false,
            buffer: Vec::new(),
        }
    }
}

const BOM: &[u8] = "\u{feff}".as_bytes();

/// Checks a text as its bytes arrive: UTF-8 and the text policy, keeping the line and
/// column of the first byte not yet checked.
#[derive(Default)]
struct TextChecker {
    /// Bytes checked so far (always at a character boundary).
    checked: usize,
    line: usize,
    column: usize,
}

impl TextChecker {
    /// Checks `bytes[self.checked..]`; a character cut at the end waits for the next
    /// chunk, unless `last`.
    fn check(&mut self, bytes: &[u8], last: bool) -> Result<(), InputErrorKind> {
        if self.checked == 0 {
            self.line = 1;
            self.column = 1;
            if bytes.len() < BOM.len() && BOM.starts_with(bytes) && !last {
                return Ok(()); // perhaps the start of a byte-order mark
            }
            if bytes.starts_with(BOM) {
                self.checked = BOM.len();
            }
        }
        let rest = &bytes[self.checked..];
        let (valid, bad) = match std::str::from_utf8(rest) {
            Ok(text) => (text, false),
            Err(e) => {
                let valid = std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or_default();
                // No error length: a character cut by the end of the chunk, whole in the next.
                (valid, e.error_len().is_some() || last)
            }
        };
        text::check_line(valid, self.line).map_err(|e| {
            let column = if e.line == self.line {
                e.column + self.column - 1
            } else {
                e.column
            };
            InputErrorKind::Text(TextError { column, ..e })
        })?;
        for c in valid.chars() {
            if c == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
        self.checked += valid.len();
        if bad {
            return Err(InputErrorKind::NotUtf8 {
                line: self.line,
                column: self.column,
            });
        }
        Ok(())
    }
}

/// Why an input could not be read.
#[derive(Debug)]
pub struct InputError {
    /// The input's name: its path, or `<stdin>`.
    pub name: String,
    /// What went wrong.
    pub kind: InputErrorKind,
}

/// What went wrong with an input.
#[derive(Debug)]
pub enum InputErrorKind {
    /// The system refused to open or read it.
    Io(io::Error),
    /// The path names a directory.
    Directory,
    /// More than `limit` bytes (`size`: the whole size, when known before reading).
    TooLarge {
        /// The most bytes allowed.
        limit: u64,
        /// The whole size, when known before reading.
        size: Option<u64>,
        /// What was being read ("a tree file", "a set").
        what: &'static str,
    },
    /// Bytes that are not UTF-8, at this line and column (of characters, from 1).
    NotUtf8 {
        /// The line, from 1.
        line: usize,
        /// The column, in characters from 1.
        column: usize,
    },
    /// A character the text policy refuses.
    Text(TextError),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            // `name:line:column: message`, the form editors and terminals jump to.
            InputErrorKind::NotUtf8 { .. } | InputErrorKind::Text(_) => {
                write!(f, "{}:{}", self.name, self.kind)
            }
            _ => write!(f, "{}: {}", self.name, self.kind),
        }
    }
}

/// What went wrong, without the input's name: `is a directory (...)`, or
/// `line:column: message` for a problem at a place in the text.
impl fmt::Display for InputErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputErrorKind::Io(e) => write!(f, "{e}"),
            InputErrorKind::Directory => {
                write!(f, "is a directory (give a file, or - for standard input)")
            }
            InputErrorKind::TooLarge {
                limit,
                size: Some(size),
                what,
            } => write!(
                f,
                "{size} bytes, more than {}, the limit for {what}",
                size_words(*limit)
            ),
            InputErrorKind::TooLarge {
                limit,
                size: None,
                what,
            } => write!(f, "more than {}, the limit for {what}", size_words(*limit)),
            InputErrorKind::NotUtf8 { line, column } => {
                write!(f, "{line}:{column}: the file is not UTF-8 text")
            }
            InputErrorKind::Text(e) => write!(f, "{e}"),
        }
    }
}

// No `source`: the message already says what the underlying error says.
impl std::error::Error for InputError {}

/// The most characters of a name (a path) that messages show whole; see [`display_name`].
pub const DISPLAY_NAME_CHARS: usize = 256;

/// A name the user gave (a file's path) as messages show it: unchanged when it has at
/// most [`DISPLAY_NAME_CHARS`] characters and none that [`text::excerpt`] escapes;
/// otherwise quoted through [`text::excerpt`], so that no control character, escape
/// sequence or huge argument reaches the terminal.
pub fn display_name(name: &str) -> String {
    let plain = name.chars().count() <= DISPLAY_NAME_CHARS
        && name
            .chars()
            .all(|c| c == ' ' || (text::refusal(c).is_none() && !c.is_whitespace()));
    if plain {
        name.to_string()
    } else {
        text::excerpt(name)
    }
}

/// A size for people: `4 KiB`, `1 MiB`, or `1000 bytes` when not a whole number of either.
pub fn size_words(bytes: u64) -> String {
    const KIB: u64 = 1 << 10;
    const MIB: u64 = 1 << 20;
    if bytes >= MIB && bytes % MIB == 0 {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= KIB && bytes % KIB == 0 {
        format!("{} KiB", bytes / KIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// One line of text: its number (from 1) and its text, without the line break
/// (`\n` or `\r\n`) and, on the first line, without a byte-order mark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The line's number, from 1.
    pub number: usize,
    /// The line without its line break.
    pub text: String,
}

/// A line that could not be read, and why.
#[derive(Debug)]
pub struct LineError {
    /// The line's number, from 1.
    pub number: usize,
    /// What was wrong with it.
    pub problem: LineProblem,
}

/// Why a line could not be read. [`LineProblem::Endless`] and [`LineProblem::Io`] end
/// the reading ([`LineError::ends_input`]); after the others, the next line follows.
#[derive(Debug)]
pub enum LineProblem {
    /// Longer than the limit, in bytes; skipped without being stored.
    TooLong {
        /// The most bytes a line may have.
        limit: usize,
    },
    /// Bytes that are not UTF-8, at this column (of characters, from 1).
    NotUtf8 {
        /// The column, in characters from 1.
        column: usize,
    },
    /// A character the text policy refuses ([`text::check_line`]), at this column.
    Text {
        /// The column, in characters from 1.
        column: usize,
        /// What the policy says of the character.
        message: String,
    },
    /// No line break within [`MAX_SKIPPED_LINE`] bytes: not a text of lines.
    Endless,
    /// The system failed to read.
    Io(io::Error),
}

impl LineError {
    /// True when no line follows this error.
    pub fn ends_input(&self) -> bool {
        matches!(self.problem, LineProblem::Endless | LineProblem::Io(_))
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = self.number;
        match &self.problem {
            LineProblem::TooLong { limit } => {
                write!(
                    f,
                    "line {number}: longer than {}",
                    size_words(*limit as u64)
                )
            }
            LineProblem::NotUtf8 { column } => {
                write!(f, "line {number}, column {column}: not valid UTF-8")
            }
            LineProblem::Text { column, message } => {
                write!(f, "line {number}, column {column}: {message}")
            }
            LineProblem::Endless => write!(
                f,
                "line {number}: no line break in its first {}: not a text of lines",
                size_words(MAX_SKIPPED_LINE)
            ),
            LineProblem::Io(e) => write!(f, "line {number}: {e}"),
        }
    }
}

impl std::error::Error for LineError {}

/// The lines of an [`Input`] (see [`Input::lines`]): each is read into a buffer of at
/// most its limit, checked (UTF-8, then the text policy), and given back, or reported
/// with its number. Ends after the last line, or after an error that
/// [ends the input](LineError::ends_input).
pub struct Lines {
    reader: Box<dyn BufRead>,
    max_line: usize,
    number: usize,
    finished: bool,
    buffer: Vec<u8>,
}

impl Lines {
    /// Reads up to the next line break. `Ok(None)` at the end of the input; `Ok(Some(len))`
    /// with the line's length in bytes (its first `max_line` bytes at most in `buffer`).
    fn read_raw(&mut self) -> io::Result<Option<u64>> {
        self.buffer.clear();
        let mut length = 0u64;
        let mut any = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(any.then_some(length));
            }
            any = true;
            let (chunk, ends) = match available.iter().position(|&b| b == b'\n') {
                Some(at) => (&available[..at], true),
                None => (available, false),
            };
            // At most one byte past the limit is kept: enough to tell that the line is too long.
            if self.buffer.len() <= self.max_line {
                let room = self.max_line + 1 - self.buffer.len();
                self.buffer
                    .extend_from_slice(&chunk[..chunk.len().min(room)]);
            }
            length += chunk.len() as u64;
            let used = chunk.len() + usize::from(ends);
            self.reader.consume(used);
            if length > MAX_SKIPPED_LINE {
                return Err(io::Error::other(EndlessLine));
            }
            if ends {
                return Ok(Some(length));
            }
        }
    }
}

/// The marker of [`LineProblem::Endless`] inside [`Lines::read_raw`].
#[derive(Debug)]
struct EndlessLine;

impl fmt::Display for EndlessLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("endless line")
    }
}

impl std::error::Error for EndlessLine {}

impl Iterator for Lines {
    type Item = Result<Line, LineError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        self.number += 1;
        let number = self.number;
        let fail = |problem| Some(Err(LineError { number, problem }));
        let length = match self.read_raw() {
            Ok(Some(length)) => length,
            Ok(None) => {
                self.finished = true;
                return None;
            }
            Err(e) => {
                self.finished = true;
                if e.get_ref().is_some_and(|inner| inner.is::<EndlessLine>()) {
                    return fail(LineProblem::Endless);
                }
                return fail(LineProblem::Io(e));
            }
        };
        let mut bytes = std::mem::take(&mut self.buffer);
        // The buffer holds the whole line when its length is the line's.
        if bytes.last() == Some(&b'\r') && length == bytes.len() as u64 {
            bytes.pop();
        }
        if bytes.len() > self.max_line {
            return fail(LineProblem::TooLong {
                limit: self.max_line,
            });
        }
        if number == 1 && bytes.starts_with(BOM) {
            bytes.drain(..BOM.len());
        }
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let valid = e.utf8_error().valid_up_to();
                let column = std::str::from_utf8(&e.as_bytes()[..valid])
                    .map_or(0, |s| s.chars().count())
                    + 1;
                return fail(LineProblem::NotUtf8 { column });
            }
        };
        if let Err(e) = text::check_line(&text, number) {
            return fail(LineProblem::Text {
                column: e.column,
                message: e.message,
            });
        }
        Some(Ok(Line { number, text }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn lines(bytes: &[u8], max_line: usize) -> Vec<String> {
        Input::from_reader("t", Cursor::new(bytes.to_vec()))
            .lines(max_line)
            .map(|line| match line {
                Ok(line) => format!("{}:{}", line.number, line.text),
                Err(error) => error.to_string(),
            })
            .collect()
    }

    #[test]
    fn line_breaks_and_the_last_line() {
        assert_eq!(lines(b"", 8), Vec::<String>::new());
        assert_eq!(lines(b"a\nb", 8), ["1:a", "2:b"]);
        assert_eq!(lines(b"a\r\nb\r\n", 8), ["1:a", "2:b"]);
        assert_eq!(lines(b"\n\n", 8), ["1:", "2:"]);
        // A carriage return inside a line is white space the policy allows.
        assert_eq!(lines(b"a\rb\n", 8), ["1:a\rb"]);
    }

    #[test]
    fn the_limit_is_exact_and_counts_the_carriage_return_out() {
        assert_eq!(
            lines(b"12345678\n123456789\n", 8),
            ["1:12345678", "line 2: longer than 8 bytes"]
        );
        assert_eq!(lines(b"12345678\r\n", 8), ["1:12345678"]);
        assert_eq!(lines(b"123456789", 8), ["line 1: longer than 8 bytes"]);
    }

    #[test]
    fn bad_lines_are_reported_and_the_next_ones_read() {
        assert_eq!(
            lines(b"ok\n\xff\xfe\nab\xc3\n\xef\xbb\xbfno\nend", 16),
            [
                "1:ok",
                "line 2, column 1: not valid UTF-8",
                "line 3, column 3: not valid UTF-8",
                "line 4, column 1: invisible character U+FEFF (byte-order mark) is not allowed",
                "5:end",
            ]
        );
        // A byte-order mark at the very start is skipped.
        assert_eq!(lines("\u{feff}é\n".as_bytes(), 16), ["1:é"]);
    }

    #[test]
    fn an_endless_line_ends_the_reading_in_bounded_memory() {
        let endless = io::repeat(0).take(64 << 20);
        let mut lines = Input::from_reader("zero", BufReader::new(endless)).lines(1024);
        let error = lines.next().unwrap().unwrap_err();
        assert!(error.ends_input());
        assert_eq!(
            error.to_string(),
            "line 1: no line break in its first 1 MiB: not a text of lines"
        );
        assert!(lines.next().is_none());
        assert!(lines.buffer.capacity() <= 64 * 1024 + 1025);
    }

    #[test]
    fn a_long_line_under_the_skip_limit_is_skipped() {
        let mut text = vec![b'x'; 500_000];
        text.extend_from_slice(b"\nnext\n");
        assert_eq!(
            lines(&text, 100),
            ["line 1: longer than 100 bytes", "2:next"]
        );
    }

    #[test]
    fn whole_reads_are_bounded_and_checked() {
        let read = |bytes: &[u8], limit| {
            Input::from_reader("f", Cursor::new(bytes.to_vec()))
                .read_text(limit, "a test")
                .map_err(|e| e.to_string())
        };
        assert_eq!(read(b"\xef\xbb\xbfab\ncd", 16), Ok("ab\ncd".to_string()));
        assert_eq!(read(b"12345678", 8), Ok("12345678".to_string()));
        assert_eq!(
            read(b"123456789", 8),
            Err("f: more than 8 bytes, the limit for a test".to_string())
        );
        assert_eq!(
            read(b"ab\ncd\xffe", 16),
            Err("f:2:3: the file is not UTF-8 text".to_string())
        );
        assert_eq!(
            read(b"ab\nc\x07", 16),
            Err("f:2:2: control character U+0007 is not allowed".to_string())
        );
    }

    #[test]
    fn names_are_shown_whole_unless_long_or_unprintable() {
        assert_eq!(display_name("sets/Test L3 R1"), "sets/Test L3 R1");
        assert_eq!(display_name("é/日本.txt"), "é/日本.txt");
        assert_eq!(display_name("a\u{1b}[2Jb"), "'a\\u{1b}[2Jb'");
        assert_eq!(display_name("a\nb"), "'a\\u{a}b'");
        let long = "x".repeat(300);
        assert_eq!(display_name(&long), format!("'{}…'", &long[..40]));
        let error = Input::open("/nonexistent\u{7}").unwrap_err();
        assert_eq!(error.name, "'/nonexistent\\u{7}'");
        assert!(matches!(error.kind, InputErrorKind::Io(_)));
    }

    #[test]
    fn sizes_in_words() {
        assert_eq!(size_words(1 << 20), "1 MiB");
        assert_eq!(size_words(4096), "4 KiB");
        assert_eq!(size_words(1000), "1000 bytes");
        assert_eq!(size_words(0), "0 bytes");
    }
}
