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

use crate::bash::Bash;
use crate::chess::Chess;
use crate::connect4::Connect4;
use crate::mnk::Mnk;
use crate::nim::Nim;
use crate::notation::{NotationError, Playable};
use crate::pursuit::{HiddenPursuit, Pursuit};
use crate::race::Race;
use crate::subtraction::Subtraction;
use crate::wythoff::Wythoff;
use ply_core::phrase::Phrase;
use ply_core::text::excerpt;

/// Code that works for any game: the catalog calls `visit` with the game's start position.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs the caller's code on the game's start position (a concrete type: no dynamic dispatch).
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
        "connect4",
        "Connect Four, 7 columns x 6 rows; positions are the columns played, e.g. 4453",
    ),
    (
        "connect4:WxH",
        "Connect Four on W columns x H rows (W <= 9, W*(H+1) <= 64), e.g. connect4:5x4",
    ),
    (
        "chess",
        "chess; positions are FENs or startpos, either followed by moves ..., e.g. 'startpos moves e4 e5'",
    ),
    (
        "race:N,K",
        "add 1..K to a running total; who reaches exactly N wins (race = race:10,2)",
    ),
    (
        "nim:a,b,...",
        "Nim: take any number from one pile; who takes the last object wins",
    ),
    (
        "misere-nim:a,b,...",
        "misère Nim: who takes the last object loses",
    ),
    (
        "bash:N,M",
        "one pile of N, take 1..M; who takes the last object wins",
    ),
    (
        "wythoff:a,b",
        "take from one pile, or the same number from both",
    ),
    (
        "subtraction:N,...;S",
        "take a size in the set S from one pile, e.g. subtraction:20,17;1,3,4",
    ),
    (
        "pursuit:GRAPH[,cops=K]",
        "K cops (default 1) chase a visible fugitive on a graph, e.g. pursuit:grid:3x3,cops=2",
    ),
    (
        "pursuit-hidden:GRAPH[,cops=K]",
        "K cops plan a search for an invisible fugitive, e.g. pursuit-hidden:cycle:5,cops=2",
    ),
    (
        "pig",
        "Pig, the dice game: roll or hold, first to 100; positions like 12+7-30 (solve, play)",
    ),
    (
        "pig:N",
        "Pig played to N (1 to 200) instead of 100, e.g. pig:20",
    ),
];

/// A game of chance that the catalog names: it has its own routes (solved by value
/// iteration, played with a die), because a deterministic search must never take
/// chance's throw for a player's choice. [`with_game`] refuses these specs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChanceSpec {
    /// Pig to `goal` ([`crate::pig`]).
    Pig {
        /// The score that wins, 1 to [`crate::pig::MAX_GOAL`].
        goal: u32,
    },
}

impl ChanceSpec {
    /// The spec that names this game: `pig` for the usual goal, `pig:N` otherwise.
    pub fn spec(&self) -> String {
        match *self {
            ChanceSpec::Pig { goal } if goal == crate::pig::DEFAULT_GOAL => "pig".to_string(),
            ChanceSpec::Pig { goal } => format!("pig:{goal}"),
        }
    }
}

/// The game of chance `spec` names (`pig`, `pig:N`), or `None` when it names none
/// (then [`with_game`] may know it); an error for a game of chance badly specified
/// (`pig:0`, `pig:x`).
pub fn chance_game(spec: &str) -> Option<Result<ChanceSpec, NotationError>> {
    let spec = spec.trim();
    let (name, args) = match spec.split_once(':') {
        Some((name, args)) => (name, Some(args)),
        None => (spec, None),
    };
    if !name.eq_ignore_ascii_case("pig") {
        return None;
    }
    let Some(args) = args else {
        return Some(Ok(ChanceSpec::Pig {
            goal: crate::pig::DEFAULT_GOAL,
        }));
    };
    let max = crate::pig::MAX_GOAL;
    let args = args.trim();
    let goal = match args.parse::<u32>() {
        Ok(goal) if (1..=max).contains(&goal) => goal,
        Ok(goal) => {
            return Some(Err(NotationError::said(
                Phrase::new("errors.game.pig_goal")
                    .arg("max", max)
                    .arg("goal", goal),
            )));
        }
        Err(_) if !args.is_empty() && args.bytes().all(|b| b.is_ascii_digit()) => {
            return Some(Err(NotationError::said(
                Phrase::new("errors.game.pig_goal")
                    .arg("max", max)
                    .arg("goal", excerpt(args)),
            )));
        }
        Err(_) => {
            return Some(Err(NotationError::said(
                Phrase::new("errors.game.pig_goal_number")
                    .arg("goal", excerpt(args))
                    .arg("max", max),
            )));
        }
    };
    Some(Ok(ChanceSpec::Pig { goal }))
}

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
        ("connect4" | "c4", None) => Ok(visitor.visit(Connect4::standard())),
        ("connect4" | "c4", Some(args)) => Ok(visitor.visit(Connect4::from_spec_args(args)?)),
        ("chess", None) => Ok(visitor.visit(Chess::start())),
        ("mnk", None) => Err(NotationError::said(Phrase::new("errors.game.mnk_needs"))),
        ("race", None) => Ok(visitor.visit(Race::new(10, 2)?)),
        ("race", Some(args)) => Ok(visitor.visit(Race::from_spec_args(args)?)),
        ("nim", Some(args)) => Ok(visitor.visit(Nim::from_spec_args(args, false)?)),
        ("misere-nim" | "misère-nim" | "misere" | "misère", Some(args)) => {
            Ok(visitor.visit(Nim::from_spec_args(args, true)?))
        }
        ("bash", Some(args)) => Ok(visitor.visit(Bash::from_spec_args(args)?)),
        ("wythoff", Some(args)) => Ok(visitor.visit(Wythoff::from_spec_args(args)?)),
        ("subtraction", Some(args)) => Ok(visitor.visit(Subtraction::from_spec_args(args)?)),
        ("nim" | "misere-nim" | "misère-nim" | "misere" | "misère", None) => Err(
            NotationError::said(Phrase::new("errors.game.nim_needs").arg("name", name)),
        ),
        ("bash", None) => Err(NotationError::said(Phrase::new("errors.game.bash_needs"))),
        ("wythoff", None) => Err(NotationError::said(Phrase::new(
            "errors.game.wythoff_needs",
        ))),
        ("subtraction", None) => Err(NotationError::said(Phrase::new(
            "errors.game.subtraction_needs",
        ))),
        ("pursuit", Some(args)) => Ok(visitor.visit(Pursuit::from_spec_args(args)?)),
        ("pursuit-hidden", Some(args)) => Ok(visitor.visit(HiddenPursuit::from_spec_args(args)?)),
        ("pursuit" | "pursuit-hidden", None) => Err(NotationError::said(
            Phrase::new("errors.game.pursuit_needs").arg("name", name),
        )),
        ("pig", _) => Err(match chance_game(spec) {
            Some(Err(error)) => error,
            _ => NotationError::said(Phrase::new("errors.game.dice").arg("spec", excerpt(spec))),
        }),
        _ => Err(unknown_game(spec)),
    }
}

fn unknown_game(spec: &str) -> NotationError {
    let known: Vec<&str> = GAMES.iter().map(|(name, _)| *name).collect();
    NotationError::said(
        Phrase::new("errors.game.unknown")
            .arg("spec", excerpt(spec))
            .arg("known", known.join(", ")),
    )
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
                NotationError::said(
                    Phrase::new("errors.game.not_whole")
                        .arg("game", game)
                        .arg("field", field)
                        .arg("text", excerpt(part.trim())),
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pig_is_a_game_of_chance_with_its_goal() {
        assert_eq!(
            chance_game("pig").unwrap(),
            Ok(ChanceSpec::Pig { goal: 100 })
        );
        assert_eq!(
            chance_game(" PIG:20 ").unwrap(),
            Ok(ChanceSpec::Pig { goal: 20 })
        );
        assert_eq!(
            chance_game("pig:200").unwrap(),
            Ok(ChanceSpec::Pig { goal: 200 })
        );
        assert_eq!(ChanceSpec::Pig { goal: 100 }.spec(), "pig");
        assert_eq!(ChanceSpec::Pig { goal: 20 }.spec(), "pig:20");
        for bad in [
            "pig:0",
            "pig:201",
            "pig:99999999999",
            "pig:x",
            "pig:",
            "pig:-3",
        ] {
            let error = chance_game(bad).unwrap().unwrap_err().to_string();
            assert!(error.starts_with("pig: the goal"), "{bad}: {error}");
        }
        assert!(chance_game("tictactoe").is_none());
        assert!(chance_game("piglet").is_none());
    }

    #[test]
    fn the_deterministic_catalog_refuses_pig_by_name() {
        struct Name;
        impl GameVisitor for Name {
            type Output = String;
            fn visit<G: Playable>(self, start: G) -> String {
                start.game_name()
            }
        }
        let error = with_game("pig", Name).unwrap_err().to_string();
        assert!(error.contains("dice game"), "{error}");
        let error = with_game("pig:0", Name).unwrap_err().to_string();
        assert!(error.contains("from 1 to 200"), "{error}");
    }
}
