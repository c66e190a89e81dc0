//! Optimal play of Pig for every position of a goal, by value iteration.
//!
//! `P(i, j, k)` is the chance that the player to move wins, with `i` banked, the
//! opponent `j`, and `k` this turn, both playing to win:
//!
//! - rolling is worth `(1 − P(j, i, 0) + Σ_{r=2..6} P(i, j, k + r)) / 6`, where
//!   `P(i, j, k + r)` is 1 once `i + k + r` reaches the goal;
//! - holding (with `k > 0`) is worth `1 − P(j, i + k, 0)`;
//! - `P(i, j, k)` is the larger of the two.
//!
//! The equations are circular (two players who both roll a 1 bring back the position),
//! so they are solved by iteration. Scores never go down, so a position only depends
//! on positions with the same score sum `i + j` and, through holding, on larger sums.
//! Within one sum, the position `(i, j, k)` reads `(i, j, k')` for larger `k'` and
//! `(j, i, 0)`: the scores `i` and `j` form a closed pair. Neller and Presser make the
//! same observation and iterate each such pair on its own, from the largest score sum
//! down; so does [`PigSolution::solve`]. Each sweep backs up the column `(i, j, ·)`
//! from the highest turn total down (so that every roll reads values of this sweep),
//! then the column `(j, i, ·)`, until no value of the pair moves by [`TOLERANCE`].

use super::state::{check_goal, check_score};
use super::{Decision, PigError, PigState};
use ply_core::memory::{self, MemoryError};

/// Value iteration stops for a pair of scores once a sweep moves no win probability of
/// the pair by this much.
///
/// Why this value: each sweep of a pair shrinks its distance to the answer by a factor
/// `L < 1` (near the end, the chance that the pair's turns end with a 1 under the
/// policy being settled), so a last step below the tolerance leaves an error of at most
/// `TOLERANCE · L / (1 − L)`. The ratio of successive sweeps' largest changes, which
/// estimates `L`, stays below 0.834 in every pair of the goals 10, 50, 100 and 200, so
/// the error left is below `6e-14`: far under the `1e-9` the tests compare with, and
/// under the smallest gap between rolling and holding in the usual game (`4e-8`), so no
/// decision rests on rounding. The tolerance is still about 90 times the spacing of
/// `f64` values between 0.5 and 1, so the last sweeps do not chase rounding noise.
pub const TOLERANCE: f64 = 1e-14;

/// More sweeps than any pair of any goal up to [`MAX_GOAL`](super::MAX_GOAL) takes,
/// by a wide margin: a pair that still moves after this many sweeps is an error.
const MAX_SWEEPS: u32 = 100_000;

/// The two decisions' win probabilities in one position, from the mover's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecisionValues {
    /// The chance of winning after rolling (and playing on optimally).
    pub roll: f64,
    /// The chance of winning after holding, or `None` with a turn total of 0.
    pub hold: Option<f64>,
}

impl DecisionValues {
    /// The better decision. A tie goes to holding: both give the same chance of winning,
    /// and holding settles the turn without another throw of the die, so the hold
    /// threshold reads as the first turn total at which holding is at least as good.
    /// (In the usual game no position comes within `1e-9` of a tie.)
    pub fn best(&self) -> Decision {
        match self.hold {
            Some(hold) if hold >= self.roll => Decision::Hold,
            _ => Decision::Roll,
        }
    }

    /// The win probability of the better decision.
    pub fn value(&self) -> f64 {
        self.hold.map_or(self.roll, |hold| hold.max(self.roll))
    }
}

/// The win probability of the player to move in every position of one goal, and so the
/// optimal decision in each.
///
/// The table holds `P(i, j, k)` for every `i, j < N` and `k < N − i`: `N²(N + 1)/2`
/// values of 8 bytes (505,000 values, 4 MB, for `N = 100`).
#[derive(Clone, Debug)]
pub struct PigSolution {
    table: Table,
    sweeps: u64,
}

impl PigSolution {
    /// Solves the game to `goal` (1 to [`MAX_GOAL`](super::MAX_GOAL)). Refused for a
    /// goal out of range, or when the table does not fit in the memory available.
    pub fn solve(goal: u32) -> Result<PigSolution, PigError> {
        check_goal(goal)?;
        let n = goal as usize;
        let len = Table::len(n);
        let bytes = (len * size_of::<f64>()) as u64;
        let what = || format!("the table of Pig to {goal} ({len} win probabilities)");
        memory::check(what, bytes)?;
        let mut values = Vec::new();
        values
            .try_reserve_exact(len)
            .map_err(|_| MemoryError::new(what(), bytes, None))?;
        // Any start will do: a sweep of a pair shrinks its distance to the answer by the
        // chance that both turns end with a 1, which is below 1 whatever the policy.
        values.resize(len, 0.0);
        let mut table = Table { n, values };
        let mut sweeps = 0;
        for sum in (0..=2 * (n - 1)).rev() {
            for low in sum.saturating_sub(n - 1)..=sum / 2 {
                sweeps += u64::from(table.settle(low, sum - low)?);
            }
        }
        Ok(PigSolution { table, sweeps })
    }

    /// The goal solved for.
    pub fn goal(&self) -> u32 {
        self.table.n as u32
    }

    /// The number of win probabilities in the table, `N²(N + 1)/2` (it includes the
    /// unreachable scores and turn totals of 1, which cost nothing to carry along).
    pub fn state_count(&self) -> usize {
        self.table.values.len()
    }

    /// Sweeps made over a pair of columns in all, a measure of the work done.
    pub fn sweeps(&self) -> u64 {
        self.sweeps
    }

    /// The chance that the first player wins from the start, both playing optimally.
    pub fn first_player_win_probability(&self) -> f64 {
        self.table.values[Table::column(self.table.n, 0, 0)]
    }

    /// The chance that the player to move in `state` wins, both playing optimally.
    /// Refused when `state` plays to another goal.
    pub fn win_probability(&self, state: &PigState) -> Result<f64, PigError> {
        let (i, j, k) = self.coordinates(state)?;
        Ok(self.table.values[Table::column(self.table.n, i, j) + k])
    }

    /// The win probability of each decision allowed in `state`.
    pub fn decision_values(&self, state: &PigState) -> Result<DecisionValues, PigError> {
        let (i, j, k) = self.coordinates(state)?;
        Ok(self.table.decision_values(i, j, k))
    }

    /// The optimal decision in `state` (holding on a tie, see [`DecisionValues::best`]).
    pub fn best_decision(&self, state: &PigState) -> Result<Decision, PigError> {
        Ok(self.decision_values(state)?.best())
    }

    /// The turn totals at which a player with `mover_score` banked, facing
    /// `opponent_score`, holds, in increasing order (turn totals from 2 up to the last
    /// one below the goal). Refused for a score that no unfinished game has.
    pub fn hold_totals(&self, mover_score: u32, opponent_score: u32) -> Result<Vec<u32>, PigError> {
        let goal = self.goal();
        check_score(mover_score, goal)?;
        check_score(opponent_score, goal)?;
        let (i, j) = (mover_score as usize, opponent_score as usize);
        Ok((2..self.table.n - i)
            .filter(|&k| self.table.decision_values(i, j, k).best() == Decision::Hold)
            .map(|k| k as u32)
            .collect())
    }

    /// The smallest turn total at which a player with `mover_score` banked, facing
    /// `opponent_score`, holds; `None` when that player rolls on until the goal.
    ///
    /// Above it, the policy usually holds at every turn total, but not always (the
    /// optimal policy is not a pure threshold everywhere): [`PigSolution::hold_totals`]
    /// lists them all.
    pub fn hold_threshold(
        &self,
        mover_score: u32,
        opponent_score: u32,
    ) -> Result<Option<u32>, PigError> {
        Ok(self
            .hold_totals(mover_score, opponent_score)?
            .first()
            .copied())
    }

    /// `(i, j, k)` of `state` in this table.
    fn coordinates(&self, state: &PigState) -> Result<(usize, usize, usize), PigError> {
        if state.goal() != self.goal() {
            return Err(PigError::GoalMismatch {
                state: state.goal(),
                solution: self.goal(),
            });
        }
        Ok((
            state.mover_score() as usize,
            state.opponent_score() as usize,
            state.turn_total() as usize,
        ))
    }
}

/// The win probabilities `P(i, j, k)` of one goal `n`, column after column: the column
/// `(i, j)` holds `k = 0 .. n − i`, and the columns run through `j` within `i`.
#[derive(Clone, Debug)]
struct Table {
    n: usize,
    values: Vec<f64>,
}

impl Table {
    /// The number of values for goal `n`: `Σ_i n · (n − i) = n²(n + 1)/2`.
    fn len(n: usize) -> usize {
        Table::column(n, n, 0)
    }

    /// Where the column `(i, j)` starts: the columns of smaller `i` take
    /// `n · Σ_{i' < i} (n − i') = n · i(2n + 1 − i)/2` places.
    fn column(n: usize, i: usize, j: usize) -> usize {
        n * (i * (2 * n + 1 - i) / 2) + j * (n - i)
    }

    /// Both decisions' values at `(i, j, k)` from the table as it stands.
    fn decision_values(&self, i: usize, j: usize, k: usize) -> DecisionValues {
        let n = self.n;
        let start = Table::column(n, i, j);
        let pig_out = 1.0 - self.values[Table::column(n, j, i)];
        DecisionValues {
            roll: self.roll_value(start, n - i, k, pig_out),
            hold: (k > 0).then(|| 1.0 - self.values[Table::column(n, j, i + k)]),
        }
    }

    /// Rolling at turn total `k` in the column at `start` of `len` turn totals, with
    /// `pig_out` the win probability after a 1.
    fn roll_value(&self, start: usize, len: usize, k: usize, pig_out: f64) -> f64 {
        let mut sum = pig_out;
        for face in 2..=6 {
            let next = k + face;
            // Past the column's end the mover's score plus turn total reaches the goal.
            sum += if next < len {
                self.values[start + next]
            } else {
                1.0
            };
        }
        sum / 6.0
    }

    /// One Bellman backup of the column `(i, j)`, highest turn total first; returns the
    /// largest change.
    fn back_up(&mut self, i: usize, j: usize) -> f64 {
        let n = self.n;
        let start = Table::column(n, i, j);
        let len = n - i;
        let pig_out = 1.0 - self.values[Table::column(n, j, i)];
        let mut change: f64 = 0.0;
        for k in (0..len).rev() {
            let roll = self.roll_value(start, len, k, pig_out);
            let best = if k > 0 {
                // `(j, i + k, 0)` has a larger score sum: it is settled already.
                roll.max(1.0 - self.values[Table::column(n, j, i + k)])
            } else {
                roll
            };
            change = change.max((best - self.values[start + k]).abs());
            self.values[start + k] = best;
        }
        change
    }

    /// Sweeps the columns `(a, b)` and `(b, a)` until they settle; returns the sweeps.
    fn settle(&mut self, a: usize, b: usize) -> Result<u32, PigError> {
        for sweep in 1..=MAX_SWEEPS {
            let mut change = self.back_up(a, b);
            if a != b {
                change = change.max(self.back_up(b, a));
            }
            if change < TOLERANCE {
                return Ok(sweep);
            }
        }
        Err(PigError::NoConvergence {
            mover: a as u32,
            opponent: b as u32,
            sweeps: MAX_SWEEPS,
        })
    }
}
