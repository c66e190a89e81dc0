//! Time management: how long to think about one move, from the clock that `go` gives.
//!
//! Two limits per move: the search starts no new iteration once it has used most of the
//! *soft* one (an iteration takes about as long as all before it, so one started late
//! would be cut short and wasted), and it stops wherever it is at the *hard* one. Both
//! leave the Move Overhead aside: the time the GUI, the pipe and the machine's load take
//! between our clock stopping and theirs.

use super::command::Go;
use std::time::Duration;

/// Moves the rest of the clock is shared over when the GUI does not say (`movestogo`):
/// a game lasts about this many more moves from anywhere.
const DEFAULT_MOVES_TO_GO: u64 = 30;
/// The most moves the clock is shared over (a larger `movestogo` is read as this).
const MAX_MOVES_TO_GO: u64 = 50;
/// No time beyond this is ever planned (about 35 years): larger clocks are read as this,
/// so that no sum of times can overflow.
const MAX_PLANNED_MS: u64 = 1 << 40;

/// How long to think about one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Start no new iteration after this.
    pub soft: Duration,
    /// Stop at once after this.
    pub hard: Duration,
}

/// The share of a move's planned time after which no new iteration starts in a timed
/// game: the next iteration would most likely not end within the plan.
const SOFT_SHARE_PERCENT: u64 = 60;

impl Budget {
    /// The budget of a move from `go`'s clock for the side to move (`white`), with
    /// `overhead_ms` kept aside; `None` when `go` gives no time (depth, nodes, infinite).
    pub fn for_move(go: &Go, white: bool, overhead_ms: u64) -> Option<Budget> {
        let overhead = overhead_ms.min(MAX_PLANNED_MS);
        if let Some(movetime) = go.movetime {
            let movetime = movetime.min(MAX_PLANNED_MS);
            // All of it but the overhead (at least half of it when the overhead is larger),
            // deepening as long as there is time.
            let hard = movetime.saturating_sub(overhead).max(movetime / 2);
            return Some(Budget::of_ms(hard, hard));
        }
        let (time, increment) = if white {
            (go.wtime?, go.winc.unwrap_or(0))
        } else {
            (go.btime?, go.binc.unwrap_or(0))
        };
        let (time, increment) = (time.min(MAX_PLANNED_MS), increment.min(MAX_PLANNED_MS));
        // What can be spent without losing on time; with less left than the overhead,
        // a quarter of what is left (the move is needed at once).
        let usable = match time.saturating_sub(overhead) {
            0 => time / 4,
            usable => usable,
        };
        let moves = match go.movestogo {
            None | Some(0) => DEFAULT_MOVES_TO_GO,
            Some(n) => n.min(MAX_MOVES_TO_GO),
        };
        // An even share of the clock plus most of the increment, never more than half of
        // what is left; at most four times that, or three quarters of what is left, if an
        // iteration runs long.
        let planned = (usable / moves + increment * 3 / 4).min(usable / 2);
        let hard = (planned * 4).min(usable * 3 / 4);
        Some(Budget::of_ms(planned * SOFT_SHARE_PERCENT / 100, hard))
    }

    fn of_ms(soft: u64, hard: u64) -> Budget {
        Budget {
            soft: Duration::from_millis(soft),
            hard: Duration::from_millis(hard),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(wtime: u64, winc: u64, movestogo: Option<u64>) -> Go {
        Go {
            wtime: Some(wtime),
            winc: Some(winc),
            btime: Some(1),
            movestogo,
            ..Go::default()
        }
    }

    fn ms(budget: Budget) -> (u128, u128) {
        (budget.soft.as_millis(), budget.hard.as_millis())
    }

    #[test]
    fn shares_the_clock_and_keeps_the_overhead() {
        // 1 s + 10 ms, 30 ms overhead: 970 usable, 970/30 + 7 = 39 planned, of which no new
        // iteration starts after 60 %; the hard limit 4x the plan.
        let budget = Budget::for_move(&clock(1000, 10, None), true, 30).unwrap();
        assert_eq!(ms(budget), (23, 156));
        // Last move before the control: half of what is left, three quarters at most.
        let budget = Budget::for_move(&clock(10_000, 0, Some(1)), true, 100).unwrap();
        assert_eq!(ms(budget), (2970, 7425));
        // Black's clock for Black.
        let budget = Budget::for_move(&clock(10_000, 0, None), false, 0).unwrap();
        assert_eq!(ms(budget), (0, 0));
    }

    #[test]
    fn never_plans_beyond_the_clock() {
        for time in [0, 1, 5, 29, 30, 31, 100, 1000, 60_000, u64::MAX] {
            for increment in [0, 10, 1000, u64::MAX] {
                for movestogo in [None, Some(0), Some(1), Some(40), Some(u64::MAX)] {
                    let go = clock(time, increment, movestogo);
                    let budget = Budget::for_move(&go, true, 30).unwrap();
                    let left = Duration::from_millis(time.min(MAX_PLANNED_MS));
                    assert!(budget.soft <= budget.hard, "{go:?}");
                    assert!(
                        budget.hard <= left.saturating_sub(Duration::from_millis(30)).max(left / 4),
                        "{go:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn movetime_is_the_time_less_the_overhead() {
        let go = Go {
            movetime: Some(1000),
            ..Go::default()
        };
        assert_eq!(ms(Budget::for_move(&go, true, 30).unwrap()), (970, 970));
        let go = Go {
            movetime: Some(20),
            ..Go::default()
        };
        assert_eq!(ms(Budget::for_move(&go, false, 30).unwrap()), (10, 10));
        assert_eq!(Budget::for_move(&Go::default(), true, 30), None);
    }
}
