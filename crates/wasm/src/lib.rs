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
//! wasm-bindgen by `scripts/build-site`) is a thin layer over [`Lab`] and [`mod@bench`],
//! which are plain Rust and tested natively.
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

use ply_api::control::Control;
use ply_api::service::{Answer, Service, ServiceLimits};
use ply_api::solve::BookRef;

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
}

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
