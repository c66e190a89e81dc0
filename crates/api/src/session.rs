//! A game played move by move in one process: the bindings' `Game` (Python) and
//! `PlyGame` (C). Unlike a [`play`](crate::play) request, which carries every move from
//! the start and is replayed whole, a session keeps its current position: a move costs
//! what checking and playing that one move costs, however long the game is, and a move
//! is checked against the legal moves of its own position only.
//!
//! ```
//! use ply_api::session::Session;
//!
//! let mut game = Session::new("tictactoe", None).unwrap();
//! game.play("b2").unwrap();
//! game.play("a1").unwrap();
//! assert_eq!(game.moves(), ["b2", "a1"]);
//! assert!(game.play("b2").is_err()); // taken: refused, and the game is as it was
//! game.undo().unwrap();
//! assert_eq!(game.state().legal_count, 8);
//! ```

use crate::ApiError;
use crate::games::{position_or_start, with_spec};
use crate::play::{StateJson, state_of};
use ply_core::phrase::Phrase;

use ply_games::{GameVisitor, Playable};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};

/// A game's position and the moves that led to it, whatever the game.
trait Line: Send + Sync {
    /// Plays the move written `text`, or refuses it and changes nothing.
    fn play(&mut self, text: &str, number: usize) -> Result<(), ApiError>;
    /// Goes back to the position after `moves` (the first moves played, as written).
    fn rewind(&mut self, moves: &[String]);
    /// The state of the current position (its `moves` left empty).
    fn state(&self, spec: &str) -> StateJson;
}

/// [`Line`] for one game: where the moves started and the position they lead to.
struct Typed<G: Playable> {
    start: G,
    current: G,
}

impl<G: Playable> Line for Typed<G> {
    fn play(&mut self, text: &str, number: usize) -> Result<(), ApiError> {
        let quoted = || ply_core::text::excerpt(text);
        if self.current.outcome().is_some() {
            return Err(crate::refusal::a_move(
                number,
                quoted(),
                Phrase::new("errors.play.already_over"),
            ));
        }
        let mv = self.current.parse_move(text).map_err(|e| {
            crate::refusal::a_move(number, quoted(), crate::refusal::notation_phrase(e))
        })?;
        if !self.current.legal_moves().contains(&mv) {
            return Err(crate::refusal::a_move(
                number,
                quoted(),
                Phrase::new("errors.play.not_legal"),
            ));
        }
        self.current.play(mv);
        Ok(())
    }

    fn rewind(&mut self, moves: &[String]) {
        // Taking moves back replays the others from the start: they were checked when
        // they were played, so this only reads and plays them (games have no general
        // unmove, and a copy of every position kept for undo would cost memory in
        // proportion to the square of the game's length where a position holds its
        // history, as chess does). A move read once reads again the same way.
        let mut pos = self.start.clone();
        for text in moves {
            match pos.parse_move(text) {
                Ok(mv) => pos.play(mv),
                Err(_) => break,
            }
        }
        self.current = pos;
    }

    fn state(&self, spec: &str) -> StateJson {
        state_of(spec, &self.current, &[])
    }
}

/// A game by its spec, at a position, and the moves played since.
pub struct Session {
    spec: String,
    line: Box<dyn Line>,
    /// The moves as they were written.
    moves: Vec<String>,
    /// The current position's state (with `moves` empty: they are [`Session::moves`]).
    state: StateJson,
}

impl Session {
    /// The game `spec` names, at its start or at `position` (in the game's notation).
    pub fn new(spec: &str, position: Option<&str>) -> Result<Session, ApiError> {
        struct Visit<'a>(Option<&'a str>);
        impl GameVisitor for Visit<'_> {
            type Output = Result<Box<dyn Line>, ApiError>;
            fn visit<G: Playable>(self, start: G) -> Self::Output {
                let start = position_or_start(&start, self.0)?;
                Ok(Box::new(Typed {
                    current: start.clone(),
                    start,
                }))
            }
        }
        let line = with_spec(spec, Visit(position))??;
        let state = line.state(spec);
        Ok(Session {
            spec: spec.to_string(),
            line,
            moves: Vec::new(),
            state,
        })
    }

    /// Plays the move written `text` (the game's notation); an illegal move, or one
    /// after the end, is refused and changes nothing.
    ///
    /// A panic of the game's code (a bug) is passed on to the caller, who turns it into
    /// an error, with the session as it was before the move: still usable.
    pub fn play(&mut self, text: &str) -> Result<(), ApiError> {
        let played = self.moves.len();
        let line = &mut self.line;
        let spec = &self.spec;
        let result = catch_unwind(AssertUnwindSafe(|| {
            line.play(text, played + 1)?;
            Ok(line.state(spec))
        }));
        match result {
            Ok(Ok(state)) => {
                self.moves.push(text.to_string());
                self.state = state;
                Ok(())
            }
            Ok(Err(error)) => Err(error),
            Err(panic) => {
                self.line.rewind(&self.moves);
                resume_unwind(panic)
            }
        }
    }

    /// Takes the last move back; refused when no move was played.
    pub fn undo(&mut self) -> Result<(), ApiError> {
        if self.moves.pop().is_none() {
            return Err(ApiError::bad_request_said(Phrase::new(
                "errors.play.no_undo",
            )));
        }
        self.line.rewind(&self.moves);
        self.state = self.line.state(&self.spec);
        Ok(())
    }

    /// The game's spec.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// The moves played, as they were written.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The current position's state; its `moves` are empty (see [`Session::moves`]).
    pub fn state(&self) -> &StateJson {
        &self.state
    }

    /// The current position's state with the moves played: what `POST /api/play/state`
    /// answers for the same game.
    pub fn state_with_moves(&self) -> StateJson {
        StateJson {
            moves: self.moves.clone(),
            ..self.state.clone()
        }
    }
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("spec", &self.spec)
            .field("position", &self.state.position)
            .field("moves", &self.moves.len())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    #[test]
    fn a_session_answers_as_a_request_replayed_from_the_start() {
        let mut game = Session::new("connect4", None).unwrap();
        for mv in ["4", "4", "5", "3"] {
            game.play(mv).unwrap();
        }
        let request = crate::play::GameRequest {
            game: "connect4".into(),
            moves: ["4", "4", "5", "3"].map(String::from).to_vec(),
            ..Default::default()
        };
        assert_eq!(
            game.state_with_moves(),
            crate::play::state(&request).unwrap()
        );
        game.undo().unwrap();
        assert_eq!(game.state().position, "445");
    }

    #[test]
    fn a_refused_move_changes_nothing() {
        let mut game = Session::new("tictactoe", Some("XXX/OO./...")).unwrap();
        let err = game.play("c2").unwrap_err();
        assert_eq!(err.kind, ErrorKind::BadRequest);
        assert_eq!(err.error, "move 1 ('c2'): the game is already over");
        assert!(game.moves().is_empty());
        assert!(game.undo().is_err());
    }

    /// Replaying from the start listed every earlier position's legal moves again: the
    /// sixth move of two piles of a million passed the ten million moves a replay may
    /// list, and 10,000 moves took seconds.
    #[test]
    fn a_move_lists_only_its_own_positions_moves() {
        let mut game = Session::new("nim:1000000,1000000", None).unwrap();
        for mv in ["1:1", "2:1", "1:1", "2:1", "1:1", "1:1"] {
            game.play(mv).unwrap();
        }
        assert_eq!(game.state().position, "999996,999998");
        let mut race = Session::new("race:1000000,1", None).unwrap();
        for _ in 0..20_000 {
            race.play("1").unwrap();
        }
        assert_eq!(race.state().position, "20000");
    }
}
