//! Minimax as two mutually recursive functions, Max and Min.
//!
//! Values are from the first player's point of view: the first player (MAX)
//! takes the largest child value, the second player (MIN) the smallest. This is
//! the textbook form; [`negamax`](super::negamax) folds the two into one.

use super::context::Context;
use super::{NoObserver, Observer, SearchOptions, SearchResult};
use crate::stack::deeper;
use crate::{Evaluator, Game, Player, Score};

/// Plain minimax (Max/Min form) to `depth` plies (`None`: to the end of the game).
///
/// The returned value is for the side to move at the root, like every search in ply.
pub fn minimax<G: Game, E: Evaluator<G>>(
    root: &G,
    eval: &E,
    depth: Option<u32>,
) -> SearchResult<G::Move> {
    minimax_with(root, eval, SearchOptions::depth(depth), &mut NoObserver)
}

/// [`minimax`] with options and an observer.
pub fn minimax_with<G: Game, E: Evaluator<G>, O: Observer<G>>(
    root: &G,
    eval: &E,
    options: SearchOptions,
    observer: &mut O,
) -> SearchResult<G::Move> {
    run(root, eval, options, observer, 0)
}

pub(super) fn run<G: Game, E: Evaluator<G>, O: Observer<G>>(
    root: &G,
    eval: &E,
    options: SearchOptions,
    observer: &mut O,
    root_ply: u32,
) -> SearchResult<G::Move> {
    let mut search = Context::new(eval, observer, options, root_ply);
    let for_first = value(&mut search, root, root_ply);
    let value = from_first(root.to_move(), for_first);
    search.finish(value)
}

/// Converts between the first player's view and the view of `player`.
#[inline]
fn from_first(player: Player, value: Score) -> Score {
    match player {
        Player::First => value,
        Player::Second => -value,
    }
}

/// The value of `pos` for the first player: Max decides where the first player moves, Min elsewhere.
fn value<G: Game, E: Evaluator<G>, O: Observer<G>>(
    ctx: &mut Context<'_, G, E, O>,
    pos: &G,
    ply: u32,
) -> Score {
    match pos.to_move() {
        Player::First => max_value(ctx, pos, ply),
        Player::Second => min_value(ctx, pos, ply),
    }
}

/// MAX to move: the largest value among the children.
fn max_value<G: Game, E: Evaluator<G>, O: Observer<G>>(
    ctx: &mut Context<'_, G, E, O>,
    pos: &G,
    ply: u32,
) -> Score {
    if let Some(leaf) = ctx.enter(pos, ply, -Score::INFINITY, Score::INFINITY) {
        return leaf; // the first player is to move: their view is the first player's
    }
    let moves = ctx.moves(pos);
    let mut best = -Score::INFINITY;
    for &mv in &moves {
        // (`deeper`: a long game continues on a fresh stack segment; see crate::stack.)
        let v = deeper::<G, _>(ply + 1, || value(ctx, &pos.after(mv), ply + 1));
        if v > best {
            best = v;
            ctx.update_pv(ply, mv);
        }
    }
    ctx.recycle(moves);
    ctx.observer.exit(pos, ply, best);
    best
}

/// MIN to move: the smallest value among the children.
fn min_value<G: Game, E: Evaluator<G>, O: Observer<G>>(
    ctx: &mut Context<'_, G, E, O>,
    pos: &G,
    ply: u32,
) -> Score {
    if let Some(leaf) = ctx.enter(pos, ply, -Score::INFINITY, Score::INFINITY) {
        return -leaf; // scored for the second player, who is to move
    }
    let moves = ctx.moves(pos);
    let mut best = Score::INFINITY;
    for &mv in &moves {
        // (`deeper`: a long game continues on a fresh stack segment; see crate::stack.)
        let v = deeper::<G, _>(ply + 1, || value(ctx, &pos.after(mv), ply + 1));
        if v < best {
            best = v;
            ctx.update_pv(ply, mv);
        }
    }
    ctx.recycle(moves);
    ctx.observer.exit(pos, ply, -best);
    best
}
