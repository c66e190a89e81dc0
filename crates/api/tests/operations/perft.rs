//! The tests of `ply_api::perft`.

use ply_api::control::Control;
use ply_api::perft::*;
use std::sync::atomic::Ordering;

#[test]
fn counts_divides_and_refuses() {
    let mut request = PerftRequest::new("startpos moves e4", 2);
    request.divide = true;
    let report = perft(&request, &Control::new()).unwrap();
    assert_eq!(report.nodes, Some(600));
    let parts = report.divide.unwrap();
    assert_eq!(parts.len(), 20);
    assert_eq!(parts.iter().map(|p| p.nodes).sum::<u64>(), 600);
    assert!(
        parts
            .iter()
            .any(|p| p.uci == "d7d5" && p.san == "d5" && p.nodes == 31)
    );
    assert_eq!(
        perft(&PerftRequest::new("startpos", 0), &Control::new())
            .unwrap()
            .nodes,
        Some(1)
    );
    let too_deep = perft(&PerftRequest::new("startpos", 11), &Control::new()).unwrap_err();
    assert_eq!(too_deep.limit, Some("perft_depth"));
    let bad = perft(&PerftRequest::new("8/8/8 w", 1), &Control::new()).unwrap_err();
    assert_eq!(bad.kind, ply_api::ErrorKind::Parse);
    // A raised control stops at once and says so.
    let control = Control::new();
    control.flag().store(true, Ordering::Relaxed);
    let stopped = perft(&PerftRequest::new("startpos", 6), &control).unwrap();
    assert!(stopped.interrupted);
    assert_eq!(stopped.nodes, None);
}
