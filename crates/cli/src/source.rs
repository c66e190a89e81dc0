//! Where the commands find their game: ply's catalog, by the spec on the command line
//! (`tictactoe`, `mnk:4,4,4`), or one game of a library user's own (see
//! [`crate::main_for_game`]), which gets every command that works for any game.

use ply_games::{GameVisitor, NotationError, Playable, with_game};

/// A source of games for the commands: runs `visitor` on the start position that
/// `spec` names.
pub trait GameSource: Sync {
    /// Runs `visitor` on the game `spec` names; an error when it names none.
    fn visit<V: GameVisitor>(&self, spec: &str, visitor: V) -> Result<V::Output, NotationError>;

    /// True when `spec` names this source's own game rather than a file (`ply tree`
    /// reads a file of that name otherwise).
    fn names_a_game(&self, _spec: &str) -> bool {
        false
    }

    /// The goal of the dice game Pig when `spec` names it (`pig`, `pig:N`), or the
    /// refusal of a goal out of range; `None` for any other game (then
    /// [`GameSource::visit`] may know it). A source without Pig answers `None`.
    fn chance_game(&self, _spec: &str) -> Option<anyhow::Result<u32>> {
        None
    }
}

/// ply's own games, by spec ([`ply_games::with_game`]).
pub struct Catalog;

impl GameSource for Catalog {
    fn visit<V: GameVisitor>(&self, spec: &str, visitor: V) -> Result<V::Output, NotationError> {
        with_game(spec, visitor)
    }

    fn chance_game(&self, spec: &str) -> Option<anyhow::Result<u32>> {
        ply_games::chance_game(spec).map(|named| match named {
            Ok(ply_games::ChanceSpec::Pig { goal }) => Ok(goal),
            Err(error) => Err(error.into()),
        })
    }
}

/// One game, whatever the spec says: the command line of a game written with the
/// library. The spec is the game's name, put there by [`crate::main_for_game`].
pub struct OneGame<G>(pub G);

impl<G: Playable> GameSource for OneGame<G> {
    fn visit<V: GameVisitor>(&self, _spec: &str, visitor: V) -> Result<V::Output, NotationError> {
        Ok(visitor.visit(self.0.clone()))
    }

    fn names_a_game(&self, spec: &str) -> bool {
        spec.split('@').next() == Some(self.0.game_name().as_str())
    }
}
