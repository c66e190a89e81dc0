//! The written form of a position: `12+7-30`, or `50:12+7-30` with a goal other than
//! the default (described on [`PigState`]).

use super::{DEFAULT_GOAL, PigError, PigState};
use ply_core::Player;
use ply_core::text::excerpt;
use std::fmt;

impl PigState {
    /// Reads a position in the notation described on [`PigState`], checking it as
    /// [`PigState::new`] does.
    pub fn parse(text: &str) -> Result<PigState, PigError> {
        let refuse = |reason: &str| PigError::Notation {
            text: excerpt(text),
            reason: reason.to_string(),
        };
        let trimmed = text.trim();
        let (goal, body) = match trimmed.split_once(':') {
            Some((goal, body)) => (number(goal, "the goal").map_err(|r| refuse(&r))?, body),
            None => (DEFAULT_GOAL, trimmed),
        };
        let Some((first, second)) = body.split_once('-') else {
            return Err(refuse(
                "expected the two scores separated by '-', as in 12+7-30",
            ));
        };
        let first = side(first, "the first player's score").map_err(|r| refuse(&r))?;
        let second = side(second, "the second player's score").map_err(|r| refuse(&r))?;
        let (to_move, turn_total) = match (first.1, second.1) {
            (Some(total), None) => (Player::First, total),
            (None, Some(total)) => (Player::Second, total),
            (None, None) => {
                return Err(refuse(
                    "no '+' marks the player to move: write the turn total after that \
                     player's score, as in 12+0-30",
                ));
            }
            (Some(_), Some(_)) => {
                return Err(refuse(
                    "both scores carry a turn total: only the player to move has one",
                ));
            }
        };
        PigState::new(goal, [first.0, second.0], turn_total, to_move)
    }
}

/// One side of the `-`: a score, with `+` and the turn total if this player is to move.
fn side(text: &str, what: &str) -> Result<(u32, Option<u32>), String> {
    match text.split_once('+') {
        Some((score, total)) => Ok((number(score, what)?, Some(number(total, "the turn total")?))),
        None => Ok((number(text, what)?, None)),
    }
}

/// A decimal number without sign or spaces inside.
fn number(text: &str, what: &str) -> Result<u32, String> {
    let digits = text.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{what} should be a number, not {}",
            excerpt(digits)
        ));
    }
    digits
        .parse()
        .map_err(|_| format!("{what} {} is too large", excerpt(digits)))
}

/// Writes the notation that [`PigState::parse`] reads back.
impl fmt::Display for PigState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.goal() != DEFAULT_GOAL {
            write!(f, "{}:", self.goal())?;
        }
        let [first, second] = self.scores();
        let total = self.turn_total();
        match self.to_move() {
            Player::First => write!(f, "{first}+{total}-{second}"),
            Player::Second => write!(f, "{first}-{second}+{total}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turn_total_follows_the_score_of_the_player_to_move() {
        let first = PigState::parse("12+7-30").unwrap();
        assert_eq!(first.scores(), [12, 30]);
        assert_eq!(first.turn_total(), 7);
        assert_eq!(first.to_move(), Player::First);
        assert_eq!(first.goal(), DEFAULT_GOAL);
        let second = PigState::parse(" 12-30+0 ").unwrap();
        assert_eq!(second.to_move(), Player::Second);
        assert_eq!(second.mover_score(), 30);
        let short = PigState::parse("50:12+7-30").unwrap();
        assert_eq!(short.goal(), 50);
    }

    #[test]
    fn display_reads_back() {
        for text in [
            "0+0-0",
            "12+7-30",
            "12-30+0",
            "50:48+0-2",
            "1:0-0+0",
            "200:150+40-199",
        ] {
            let state = PigState::parse(text).unwrap();
            assert_eq!(state.to_string(), text);
            assert_eq!(PigState::parse(&state.to_string()), Ok(state));
        }
        // The usual goal is left out.
        assert_eq!(PigState::parse("100:3+0-0").unwrap().to_string(), "3+0-0");
    }

    #[test]
    fn malformed_text_is_refused_with_a_reason() {
        for (text, reason) in [
            ("", "separated by '-'"),
            ("12+7", "separated by '-'"),
            ("12-30", "no '+' marks the player to move"),
            ("12+2-30+4", "both scores carry a turn total"),
            ("a+0-0", "should be a number"),
            ("-3+0-0", "should be a number"),
            ("12+-30", "the turn total should be a number"),
            ("12+7-30-4", "should be a number"),
            ("x:0+0-0", "the goal should be a number"),
            ("99999999999+0-0", "too large"),
        ] {
            match PigState::parse(text) {
                Err(PigError::Notation { reason: got, .. }) => {
                    assert!(got.contains(reason), "{text:?}: {got}");
                }
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn impossible_positions_are_refused_when_read() {
        assert_eq!(PigState::parse("0:0+0-0"), Err(PigError::Goal { goal: 0 }));
        assert_eq!(
            PigState::parse("201:0+0-0"),
            Err(PigError::Goal { goal: 201 })
        );
        assert_eq!(
            PigState::parse("0+0-100"),
            Err(PigError::ScoreReachesGoal {
                score: 100,
                goal: 100
            })
        );
        assert_eq!(
            PigState::parse("90+10-0"),
            Err(PigError::TurnReachesGoal {
                score: 90,
                turn_total: 10,
                goal: 100
            })
        );
        assert_eq!(PigState::parse("0+1-0"), Err(PigError::TurnTotalOne));
    }

    #[test]
    fn messages_quote_the_text() {
        let error = PigState::parse("12-30").unwrap_err().to_string();
        assert!(
            error.starts_with("pig: cannot read '12-30' as a position"),
            "{error}"
        );
    }
}
