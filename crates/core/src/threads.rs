//! How many search threads this build may run: one place that knows that WebAssembly
//! in a browser has no threads (`std::thread::spawn` fails there), so that a request
//! for several threads is capped at the root instead of failing in a search.
//!
//! ```
//! use ply_core::threads;
//!
//! assert_eq!(threads::capped(0), 1);
//! assert_eq!(threads::capped(1), 1);
//! if threads::most() > 1 {
//!     assert_eq!(threads::capped(4), 4);
//!     assert_eq!(threads::cap_note(4), None);
//! } else {
//!     assert_eq!(threads::capped(4), 1);
//!     assert!(threads::cap_note(4).is_some());
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

/// Why `asked` threads became fewer, in words for an answer's notes; `None` when the
/// search runs them all.
pub fn cap_note(asked: usize) -> Option<String> {
    let runs = capped(asked);
    (runs < asked).then(|| {
        format!(
            "threads {asked}: this build searches on {runs} thread{} (WebAssembly has no \
             threads here)",
            if runs == 1 { "" } else { "s" }
        )
    })
}
