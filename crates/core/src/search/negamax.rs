//! Negamax: one function for both players, every value from the side to move's
//! point of view. A child's value is negated when the turn passes to the other
//! player (and kept as it is in games where a player may move twice in a row).

use super::context::Context;
use super::{NoObserver, Observer, SearchOptions, SearchResult};
use crate::stack::deeper;
use crate::{Evaluator, Game, Score};

/// Plain negamax to `depth` plies (`None`: to the end of the game).
pub fn negamax<G: Game, E: Evaluator<G>>(
    root: &G,
    eval: &E,
    depth: Option<u32>,
) -> SearchResult<G::Move> {
    negamax_with(root, eval, SearchOptions::depth(depth), &mut NoObserver)
}

/// [`negamax`] with options and an observer.
pub fn negamax_with<G: Game, E: Evaluator<G>, O: Observer<G>>(
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
    let mut ctx = Context::new(eval, observer, options, root_ply);
    let value = search(&mut ctx, root, root_ply);
    ctx.finish(value)
}

fn search<G: Game, E: Evaluator<G>, O: Observer<G>>(
    ctx: &mut Context<'_, G, E, O>,
    pos: &G,
    ply: u32,
) -> Score {
    if let Some(leaf) = ctx.enter(pos, ply, -Score::INFINITY, Score::INFINITY) {
        return leaf;
    }
    let moves = ctx.moves(pos);
    let mut best = -Score::INFINITY;
    for &mv in &moves {
        let child = pos.after(mv);
        // (`deeper`: a long game continues on a fresh stack segment; see crate::stack.)
        let v = deeper::<G, _>(ply + 1, || search(ctx, &child, ply + 1));
        let v = if child.to_move() == pos.to_move() {
            v
        } else {
            -v
        };
        if v > best {
            best = v;
            ctx.update_pv(ply, mv);
        }
    }
    ctx.recycle(moves);
    ctx.observer.exit(pos, ply, best);
    best
}
