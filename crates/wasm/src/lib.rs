//! # ply-wasm: ply in the browser, with no server
//!
//! The API of `ply serve` (docs/api.md) answered inside a WebAssembly module: a page
//! (through `ply.js` and its worker, `crates/wasm/js`) hands it a path and a request's
//! JSON text and gets back the status and the body the server would send. The answers
//! are the server's because they come from the same code, [`ply_api::service`], with
//! the server's default limits and the opening book `ply serve` reads when it finds no
//! other: the one built into ply.
//!
//! The module itself (`bindings`, built for `wasm32-unknown-unknown` with
//! wasm-bindgen by `scripts/build-site`) is a thin layer over [`Lab`], [`mod@bench`] and
//! [`grade`] (the code page's checks of students' programs), which are plain Rust and
//! tested natively.
//!
//! ```
//! let lab = ply_wasm::Lab::new();
//! let control = ply_api::control::Control::new();
//! let answer = lab.answer("/api/tree", r#"{"tree": "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))"}"#, &control);
//! assert_eq!(answer.status, 200);
//! let json: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
//! assert_eq!(json["value"], 3);
//! ```
#![deny(missing_docs)]

pub mod bench;
#[cfg(target_arch = "wasm32")]
pub mod bindings;
pub mod grade;

use ply_api::control::Control;
use ply_api::service::{Answer, Service, ServiceLimits};
use ply_api::solve::BookRef;
use ply_games::connect4::OpeningBook;
use ply_games::connect4::book::Shard;

/// The API as the module answers it: one [`Service`] with the server's default limits
/// and the book built into ply.
pub struct Lab {
    service: Service,
}

impl Lab {
    /// The lab `ply serve` is with its default options, run where there is no book file:
    /// [`ServiceLimits::default`] and the built-in Connect Four book.
    pub fn new() -> Lab {
        Lab {
            service: Service::new(ServiceLimits::default(), built_in_book()),
        }
    }

    /// The answer to `body` (a request's JSON text) at `path` (`/api/tree`, ...): the
    /// status and body `POST path` gets from `ply serve` (`GET` for `/api/health` and
    /// `/api/games`, whose body is ignored).
    pub fn answer(&self, path: &str, body: &str, control: &Control) -> Answer {
        self.service.answer(path, body.as_bytes(), control)
    }

    /// Reads `bytes`, a Connect Four book file for the standard board (the site's
    /// `books/connect4.book.gz`, unpacked by the worker), and answers from it from now
    /// on in place of the built-in one, as `ply serve --book FILE` does. Says what it
    /// read (`books/connect4.book (depth 11, 3356580 positions)`); a malformed file, a
    /// book of another board or a shard is refused with the reason, and the lab keeps
    /// the book it had.
    pub fn load_connect4_book(&mut self, bytes: &[u8]) -> Result<String, String> {
        let book = OpeningBook::from_bytes(bytes).map_err(|e| format!("{SITE_BOOK}: {e}"))?;
        if (book.width(), book.height()) != (7, 6) {
            return Err(format!(
                "{SITE_BOOK}: a book of the {}x{} board, not the standard 7x6",
                book.width(),
                book.height()
            ));
        }
        if book.shard() != Shard::WHOLE {
            return Err(format!("{SITE_BOOK}: a shard, not a whole book"));
        }
        let said = format!(
            "{SITE_BOOK} (depth {}, {} positions)",
            book.depth(),
            book.len()
        );
        let limits = *self.service.limits();
        self.service = Service::new(
            limits,
            Some(BookRef {
                path: SITE_BOOK.to_string(),
                book: std::sync::Arc::new(book),
            }),
        );
        Ok(said)
    }
}

/// The name answers give the book a page loads ([`Lab::load_connect4_book`]): the file
/// the static site serves it from, unpacked.
pub const SITE_BOOK: &str = "books/connect4.book";

impl Default for Lab {
    fn default() -> Lab {
        Lab::new()
    }
}

/// The opening book built into ply, as `ply serve` reads it when there is no book file
/// to read.
pub fn built_in_book() -> Option<BookRef> {
    BookRef::shipped()
}
