//! Lazy SMP with busy moves deferred: every thread runs the same iterative
//! deepening (or exact solve) from the same root, sharing the transposition
//! table and the busy table (`busy`): a thread puts off a move whose subtree
//! another thread is searching right now, so the threads split the tree rather
//! than repeat each other (simplified ABDADA). The main thread's answer is the
//! engine's answer; when it is done it raises the stop flag and the helpers
//! return.
//!
//! Helpers start at the main thread's first poll after
//! `Settings::helper_start_nodes` nodes: a short search starts no thread.
//! Threads are scoped (`std::thread::scope`): they borrow the root, the hooks,
//! the evaluation and the tables, and are all joined before `search` returns.

use super::search::{Buffers, Shared, Worker, WorkerResult};
use super::{Bound, Engine, EngineResult, Limits, SearchHooks, SearchInfo};
use crate::{Evaluator, Game};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use web_time::Instant;

pub(crate) fn search<G, H, E, F>(
    engine: &mut Engine<G, H, E>,
    root: &G,
    limits: &Limits,
    mut progress: F,
) -> EngineResult<G::Move>
where
    G: Game + Sync,
    H: SearchHooks<G>,
    E: Evaluator<G> + Sync,
    F: FnMut(&SearchInfo<G::Move>),
{
    let Engine {
        hooks,
        eval,
        settings,
        table,
        buffers,
        busy,
        ..
    } = engine;
    let (hooks, eval, settings, table) = (&*hooks, &*eval, &*settings, table.as_ref());
    let start = Instant::now();
    if let Some(table) = table {
        table.new_search();
    }
    // A finished root has its value and no move.
    if let Some(outcome) = root.outcome() {
        let score = outcome.score(0, true);
        return EngineResult {
            score,
            best: None,
            pv: Vec::new(),
            depth: 0,
            seldepth: 0,
            stats: Default::default(),
            time: start.elapsed(),
            iterations: Vec::new(),
            exact: true,
            stopped: false,
        };
    }
    let shared = Shared {
        limits,
        table,
        busy: busy.as_ref().filter(|_| settings.threads > 1),
        start,
        stop: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        leaves: AtomicU64::new(0),
        cutoffs: AtomicU64::new(0),
        tt_cutoffs: AtomicU64::new(0),
    };
    // One thread: no scope to set up (a short search, such as a Connect Four end
    // position, is a few microseconds).
    let main = if settings.threads <= 1 {
        let mut main = Worker::new(&shared, hooks, eval, settings, 0, std::mem::take(buffers));
        let result = run(&mut main, root, limits.exact, &mut progress);
        let stopped_by_limit = shared.stop.load(Relaxed);
        *buffers = main.into_buffers();
        (result, stopped_by_limit)
    } else {
        std::thread::scope(|scope| {
            let shared = &shared;
            let launch = || {
                for id in 1..settings.threads {
                    scope.spawn(move || {
                        let mut helper =
                            Worker::new(shared, hooks, eval, settings, id, Buffers::default());
                        run(
                            &mut helper,
                            root,
                            limits.exact,
                            &mut |_: &SearchInfo<G::Move>| {},
                        );
                    });
                }
            };
            // The main thread reuses the move lists of the last search (helpers, which run
            // only in long searches, make their own: moves need not be `Send`).
            let mut main = Worker::new(shared, hooks, eval, settings, 0, std::mem::take(buffers));
            // The helpers start once the search has lasted long enough to repay their start.
            if settings.helper_start_nodes == 0 {
                launch();
            } else {
                main.start_helpers_later(&launch);
            }
            let result = run(&mut main, root, limits.exact, &mut progress);
            // Whatever ended the main thread (a limit, the last depth, a proof) ends the helpers.
            let stopped_by_limit = shared.stop.swap(true, Relaxed);
            *buffers = main.into_buffers();
            (result, stopped_by_limit)
        })
    };
    let (result, stopped) = main;
    // Every thread has returned: every mark must have been cleared on the way out.
    debug_assert!(shared.busy.is_none_or(|busy| busy.is_empty()));
    let score = result.score.unwrap_or_else(|| eval.evaluate(root));
    let mut iterations = result.iterations;
    if let Some(last) = iterations.last_mut() {
        last.bound = if result.exact || !limits.exact {
            Bound::Exact
        } else {
            last.bound
        };
    }
    EngineResult {
        score,
        best: result.best,
        pv: result.pv,
        depth: result.depth,
        seldepth: result.seldepth,
        stats: shared.stats(),
        time: start.elapsed(),
        iterations,
        exact: result.exact,
        stopped,
    }
}

/// One thread's whole search.
fn run<G: Game, H: SearchHooks<G>, E: Evaluator<G>, P: FnMut(&SearchInfo<G::Move>)>(
    worker: &mut Worker<'_, G, H, E>,
    root: &G,
    exact: bool,
    progress: &mut P,
) -> WorkerResult<G::Move> {
    worker.init_root(root);
    let result = if exact {
        worker.solve(root, progress)
    } else {
        worker.iterate(root, progress)
    };
    worker.flush();
    result
}

#[cfg(test)]
mod tests {
    use crate::Game;
    use crate::engine::{DefaultHooks, Engine, Limits, Settings};
    use crate::testing::RandomTree;

    fn engine(
        threads: usize,
        hash_mib: usize,
    ) -> Engine<RandomTree, DefaultHooks, impl crate::Evaluator<RandomTree> + Sync> {
        let settings = Settings {
            helper_start_nodes: 0,
            ..Settings::default()
                .with_threads(threads)
                .with_hash(hash_mib)
        };
        Engine::new(DefaultHooks, RandomTree::evaluator(), settings)
    }

    #[test]
    fn every_busy_mark_is_cleared_after_a_search() {
        let tree = RandomTree::ragged(7, 5, 8).with_value_range(30);
        for threads in [2, 4] {
            for limits in [Limits::exact(), Limits::depth(6), Limits::nodes(3_000)] {
                let mut engine = engine(threads, 1);
                let result = engine.search(&tree, &limits);
                assert!(tree.legal_moves().contains(&result.best.unwrap()));
                let busy = engine
                    .busy
                    .as_ref()
                    .expect("a busy table with several threads");
                assert!(busy.is_empty(), "{threads} threads, {limits:?}");
            }
        }
    }

    #[test]
    fn one_thread_has_no_busy_table() {
        assert!(engine(1, 1).busy.is_none());
        assert!(engine(2, 0).busy.is_some());
    }
}
