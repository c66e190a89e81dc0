//! # ply-games: the games of ply
//!
//! Each game implements [`ply_core::Game`] for the search, and [`Notation`] and
//! [`Playable`] so that the `ply` binary can read, print and play it. The
//! [`catalog`] maps names such as `tictactoe` or `mnk:4,4,4` to games.
//!
//! | module | game |
//! |---|---|
//! | [`mnk`] | tic-tac-toe and the m,n,k game |
//! | [`pursuit`] | cops and a fugitive on a [`graph`]: visible (two players) and invisible (a search plan) |

pub mod catalog;
pub mod graph;
pub mod mnk;
pub mod notation;
pub mod pursuit;

pub use catalog::{GAMES, GRAPHS, GameVisitor, with_game};
pub use mnk::{Cell, Mnk, OpenLines};
pub use notation::{FieldValue, Notation, NotationError, Playable};
pub use pursuit::{HiddenPursuit, Pursuit};
