//! Wythoff's game (`wythoff:a,b`): two piles; a move takes any number (at
//! least one) from one pile, or the same number from both; who takes the last
//! object wins.
//!
//! The position is the two pile sizes (`3,5`). Moves: `1:k` and `2:k` take
//! `k` from pile 1 or 2, `both:k` (or `b:k`) takes `k` from each pile.
//! Theory: the cold (lost) positions are the pairs `(a_k, b_k)` with
//! `a_k = floor(k·φ)` and `b_k = a_k + k` ([`crate::theory::wythoff`]).
//!
//! ```
//! use ply_core::solve::solve_exact;
//! use ply_games::{Notation, Wythoff};
//!
//! let w = Wythoff::new(4, 6);
//! let best: Vec<String> = solve_exact(&w).best_moves.iter().map(|&m| w.move_string(m)).collect();
//! assert_eq!(best, ["both:1"]); // to (3,5), the cold pair of k = 2
//! ```

use crate::notation::{Notation, NotationError, Playable};
use crate::piles::Piles;
use crate::theory::{self, Theory, TheoryEvaluation};
use ply_core::phrase::Phrase;
use ply_core::text::excerpt;
use ply_core::{Game, GameBounds, Outcome, Player};
use std::fmt;

/// A move of Wythoff's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WythoffMove {
    /// Take this many from pile 1 (written `1:k`).
    First(u32),
    /// Take this many from pile 2 (written `2:k`).
    Second(u32),
    /// Take this many from both piles (written `both:k`).
    Both(u32),
}

impl fmt::Display for WythoffMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WythoffMove::First(k) => write!(f, "1:{k}"),
            WythoffMove::Second(k) => write!(f, "2:{k}"),
            WythoffMove::Both(k) => write!(f, "both:{k}"),
        }
    }
}

/// A position of Wythoff's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wythoff {
    piles: [u32; 2],
    to_move: Player,
}

impl Wythoff {
    /// Two piles of `a` and `b`.
    pub fn new(a: u32, b: u32) -> Wythoff {
        Wythoff {
            piles: [a, b],
            to_move: Player::First,
        }
    }

    /// Reads `a,b` (the part after `wythoff:`).
    pub fn from_spec_args(args: &str) -> Result<Wythoff, NotationError> {
        let piles = Piles::parse("wythoff", args)?;
        match piles.as_slice() {
            &[a, b] => Ok(Wythoff::new(a, b)),
            _ => Err(NotationError::said(
                Phrase::new("errors.wythoff.size")
                    .arg("count", piles.len())
                    .arg("args", excerpt(args.trim())),
            )),
        }
    }

    /// The two piles.
    pub fn piles(&self) -> [u32; 2] {
        self.piles
    }
}

impl Game for Wythoff {
    type Move = WythoffMove;

    #[inline]
    fn to_move(&self) -> Player {
        self.to_move
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        (self.piles == [0, 0]).then_some(Outcome::Loss)
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Vec<WythoffMove>) {
        let [a, b] = self.piles;
        moves.extend((1..=a).map(WythoffMove::First));
        moves.extend((1..=b).map(WythoffMove::Second));
        moves.extend((1..=a.min(b)).map(WythoffMove::Both));
    }

    #[inline]
    fn play(&mut self, mv: WythoffMove) {
        match mv {
            WythoffMove::First(k) => self.piles[0] -= k,
            WythoffMove::Second(k) => self.piles[1] -= k,
            WythoffMove::Both(k) => {
                self.piles[0] -= k;
                self.piles[1] -= k;
            }
        }
        self.to_move = self.to_move.opponent();
    }

    fn bounds(&self) -> GameBounds {
        let [a, b] = self.piles.map(u64::from);
        GameBounds {
            max_plies: Some(a + b),
            max_moves: Some(a + b + a.min(b)),
            positions: Some(2 * (a + 1) * (b + 1)),
            min_positions: None,
        }
    }

    /// The two piles as counters, a row a pile ([`crate::piles::counters_diagram`]).
    fn diagram(&self) -> Option<ply_core::Diagram> {
        crate::piles::counters_diagram(&self.piles)
    }
}

impl Theory for Wythoff {
    fn is_win_by_theory(&self) -> bool {
        !theory::wythoff::is_cold(self.piles[0], self.piles[1])
    }

    /// The moves to a cold position, found by trying every move against the closed form.
    fn winning_moves_by_theory(&self) -> Vec<WythoffMove> {
        if !self.is_win_by_theory() {
            return Vec::new();
        }
        self.legal_moves()
            .into_iter()
            .filter(|&mv| {
                let [a, b] = self.after(mv).piles;
                theory::wythoff::is_cold(a, b)
            })
            .collect()
    }
}

/// The refusal of the move `text`: "move {text}: {message}".
fn move_error(text: &str, message: Phrase) -> NotationError {
    NotationError::said(
        Phrase::new("errors.piles.move")
            .arg("text", excerpt(text))
            .arg("message", message),
    )
}

impl Notation for Wythoff {
    /// The spec of this very position: `wythoff:3,5`.
    fn game_name(&self) -> String {
        format!("wythoff:{},{}", self.piles[0], self.piles[1])
    }

    fn parse_position(&self, text: &str) -> Result<Wythoff, NotationError> {
        Wythoff::from_spec_args(text)
    }

    fn position_string(&self) -> String {
        format!("{},{}", self.piles[0], self.piles[1])
    }

    fn parse_move(&self, text: &str) -> Result<WythoffMove, NotationError> {
        let t = text.trim();
        if self.outcome().is_some() {
            return Err(NotationError::said(Phrase::new("errors.game.no_move")));
        }
        let Some((which, amount)) = t.split_once(':') else {
            return Err(NotationError::said(
                Phrase::new("errors.wythoff.not_a_move").arg("text", excerpt(t)),
            ));
        };
        let k = amount.trim().parse::<u32>().map_err(|_| {
            move_error(
                t,
                Phrase::new("errors.piles.amount").arg("amount", excerpt(amount.trim())),
            )
        })?;
        if k == 0 {
            return Err(move_error(t, Phrase::new("errors.piles.at_least_one")));
        }
        let [a, b] = self.piles;
        let mv = match which.trim().to_ascii_lowercase().as_str() {
            "1" if k <= a => WythoffMove::First(k),
            "2" if k <= b => WythoffMove::Second(k),
            "both" | "b" if k <= a.min(b) => WythoffMove::Both(k),
            "1" | "2" | "both" | "b" => {
                return Err(move_error(
                    t,
                    Phrase::new("errors.wythoff.cannot_take")
                        .arg("amount", k)
                        .arg("a", a)
                        .arg("b", b),
                ));
            }
            other => {
                return Err(move_error(
                    t,
                    Phrase::new("errors.wythoff.not_a_pile").arg("pile", excerpt(other)),
                ));
            }
        };
        // Every check above is the whole legality rule: no need to list the
        // moves (a pile of a billion would make a billion of them).
        Ok(mv)
    }

    fn move_string(&self, mv: WythoffMove) -> String {
        mv.to_string()
    }

    fn render(&self) -> String {
        let piles = Piles::new(&self.piles)
            .map(|p| p.render())
            .unwrap_or_default();
        format!(
            "{piles}(take from one pile, or the same number from both; who takes the last object wins)\n"
        )
    }

    fn move_help(&self) -> String {
        "1:k or 2:k takes k from pile 1 or 2; both:k takes k from each pile".into()
    }

    fn render_in(&self, say: &dyn Fn(&Phrase) -> String) -> String {
        let piles = Piles::new(&self.piles)
            .map(|p| p.render_in(say))
            .unwrap_or_default();
        format!("{piles}{}\n", say(&Phrase::new("boards.text.wythoff")))
    }

    fn move_help_phrase(&self) -> Option<Phrase> {
        Some(Phrase::new("boards.help.wythoff"))
    }
}

impl Playable for Wythoff {
    type Eval = TheoryEvaluation;

    fn evaluator(&self) -> TheoryEvaluation {
        TheoryEvaluation
    }

    fn memoised_solve(&self) -> bool {
        true
    }

    /// Impartial and symmetric: the smaller pile first, the first player to move.
    fn canonical(&self) -> Option<Wythoff> {
        let [a, b] = self.piles;
        Some(Wythoff {
            piles: [a.min(b), a.max(b)],
            to_move: Player::First,
        })
    }

    fn explain_move(&self, mv: WythoffMove) -> Option<Phrase> {
        let what = match mv {
            WythoffMove::First(k) => Phrase::new("explain.move.take_from_pile")
                .arg("amount", k)
                .arg("pile", 1u32),
            WythoffMove::Second(k) => Phrase::new("explain.move.take_from_pile")
                .arg("amount", k)
                .arg("pile", 2u32),
            WythoffMove::Both(k) => Phrase::new("explain.move.take_from_both").arg("amount", k),
        };
        let [a, b] = self.after(mv).piles;
        Some(match theory::wythoff::cold_index(a, b) {
            Some(0) => Phrase::new("explain.wythoff.last").arg("move", what),
            Some(k) => {
                let (ak, bk) = theory::wythoff::cold_pair(k);
                Phrase::new("explain.wythoff.cold")
                    .arg("move", what)
                    .arg("a", a)
                    .arg("b", b)
                    .arg("k", k)
                    .arg("ak", ak)
                    .arg("bk", bk)
            }
            None if !self.is_win_by_theory() => Phrase::new("explain.wythoff.lost")
                .arg("move", what)
                .arg("a", self.piles[0])
                .arg("b", self.piles[1]),
            None => Phrase::new("explain.wythoff.hot")
                .arg("move", what)
                .arg("a", a)
                .arg("b", b),
        })
    }
}
