//! Bash's game (`bash:N,M`): one pile of N objects; a move takes 1 to M of
//! them; who takes the last object wins.
//!
//! The position is the pile size (`9`); a move is written `1:amount` like the
//! other taking games (a bare `amount` is accepted). Theory: the side to move
//! loses exactly when the pile is a multiple of M + 1 ([`crate::theory::bash`]).
//!
//! ```
//! use ply_core::solve::solve_exact;
//! use ply_games::{Bash, Notation, Playable};
//!
//! let bash = Bash::new(11, 3).unwrap();
//! let solved = solve_exact(&bash);
//! assert_eq!(solved.best_moves, vec![3]); // leave 8, a multiple of 4
//! assert_eq!(bash.move_string(3), "1:3");
//! // In words (ply-api): "take 3: 8 are left, a multiple of 4 (= 3 + 1)".
//! let why = bash.explain_move(3).unwrap();
//! assert_eq!(why.ids(), ["explain.bash.multiple", "explain.move.take"]);
//! ```

use crate::catalog::parse_numbers;
use crate::notation::{Notation, NotationError, Playable};
use crate::piles::{MAX_PILE, Piles, Take};
use crate::theory::{self, Theory, TheoryEvaluation};
use ply_core::phrase::Phrase;
use ply_core::text::excerpt;
use ply_core::{Game, GameBounds, Outcome, Player};

/// A position of Bash's game: `pile` objects left, take 1 to `max_take`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bash {
    pile: u32,
    max_take: u32,
    to_move: Player,
}

impl Bash {
    /// One pile of `pile` objects, take 1 to `max_take`; refused past the size limit of the taking games.
    pub fn new(pile: u32, max_take: u32) -> Result<Bash, NotationError> {
        if max_take == 0 {
            return Err(NotationError::said(Phrase::new("errors.bash.take_zero")));
        }
        if pile > MAX_PILE {
            return Err(NotationError::said(
                Phrase::new("errors.bash.pile_too_big")
                    .arg("pile", pile)
                    .arg("max", MAX_PILE),
            ));
        }
        Ok(Bash {
            pile,
            max_take,
            to_move: Player::First,
        })
    }

    /// Reads `N,M` (the part after `bash:`).
    pub fn from_spec_args(args: &str) -> Result<Bash, NotationError> {
        let numbers = parse_numbers("bash", args, &["pile N", "largest take M"])?;
        match numbers[..] {
            [n, m] => Bash::new(n, m),
            _ => Err(NotationError::said(
                Phrase::new("errors.bash.size").arg("args", excerpt(args)),
            )),
        }
    }

    /// Objects left.
    pub fn pile(&self) -> u32 {
        self.pile
    }
    /// The most one move may take.
    pub fn max_take(&self) -> u32 {
        self.max_take
    }
}

impl Game for Bash {
    /// The number of objects taken.
    type Move = u32;

    #[inline]
    fn to_move(&self) -> Player {
        self.to_move
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        (self.pile == 0).then_some(Outcome::Loss)
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Vec<u32>) {
        moves.extend(1..=self.max_take.min(self.pile));
    }

    #[inline]
    fn play(&mut self, take: u32) {
        self.pile -= take;
        self.to_move = self.to_move.opponent();
    }

    fn bounds(&self) -> GameBounds {
        let pile = self.pile as u64;
        GameBounds {
            max_plies: Some(pile),
            max_moves: Some(pile.min(self.max_take as u64)),
            positions: Some(2 * (pile + 1)),
            min_positions: None,
        }
    }

    /// The pile as a row of counters ([`crate::piles::counters_diagram`]).
    fn diagram(&self) -> Option<ply_core::Diagram> {
        crate::piles::counters_diagram(&[self.pile])
    }
}

impl Theory for Bash {
    fn is_win_by_theory(&self) -> bool {
        !theory::bash::is_loss(self.pile, self.max_take)
    }

    fn winning_moves_by_theory(&self) -> Vec<u32> {
        theory::bash::winning_move(self.pile, self.max_take)
            .into_iter()
            .collect()
    }
}

impl Notation for Bash {
    fn game_name(&self) -> String {
        format!("bash:{},{}", self.pile, self.max_take)
    }

    fn parse_position(&self, text: &str) -> Result<Bash, NotationError> {
        let t = text.trim();
        let pile = t.parse::<u32>().map_err(|_| {
            NotationError::said(Phrase::new("errors.bash.pile").arg("pile", excerpt(t)))
        })?;
        Bash::new(pile, self.max_take)
    }

    fn position_string(&self) -> String {
        self.pile.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u32, NotationError> {
        if self.outcome().is_some() {
            return Err(NotationError::said(Phrase::new("errors.game.no_move")));
        }
        let piles = Piles::new(&[self.pile])?;
        let Take { amount, .. } = Take::parse(text, &piles)?;
        if amount > self.max_take {
            return Err(NotationError::said(
                Phrase::new("errors.bash.take")
                    .arg("max", self.max_take)
                    .arg("amount", amount),
            ));
        }
        // Every check above is the whole legality rule: no need to list the
        // moves (a pile of a billion would make a billion of them).
        Ok(amount)
    }

    fn move_string(&self, take: u32) -> String {
        format!("1:{take}")
    }

    fn render(&self) -> String {
        let piles = Piles::new(&[self.pile])
            .map(|p| p.render())
            .unwrap_or_default();
        format!(
            "{piles}(take 1 to {}; who takes the last object wins)\n",
            self.max_take
        )
    }

    fn move_help(&self) -> String {
        format!("the number to take, 1 to {} (1:k works too)", self.max_take)
    }

    fn render_in(&self, say: &dyn Fn(&Phrase) -> String) -> String {
        let piles = Piles::new(&[self.pile])
            .map(|p| p.render_in(say))
            .unwrap_or_default();
        let rule = Phrase::new("boards.text.bash").arg("most", i64::from(self.max_take));
        format!("{piles}{}\n", say(&rule))
    }

    fn move_help_phrase(&self) -> Option<Phrase> {
        Some(Phrase::new("boards.help.bash").arg("most", i64::from(self.max_take)))
    }
}

impl Playable for Bash {
    type Eval = TheoryEvaluation;

    fn evaluator(&self) -> TheoryEvaluation {
        TheoryEvaluation
    }

    fn memoised_solve(&self) -> bool {
        true
    }

    /// Bash trees name each node by the objects left in the pile (the moves, amounts
    /// taken, would read as numbers just the same, and say less).
    fn tree_label(&self) -> Option<String> {
        Some(self.pile.to_string())
    }

    /// Impartial: who is to move does not change the value.
    fn canonical(&self) -> Option<Bash> {
        Some(Bash {
            to_move: Player::First,
            ..*self
        })
    }

    fn explain_move(&self, take: u32) -> Option<Phrase> {
        let left = self.pile - take;
        let step = self.max_take + 1;
        let what = Phrase::new("explain.move.take").arg("amount", take);
        Some(if left == 0 {
            Phrase::new("explain.bash.last").arg("move", what)
        } else if left % step == 0 {
            Phrase::new("explain.bash.multiple")
                .arg("move", what)
                .arg("left", left)
                .arg("step", step)
                .arg("max", self.max_take)
        } else if !self.is_win_by_theory() {
            Phrase::new("explain.bash.lost")
                .arg("move", what)
                .arg("pile", self.pile)
                .arg("step", step)
                .arg("max", self.max_take)
                .arg("reply", step - take)
        } else {
            Phrase::new("explain.bash.not_multiple")
                .arg("move", what)
                .arg("count", left)
                .arg("step", step)
                .arg("max", self.max_take)
        })
    }
}
