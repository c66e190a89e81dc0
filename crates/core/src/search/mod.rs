//! The textbook searches: [`minimax`] (Max and Min), [`negamax`] and [`alpha_beta`].
//!
//! All three take a depth limit (`None`: to the end of the game), return the
//! same value on the same input, and report what they did in [`SearchStats`].
//! Values are counted from the root of the search: a win found 5 plies down is
//! `Score::win_in(5)`, so the engine prefers the fastest win and the slowest loss
//! (unless [`SearchOptions::distance_aware`] is turned off, to show why it matters).
//!
//! The `*_with` forms take an [`Observer`] that sees every node entered and left,
//! every leaf and every cutoff: the tree lab draws and traces searches with it.
//! The plain forms pass [`NoObserver`], whose empty methods compile away.

mod alpha_beta;
mod context;
mod line;
mod minimax;
mod negamax;

pub use alpha_beta::{alpha_beta, alpha_beta_with};
pub use minimax::{minimax, minimax_with};
pub use negamax::{negamax, negamax_with};

use crate::text::excerpt;
use crate::{Evaluator, Game, Score};
use std::fmt;
use std::str::FromStr;

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions entered, the root included.
    pub nodes: u64,
    /// Positions scored without expanding them: finished games and positions at the depth limit.
    pub leaves: u64,
    /// Times a node stopped searching its moves because one was already good enough (beta cutoffs).
    pub cutoffs: u64,
}

impl std::ops::AddAssign for SearchStats {
    fn add_assign(&mut self, other: SearchStats) {
        self.nodes += other.nodes;
        self.leaves += other.leaves;
        self.cutoffs += other.cutoffs;
    }
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The value of the root for the side to move there.
    pub value: Score,
    /// The move that reaches `value` (`None` when the root is finished or the depth is 0).
    pub best: Option<M>,
    /// The principal variation: the line both sides play under best play, starting with `best`.
    pub pv: Vec<M>,
    /// Nodes, leaves and cutoffs of the search.
    pub stats: SearchStats,
}

/// Settings shared by the textbook searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Plies to look ahead; `None` searches to the end of the game.
    pub depth: Option<u32>,
    /// Prefer faster wins and slower losses (the default). Turned off, every
    /// win is worth the same, and a lost side may stop defending.
    pub distance_aware: bool,
    /// When alpha-beta stops at a node: as soon as a value reaches the bound (the
    /// default), or only when it passes it.
    pub pruning: PruningRule,
}

impl SearchOptions {
    /// Distance-aware search to the given depth.
    pub const fn depth(depth: Option<u32>) -> SearchOptions {
        SearchOptions {
            depth,
            distance_aware: true,
            pruning: PruningRule::Ge,
        }
    }
}

/// When alpha-beta cuts: the two conventions of the textbooks, which differ on ties
/// only (the value and the move are the same; the leaves evaluated are not).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PruningRule {
    /// As soon as α ≥ β: a value equal to the bound closes the window (ply's
    /// convention, and AIMA's).
    #[default]
    Ge,
    /// Only when a value passes the bound strictly (α > β): on a tie the search goes
    /// on (Berkeley's CS188 tells its students not to prune on equality).
    Gt,
}

impl PruningRule {
    /// Both rules, ply's first.
    pub const ALL: [PruningRule; 2] = [PruningRule::Ge, PruningRule::Gt];

    /// The name in commands, links and JSON: `ge` or `gt`.
    pub const fn name(self) -> &'static str {
        match self {
            PruningRule::Ge => "ge",
            PruningRule::Gt => "gt",
        }
    }

    /// The rule called `name` (`ge` or `gt`).
    pub fn from_name(name: &str) -> Option<PruningRule> {
        PruningRule::ALL.into_iter().find(|r| r.name() == name)
    }

    /// True when a value `v` closes a window whose upper bound is `beta`.
    #[inline]
    pub fn cuts(self, v: crate::Score, beta: crate::Score) -> bool {
        match self {
            PruningRule::Ge => v >= beta,
            PruningRule::Gt => v > beta,
        }
    }
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions::depth(None)
    }
}

/// Sees a search at work. Every value and window it receives is from the point
/// of view of the player to move at that node; `ply` counts from the root.
#[allow(unused_variables)]
pub trait Observer<G: Game> {
    /// A node is entered with the window `(alpha, beta)` (`±INFINITY` outside alpha-beta).
    #[inline]
    fn enter(&mut self, position: &G, ply: u32, alpha: Score, beta: Score) {}
    /// A node is scored without being expanded.
    #[inline]
    fn leaf(&mut self, position: &G, ply: u32, value: Score) {}
    /// A node is left with its backed-up value.
    #[inline]
    fn exit(&mut self, position: &G, ply: u32, value: Score) {}
    /// A node stops early: `pruned` are the moves it will never look at.
    #[inline]
    fn cutoff(&mut self, position: &G, ply: u32, alpha: Score, beta: Score, pruned: &[G::Move]) {}
    /// Asked as each node is entered: `true` ends the search at once (every open node
    /// returns without looking further, and the result means nothing). Once it has
    /// answered `true` it must keep answering `true`. The tree lab never stops a
    /// search; the command line stops one on Ctrl-C.
    #[inline]
    fn stop_requested(&mut self) -> bool {
        false
    }
}

/// The observer that watches nothing (and costs nothing).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl<G: Game> Observer<G> for NoObserver {}

/// One of the three textbook searches, chosen at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Max/Min: MAX maximises, MIN minimises, every node visited.
    Minimax,
    /// Negamax: every node maximises its children's negated values, every node visited.
    Negamax,
    /// Alpha-beta (fail-soft negamax): the same value, without the subtrees that cannot change it.
    AlphaBeta,
}

impl Algorithm {
    /// The three, in the order textbooks teach them.
    pub const ALL: [Algorithm; 3] = [Algorithm::Minimax, Algorithm::Negamax, Algorithm::AlphaBeta];

    /// The command-line name: `minimax`, `negamax` or `alphabeta`.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::Negamax => "negamax",
            Algorithm::AlphaBeta => "alphabeta",
        }
    }

    /// Runs this algorithm.
    pub fn search<G: Game, E: Evaluator<G>, O: Observer<G>>(
        self,
        root: &G,
        eval: &E,
        options: SearchOptions,
        observer: &mut O,
    ) -> SearchResult<G::Move> {
        match self {
            Algorithm::Minimax => minimax_with(root, eval, options, observer),
            Algorithm::Negamax => negamax_with(root, eval, options, observer),
            Algorithm::AlphaBeta => alpha_beta_with(root, eval, options, observer),
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;
    /// Reads a name in any case, with or without `-` and `_` (`alpha-beta`, `AB`); the
    /// error quotes the text through [`excerpt`], as every message that echoes input does.
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().replace(['-', '_'], "").as_str() {
            "minimax" => Ok(Algorithm::Minimax),
            "negamax" => Ok(Algorithm::Negamax),
            "alphabeta" | "ab" => Ok(Algorithm::AlphaBeta),
            _ => Err(format!(
                "unknown algorithm {} (expected minimax, negamax or alphabeta)",
                excerpt(s)
            )),
        }
    }
}

/// The value of one root move, for the side to move at the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue<M> {
    /// The move.
    pub mv: M,
    /// Its value for the side that plays it.
    pub value: Score,
    /// Best play after `mv`, starting with `mv`.
    pub pv: Vec<M>,
}

/// Every legal move of `root` with its exact value (to `options.depth`), best first
/// (stable: equal moves keep their generation order), and the work done.
///
/// Each move is searched with a full window, so every value is exact, not a bound.
pub fn evaluate_moves<G: Game, E: Evaluator<G>>(
    root: &G,
    eval: &E,
    algorithm: Algorithm,
    options: SearchOptions,
) -> (Vec<MoveValue<G::Move>>, SearchStats) {
    evaluate_moves_with(root, eval, algorithm, options, &mut NoObserver)
}

/// [`evaluate_moves`] with an observer of every move's search. When the observer asks
/// to stop ([`Observer::stop_requested`]), only the moves whose search was over by then
/// come back (best first): fewer than the legal moves; the work counts the stopped search.
pub fn evaluate_moves_with<G: Game, E: Evaluator<G>, O: Observer<G>>(
    root: &G,
    eval: &E,
    algorithm: Algorithm,
    options: SearchOptions,
    observer: &mut O,
) -> (Vec<MoveValue<G::Move>>, SearchStats) {
    let mut stats = SearchStats::default();
    let mut values = Vec::new();
    if root.outcome().is_some() || options.depth == Some(0) {
        return (values, stats);
    }
    let child_options = SearchOptions {
        depth: options.depth.map(|d| d - 1),
        ..options
    };
    for mv in root.legal_moves() {
        let child = root.after(mv);
        let result = context::search_from(algorithm, &child, eval, child_options, observer, 1);
        stats += result.stats;
        if observer.stop_requested() {
            break;
        }
        let value = if child.to_move() == root.to_move() {
            result.value
        } else {
            -result.value
        };
        let mut pv = vec![mv];
        pv.extend(result.pv);
        values.push(MoveValue { mv, value, pv });
    }
    values.sort_by_key(|m| std::cmp::Reverse(m.value));
    (values, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn algorithm_names_read_in_any_case_with_or_without_dashes() {
        assert_eq!("Alpha-Beta".parse(), Ok(Algorithm::AlphaBeta));
        assert_eq!("ab".parse(), Ok(Algorithm::AlphaBeta));
        assert_eq!("NEGA_MAX".parse(), Ok(Algorithm::Negamax));
        for algorithm in Algorithm::ALL {
            assert_eq!(algorithm.name().parse(), Ok(algorithm));
        }
    }

    /// Found by the fuzz target `algorithm_name`: a line feed in the name went into the
    /// message raw, so the error was not one line (and escape sequences reached the terminal).
    #[test]
    fn an_unknown_algorithm_is_quoted_escaped_and_shortened() {
        assert_eq!(
            "\n".parse::<Algorithm>(),
            Err("unknown algorithm '\\u{a}' (expected minimax, negamax or alphabeta)".to_string())
        );
        assert_eq!(
            "\u{1b}[2J".parse::<Algorithm>(),
            Err(
                "unknown algorithm '\\u{1b}[2J' (expected minimax, negamax or alphabeta)"
                    .to_string()
            )
        );
        let long = "x".repeat(10_000);
        let message = long.parse::<Algorithm>().unwrap_err();
        assert_eq!(
            message,
            format!(
                "unknown algorithm '{}…' (expected minimax, negamax or alphabeta)",
                "x".repeat(40)
            )
        );
    }
}
