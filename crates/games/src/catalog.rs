//! The games ply knows by name, and how to hand one to code that is generic over games.
//!
//! ```
//! use ply_games::{GameVisitor, Playable, with_game};
//!
//! struct Name;
//! impl GameVisitor for Name {
//!     type Output = String;
//!     fn visit<G: Playable>(self, start: G) -> String { start.game_name() }
//! }
//! assert_eq!(with_game("mnk:4,4,4", Name).unwrap(), "mnk:4,4,4");
//! assert!(with_game("chequers", Name).is_err());
//! ```

use crate::mnk::Mnk;
use crate::notation::{NotationError, Playable};
use crate::pursuit::{HiddenPursuit, Pursuit};

/// Code that works for any game: the catalog calls `visit` with the game's start position.
pub trait GameVisitor {
    type Output;
    fn visit<G: Playable>(self, start: G) -> Self::Output;
}

/// The catalog of games, for `--help` texts: (spec, description).
pub const GAMES: &[(&str, &str)] = &[
    ("tictactoe", "tic-tac-toe on 3x3 (alias ttt)"),
    (
        "mnk:M,N,K",
        "M columns, N rows, K in a row wins (M*N <= 64), e.g. mnk:4,4,4",
    ),
    (
        "pursuit:GRAPH[,cops=K]",
        "K cops (default 1) chase a visible fugitive on a graph, e.g. pursuit:grid:3x3,cops=2",
    ),
    (
        "pursuit-hidden:GRAPH[,cops=K]",
        "K cops plan a search for an invisible fugitive, e.g. pursuit-hidden:cycle:5,cops=2",
    ),
];

/// The graphs of the pursuit games, for `--help` texts: (spec, description).
pub const GRAPHS: &[(&str, &str)] = &[
    ("path:N", "N vertices in a row, named 0..N-1"),
    ("cycle:N", "N >= 3 vertices in a ring"),
    (
        "grid:WxH",
        "W columns, H rows, vertices named a1 (top left) like board cells",
    ),
    (
        "tree:P1,P2,...",
        "vertex 0 is the root, Pi the parent of vertex i (tree:0,0,1,1)",
    ),
    (
        "petersen",
        "the Petersen graph (10 vertices, 3 cops needed)",
    ),
    ("file:PATH", "an edge list from a file (docs/pursuit.md)"),
];

/// Parses a game spec (`tictactoe`, `mnk:4,4,4`, ...) and runs `visitor` on its start position.
pub fn with_game<V: GameVisitor>(spec: &str, visitor: V) -> Result<V::Output, NotationError> {
    let spec = spec.trim();
    let (name, args) = match spec.split_once(':') {
        Some((name, args)) => (name, Some(args)),
        None => (spec, None),
    };
    match (name.to_ascii_lowercase().as_str(), args) {
        ("tictactoe" | "ttt" | "tic-tac-toe", None) => Ok(visitor.visit(Mnk::tic_tac_toe())),
        ("mnk", Some(args)) => Ok(visitor.visit(Mnk::from_spec_args(args)?)),
        ("mnk", None) => Err(NotationError::new(
            "mnk needs its size: mnk:M,N,K (e.g. mnk:4,4,4)",
        )),
        ("pursuit", Some(args)) => Ok(visitor.visit(Pursuit::from_spec_args(args)?)),
        ("pursuit-hidden", Some(args)) => Ok(visitor.visit(HiddenPursuit::from_spec_args(args)?)),
        ("pursuit" | "pursuit-hidden", None) => Err(NotationError::new(format!(
            "{name} needs a graph: {name}:GRAPH[,cops=K] (GRAPH: path:N, cycle:N, grid:WxH, tree:P1,P2,..., petersen, file:PATH)"
        ))),
        _ => Err(unknown_game(spec)),
    }
}

fn unknown_game(spec: &str) -> NotationError {
    let known: Vec<&str> = GAMES.iter().map(|(name, _)| *name).collect();
    NotationError::new(format!(
        "unknown game '{spec}' (known: {})",
        known.join(", ")
    ))
}

/// Parses a comma-separated list of numbers, naming the field in errors.
pub(crate) fn parse_numbers(
    game: &str,
    args: &str,
    field_names: &[&str],
) -> Result<Vec<u32>, NotationError> {
    args.split(',')
        .enumerate()
        .map(|(i, part)| {
            let field = field_names.get(i).copied().unwrap_or("value");
            part.trim().parse::<u32>().map_err(|_| {
                NotationError::new(format!(
                    "{game}: {field} '{}' is not a non-negative whole number",
                    part.trim()
                ))
            })
        })
        .collect()
}
