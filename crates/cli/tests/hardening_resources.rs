//! Hostile sizes: deep games, huge piles, huge tables. Every run is capped in memory
//! and time (tests/common/bounded.rs), so a regression fails here, not the machine.

mod common;
use common::bounded::Bounded;

#[test]
fn a_deep_count_does_not_overflow_the_stack() {
    Bounded::new(&["count", "race:1000000,1", "--json"])
        .run()
        .assert_no_crash()
        .assert_code(0);
}
