//! A game of your own with ply's whole command line: Kayles, in under two hundred lines.
//!
//! Kayles (Dudeney, 1908): a row of pins; a move knocks down one pin or two adjacent
//! ones; who knocks down the last pin wins. ply does not ship it: this file defines it
//! (the game, how its positions and moves are written) and hands it to
//! `ply_cli::main_for_game`, which gives it every command that works for any game:
//!
//! ```text
//! cargo run -p ply --example kayles -- play              # play against the perfect engine
//! cargo run -p ply --example kayles -- solve III.IIII    # the value of every move
//! cargo run -p ply --example kayles -- tree --depth 3 --format svg > kayles.svg  # 3 plies of its tree
//! cargo run -p ply --example kayles -- count
//! ```
//!
//! The first player wins every row (knock down the middle, then mirror the opponent).

use ply_core::phrase::Phrase;
use ply_core::{Game, GameBounds, NoEvaluation, Outcome, Player};
use ply_games::{Notation, NotationError, Playable};

/// An error in English: this game's words are not in ply's catalogs, so every language
/// shows them as they are.
fn english(text: &str) -> NotationError {
    NotationError::said(Phrase::new("errors.detail").arg("detail", text))
}

/// A row of at most 16 pins: bit `i` of `standing` is pin `i + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Kayles {
    pins: u32,
    standing: u32,
    to_move: Player,
}

/// A move: the first pin knocked down (0-based) and how many, 1 or 2.
type Knock = (u32, u32);

impl Kayles {
    fn new(pins: u32) -> Kayles {
        Kayles {
            pins,
            standing: (1 << pins) - 1,
            to_move: Player::First,
        }
    }

    fn mask((first, count): Knock) -> u32 {
        ((1 << count) - 1) << first
    }
}

impl Game for Kayles {
    type Move = Knock;

    fn to_move(&self) -> Player {
        self.to_move
    }

    /// No pin left: the previous player knocked down the last one and won.
    fn outcome(&self) -> Option<Outcome> {
        (self.standing == 0).then_some(Outcome::Loss)
    }

    fn generate_moves(&self, moves: &mut Vec<Knock>) {
        for count in [1, 2] {
            for first in 0..self.pins {
                let knock = (first, count);
                if first + count <= self.pins
                    && self.standing & Kayles::mask(knock) == Kayles::mask(knock)
                {
                    moves.push(knock);
                }
            }
        }
    }

    fn play(&mut self, knock: Knock) {
        self.standing &= !Kayles::mask(knock);
        self.to_move = self.to_move.opponent();
    }

    /// What the command line checks memory and depth against before a search.
    fn bounds(&self) -> GameBounds {
        let standing = u64::from(self.standing.count_ones());
        GameBounds {
            max_plies: Some(standing),
            max_moves: Some(2 * standing),
            positions: Some(2 << standing),
            min_positions: None,
        }
    }
}

impl Notation for Kayles {
    fn game_name(&self) -> String {
        "kayles".into()
    }

    /// `III.IIII`: `I` a standing pin, `.` a fallen one.
    fn parse_position(&self, text: &str) -> Result<Kayles, NotationError> {
        if text.is_empty() || text.len() > 16 || !text.bytes().all(|b| b == b'I' || b == b'.') {
            return Err(english(
                "a row of 1 to 16 pins: I standing, . down (III.II)",
            ));
        }
        let standing = text.bytes().enumerate().filter(|&(_, b)| b == b'I');
        Ok(Kayles {
            pins: text.len() as u32,
            standing: standing.fold(0, |bits, (i, _)| bits | 1 << i),
            to_move: Player::First,
        })
    }

    fn position_string(&self) -> String {
        (0..self.pins)
            .map(|i| {
                if self.standing >> i & 1 == 1 {
                    'I'
                } else {
                    '.'
                }
            })
            .collect()
    }

    /// `3` knocks down pin 3, `3-4` pins 3 and 4.
    fn parse_move(&self, text: &str) -> Result<Knock, NotationError> {
        let pin = |s: &str| {
            s.trim()
                .parse::<u32>()
                .ok()
                .filter(|&p| p >= 1 && p <= self.pins)
        };
        let knock = match text.split_once('-') {
            None => pin(text).map(|p| (p - 1, 1)),
            Some((a, b)) => pin(a)
                .zip(pin(b))
                .filter(|&(a, b)| b == a + 1)
                .map(|(a, _)| (a - 1, 2)),
        };
        let knock = knock.ok_or_else(|| english(&self.move_help()))?;
        ply_games::notation::legal_or_error(self, knock, text)
    }

    fn move_string(&self, (first, count): Knock) -> String {
        match count {
            1 => format!("{}", first + 1),
            _ => format!("{}-{}", first + 1, first + 2),
        }
    }

    fn render(&self) -> String {
        let numbers: String = (1..=self.pins).map(|p| format!("{:<2}", p % 100)).collect();
        let row: String = self
            .position_string()
            .chars()
            .map(|c| format!("{c} "))
            .collect();
        format!("{}\n{}\n", numbers.trim_end(), row.trim_end())
    }

    fn move_help(&self) -> String {
        "a pin to knock down (3) or two neighbours (3-4)".into()
    }
}

impl Playable for Kayles {
    /// Kayles needs no evaluation: every search here reaches the end of the game.
    type Eval = NoEvaluation;

    fn evaluator(&self) -> NoEvaluation {
        NoEvaluation
    }
}

fn main() -> std::process::ExitCode {
    ply_cli::main_for_game(Kayles::new(7))
}
