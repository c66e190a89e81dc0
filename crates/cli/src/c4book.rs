//! The Connect Four opening book as the solving commands see it: which file
//! (`--book FILE`, else `$PLY_C4_BOOK`, else the default name in the current
//! directory or its books/ folder if it exists, else the book built into the binary
//! for 7x6; `--no-book`: none), read and checked against the board, and plugged into
//! the engine of any game (a no-op for other games).

use anyhow::{Context, Result};
use ply_core::input::{self, Input};
use ply_games::connect4::OpeningBook;
use ply_games::{Connect4, Playable};
use std::sync::Arc;

/// The environment variable naming the book when `--book` is not given.
pub const BOOK_ENV: &str = "PLY_C4_BOOK";

/// The `--book` and `--no-book` flags, shared by `solve`, `bench` and `play`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct BookArgs {
    /// Connect Four: read the exact scores of the opening positions from this book
    /// (made by `ply book`). Default: $PLY_C4_BOOK, else connect4.book
    /// (connect4-WxH.book on other boards) in the current directory or its books/ folder, if it exists.
    #[arg(long, value_name = "FILE", conflicts_with = "no_book")]
    pub book: Option<String>,
    /// Connect Four: use no opening book.
    #[arg(long)]
    pub no_book: bool,
}

/// What [`LoadedBook::path`] says of the book built into the binary.
pub const BUILT_IN: &str = "built-in";

/// A book read from a file (or the one built in: its path is [`BUILT_IN`]).
#[derive(Clone, Debug)]
pub struct LoadedBook {
    pub path: String,
    pub book: Arc<OpeningBook>,
}

impl LoadedBook {
    /// One line for people: `book: connect4.book (depth 8, 123456 positions)`.
    pub fn describe(book: Option<&LoadedBook>) -> String {
        match book {
            Some(b) => format!(
                "book: {} (depth {}, {} positions)",
                input::display_name(&b.path),
                b.book.depth(),
                b.book.len()
            ),
            None => "book: none".to_string(),
        }
    }
}

/// The book to use for `root`'s game, if any. Errors (exit 2): `--book` or `--no-book`
/// for a game other than Connect Four, a file that cannot be read, a malformed file (the message
/// names the file and the byte offset), a book for another board size.
pub fn load<G: Playable>(args: &BookArgs, root: &G) -> Result<Option<LoadedBook>> {
    let Some(board) = root.as_connect4().filter(|_| root.has_books()) else {
        if args.book.is_some() {
            anyhow::bail!(
                "--book works for connect4 only (an opening book of Connect Four), not {}",
                root.game_name()
            );
        }
        if args.no_book {
            anyhow::bail!(
                "--no-book applies to connect4 only (an opening book of Connect Four), not {}",
                root.game_name()
            );
        }
        return Ok(None);
    };
    if args.no_book {
        return Ok(None);
    }
    let path = match (&args.book, std::env::var(BOOK_ENV)) {
        (Some(path), _) => path.clone(),
        (None, Ok(path)) if !path.is_empty() => path,
        _ => {
            // The current directory, then its books/ folder: from a clone of the
            // repository, the book it ships (books/connect4.book).
            let name = OpeningBook::default_file_name(board.width(), board.height());
            let shipped = format!("books/{name}");
            match [name, shipped]
                .into_iter()
                .find(|path| std::path::Path::new(path).is_file())
            {
                Some(path) => path,
                // Else the book built into the binary, for the board it is made for.
                None => {
                    return Ok(ply_games::connect4::book::shipped()
                        .filter(|book| book.check_board(board).is_ok())
                        .map(|book| LoadedBook {
                            path: BUILT_IN.to_string(),
                            book,
                        }));
                }
            }
        }
    };
    read(&path, Some(board)).map(Some)
}

/// Reads and checks the book at `path` (and its board size against `board`'s): the
/// header first, then no more than the records it announces (see `OpeningBook::read_from`).
/// A file of the built-in book's very bytes is that book, not read and checked again.
pub fn read(path: &str, board: Option<&Connect4>) -> Result<LoadedBook> {
    let unreadable = |e: input::InputError| anyhow::anyhow!("book {}: {}", e.name, e.kind);
    let mut input = Input::open(path).map_err(unreadable)?;
    let size = input.size();
    let context = || format!("book {}", input::display_name(path));
    let built_in = ply_games::connect4::book::SHIPPED_BYTES;
    let book = if size == Some(built_in.len() as u64) {
        // Most likely the repository's books/connect4.book, the very bytes built in:
        // then the book built in, checked once by the tests, not record by record again.
        let bytes = input
            .read_bytes(built_in.len() as u64, "an opening book")
            .map_err(unreadable)?;
        match ply_games::connect4::book::shipped() {
            Some(shipped) if bytes == built_in => shipped,
            _ => Arc::new(OpeningBook::from_bytes(&bytes).with_context(context)?),
        }
    } else {
        Arc::new(OpeningBook::read_from(input.reader(), size).with_context(context)?)
    };
    if !book.shard().is_whole() {
        anyhow::bail!(
            "{}: the file is shard {} of a book, not a whole book: merge the shards first (ply book merge)",
            context(),
            book.shard()
        );
    }
    if let Some(board) = board {
        book.check_board(board).with_context(context)?;
    }
    Ok(LoadedBook {
        path: path.to_string(),
        book,
    })
}

/// The book as a source of known values for any game's engine
/// ([`ply_api::solve::GameBook`]: a game without books never reads it).
pub fn game_book(book: Option<&LoadedBook>) -> ply_api::solve::GameBook {
    ply_api::solve::GameBook(book.map(|b| Arc::clone(&b.book)))
}
