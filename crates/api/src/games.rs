//! The catalog of games, for a front end's menu.

use crate::ApiError;
use ply_core::phrase::Phrase;
use ply_games::{GameVisitor, with_game};
use serde::Serialize;

/// The position `text` names in `start`'s game (`None`: the start itself), or the
/// refusal of a position that does not read.
pub fn position_or_start<G: ply_games::Playable>(
    start: &G,
    text: Option<&str>,
) -> Result<G, ApiError> {
    match text {
        Some(text) => start.parse_position(text).map_err(|e| {
            ApiError::parse_said(
                Phrase::new("errors.position").arg("message", crate::refusal::notation_phrase(e)),
            )
        }),
        None => Ok(start.clone()),
    }
}

/// Runs `visitor` on the game `spec` names, or refuses an unknown spec.
pub fn with_spec<V: GameVisitor>(spec: &str, visitor: V) -> Result<V::Output, ApiError> {
    with_game(spec, visitor).map_err(notation_error)
}

/// A game's refusal of a text (a spec, a position, a move) as the API's: in its own
/// words where it has them.
pub fn notation_error(error: ply_games::NotationError) -> ApiError {
    ApiError::bad_request_said(crate::refusal::notation_phrase(error))
}

/// One game of the catalog: the answer to `GET /api/games` is a list of these.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// How a request names the game (`tictactoe`, `connect4`, `nim:3,4,5`).
    pub spec: String,
    /// What the game is, in words.
    pub name: String,
    /// The spec's pattern in the catalog, when the game takes parameters (`nim:a,b,...`).
    pub pattern: String,
}

/// A playable example of each pattern of the catalog, with its description.
const EXAMPLES: &[(&str, &str)] = &[
    ("tictactoe", "tictactoe"),
    ("mnk:M,N,K", "mnk:4,4,3"),
    ("connect4", "connect4"),
    ("connect4:WxH", "connect4:5x4"),
    ("race:N,K", "race:10,2"),
    ("nim:a,b,...", "nim:3,4,5"),
    ("misere-nim:a,b,...", "misere-nim:3,4,5"),
    ("bash:N,M", "bash:10,3"),
    ("wythoff:a,b", "wythoff:4,6"),
    ("subtraction:N,...;S", "subtraction:20,17;1,3,4"),
    ("pursuit:GRAPH[,cops=K]", "pursuit:grid:3x3"),
    (
        "pursuit-hidden:GRAPH[,cops=K]",
        "pursuit-hidden:cycle:5,cops=2",
    ),
];

/// Every game of the catalog that the searches take, each with a spec that can be
/// played as it is. The games of chance (Pig) are left out: they have routes of their
/// own ([`crate::pig`]), and a game's search would refuse them.
pub fn list_games() -> Vec<GameInfo> {
    ply_games::catalog::GAMES
        .iter()
        .filter(|(pattern, _)| ply_games::chance_game(pattern).is_none())
        .map(|&(pattern, name)| GameInfo {
            spec: EXAMPLES
                .iter()
                .find(|(p, _)| *p == pattern)
                .map_or(pattern, |(_, example)| example)
                .to_string(),
            name: name.to_string(),
            pattern: pattern.to_string(),
        })
        .collect()
}
