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
//!
//! Each stone's test assumes the others keep their colours, but the key recolours them
//! all at once. An open line holding two of the other side's stones, one of the side to
//! move's and an empty cell makes both of the other side's stones dead one by one, yet
//! recolouring both leaves the side to move three in that line. So a stone of the other
//! side is recoloured only where every open line through it keeps a stone of the other
//! side that is not recoloured: those that fail stay as they are, until none does.

use super::board::{BOARD, COLUMN_STRIDE};

/// The shifts from a cell to the next one along a line: up a column, along a row, and
/// the two diagonals.
const DIRECTIONS: [u64; 4] = [1, COLUMN_STRIDE, COLUMN_STRIDE + 1, COLUMN_STRIDE - 1];

/// The dead stones of a position where the side to move has `own` and all stones are
/// `stones` that can all be counted as the side to move's at once (a subset of
/// `stones`; empty as soon as one direction shows none).
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
    // The other side's dead stones, recoloured together, must leave each open line they
    // are in blocked: it keeps one of the other side's stones that is not recoloured.
    let mut recoloured = dead & other;
    while recoloured != 0 {
        let kept = other & !recoloured;
        let mut unsafe_stones = 0;
        for d in DIRECTIONS {
            let starts = BOARD & (BOARD >> d) & (BOARD >> (2 * d)) & (BOARD >> (3 * d));
            let one = |x: u64| x | (x >> d) | (x >> (2 * d)) | (x >> (3 * d));
            let spread =
                |lines: u64| lines | (lines << d) | (lines << (2 * d)) | (lines << (3 * d));
            let unblocked = one(empty) & starts & one(recoloured) & !one(kept);
            unsafe_stones |= spread(unblocked) & recoloured;
        }
        if unsafe_stones == 0 {
            break;
        }
        recoloured &= !unsafe_stones;
    }
    (dead & own) | recoloured
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
        let (mut found, mut held_back) = (0, 0);
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
                // Every stone counted dead is dead alone; the one-by-one test misses
                // only the other side's stones held back so that all can be recoloured.
                if dead & cell != 0 {
                    assert_eq!(swapped, lines, "cell {bit} of {own:x}/{stones:x}");
                } else if swapped == lines {
                    assert!(other & cell != 0, "cell {bit} of {own:x}/{stones:x}");
                    held_back += 1;
                }
                found += usize::from(dead & cell != 0);
            }
            // Counting all of them as the side to move's at once (the table's key)
            // leaves every open line as it was too.
            assert_eq!(
                open_lines(own | dead, other & !dead),
                lines,
                "{own:x}/{stones:x}"
            );
        }
        assert!(found > 1000, "only {found} dead stones met");
        assert!(held_back > 0, "no stone held back");
    }

    /// A position of 32 stones met in random play: the diagonal from column 1's bottom
    /// cell holds two of the other side's stones (columns 1 and 2), one of the side to
    /// move's (column 3) and an empty cell (column 4, fourth row). Both of the other
    /// side's stones are dead one by one; recoloured together they would give the side
    /// to move three in that diagonal, so at most one is counted dead.
    #[test]
    fn stones_dead_one_by_one_are_not_recoloured_into_a_new_line() {
        let (own, stones) = (0x1038_d009_9a8a, 0x3cf9_f06f_df8f);
        let diagonal = (1 << 0) | (1 << 8) | (1 << 16) | (1 << 24);
        let other = own ^ stones;
        assert_eq!(diagonal & other, (1 << 0) | (1 << 8));
        assert_eq!(diagonal & own, 1 << 16);
        for cell in [1u64 << 0, 1 << 8] {
            let swapped = open_lines(own | cell, other & !cell);
            assert_eq!(swapped, open_lines(own, other), "each is dead alone");
        }
        let dead = dead_stones(own, stones);
        assert_ne!(dead & diagonal & other, diagonal & other);
        assert_eq!(
            open_lines(own | dead, other & !dead),
            open_lines(own, other)
        );
    }
}
