//! How many search threads this build may run: one place that knows that WebAssembly
//! in a browser has no threads (`std::thread::spawn` fails there), so that a request
//! for several threads is capped at the root instead of failing in a search. (The note an answer carries when
//! it runs fewer threads than asked is said in each language by `ply_api::words`.)
//!
//! ```
//! use ply_core::threads;
//!
//! assert_eq!(threads::capped(0), 1);
//! assert_eq!(threads::capped(1), 1);
//! if threads::most() > 1 {
//!     assert_eq!(threads::capped(4), 4);
//! } else {
//!     assert_eq!(threads::capped(4), 1);
//! }
//! ```

/// The most search threads a search may run: 1 on WebAssembly (no threads), unbounded
/// elsewhere (front ends set their own limits, such as the bindings' 256).
pub const fn most() -> usize {
    if cfg!(target_family = "wasm") {
        1
    } else {
        usize::MAX
    }
}

/// `asked` threads as a search runs them: at least 1, at most [`most`].
pub const fn capped(asked: usize) -> usize {
    let most = most();
    if asked > most {
        most
    } else if asked == 0 {
        1
    } else {
        asked
    }
}
