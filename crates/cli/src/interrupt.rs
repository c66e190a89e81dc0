//! Long work can be interrupted cleanly: Ctrl-C raises a flag that the work
//! polls, and the command reports what it has so far instead of dying.
//! Progress goes to stderr through indicatif (hidden when stderr is not a terminal).

use indicatif::{ProgressBar, ProgressFinish, ProgressStyle};
use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// The flag Ctrl-C raises (installed on first use; a second Ctrl-C still stops the
/// process at once if the work does not poll the flag).
pub fn stop_flag() -> Arc<AtomicBool> {
    STOP.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let handler_flag = Arc::clone(&flag);
        // If a handler cannot be installed (already set), work simply isn't interruptible.
        let _ = ctrlc::set_handler(move || {
            if handler_flag.swap(true, Ordering::SeqCst) {
                // Ending at once skips every destructor: remove the files being written first.
                crate::output::remove_temporaries();
                std::process::exit(130);
            }
        });
        flag
    })
    .clone()
}

/// True once Ctrl-C was pressed.
pub fn interrupted() -> bool {
    stop_flag().load(Ordering::Relaxed)
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
