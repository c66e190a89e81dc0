//! How a caller stops an operation: a flag it may raise at any time (Ctrl-C on the
//! command line, a server shutting down), a check it may give (a WebAssembly module's
//! look at the page's stop button), and the time each operation is given.
//!
//! Nothing here starts a thread: a deadline is a time the search compares with the
//! clock when it polls ([`ply_core::stop::Stop`]), so it works the same where there are
//! no threads (WebAssembly in a browser).

use ply_core::stop::Stop;
use ply_core::{Game, Observer};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The caller's hold on an operation: raising [`Control::flag`] (or its check answering
/// true) stops it.
#[derive(Clone, Debug, Default)]
pub struct Control {
    stop: Stop,
}

impl Control {
    /// A control nobody has raised.
    pub fn new() -> Control {
        Control::default()
    }

    /// A control raised by `flag` (a Ctrl-C handler's, say).
    pub fn with_flag(flag: Arc<AtomicBool>) -> Control {
        Control {
            stop: Stop::from(flag),
        }
    }

    /// A control raised when `check` answers true (and by its flag). The check is
    /// called where the searches look at the flag (every thousand nodes or so), so it
    /// must be cheap: a WebAssembly module's reads the page's stop flag from shared memory.
    pub fn with_check(check: fn() -> bool) -> Control {
        Control {
            stop: Stop::new().with_check(check),
        }
    }

    /// A control raised by `stop` (its flag, deadline, parent or check).
    pub fn with_stop(stop: Stop) -> Control {
        Control { stop }
    }

    /// The flag that stops the operation: raise it to stop. (To ask whether the operation
    /// must stop, ask [`Control::is_stopped`]: the flag alone misses the check and the
    /// deadlines until a search has looked at them.)
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(self.stop.flag())
    }

    /// The control's stop, for a search's limits (`Limits::with_stop`).
    pub fn stop(&self) -> Stop {
        self.stop.clone()
    }

    /// True when the operation must stop: the flag raised, the check true, a deadline passed.
    pub fn is_stopped(&self) -> bool {
        self.stop.is_raised()
    }

    /// A stop raised when this control is, or after `time`, whichever comes first.
    pub fn stop_after(&self, time: Duration) -> Stop {
        self.stop.child().with_timeout(time)
    }

    /// This control, also stopped after `time`: what an operation given `time` passes on.
    pub fn within(&self, time: Duration) -> Control {
        Control::with_stop(self.stop_after(time))
    }

    /// A stop of its own, raised when this control is: the caller may raise it alone
    /// (to stop one search once it has what it needs) without raising the control.
    pub fn linked(&self) -> Stop {
        self.stop.child()
    }
}

/// A textbook search's observer that stops it when a stop is raised or after a number of nodes.
pub(crate) struct StopObserver {
    stop: Stop,
    nodes: u64,
    max_nodes: u64,
    stopped: bool,
}

impl StopObserver {
    /// Nodes between two full looks at the stop (its deadline and check); its flag is
    /// read at every node.
    const EVERY: u64 = 1024;

    pub(crate) fn new(stop: Stop, max_nodes: u64) -> StopObserver {
        StopObserver {
            stop,
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
        if !self.stopped
            && (self.nodes >= self.max_nodes
                || self.stop.flag_raised()
                || (self.nodes % Self::EVERY == 0 && self.stop.is_raised()))
        {
            self.stopped = true;
        }
        self.stopped
    }
}
