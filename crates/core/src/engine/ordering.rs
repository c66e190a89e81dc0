//! Move ordering: the order in which a node tries its moves decides how much
//! alpha-beta prunes (best move first: the minimal tree). Each move gets a sort
//! key, highest first:
//!
//! 1. the transposition-table move (the best move of an earlier search of this position);
//! 2. the game's ordering hint ([`SearchHooks::order_hint`](super::SearchHooks::order_hint): threats, captures, ...);
//! 3. killer moves: the two most recent moves that caused a cutoff at the same ply (siblings
//!    tend to be refuted by the same move);
//! 4. the history heuristic: moves that often caused cutoffs anywhere, by side to move and
//!    move code (only for games that give moves a code), plus, for games that give
//!    follow-up codes, how often the move refuted the same previous move (a follow-up or
//!    "continuation" history: the answer to a threat depends on the threat);
//! 5. ties keep the game's generation order.
//!
//! Moves are picked one at a time (selection), because a cutoff often comes
//! after the first move, and sorting the rest would be wasted; a node that has picked
//! 16 moves without a cutoff sorts the rest once (selection to the end would cost the
//! square of its number of moves).

/// Entries of the history table per side; move codes are folded into this range.
pub const HISTORY_SIZE: usize = 4096;
/// History values are halved when one reaches this, so they stay below the killer bonus.
const HISTORY_LIMIT: i32 = 1 << 26;

pub(crate) const TT_MOVE_KEY: i64 = i64::MAX;

/// What a cutoff `depth` plies from the horizon adds to a move's history (and a failure
/// takes away): depth², so that deep results outweigh the many shallow ones.
#[inline]
fn depth_bonus(depth: i32) -> i32 {
    let depth = depth.clamp(1, 64);
    depth * depth
}

/// Follow-up codes ([`SearchHooks::continuation_code`](super::SearchHooks::continuation_code))
/// are folded below this.
pub const CONTINUATION_CODES: usize = 1024;
/// Where the follow-up history starts in the history vector (after both sides' tables).
const CONTINUATION_START: usize = 2 * HISTORY_SIZE;

/// Killer moves per ply and the history tables of one search thread: by side and move
/// code, then (games that give follow-up codes) by the previous move's follow-up code and
/// the move's, in one vector so that both are carried to the next search and halved there.
pub(crate) struct MoveOrdering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

impl<M: Copy + Eq> MoveOrdering<M> {
    #[cfg(test)]
    pub fn new() -> Self {
        Self::with_history(Vec::new())
    }

    /// No killers, and the history of an earlier search (empty: none), halved so that
    /// what this search learns soon outweighs it.
    pub fn with_history(mut history: Vec<i32>) -> Self {
        // The history table is allocated at the first cutoff that uses it: games
        // without move codes or with killers and history off (Connect Four) never
        // pay for zeroing it, which was a fixed cost of every short solve.
        history.iter_mut().for_each(|h| *h /= 2);
        MoveOrdering {
            killers: Vec::new(),
            history,
        }
    }

    /// The history table, for the next search.
    pub fn into_history(self) -> Vec<i32> {
        self.history
    }

    /// What the keys of the moves of one node (at `ply`, `side` to move, after a move whose
    /// follow-up code is `previous`) look up, found once for all its moves: read for every
    /// move, they were loaded again each time (the keys' writes might have changed them, as
    /// far as the compiler knew).
    #[inline]
    pub fn node(&self, ply: u32, side: usize, previous: Option<u16>) -> NodeKeys<'_, M> {
        let continuation = previous.and_then(|p| {
            let start = CONTINUATION_START + p as usize % CONTINUATION_CODES * CONTINUATION_CODES;
            self.history
                .get(start..start + CONTINUATION_CODES)
                .and_then(|h| h.try_into().ok())
        });
        NodeKeys {
            killers: self
                .killers
                .get(ply as usize)
                .copied()
                .unwrap_or([None, None]),
            history: self
                .history
                .get(side * HISTORY_SIZE..(side + 1) * HISTORY_SIZE)
                .and_then(|h| h.try_into().ok()),
            continuation,
        }
    }

    /// The quiet move with follow-up code `follow`, played after the move with code
    /// `previous` at `depth` plies from the horizon, refuted the node (`refuted`: it gains
    /// depth², as in the side's history) or was searched before another move did (it
    /// loses as much).
    #[inline]
    pub fn on_follow_up(&mut self, previous: u16, follow: u16, depth: i32, refuted: bool) {
        let bonus = depth_bonus(depth);
        let index = CONTINUATION_START
            + previous as usize % CONTINUATION_CODES * CONTINUATION_CODES
            + follow as usize % CONTINUATION_CODES;
        // The follow-up table is allocated at its first use: games without follow-up
        // codes never pay for it.
        self.add(index, if refuted { bonus } else { -bonus });
    }

    /// `mv` refuted the opponent's last move at `ply` (a beta cutoff) after a search `depth` deep.
    #[inline]
    pub fn on_cutoff(&mut self, ply: u32, side: usize, mv: M, code: Option<u16>, depth: i32) {
        let ply = ply as usize;
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let slot = &mut self.killers[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
        if let Some(code) = code {
            self.add_history(side, code, depth_bonus(depth));
        }
    }

    /// The move of code `code` was searched `depth` deep without a cutoff, before another
    /// move cut (only quiet moves, in games that tell them).
    #[inline]
    pub fn on_failure(&mut self, side: usize, code: u16, depth: i32) {
        self.add_history(side, code, -depth_bonus(depth));
    }

    /// Adds `change` to a move's history; all are halved when one reaches the limit.
    #[inline]
    fn add_history(&mut self, side: usize, code: u16, change: i32) {
        self.add(side * HISTORY_SIZE + code as usize % HISTORY_SIZE, change);
    }

    /// Adds `change` to the history vector's entry `index`, first growing the vector to
    /// hold it (the tables are allocated at their first cutoff); all are halved when one
    /// reaches the limit.
    #[inline]
    fn add(&mut self, index: usize, change: i32) {
        if self.history.len() <= index {
            let table_end = if index < CONTINUATION_START {
                CONTINUATION_START
            } else {
                CONTINUATION_START + CONTINUATION_CODES * CONTINUATION_CODES
            };
            self.history.resize(table_end, 0);
        }
        let entry = &mut self.history[index];
        *entry += change;
        if entry.abs() >= HISTORY_LIMIT {
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
    }
}

/// The killers and history of one node, for [`NodeKeys::key`].
pub(crate) struct NodeKeys<'a, M> {
    killers: [Option<M>; 2],
    /// The side's history (none before the first cutoff that fills it).
    history: Option<&'a [i32; HISTORY_SIZE]>,
    /// The follow-up history after the move that led to the node (none before the first
    /// cutoff that fills it, or without a previous move's code).
    continuation: Option<&'a [i32; CONTINUATION_CODES]>,
}

impl<M: Copy + Eq> NodeKeys<'_, M> {
    /// The sort key of a move that is not the table move; `follow` is its follow-up code.
    #[inline]
    pub fn key(&self, mv: M, code: Option<u16>, hint: i32, follow: Option<u16>) -> i64 {
        let follow = match (follow, self.continuation) {
            (Some(c), Some(row)) => row[c as usize % CONTINUATION_CODES] as i64,
            _ => 0,
        };
        let killer = match self.killers {
            [Some(k), _] if k == mv => 2,
            [_, Some(k)] if k == mv => 1,
            _ => 0,
        };
        let history = match (code, self.history) {
            (Some(c), Some(history)) => history[c as usize % HISTORY_SIZE],
            _ => 0,
        };
        // Each history stays within ±HISTORY_LIMIT (2^26), so together they never outweigh
        // a killer (2^28).
        ((hint as i64) << 32) + (killer << 28) + history as i64 + follow
    }
}

/// Moves the entry with the highest key among `order[from..]` to `order[from]`
/// and returns its move index (ties: the lowest move index, i.e. generation order).
///
/// The picked entry swaps places with `order[from]`: no shifting of the entries in
/// between, whose loop of varying length mispredicted about once a pick. Ties are
/// broken by the move index instead of the position in `order`, with the same result.
#[inline]
fn pick_next(order: &mut [(i64, u32)], from: usize) -> usize {
    let mut best = from;
    let (mut best_key, mut best_index) = order[from];
    for (i, &(key, index)) in order.iter().enumerate().skip(from + 1) {
        if key > best_key || (key == best_key && index < best_index) {
            best = i;
            best_key = key;
            best_index = index;
        }
    }
    order.swap(from, best);
    best_index as usize
}

/// Moves picked one at a time at a node before the rest are sorted at once.
const SELECTION_PICKS: usize = 16;

/// The index of the move to try `from`-th at a node, called with `from` = 0, 1, 2, ...
/// in turn. The first [`SELECTION_PICKS`] picks select ([`pick_next`]): most nodes are
/// cut before. A node that gets further sorts the rest once (highest key first, ties by
/// move index: the order selection gives): selection all the way would cost the square
/// of the number of moves (a node with 70,000 moves took seconds).
#[inline]
pub(crate) fn pick(order: &mut [(i64, u32)], from: usize) -> usize {
    if from < SELECTION_PICKS || order.len() - from <= 1 {
        return pick_next(order, from);
    }
    if from == SELECTION_PICKS {
        order[from..].sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    }
    order[from].1 as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_rank_hint_then_killer_then_history() {
        let mut ordering = MoveOrdering::<u8>::new();
        ordering.on_cutoff(3, 0, 7, Some(7), 4);
        ordering.on_cutoff(3, 0, 9, Some(9), 1);
        // Killers: 9 (newest) then 7.
        assert!(
            ordering.node(3, 0, None).key(9, Some(9), 0, None)
                > ordering.node(3, 0, None).key(7, Some(7), 0, None)
        );
        assert!(
            ordering.node(3, 0, None).key(7, Some(7), 0, None)
                > ordering.node(3, 0, None).key(1, Some(1), 0, None)
        );
        // History only: at another ply, 7 (16 points) beats 9 (1 point).
        assert!(
            ordering.node(5, 0, None).key(7, Some(7), 0, None)
                > ordering.node(5, 0, None).key(9, Some(9), 0, None)
        );
        // A hint outranks killers.
        assert!(
            ordering.node(3, 0, None).key(1, Some(1), 1, None)
                > ordering.node(3, 0, None).key(9, Some(9), 0, None)
        );
        // The other side's history is separate.
        assert_eq!(ordering.node(5, 1, None).key(7, Some(7), 0, None), 0);
    }

    #[test]
    fn failures_lower_the_history_and_a_new_search_halves_it() {
        let mut ordering = MoveOrdering::<u8>::new();
        ordering.on_cutoff(3, 0, 7, Some(7), 4); // +16
        ordering.on_failure(0, 7, 2); // -4
        ordering.on_failure(0, 9, 3); // -9
        let keys = ordering.node(5, 0, None);
        assert_eq!(keys.key(7, Some(7), 0, None), 12);
        assert_eq!(keys.key(9, Some(9), 0, None), -9);
        // Below a move never tried, but a killer and a hint still come first.
        assert!(keys.key(9, Some(9), 0, None) < keys.key(1, Some(1), 0, None));
        assert!(ordering.node(3, 0, None).key(7, Some(7), 0, None) > keys.key(1, Some(1), 0, None));
        assert!(keys.key(9, Some(9), 1, None) > keys.key(7, Some(7), 0, None));
        // Carried to the next search halved, without the killers.
        let next = MoveOrdering::<u8>::with_history(ordering.into_history());
        assert_eq!(next.node(3, 0, None).key(7, Some(7), 0, None), 6);
        assert_eq!(next.node(5, 0, None).key(9, Some(9), 0, None), -4);
    }

    /// The follow-up history ranks moves by how they did after the same previous move:
    /// apart from that, the keys are those of the side's history alone.
    #[test]
    fn follow_up_history_counts_after_the_same_previous_move_only() {
        let mut ordering = MoveOrdering::<u8>::new();
        ordering.on_cutoff(3, 0, 7, Some(7), 2); // side history +4
        ordering.on_follow_up(40, 700, 3, true); // +9
        ordering.on_follow_up(40, 600, 4, false); // -16
        ordering.on_follow_up(41, 600, 5, true); // +25
        let after_40 = ordering.node(5, 0, Some(40));
        assert_eq!(after_40.key(7, Some(7), 0, Some(700)), 4 + 9);
        assert_eq!(after_40.key(6, Some(6), 0, Some(600)), -16);
        assert_eq!(after_40.key(6, Some(6), 0, None), 0);
        let after_41 = ordering.node(5, 0, Some(41));
        assert_eq!(after_41.key(6, Some(6), 0, Some(600)), 25);
        assert_eq!(after_41.key(7, Some(7), 0, Some(700)), 4);
        let no_previous = ordering.node(5, 0, None);
        assert_eq!(no_previous.key(6, Some(6), 0, Some(600)), 0);
        // Carried to the next search, halved.
        let next = MoveOrdering::<u8>::with_history(ordering.into_history());
        assert_eq!(next.node(5, 0, Some(41)).key(6, Some(6), 0, Some(600)), 12);
    }

    #[test]
    fn picking_past_the_selection_gives_the_selection_order() {
        // Keys with many ties, in a list longer than the selection part.
        for len in [
            1,
            2,
            SELECTION_PICKS,
            SELECTION_PICKS + 1,
            SELECTION_PICKS + 2,
            100,
        ] {
            let keys: Vec<(i64, u32)> = (0..len as u32).map(|i| ((i * 7 % 5) as i64, i)).collect();
            let (mut sorted, mut selected) = (keys.clone(), keys);
            let by_pick: Vec<usize> = (0..len).map(|i| pick(&mut sorted, i)).collect();
            let by_selection: Vec<usize> = (0..len).map(|i| pick_next(&mut selected, i)).collect();
            assert_eq!(by_pick, by_selection, "{len} moves");
        }
    }

    #[test]
    fn pick_next_is_a_stable_selection() {
        let mut order = vec![(1, 0), (5, 1), (5, 2), (2, 3)];
        let picked: Vec<usize> = (0..4).map(|i| pick_next(&mut order, i)).collect();
        assert_eq!(picked, vec![1, 2, 3, 0]);
        let mut order = vec![(0, 0), (0, 1), (5, 2)];
        let picked: Vec<usize> = (0..3).map(|i| pick_next(&mut order, i)).collect();
        assert_eq!(picked, vec![2, 0, 1], "equal keys keep generation order");
    }
}
