//! Alpha-beta in negamax form, fail-soft.
//!
//! `alpha` is what the side to move is already sure of elsewhere, `beta` what
//! the opponent is sure of: once a move scores `>= beta`, the opponent will
//! never let the game reach this node, and the remaining moves are pruned
//! (under [`PruningRule::Gt`](super::PruningRule::Gt), only once a move scores
//! `> beta`: a tie goes on).
//! Fail-soft: the value returned may lie outside the window, which gives a
//! tighter bound to the caller (and to a transposition table, later).

use super::context::Context;
use super::{NoObserver, Observer, SearchOptions, SearchResult};
use crate::stack::deeper;
use crate::{Evaluator, Game, Score};

/// Alpha-beta to `depth` plies (`None`: to the end of the game). Same value as
/// [`minimax`](super::minimax()) and [`negamax`](super::negamax()), fewer nodes.
pub fn alpha_beta<G: Game, E: Evaluator<G>>(
    root: &G,
    eval: &E,
    depth: Option<u32>,
) -> SearchResult<G::Move> {
    alpha_beta_with(root, eval, SearchOptions::depth(depth), &mut NoObserver)
}

/// [`alpha_beta`] with options and an observer.
pub fn alpha_beta_with<G: Game, E: Evaluator<G>, O: Observer<G>>(
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
    let value = search(&mut ctx, root, root_ply, -Score::INFINITY, Score::INFINITY);
    ctx.finish(value)
}

fn search<G: Game, E: Evaluator<G>, O: Observer<G>>(
    ctx: &mut Context<'_, G, E, O>,
    pos: &G,
    ply: u32,
    mut alpha: Score,
    beta: Score,
) -> Score {
    if let Some(leaf) = ctx.enter(pos, ply, alpha, beta) {
        return leaf;
    }
    let moves = ctx.moves(pos);
    let mut best = -Score::INFINITY;
    for (i, &mv) in moves.iter().enumerate() {
        let child = pos.after(mv);
        // (`deeper`: a long game continues on a fresh stack segment; see crate::stack.)
        let v = deeper::<G, _>(ply + 1, || {
            if child.to_move() == pos.to_move() {
                search(ctx, &child, ply + 1, alpha, beta)
            } else {
                -search(ctx, &child, ply + 1, -beta, -alpha)
            }
        });
        if v > best {
            best = v;
            // Only a value inside the window is exact, and only exact nodes lie on
            // the principal variation: elsewhere the line would be thrown away.
            if v > alpha && v < beta {
                ctx.update_pv(ply, mv);
            }
            alpha = alpha.max(v);
        }
        if ctx.options.pruning.cuts(v, beta) {
            ctx.stats.cutoffs += 1;
            ctx.observer.cutoff(pos, ply, alpha, beta, &moves[i + 1..]);
            break;
        }
    }
    ctx.recycle(moves);
    ctx.observer.exit(pos, ply, best);
    best
}
