//! Time management: how long to think about one move, from the clock that `go` gives.
//!
//! Two limits per move: the search starts no new iteration once it has used most of the
//! *soft* one (an iteration takes about as long as all before it, so one started late
//! would be cut short and wasted), and it stops wherever it is at the *hard* one. Both
//! leave the Move Overhead aside: the time the GUI, the pipe and the machine's load take
//! between our clock stopping and theirs.

use super::command::Go;
use ply_core::Score;
use std::time::Duration;

/// Moves the rest of the clock is shared over when the GUI does not say (`movestogo`).
/// Fewer than a game usually has left: time buys the most while the game is open, and
/// the increment, with the clock's geometric decline, carries the long endings. (30 left
/// much of the clock unspent at the end of games; docs/performance-log.md, "how the clock
/// is spent".)
const DEFAULT_MOVES_TO_GO: u64 = 20;
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

/// How settled a timed search is, judged after each iteration: the share of the soft limit
/// to allow before starting the next one. A best move that has held for several iterations
/// is unlikely to change with one more, so its time is better kept for later moves; a best
/// move that has just changed, or a score that has just fallen, is a position where the
/// next iteration is most likely to change the move played, so it gets more.
#[derive(Clone, Debug)]
pub struct Pacing<M> {
    best: Option<M>,
    /// Iterations in a row the best move has stayed the same.
    unchanged: usize,
    /// The last iteration's score, if it was no forced result.
    score: Option<i32>,
}

impl<M> Default for Pacing<M> {
    fn default() -> Self {
        Pacing {
            best: None,
            unchanged: 0,
            score: None,
        }
    }
}

/// Iterations before pacing judges: the first few change their minds cheaply.
const PACING_FROM_DEPTH: u32 = 5;
/// The soft limit's share (percent) by how many iterations in a row the best move has held.
const STABILITY_PERCENT: [u64; 5] = [140, 110, 90, 80, 70];
/// The bounds of the soft limit's share (percent).
const PACING_PERCENT: (u64, u64) = (50, 200);

impl<M: PartialEq + Copy> Pacing<M> {
    /// Records an iteration of `depth` with its best move and score, and answers the share
    /// (percent) of the soft limit after which no new iteration should start.
    pub fn after_iteration(&mut self, depth: u32, best: Option<M>, score: Score) -> u64 {
        if best.is_some() && best == self.best {
            self.unchanged += 1;
        } else {
            self.unchanged = 0;
        }
        self.best = best;
        let value = (!score.is_decisive()).then(|| score.raw());
        let fall = match (self.score, value) {
            (Some(before), Some(now)) => before - now,
            _ => 0,
        };
        self.score = value;
        if depth < PACING_FROM_DEPTH {
            return 100;
        }
        let mut percent = STABILITY_PERCENT[self.unchanged.min(STABILITY_PERCENT.len() - 1)];
        // A score falling by a quarter of a pawn or more: a threat found late.
        if fall >= 50 {
            percent = percent * 3 / 2;
        } else if fall >= 25 {
            percent = percent * 6 / 5;
        }
        percent.clamp(PACING_PERCENT.0, PACING_PERCENT.1)
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
        // 1 s + 10 ms, 30 ms overhead: 970 usable, 970/20 + 7 = 55 planned, of which no new
        // iteration starts after 60 %; the hard limit 4x the plan.
        let budget = Budget::for_move(&clock(1000, 10, None), true, 30).unwrap();
        assert_eq!(ms(budget), (33, 220));
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

    #[test]
    fn pacing_gives_time_to_changing_minds_and_falling_scores() {
        let mut pacing = Pacing::default();
        let level = Score::heuristic(20);
        // The first iterations are not judged.
        for depth in 1..5 {
            assert_eq!(pacing.after_iteration(depth, Some('a'), level), 100);
        }
        // The same move for the fifth iteration running: the least time.
        assert_eq!(pacing.after_iteration(5, Some('a'), level), 70);
        // A new best move: more than the soft limit, less as it holds.
        assert_eq!(pacing.after_iteration(6, Some('b'), level), 140);
        assert_eq!(pacing.after_iteration(7, Some('b'), level), 110);
        assert_eq!(pacing.after_iteration(8, Some('b'), level), 90);
        // The score falls by 0.3, then by 0.6 pawn.
        assert_eq!(
            pacing.after_iteration(9, Some('b'), Score::heuristic(-10)),
            96
        );
        assert_eq!(
            pacing.after_iteration(10, Some('b'), Score::heuristic(-70)),
            105
        );
        // A new move and a falling score: twice the soft limit at most.
        assert_eq!(
            pacing.after_iteration(11, Some('c'), Score::heuristic(-200)),
            200
        );
        // A forced result is no fall, and no move is never stable.
        assert_eq!(
            pacing.after_iteration(12, Some('c'), Score::loss_in(9)),
            110
        );
        assert_eq!(pacing.after_iteration(13, None, Score::loss_in(7)), 140);
    }
}
