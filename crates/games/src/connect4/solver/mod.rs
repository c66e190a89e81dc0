//! A solver for the standard 7x6 board alone, faster than the engine with
//! [`Connect4Hooks`](super::Connect4Hooks) (docs/connect4.md, "The standard board's
//! solver").
//!
//! Every size and constant is the standard board's, so every shift is known when it is
//! compiled. Each idea has its file:
//! - `board.rs`: the board's constants and bit tricks;
//! - `dead.rs`: stones whose colour no longer matters, left out of the table's key;
//! - `table.rs`: the table, one 64-bit word an entry, shared by threads;
//! - `search.rs`: the static look before each node, negamax with null windows, the
//!   probe schedule at the root, and the helper threads' noise.
//!
//! ```
//! use ply_core::stop::Stop;
//! use ply_games::{Connect4, Notation, connect4::StandardSolver};
//!
//! let solver = StandardSolver::new(1 << 20, 1).unwrap();
//! let pos = Connect4::standard().parse_position("44444422233").unwrap();
//! let solution = solver.solve(&pos, &Stop::new()).unwrap().unwrap();
//! assert!(solution.score > 0); // the side to move wins
//! ```

mod board;
mod dead;
mod search;
mod table;

use super::{Column, Connect4};
use ply_core::memory::{self, MemoryError};
use ply_core::stop::Stop;
use search::{Position, Searcher};
use std::sync::Mutex;
use table::Table;

/// What [`StandardSolver::solve`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Pons' score from the side to move's view: a win with the `n`-th stone of the
    /// game is `(44 - n) / 2`, a draw 0, a loss the winner's score negated.
    pub score: i32,
    /// A column that reaches the score (none on a full board).
    pub best: Option<Column>,
    /// Nodes searched, every thread's.
    pub nodes: u64,
}

/// Why a position cannot be solved here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StandardSolveError {
    /// Only the 7x6 board is known.
    #[error("the standard solver knows only the 7x6 board, not {0}x{1}")]
    NotStandard(u32, u32),
    /// A four is on the board already.
    #[error("the game is over: a four is on the board")]
    GameOver,
}

/// The standard board's solver: a table (kept between solves until
/// [`StandardSolver::clear`]) and a number of threads.
pub struct StandardSolver {
    table: Table,
    threads: usize,
}

impl StandardSolver {
    /// A solver with a table of about `table_bytes` and `threads` threads (at least
    /// one, at most what the build runs: one in WebAssembly). Refused when the table's
    /// memory cannot be had.
    pub fn new(table_bytes: usize, threads: usize) -> Result<StandardSolver, MemoryError> {
        let what = || {
            format!(
                "the solver's table of {}",
                memory::human_bytes(table_bytes as u64)
            )
        };
        memory::check(what, table_bytes as u64)?;
        let table = Table::with_bytes(table_bytes)
            .ok_or_else(|| MemoryError::new(what(), table_bytes as u64, None))?;
        Ok(StandardSolver {
            table,
            threads: threads.clamp(1, ply_core::threads::most()),
        })
    }

    /// The table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Empties the table: cheaply, by moving on to its next generation of entries (every
    /// 63rd time, by writing zeros over it).
    pub fn clear(&self) {
        self.table.clear();
    }

    /// Empties the table by writing zeros over all of it, which also brings it whole into
    /// memory and the cache (as a benchmark that times each search alone wants).
    pub fn clear_all(&self) {
        self.table.clear();
        self.table.zero();
    }

    /// The exact score of `pos` and a best column. `Ok(None)` when `stop` ended the
    /// search first.
    pub fn solve(
        &self,
        pos: &Connect4,
        stop: &Stop,
    ) -> Result<Option<Solution>, StandardSolveError> {
        self.solve_with(pos, stop, &mut |_| {})
    }

    /// [`StandardSolver::solve`], telling `on_probe` what each null-window probe at the
    /// root proved: the window the score is known to lie in, narrowing to one value.
    pub fn solve_with(
        &self,
        pos: &Connect4,
        stop: &Stop,
        on_probe: &mut dyn FnMut(Window),
    ) -> Result<Option<Solution>, StandardSolveError> {
        self.solve_seeded(pos, stop, 0, on_probe)
    }

    /// [`StandardSolver::solve`] as a helper of another solve of `pos` over the same
    /// table: its moves near the root ordered with noise from `seed` (not 0), so that it
    /// runs ahead into other subtrees and fills the table for the solve it helps (lazy
    /// SMP between solves; the first to finish answers, and stops the other through
    /// `stop`).
    pub fn solve_as_helper(
        &self,
        pos: &Connect4,
        stop: &Stop,
        seed: u64,
    ) -> Result<Option<Solution>, StandardSolveError> {
        self.solve_seeded(pos, stop, seed.max(1), &mut |_| {})
    }

    /// A solve whose first thread orders with noise from `seed` (0: none).
    fn solve_seeded(
        &self,
        pos: &Connect4,
        stop: &Stop,
        seed: u64,
        on_probe: &mut dyn FnMut(Window),
    ) -> Result<Option<Solution>, StandardSolveError> {
        if !pos.is_standard() {
            return Err(StandardSolveError::NotStandard(pos.width(), pos.height()));
        }
        if pos.won {
            return Err(StandardSolveError::GameOver);
        }
        let (own, stones) = pos.bitboards();
        let root = Position {
            own,
            stones,
            moves: pos.moves_played() as i32,
        };
        let column = |c: u32| c as Column;
        let mut main = Searcher::new(&self.table, stop, 0);
        if let Some((score, best)) = main.start(root) {
            return Ok(Some(Solution {
                score,
                best: best.map(column),
                nodes: 0,
            }));
        }
        let nodes = std::cell::Cell::new(0);
        let schedule = search::probe_schedule(
            root,
            |probe| {
                let (answer, probe_nodes) = self.probe(root, probe, stop, seed);
                nodes.set(nodes.get() + probe_nodes);
                answer
            },
            |lower, upper, raised_lower| {
                on_probe(Window {
                    lower,
                    upper,
                    raised_lower,
                    nodes: nodes.get(),
                })
            },
        );
        let Some((lower, best_column)) = schedule else {
            return Ok(None);
        };
        let mut nodes = nodes.get();
        let found = main.finish(root, lower, best_column);
        nodes += main.nodes;
        Ok(found.map(|(score, best)| Solution {
            score,
            best: best.map(column),
            nodes,
        }))
    }

    /// One null-window probe of `root` above `probe`: the fail-soft value with the
    /// root's column of the cutoff (if it failed high there), or `None` when stopped;
    /// and the nodes it took.
    ///
    /// With more than one thread, lazy SMP: every thread searches the probe over the
    /// shared table, the helpers with noise in their ordering near the root so that
    /// they run ahead into different subtrees; the first to finish answers and stops
    /// the rest.
    fn probe(
        &self,
        root: Position,
        probe: i32,
        stop: &Stop,
        seed: u64,
    ) -> (Option<(i32, Option<u32>)>, u64) {
        if self.threads == 1 {
            let mut searcher = Searcher::new(&self.table, stop, seed);
            let value = searcher.probe(root, probe);
            let answer = (!searcher.aborted).then(|| (value, searcher.root_best()));
            return (answer, searcher.nodes);
        }
        let done = stop.child();
        let answer = Mutex::new(None);
        let search = |seed: u64| {
            let mut searcher = Searcher::new(&self.table, &done, seed);
            let value = searcher.probe(root, probe);
            if !searcher.aborted {
                let mut answer = answer.lock().unwrap_or_else(|e| e.into_inner());
                answer.get_or_insert((value, searcher.root_best()));
                done.raise();
            }
            searcher.nodes
        };
        let nodes = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..self.threads as u64)
                .map(|thread| {
                    let search = &search;
                    scope.spawn(move || search(thread.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
                })
                .collect();
            let own = search(seed);
            own + helpers
                .into_iter()
                .map(|h| h.join().unwrap_or(0))
                .sum::<u64>()
        });
        (
            answer.into_inner().unwrap_or_else(|e| e.into_inner()),
            nodes,
        )
    }
}

/// What the probes at the root have proved so far: the score lies in
/// `lower..=upper` (Pons' scores, the side to move's view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The score is at least this.
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
    /// Whether this probe raised `lower` (it failed high) rather than lowered `upper`.
    pub raised_lower: bool,
    /// Nodes searched so far.
    pub nodes: u64,
}
