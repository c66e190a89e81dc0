//! How a caller stops an operation: a flag it may raise at any time (Ctrl-C on the
//! command line, a server shutting down), and the time each operation is given.

use ply_core::{Game, Observer};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The caller's hold on an operation: raising [`Control::flag`] stops it.
#[derive(Clone, Debug, Default)]
pub struct Control {
    stop: Arc<AtomicBool>,
}

impl Control {
    /// A control nobody has raised.
    pub fn new() -> Control {
        Control::default()
    }

    /// A control raised by `flag` (a Ctrl-C handler's, say).
    pub fn with_flag(flag: Arc<AtomicBool>) -> Control {
        Control { stop: flag }
    }

    /// The flag that stops the operation.
    pub fn flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// A flag raised when this control is, or after `time`, whichever comes first.
    /// A small watcher thread raises it; it ends when the flag is raised or dropped.
    pub fn flag_after(&self, time: Duration) -> Arc<AtomicBool> {
        self.watched_flag(Instant::now().checked_add(time))
    }

    /// A flag of its own, raised when this control is: the caller may raise it alone
    /// (to stop one search once it has what it needs) without raising the control.
    pub fn linked(&self) -> Arc<AtomicBool> {
        self.watched_flag(None)
    }

    fn watched_flag(&self, deadline: Option<Instant>) -> Arc<AtomicBool> {
        let flag = Arc::new(AtomicBool::new(false));
        let (watched, outer) = (Arc::downgrade(&flag), self.stop.clone());
        let watcher = std::thread::Builder::new()
            .name("ply-deadline".into())
            .spawn(move || {
                loop {
                    let Some(flag) = watched.upgrade() else {
                        return;
                    };
                    let now = Instant::now();
                    if deadline.is_some_and(|d| now >= d) || outer.load(Ordering::Relaxed) {
                        flag.store(true, Ordering::Relaxed);
                        return;
                    }
                    if flag.load(Ordering::Relaxed) {
                        return;
                    }
                    drop(flag);
                    let wait = deadline.map_or(Duration::from_millis(5), |d| d - now);
                    std::thread::sleep(wait.min(Duration::from_millis(5)));
                }
            });
        // Without a thread there is no deadline: the flag is raised at once, so that
        // the operation falls back to its quickest answer rather than running unbounded.
        if watcher.is_err() {
            flag.store(true, Ordering::Relaxed);
        }
        flag
    }
}

/// A textbook search's observer that stops it when a flag is raised or after a number of nodes.
pub(crate) struct StopObserver {
    flag: Arc<AtomicBool>,
    nodes: u64,
    max_nodes: u64,
    stopped: bool,
}

impl StopObserver {
    pub(crate) fn new(flag: Arc<AtomicBool>, max_nodes: u64) -> StopObserver {
        StopObserver {
            flag,
            nodes: 0,
            max_nodes,
            stopped: false,
        }
    }

    /// True when the search was cut short.
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }
}

impl<G: Game> Observer<G> for StopObserver {
    fn enter(&mut self, _position: &G, _ply: u32, _alpha: ply_core::Score, _beta: ply_core::Score) {
        self.nodes += 1;
    }

    fn stop_requested(&mut self) -> bool {
        if !self.stopped && (self.nodes >= self.max_nodes || self.flag.load(Ordering::Relaxed)) {
            self.stopped = true;
        }
        self.stopped
    }
}
