//! Ctrl-C (SIGINT), one convention for every command: exit code 130, after printing
//! what was found so far (`--json` output then says `"interrupted": true`).
//!
//! The handler is installed when the process starts. Work that polls the stop flag
//! often (every few milliseconds: the engine, the retrograde solver, the counts, the
//! textbook searches through their observer) runs inside [`polled`]: the first Ctrl-C
//! raises the flag and the command reports what it has. Anywhere else the first Ctrl-C
//! ends the process at once with 130, and so does a second Ctrl-C everywhere (the way
//! out if some work fails to poll).
//!
//! Progress goes to stderr through indicatif (hidden when stderr is not a terminal).

use indicatif::{ProgressBar, ProgressFinish, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::Duration;

/// The exit code of an interrupted command (128 + SIGINT, as shells report it).
pub const EXIT_CODE: u8 = 130;

static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();
/// How many [`Polled`] guards are alive: while one is, the first Ctrl-C only raises the flag.
static POLLED: AtomicUsize = AtomicUsize::new(0);
/// Flags of searches that have their own stop flag (see [`linked_flag`]), raised with it.
static LINKED: Mutex<Vec<Weak<AtomicBool>>> = Mutex::new(Vec::new());

/// The error of work that stopped on Ctrl-C with nothing to report: `main` turns it
/// into exit code 130 and the line `ply: interrupted`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupted")
    }
}

impl std::error::Error for Interrupted {}

/// Installs the Ctrl-C handler (once, before any work).
pub fn install() {
    let flag = stop_flag();
    // If a handler cannot be installed, Ctrl-C keeps its default action (the process
    // ends at once, killed by the signal).
    let _ = ctrlc::set_handler(move || {
        let first = !flag.swap(true, Ordering::SeqCst);
        raise_linked();
        if first && POLLED.load(Ordering::SeqCst) > 0 {
            return;
        }
        exit_now();
    });
}

/// Ends the process with 130: `ply: interrupted` on its own line on stderr.
fn exit_now() -> ! {
    let mut stderr = std::io::stderr();
    // The terminal echoed ^C where the cursor was (after a prompt, a progress bar).
    let newline = if stderr.is_terminal() { "\n" } else { "" };
    let _ = writeln!(stderr, "{newline}ply: interrupted");
    // Ending at once skips every destructor: remove the files being written first.
    crate::output::remove_temporaries();
    std::process::exit(EXIT_CODE as i32)
}

fn raise_linked() {
    if let Ok(linked) = LINKED.lock() {
        for flag in linked.iter().filter_map(Weak::upgrade) {
            flag.store(true, Ordering::SeqCst);
        }
    }
}

/// The flag Ctrl-C raises; give it to the work that polls it (engine limits, solvers).
pub fn stop_flag() -> Arc<AtomicBool> {
    STOP.get_or_init(|| Arc::new(AtomicBool::new(false)))
        .clone()
}

/// A fresh stop flag of the caller's own (e.g. to end a search early once it knows
/// enough) that Ctrl-C raises too. Check [`interrupted`] to tell the two apart.
pub fn linked_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(interrupted()));
    if let Ok(mut linked) = LINKED.lock() {
        linked.retain(|weak| weak.strong_count() > 0);
        linked.push(Arc::downgrade(&flag));
    }
    // Ctrl-C may have come between the first look and the registration.
    if interrupted() {
        flag.store(true, Ordering::SeqCst);
    }
    flag
}

/// Ends the scope of a Ctrl-C that stopped one piece of work (the engine's thinking
/// in `ply play`): the flag is lowered, so that later work runs again and the next
/// Ctrl-C counts as a first one. Only for work that reported its stop and goes on.
pub fn reset() {
    stop_flag().store(false, Ordering::SeqCst);
}

/// True once Ctrl-C was pressed.
pub fn interrupted() -> bool {
    stop_flag().load(Ordering::Relaxed)
}

/// While this guard lives, the first Ctrl-C raises the stop flag instead of ending
/// the process: the work under it polls the flag and the command reports what it has.
#[must_use = "the first Ctrl-C ends the process at once when the guard is dropped"]
pub struct Polled(());

/// Enters a stretch of work that polls the stop flag (see [`Polled`]).
pub fn polled() -> Polled {
    POLLED.fetch_add(1, Ordering::SeqCst);
    Polled(())
}

impl Drop for Polled {
    fn drop(&mut self) {
        POLLED.fetch_sub(1, Ordering::SeqCst);
    }
}

/// `Err(Interrupted)` once Ctrl-C was pressed.
pub fn check() -> Result<(), Interrupted> {
    if interrupted() {
        Err(Interrupted)
    } else {
        Ok(())
    }
}

/// An observer of the textbook searches (minimax, negamax, alpha-beta) that stops them
/// on Ctrl-C. It looks at the flag every 1024 nodes: a few microseconds of work at most
/// on every game ply knows, and no measurable cost.
#[derive(Default)]
pub struct StopOnInterrupt {
    countdown: u32,
    stopped: bool,
}

impl<G: ply_core::Game> ply_core::Observer<G> for StopOnInterrupt {
    #[inline]
    fn stop_requested(&mut self) -> bool {
        if self.countdown == 0 {
            self.countdown = 1024;
            self.stopped = self.stopped || interrupted();
        }
        self.countdown -= 1;
        self.stopped
    }
}

impl StopOnInterrupt {
    /// True when the search it watched was stopped (its result is then partial).
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

/// A spinner on stderr with a message, ticking by itself.
pub fn spinner(message: impl Into<String>) -> ProgressBar {
    // Cleared when dropped: an error or an early return leaves no stale line behind.
    let bar = ProgressBar::new_spinner().with_finish(ProgressFinish::AndClear);
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} [{elapsed}]") {
        bar.set_style(style);
    }
    bar.set_message(message.into());
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}
