//! Race to N (`race:N,K`, default `race` = `race:10,2`): a running total starts
//! at 0; the players take turns adding 1 to K to it; who reaches exactly N wins.
//!
//! The position is the total (`4`); a move is the amount added (`1`, `2`).
//! Theory: the side to move loses exactly when `N - total` is a multiple of
//! `K + 1` ([`crate::theory::race`]).
//!
//! ```
//! use ply_core::solve::solve_exact;
//! use ply_games::{Notation, Playable, Race};
//!
//! let race = Race::new(10, 2).unwrap();
//! let solved = solve_exact(&race);
//! assert_eq!(solved.best_moves, vec![1]); // say 1, then reach 4, 7 and 10
//! // In words (ply-api): "add 1: the total becomes 1, and 10 − 1 = 9 is a multiple of 3".
//! let why = race.explain_move(1).unwrap();
//! assert_eq!(why.ids(), ["explain.race.multiple", "explain.move.add"]);
//! ```

use crate::catalog::parse_numbers;
use crate::notation::{Notation, NotationError, Playable};
use crate::piles::MAX_PILE;
use crate::theory::{self, Theory, TheoryEvaluation};
use ply_core::phrase::Phrase;
use ply_core::text::excerpt;
use ply_core::{Game, GameBounds, Outcome, Player};

/// A position of the race to `target`, adding 1 to `max_add` each turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Race {
    target: u32,
    max_add: u32,
    total: u32,
    to_move: Player,
}

impl Race {
    /// The race to `target` adding 1 to `max_add`, total 0, first player to move.
    pub fn new(target: u32, max_add: u32) -> Result<Race, NotationError> {
        if target == 0 {
            return Err(NotationError::said(Phrase::new("errors.race.target_zero")));
        }
        if max_add == 0 {
            return Err(NotationError::said(Phrase::new("errors.race.step_zero")));
        }
        if target > MAX_PILE {
            return Err(NotationError::said(
                Phrase::new("errors.race.target_too_big")
                    .arg("target", target)
                    .arg("max", MAX_PILE),
            ));
        }
        Ok(Race {
            target,
            max_add,
            total: 0,
            to_move: Player::First,
        })
    }

    /// Reads `N,K` (the part after `race:`).
    pub fn from_spec_args(args: &str) -> Result<Race, NotationError> {
        let numbers = parse_numbers("race", args, &["target N", "largest step K"])?;
        match numbers[..] {
            [n, k] => Race::new(n, k),
            _ => Err(NotationError::said(
                Phrase::new("errors.race.size").arg("args", excerpt(args)),
            )),
        }
    }

    /// The total to reach (N).
    pub fn target(&self) -> u32 {
        self.target
    }
    /// The most one move adds (K).
    pub fn max_add(&self) -> u32 {
        self.max_add
    }
    /// The running total.
    pub fn total(&self) -> u32 {
        self.total
    }
}

impl Game for Race {
    type Move = u32;

    #[inline]
    fn to_move(&self) -> Player {
        self.to_move
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        // The opponent reached the target.
        (self.total == self.target).then_some(Outcome::Loss)
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Vec<u32>) {
        moves.extend(1..=self.max_add.min(self.target - self.total));
    }

    #[inline]
    fn play(&mut self, add: u32) {
        self.total += add;
        self.to_move = self.to_move.opponent();
    }

    fn bounds(&self) -> GameBounds {
        let left = (self.target - self.total) as u64;
        GameBounds {
            max_plies: Some(left),
            max_moves: Some(left.min(self.max_add as u64)),
            positions: Some(2 * (left + 1)),
            min_positions: None,
        }
    }
}

impl Theory for Race {
    fn is_win_by_theory(&self) -> bool {
        !theory::race::is_loss(self.target, self.max_add, self.total)
    }

    fn winning_moves_by_theory(&self) -> Vec<u32> {
        theory::race::winning_move(self.target, self.max_add, self.total)
            .into_iter()
            .collect()
    }
}

impl Notation for Race {
    fn game_name(&self) -> String {
        format!("race:{},{}", self.target, self.max_add)
    }

    /// The total so far; the side to move is taken to be the first player.
    fn parse_position(&self, text: &str) -> Result<Race, NotationError> {
        let t = text.trim();
        let total = t.parse::<u32>().map_err(|_| {
            NotationError::said(Phrase::new("errors.race.total").arg("total", excerpt(t)))
        })?;
        if total > self.target {
            return Err(NotationError::said(
                Phrase::new("errors.race.beyond")
                    .arg("total", total)
                    .arg("target", self.target),
            ));
        }
        Ok(Race {
            total,
            to_move: Player::First,
            ..*self
        })
    }

    fn position_string(&self) -> String {
        self.total.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u32, NotationError> {
        let t = text.trim();
        if self.outcome().is_some() {
            return Err(NotationError::said(Phrase::new("errors.game.no_move")));
        }
        let add = t.parse::<u32>().map_err(|_| {
            NotationError::said(
                Phrase::new("errors.race.not_amount")
                    .arg("text", excerpt(t))
                    .arg("max", self.max_add),
            )
        })?;
        if add == 0 || add > self.max_add {
            return Err(NotationError::said(
                Phrase::new("errors.race.add")
                    .arg("max", self.max_add)
                    .arg("add", add),
            ));
        }
        if self.total + add > self.target {
            return Err(NotationError::said(
                Phrase::new("errors.race.pass")
                    .arg("add", add)
                    .arg("target", self.target)
                    .arg("total", self.total),
            ));
        }
        // Every check above is the whole legality rule: no need to list the
        // moves (a pile of a billion would make a billion of them).
        Ok(add)
    }

    fn move_string(&self, add: u32) -> String {
        add.to_string()
    }

    fn render(&self) -> String {
        format!(
            "total {} of {} (add 1 to {} each turn; who reaches {} wins)\n",
            self.total, self.target, self.max_add, self.target
        )
    }

    fn move_help(&self) -> String {
        format!(
            "the amount to add, 1 to {}",
            self.max_add.min(self.target - self.total).max(1)
        )
    }

    fn render_in(&self, say: &dyn Fn(&Phrase) -> String) -> String {
        let line = Phrase::new("boards.text.race")
            .arg("total", i64::from(self.total))
            .arg("goal", i64::from(self.target))
            .arg("most", i64::from(self.max_add));
        format!("{}\n", say(&line))
    }

    fn move_help_phrase(&self) -> Option<Phrase> {
        let most = self.max_add.min(self.target - self.total).max(1);
        Some(Phrase::new("boards.help.race").arg("most", i64::from(most)))
    }
}

impl Playable for Race {
    type Eval = TheoryEvaluation;

    fn evaluator(&self) -> TheoryEvaluation {
        TheoryEvaluation
    }

    fn memoised_solve(&self) -> bool {
        true
    }

    /// Impartial: who is to move does not change the value.
    fn canonical(&self) -> Option<Race> {
        Some(Race {
            to_move: Player::First,
            ..*self
        })
    }

    fn explain_move(&self, add: u32) -> Option<Phrase> {
        let total = self.total + add;
        let (n, step) = (self.target, self.max_add + 1);
        let left = n - total;
        let what = Phrase::new("explain.move.add").arg("amount", add);
        Some(if total == n {
            Phrase::new("explain.race.target")
                .arg("move", what)
                .arg("target", n)
        } else if left % step == 0 {
            Phrase::new("explain.race.multiple")
                .arg("move", what)
                .arg("total", total)
                .arg("target", n)
                .arg("left", left)
                .arg("step", step)
        } else if !self.is_win_by_theory() {
            Phrase::new("explain.race.lost")
                .arg("move", what)
                .arg("total", total)
                .arg("target", n)
                .arg("before", self.total)
                .arg("gap", n - self.total)
                .arg("step", step)
                .arg("reach", self.total + step)
        } else {
            Phrase::new("explain.race.not_multiple")
                .arg("move", what)
                .arg("total", total)
                .arg("target", n)
                .arg("left", left)
                .arg("step", step)
        })
    }

    /// The total alone: count to 10's graph of positions has the eleven totals.
    fn position_key(&self) -> Option<Race> {
        self.canonical()
    }

    /// Race trees are drawn as the lessons draw count to 10: each node is the running
    /// total.
    fn tree_label(&self) -> Option<String> {
        Some(self.total.to_string())
    }
}
