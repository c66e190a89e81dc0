//! Dead stones: stones whose colour can no longer matter.
//!
//! A line of four cells still counts while it has an empty cell; it can be won by a
//! player only if it holds none of the other's stones. Whether a stone is one colour
//! or the other changes what a line can become only when the line's other three cells
//! are not already of both colours. So a stone is dead when every line through it
//! that still has an empty cell holds stones of both colours besides it: swapping its
//! colour changes no line any player can still complete, and so not the value of the
//! position. The solver's key counts dead stones as the side to move's: positions that
//! differ only in them share one table entry (in the opening, about a third fewer
//! nodes: docs/connect4.md).

use super::board::{BOARD, COLUMN_STRIDE};

/// The shifts from a cell to the next one along a line: up a column, along a row, and
/// the two diagonals.
const DIRECTIONS: [u64; 4] = [1, COLUMN_STRIDE, COLUMN_STRIDE + 1, COLUMN_STRIDE - 1];

/// The dead stones of a position where the side to move has `own` and all stones are
/// `stones` (a subset of `stones`; empty as soon as one direction shows none).
#[inline(always)]
pub(super) fn dead_stones(own: u64, stones: u64) -> u64 {
    let other = own ^ stones;
    let empty = BOARD & !stones;
    let mut dead = stones;
    // Vertical first: a stone among the top three of a column that is not full lives
    // along it, so early in the game this direction alone usually answers "none".
    for d in DIRECTIONS {
        // Lines are named by their lowest cell; `starts` holds the lines that fit.
        let starts = BOARD & (BOARD >> d) & (BOARD >> (2 * d)) & (BOARD >> (3 * d));
        let cells = |x: u64| [x, x >> d, x >> (2 * d), x >> (3 * d)];
        let one = |x: u64| {
            let [a, b, c, e] = cells(x);
            a | b | c | e
        };
        let two = |x: u64| {
            let [a, b, c, e] = cells(x);
            (a & b) | (c & e) | ((a | b) & (c | e))
        };
        let open = one(empty) & starts;
        // A line keeps a stone of the side to move alive unless it holds another of
        // that side's stones and one of the other's, and the other way round.
        let keeps_own = open & !(two(own) & one(other));
        let keeps_other = open & !(one(own) & two(other));
        let spread = |lines: u64| lines | (lines << d) | (lines << (2 * d)) | (lines << (3 * d));
        dead &= !((spread(keeps_own) & own) | (spread(keeps_other) & other));
        if dead == 0 {
            return 0;
        }
    }
    dead
}

#[cfg(test)]
mod tests {
    use super::super::board::{COLUMN_STRIDE, HEIGHT, WIDTH, has_four};
    use super::*;

    /// Every line of four that can still be completed, by player: the definition,
    /// cell by cell.
    fn open_lines(own: u64, other: u64) -> Vec<(u64, bool)> {
        let stones = own | other;
        let mut lines = Vec::new();
        for column in 0..WIDTH as i64 {
            for row in 0..HEIGHT as i64 {
                for (dc, dr) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let cells: Option<Vec<u64>> = (0..4)
                        .map(|i| {
                            let (c, r) = (column + i * dc, row + i * dr);
                            ((0..WIDTH as i64).contains(&c) && (0..HEIGHT as i64).contains(&r))
                                .then(|| 1u64 << (c as u64 * COLUMN_STRIDE + r as u64))
                        })
                        .collect();
                    let Some(cells) = cells else { continue };
                    let line: u64 = cells.iter().sum();
                    if line & !stones == 0 {
                        continue;
                    }
                    if line & other == 0 {
                        lines.push((line, true));
                    }
                    if line & own == 0 {
                        lines.push((line, false));
                    }
                }
            }
        }
        lines
    }

    #[test]
    fn a_dead_stone_of_either_colour_leaves_every_open_line_as_it_was() {
        // Random games of every length: the bitboard answer is the definition's.
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut found = 0;
        for _ in 0..3000 {
            let (mut own, mut stones) = (0u64, 0u64);
            let length = random() % 42;
            for _ in 0..length {
                let playable = (stones + super::super::board::BOTTOM) & BOARD;
                let choices: Vec<u64> = (0..64)
                    .map(|b| 1u64 << b)
                    .filter(|c| c & playable != 0)
                    .collect();
                let cell = choices[(random() % choices.len() as u64) as usize];
                if has_four(own | cell) {
                    break;
                }
                // The side to move plays; the other side is to move next.
                own = (own | cell) ^ (stones | cell);
                stones |= cell;
            }
            let other = own ^ stones;
            let dead = dead_stones(own, stones);
            assert_eq!(dead & !stones, 0);
            let lines = open_lines(own, other);
            for bit in 0..64 {
                let cell = 1u64 << bit;
                if stones & cell == 0 {
                    continue;
                }
                let swapped = if own & cell != 0 {
                    open_lines(own & !cell, other | cell)
                } else {
                    open_lines(own | cell, other & !cell)
                };
                assert_eq!(
                    dead & cell != 0,
                    swapped == lines,
                    "cell {bit} of {own:x}/{stones:x}"
                );
                found += usize::from(dead & cell != 0);
            }
        }
        assert!(found > 1000, "only {found} dead stones met");
    }
}
