//! # ply-core: the game-tree search core of ply
//!
//! This crate knows no game. A game implements [`Game`] (whose turn, legal
//! moves, how a move changes the position, when it is over); an evaluation for
//! depth-limited search implements [`Evaluator`]. Every search reports values as
//! a [`Score`], where "win in n plies" ranks above every heuristic value.
//!
//! | module | what lives there |
//! |---|---|
//! | [`score`] | the [`Score`] type: decisive results with their distance, heuristic values |
//! | [`game`] | the [`Game`] and [`Evaluator`] traits, [`Player`], [`Outcome`] |
//! | [`search`] | the textbook searches: [`minimax`] (Max/Min), [`negamax`], [`alpha_beta`] |
//! | [`chance`] | games with dice and cards: [`chance::ChanceGame`], exact fractions, expectiminimax and *-minimax (Star1, Star2) |
//! | [`diagram`] | a position drawn as stones on a grid, for front ends that draw pictures |
//! | [`count`] | whole-tree statistics: nodes, finished games, distinct positions |
//! | [`solve`] | an exact memoised solver: value and remoteness of every position, each solved once |
//! | [`stack`] | deep recursion without stack overflows: searches grow their stack as a game needs |
//! | [`memory`] | how much memory the process may still take; refusals that say so |
//! | [`phrase`] | a sentence for a person as a message id and its parts, in no language |
//! | [`stop`] | [`stop::Stop`]: a flag that stops a search, with a deadline, a parent and a check, and no thread |
//! | [`threads`] | how many search threads this build may run (one in WebAssembly) |
//! | [`grundy`] | Sprague-Grundy theory for impartial games: mex, nim-sum, Grundy values, periods |
//! | [`input`] | reading files and standard input with every read bounded: whole, or line by line |
//! | [`retrograde`] | exact values of finite games whose positions repeat (backward induction over all positions) |
//! | [`testing`] | random game trees for property tests of any search |
//! | [`text`] | what ply accepts in the texts it reads, and how it quotes them back |
//!
//! ```
//! use ply_core::{alpha_beta, minimax, negamax, testing::RandomTree};
//!
//! let tree = RandomTree::new(42, 3, 5); // seed, branching, depth
//! let eval = RandomTree::evaluator();
//! let a = minimax(&tree, &eval, None).value;
//! assert_eq!(a, negamax(&tree, &eval, None).value);
//! assert_eq!(a, alpha_beta(&tree, &eval, None).value);
//! ```
#![deny(missing_docs)]

pub mod chance;
pub mod count;
pub mod diagram;
pub mod engine;
pub mod game;
pub mod grundy;
pub mod input;
pub mod memory;
pub mod phrase;
pub mod retrograde;
pub mod score;
pub mod search;
pub mod solve;
pub mod stack;
pub mod stop;
pub mod testing;
pub mod text;
pub mod threads;

pub use diagram::{Diagram, DiagramStyle};
pub use game::{Evaluator, Game, GameBounds, NoEvaluation, Outcome, Player};
pub use retrograde::{RetrogradeError, RetrogradeOptions, RetrogradeProgress, RetrogradeTable};
pub use score::Score;
pub use search::{
    Algorithm, MoveValue, NoObserver, Observer, PruningRule, SearchOptions, SearchResult,
    SearchStats, alpha_beta, alpha_beta_with, evaluate_moves, evaluate_moves_with, minimax,
    minimax_with, negamax, negamax_with,
};

/// The Rust snippets of docs/engine.md, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/engine.md")]
pub struct EngineGuide;
