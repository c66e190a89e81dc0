//! Nim (`nim:a,b,c`): piles of objects; a move takes any number (at least one)
//! from one pile; who takes the last object wins. Misère Nim
//! (`misere-nim:a,b,c`): who takes the last object loses.
//!
//! Positions are written as the pile sizes (`14,21,39`), moves as
//! `pile:amount` with piles counted from 1 (`3:12` takes 12 from the third pile).
//! The theory (xor of the piles) is in [`crate::theory::nim`] and
//! [`crate::theory::misere_nim`].
//!
//! ```
//! use ply_core::solve::solve_exact;
//! use ply_games::{Nim, Notation, Playable};
//!
//! let nim = Nim::new(&[14, 21, 39]).unwrap();
//! let solved = solve_exact(&nim);
//! assert!(solved.value.is_win());
//! let best: Vec<String> = solved.best_moves.iter().map(|&m| nim.move_string(m)).collect();
//! assert_eq!(best, ["3:12"]);
//! // Why, as a phrase of the catalogs of words (ply-api says it in a language:
//! // "take 12 from pile 3: the xor of the piles becomes 0").
//! let why = nim.explain_move(solved.best_moves[0]).unwrap();
//! assert_eq!(why.ids(), ["explain.nim.zero", "explain.move.take_from_pile"]);
//! ```

use crate::notation::{Notation, NotationError, Playable};
use crate::piles::{Piles, Take, sizes_text};
use crate::theory::{self, Theory, TheoryEvaluation};
use ply_core::phrase::Phrase;
use ply_core::{Game, GameBounds, Outcome, Player};

/// A Nim or misère Nim position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    piles: Piles,
    misere: bool,
    to_move: Player,
}

impl Nim {
    /// Normal-play Nim with these piles, first player to move.
    pub fn new(sizes: &[u32]) -> Result<Nim, NotationError> {
        Ok(Nim {
            piles: Piles::new(sizes)?,
            misere: false,
            to_move: Player::First,
        })
    }

    /// Misère Nim with these piles, first player to move.
    pub fn misere(sizes: &[u32]) -> Result<Nim, NotationError> {
        Ok(Nim {
            misere: true,
            ..Nim::new(sizes)?
        })
    }

    /// Reads the part after `nim:` (or `misere-nim:`): the pile sizes.
    pub fn from_spec_args(args: &str, misere: bool) -> Result<Nim, NotationError> {
        let name = if misere { "misere-nim" } else { "nim" };
        let piles = Piles::parse(name, args)?;
        Ok(Nim {
            piles,
            misere,
            to_move: Player::First,
        })
    }

    /// The piles.
    pub fn piles(&self) -> &Piles {
        &self.piles
    }

    /// True for misère Nim (who takes the last object loses).
    pub fn is_misere(&self) -> bool {
        self.misere
    }

    fn rules_name(&self) -> &'static str {
        if self.misere { "misere-nim" } else { "nim" }
    }
}

impl Game for Nim {
    type Move = Take;

    #[inline]
    fn to_move(&self) -> Player {
        self.to_move
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.piles.as_slice().iter().any(|&p| p > 0) {
            None
        } else if self.misere {
            // The opponent took the last object, and lost by doing so.
            Some(Outcome::Win)
        } else {
            Some(Outcome::Loss)
        }
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Vec<Take>) {
        for (i, &size) in self.piles.as_slice().iter().enumerate() {
            moves.extend((1..=size).map(|amount| Take {
                pile: i as u8,
                amount,
            }));
        }
    }

    #[inline]
    fn play(&mut self, mv: Take) {
        self.piles.take(mv.pile as usize, mv.amount);
        self.to_move = self.to_move.opponent();
    }

    fn bounds(&self) -> GameBounds {
        GameBounds {
            max_plies: Some(self.piles.total()),
            max_moves: Some(self.piles.total()),
            positions: Some(self.piles.sub_positions().saturating_mul(2)),
            min_positions: None,
        }
    }

    /// The piles as counters, a row a pile ([`crate::piles::counters_diagram`]).
    fn diagram(&self) -> Option<ply_core::Diagram> {
        crate::piles::counters_diagram(self.piles.as_slice())
    }
}

impl Theory for Nim {
    fn is_win_by_theory(&self) -> bool {
        let piles = self.piles.as_slice();
        if self.misere {
            !theory::misere_nim::is_loss(piles)
        } else {
            !theory::nim::is_loss(piles)
        }
    }

    fn winning_moves_by_theory(&self) -> Vec<Take> {
        let piles = self.piles.as_slice();
        if self.misere {
            theory::misere_nim::winning_moves(piles)
        } else {
            theory::nim::winning_moves(piles)
        }
    }
}

impl Notation for Nim {
    /// The spec of this very position: `nim:14,21,39`.
    fn game_name(&self) -> String {
        format!("{}:{}", self.rules_name(), self.piles)
    }

    fn parse_position(&self, text: &str) -> Result<Nim, NotationError> {
        Ok(Nim {
            piles: Piles::parse(self.rules_name(), text)?,
            misere: self.misere,
            to_move: Player::First,
        })
    }

    fn position_string(&self) -> String {
        self.piles.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Take, NotationError> {
        if self.outcome().is_some() {
            return Err(NotationError::said(Phrase::new("errors.game.no_move")));
        }
        let mv = Take::parse(text, &self.piles)?;
        // Every check above is the whole legality rule: no need to list the
        // moves (a pile of a billion would make a billion of them).
        Ok(mv)
    }

    fn move_string(&self, mv: Take) -> String {
        mv.to_string()
    }

    fn render(&self) -> String {
        let rule = if self.misere {
            "misère: who takes the last object loses"
        } else {
            "who takes the last object wins"
        };
        format!("{}({rule})\n", self.piles.render())
    }

    fn move_help(&self) -> String {
        format!(
            "pile:amount, e.g. 1:2 takes 2 objects from pile 1 (piles 1 to {})",
            self.piles.len()
        )
    }

    fn render_in(&self, say: &dyn Fn(&Phrase) -> String) -> String {
        let rule = if self.misere {
            "boards.text.misere-nim"
        } else {
            "boards.text.nim"
        };
        format!("{}{}\n", self.piles.render_in(say), say(&Phrase::new(rule)))
    }

    fn move_help_phrase(&self) -> Option<Phrase> {
        Some(Phrase::new("boards.help.nim").arg("piles", self.piles.len() as i64))
    }
}

impl Playable for Nim {
    type Eval = TheoryEvaluation;

    fn evaluator(&self) -> TheoryEvaluation {
        TheoryEvaluation
    }

    fn memoised_solve(&self) -> bool {
        true
    }

    /// Impartial: who is to move and the order of the piles do not change the
    /// value, so the representative has the piles sorted and the first player to move.
    fn canonical(&self) -> Option<Nim> {
        Some(Nim {
            piles: self.piles.sorted(),
            misere: self.misere,
            to_move: Player::First,
        })
    }

    fn explain_move(&self, mv: Take) -> Option<Phrase> {
        let after = self.after(mv);
        let sizes = after.piles.as_slice();
        let what = take_from_pile(mv);
        let x = self.piles.xor();
        if self.misere && sizes.iter().all(|&p| p <= 1) {
            let ones = sizes.iter().filter(|&&p| p == 1).count();
            let id = match (ones % 2 == 1, ones == 1) {
                (true, true) => "explain.misere_nim.last_one",
                (true, false) => "explain.misere_nim.odd_ones",
                (false, _) => "explain.misere_nim.even_ones",
            };
            let phrase = Phrase::new(id).arg("move", what);
            return Some(if ones == 1 {
                phrase
            } else {
                phrase.arg("count", ones)
            });
        }
        Some(if after.piles.xor() == 0 {
            let id = if self.misere {
                "explain.misere_nim.zero"
            } else {
                "explain.nim.zero"
            };
            Phrase::new(id).arg("move", what)
        } else if !self.is_win_by_theory() {
            Phrase::new("explain.nim.lost")
                .arg("move", what)
                .arg("piles", sizes_text(self.piles.as_slice()))
        } else {
            Phrase::new("explain.nim.not_zero")
                .arg("move", what)
                .arg("xor", after.piles.xor())
                .arg("now", x)
        })
    }
}

/// The move "take `amount` from pile `pile`" of the taking games, in words (piles
/// counted from 1).
pub(crate) fn take_from_pile(mv: Take) -> Phrase {
    Phrase::new("explain.move.take_from_pile")
        .arg("amount", mv.amount)
        .arg("pile", u32::from(mv.pile) + 1)
}
