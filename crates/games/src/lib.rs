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
//! | [`chess`] | chess, with the moves of the `cozy-chess` crate |
//! | [`race`] | race to N, adding 1 to K |
//! | [`nim`] | Nim and misère Nim |
//! | [`bash`] | Bash's game: one pile, take 1 to M |
//! | [`wythoff`] | Wythoff's game |
//! | [`subtraction`] | subtraction games and their sums |
//! | [`pursuit`] | cops and a fugitive on a [`graph`]: visible (two players) and invisible (a search plan) |
//! | [`pig`] | the dice game Pig, solved exactly by value iteration (on its own: not a [`ply_core::Game`]) |
//!
//! The counting and taking games share [`piles`] (positions and `pile:amount`
//! moves) and have their closed-form solutions in [`theory`], cross-checked
//! against the exact solver in the tests.
#![deny(missing_docs)]

pub mod bash;
pub mod catalog;
pub mod chess;
pub mod connect4;
pub mod graph;
pub mod mnk;
pub mod nim;
pub mod notation;
pub mod pig;
pub mod piles;
pub mod pursuit;
pub mod race;
pub mod subtraction;
pub mod theory;
pub mod wythoff;

pub use bash::Bash;
pub use catalog::{ChanceSpec, GAMES, GRAPHS, GameVisitor, chance_game, with_game};
pub use chess::Chess;
pub use connect4::Connect4;
pub use mnk::{Cell, Mnk, OpenLines};
pub use nim::Nim;
pub use notation::{FieldValue, Notation, NotationError, Playable};
pub use pursuit::{HiddenPursuit, Pursuit};
pub use race::Race;
pub use subtraction::Subtraction;
pub use wythoff::{Wythoff, WythoffMove};

/// The Rust snippets of the README, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct Readme;
