//! The written form of a position: `12+7-30`, or `50:12+7-30` with a goal other than
//! the default (described on [`PigState`]).

use super::{DEFAULT_GOAL, PigError, PigState};
use ply_core::Player;
use ply_core::text::excerpt;
use std::fmt;

impl PigState {
    /// Reads a position in the notation described on [`PigState`], checking it as
    /// [`PigState::new`] does; a text that names no goal plays to [`DEFAULT_GOAL`].
    pub fn parse(text: &str) -> Result<PigState, PigError> {
        PigState::parse_in(DEFAULT_GOAL, text)
    }

    /// [`PigState::parse`] for the game to `goal`: a text that names no goal
    /// (`12+7-30`) plays to `goal`, one that names a goal (`50:12+7-30`) to that one
    /// (whether it is `goal` is the caller's to check). A refusal quotes the text as it
    /// is written and says what is wrong with it:
    ///
    /// ```
    /// use ply_games::pig::PigState;
    ///
    /// assert_eq!(PigState::parse_in(20, "12+2-0").unwrap().goal(), 20);
    /// assert_eq!(
    ///     PigState::parse_in(20, "-1+0-0").unwrap_err().to_string(),
    ///     "pig: cannot read '-1+0-0' as a position: the first player's score '-1' has a \
    ///      minus sign, and a score cannot be negative"
    /// );
    /// ```
    pub fn parse_in(goal: u32, text: &str) -> Result<PigState, PigError> {
        let refuse = |reason: String| PigError::Notation {
            text: excerpt(text),
            reason,
        };
        let trimmed = text.trim();
        let (goal, body) = match trimmed.split_once(':') {
            Some((goal, body)) => (number(goal, "the goal", "a goal").map_err(refuse)?, body),
            None => (goal, trimmed),
        };
        let (scores, turn_total, to_move) = read_scores(body).map_err(refuse)?;
        PigState::new(goal, scores, turn_total, to_move)
    }
}

/// The scores and the turn total of a position's text after its goal (`12+7-30`), and
/// who is to move; or what is wrong with them.
fn read_scores(body: &str) -> Result<([u32; 2], u32, Player), String> {
    let fields = fields(body);
    let minuses = fields.iter().filter(|(_, sign)| *sign == Some('-')).count();
    if minuses == 0 {
        // No '-' between two scores; a '-' read as a minus sign says why.
        return Err(match fields.iter().find(|(text, _)| negative(text)) {
            Some((text, _)) => format!(
                "{} has a minus sign, and neither a score nor a turn total can be negative; \
                 the two scores are separated by '-', as in 12+7-30",
                excerpt(text.trim())
            ),
            None => "expected the two scores separated by '-', as in 12+7-30".to_string(),
        });
    }
    if minuses > 1 {
        return Err(format!(
            "expected two scores separated by one '-', as in 12+7-30, not {}",
            minuses + 1
        ));
    }
    // Each player's side: its score and, for the player to move, '+' and the turn total.
    let split = fields
        .iter()
        .position(|(_, sign)| *sign == Some('-'))
        .unwrap_or(0);
    let (first, second) = fields.split_at(split + 1);
    let first = side(first, "the first player")?;
    let second = side(second, "the second player")?;
    match (first.1, second.1) {
        (Some(total), None) => Ok(([first.0, second.0], total, Player::First)),
        (None, Some(total)) => Ok(([first.0, second.0], total, Player::Second)),
        (None, None) => Err(
            "no '+' marks the player to move: write the turn total after that \
                             player's score, as in 12+0-30"
                .to_string(),
        ),
        (Some(_), Some(_)) => {
            Err("both scores carry a turn total: only the player to move has one".to_string())
        }
    }
}

/// The fields of `body` between its separators `+` and `-`, each with the separator
/// after it (`None` for the last). A `-` where a number is to begin (at the start, or
/// right after a separator) is that number's minus sign, not a separator: `-1+0-0`
/// is the fields `-1`, `0`, `0`.
fn fields(body: &str) -> Vec<(&str, Option<char>)> {
    let mut fields = Vec::new();
    let mut start = 0;
    for (at, c) in body.char_indices() {
        let so_far = &body[start..at];
        let sign = c == '-' && so_far.trim().is_empty();
        if (c == '+' || c == '-') && !sign {
            fields.push((so_far, Some(c)));
            start = at + 1;
        }
    }
    fields.push((&body[start..], None));
    fields
}

/// One player's side (`who`: `the first player`): a score and, if this player is to
/// move, `+` and the turn total (`fields` as [`fields`] reads them, the last one ending
/// at the `-` or the end).
fn side(fields: &[(&str, Option<char>)], who: &str) -> Result<(u32, Option<u32>), String> {
    let score = |text| number(text, &format!("{who}'s score"), "a score");
    match fields {
        [(text, _)] => Ok((score(text)?, None)),
        [(text, _), (total, _)] => Ok((
            score(text)?,
            Some(number(total, "the turn total", "a turn total")?),
        )),
        _ => Err(format!(
            "{who} has {} turn totals: only the player to move has one, written once after \
             the score with '+', as in 12+7-30",
            fields.len() - 1
        )),
    }
}

/// Whether `text` is a number with a minus sign (`-1`).
fn negative(text: &str) -> bool {
    text.trim()
        .strip_prefix('-')
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// A decimal number without sign or spaces inside: `what` (`the goal`) names it in a
/// refusal, `kind` (`a goal`) says what it may not be.
fn number(text: &str, what: &str, kind: &str) -> Result<u32, String> {
    let digits = text.trim();
    if digits.is_empty() {
        return Err(format!("{what} is missing"));
    }
    if negative(digits) {
        return Err(format!(
            "{what} {} has a minus sign, and {kind} cannot be negative",
            excerpt(digits)
        ));
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
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
            ("-3+0-0", "the first player's score '-3' has a minus sign"),
            (
                "12+-30",
                "'-30' has a minus sign, and neither a score nor a turn total can be",
            ),
            (
                "12+7-30-4",
                "expected two scores separated by one '-', as in 12+7-30, not 3",
            ),
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

    /// What the user wrote is quoted, never a text made from it (the goal put in front),
    /// and the reason names the number at fault and what is wrong with it, never an
    /// empty field a '-' read as a separator left behind.
    #[test]
    fn refusals_quote_the_text_as_written_and_say_what_is_wrong() {
        for (goal, text, said) in [
            (
                20,
                "-1+0-0",
                "pig: cannot read '-1+0-0' as a position: the first player's score '-1' has a \
                 minus sign, and a score cannot be negative",
            ),
            (
                20,
                "12--3+0",
                "pig: cannot read '12--3+0' as a position: the second player's score '-3' has a \
                 minus sign, and a score cannot be negative",
            ),
            (
                100,
                "12+-4-0",
                "pig: cannot read '12+-4-0' as a position: the turn total '-4' has a minus sign, \
                 and a turn total cannot be negative",
            ),
            (
                100,
                "-5:0+0-0",
                "pig: cannot read '-5:0+0-0' as a position: the goal '-5' has a minus sign, and a \
                 goal cannot be negative",
            ),
            (
                20,
                "+0-0",
                "pig: cannot read '+0-0' as a position: the first player's score is missing",
            ),
            (
                20,
                "12+0-",
                "pig: cannot read '12+0-' as a position: the second player's score is missing",
            ),
            (
                20,
                "12+-0",
                "pig: cannot read '12+-0' as a position: '-0' has a minus sign, and neither a \
                 score nor a turn total can be negative; the two scores are separated by '-', as \
                 in 12+7-30",
            ),
            (
                20,
                "12+3+4-0",
                "pig: cannot read '12+3+4-0' as a position: the first player has 2 turn totals: \
                 only the player to move has one, written once after the score with '+', as in \
                 12+7-30",
            ),
            (
                20,
                ":0+0-0",
                "pig: cannot read ':0+0-0' as a position: the goal is missing",
            ),
        ] {
            assert_eq!(
                PigState::parse_in(goal, text).unwrap_err().to_string(),
                said,
                "{text}"
            );
        }
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
