//! Subtraction games (`subtraction:N;S`): one pile of N objects; a move takes
//! `s` objects for some `s` in the set S (`subtraction:20;1,3,4`); who makes the
//! last move wins. Sums (`subtraction:20,17;1,3,4`): several piles with the same
//! set, a move is made in one pile.
//!
//! The position is the pile sizes (`20,17`); moves are `pile:amount`
//! (`2:3`). Theory: Sprague-Grundy values (`g(n) = mex { g(n - s) }`), and a
//! sum is lost exactly when the xor of its piles' values is 0
//! ([`crate::theory::subtraction`]).
//!
//! ```
//! use ply_core::solve::solve_exact;
//! use ply_games::{Notation, Playable, Subtraction, theory::Theory};
//!
//! let game = Subtraction::from_spec_args("20,17;1,3,4").unwrap();
//! // S = {1,3,4}: g(n) = 0 1 0 1 2 3 2, repeating with period 7.
//! assert_eq!((game.grundy(20), game.grundy(17)), (2, 1)); // xor 3: a win
//! let winning: Vec<String> = game.winning_moves_by_theory().iter().map(|&m| game.move_string(m)).collect();
//! assert_eq!(winning, ["1:3", "2:4"]);
//! assert!(solve_exact(&game).value.is_win());
//! // In words (ply-api): "take 3 from pile 1: the Grundy values of the piles become 1,1
//! // (g(17) = 1, g(17) = 1), whose xor is 0".
//! let why = game.explain_move(game.parse_move("1:3").unwrap()).unwrap();
//! assert_eq!(why.id, "explain.subtraction.sum_zero");
//! ```

use crate::notation::{Notation, NotationError, Playable};
use crate::piles::{Piles, Take};
use crate::theory::{self, Theory, TheoryEvaluation};
use ply_core::phrase::Phrase;
use ply_core::text::excerpt;
use ply_core::{Game, GameBounds, Outcome, Player};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The largest pile a subtraction game accepts (its Grundy table is kept in memory).
pub const MAX_SUBTRACTION_PILE: u32 = crate::piles::MAX_PILE;
/// The most take sizes a set may have.
pub const MAX_SET_SIZE: usize = 256;

/// The rules shared by all positions of one game: the take set and its Grundy values.
#[derive(Debug)]
struct Rules {
    /// The take sizes, increasing, without repeats, all at least 1.
    set: Vec<u32>,
    /// `g(0..=n)` for n the largest pile of any position read so far.
    grundy: Vec<u32>,
}

/// A position of a subtraction game (or of a sum of them, sharing one set).
#[derive(Clone, Debug)]
pub struct Subtraction {
    piles: Piles,
    rules: Arc<Rules>,
    to_move: Player,
}

impl PartialEq for Subtraction {
    fn eq(&self, other: &Self) -> bool {
        self.piles == other.piles
            && self.to_move == other.to_move
            && (Arc::ptr_eq(&self.rules, &other.rules) || self.rules.set == other.rules.set)
    }
}

impl Eq for Subtraction {}

impl Hash for Subtraction {
    /// Positions of one game share their set: hashing the piles and the turn is enough.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.piles.hash(state);
        self.to_move.hash(state);
    }
}

/// Reads a take set `1,3,4`: whole numbers at least 1; sorted and deduplicated.
pub fn parse_set(game: &str, text: &str) -> Result<Vec<u32>, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::said(
            Phrase::new("errors.subtraction.empty_set").arg("game", game),
        ));
    }
    let mut set = text
        .split(',')
        .enumerate()
        .map(|(i, part)| match part.trim().parse::<u32>() {
            Ok(0) => Err(NotationError::said(
                Phrase::new("errors.subtraction.zero")
                    .arg("game", game)
                    .arg("number", i + 1),
            )),
            Ok(s) => Ok(s),
            Err(_) => Err(NotationError::said(
                Phrase::new("errors.subtraction.not_whole")
                    .arg("game", game)
                    .arg("number", i + 1)
                    .arg("text", excerpt(part.trim())),
            )),
        })
        .collect::<Result<Vec<u32>, _>>()?;
    set.sort_unstable();
    set.dedup();
    if set.len() > MAX_SET_SIZE {
        return Err(NotationError::said(
            Phrase::new("errors.subtraction.too_many")
                .arg("game", game)
                .arg("count", set.len())
                .arg("max", MAX_SET_SIZE),
        ));
    }
    Ok(set)
}

impl Subtraction {
    /// Piles `sizes` with take set `set` (any order, repeats ignored), first player to move.
    pub fn new(sizes: &[u32], set: &[u32]) -> Result<Subtraction, NotationError> {
        let text: Vec<String> = set.iter().map(u32::to_string).collect();
        let set = parse_set("subtraction", &text.join(","))?;
        let piles = Self::checked_piles(Piles::new(sizes)?)?;
        let upto = piles.as_slice().iter().copied().max().unwrap_or(0);
        let grundy = theory::subtraction::grundy_values(&set, upto);
        Ok(Subtraction {
            piles,
            rules: Arc::new(Rules { set, grundy }),
            to_move: Player::First,
        })
    }

    /// Reads `N;S` or `N1,N2,...;S` (the part after `subtraction:`).
    pub fn from_spec_args(args: &str) -> Result<Subtraction, NotationError> {
        let Some((piles, set)) = args.split_once(';') else {
            return Err(NotationError::said(
                Phrase::new("errors.subtraction.spec").arg("args", excerpt(args.trim())),
            ));
        };
        let piles = Piles::parse("subtraction", piles)?;
        let set = parse_set("subtraction", set)?;
        Subtraction::new(piles.as_slice(), &set)
    }

    fn checked_piles(piles: Piles) -> Result<Piles, NotationError> {
        if piles.is_empty() {
            return Err(NotationError::said(Phrase::new(
                "errors.subtraction.no_pile",
            )));
        }
        if let Some((i, &p)) = piles
            .as_slice()
            .iter()
            .enumerate()
            .find(|&(_, &p)| p > MAX_SUBTRACTION_PILE)
        {
            return Err(NotationError::said(
                Phrase::new("errors.subtraction.too_big")
                    .arg("pile", i + 1)
                    .arg("size", p)
                    .arg("max", MAX_SUBTRACTION_PILE),
            ));
        }
        Ok(piles)
    }

    /// The piles.
    pub fn piles(&self) -> &Piles {
        &self.piles
    }

    /// The take sizes, increasing.
    pub fn set(&self) -> &[u32] {
        &self.rules.set
    }

    /// The Grundy value of a pile of `n` (`n` at most the largest pile of the game).
    pub fn grundy(&self, n: u32) -> u32 {
        self.rules.grundy[n as usize]
    }

    fn set_text(&self) -> String {
        let parts: Vec<String> = self.rules.set.iter().map(u32::to_string).collect();
        parts.join(",")
    }
}

impl Game for Subtraction {
    type Move = Take;

    #[inline]
    fn to_move(&self) -> Player {
        self.to_move
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        let smallest = self.rules.set[0];
        // No pile can lose any allowed amount: the opponent made the last move.
        (!self.piles.as_slice().iter().any(|&p| p >= smallest)).then_some(Outcome::Loss)
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Vec<Take>) {
        for (i, &p) in self.piles.as_slice().iter().enumerate() {
            for &s in self.rules.set.iter().take_while(|&&s| s <= p) {
                moves.push(Take {
                    pile: i as u8,
                    amount: s,
                });
            }
        }
    }

    #[inline]
    fn play(&mut self, mv: Take) {
        self.piles.take(mv.pile as usize, mv.amount);
        self.to_move = self.to_move.opponent();
    }

    fn bounds(&self) -> GameBounds {
        let smallest = self.rules.set[0] as u64;
        GameBounds {
            max_plies: Some(self.piles.total() / smallest),
            max_moves: Some(self.piles.len() as u64 * self.rules.set.len() as u64),
            positions: Some(self.piles.sub_positions().saturating_mul(2)),
            min_positions: None,
        }
    }

    /// The piles as counters, a row a pile ([`crate::piles::counters_diagram`]).
    fn diagram(&self) -> Option<ply_core::Diagram> {
        crate::piles::counters_diagram(self.piles.as_slice())
    }
}

impl Theory for Subtraction {
    fn is_win_by_theory(&self) -> bool {
        !theory::subtraction::is_loss(self.piles.as_slice(), &self.rules.grundy)
    }

    fn winning_moves_by_theory(&self) -> Vec<Take> {
        theory::subtraction::winning_moves(
            self.piles.as_slice(),
            &self.rules.set,
            &self.rules.grundy,
        )
    }
}

impl Notation for Subtraction {
    /// The spec of this very position: `subtraction:20,17;1,3,4`.
    fn game_name(&self) -> String {
        format!("subtraction:{};{}", self.piles, self.set_text())
    }

    /// The pile sizes (`20,17`); the set is the game's.
    fn parse_position(&self, text: &str) -> Result<Subtraction, NotationError> {
        let piles = Self::checked_piles(Piles::parse("subtraction", text)?)?;
        let upto = piles.as_slice().iter().copied().max().unwrap_or(0);
        let rules = if (upto as usize) < self.rules.grundy.len() {
            Arc::clone(&self.rules)
        } else {
            Arc::new(Rules {
                set: self.rules.set.clone(),
                grundy: theory::subtraction::grundy_values(&self.rules.set, upto),
            })
        };
        Ok(Subtraction {
            piles,
            rules,
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
        if self.rules.set.binary_search(&mv.amount).is_err() {
            return Err(NotationError::said(
                Phrase::new("errors.piles.move")
                    .arg("text", excerpt(text.trim()))
                    .arg(
                        "message",
                        Phrase::new("errors.subtraction.not_in_set")
                            .arg("amount", mv.amount)
                            .arg("set", format!("{{{}}}", self.set_text())),
                    ),
            ));
        }
        // Every check above is the whole legality rule: no need to list the
        // moves (a pile of a billion would make a billion of them).
        Ok(mv)
    }

    fn move_string(&self, mv: Take) -> String {
        mv.to_string()
    }

    fn render(&self) -> String {
        format!(
            "{}(take {{{}}} from one pile; who makes the last move wins)\n",
            self.piles.render(),
            self.set_text()
        )
    }

    fn move_help(&self) -> String {
        format!(
            "pile:amount with the amount in {{{}}}, e.g. 1:{} (piles 1 to {})",
            self.set_text(),
            self.rules.set[0],
            self.piles.len()
        )
    }

    fn render_in(&self, say: &dyn Fn(&Phrase) -> String) -> String {
        let rule =
            Phrase::new("boards.text.subtraction").arg("set", format!("{{{}}}", self.set_text()));
        format!("{}{}\n", self.piles.render_in(say), say(&rule))
    }

    fn move_help_phrase(&self) -> Option<Phrase> {
        Some(
            Phrase::new("boards.help.subtraction")
                .arg("set", format!("{{{}}}", self.set_text()))
                .arg("first", i64::from(self.rules.set[0]))
                .arg("piles", self.piles.len() as i64),
        )
    }
}

impl Playable for Subtraction {
    type Eval = TheoryEvaluation;

    fn evaluator(&self) -> TheoryEvaluation {
        TheoryEvaluation
    }

    fn memoised_solve(&self) -> bool {
        true
    }

    /// Impartial: who is to move and the order of the piles do not change the
    /// value, so the representative has the piles sorted and the first player to move.
    fn canonical(&self) -> Option<Subtraction> {
        Some(Subtraction {
            piles: self.piles.sorted(),
            rules: Arc::clone(&self.rules),
            to_move: Player::First,
        })
    }

    fn explain_move(&self, mv: Take) -> Option<Phrase> {
        let what = crate::nim::take_from_pile(mv);
        let after = self.after(mv);
        let values: Vec<u32> = after
            .piles
            .as_slice()
            .iter()
            .map(|&p| self.grundy(p))
            .collect();
        let x = values.iter().fold(0, |acc, &g| acc ^ g);
        if self.piles.len() == 1 {
            let p = after.piles.get(0);
            let g = values[0];
            return Some(if g == 0 {
                Phrase::new("explain.subtraction.zero")
                    .arg("move", what)
                    .arg("count", p)
            } else if !self.is_win_by_theory() {
                Phrase::new("explain.subtraction.lost")
                    .arg("move", what)
                    .arg("pile", self.piles.get(0))
            } else {
                Phrase::new("explain.subtraction.not_zero")
                    .arg("move", what)
                    .arg("count", p)
                    .arg("value", g)
            });
        }
        if x != 0 && !self.is_win_by_theory() {
            return Some(Phrase::new("explain.subtraction.sum_lost").arg("move", what));
        }
        // The values as the position is written ("1,1"), then each pile's ("g(17) = 1").
        let values_text: Vec<String> = values.iter().map(u32::to_string).collect();
        let each: Vec<Phrase> = after
            .piles
            .as_slice()
            .iter()
            .zip(&values)
            .map(|(&p, &g)| {
                Phrase::new("explain.subtraction.grundy")
                    .arg("pile", p)
                    .arg("value", g)
            })
            .collect();
        let phrase = Phrase::new(if x == 0 {
            "explain.subtraction.sum_zero"
        } else {
            "explain.subtraction.sum_not_zero"
        })
        .arg("move", what)
        .arg("values", values_text.join(","))
        .arg("each", each);
        Some(if x == 0 { phrase } else { phrase.arg("xor", x) })
    }
}
