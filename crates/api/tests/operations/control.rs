//! The tests of `ply_api::control`: deadlines with no thread to watch them, and checks.

use ply_api::analyze::{AnalyzeRequest, analyze};
use ply_api::control::Control;
use ply_api::solve::{SolveOptions, SolveRequest, solve, solve_spec};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Nothing watches a control's deadline (no thread, as in WebAssembly): its flag stays
/// down until someone looks, and the first look raises it.
#[test]
fn a_deadline_is_seen_when_looked_at() {
    let control = Control::new();
    let stop = control.stop_after(Duration::from_millis(20));
    std::thread::sleep(Duration::from_millis(40));
    assert!(!stop.flag_raised(), "no watcher raised it");
    assert!(stop.is_raised());
    assert!(stop.flag_raised());
    // The deadline was the child's: the control goes on.
    assert!(!control.is_stopped());
    let linked = control.linked();
    control.flag().store(true, Ordering::Relaxed);
    assert!(linked.is_raised(), "raised with the control");
}

/// A solve given 100 ms stops at its deadline, polled by the engine.
#[test]
fn a_solve_stops_at_its_deadline() {
    let request = SolveRequest {
        game: "connect4".into(),
        time_ms: Some(100),
        ..SolveRequest::default()
    };
    let clock = Instant::now();
    let error = solve(&request, 10_000, 10_000, None, &Control::new()).unwrap_err();
    let took = clock.elapsed();
    assert_eq!(error.limit, Some("max_search_ms"));
    assert!(
        error.error.starts_with("not solved within 100 ms"),
        "{}",
        error.error
    );
    // No sooner than the deadline; the upper bound is a guard for loaded machines.
    assert!(
        took >= Duration::from_millis(100) && took < Duration::from_secs(3),
        "{took:?}"
    );
}

static PAGE_STOP: AtomicBool = AtomicBool::new(false);

/// The page's stop flag, as a WebAssembly module reads it from shared memory.
fn page_stop() -> bool {
    PAGE_STOP.load(Ordering::Relaxed)
}

/// A control's check stops the searches it is given to: the engine's solve (no
/// deadline), and an exact analysis.
#[test]
fn a_check_stops_the_searches() {
    let control = Control::with_check(page_stop);
    assert!(!control.is_stopped());
    // The clock starts before the presser's sleep does, so the interval measured holds it.
    let clock = Instant::now();
    let pressed = std::thread::spawn(|| {
        std::thread::sleep(Duration::from_millis(100));
        PAGE_STOP.store(true, Ordering::Relaxed);
    });
    let options = SolveOptions {
        threads: Some(1),
        ..SolveOptions::default()
    };
    let error = solve_spec("connect4", None, &options, false, None, &control).unwrap_err();
    let took = clock.elapsed();
    pressed.join().unwrap();
    assert_eq!(error.limit, Some("stopped"));
    assert!(
        took >= Duration::from_millis(100) && took < Duration::from_secs(3),
        "{took:?}"
    );
    assert!(control.is_stopped() && control.flag().load(Ordering::Relaxed));

    // Already pressed: an exact analysis stops at its first poll and says so.
    let request = AnalyzeRequest {
        game: "connect4".into(),
        exact: true,
        time_ms: Some(60_000),
        ..AnalyzeRequest::default()
    };
    let report = analyze(&request, 60_000, u64::MAX, &Control::with_check(page_stop)).unwrap();
    assert!(report.interrupted && !report.exact);
    assert!(report.nodes <= 1024, "{}", report.nodes);
}
