//! # ply-games: the games of ply
//!
//! Each game implements [`ply_core::Game`] for the search, and [`Notation`] and
//! [`Playable`] so that the `ply` binary can read, print and play it. The
//! [`catalog`] maps names such as `tictactoe` or `mnk:4,4,4` to games.
//!
//! | module | game |
//! |---|---|
//! | [`mnk`] | tic-tac-toe and the m,n,k game |

pub mod catalog;
pub mod mnk;
pub mod notation;

pub use catalog::{GAMES, GameVisitor, with_game};
pub use mnk::{Cell, Mnk, OpenLines};
pub use notation::{Notation, NotationError, Playable};
