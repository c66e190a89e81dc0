//! # ply-ffi: ply from C
//!
//! The C library (`libply.so`, `libply.a`) and its header `include/ply.h`, made from
//! this crate by cbindgen. Every function calls ply's library layer (`ply-api`), so a C
//! program gets the same answers as the `ply` binary. docs/bindings.md shows a whole
//! program; in short:
//!
//! ```c
//! int32_t err;
//! PlyGame *game = ply_game_new("connect4", &err);
//! ply_game_play(game, "4");
//! PlySolution *solution = ply_solve(game, NULL, &err);
//! printf("%s\n", ply_solution_value_text(solution));
//! ply_solution_free(solution);
//! ply_game_free(game);
//! ```
//!
//! ## Rules of the boundary
//! - **Handles** (`PlyGame`, `PlySolution`, `PlyAnalysis`, `PlyTree`) are opaque; each
//!   `*_new` (or function that returns one) has its `*_free`. Freeing NULL does nothing.
//! - **Strings** go in as NUL-terminated UTF-8. Strings that come out as `char *` are the
//!   caller's, freed with [`ply_string_free`]; `const char *` ones are borrowed from their
//!   handle and live until it is freed.
//! - **Errors** are integer codes (`PLY_OK` is 0). After a failure, [`ply_last_error`]
//!   gives this thread's message in one line (a parse error starts with its
//!   `line:column`, also given by [`ply_last_error_line`] and
//!   [`ply_last_error_column`]). NULL pointers and bad UTF-8 are errors, never crashes.
//! - **No panic crosses the boundary**: each function catches one and returns
//!   `PLY_ERR_INTERNAL`.
//! - **Threads**: handles may move between threads but are not to be used by two at
//!   once; distinct handles may be used in parallel.
#![deny(missing_docs)]

mod custom;
mod error;
mod game;
mod solve;
mod tree;

pub use custom::*;
pub use error::*;
pub use game::*;
pub use solve::*;
pub use tree::*;
