//! Bookkeeping shared by the textbook searches: move buffers reused across the
//! whole search (no allocation per node once warm), the triangular
//! principal-variation table, statistics and the leaf test.

use super::line::Line;
use super::{Algorithm, Observer, SearchOptions, SearchResult, SearchStats};
use crate::{Evaluator, Game, Score};

pub(super) struct Context<'a, G: Game, E, O> {
    pub eval: &'a E,
    pub observer: &'a mut O,
    pub options: SearchOptions,
    pub root_ply: u32,
    pub stats: SearchStats,
    move_pool: Vec<Vec<G::Move>>,
    /// The line of the best move found so far at each ply of the current line.
    pv: Vec<Line<G::Move>>,
}

impl<'a, G: Game, E: Evaluator<G>, O: Observer<G>> Context<'a, G, E, O> {
    pub fn new(eval: &'a E, observer: &'a mut O, options: SearchOptions, root_ply: u32) -> Self {
        Context {
            eval,
            observer,
            options,
            root_ply,
            stats: SearchStats::default(),
            move_pool: Vec::new(),
            pv: Vec::new(),
        }
    }

    /// Counts the node, and scores it if it is not to be expanded: the game is
    /// over, or the depth limit is reached. The score is for the side to move.
    #[inline]
    pub fn enter(&mut self, pos: &G, ply: u32, alpha: Score, beta: Score) -> Option<Score> {
        // Stopped: every node is a leaf now, so the search unwinds at once.
        if self.observer.stop_requested() {
            return Some(Score::DRAW);
        }
        self.stats.nodes += 1;
        self.observer.enter(pos, ply, alpha, beta);
        let slot = (ply - self.root_ply) as usize;
        if self.pv.len() <= slot + 1 {
            self.pv.resize_with(slot + 2, Line::default);
        }
        self.pv[slot] = Line::default();
        let value = if let Some(outcome) = pos.outcome() {
            outcome.score(ply, self.options.distance_aware)
        } else if self.options.depth.is_some_and(|d| ply - self.root_ply >= d) {
            self.eval.evaluate(pos)
        } else {
            return None;
        };
        self.stats.leaves += 1;
        self.observer.leaf(pos, ply, value);
        self.observer.exit(pos, ply, value);
        Some(value)
    }

    /// A cleared move list for this node, borrowed from the pool.
    #[inline]
    pub fn moves(&mut self, pos: &G) -> Vec<G::Move> {
        let mut moves = self.move_pool.pop().unwrap_or_default();
        moves.clear();
        pos.generate_moves(&mut moves);
        moves
    }

    #[inline]
    pub fn recycle(&mut self, moves: Vec<G::Move>) {
        self.move_pool.push(moves);
    }

    /// `mv` is the new best move at `ply`: its line is `mv` then the child's line.
    #[inline]
    pub fn update_pv(&mut self, ply: u32, mv: G::Move) {
        let slot = (ply - self.root_ply) as usize;
        self.pv[slot] = Line::cons(mv, &self.pv[slot + 1]);
    }

    pub fn finish(self, value: Score) -> SearchResult<G::Move> {
        let pv = self.pv.first().map(Line::to_vec).unwrap_or_default();
        SearchResult {
            value,
            best: pv.first().copied(),
            pv,
            stats: self.stats,
        }
    }
}

/// Runs `algorithm` from a position `root_ply` plies below the caller's root,
/// so decisive scores count their distance from that root.
pub(super) fn search_from<G: Game, E: Evaluator<G>, O: Observer<G>>(
    algorithm: Algorithm,
    root: &G,
    eval: &E,
    options: SearchOptions,
    observer: &mut O,
    root_ply: u32,
) -> SearchResult<G::Move> {
    match algorithm {
        Algorithm::Minimax => super::minimax::run(root, eval, options, observer, root_ply),
        Algorithm::Negamax => super::negamax::run(root, eval, options, observer, root_ply),
        Algorithm::AlphaBeta => super::alpha_beta::run(root, eval, options, observer, root_ply),
    }
}
