//! # ply-games: the games of ply
//!
//! Each game implements [`ply_core::Game`] for the search, and [`Notation`] and
//! [`Playable`] so that the `ply` binary can read, print and play it. The
//! [`catalog`] maps names such as `tictactoe` or `mnk:4,4,4` to games.
//!
//! | module | game |
//! |---|---|
//! | [`mnk`] | tic-tac-toe and the m,n,k game |
//! | [`connect4`] | Connect Four on any board up to 64 bits |

pub mod catalog;
pub mod connect4;
pub mod mnk;
pub mod notation;

pub use catalog::{GAMES, GameVisitor, with_game};
pub use connect4::Connect4;
pub use mnk::{Cell, Mnk, OpenLines};
pub use notation::{Notation, NotationError, Playable};
