//! Pascal Pons' score convention for Connect Four, the one of the public
//! benchmark sets, and its conversion from and to ply's distance-aware [`Score`].
//!
//! Pons' score of a position, for the side to move under perfect play:
//!
//! * `0`: a draw;
//! * positive: the side to move wins, `1 +` the stones it never needs to play
//!   (on 7x6, `22 − k` where `k` is the winner's stone count once it has played its
//!   winning stone);
//! * negative: the side to move loses, minus the same count for the opponent.
//!
//! With `N` stones on the board once the winning stone is played, the score is
//! `(cells + 2 − N) / 2` (integer division), which is Pons' own formula
//! `(W·H + 1 − n) / 2` for a win with `n` stones already played. On boards with an
//! even number of cells this is `cells / 2 + 1 − k`. ply's [`Score`] counts plies
//! to the end instead (`win_in(p)`): `N = stones played + p`.
//!
//! ```
//! use ply_core::Score;
//! use ply_games::{Connect4, Notation};
//! use ply_games::connect4::{from_pons, to_pons};
//!
//! // X has three stones on the bottom row and wins with its fourth: 22 − 4 = 18.
//! let pos = Connect4::standard().parse_position("112233").unwrap();
//! assert_eq!(to_pons(&pos, Score::win_in(1)), Some(18));
//! assert_eq!(from_pons(&pos, 18), Some(Score::win_in(1)));
//! assert_eq!(to_pons(&pos, Score::DRAW), Some(0));
//! ```

use super::Connect4;
use crate::notation::{Notation, NotationError};
use ply_core::Score;
use ply_core::phrase::Phrase;
use ply_core::text::excerpt;

/// Pons' score of `value` (exact, seen from the side to move in `pos`, plies
/// counted from `pos`). `None` when `value` is a heuristic estimate, not a proved
/// result, or when it claims an end of game beyond the last empty cell.
pub fn to_pons(pos: &Connect4, value: Score) -> Option<i32> {
    if value == Score::DRAW {
        return Some(0);
    }
    let plies = value.plies_to_end()?;
    let stones_at_end = pos.moves_played() + plies;
    if stones_at_end > pos.cells() {
        return None;
    }
    let score = (pos.cells() as i32 + 2 - stones_at_end as i32) / 2;
    Some(if value.is_win() { score } else { -score })
}

/// ply's [`Score`] (plies counted from `pos`) for Pons' score `pons` of `pos`.
/// `None` when no game from `pos` can end with that score (only the cells left
/// and whose move wins are checked, not whether four in a row fits in time).
pub fn from_pons(pos: &Connect4, pons: i32) -> Option<Score> {
    from_pons_counts(pos.cells(), pos.moves_played(), pons)
}

/// [`from_pons`] for a position known only by its board's `cells` and the stones
/// `played` (all the conversion looks at): the opening book checks its records
/// with it without rebuilding the positions.
pub fn from_pons_counts(cells: u32, played: u32, pons: i32) -> Option<Score> {
    if pons == 0 {
        return Some(Score::DRAW);
    }
    let win = pons > 0;
    let (cells, played) = (cells as i32, played as i32);
    // Any score beyond the cell count is impossible (and would overflow below).
    let magnitude = pons.checked_abs().filter(|&m| m <= cells)?;
    // Two stone counts at the end give the same score; the winner's parity picks one:
    // the side to move wins on an odd ply from here, loses on an even one.
    [cells + 2 - 2 * magnitude, cells + 1 - 2 * magnitude]
        .into_iter()
        .map(|end| end - played)
        .find(|&plies| plies >= 1 && (plies % 2 == 1) == win)
        .filter(|&plies| played + plies <= cells)
        .map(|plies| {
            if win {
                Score::win_in(plies as u32)
            } else {
                Score::loss_in(plies as u32)
            }
        })
}

/// One line of Pons' test-set format, `moves` or `moves score` (fields separated by
/// blanks): the position and, when given, its expected score. Errors say which field
/// is wrong; the caller adds the line number.
///
/// ```
/// use ply_games::{Connect4, Notation, connect4::score::parse_set_line};
///
/// let (pos, score) = parse_set_line(&Connect4::standard(), "4453 -2").unwrap();
/// assert_eq!((pos.position_string().as_str(), score), ("4453", Some(-2)));
/// let err = parse_set_line(&Connect4::standard(), "448 3").unwrap_err();
/// assert_eq!(err.to_string(), "move 3 ('8'): column 8 is outside 1-7");
/// ```
pub fn parse_set_line(
    start: &Connect4,
    line: &str,
) -> Result<(Connect4, Option<i32>), NotationError> {
    let mut fields = line.split_whitespace();
    let position = start.parse_position(fields.next().unwrap_or_default())?;
    let expected = match fields.next() {
        None => None,
        Some(text) => Some(text.parse::<i32>().map_err(|_| {
            NotationError::said(
                Phrase::new("errors.connect4.score_number").arg("text", excerpt(text)),
            )
        })?),
    };
    if let Some(extra) = fields.next() {
        return Err(NotationError::said(
            Phrase::new("errors.connect4.after_score").arg("text", excerpt(extra)),
        ));
    }
    Ok((position, expected))
}

/// The sign of an exact result: 1 win, 0 draw, −1 loss (Pons' weak solver).
pub fn weak_sign(value: Score) -> i32 {
    if value.is_win() {
        1
    } else if value.is_loss() {
        -1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(moves: &str) -> Connect4 {
        Connect4::standard().parse_position(moves).unwrap()
    }

    #[test]
    fn hand_computed_scores_on_7x6() {
        // X (to move, 3 stones) wins with its 4th: 22 − 4.
        assert_eq!(to_pons(&pos("112233"), Score::win_in(1)), Some(18));
        // O to move, X wins with its 4th stone two plies later: −(22 − 4).
        assert_eq!(to_pons(&pos("11223"), Score::loss_in(2)), Some(-18));
        // Empty board: the first player wins with its 21st stone, the 41st stone in all.
        assert_eq!(to_pons(&pos(""), Score::win_in(41)), Some(1));
        // The last cell: a win with the 42nd stone is O's 21st.
        assert_eq!(to_pons(&pos(""), Score::loss_in(42)), Some(-1));
        // X to move after 10 stones wins with its 3rd own move from now (ply 5): 5 + 3 = 8 stones.
        assert_eq!(to_pons(&pos("1122556677"), Score::win_in(5)), Some(14));
        assert_eq!(to_pons(&pos("4"), Score::DRAW), Some(0));
        // Not proved, or past the last cell: no Pons score.
        assert_eq!(to_pons(&pos(""), Score::heuristic(30)), None);
        assert_eq!(to_pons(&pos(""), Score::win_in(43)), None);
    }

    #[test]
    fn set_line_errors_quote_the_line_short_and_escaped() {
        let start = Connect4::standard();
        let error = |line: &str| parse_set_line(&start, line).unwrap_err().to_string();
        let long = "9".repeat(1000);
        assert_eq!(
            error(&format!("4453 1 {long}")),
            format!(
                "unexpected '{}…' after the score (one position per line: `moves` or `moves score`)",
                &long[..40]
            )
        );
        assert_eq!(
            error("4453 \u{1b}[2J"),
            "score '\\u{1b}[2J' is not a whole number (write `moves score`, e.g. `4453 -2`)"
        );
        assert_eq!(
            error("44\u{202e}53"),
            "move 3 ('\\u{202e}'): not a column number (write the columns played, 1-7, e.g. 4453)"
        );
    }

    #[test]
    fn other_board_sizes() {
        // 4x4, 16 cells: winning with the 4th stone leaves 8 − 4 unplayed: score 5.
        let b = Connect4::new(4, 4)
            .unwrap()
            .parse_position("112233")
            .unwrap();
        assert_eq!(to_pons(&b, Score::win_in(1)), Some(5));
        // 5x3, 15 cells: the first player has 8 stones, the second 7.
        let c = Connect4::new(5, 3)
            .unwrap()
            .parse_position("112233")
            .unwrap();
        assert_eq!(to_pons(&c, Score::win_in(1)), Some(5)); // X: 8 − 4 + 1
        let d = Connect4::new(5, 3)
            .unwrap()
            .parse_position("1122335")
            .unwrap();
        assert_eq!(to_pons(&d, Score::win_in(1)), Some(4)); // O: 7 − 4 + 1
    }

    #[test]
    fn round_trip_every_distance() {
        for (w, h, moves) in [(7, 6, ""), (7, 6, "4453"), (5, 3, "123"), (4, 4, "12")] {
            let p = Connect4::new(w, h).unwrap().parse_position(moves).unwrap();
            let empty = p.cells() - p.moves_played();
            for plies in 1..=empty {
                let value = if plies % 2 == 1 {
                    Score::win_in(plies)
                } else {
                    Score::loss_in(plies)
                };
                let pons = to_pons(&p, value).unwrap();
                assert_eq!(from_pons(&p, pons), Some(value), "{w}x{h} {moves} {plies}");
            }
            assert_eq!(from_pons(&p, 0), Some(Score::DRAW));
        }
        // Out of range: 18 (a win with the 4th stone) after 14 stones, or 30 on 7x6.
        assert_eq!(from_pons(&pos(""), 30), None);
        assert_eq!(from_pons(&pos("12345671234567"), 18), None);
    }

    #[test]
    fn set_lines() {
        let c4 = Connect4::standard();
        let (pos, score) = parse_set_line(&c4, "  4453  ").unwrap();
        assert_eq!((pos.moves_played(), score), (4, None));
        assert_eq!(parse_set_line(&c4, "").unwrap().0, c4);
        let err = |line: &str| parse_set_line(&c4, line).unwrap_err().to_string();
        assert!(err("4453 x").starts_with("score 'x' is not a whole number"));
        assert!(err("4453 1 2").starts_with("unexpected '2' after the score"));
        assert_eq!(err("1111111 0"), "move 7 ('1'): column 1 is full");
    }

    #[test]
    fn weak_signs() {
        assert_eq!(weak_sign(Score::win_in(7)), 1);
        assert_eq!(weak_sign(Score::loss_in(2)), -1);
        assert_eq!(weak_sign(Score::DRAW), 0);
    }
}
