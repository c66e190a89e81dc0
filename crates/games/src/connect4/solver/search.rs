//! The search: a static look at each position before it is searched, then negamax
//! with null windows, ordered by threats, over the shared table.
//!
//! Scores are Pons': from the side to move's view, a win with the `n`-th stone of the
//! game is worth `(44 - n) / 2`, a draw 0, a loss the winner's score negated.

use super::board::{
    BOARD, BOTTOM, CELLS, EVEN_ROWS, column_cells, has_four, mirror, win_at, winning_cells,
};
use super::dead::dead_stones;
use super::table::{Bound, Entry, Table};
use crate::connect4::{Size, count_cells, latest_completion};
use ply_core::stop::Stop;

/// Below this many stones, a child's table entry is read before its parent searches
/// any child (enhanced transposition cutoffs); later in the game, the reads cost more
/// than the cutoffs they find.
const LOOK_UP_CHILDREN_BELOW: i32 = 27;

/// Helper threads order moves with a little noise this many plies below the root, so
/// that they search different subtrees first and fill the table for each other.
const JITTER_PLIES: i32 = 5;

/// Nodes between two looks at the stop's deadline (the flag itself is read at every
/// node).
const DEADLINE_EVERY: u64 = 1 << 12;

/// Columns from the centre out: the order among moves that score alike.
const CENTRE_FIRST: [u32; 7] = [3, 2, 4, 1, 5, 0, 6];

/// A position of the standard board: the side to move's stones, all stones, and how
/// many there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Position {
    pub own: u64,
    pub stones: u64,
    pub moves: i32,
}

impl Position {
    /// The cells a stone can be dropped into.
    #[inline(always)]
    pub fn playable(&self) -> u64 {
        (self.stones + BOTTOM) & BOARD
    }

    /// The position after the side to move drops a stone into `cell`.
    #[inline(always)]
    pub fn play(&self, cell: u64) -> Position {
        Position {
            own: self.own ^ self.stones,
            stones: self.stones | cell,
            moves: self.moves + 1,
        }
    }

    /// The cells where the side to move would complete a four.
    #[inline(always)]
    pub fn own_threats(&self) -> u64 {
        winning_cells(self.own, self.stones)
    }

    /// The cells where the opponent would complete a four.
    #[inline(always)]
    pub fn opponent_threats(&self) -> u64 {
        winning_cells(self.own ^ self.stones, self.stones)
    }

    /// The score of a loss to the opponent's next stone.
    #[inline(always)]
    pub fn loss_next(&self) -> i32 {
        -win_at(self.moves + 2)
    }

    /// The table key (dead stones counted as the side to move's, the smaller of the
    /// position's and its mirror's) and whether it is the mirror's.
    #[inline(always)]
    pub fn key(&self) -> (u64, bool) {
        let key = (self.own | dead_stones(self.own, self.stones)) + self.stones;
        let mirrored = mirror(key);
        if mirrored < key {
            (mirrored, true)
        } else {
            (key, false)
        }
    }
}

/// A position to search, with its key and table entry when the static look read them.
#[derive(Clone, Copy)]
struct Node {
    pos: Position,
    /// `pos`'s key and whether it is the mirror's, once worked out.
    key: Option<(u64, bool)>,
    /// `Some` once the look read the table: the key, whether it is the mirror's, and
    /// the entry found.
    looked_up: Option<(u64, bool, Option<Entry>)>,
}

impl Node {
    fn new(pos: Position) -> Node {
        Node {
            pos,
            key: None,
            looked_up: None,
        }
    }

    /// `pos`'s key, worked out once.
    #[inline(always)]
    fn key(&mut self) -> (u64, bool) {
        *self.key.get_or_insert_with(|| self.pos.key())
    }
}

/// A value the static look settled, or a node left to search (moved on past forced
/// moves).
enum Look {
    Settled(i32),
    Search,
}

/// One thread's search over the shared table.
pub(super) struct Searcher<'a> {
    table: &'a Table,
    stop: &'a Stop,
    /// Nodes searched.
    pub nodes: u64,
    /// Set once the stop was seen: every value after it is meaningless.
    pub aborted: bool,
    /// Noise for move ordering (0: none, the main thread).
    jitter: u64,
    /// The root's stones, and the column of the root's last cutoff.
    root: Position,
    root_best: Option<u32>,
}

impl<'a> Searcher<'a> {
    /// A searcher; a non-zero `seed` orders moves near the root with noise from it.
    pub fn new(table: &'a Table, stop: &'a Stop, seed: u64) -> Searcher<'a> {
        Searcher {
            table,
            stop,
            nodes: 0,
            aborted: false,
            jitter: seed,
            root: Position {
                own: 0,
                stones: 0,
                moves: 0,
            },
            root_best: None,
        }
    }

    /// Starts a search of `root` (no four on the board): the column of an immediate win
    /// with its score, or `None` when there is none and the probes must decide.
    pub fn start(&mut self, root: Position) -> Option<(i32, Option<u32>)> {
        self.root = root;
        self.root_best = None;
        if root.moves == CELLS {
            return Some((0, None));
        }
        lowest(root.own_threats() & root.playable())
            .map(|cell| (win_at(root.moves + 1), Some(column_of(cell))))
    }

    /// The window the root's score is known to lie in, before any probe.
    fn first_window(root: Position) -> (i32, i32) {
        (root.loss_next(), win_at(root.moves + 1))
    }

    /// The next probe between `lo` and `hi` (`lo < hi`): the middle at first, then
    /// right below the last probe's fail-soft value, which is often the score's edge.
    fn next_probe(lo: i32, hi: i32, last: Option<i32>) -> i32 {
        match last {
            None => (lo + hi).div_euclid(2).max(lo + 1) - 1,
            Some(value) => i32::max(value, lo + 1) - 1,
        }
        .clamp(lo, hi - 1)
    }

    /// The exact score of `root` and a best column, by this thread alone; `None` when
    /// stopped.
    pub fn solve(&mut self, root: Position) -> Option<(i32, Option<u32>)> {
        if let Some(found) = self.start(root) {
            return Some(found);
        }
        let (score, best) = probe_schedule(
            root,
            |probe| {
                let value = self.probe(root, probe);
                (!self.aborted).then_some((value, self.root_best))
            },
            |_, _, _| {},
        )?;
        self.finish(root, score, best)
    }

    /// The score with a best column: `best`, the column of the cutoff at the root in the
    /// last probe that failed high (it proved the score), or, when that probe named
    /// none, one found by solving the children. `None` when stopped.
    pub fn finish(
        &mut self,
        root: Position,
        score: i32,
        best: Option<u32>,
    ) -> Option<(i32, Option<u32>)> {
        let best = match best {
            Some(column) => Some(column),
            None => self.best_column(root, score)?,
        };
        Some((score, best))
    }

    /// The column of the cutoff at the root in the last probe, if it failed high there.
    pub fn root_best(&self) -> Option<u32> {
        self.root_best
    }

    /// `pos`'s fail-soft value against the null window above `probe`: above `probe` or
    /// not. Meaningless when [`Searcher::aborted`].
    pub fn probe(&mut self, pos: Position, probe: i32) -> i32 {
        self.root = pos;
        self.root_best = None;
        let mut node = Node::new(pos);
        match self.look(&mut node, probe, probe + 1) {
            Look::Settled(value) => value,
            Look::Search if (node.pos.moves - pos.moves) % 2 == 0 => {
                self.negamax(node, probe, probe + 1)
            }
            Look::Search => -self.negamax(node, -(probe + 1), -probe),
        }
    }

    /// A column that reaches `value` from `root`, when the search named none (the root
    /// was settled statically, or every move loses as fast): the first whose child's
    /// exact score is `value`.
    fn best_column(&mut self, root: Position, value: i32) -> Option<Option<u32>> {
        let playable = root.playable();
        let mut fallback = None;
        for column in CENTRE_FIRST {
            let Some(cell) = lowest(playable & column_cells(column)) else {
                continue;
            };
            fallback = fallback.or(Some(column));
            let child = root.play(cell);
            let mut inner = Searcher::new(self.table, self.stop, 0);
            let reply = inner.solve(child);
            self.nodes += inner.nodes;
            let (score, _) = reply?;
            if -score == value {
                return Some(Some(column));
            }
        }
        Some(fallback)
    }

    /// The static look: settles the window without a search when the position is lost
    /// to the opponent's threats, when bounds cross (quick wins ruled out, claimeven,
    /// the table), or plays a forced move and looks again. From the view of the side to
    /// move in `node.pos` as given; `node` ends at the position left to search.
    fn look(&mut self, node: &mut Node, mut alpha: i32, mut beta: i32) -> Look {
        let pos = node.pos;
        let opponent_threats = pos.opponent_threats();
        let playable = pos.playable();
        let must_block = opponent_threats & playable;
        // Never play right below an opponent's threat.
        let candidates = if must_block != 0 {
            must_block
        } else {
            playable
        } & !(opponent_threats >> 1);
        if must_block & must_block.wrapping_sub(1) != 0 || candidates == 0 {
            return Look::Settled(pos.loss_next());
        }
        if pos.moves + 1 == CELLS {
            return Look::Settled(0);
        }
        // No immediate win (the caller checked), no loss at the opponent's next stone.
        alpha = alpha.max(-win_at(pos.moves + 4));
        beta = beta.min(win_at(pos.moves + 3));
        // Without a four left to make, a draw at best.
        if beta > 0 && !has_four(BOARD & !(pos.own ^ pos.stones)) {
            beta = 0;
        }
        if alpha >= beta {
            return Look::Settled(alpha);
        }
        if candidates & candidates.wrapping_sub(1) == 0 {
            node.pos = pos.play(candidates);
            node.key = None;
            return match self.look(node, -beta, -alpha) {
                Look::Settled(value) => Look::Settled(-value),
                Look::Search => Look::Search,
            };
        }
        if let Some(bound) = claimeven_bound(&pos) {
            beta = beta.min(bound);
            if alpha >= beta {
                return Look::Settled(beta);
            }
        }
        if pos.moves < LOOK_UP_CHILDREN_BELOW {
            let (key, mirrored) = node.key();
            let found = self.table.get(key);
            node.looked_up = Some((key, mirrored, found));
            if let Some(entry) = found {
                match entry.bound {
                    Bound::Exact => return Look::Settled(entry.score),
                    Bound::Lower => alpha = alpha.max(entry.score),
                    Bound::Upper => beta = beta.min(entry.score),
                }
                if alpha >= beta {
                    return Look::Settled(entry.score);
                }
            }
        }
        Look::Search
    }

    /// The value of `node` (no immediate win on either side, not settled by the look),
    /// fail-soft.
    fn negamax(&mut self, node: Node, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.stop.flag_raised() || (self.nodes % DEADLINE_EVERY == 0 && self.stop.is_raised()) {
            self.aborted = true;
            return 0;
        }
        let pos = node.pos;
        let (alpha0, beta0) = (alpha, beta);
        alpha = alpha.max(-win_at(pos.moves + 4));
        beta = beta.min(win_at(pos.moves + 3));
        if alpha >= beta {
            return alpha;
        }
        let (key, mirrored, looked_up) = match node.looked_up {
            Some((key, mirrored, entry)) => (key, mirrored, Some(entry)),
            None => {
                let (key, mirrored) = pos.key();
                // Fetched while the children are looked at, read after.
                self.table.prefetch(key);
                (key, mirrored, None)
            }
        };
        let opponent_threats = pos.opponent_threats();
        let candidates = pos.playable() & !(opponent_threats >> 1);

        // Every child gets a static look first: one settled above the window ends the
        // node before any search; the others are scored for ordering.
        let mut value = -i32::MAX;
        let mut children = [(0i32, Node::new(pos), 0u32); 7];
        let mut count = 0;
        for column in CENTRE_FIRST {
            let Some(cell) = lowest(candidates & column_cells(column)) else {
                continue;
            };
            let mut child = Node::new(pos.play(cell));
            match self.look(&mut child, -beta, -alpha) {
                Look::Settled(settled) => {
                    value = value.max(-settled);
                    alpha = alpha.max(-settled);
                    if alpha >= beta {
                        if pos.stones == self.root.stones {
                            self.root_best = Some(column);
                        }
                        return alpha;
                    }
                }
                Look::Search => {
                    children[count] = (threat_score(pos, cell, opponent_threats), child, column);
                    count += 1;
                }
            }
        }
        // No child wins within two of its own stones: none of ours wins within three.
        beta = beta.min(win_at(pos.moves + 5));
        if alpha >= beta {
            return alpha.max(value);
        }
        if count == 0 {
            return value;
        }

        let entry = looked_up.unwrap_or_else(|| self.table.get(key));
        let mut table_column = None;
        if let Some(entry) = entry {
            match entry.bound {
                Bound::Exact => return entry.score,
                Bound::Lower => {
                    alpha = alpha.max(entry.score);
                    table_column = Some(if mirrored {
                        6 - entry.column
                    } else {
                        entry.column
                    });
                }
                Bound::Upper => beta = beta.min(entry.score),
            }
            if alpha >= beta {
                return entry.score;
            }
        }
        let jitter = self.jitter != 0 && pos.moves < self.root.moves + JITTER_PLIES;
        for child in &mut children[..count] {
            if Some(child.2) == table_column {
                child.0 += 100;
            }
            if jitter {
                child.0 += (self.next_random() % 3) as i32;
            }
        }
        // Stable: columns that score alike stay centre first.
        children[..count].sort_by_key(|child| -child.0);

        let nodes_before = self.nodes;
        let mut best_column = children[0].2;
        let mut best_searched = -i32::MAX;
        for &(_, child, column) in &children[..count] {
            if alpha >= beta {
                break;
            }
            let same_side = (child.pos.moves - pos.moves) % 2 == 0;
            let score = if same_side {
                self.negamax(child, alpha, beta)
            } else {
                -self.negamax(child, -beta, -alpha)
            };
            if self.aborted {
                return 0;
            }
            if score > best_searched {
                best_searched = score;
                best_column = column;
            }
            value = value.max(score);
            alpha = alpha.max(score);
        }
        let bound = if value <= alpha0 {
            Bound::Upper
        } else if value >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if value > alpha0 && pos.stones == self.root.stones {
            self.root_best = Some(best_column);
        }
        let column = if mirrored {
            6 - best_column
        } else {
            best_column
        };
        let stored = Entry {
            score: value,
            bound,
            column,
        };
        self.table.put(key, stored, self.nodes - nodes_before);
        value
    }

    /// xorshift64: cheap noise for the helper threads' ordering.
    fn next_random(&mut self) -> u64 {
        self.jitter ^= self.jitter << 13;
        self.jitter ^= self.jitter >> 7;
        self.jitter ^= self.jitter << 17;
        self.jitter
    }
}

/// The probes at the root until the score is known: null windows, the middle of what is
/// left first, then right below the last probe's fail-soft value (often the score's
/// edge). `probe` answers one: the fail-soft value and the root's cutoff column, or
/// `None` when stopped. `on_probe` hears the window after each (lower, upper, and
/// whether the probe raised the lower bound). The score with the column of the last
/// probe that failed high (it proved the score), or `None` when stopped.
pub(super) fn probe_schedule(
    root: Position,
    mut probe: impl FnMut(i32) -> Option<(i32, Option<u32>)>,
    mut on_probe: impl FnMut(i32, i32, bool),
) -> Option<(i32, Option<u32>)> {
    let (mut lower, mut upper) = Searcher::first_window(root);
    let (mut last, mut best) = (None, None);
    while lower < upper {
        let probe_at = Searcher::next_probe(lower, upper, last);
        let (value, column) = probe(probe_at)?;
        let raised = value > probe_at;
        if raised {
            lower = value.max(probe_at + 1);
            best = column;
        } else {
            upper = value.min(probe_at);
        }
        last = Some(value);
        on_probe(lower, upper, raised);
    }
    Some((lower, best))
}

/// How promising dropping into `cell` looks: the threats it leaves that the opponent
/// does not already undercut, twice, and once more each that sits right above the
/// opponent's next cell (where the opponent cannot answer it by playing below).
#[inline(always)]
fn threat_score(pos: Position, cell: u64, opponent_threats: u64) -> i32 {
    let stones = pos.stones | cell;
    let threats = winning_cells(pos.own | cell, stones);
    let useful = threats & !(opponent_threats << 1);
    let above_next = ((stones + BOTTOM) & BOARD) << 1 & BOARD;
    (2 * count_cells(useful) + count_cells(useful & above_next)) as i32
}

/// Allis' claimeven for the first player to move (an even number of stones): if the
/// second player answers every move in the same column, the second player gets every
/// empty cell of an even row that is not playable now, and the first player the rest.
/// Without a four in the rest, the first player cannot win; with one of the second
/// player's complete in the claim, the first player loses at the latest when it can be
/// completed. The bound, if there is one.
#[inline(always)]
fn claimeven_bound(pos: &Position) -> Option<i32> {
    if pos.moves % 2 != 0 {
        return None;
    }
    let claim = (pos.own ^ pos.stones) | (EVEN_ROWS & !pos.stones & !pos.playable());
    if has_four(BOARD & !claim) {
        return None;
    }
    Some(match latest_completion(claim, pos.stones, Size::STANDARD) {
        Some(last) => -win_at(last as i32),
        None => 0,
    })
}

/// The lowest set bit of `cells`, if any.
#[inline(always)]
fn lowest(cells: u64) -> Option<u64> {
    (cells != 0).then(|| cells & cells.wrapping_neg())
}

/// The column of a single cell.
#[inline(always)]
fn column_of(cell: u64) -> u32 {
    cell.trailing_zeros() / super::board::COLUMN_STRIDE as u32
}
