//! The library layer's operations, each tested through its public API: one test
//! binary for the whole crate (every further binary would link the engine again).

mod batch;
mod boards;
mod control;
mod counts;
mod errors;
mod explain;
mod game_trees;
mod games;
mod grade;
mod lang;
mod perft;
mod play;
mod practice;
mod practice_answers;
mod practice_expectimax;
mod solve;
mod tree;
