//! The search itself: one worker (one thread) running iterative deepening or
//! an exact solve over the shared table.
//!
//! Values are always from the side to move's point of view and decisive scores
//! count plies from the root of the search (`ply`), so backing a value up is a
//! negation (none when the same player moves again). The table stores scores
//! node-relative ([`Score::to_node`]) and converts them back on a hit, so a
//! win found through a transposition at another ply keeps its true distance.

use super::busy::BusyTable;
use super::limits::MAX_DEPTH;
use super::ordering::{MoveOrdering, TT_MOVE_KEY, pick};
use super::tt::{Bound, TranspositionTable};
use super::{EngineStats, ExactScale, ExactStrategy, Limits, SearchHooks, SearchInfo, Settings};
use crate::stack::{beyond_reach, grow, must_grow};
use crate::{Evaluator, Game, Score};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use web_time::Instant;

/// No follow-up code.
const NO_FOLLOW: u16 = u16::MAX;

/// A singular-extension test (step 9b) trusts a table bound from at most this many plies
/// less deep than the node.
const SINGULAR_TABLE_DEPTH_SLACK: i32 = 3;

/// Remaining depth of an exact search: never reaches a horizon.
pub(crate) const INFINITE_DEPTH: i32 = 1 << 24;
/// Nodes between two looks at the clock, the node budget and the stop flags.
const POLL_INTERVAL: u64 = 1024;
/// Helpers look more often: when the main thread is done it waits for them, and
/// until each has seen the stop flag, a short search (a few milliseconds) waits too.
const HELPER_POLL_INTERVAL: u64 = 256;

/// Nodes with more moves than this count their moves towards the next poll (see
/// `Worker::weigh_wide_node`); narrower ones, every game's usual nodes, pay one compare.
const WIDE_NODE: usize = 256;

/// Moves of wide nodes between two polls.
const WIDE_MOVES_PER_POLL: u64 = 1 << 16;
/// Aspiration window half-width at the start (hundredths of a unit), or the last change
/// of score between iterations if that is more; four times wider after each failure.
/// (Connect Four, the bench's positions: 10 instead of 25 saved 2-10 % of the nodes at
/// depths 10 and 12 and as much time, the same at depth 8; 5 no better. Without the
/// last change as a floor, Connect Four with no hooks but the key, whose score swings
/// between odd and even depths, failed nearly every window: up to 53 % more nodes.)
const ASPIRATION_DELTA: i32 = 10;
/// Remaining depth below which searches neither probe nor fill the table. Skipping
/// the nodes right above the horizon (2) saves cache misses but cost Connect Four
/// 27 % more nodes and 28 % more CPU time at depth 12: every node uses the table.
const TT_MIN_DEPTH: i32 = 1;
/// Enhanced transposition cutoffs in exact mode: positions that may last this many more
/// plies. (Connect Four, 1 thread: from 18 instead of 24, the opening 44 in 16.7 s instead
/// of 19.0 s with a 1 GiB table, Test_L1_R2 9 % fewer nodes in the same time with 64 MiB;
/// from 14, fewer nodes still but more time: each child probe is a cache miss.)
const ETC_MIN_PLIES: u32 = 18;
/// Enhanced transposition cutoffs at fixed depth: this many plies to go. (Each child
/// probe is a cache miss: from 4 plies, Connect Four's depth 8-12 searches took 2-4 %
/// longer than from 5 for the same nodes or 1-3 % fewer; from 6, no faster than 5.)
const ETC_MIN_DEPTH: i32 = 5;
/// Deferral of busy moves (several threads) in exact mode: positions that may last this
/// many more plies (smaller subtrees are not worth the marks).
const DEFER_MIN_PLIES: u32 = 12;
/// Deferral of busy moves at fixed depth: this many plies to go.
const DEFER_MIN_DEPTH: i32 = 3;
/// Null-move pruning: this many plies to go.
const NULL_MOVE_MIN_DEPTH: i32 = 3;
/// Quiescence and reductions stop extending beyond this ply.
const MAX_PLY: u32 = 2 * MAX_DEPTH;
// `Worker::frontier` leaves out the steps that never run one ply above the horizon.
const _: () = assert!(ETC_MIN_DEPTH > 1 && DEFER_MIN_DEPTH > 1 && NULL_MOVE_MIN_DEPTH > 1);

/// Nodes until a thread's next poll, `total` nodes having been searched by all threads.
///
/// Without a node budget, every `interval` nodes. With one, the poll comes no later
/// than the moment this thread's share of what is left (the rest divided between the
/// `threads`) is used up: one thread stops at exactly the budget, and several pass it
/// by less than their intervals together (`POLL_INTERVAL` + `HELPER_POLL_INTERVAL` per
/// helper). Polling sooner costs nothing until the last few thousand nodes.
fn next_poll(budget: Option<u64>, total: u64, threads: usize, interval: u64) -> u64 {
    match budget {
        Some(budget) => (budget.saturating_sub(total) / threads.max(1) as u64).clamp(1, interval),
        None => interval,
    }
}

/// State shared by all threads of one search.
pub(crate) struct Shared<'a> {
    pub limits: &'a Limits,
    pub table: Option<&'a TranspositionTable>,
    /// With several threads: the children being searched right now (see `busy`).
    pub busy: Option<&'a BusyTable>,
    pub start: Instant,
    /// Raised when any limit is reached or the main thread is done.
    pub stop: AtomicBool,
    pub nodes: AtomicU64,
    pub leaves: AtomicU64,
    pub cutoffs: AtomicU64,
    pub tt_cutoffs: AtomicU64,
}

impl Shared<'_> {
    pub fn stats(&self) -> EngineStats {
        EngineStats {
            nodes: self.nodes.load(Relaxed),
            leaves: self.leaves.load(Relaxed),
            cutoffs: self.cutoffs.load(Relaxed),
            tt_cutoffs: self.tt_cutoffs.load(Relaxed),
        }
    }
}

/// A node's deferral of busy moves (step 10a of the search).
struct Deferral<'a> {
    busy: &'a BusyTable,
    /// Where the node's deferred moves start in `Worker::deferred`.
    from: usize,
    /// Moves taken from the node's ordering so far, and deferred moves taken back.
    picked: usize,
    next: usize,
}

impl<'a> Deferral<'a> {
    fn new(busy: &'a BusyTable, from: usize) -> Self {
        Deferral {
            busy,
            from,
            picked: 0,
            next: from,
        }
    }
}

/// A completed iteration (or exact probe) of one worker.
pub(crate) struct Completed<M> {
    pub depth: u32,
    pub score: Score,
    pub bound: Bound,
    pub pv: Vec<M>,
}

/// What a worker hands back: its completed iterations, best last.
pub(crate) struct WorkerResult<M> {
    pub iterations: Vec<SearchInfo<M>>,
    pub score: Option<Score>,
    pub best: Option<M>,
    pub pv: Vec<M>,
    pub depth: u32,
    pub seldepth: u32,
    pub exact: bool,
}

/// A thread's move lists, kept by the engine from one search to the next: a
/// short search (a Connect Four end position: 50 nodes) otherwise spent a sixth
/// of its time allocating them.
pub(crate) struct Buffers<M> {
    move_pool: Vec<Vec<M>>,
    order_pool: Vec<Vec<(i64, u32)>>,
    noisy: Vec<M>,
    frontier_moves: Vec<M>,
    pv: Vec<Vec<M>>,
    root_moves: Vec<M>,
    /// The history heuristic's table, carried from one search to the next: the moves
    /// that refuted others a move ago mostly still do (empty until a search fills it).
    history: Vec<i32>,
}

impl<M> Buffers<M> {
    /// Forgets the history carried to the next search (a new game).
    pub fn forget_history(&mut self) {
        self.history = Vec::new();
    }
}

impl<M> Default for Buffers<M> {
    fn default() -> Self {
        Buffers {
            move_pool: Vec::new(),
            order_pool: Vec::new(),
            noisy: Vec::new(),
            frontier_moves: Vec::new(),
            pv: Vec::new(),
            root_moves: Vec::new(),
            history: Vec::new(),
        }
    }
}

/// One search thread.
pub(crate) struct Worker<'a, G: Game, H, E> {
    shared: &'a Shared<'a>,
    hooks: &'a H,
    eval: &'a E,
    settings: &'a Settings,
    /// 0 for the main thread (the one that reports and answers), 1.. for helpers.
    id: usize,
    /// Exact mode: no horizon, no heuristic pruning.
    exact: bool,
    stopped: bool,
    /// The principal-variation proof's node budget (`u64::MAX`: none) and whether it ran out.
    node_cap: u64,
    capped: bool,
    /// Nodes searched by this thread; those past `flushed` not yet added to the shared
    /// count. (One counter per node: the poll compares it with `poll_at`.)
    nodes: u64,
    flushed: u64,
    /// Nodes between two polls (`POLL_INTERVAL`, helpers `HELPER_POLL_INTERVAL`).
    poll_interval: u64,
    /// `nodes` at the next poll: `poll_interval` after the last one, or sooner near the
    /// end of a node budget.
    poll_at: u64,
    /// `nodes` when this thread saw the search stop (`u64::MAX`: not yet). The nodes
    /// entered after it only unwind: they are not counted (a budget is met exactly).
    nodes_at_stop: u64,
    /// Moves of wide nodes since the last poll (see `weigh_wide_node`).
    wide_moves: u64,
    leaves: u64,
    cutoffs: u64,
    tt_cutoffs: u64,
    seldepth: u32,
    ordering: MoveOrdering<G::Move>,
    move_pool: Vec<Vec<G::Move>>,
    order_pool: Vec<Vec<(i64, u32)>>,
    /// Scratch buffer for the noisy moves of a leaf.
    noisy: Vec<G::Move>,
    /// The move list of `frontier` nodes.
    frontier_moves: Vec<G::Move>,
    /// Triangular principal-variation table: `pv[ply]` is the best line from `ply`.
    pv: Vec<Vec<G::Move>>,
    /// The move each ply's node leaves out: a singular-extension test searches its node
    /// again without the table move (`None`: a normal search).
    excluded: Vec<Option<G::Move>>,
    /// The follow-up code of the move that led to each ply's node (`NO_FOLLOW`: none).
    follow_codes: Vec<u16>,
    /// The root's legal moves, best of the last iteration first.
    root_moves: Vec<G::Move>,
    /// Moves put off because another thread is searching them (indices into each
    /// node's move list, a stack shared by the nodes on the current line).
    deferred: Vec<u32>,
    /// Whether non-PV nodes one ply above the horizon run `frontier`: heuristic mode, and
    /// moves there in generation order behind the table move (no hints there:
    /// `order_hint_min_depth` above 1; killers and history are not consulted one ply
    /// above the horizon either), unless the settings turn it off.
    lean_frontier: bool,
    /// The main thread's way to start the helper threads, until it has.
    launcher: Option<&'a dyn Fn()>,
    /// The busy table, once there are other threads to share the work with: the main
    /// thread marks nothing before its helpers start (a short search never starts them,
    /// and marking alone cost Test_L2_R1 a fifth of its time).
    busy: Option<&'a BusyTable>,
}

impl<'a, G: Game, H: SearchHooks<G>, E: Evaluator<G>> Worker<'a, G, H, E> {
    pub fn new(
        shared: &'a Shared<'a>,
        hooks: &'a H,
        eval: &'a E,
        settings: &'a Settings,
        id: usize,
        buffers: Buffers<G::Move>,
    ) -> Self {
        let Buffers {
            move_pool,
            order_pool,
            noisy,
            frontier_moves,
            pv,
            root_moves,
            history,
        } = buffers;
        Worker {
            shared,
            hooks,
            eval,
            settings,
            id,
            exact: shared.limits.exact,
            stopped: false,
            node_cap: u64::MAX,
            capped: false,
            nodes: 0,
            flushed: 0,
            poll_interval: if id == 0 {
                POLL_INTERVAL
            } else {
                HELPER_POLL_INTERVAL
            },
            poll_at: next_poll(
                shared.limits.nodes,
                0,
                settings.threads,
                if id == 0 {
                    POLL_INTERVAL
                } else {
                    HELPER_POLL_INTERVAL
                },
            ),
            nodes_at_stop: u64::MAX,
            wide_moves: 0,
            leaves: 0,
            cutoffs: 0,
            tt_cutoffs: 0,
            seldepth: 0,
            ordering: MoveOrdering::with_history(history),
            move_pool,
            order_pool,
            noisy,
            frontier_moves,
            pv,
            root_moves,
            excluded: vec![None; MAX_PLY as usize + 1],
            follow_codes: vec![NO_FOLLOW; MAX_PLY as usize + 2],
            deferred: Vec::new(),
            lean_frontier: settings.lean_frontier
                && !shared.limits.exact
                && hooks.order_hint_min_depth() > 1,
            launcher: None,
            busy: shared
                .busy
                .filter(|_| id > 0 || settings.helper_start_nodes == 0),
        }
    }

    /// The main thread starts the helpers by calling `launch` once it has searched
    /// `Settings::helper_start_nodes` nodes (checked every `POLL_INTERVAL` nodes).
    pub fn start_helpers_later(&mut self, launch: &'a dyn Fn()) {
        self.launcher = Some(launch);
    }

    /// The move lists, for the next search.
    pub fn into_buffers(self) -> Buffers<G::Move> {
        Buffers {
            move_pool: self.move_pool,
            order_pool: self.order_pool,
            noisy: self.noisy,
            frontier_moves: self.frontier_moves,
            pv: self.pv,
            root_moves: self.root_moves,
            history: self.ordering.into_history(),
        }
    }

    // ----- Limits -------------------------------------------------------------

    /// Publishes this thread's counters and checks every limit. Called every
    /// `POLL_INTERVAL` nodes (sooner near the end of a node budget), so a stop
    /// request is seen within about a millisecond on any game with sub-microsecond nodes.
    fn poll(&mut self) {
        self.forget_unwound();
        let shared = self.shared;
        let unflushed = self.nodes - self.flushed;
        let total = shared.nodes.fetch_add(unflushed, Relaxed) + unflushed;
        self.flushed = self.nodes;
        let limits = shared.limits;
        let out_of_nodes = limits.nodes.is_some_and(|n| total >= n);
        self.poll_at = self.nodes
            + next_poll(
                limits.nodes,
                total,
                self.settings.threads,
                self.poll_interval,
            );
        let out_of_time = limits.time.is_some_and(|t| shared.start.elapsed() >= t);
        if out_of_nodes || out_of_time || limits.stop_requested() {
            shared.stop.store(true, Relaxed);
        }
        if shared.stop.load(Relaxed) {
            self.stopped = true;
            self.nodes_at_stop = self.nodes_at_stop.min(self.nodes);
        }
        if self.nodes >= self.node_cap {
            self.stopped = true;
            self.capped = true;
        }
        if self.nodes >= self.settings.helper_start_nodes
            && let Some(launch) = self.launcher.take()
        {
            launch();
            self.busy = self.shared.busy;
        }
    }

    /// Forgets the nodes entered after this thread saw the search stop: they only
    /// unwind, and a node budget is met exactly.
    fn forget_unwound(&mut self) {
        let unwound = self
            .nodes
            .saturating_sub(self.nodes_at_stop)
            .min(self.nodes - self.flushed);
        self.nodes -= unwound;
    }

    /// Counts a node; true when the search must unwind.
    #[inline]
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.poll_at {
            self.poll();
        }
        self.stopped
    }

    /// Counts the moves of a wide node towards the next poll: polls come every so many
    /// nodes, and a node with a million moves (a pile of a million) costs as much as a
    /// million nodes, so without this a search would overrun its time by minutes.
    #[inline]
    fn weigh_wide_node(&mut self, moves: usize) {
        if moves > WIDE_NODE {
            self.wide_moves += moves as u64;
            if self.wide_moves >= WIDE_MOVES_PER_POLL {
                self.wide_moves = 0;
                self.poll();
            }
        }
    }

    /// Hands this thread's counters to the shared totals.
    pub fn flush(&mut self) {
        self.forget_unwound();
        let shared = self.shared;
        shared.nodes.fetch_add(self.nodes - self.flushed, Relaxed);
        self.flushed = self.nodes;
        shared
            .leaves
            .fetch_add(std::mem::take(&mut self.leaves), Relaxed);
        shared
            .cutoffs
            .fetch_add(std::mem::take(&mut self.cutoffs), Relaxed);
        shared
            .tt_cutoffs
            .fetch_add(std::mem::take(&mut self.tt_cutoffs), Relaxed);
    }

    fn nodes_so_far(&self) -> u64 {
        self.shared.nodes.load(Relaxed) + (self.nodes - self.flushed)
    }

    // ----- Buffers ------------------------------------------------------------

    #[inline]
    fn take_moves(&mut self) -> Vec<G::Move> {
        let mut moves = self.move_pool.pop().unwrap_or_default();
        moves.clear();
        moves
    }

    #[inline]
    fn take_order(&mut self) -> Vec<(i64, u32)> {
        let mut order = self.order_pool.pop().unwrap_or_default();
        order.clear();
        order
    }

    #[inline]
    fn clear_pv(&mut self, ply: u32) {
        let ply = ply as usize;
        if self.pv.len() <= ply + 1 {
            self.pv.resize_with(ply + 2, Vec::new);
        }
        self.pv[ply].clear();
    }

    /// `mv` is the new best move at `ply`: its line is `mv`, then the child's line.
    #[inline]
    fn update_pv(&mut self, ply: u32, mv: G::Move) {
        let ply = ply as usize;
        let (here, below) = self.pv.split_at_mut(ply + 1);
        here[ply].clear();
        here[ply].push(mv);
        here[ply].extend_from_slice(&below[0]);
    }

    /// The follow-up code of the move that led to the node at `ply`, if any.
    #[inline]
    fn previous_follow(&self, ply: u32) -> Option<u16> {
        self.follow_codes
            .get(ply as usize)
            .copied()
            .filter(|&c| c != NO_FOLLOW)
    }

    /// Records the follow-up code of `mv` (`None`: a null move), played at `ply`, for the
    /// child's ordering, and returns it (`NO_FOLLOW`: none) for the history's updates.
    #[inline]
    fn set_follow(&mut self, pos: &G, ply: u32, mv: Option<G::Move>) -> u16 {
        let follow = mv
            .and_then(|mv| self.hooks.continuation_code(pos, mv))
            .unwrap_or(NO_FOLLOW);
        if let Some(slot) = self.follow_codes.get_mut(ply as usize + 1) {
            *slot = follow;
        }
        follow
    }

    /// A node's move list and ordering keys back to their pools (the keys only if the node
    /// took a list for them: not in generation order).
    #[inline]
    fn give_back_lists(
        &mut self,
        moves: Vec<G::Move>,
        order: Vec<(i64, u32)>,
        in_generation_order: bool,
    ) {
        put_back(&mut self.move_pool, moves);
        if !in_generation_order {
            put_back(&mut self.order_pool, order);
        }
    }

    /// The table code of the move at `index` in the generated list (never 0).
    #[inline]
    fn code_of(&self, pos: &G, mv: G::Move, index: usize) -> u16 {
        match self.hooks.move_code(pos, mv) {
            Some(code) => code.saturating_add(1),
            None => (index as u16).saturating_add(1),
        }
    }

    /// The value of `child` for the side to move at its parent.
    #[inline]
    fn child_value(
        &mut self,
        child: &G,
        same_side: bool,
        ply: u32,
        depth: i32,
        alpha: Score,
        beta: Score,
    ) -> Score {
        // A child at the horizon goes straight to the leaf path: none of the node
        // steps (window, table, moves) applies to it. A child one ply above it, off the
        // principal variation, straight to `frontier` (step 0 of `search`), without the
        // entry of the search function and its large frame.
        if depth == 1 && beta.raw() - alpha.raw() <= 1 && self.lean_frontier {
            return if same_side {
                self.frontier(child, ply, alpha, beta)
            } else {
                -self.frontier(child, ply, -beta, -alpha)
            };
        }
        match (depth <= 0, same_side) {
            (true, true) => self.quiescence(child, ply, alpha, beta),
            (true, false) => -self.quiescence(child, ply, -beta, -alpha),
            (false, true) => self.search(child, ply, depth, alpha, beta, true),
            (false, false) => -self.search(child, ply, depth, -beta, -alpha, true),
        }
    }

    /// Appends the sort key of every move but `skip` (the table move, already
    /// tried) to `order`, and prefetches the children's table buckets.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn score_moves(
        &mut self,
        pos: &G,
        moves: &[G::Move],
        skip: Option<usize>,
        ply: u32,
        depth: i32,
        side: usize,
        dynamic: bool,
        table: Option<&TranspositionTable>,
        order: &mut Vec<(i64, u32)>,
    ) {
        // A forced move needs no key (Connect Four: 2-4 % of the instructions).
        if moves.len() == 1 {
            order.push((0, 0));
            return;
        }
        // Children at the horizon never look at the table: nothing to prefetch for them.
        let table = table.filter(|_| self.exact || depth > TT_MIN_DEPTH);
        let previous = self.previous_follow(ply);
        let keys = self.ordering.node(ply, side, previous);
        for (i, &mv) in moves.iter().enumerate() {
            if Some(i) == skip {
                continue;
            }
            // A game that cannot tell a child's key without the move pays one move and
            // one key for it: a probe that misses the cache costs more (key-only Connect
            // Four at depth 12: 15 % less time).
            if let Some(table) = table {
                let child_key = self
                    .hooks
                    .hash_after(pos, mv)
                    .unwrap_or_else(|| self.hooks.hash(&pos.after(mv)));
                table.prefetch(child_key);
            }
            let key = if dynamic {
                let game_code = self.hooks.move_code(pos, mv);
                let follow = previous.and_then(|_| self.hooks.continuation_code(pos, mv));
                keys.key(mv, game_code, self.hooks.order_hint(pos, mv), follow)
            } else {
                (self.hooks.order_hint(pos, mv) as i64) << 32
            };
            order.push((key, i as u32));
        }
    }

    /// Whether the subtree below this node is large enough to repay extra work: in exact
    /// mode when the game may last `min_plies` more plies (`without_scale` when the game
    /// gives no [`ExactScale`]), at fixed depth with `min_depth` plies to go. Enhanced
    /// transposition cutoffs (step 7b) and the deferral of busy moves (step 10a) ask it,
    /// each with its own thresholds.
    #[inline]
    fn subtree_is_large(
        &self,
        pos: &G,
        depth: i32,
        min_plies: u32,
        min_depth: i32,
        without_scale: bool,
    ) -> bool {
        if self.exact {
            self.hooks
                .exact_scale(pos)
                .map_or(without_scale, |scale| scale.max_plies >= min_plies)
        } else {
            depth >= min_depth
        }
    }

    /// The next move of a node whose busy moves are deferred (step 10a): the best of
    /// the moves not yet picked whose child no other thread is searching (the first
    /// move is never deferred), or once all are picked, the deferred ones in order.
    fn next_not_busy(
        &mut self,
        deferral: &mut Deferral<'_>,
        pos: &G,
        moves: &[G::Move],
        order: &mut [(i64, u32)],
        n: usize,
    ) -> usize {
        while deferral.picked < moves.len() {
            let index = pick(order, deferral.picked);
            deferral.picked += 1;
            if n > 0 && deferral.busy.is_busy(self.key_after(pos, moves[index])) {
                self.deferred.push(index as u32);
            } else {
                return index;
            }
        }
        deferral.next += 1;
        self.deferred[deferral.next - 1] as usize
    }

    /// The key of the position after `mv`, without making it when the game can tell.
    #[inline]
    fn key_after(&self, pos: &G, mv: G::Move) -> u64 {
        self.hooks
            .hash_after(pos, mv)
            .unwrap_or_else(|| self.hooks.hash(&pos.after(mv)))
    }

    /// A move whose child the table already proves good enough for a beta cutoff:
    /// its value (a lower bound on this node's), or `None`.
    fn transposition_cutoff(
        &self,
        table: &TranspositionTable,
        pos: &G,
        moves: &[G::Move],
        ply: u32,
        depth: i32,
        beta: Score,
    ) -> Option<Score> {
        for &mv in moves {
            // The child is made only when the table knows it (`hash_after` keys it without
            // making it): most probes miss.
            let (key, made) = match self.hooks.hash_after(pos, mv) {
                Some(key) => (key, None),
                None => {
                    let child = pos.after(mv);
                    (self.hooks.hash(&child), Some(child))
                }
            };
            let Some(entry) = table.probe(key) else {
                continue;
            };
            if !(entry.exact || (!self.exact && entry.depth as i32 >= depth - 1)) {
                continue;
            }
            let child = made.unwrap_or_else(|| pos.after(mv));
            let score = entry.score.from_node(ply + 1);
            let (v, proves) = if child.to_move() == pos.to_move() {
                (score, matches!(entry.bound, Bound::Lower | Bound::Exact))
            } else {
                (-score, matches!(entry.bound, Bound::Upper | Bound::Exact))
            };
            if proves && v >= beta {
                return Some(v);
            }
        }
        None
    }

    /// Steps 1, 2 and 2b, the entry of every kind of node: count it (`Some(DRAW)`, to be
    /// discarded, when a limit ends the search); a finished game scores exactly, its
    /// distance counted from the root; a value the game knows without search (a book, an
    /// endgame table) ends the node too. `None`: the node must be searched.
    #[inline(always)]
    fn enter_node(&mut self, pos: &G, ply: u32) -> Option<Score> {
        if self.count_node() {
            return Some(Score::DRAW);
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(outcome) = pos.outcome() {
            self.leaves += 1;
            return Some(outcome.score(ply, true));
        }
        if let Some(known) = self.hooks.known_value(pos) {
            self.leaves += 1;
            return Some(known.from_node(ply));
        }
        None
    }

    // ----- The search ---------------------------------------------------------

    /// Fail-soft alpha-beta (negamax form) with PVS, the table and the game's
    /// hooks. Returns the value of `pos` if it lies inside `(alpha, beta)`, else
    /// a bound on the far side of the window. `depth` is the remaining depth
    /// (`INFINITE_DEPTH` in exact mode), `ply` the distance from the root.
    pub fn search(
        &mut self,
        pos: &G,
        ply: u32,
        depth: i32,
        mut alpha: Score,
        mut beta: Score,
        null_ok: bool,
    ) -> Score {
        // Step 00. Where the stack cannot grow (WebAssembly), no node beyond the ply its
        // frames fit in (`crate::stack::MAX_SEARCH_PLY`; never natively).
        if beyond_reach(ply) {
            return self.beyond_the_stack(pos, ply);
        }
        let pv_node = beta.raw() - alpha.raw() > 1;

        // Step 0. One ply above the horizon, off the principal variation, with moves in
        // generation order: the lean loop of `frontier`, the same steps without the ones
        // that cannot apply there (most interior nodes of a fixed-depth search).
        if depth == 1 && !pv_node && self.lean_frontier {
            return self.frontier(pos, ply, alpha, beta);
        }

        // Step 0b. Deep in a long game, continue on a fresh stack segment when this one
        // runs low (`crate::stack`; a comparison of the ply in any shallow search).
        if must_grow::<G>(ply) {
            return self.search_on_new_stack(pos, ply, depth, alpha, beta, null_ok);
        }
        let nodes_at_entry = self.nodes;
        let excluded = self.excluded.get(ply as usize).copied().flatten();

        // Step 1. Count the node; unwind at once when a limit is reached (the value is then discarded).
        if self.count_node() {
            return Score::DRAW;
        }
        if pv_node {
            self.clear_pv(ply);
        }
        self.seldepth = self.seldepth.max(ply);

        // Step 2. A finished game scores exactly, its distance counted from the root.
        if let Some(outcome) = pos.outcome() {
            self.leaves += 1;
            return outcome.score(ply, true);
        }

        // Step 2b. A value the game knows without search (an opening book, an endgame table).
        if let Some(known) = self.hooks.known_value(pos) {
            self.leaves += 1;
            return known.from_node(ply);
        }

        // Step 3. At the horizon, the evaluation decides (after the noisy moves, if the game has any).
        if depth <= 0 {
            return self.quiescence_body(pos, ply, alpha, beta);
        }

        // Step 4. Mate-distance pruning: from here no result is better than winning with the
        // next move, or worse than losing right after it. A window outside that is decided.
        alpha = alpha.max(Score::loss_in(ply + 1));
        beta = beta.min(Score::win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // The table's bucket is fetched from memory now, while steps 5 and 6 compute:
        // on Connect Four the probe's cache miss was 44 % of the time. (Found once for
        // the probe and the store.)
        let table = self.shared.table.filter(|_| depth >= TT_MIN_DEPTH);
        let key = self.hooks.hash(pos);
        // A singular-extension test (step 9b) neither reads nor writes its node's entry:
        // it searches the node without the table move.
        let bucket = table
            .filter(|_| excluded.is_none())
            .map(|table| table.bucket_of(key));
        if let Some(bucket) = bucket {
            bucket.prefetch();
        }

        // Step 5. Moves: the game may decide the node here (an immediate win, no move that
        // avoids losing at once) or leave out moves that lose at once.
        let mut moves = self.take_moves();
        if let Some(decided) = self.hooks.non_losing_moves(pos, &mut moves) {
            put_back(&mut self.move_pool, moves);
            self.leaves += 1;
            return decided.from_node(ply);
        }
        self.weigh_wide_node(moves.len());
        debug_assert!(
            !moves.is_empty(),
            "a position that is not finished must have a move"
        );

        // Step 6. Static bounds from the game (e.g. "no win before my next stone but one",
        // knowing that step 5 found no immediate win): narrow the window to the values
        // still reachable.
        let (low, high) = self.hooks.value_bounds(pos);
        let (low, high) = (rebase(low, ply), rebase(high, ply));
        if high < beta {
            beta = high;
            if alpha >= beta {
                put_back(&mut self.move_pool, moves);
                return beta;
            }
        }
        if low > alpha {
            alpha = low;
            if alpha >= beta {
                put_back(&mut self.move_pool, moves);
                return alpha;
            }
        }

        // Step 7. Transposition table: a deep enough stored bound that settles the window ends
        // the node (not at PV nodes, which must return their line); its move is tried first.
        // (Nodes with less than TT_MIN_DEPTH plies to go skip it, and so do singular-
        // extension tests.) The bound, its depth and its move are kept for steps 9 and 9b.
        let mut tt_code = 0;
        let mut tt_bound = None::<(Score, Bound)>;
        let mut tt_depth = 0;
        if let Some(bucket) = bucket
            && let Some(entry) = bucket.probe(key)
        {
            let score = entry.score.from_node(ply);
            tt_code = entry.move_code;
            tt_bound = Some((score, entry.bound));
            tt_depth = entry.depth as i32;
            let deep_enough = entry.exact || (!self.exact && entry.depth as i32 >= depth);
            if deep_enough && !pv_node {
                let settles = entry.bound.settles(score, alpha, beta);
                if settles {
                    self.tt_cutoffs += 1;
                    put_back(&mut self.move_pool, moves);
                    return score;
                }
            }
        }

        // Step 7b. Enhanced transposition cutoff: a child already in the table whose value
        // refutes the window ends this node before any move is searched. Each child probe
        // is a cache miss, so only where the subtree is large enough to repay them.
        if !pv_node
            && excluded.is_none()
            && self.settings.transposition_cutoffs
            && let Some(table) = table
            && self.subtree_is_large(pos, depth, ETC_MIN_PLIES, ETC_MIN_DEPTH, false)
            && let Some(v) = self.transposition_cutoff(table, pos, &moves, ply, depth, beta)
        {
            self.tt_cutoffs += 1;
            put_back(&mut self.move_pool, moves);
            return v;
        }

        // Step 7c. Reverse futility pruning (heuristic mode, off the principal variation,
        // where the game gives a margin): near the horizon, an evaluation that beats beta by
        // the margin is taken as a fail-high without searching a move.
        let mut static_eval = None;
        if !self.exact
            && !pv_node
            && !beta.is_decisive()
            && let Some(margin) = self.hooks.futility_margin(pos, depth as u32)
        {
            let eval = *static_eval.get_or_insert_with(|| self.eval.evaluate(pos));
            if eval.raw().saturating_sub(margin.raw()) >= beta.raw() {
                put_back(&mut self.move_pool, moves);
                return eval;
            }
        }

        // Step 8. Null move (heuristic mode, games that allow it): if passing still leaves
        // the side to move at or above beta, a real move will too; cut without searching.
        if !self.exact
            && !pv_node
            && null_ok
            && excluded.is_none()
            && depth >= NULL_MOVE_MIN_DEPTH
            && !beta.is_decisive()
            && let Some(passed) = self.hooks.null_move(pos)
            && *static_eval.get_or_insert_with(|| self.eval.evaluate(pos)) >= beta
        {
            self.set_follow(pos, ply, None); // (the null move has no follow-up code)
            let reduction = 2 + depth / 4;
            let null_alpha = Score::from_raw(-beta.raw() + 1);
            let v = -self.search(
                &passed,
                ply + 1,
                depth - 1 - reduction,
                -beta,
                null_alpha,
                false,
            );
            if self.stopped {
                put_back(&mut self.move_pool, moves);
                return Score::DRAW;
            }
            if v >= beta {
                put_back(&mut self.move_pool, moves);
                // A win proved by passing is not a proof with a move: claim only beta.
                return if v.is_decisive() { beta } else { v };
            }
        }

        // Step 9. Move ordering: table move, then game hint, killers, history; generation order on ties.
        // The table move is tried before the others are scored: it refutes most cut nodes
        // alone, and then the hints (Connect Four: a threat count per move) are never computed.
        let side = pos.to_move().index();
        let dynamic = self.hooks.killers_and_history();
        // Near the horizon (heuristic mode, no killers or history: see the hook) the moves
        // keep generation order behind the table move: no keys to compute or select from.
        let in_generation_order =
            !dynamic && !self.exact && depth < self.hooks.order_hint_min_depth() as i32;
        let mut order = if in_generation_order {
            Vec::new() // (never allocates: nothing is pushed)
        } else {
            self.take_order()
        };
        let tt_index = if tt_code == 0 {
            None
        } else {
            (0..moves.len()).find(|&i| self.code_of(pos, moves[i], i) == tt_code)
        };
        match tt_index {
            _ if in_generation_order => {}
            Some(t) => order.push((TT_MOVE_KEY, t as u32)),
            None => self.score_moves(
                pos, &moves, None, ply, depth, side, dynamic, table, &mut order,
            ),
        }

        // Step 9b. Singular extension (heuristic mode, where the game gives a margin): a
        // table move whose stored lower bound, from nearly this depth, no other move comes
        // near is extended one ply. "Near": a search of this node without it, at half the
        // depth, reaches the bound less the margin. When the others reach it and it is at
        // or above beta, several moves refute this node: it fails high at once (multi-cut).
        let mut singular = None;
        if !self.exact
            && ply > 0
            && ply < MAX_PLY
            && excluded.is_none()
            && let Some(t) = tt_index
            && let Some((tt_score, bound)) = tt_bound
            && bound != Bound::Upper
            && tt_depth >= depth - SINGULAR_TABLE_DEPTH_SLACK
            && !tt_score.is_decisive()
            && let Some(margin) = self.hooks.singular_margin(pos, depth as u32)
        {
            let singular_beta = Score::from_raw(tt_score.raw().saturating_sub(margin.raw()));
            let singular_alpha = Score::from_raw(singular_beta.raw() - 1);
            self.excluded[ply as usize] = Some(moves[t]);
            let v = self.search(
                pos,
                ply,
                (depth - 1) / 2,
                singular_alpha,
                singular_beta,
                false,
            );
            self.excluded[ply as usize] = None;
            if self.stopped {
                self.give_back_lists(moves, order, in_generation_order);
                return Score::DRAW;
            }
            if v < singular_beta {
                singular = Some(t);
            } else if singular_beta >= beta {
                self.give_back_lists(moves, order, in_generation_order);
                return singular_beta;
            }
        }

        // Step 10. The moves, principal variation search: the first with the full window,
        // the others with a null window that only asks "better than alpha?", searched again
        // with the full window when the answer is yes. Late moves may be reduced first.
        // Step 10a (several threads). Deferral of busy moves ("simplified ABDADA", see
        // `busy`): every child with a large subtree is marked busy while it is searched;
        // a move (not the first) whose child another thread has marked is put off until
        // the other moves are done, so the threads split the work instead of repeating it.
        let alpha_at_start = alpha;
        let mut best = -Score::INFINITY;
        let mut best_code = 0;
        // Heuristic mode below the fixed ply: where moves may be skipped (steps 10c-10d).
        let heuristic = !self.exact && ply < MAX_PLY;
        let quiet_margin = heuristic
            .then(|| self.hooks.quiet_move_margin(pos, depth as u32))
            .flatten();
        let late_move_limit = (heuristic && !pv_node)
            .then(|| self.hooks.late_move_limit(pos, depth as u32))
            .flatten();
        // The quiet moves searched without a cutoff (games that tell quiet moves, with
        // killers and history), for the history's penalty when a later move cuts.
        let track_quiets = dynamic && !self.exact;
        let mut quiets_tried = [(0u16, NO_FOLLOW); 32];
        let previous = self.previous_follow(ply);
        let mut quiet_count = 0;
        let mut deferral = self
            .busy
            .filter(|_| self.subtree_is_large(pos, depth, DEFER_MIN_PLIES, DEFER_MIN_DEPTH, true))
            .map(|busy| Deferral::new(busy, self.deferred.len()));
        for n in 0..moves.len() {
            if n == 1 && tt_index.is_some() && !in_generation_order {
                self.score_moves(
                    pos, &moves, tt_index, ply, depth, side, dynamic, table, &mut order,
                );
            }
            let index = match &mut deferral {
                _ if in_generation_order => generation_order_index(n, tt_index),
                None => pick(&mut order, n),
                Some(deferral) => self.next_not_busy(deferral, pos, &moves, &mut order, n),
            };
            let mv = moves[index];
            if excluded == Some(mv) {
                continue;
            }
            let child = pos.after(mv);
            let follow = self.set_follow(pos, ply, Some(mv));
            // Step 10b. Extensions: moves the game wants looked at deeper (chess: checks),
            // and a singular table move.
            let extension = if self.exact || ply >= MAX_PLY {
                0
            } else {
                (self.hooks.extension(pos, mv, &child) as i32)
                    .max(i32::from(singular == Some(index)))
            };
            // Steps 10c-10d: moves skipped near the horizon (heuristic mode). Never the
            // first move or the table move, nor a move the game extends, nor while every
            // move searched loses by force.
            if heuristic && n > 0 && !best.is_loss() && extension == 0 && Some(index) != tt_index {
                // Whether the move is quiet: asked once, for the two steps that need it.
                let mut quiet = None;
                let mut is_quiet =
                    || *quiet.get_or_insert_with(|| self.hooks.is_quiet(pos, mv, &child));
                // Step 10c. Futility pruning (where the game gives a margin): a quiet move is
                // skipped when even the static evaluation plus the margin cannot reach alpha.
                let futile = quiet_margin.is_some_and(|margin| {
                    !alpha.is_decisive()
                        && static_eval
                            .get_or_insert_with(|| self.eval.evaluate(pos))
                            .raw()
                            .saturating_add(margin.raw())
                            <= alpha.raw()
                });
                // Step 10c'. Late-move pruning (off the principal variation, where the game
                // gives a limit): once that many moves are searched, the quiet ones are skipped.
                let late = late_move_limit.is_some_and(|limit| n >= limit);
                // Step 10d. Moves the game judges unpromising on their own (chess: losing
                // material to the exchanges on the square moved to).
                if ((futile || late) && is_quiet()) || self.hooks.unpromising(pos, mv, depth as u32)
                {
                    continue;
                }
            }
            let busy_key = deferral.as_ref().map(|deferral| {
                let key = self.hooks.hash(&child);
                deferral.busy.enter(key);
                (deferral.busy, key)
            });
            if pv_node {
                self.clear_pv(ply + 1);
            }
            let same_side = child.to_move() == pos.to_move();
            let child_depth = depth - 1 + extension;
            let v = if n == 0 || !self.settings.pvs {
                self.child_value(&child, same_side, ply + 1, child_depth, alpha, beta)
            } else {
                let reduction =
                    if self.exact || ply >= MAX_PLY || extension > 0 || Some(index) == tt_index {
                        0
                    } else {
                        (self.hooks.reduction(pos, mv, depth as u32, n) as i32).min(depth - 1)
                    };
                let null_beta = Score::from_raw(alpha.raw() + 1);
                let mut v = self.child_value(
                    &child,
                    same_side,
                    ply + 1,
                    child_depth - reduction,
                    alpha,
                    null_beta,
                );
                if v > alpha && reduction > 0 {
                    v = self.child_value(&child, same_side, ply + 1, child_depth, alpha, null_beta);
                }
                if v > alpha && v < beta {
                    v = self.child_value(&child, same_side, ply + 1, child_depth, alpha, beta);
                }
                v
            };
            if let Some((busy, key)) = busy_key {
                busy.leave(key);
            }
            if self.stopped {
                if let Some(deferral) = &deferral {
                    self.deferred.truncate(deferral.from);
                }
                self.give_back_lists(moves, order, in_generation_order);
                return Score::DRAW;
            }
            if v > best {
                best = v;
                best_code = self.code_of(pos, mv, index);
                if v > alpha {
                    alpha = v;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    // Step 11. Beta cutoff: the opponent will avoid this node. Remember the
                    // refutation as a killer and in the history.
                    if v >= beta {
                        self.cutoffs += 1;
                        if dynamic {
                            let game_code = self.hooks.move_code(pos, mv);
                            self.ordering.on_cutoff(ply, side, mv, game_code, depth);
                            // A quiet refutation also gains follow-up history: after
                            // the previous move, it is tried earlier next time.
                            if let Some(previous) = previous
                                && follow != NO_FOLLOW
                                && self.hooks.is_quiet(pos, mv, &child)
                            {
                                self.ordering.on_follow_up(previous, follow, depth, true);
                            }
                            // The quiet moves tried before it failed here: they lose
                            // history, so they come later next time.
                            for &(code, follow) in &quiets_tried[..quiet_count] {
                                self.ordering.on_failure(side, code, depth);
                                if let Some(previous) = previous
                                    && follow != NO_FOLLOW
                                {
                                    self.ordering.on_follow_up(previous, follow, depth, false);
                                }
                            }
                        }
                        break;
                    }
                }
            }
            if track_quiets
                && quiet_count < quiets_tried.len()
                && self.hooks.is_quiet(pos, mv, &child)
                && let Some(code) = self.hooks.move_code(pos, mv)
            {
                quiets_tried[quiet_count] = (code, follow);
                quiet_count += 1;
            }
        }
        if let Some(deferral) = &deferral {
            self.deferred.truncate(deferral.from);
        }
        self.give_back_lists(moves, order, in_generation_order);

        // Step 12. Store the result with its bound type and depth, node-relative. Exact-mode
        // entries are valid at any depth; their depth byte records the work (for replacement).
        let best = best.max(low).min(high);
        if let Some(bucket) = bucket {
            let bound = bound_of(best, alpha_at_start, beta);
            let depth_byte = if self.exact {
                64 - (self.nodes - nodes_at_entry).leading_zeros() as u8
            } else {
                depth.min(254) as u8
            };
            bucket.store(
                key,
                best.to_node(ply),
                bound,
                depth_byte,
                self.exact,
                best_code,
            );
        }
        best
    }

    /// A non-PV node one ply above the horizon in heuristic mode whose moves keep
    /// generation order behind the table move (no killers or history, no hints there:
    /// `lean_frontier`). The steps of `search` that apply, in the same order, with the
    /// same results; left out are those that cannot apply one ply above the horizon
    /// (enhanced transposition cutoffs, null move, reductions, deferral, PV upkeep,
    /// re-searches). Its children are leaves.
    #[inline(never)]
    fn frontier(&mut self, pos: &G, ply: u32, mut alpha: Score, mut beta: Score) -> Score {
        // Steps 1, 2 and 2b.
        if let Some(value) = self.enter_node(pos, ply) {
            return value;
        }
        // Step 4.
        alpha = alpha.max(Score::loss_in(ply + 1));
        beta = beta.min(Score::win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let table = self.shared.table.filter(|_| 1 >= TT_MIN_DEPTH);
        let key = self.hooks.hash(pos);
        let bucket = table.map(|table| table.bucket_of(key));
        if let Some(bucket) = bucket {
            bucket.prefetch();
        }
        // Step 5. (Its own list: frontier nodes never nest, and a pool trip costs more.)
        let mut moves = std::mem::take(&mut self.frontier_moves);
        moves.clear();
        if let Some(decided) = self.hooks.non_losing_moves(pos, &mut moves) {
            self.frontier_moves = moves;
            self.leaves += 1;
            return decided.from_node(ply);
        }
        self.weigh_wide_node(moves.len());
        // Step 6.
        let (low, high) = self.hooks.value_bounds(pos);
        let (low, high) = (rebase(low, ply), rebase(high, ply));
        if high < beta {
            beta = high;
            if alpha >= beta {
                self.frontier_moves = moves;
                return beta;
            }
        }
        if low > alpha {
            alpha = low;
            if alpha >= beta {
                self.frontier_moves = moves;
                return alpha;
            }
        }
        // Step 7.
        let mut tt_code = 0;
        if let Some(bucket) = bucket
            && let Some(entry) = bucket.probe(key)
        {
            tt_code = entry.move_code;
            let score = entry.score.from_node(ply);
            let deep_enough = entry.exact || entry.depth >= 1;
            let settles = entry.bound.settles(score, alpha, beta);
            if deep_enough && settles {
                self.tt_cutoffs += 1;
                self.frontier_moves = moves;
                return score;
            }
        }
        // Steps 9 and 10: the table move, then generation order; each child a leaf.
        let tt_index = if tt_code == 0 {
            None
        } else {
            (0..moves.len()).find(|&i| self.code_of(pos, moves[i], i) == tt_code)
        };
        let alpha_at_start = alpha;
        let mut best = -Score::INFINITY;
        let mut best_code = 0;
        for n in 0..moves.len() {
            let index = generation_order_index(n, tt_index);
            let mv = moves[index];
            let child = pos.after(mv);
            // Each child a leaf: its quiescence in line (no call per leaf).
            let v = if child.to_move() == pos.to_move() {
                self.quiescence(&child, ply + 1, alpha, beta)
            } else {
                -self.quiescence(&child, ply + 1, -beta, -alpha)
            };
            if self.stopped {
                self.frontier_moves = moves;
                return Score::DRAW;
            }
            if v > best {
                best = v;
                best_code = self.code_of(pos, mv, index);
                if v > alpha {
                    alpha = v;
                    // Step 11.
                    if v >= beta {
                        self.cutoffs += 1;
                        break;
                    }
                }
            }
        }
        self.frontier_moves = moves;
        // Step 12.
        let best = best.max(low).min(high);
        if let Some(bucket) = bucket {
            let bound = bound_of(best, alpha_at_start, beta);
            bucket.store(key, best.to_node(ply), bound, 1, false, best_code);
        }
        best
    }

    /// A node at `crate::stack::MAX_SEARCH_PLY` (WebAssembly only), not searched: in
    /// heuristic mode it is evaluated, like a quiet node at the horizon; in exact mode the
    /// search stops, as at a limit (its result is then not exact).
    #[cold]
    #[inline(never)]
    fn beyond_the_stack(&mut self, pos: &G, ply: u32) -> Score {
        if let Some(value) = self.enter_node(pos, ply) {
            return value;
        }
        if self.exact {
            self.stopped = true;
            self.nodes_at_stop = self.nodes_at_stop.min(self.nodes);
            return Score::DRAW;
        }
        self.leaves += 1;
        self.eval.evaluate(pos)
    }

    /// [`Worker::search`] on a fresh stack segment (out of line: the hot path only
    /// tests the ply).
    #[cold]
    #[inline(never)]
    fn search_on_new_stack(
        &mut self,
        pos: &G,
        ply: u32,
        depth: i32,
        alpha: Score,
        beta: Score,
        null_ok: bool,
    ) -> Score {
        grow::<G, _>(move || self.search(pos, ply, depth, alpha, beta, null_ok))
    }

    /// A node beyond the horizon: counted, checked for the end of the game, then searched.
    /// Inlined: most nodes of a fixed-depth search are leaves, and most leaves are only
    /// evaluated (the noisy moves, rare, are out of line in `quiescence_moves`).
    #[inline(always)]
    fn quiescence(&mut self, pos: &G, ply: u32, alpha: Score, beta: Score) -> Score {
        if let Some(value) = self.enter_node(pos, ply) {
            return value;
        }
        self.quiescence_body(pos, ply, alpha, beta)
    }

    /// Quiescence: the side to move may "stand pat" on the evaluation or try a
    /// noisy move (capture, threat) the game names; only quiet positions are evaluated.
    #[inline(always)]
    fn quiescence_body(&mut self, pos: &G, ply: u32, alpha: Score, beta: Score) -> Score {
        // A side that may not stand pat (in check) tries every move.
        // (Neither beyond `MAX_PLY`, nor, on WebAssembly, `MAX_SEARCH_PLY`.)
        let noisy_ok = ply < MAX_PLY && !beyond_reach(ply);
        if noisy_ok && self.hooks.no_stand_pat(pos) {
            return self.quiescence_all_moves(pos, ply, alpha, beta);
        }
        let stand_pat = self.eval.evaluate(pos);
        // The noisy moves go to a scratch buffer first: most leaves have none, and
        // then cost no trip to the buffer pool.
        self.noisy.clear();
        if noisy_ok {
            self.hooks.noisy_moves(pos, &mut self.noisy);
        }
        if self.noisy.is_empty() || stand_pat >= beta {
            self.leaves += 1;
            return stand_pat;
        }
        // A long line of noisy moves continues on a fresh stack segment when this one
        // runs low (`crate::stack`), as the search does.
        if must_grow::<G>(ply) {
            return grow::<G, _>(move || self.quiescence_moves(pos, ply, alpha, beta, stand_pat));
        }
        self.quiescence_moves(pos, ply, alpha, beta, stand_pat)
    }

    /// The noisy moves of a node beyond the horizon (in `self.noisy`), after standing pat.
    #[inline(never)]
    fn quiescence_moves(
        &mut self,
        pos: &G,
        ply: u32,
        alpha: Score,
        beta: Score,
        stand_pat: Score,
    ) -> Score {
        self.quiescence_through_table(pos, ply, alpha, beta, |this| {
            let mut moves = this.take_moves();
            std::mem::swap(&mut moves, &mut this.noisy);
            this.quiescence_loop(pos, ply, moves, alpha.max(stand_pat), beta, stand_pat)
        })
    }

    /// A node beyond the horizon that has moves to search, through the table: a stored
    /// bound that settles the window answers it (any stored depth is deep enough: a
    /// quiescence value depends on the position alone); else `search` gives its value,
    /// stored at depth 0 unless the search was stopped (the value is then discarded). No
    /// move is stored: the entry's move is kept for the searches that order by it. Leaves
    /// with nothing to search never come here.
    #[inline]
    fn quiescence_through_table(
        &mut self,
        pos: &G,
        ply: u32,
        alpha: Score,
        beta: Score,
        search: impl FnOnce(&mut Self) -> Score,
    ) -> Score {
        let Some(table) = self.shared.table else {
            return search(self);
        };
        let key = self.hooks.hash(pos);
        let bucket = table.bucket_of(key);
        if let Some(entry) = bucket.probe(key) {
            let score = entry.score.from_node(ply);
            if entry.bound.settles(score, alpha, beta) {
                self.tt_cutoffs += 1;
                return score;
            }
        }
        let best = search(self);
        if !self.stopped {
            let bound = bound_of(best, alpha, beta);
            bucket.store(key, best.to_node(ply), bound, 0, false, 0);
        }
        best
    }

    /// Beyond the horizon, a node whose side may not stand pat (`SearchHooks::no_stand_pat`):
    /// every move, as a search one ply deep would, the value being the best child's.
    #[inline(never)]
    fn quiescence_all_moves(&mut self, pos: &G, ply: u32, alpha: Score, beta: Score) -> Score {
        self.quiescence_through_table(pos, ply, alpha, beta, |this| {
            let mut moves = this.take_moves();
            pos.generate_moves(&mut moves);
            this.quiescence_loop(pos, ply, moves, alpha, beta, -Score::INFINITY)
        })
    }

    /// The moves of a node beyond the horizon, each child at the horizon too, from `best`
    /// (standing pat, or nothing); gives `moves` back to the pool.
    #[inline(always)]
    fn quiescence_loop(
        &mut self,
        pos: &G,
        ply: u32,
        moves: Vec<G::Move>,
        mut alpha: Score,
        beta: Score,
        mut best: Score,
    ) -> Score {
        for &mv in &moves {
            let child = pos.after(mv);
            let same_side = child.to_move() == pos.to_move();
            let v = self.child_value(&child, same_side, ply + 1, 0, alpha, beta);
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                alpha = alpha.max(v);
                if v >= beta {
                    self.cutoffs += 1;
                    break;
                }
            }
        }
        put_back(&mut self.move_pool, moves);
        best
    }

    // ----- The root -------------------------------------------------------------

    /// Fills the root move list: every legal move (never a hook's selection, so
    /// the answer is always legal), at fixed depth rotated for helpers so threads
    /// start apart.
    pub fn init_root(&mut self, root: &G) {
        let mut moves = std::mem::take(&mut self.root_moves);
        moves.clear();
        root.generate_moves(&mut moves);
        if self.exact {
            self.order_root(root, &mut moves);
        }
        // At fixed depth, helpers start on other root moves. In exact mode they keep the
        // main thread's order: each probe stops at the first move that proves its bound,
        // so a helper on another move mostly works for nothing, while one on the same
        // move shares its subtree through the busy marks (step 10a of the search;
        // lockstep model on Test_L2_R2: 3 % fewer nodes).
        if self.id > 0 && !self.exact && !moves.is_empty() {
            let by = self.id % moves.len();
            moves.rotate_left(by);
        }
        self.root_moves = moves;
    }

    /// Exact mode: the root's moves in the order an inner node would try them
    /// (the game's non-losing moves first, then by hint, ties in generation
    /// order), since each probe stops at the first move that proves its bound.
    /// Every legal move stays in the list, so the answer is always legal.
    fn order_root(&mut self, root: &G, moves: &mut [G::Move]) {
        if root.outcome().is_some() {
            return;
        }
        // (Pooled lists: an end position's whole solve is a few dozen nodes.)
        let mut kept = self.take_moves();
        let decided = self.hooks.non_losing_moves(root, &mut kept).is_some();
        // The kept moves are a subsequence of the generated ones (hooks drop moves, they
        // do not reorder them): one walk tells which were dropped, in linear time, so a
        // root with millions of moves (a pile of a million) is ordered at once. Hooks that
        // reorder fall back to a search of the kept list.
        let mut dropped = vec![
            false;
            if kept.len() < moves.len() {
                moves.len()
            } else {
                0
            }
        ];
        if !decided && !dropped.is_empty() {
            let mut next = 0;
            for (i, mv) in moves.iter().enumerate() {
                if kept.get(next) == Some(mv) {
                    next += 1;
                } else {
                    dropped[i] = true;
                }
            }
            if next < kept.len() {
                for (i, mv) in moves.iter().enumerate() {
                    dropped[i] = !kept.contains(mv);
                }
            }
        }
        let mut keys = self.take_order();
        keys.extend(moves.iter().enumerate().map(|(i, &mv)| {
            let losing = !decided && dropped.get(i).copied().unwrap_or(false);
            let hint = if losing {
                i64::MIN
            } else {
                self.hooks.order_hint(root, mv) as i64
            };
            (hint, i as u32)
        }));
        // Highest key first, ties in generation order.
        keys.sort_unstable_by_key(|&(hint, i)| (std::cmp::Reverse(hint), i));
        kept.clear();
        kept.extend(keys.iter().map(|&(_, i)| moves[i as usize]));
        moves.copy_from_slice(&kept);
        put_back(&mut self.move_pool, kept);
        put_back(&mut self.order_pool, keys);
    }

    /// Searches every root move (best of the previous iteration first) and
    /// moves the best one to the front. The root line is left in `pv[0]`.
    fn search_root(&mut self, root: &G, depth: i32, mut alpha: Score, beta: Score) -> Score {
        self.clear_pv(0);
        if self.count_node() {
            return Score::DRAW;
        }
        let mut best = -Score::INFINITY;
        let mut best_index = 0;
        for i in 0..self.root_moves.len() {
            let mv = self.root_moves[i];
            let child = root.after(mv);
            self.set_follow(root, 0, Some(mv));
            self.clear_pv(1);
            let same_side = child.to_move() == root.to_move();
            let extension = if self.exact {
                0
            } else {
                self.hooks.extension(root, mv, &child) as i32
            };
            let child_depth = depth - 1 + extension;
            let v = if i == 0 || !self.settings.pvs {
                self.child_value(&child, same_side, 1, child_depth, alpha, beta)
            } else {
                let null_beta = Score::from_raw(alpha.raw() + 1);
                let v = self.child_value(&child, same_side, 1, child_depth, alpha, null_beta);
                if v > alpha && v < beta {
                    self.child_value(&child, same_side, 1, child_depth, alpha, beta)
                } else {
                    v
                }
            };
            if self.stopped {
                return best;
            }
            if v > best {
                best = v;
                best_index = i;
                if v > alpha || i == 0 {
                    self.update_pv(0, mv);
                }
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.root_moves[..=best_index].rotate_right(1);
        best
    }

    // ----- Drivers --------------------------------------------------------------

    fn report<F: FnMut(&SearchInfo<G::Move>)>(
        &self,
        done: &Completed<G::Move>,
        iterations: &mut Vec<SearchInfo<G::Move>>,
        progress: &mut F,
    ) {
        if self.id != 0 {
            return;
        }
        let info = SearchInfo {
            depth: done.depth,
            seldepth: self.seldepth,
            score: done.score,
            bound: done.bound,
            nodes: self.nodes_so_far(),
            time: self.shared.start.elapsed(),
            hashfull: self.shared.table.map_or(0, |table| table.hashfull()),
            pv: done.pv.clone(),
        };
        progress(&info);
        iterations.push(info);
    }

    /// Iterative deepening with aspiration windows (heuristic mode).
    pub fn iterate<F: FnMut(&SearchInfo<G::Move>)>(
        &mut self,
        root: &G,
        progress: &mut F,
    ) -> WorkerResult<G::Move> {
        let limits = self.shared.limits;
        let max_depth = limits.max_depth();
        let mut iterations = Vec::new();
        let mut last: Option<Completed<G::Move>> = None;
        let mut proved = false;
        // The first depth is the one from which the game's step reaches `max_depth`;
        // helpers start one step deeper every other thread, so threads spread over two depths.
        let step = self.hooks.iteration_step().max(1);
        let mut depth = (max_depth.max(1) - 1) % step + 1 + step * (self.id % 2) as u32;
        let mut swing = 0;
        while depth <= max_depth {
            // Aspiration: search a narrow window around the last score, at least as wide as
            // the last change of score from one iteration to the next (an evaluation that
            // swings with the depth would otherwise fail every window); widen on failure.
            let mut delta = ASPIRATION_DELTA.max(swing);
            let (mut alpha, mut beta) = match &last {
                Some(prev)
                    if self.settings.aspiration && depth >= 4 && !prev.score.is_decisive() =>
                {
                    (
                        Score::from_raw(prev.score.raw() - delta),
                        Score::from_raw(prev.score.raw() + delta),
                    )
                }
                _ => (-Score::INFINITY, Score::INFINITY),
            };
            let score = loop {
                let v = self.search_root(root, depth as i32, alpha, beta);
                if self.stopped {
                    break v;
                }
                delta = delta.saturating_mul(4);
                if v <= alpha && alpha > -Score::INFINITY {
                    alpha = if v.is_decisive() {
                        -Score::INFINITY
                    } else {
                        Score::from_raw(v.raw().saturating_sub(delta)).max(-Score::INFINITY)
                    };
                } else if v >= beta && beta < Score::INFINITY {
                    beta = if v.is_decisive() {
                        Score::INFINITY
                    } else {
                        Score::from_raw(v.raw().saturating_add(delta)).min(Score::INFINITY)
                    };
                } else {
                    break v;
                }
            };
            if self.stopped {
                break;
            }
            let done = Completed {
                depth,
                score,
                bound: Bound::Exact,
                pv: self.pv[0].clone(),
            };
            self.report(&done, &mut iterations, progress);
            if let Some(prev) = &last
                && !prev.score.is_decisive()
                && !score.is_decisive()
            {
                swing = (score.raw() - prev.score.raw()).abs();
            }
            last = Some(done);
            // A win or loss within the searched depth is proved: deeper iterations cannot change it.
            if score.plies_to_end().is_some_and(|n| n <= depth) {
                proved = true;
                break;
            }
            // No new iteration after half the time: it would most likely not finish.
            if limits
                .time
                .is_some_and(|t| self.shared.start.elapsed() * 2 >= t)
            {
                break;
            }
            depth += step;
        }
        let fallback = self.root_moves.first().copied();
        match last {
            Some(done) => WorkerResult {
                best: done.pv.first().copied().or(fallback),
                score: Some(done.score),
                depth: done.depth,
                pv: done.pv,
                iterations,
                seldepth: self.seldepth,
                exact: proved,
            },
            None => WorkerResult {
                best: fallback,
                score: None,
                depth: 0,
                pv: fallback.into_iter().collect(),
                iterations,
                seldepth: self.seldepth,
                exact: false,
            },
        }
    }

    /// Exact mode: the true value to the end of the game.
    pub fn solve<F: FnMut(&SearchInfo<G::Move>)>(
        &mut self,
        root: &G,
        progress: &mut F,
    ) -> WorkerResult<G::Move> {
        let mut iterations = Vec::new();
        // The value of an unfinished root lies between losing and winning right after the next move,
        // and within the game's static bounds (asked, as in the search, once the moves are known).
        let mut moves = self.take_moves();
        let (low, high) = match self.hooks.non_losing_moves(root, &mut moves) {
            Some(decided) => (decided, decided),
            None => self.hooks.value_bounds(root),
        };
        put_back(&mut self.move_pool, moves);
        let mut lo = low.max(Score::loss_in(1));
        let mut hi = high.min(Score::win_in(1));
        // The root move that proved the current lower bound `lo`, if a probe did.
        let mut lower_move = None;
        // Near the end of the game one full-window search costs less than a bisection,
        // whose probes each search the root again (Connect Four, 20 plies or fewer to go:
        // 8-25 % fewer instructions; earlier, bisection prunes far more).
        let strategy = match self.settings.exact_strategy {
            ExactStrategy::Bisection
                if self
                    .hooks
                    .exact_scale(root)
                    .is_some_and(|scale| scale.max_plies <= self.settings.full_window_plies) =>
            {
                ExactStrategy::FullWindow
            }
            strategy => strategy,
        };
        match strategy {
            ExactStrategy::FullWindow => {
                // The window just outside the possible values: the value falls inside it.
                let (alpha, beta) = (
                    Score::from_raw(lo.raw() - 1).max(-Score::INFINITY),
                    Score::from_raw(hi.raw() + 1).min(Score::INFINITY),
                );
                let v = self.search_root(root, INFINITE_DEPTH, alpha, beta);
                if !self.stopped {
                    (lo, hi) = (v, v);
                    // The search put the move that reaches the value first.
                    lower_move = self.root_moves.first().copied();
                    let done = Completed {
                        depth: self.seldepth,
                        score: v,
                        bound: Bound::Exact,
                        pv: self.pv[0].clone(),
                    };
                    self.report(&done, &mut iterations, progress);
                }
            }
            ExactStrategy::Bisection => {
                let ladder = self.hooks.exact_scale(root).map(Ladder::new);
                if let Some(ladder) = &ladder {
                    // Only the ladder's values can occur: start from the closest ones.
                    let (min, max) = (ladder.ceil(lo), ladder.floor(hi));
                    (lo, hi) = (ladder.score(min), ladder.score(max.max(min)));
                }
                while lo < hi {
                    let probe = match &ladder {
                        Some(ladder) => ladder.next_probe(lo, hi),
                        None => next_probe(lo, hi),
                    };
                    let v = self.search_root(
                        root,
                        INFINITE_DEPTH,
                        probe,
                        Score::from_raw(probe.raw() + 1),
                    );
                    if self.stopped {
                        break;
                    }
                    let bound = if v <= probe {
                        hi = ladder.as_ref().map_or(v, |l| l.score(l.floor(v)));
                        Bound::Upper
                    } else {
                        lo = ladder.as_ref().map_or(v, |l| l.score(l.ceil(v)));
                        // The root move that failed high reaches at least `lo`.
                        lower_move = self.root_moves.first().copied();
                        Bound::Lower
                    };
                    let done = Completed {
                        depth: self.seldepth,
                        score: if lo == hi { lo } else { v },
                        bound: if lo == hi { Bound::Exact } else { bound },
                        pv: self.pv[0].clone(),
                    };
                    self.report(&done, &mut iterations, progress);
                }
            }
        }
        let solved = lo == hi && !self.stopped;
        let pv = if solved && self.id == 0 {
            match lower_move {
                // The probe that proved "at least the value" found a move reaching it:
                // a best move, with no further search.
                Some(mv) if !self.settings.exact_pv => vec![mv],
                _ => self.prove_line(root, lo),
            }
        } else {
            Vec::new()
        };
        let solved = solved && !self.stopped;
        let best = pv
            .first()
            .copied()
            .or_else(|| self.root_moves.first().copied());
        WorkerResult {
            iterations,
            score: Some(lo),
            best,
            depth: pv.len() as u32,
            pv,
            seldepth: self.seldepth,
            exact: solved,
        }
    }

    /// The principal variation of an exactly solved root: at each node, the first
    /// move (table move first) whose null-window test proves it reaches the value.
    ///
    /// The first move is always proved. The rest of the line may cost at most twice
    /// the value search (or twice `Settings::exact_pv_min_nodes`): where a book made
    /// the value cheap, proving the line to the end could cost a full solve of each
    /// position on it past the book. The line then stops short of the end.
    fn prove_line(&mut self, root: &G, value: Score) -> Vec<G::Move> {
        let budget = self
            .nodes
            .max(self.settings.exact_pv_min_nodes)
            .saturating_mul(2);
        let line = self.prove_line_within(root, value, budget);
        self.node_cap = u64::MAX;
        if self.capped {
            self.capped = false;
            self.stopped = self.shared.stop.load(Relaxed);
        }
        line
    }

    fn prove_line_within(&mut self, root: &G, value: Score, budget: u64) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut pos = root.clone();
        let mut target = value;
        let mut ply = 0;
        let mut moves = Vec::new();
        while pos.outcome().is_none() && !self.stopped {
            moves.clear();
            pos.generate_moves(&mut moves);
            if let Some(table) = self.shared.table
                && let Some(entry) = table.probe(self.hooks.hash(&pos))
                && let Some(i) =
                    (0..moves.len()).find(|&i| self.code_of(&pos, moves[i], i) == entry.move_code)
            {
                moves[..=i].rotate_right(1);
            }
            let mut found = None;
            for &mv in &moves {
                let child = pos.after(mv);
                let same_side = child.to_move() == pos.to_move();
                // Does this move reach at least `target`? One null-window search answers it.
                let reaches = if same_side {
                    self.search(
                        &child,
                        ply + 1,
                        INFINITE_DEPTH,
                        Score::from_raw(target.raw() - 1),
                        target,
                        true,
                    ) >= target
                } else {
                    -self.search(
                        &child,
                        ply + 1,
                        INFINITE_DEPTH,
                        -target,
                        Score::from_raw(-target.raw() + 1),
                        true,
                    ) >= target
                };
                if self.stopped {
                    return line;
                }
                if reaches {
                    found = Some((mv, child, same_side));
                    break;
                }
            }
            let Some((mv, child, same_side)) = found else {
                break;
            };
            line.push(mv);
            if line.len() == 1 {
                self.node_cap = self.nodes.saturating_add(budget);
            }
            pos = child;
            if !same_side {
                target = -target;
            }
            ply += 1;
            if !self.settings.exact_pv {
                break;
            }
        }
        line
    }
}

/// Puts a list back into its pool: in line, where `Vec::push` stayed a call (once or
/// twice a node); the pool grows out of line, the first few nodes of a search only.
#[inline(always)]
fn put_back<T>(pool: &mut Vec<T>, item: T) {
    if pool.len() == pool.capacity() {
        grow_and_push(pool, item);
    } else {
        pool.spare_capacity_mut()[0].write(item);
        // SAFETY: the slot at `len` (below the capacity) was just initialised.
        unsafe { pool.set_len(pool.len() + 1) };
    }
}

#[cold]
#[inline(never)]
fn grow_and_push<T>(pool: &mut Vec<T>, item: T) {
    pool.push(item);
}

/// Step 12: what the result `best` of a search with the window `(alpha, beta)` says
/// about the node's value.
#[inline(always)]
fn bound_of(best: Score, alpha: Score, beta: Score) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// The index of the `n`-th move to try when the moves keep generation order behind
/// the table move (at `tt_index`, if any): the table move, then the others in order.
#[inline]
fn generation_order_index(n: usize, tt_index: Option<usize>) -> usize {
    match tt_index {
        Some(t) if n == 0 => t,
        Some(t) if n <= t => n - 1,
        _ => n,
    }
}

/// A node-relative bound seen from the root; the infinities stay infinite.
#[inline]
fn rebase(bound: Score, ply: u32) -> Score {
    if bound >= Score::INFINITY || bound <= -Score::INFINITY {
        bound
    } else {
        bound.from_node(ply)
    }
}

/// The next null-window probe of exact mode, `lo <= probe < hi`: first the
/// questions that split outcomes (better than a draw? a draw at least? a win?
/// lost?), then halving the remaining range.
fn next_probe(lo: Score, hi: Score) -> Score {
    let questions = [
        Score::DRAW,
        Score::from_raw(-1),
        Score::MAX_HEURISTIC,
        Score::from_raw(Score::MIN_HEURISTIC.raw() - 1),
    ];
    if let Some(&q) = questions.iter().find(|&&q| lo <= q && q < hi) {
        return q;
    }
    let mid = (lo.raw() as i64 + hi.raw() as i64).div_euclid(2);
    Score::from_raw(mid as i32)
}

/// The values of an [`ExactScale`] numbered like Pons' Connect Four scores:
/// rank 0 the draw, `k > 0` the `k`-th slowest win, `-k` the `k`-th slowest
/// loss; quicker results have larger magnitudes.
struct Ladder {
    /// Plies between two possible win (or loss) distances: 2 when a side wins
    /// only with its own moves, else 1.
    step: i64,
    /// The slowest possible win and loss, in plies.
    slowest_win: i64,
    slowest_loss: i64,
}

impl Ladder {
    fn new(scale: ExactScale) -> Ladder {
        let far = scale.max_plies.min(Score::MAX_PLIES) as i64;
        if scale.wins_on_own_move {
            Ladder {
                step: 2,
                slowest_win: if far % 2 == 1 { far } else { far - 1 },
                slowest_loss: if far % 2 == 0 { far } else { far - 1 },
            }
        } else {
            Ladder {
                step: 1,
                slowest_win: far,
                slowest_loss: far,
            }
        }
    }

    /// The score of rank `k`.
    fn score(&self, k: i64) -> Score {
        match k {
            0 => Score::DRAW,
            k if k > 0 => Score::win_in((self.slowest_win - self.step * (k - 1)).max(0) as u32),
            k => Score::loss_in((self.slowest_loss - self.step * (-k - 1)).max(0) as u32),
        }
    }

    /// The largest rank whose score is at most `v`.
    fn floor(&self, v: Score) -> i64 {
        if v >= Score::INFINITY {
            return i64::MAX / 4;
        }
        if v <= -Score::INFINITY {
            return i64::MIN / 4;
        }
        match v.plies_to_end() {
            Some(d) if v.is_win() => {
                let d = d as i64;
                if d <= self.slowest_win {
                    (self.slowest_win - d) / self.step + 1
                } else {
                    0
                }
            }
            Some(d) => {
                let d = d as i64;
                if d <= self.slowest_loss {
                    -((self.slowest_loss - d + self.step - 1) / self.step + 1)
                } else {
                    -1
                }
            }
            None if v >= Score::DRAW => 0,
            None => -1,
        }
    }

    /// The smallest rank whose score is at least `v`.
    fn ceil(&self, v: Score) -> i64 {
        if v >= Score::INFINITY {
            return i64::MAX / 4;
        }
        if v <= -Score::INFINITY {
            return i64::MIN / 4;
        }
        match v.plies_to_end() {
            Some(d) if v.is_win() => {
                let d = d as i64;
                if d <= self.slowest_win {
                    (self.slowest_win - d + self.step - 1) / self.step + 1
                } else {
                    1
                }
            }
            Some(d) => {
                let d = d as i64;
                if d <= self.slowest_loss {
                    -((self.slowest_loss - d) / self.step + 1)
                } else {
                    0
                }
            }
            None if v <= Score::DRAW => 0,
            None => 1,
        }
    }

    /// The next null-window probe for a value known to lie in `lo..=hi`:
    /// halfway in rank, but pulled towards the draw (to half the extreme rank,
    /// rounded towards the quicker result) as in Pons' solver, so the first
    /// probes ask about quick results, whose proofs are short.
    fn next_probe(&self, lo: Score, hi: Score) -> Score {
        let (min, max) = (self.ceil(lo), self.floor(hi));
        let mut med = min + (max - min) / 2;
        // Half the quickest result, rounded towards the quicker one (the probe
        // asks "better than `med`?", so it stays below `max`).
        let (half_min, half_max) = (min.div_euclid(2), ((max + 1).div_euclid(2)).min(max - 1));
        if med <= 0 && half_min < med {
            med = half_min;
        } else if med >= 0 && half_max > med {
            med = half_max;
        }
        self.score(med)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generation_order_puts_the_table_move_first_and_keeps_the_rest() {
        for len in 1..6 {
            let plain: Vec<usize> = (0..len).map(|n| generation_order_index(n, None)).collect();
            assert_eq!(plain, (0..len).collect::<Vec<_>>());
            for t in 0..len {
                let order: Vec<usize> = (0..len)
                    .map(|n| generation_order_index(n, Some(t)))
                    .collect();
                let mut expected = vec![t];
                expected.extend((0..len).filter(|&i| i != t));
                assert_eq!(order, expected, "{len} moves, table move {t}");
            }
        }
    }

    #[test]
    fn ladder_ranks_round_trip_and_round_to_possible_values() {
        let ladder = Ladder::new(ExactScale {
            max_plies: 10,
            wins_on_own_move: true,
        });
        // Wins at 9, 7, 5, 3, 1 plies are ranks 1..=5; losses at 10, 8, .., 2 are -1..=-5.
        for k in -5..=5 {
            let s = ladder.score(k);
            assert_eq!((ladder.floor(s), ladder.ceil(s)), (k, k), "rank {k}");
        }
        assert_eq!(ladder.score(1), Score::win_in(9));
        assert_eq!(ladder.score(-5), Score::loss_in(2));
        // An impossible even win distance lies between two ranks.
        assert_eq!(ladder.floor(Score::win_in(4)), 3);
        assert_eq!(ladder.ceil(Score::win_in(4)), 4);
        assert_eq!(ladder.floor(Score::loss_in(3)), -5);
        assert_eq!(ladder.ceil(Score::loss_in(3)), -4);
        // The first probe of the whole range is biased towards the quick losses.
        let probe = ladder.next_probe(Score::loss_in(2), Score::win_in(1));
        assert_eq!(probe, ladder.score(-3));
        // Every probe splits the range: min <= probe < max, so each answer narrows it.
        for min in -5..=5 {
            for max in min + 1..=5 {
                let probe = ladder.next_probe(ladder.score(min), ladder.score(max));
                let k = ladder.floor(probe);
                assert!(min <= k && k < max, "{min}..{max}: probe at {k}");
            }
        }
    }

    #[test]
    fn probes_split_outcomes_first() {
        let (lo, hi) = (Score::loss_in(1), Score::win_in(1));
        assert_eq!(next_probe(lo, hi), Score::DRAW);
        assert_eq!(
            next_probe(Score::win_in(9), Score::win_in(1)),
            Score::win_in(5)
        );
        assert_eq!(
            next_probe(Score::from_raw(1), Score::win_in(1)),
            Score::MAX_HEURISTIC
        );
        let p = next_probe(Score::win_in(2), Score::win_in(1));
        assert_eq!(p, Score::win_in(2), "lo <= probe < hi");
    }
}
