//! How a search is told to stop, with no thread to watch the clock.
//!
//! A [`Stop`] is a flag anyone may raise (another thread, a Ctrl-C handler), and
//! optionally a deadline, a parent stop (raised when the parent is) and a check
//! function (raised when it answers true: a WebAssembly module reads there a flag the
//! page sets in shared memory). Nothing watches these: the search looks at them when it
//! polls ([`Stop::is_raised`], every thousand nodes or so), and the first look that
//! finds the deadline passed, the parent raised or the check true raises the flag, so
//! that every later look (and every holder of the flag) sees it at the cost of one load.
//! A deadline thus costs no thread: where there are none (WebAssembly in a browser),
//! it works the same.
//!
//! ```
//! use ply_core::stop::Stop;
//! use std::time::Duration;
//!
//! let outer = Stop::new();
//! let inner = outer.child().with_timeout(Duration::from_secs(60));
//! assert!(!inner.is_raised());
//! outer.raise();
//! assert!(inner.is_raised()); // raised with its parent
//!
//! let own = Stop::new();
//! let child = own.child();
//! child.raise(); // a child raised alone leaves its parent as it was
//! assert!(!own.is_raised());
//! ```

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;
use web_time::Instant;

/// A flag that stops a search, with an optional deadline, parent and check (see the
/// [module documentation](self)). Clones share the flag.
#[derive(Clone, Default)]
pub struct Stop {
    flag: Arc<AtomicBool>,
    deadline: Option<Instant>,
    parent: Option<Arc<Stop>>,
    check: Option<fn() -> bool>,
}

impl Stop {
    /// A stop nobody has raised, with no deadline, parent or check.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// This stop, also raised at `deadline` (or at its own deadline, if that is sooner).
    pub fn with_deadline(mut self, deadline: Instant) -> Stop {
        self.deadline = Some(self.deadline.map_or(deadline, |own| own.min(deadline)));
        self
    }

    /// This stop, also raised once `time` has passed from now. A time too long for the
    /// clock to represent sets no deadline.
    pub fn with_timeout(self, time: Duration) -> Stop {
        match Instant::now().checked_add(time) {
            Some(deadline) => self.with_deadline(deadline),
            None => self,
        }
    }

    /// This stop, also raised when `check` answers true. `check` is called each time the
    /// stop is looked at ([`Stop::is_raised`]) until it is raised, so it must be cheap;
    /// it replaces any check this stop had (a [`Stop::child`] keeps its parent's).
    pub fn with_check(mut self, check: fn() -> bool) -> Stop {
        self.check = Some(check);
        self
    }

    /// A stop with a flag of its own, raised whenever this one is: raising the child
    /// (to end one search once it has what it needs) leaves this one as it was.
    pub fn child(&self) -> Stop {
        Stop {
            parent: Some(Arc::new(self.clone())),
            ..Stop::default()
        }
    }

    /// The flag: raising it stops whatever polls this stop. Reading it alone misses the
    /// deadline, the parent and the check until someone has looked ([`Stop::is_raised`]).
    pub fn flag(&self) -> &Arc<AtomicBool> {
        &self.flag
    }

    /// The deadline, if any (this stop's own, not its parent's).
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Raises the flag.
    pub fn raise(&self) {
        self.flag.store(true, Relaxed);
    }

    /// True when the flag is raised (one load: for the hottest loops; see
    /// [`Stop::is_raised`] for everything else).
    #[inline]
    pub fn flag_raised(&self) -> bool {
        self.flag.load(Relaxed)
    }

    /// True when the flag is raised, the deadline has passed, the parent is raised or the
    /// check answers true; in the last three cases the flag is raised too. Costs a load
    /// when there is no more than a flag, and a look at the clock with a deadline: call it
    /// every so many nodes rather than at every one.
    pub fn is_raised(&self) -> bool {
        if self.flag_raised() {
            return true;
        }
        let raised = self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.check.is_some_and(|check| check())
            || self
                .parent
                .as_ref()
                .is_some_and(|parent| parent.is_raised());
        if raised {
            self.raise();
        }
        raised
    }
}

impl From<Arc<AtomicBool>> for Stop {
    /// A stop raised by `flag` alone.
    fn from(flag: Arc<AtomicBool>) -> Stop {
        Stop {
            flag,
            ..Stop::default()
        }
    }
}

impl From<&Arc<AtomicBool>> for Stop {
    /// A stop raised by `flag` alone (the flag is shared, not copied).
    fn from(flag: &Arc<AtomicBool>) -> Stop {
        Stop::from(Arc::clone(flag))
    }
}

impl fmt::Debug for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Stop")
            .field("raised", &self.flag_raised())
            .field("deadline", &self.deadline)
            .field("parent", &self.parent)
            .field("check", &self.check.is_some())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;

    #[test]
    fn a_flag_alone_is_raised_by_its_holder() {
        let flag = Arc::new(AtomicBool::new(false));
        let stop = Stop::from(&flag);
        assert!(!stop.is_raised());
        flag.store(true, Relaxed);
        assert!(stop.is_raised() && stop.flag_raised());
    }

    #[test]
    fn a_passed_deadline_raises_the_flag_on_the_first_look() {
        let stop = Stop::new().with_deadline(Instant::now());
        let shared = Arc::clone(stop.flag());
        assert!(!shared.load(Relaxed), "nobody has looked yet");
        assert!(stop.is_raised());
        assert!(shared.load(Relaxed), "the look raised the shared flag");
        let later = Stop::new().with_timeout(Duration::from_secs(3600));
        assert!(!later.is_raised());
        // The sooner of two deadlines wins; an unrepresentable time sets none.
        let now = Instant::now();
        let both = Stop::new()
            .with_deadline(now + Duration::from_secs(5))
            .with_deadline(now + Duration::from_secs(1));
        assert_eq!(both.deadline(), Some(now + Duration::from_secs(1)));
        assert_eq!(Stop::new().with_timeout(Duration::MAX).deadline(), None);
    }

    static CALLS: AtomicU32 = AtomicU32::new(0);

    /// True from its third call on.
    fn third_time() -> bool {
        CALLS.fetch_add(1, Relaxed) + 1 >= 3
    }

    #[test]
    fn a_check_is_asked_until_it_says_stop() {
        let parent = Stop::new().with_check(third_time);
        let child = parent.child();
        assert!(!child.is_raised());
        assert!(!child.is_raised());
        assert!(child.is_raised());
        assert!(parent.flag_raised() && child.flag_raised());
        // Raised: the check is not asked again.
        assert!(child.is_raised());
        assert_eq!(CALLS.load(Relaxed), 3);
    }

    #[test]
    fn a_child_is_raised_with_its_parent_but_not_the_reverse() {
        let parent = Stop::new();
        let child = parent.child();
        let grandchild = child.child();
        grandchild.raise();
        assert!(!child.is_raised() && !parent.is_raised());
        let other = child.child();
        parent.raise();
        assert!(other.is_raised());
    }
}
