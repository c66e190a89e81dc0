//! Connect Four bitboards in Pascal Pons' layout: column-major, each column
//! `height + 1` bits (the extra sentinel bit on top stays empty, so shifts
//! never carry a line from one column into the next).
//!
//! For the standard 7x6 board bit `col * 7 + row` (row 0 at the bottom):
//!
//! ```text
//!   .  .  .  .  .  .  .     <- sentinel row (always 0)
//!   5 12 19 26 33 40 47
//!   4 11 18 25 32 39 46
//!   3 10 17 24 31 38 45
//!   2  9 16 23 30 37 44
//!   1  8 15 22 29 36 43
//!   0  7 14 21 28 35 42
//! ```
//!
//! A position is two words: `mask` (every stone) and `current` (the stones of
//! the side to move). Playing a column adds its bottom bit to `mask`: the carry
//! lands on the lowest empty cell of that column.

/// Bit of the bottom cell of `column`.
#[inline]
pub const fn bottom_cell(column: u32, height: u32) -> u64 {
    1u64 << (column * (height + 1))
}

/// Bit of the top (playable) cell of `column`.
#[inline]
pub const fn top_cell(column: u32, height: u32) -> u64 {
    1u64 << (height - 1 + column * (height + 1))
}

/// Every playable cell of `column`.
#[inline]
pub const fn column_cells(column: u32, height: u32) -> u64 {
    ((1u64 << height) - 1) << (column * (height + 1))
}

/// The bottom cell of every column.
pub const fn bottom_row(width: u32, height: u32) -> u64 {
    let mut mask = 0;
    let mut column = 0;
    while column < width {
        mask |= bottom_cell(column, height);
        column += 1;
    }
    mask
}

/// Every playable cell of the board.
pub const fn board_cells(width: u32, height: u32) -> u64 {
    bottom_row(width, height) * ((1u64 << height) - 1)
}

/// `x << n`, 0 when every bit is shifted out (tall boards: a diagonal step of
/// `height + 2` bits, three of them, can pass 64).
#[inline(always)]
const fn shl(x: u64, n: u64) -> u64 {
    if n < 64 { x << n } else { 0 }
}

/// `x >> n`, 0 when every bit is shifted out.
#[inline(always)]
const fn shr(x: u64, n: u64) -> u64 {
    if n < 64 { x >> n } else { 0 }
}

/// True when `stones` hold four in a row (any direction).
#[inline(always)]
pub const fn has_four(stones: u64, height: u32) -> bool {
    let h = height as u64;
    // Shifts for vertical, horizontal and the two diagonals.
    let directions = [1, h + 1, h, h + 2];
    let mut i = 0;
    while i < 4 {
        let d = directions[i];
        let pairs = stones & shr(stones, d);
        if pairs & shr(pairs, 2 * d) != 0 {
            return true;
        }
        i += 1;
    }
    false
}

/// The empty cells where `stones` would complete four in a row (Pons'
/// `compute_winning_position`), whether or not they can be played yet.
#[inline]
pub const fn winning_cells(stones: u64, mask: u64, height: u32, board: u64) -> u64 {
    let h = height as u64;
    // Vertical: three stones right below.
    let mut r = (stones << 1) & (stones << 2) & (stones << 3);
    let directions = [h + 1, h, h + 2];
    let mut i = 0;
    while i < 3 {
        let d = directions[i];
        let p = shl(stones, d) & shl(stones, 2 * d);
        r |= p & shl(stones, 3 * d);
        r |= p & shr(stones, d);
        let p = shr(stones, d) & shr(stones, 2 * d);
        r |= p & shl(stones, d);
        r |= p & shr(stones, 3 * d);
        i += 1;
    }
    r & (board ^ mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_of_the_standard_board() {
        assert_eq!(bottom_row(7, 6), 0x0000_0408_1020_4081);
        assert_eq!(board_cells(7, 6).count_ones(), 42);
        assert_eq!(column_cells(1, 6), 0b11_1111 << 7);
        assert_eq!(top_cell(0, 6), 1 << 5);
    }

    #[test]
    fn four_in_every_direction() {
        let h = 6;
        let vertical = 0b1111;
        let horizontal = (0..4).fold(0, |m, c| m | bottom_cell(c, h));
        let diagonal = (0..4).fold(0, |m, i| m | (bottom_cell(i, h) << i));
        let anti = (0..4).fold(0, |m, i| m | (bottom_cell(i, h) << (3 - i)));
        for stones in [vertical, horizontal, diagonal, anti] {
            assert!(has_four(stones, h));
            assert!(!has_four(stones & (stones - 1), h), "three are not four");
        }
        // Three in column 0 and one at the bottom of column 1 do not wrap around.
        assert!(!has_four(0b111000 | bottom_cell(1, h), h));
    }

    #[test]
    fn tall_boards_shift_nothing_out_of_range() {
        // 1x40 and 2x30: a diagonal step is 42 or 32 bits, three of them pass 64.
        for (w, h) in [(1u32, 40u32), (2, 30), (3, 20)] {
            let board = board_cells(w, h);
            let vertical = 0b1111;
            assert!(has_four(vertical, h), "{w}x{h}");
            assert!(!has_four(0b1011, h), "{w}x{h}");
            // Three stacked stones: the cell above completes the line.
            assert_eq!(winning_cells(0b111, 0b111, h, board), 0b1000, "{w}x{h}");
            // A full first column of alternating pairs holds no four.
            let stones = board & 0x3333_3333_3333_3333 & column_cells(0, h);
            assert!(!has_four(stones, h), "{w}x{h}");
        }
    }

    #[test]
    fn winning_cells_find_the_gap() {
        let h = 6;
        let board = board_cells(7, h);
        // Bottom row: columns 1, 2, 4 taken; column 3 completes the line.
        let stones = bottom_cell(0, h) | bottom_cell(1, h) | bottom_cell(3, h);
        let cells = winning_cells(stones, stones, h, board);
        assert_eq!(cells, bottom_cell(2, h));
    }
}
