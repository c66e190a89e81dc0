//! The standard board's constants and the bit tricks the solver needs, as constants
//! so that every shift is known at compile time.

use super::super::bitboard;

/// Columns.
pub(super) const WIDTH: u32 = 7;
/// Rows.
pub(super) const HEIGHT: u32 = 6;
/// Cells.
pub(super) const CELLS: i32 = (WIDTH * HEIGHT) as i32;
/// Bits from one column to the next (one spare bit on top of each column).
pub(super) const COLUMN_STRIDE: u64 = HEIGHT as u64 + 1;
/// The bottom cell of every column.
pub(super) const BOTTOM: u64 = bitboard::bottom_row(WIDTH, HEIGHT);
/// Every cell.
pub(super) const BOARD: u64 = bitboard::board_cells(WIDTH, HEIGHT);
/// Rows 2, 4 and 6 (counted from 1 at the bottom): the cells claimeven gives the
/// second player.
pub(super) const EVEN_ROWS: u64 = BOTTOM * 0b10_1010;

/// The cells of column `column`.
#[inline(always)]
pub(super) const fn column_cells(column: u32) -> u64 {
    bitboard::column_cells(column, HEIGHT)
}

/// True when `stones` hold four in a row.
#[inline(always)]
pub(super) const fn has_four(stones: u64) -> bool {
    bitboard::has_four(stones, HEIGHT)
}

/// The empty cells that would complete a four of `stones` (playable or not).
#[inline(always)]
pub(super) const fn winning_cells(stones: u64, all: u64) -> u64 {
    bitboard::winning_cells(stones, all, HEIGHT, BOARD)
}

/// The key with its columns in reverse order.
#[inline(always)]
pub(super) fn mirror(key: u64) -> u64 {
    super::super::book::mirror_key(key, WIDTH, HEIGHT)
}

/// Pons' score of a win with the `stones`-th stone of the game: one more than the
/// winner's stones left unplayed.
#[inline(always)]
pub(super) const fn win_at(stones: i32) -> i32 {
    (CELLS + 2 - stones) / 2
}
