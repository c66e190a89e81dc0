//! When a search stops: depth, node count, wall time, a [`Stop`] (a flag raised by
//! another thread, a deadline, a check: see [`crate::stop`]), or to the end of the
//! game; any combination (the first limit reached wins).
//!
//! ```
//! use ply_core::engine::Limits;
//! use std::sync::{Arc, atomic::AtomicBool};
//! use std::time::Duration;
//!
//! let stop = Arc::new(AtomicBool::new(false));
//! let limits = Limits::depth(12).with_time(Duration::from_millis(500)).with_stop(stop.clone());
//! assert_eq!(limits.depth, Some(12));
//! // Another thread may now call stop.store(true, Ordering::Relaxed) to end the search.
//! assert!(Limits::exact().exact);
//! ```

use crate::stop::Stop;
use std::time::Duration;

/// The deepest iteration the engine ever starts (heuristic mode).
pub const MAX_DEPTH: u32 = 200;

/// Limits of one search. `Limits::default()` has none: the search runs until
/// the value is proved (a win or loss within the searched depth) or `MAX_DEPTH`.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration of iterative deepening.
    pub depth: Option<u32>,
    /// Stop once this many nodes (all threads together) have been searched.
    pub nodes: Option<u64>,
    /// Wall-clock budget. No new iteration starts after half of it.
    pub time: Option<Duration>,
    /// Raised by anyone (another thread, a Ctrl-C handler), or by its deadline or check,
    /// to stop as soon as possible. Looked at every thousand nodes or so.
    pub stop: Option<Stop>,
    /// Exact mode: search to the end of the game, ignoring the evaluation, for
    /// the true value and its remoteness. `depth` is ignored; the other limits
    /// still interrupt the search (the result then says `exact: false`).
    pub exact: bool,
}

impl Limits {
    /// Iterative deepening up to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A wall-clock budget.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    /// At most `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Solve exactly: to the end of the game.
    pub fn exact() -> Limits {
        Limits {
            exact: true,
            ..Limits::default()
        }
    }

    /// These limits, and iterative deepening up to `depth` plies.
    pub fn with_depth(mut self, depth: u32) -> Limits {
        self.depth = Some(depth);
        self
    }

    /// These limits, and at most `nodes` nodes.
    pub fn with_nodes(mut self, nodes: u64) -> Limits {
        self.nodes = Some(nodes);
        self
    }

    /// These limits, and a wall-clock budget.
    pub fn with_time(mut self, time: Duration) -> Limits {
        self.time = Some(time);
        self
    }

    /// These limits, and a stop: a flag anyone may raise (an `Arc<AtomicBool>`
    /// converts), or a [`Stop`] with a deadline or a check.
    pub fn with_stop(mut self, stop: impl Into<Stop>) -> Limits {
        self.stop = Some(stop.into());
        self
    }

    /// True when the external stop is raised (or its deadline passed, or its check says so).
    #[inline]
    pub(crate) fn stop_requested(&self) -> bool {
        self.stop.as_ref().is_some_and(Stop::is_raised)
    }

    /// The deepest heuristic iteration to run.
    pub(crate) fn max_depth(&self) -> u32 {
        self.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH)
    }
}
