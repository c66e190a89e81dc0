//! Piles of objects and "take k from pile p" moves, shared by the taking games
//! (Nim, misère Nim, Bash, subtraction games).
//!
//! A position is a small `Copy` value: up to [`MAX_PILES`] sizes inline, no
//! allocation. Piles are numbered from 1 for people (`3:12` takes 12 from the
//! third pile) and from 0 inside.
//!
//! ```
//! use ply_games::piles::{Piles, Take};
//!
//! let piles = Piles::parse("nim", "14,21,39").unwrap();
//! assert_eq!(piles.as_slice(), &[14, 21, 39]);
//! assert_eq!(piles.to_string(), "14,21,39");
//! let take = Take::parse("3:12", &piles).unwrap();
//! assert_eq!(take, Take { pile: 2, amount: 12 });
//! assert_eq!(take.to_string(), "3:12");
//! assert!(Take::parse("4:1", &piles).unwrap_err().to_string().contains("pile 4"));
//! ```

use crate::notation::NotationError;
use ply_core::phrase::Phrase;
use ply_core::text::excerpt;
use ply_core::{Diagram, DiagramStyle, Player};
use std::fmt;

/// The most piles a position can hold.
pub const MAX_PILES: usize = 8;

/// The most objects a pile (or a race's target) may hold. A pile of `n` offers up to
/// `n` moves in one position and a game of up to `n` plies: a million keeps one move
/// list within 8 MB, and leaves every search's memory to be checked against the game's
/// [`bounds`](ply_core::Game::bounds) before it starts.
pub const MAX_PILE: u32 = 1_000_000;

/// Piles drawn as counters ([`DiagramStyle::Counters`]): a row a pile, top to bottom in
/// pile order, a stone a counter from the left. `None` when a pile holds more counters, or
/// there are more piles, than a diagram's side ([`Diagram::MAX_SIDE`], 19): a picture of
/// them would be too small to read. Empty piles are empty rows; the grid is as wide as
/// the largest pile (at least one column).
///
/// ```
/// use ply_core::DiagramStyle;
/// use ply_games::piles::counters_diagram;
///
/// let diagram = counters_diagram(&[3, 0, 1]).unwrap();
/// assert_eq!(diagram.style(), DiagramStyle::Counters);
/// assert_eq!(diagram.to_string(), "XXX\n...\nX..");
/// assert!(counters_diagram(&[20]).is_none());
/// ```
pub fn counters_diagram(sizes: &[u32]) -> Option<Diagram> {
    let widest = sizes.iter().copied().max().unwrap_or(0).max(1);
    let mut diagram = Diagram::new(sizes.len() as u32, widest)?.with_style(DiagramStyle::Counters);
    for (row, &size) in sizes.iter().enumerate() {
        for column in 0..size {
            diagram.set(row as u32, column, Some(Player::First));
        }
    }
    Some(diagram)
}

/// The sizes of up to [`MAX_PILES`] piles. Unused slots stay zero, so the
/// derived equality and hash only see the real piles (and their number).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piles {
    len: u8,
    sizes: [u32; MAX_PILES],
}

impl Piles {
    /// Piles of the given sizes (at most [`MAX_PILES`] piles of at most [`MAX_PILE`]).
    pub fn new(sizes: &[u32]) -> Result<Piles, NotationError> {
        if sizes.len() > MAX_PILES {
            return Err(NotationError::said(
                Phrase::new("errors.piles.too_many")
                    .arg("count", sizes.len())
                    .arg("max", MAX_PILES),
            ));
        }
        if let Some((i, size)) = sizes.iter().enumerate().find(|&(_, &n)| n > MAX_PILE) {
            return Err(NotationError::said(
                Phrase::new("errors.piles.too_big")
                    .arg("pile", i + 1)
                    .arg("size", *size)
                    .arg("max", MAX_PILE),
            ));
        }
        let mut piles = Piles {
            len: sizes.len() as u8,
            sizes: [0; MAX_PILES],
        };
        piles.sizes[..sizes.len()].copy_from_slice(sizes);
        Ok(piles)
    }

    /// Reads comma-separated pile sizes (`14,21,39`); errors name the game and the pile.
    pub fn parse(game: &str, text: &str) -> Result<Piles, NotationError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NotationError::said(
                Phrase::new("errors.piles.nothing").arg("game", game),
            ));
        }
        let sizes = text
            .split(',')
            .enumerate()
            .map(|(i, part)| {
                part.trim().parse::<u32>().map_err(|_| {
                    NotationError::said(
                        Phrase::new("errors.piles.not_whole")
                            .arg("game", game)
                            .arg("pile", i + 1)
                            .arg("text", excerpt(part.trim())),
                    )
                })
            })
            .collect::<Result<Vec<u32>, _>>()?;
        Piles::new(&sizes).map_err(|e| {
            let message =
                e.1.unwrap_or_else(|| Phrase::new("errors.detail").arg("detail", e.0.as_str()));
            NotationError::said(
                Phrase::new("errors.of_game")
                    .arg("game", game)
                    .arg("message", message),
            )
        })
    }

    /// The pile sizes, in order.
    pub fn as_slice(&self) -> &[u32] {
        &self.sizes[..self.len as usize]
    }

    /// The number of piles.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True for no pile at all.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The size of pile `index` (0-based).
    pub fn get(&self, index: usize) -> u32 {
        self.as_slice()[index]
    }

    /// Removes `amount` from pile `index` (0-based); the caller checked it is there.
    #[inline]
    pub fn take(&mut self, index: usize, amount: u32) {
        self.sizes[index] -= amount;
    }

    /// The same piles in increasing order (the order of piles never matters in
    /// the taking games: a canonical form for tables).
    pub fn sorted(&self) -> Piles {
        let mut sorted = *self;
        sorted.sizes[..self.len as usize].sort_unstable();
        sorted
    }

    /// The xor of the pile sizes (the nim-sum).
    pub fn xor(&self) -> u32 {
        self.as_slice().iter().fold(0, |acc, &n| acc ^ n)
    }

    /// The total number of objects.
    pub fn total(&self) -> u64 {
        self.as_slice().iter().map(|&n| n as u64).sum()
    }

    /// The number of piles of each size up to these, the empty ones included
    /// (the product of `size + 1`, saturating): a bound on the positions reachable.
    pub fn sub_positions(&self) -> u64 {
        self.as_slice()
            .iter()
            .fold(1u64, |n, &size| n.saturating_mul(size as u64 + 1))
    }

    /// [`Piles::render`] as phrases, one line per pile (`boards.text.pile`: the pile's
    /// number and size written as `render` aligns them, and its bar).
    pub fn render_phrases(&self) -> Vec<Phrase> {
        let width = self
            .as_slice()
            .iter()
            .max()
            .map_or(1, |m| m.to_string().len());
        self.as_slice()
            .iter()
            .enumerate()
            .map(|(i, &n)| {
                let bar: String = "o".repeat(n.min(40) as usize);
                let more = if n > 40 { "..." } else { "" };
                Phrase::new("boards.text.pile")
                    .arg("pile", format!("{:>2}", i + 1))
                    .arg("size", format!("{n:>width$}"))
                    .arg("bar", format!("{bar}{more}"))
            })
            .collect()
    }

    /// [`Piles::render`] with its words said by `say`.
    pub fn render_in(&self, say: &dyn Fn(&Phrase) -> String) -> String {
        let mut out = String::new();
        for line in self.render_phrases() {
            out.push_str(&say(&line));
            out.push('\n');
        }
        out
    }

    /// A text picture, one line per pile: `pile 1 |  3 ooo`.
    pub fn render(&self) -> String {
        let width = self
            .as_slice()
            .iter()
            .max()
            .map_or(1, |m| m.to_string().len());
        let mut out = String::new();
        for (i, &n) in self.as_slice().iter().enumerate() {
            let bar: String = "o".repeat(n.min(40) as usize);
            let more = if n > 40 { "..." } else { "" };
            out.push_str(&format!("pile {:>2} | {n:>width$} {bar}{more}\n", i + 1));
        }
        out
    }
}

impl fmt::Display for Piles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.as_slice().iter().map(u32::to_string).collect();
        f.write_str(&parts.join(","))
    }
}

impl fmt::Debug for Piles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Piles({self})")
    }
}

/// A move of the taking games: remove `amount` objects from pile `pile` (0-based).
/// Written `pile:amount` with the pile counted from 1 (`3:12`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Take {
    /// The pile, from 0.
    pub pile: u8,
    /// How many objects to take.
    pub amount: u32,
}

/// The refusal of the move `text`: "move {text}: {message}".
fn take_error(text: &str, message: Phrase) -> NotationError {
    NotationError::said(
        Phrase::new("errors.piles.move")
            .arg("text", excerpt(text))
            .arg("message", message),
    )
}

impl Take {
    /// Reads `pile:amount` (1-based pile) and checks that the pile exists and
    /// holds at least `amount` objects, and that `amount` is at least 1. With a
    /// single pile, a bare `amount` is accepted too. Game-specific rules (which
    /// amounts are allowed) are checked by the game.
    pub fn parse(text: &str, piles: &Piles) -> Result<Take, NotationError> {
        let t = text.trim();
        let (pile_text, amount_text) = match t.split_once(':') {
            Some((p, a)) => (Some(p.trim()), a.trim()),
            None if piles.len() == 1 => (None, t),
            None => {
                return Err(NotationError::said(
                    Phrase::new("errors.piles.not_a_move").arg("text", excerpt(t)),
                ));
            }
        };
        let pile = match pile_text {
            None => 1,
            Some(p) => p.parse::<usize>().map_err(|_| {
                take_error(
                    t,
                    Phrase::new("errors.piles.not_pile_number").arg("pile", excerpt(p)),
                )
            })?,
        };
        if pile == 0 || pile > piles.len() {
            return Err(take_error(
                t,
                Phrase::new("errors.piles.no_pile")
                    .arg("pile", pile)
                    .arg("count", piles.len()),
            ));
        }
        let amount = amount_text.parse::<u32>().map_err(|_| {
            take_error(
                t,
                Phrase::new("errors.piles.amount").arg("amount", excerpt(amount_text)),
            )
        })?;
        if amount == 0 {
            return Err(take_error(t, Phrase::new("errors.piles.at_least_one")));
        }
        let size = piles.get(pile - 1);
        if amount > size {
            return Err(take_error(
                t,
                Phrase::new("errors.piles.cannot_take")
                    .arg("amount", amount)
                    .arg("pile", pile)
                    .arg("size", size),
            ));
        }
        Ok(Take {
            pile: (pile - 1) as u8,
            amount,
        })
    }
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.pile + 1, self.amount)
    }
}

/// "(1,3,5)": the piles as people write them.
pub(crate) fn sizes_text(sizes: &[u32]) -> String {
    let parts: Vec<String> = sizes.iter().map(u32::to_string).collect();
    format!("({})", parts.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_name_the_field() {
        let e = Piles::parse("nim", "3,x,5").unwrap_err().to_string();
        assert!(e.contains("pile 2 'x'"), "{e}");
        let e = Piles::parse("nim", "").unwrap_err().to_string();
        assert!(e.contains("nim: expected pile sizes"), "{e}");
        let many = ["1"; MAX_PILES + 1].join(",");
        assert!(
            Piles::parse("nim", &many)
                .unwrap_err()
                .to_string()
                .contains("too many")
        );
        let piles = Piles::parse("nim", "3,4").unwrap();
        for (text, needle) in [
            ("3", "pile:amount"),
            ("0:1", "no pile 0"),
            ("a:1", "pile 'a'"),
            ("1:x", "amount 'x'"),
            ("1:0", "at least one"),
            ("2:5", "which has 4"),
        ] {
            let e = Take::parse(text, &piles).unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
        let one = Piles::new(&[7]).unwrap();
        assert_eq!(Take::parse("3", &one).unwrap(), Take { pile: 0, amount: 3 });
    }

    #[test]
    fn equality_ignores_nothing_real() {
        let a = Piles::new(&[1, 2, 0]).unwrap();
        let b = Piles::new(&[1, 2]).unwrap();
        assert_ne!(a, b); // a third, empty pile is still a pile
        let mut c = Piles::new(&[1, 3]).unwrap();
        c.take(1, 1);
        assert_eq!(b, c);
        assert_eq!(a.xor(), 3);
        assert_eq!(a.total(), 3);
    }
}
