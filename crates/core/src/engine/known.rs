//! Values known without search (opening books, endgame tables), added to any
//! game's hooks.
//!
//! A game's hooks type stays what it is; [`WithKnownValues`] wraps it and
//! answers [`SearchHooks::known_value`] from a [`KnownValues`] source, passing
//! every other hook through. `Option<K>` is a source too (`None`: no book), so
//! an engine with or without a book has one type.
//!
//! ```
//! use ply_core::engine::{DefaultHooks, Engine, KnownValues, Limits, Settings, WithKnownValues};
//! use ply_core::testing::TakeOneOrTwo;
//! use ply_core::{NoEvaluation, Player, Score};
//!
//! /// Piles of 1 and 2 are won at once by taking them.
//! struct SmallPiles;
//! impl KnownValues<TakeOneOrTwo> for SmallPiles {
//!     fn known_value(&self, pos: &TakeOneOrTwo) -> Option<Score> {
//!         (1..=2).contains(&pos.left).then_some(Score::win_in(1))
//!     }
//! }
//!
//! let hooks = WithKnownValues::new(DefaultHooks, Some(SmallPiles));
//! let mut engine = Engine::new(hooks, NoEvaluation, Settings::default());
//! let pile = TakeOneOrTwo { left: 10, to_move: Player::First };
//! assert_eq!(engine.search(&pile, &Limits::exact()).score, Score::win_in(7));
//! ```

use super::{ExactScale, SearchHooks};
use crate::{Game, Score};

/// A source of exact values: node-relative (`Score::win_in(1)`: the side to
/// move wins with its next move), game-theoretic.
pub trait KnownValues<G: Game>: Sync {
    /// The exact value of `position` for the side to move, if known without search (node-relative: a win in n plies from it).
    fn known_value(&self, position: &G) -> Option<Score>;
}

impl<G: Game, K: KnownValues<G>> KnownValues<G> for Option<K> {
    #[inline]
    fn known_value(&self, position: &G) -> Option<Score> {
        self.as_ref().and_then(|k| k.known_value(position))
    }
}

impl<G: Game, K: KnownValues<G> + Send> KnownValues<G> for std::sync::Arc<K> {
    #[inline]
    fn known_value(&self, position: &G) -> Option<Score> {
        (**self).known_value(position)
    }
}

/// A game's hooks `H` with values known from `K` (see the [module](self) docs).
#[derive(Clone, Debug, Default)]
pub struct WithKnownValues<H, K> {
    /// The game's own hooks.
    pub hooks: H,
    /// Where known values come from (an opening book, an endgame table).
    pub known: K,
}

impl<H, K> WithKnownValues<H, K> {
    /// The game's `hooks`, answering first from `known`.
    pub fn new(hooks: H, known: K) -> Self {
        WithKnownValues { hooks, known }
    }
}

impl<G: Game, H: SearchHooks<G>, K: KnownValues<G>> SearchHooks<G> for WithKnownValues<H, K> {
    #[inline]
    fn hash(&self, position: &G) -> u64 {
        self.hooks.hash(position)
    }
    #[inline]
    fn hash_after(&self, position: &G, mv: G::Move) -> Option<u64> {
        self.hooks.hash_after(position, mv)
    }
    #[inline]
    fn move_code(&self, position: &G, mv: G::Move) -> Option<u16> {
        self.hooks.move_code(position, mv)
    }
    #[inline]
    fn order_hint(&self, position: &G, mv: G::Move) -> i32 {
        self.hooks.order_hint(position, mv)
    }
    /// The source first, then the wrapped hooks' own answer.
    #[inline]
    fn known_value(&self, position: &G) -> Option<Score> {
        self.known
            .known_value(position)
            .or_else(|| self.hooks.known_value(position))
    }
    #[inline]
    fn non_losing_moves(&self, position: &G, moves: &mut Vec<G::Move>) -> Option<Score> {
        self.hooks.non_losing_moves(position, moves)
    }
    #[inline]
    fn value_bounds(&self, position: &G) -> (Score, Score) {
        self.hooks.value_bounds(position)
    }
    #[inline]
    fn killers_and_history(&self) -> bool {
        self.hooks.killers_and_history()
    }
    #[inline]
    fn order_hint_min_depth(&self) -> u32 {
        self.hooks.order_hint_min_depth()
    }
    #[inline]
    fn exact_scale(&self, position: &G) -> Option<ExactScale> {
        self.hooks.exact_scale(position)
    }
    #[inline]
    fn noisy_moves(&self, position: &G, moves: &mut Vec<G::Move>) {
        self.hooks.noisy_moves(position, moves)
    }
    #[inline]
    fn no_stand_pat(&self, position: &G) -> bool {
        self.hooks.no_stand_pat(position)
    }
    #[inline]
    fn extension(&self, position: &G, mv: G::Move, child: &G) -> u32 {
        self.hooks.extension(position, mv, child)
    }
    #[inline]
    fn futility_margin(&self, position: &G, depth: u32) -> Option<Score> {
        self.hooks.futility_margin(position, depth)
    }
    #[inline]
    fn null_move(&self, position: &G) -> Option<G> {
        self.hooks.null_move(position)
    }
    #[inline]
    fn quiet_move_margin(&self, position: &G, depth: u32) -> Option<Score> {
        self.hooks.quiet_move_margin(position, depth)
    }
    #[inline]
    fn is_quiet(&self, position: &G, mv: G::Move, child: &G) -> bool {
        self.hooks.is_quiet(position, mv, child)
    }
    #[inline]
    fn late_move_limit(&self, position: &G, depth: u32) -> Option<usize> {
        self.hooks.late_move_limit(position, depth)
    }
    #[inline]
    fn singular_margin(&self, position: &G, depth: u32) -> Option<Score> {
        self.hooks.singular_margin(position, depth)
    }
    #[inline]
    fn continuation_code(&self, position: &G, mv: G::Move) -> Option<u16> {
        self.hooks.continuation_code(position, mv)
    }
    #[inline]
    fn unpromising(&self, position: &G, mv: G::Move, depth: u32) -> bool {
        self.hooks.unpromising(position, mv, depth)
    }
    #[inline]
    fn reduction(&self, position: &G, mv: G::Move, depth: u32, move_number: usize) -> u32 {
        self.hooks.reduction(position, mv, depth, move_number)
    }
    #[inline]
    fn iteration_step(&self) -> u32 {
        self.hooks.iteration_step()
    }
}

#[cfg(test)]
mod tests {
    /// Every hook of `SearchHooks` must be passed through: a forgotten one would
    /// silently fall back to its default and slow the wrapped game down. The
    /// compiler cannot see that, so count the methods of the trait and of the impl.
    #[test]
    fn every_hook_is_passed_through() {
        let trait_source = include_str!("mod.rs");
        let start = trait_source
            .find("pub trait SearchHooks")
            .expect("the trait");
        let end = start + trait_source[start..].find("\n}\n").expect("its end");
        let hooks = trait_source[start..end].matches("    fn ").count();
        let wrapper = include_str!("known.rs");
        let impl_start = wrapper
            .find("for WithKnownValues<H, K> {")
            .expect("the impl");
        let impl_end = impl_start + wrapper[impl_start..].find("\n}\n").expect("its end");
        let passed = wrapper[impl_start..impl_end].matches("    fn ").count();
        assert_eq!(passed, hooks, "WithKnownValues must implement every hook");
    }
}
