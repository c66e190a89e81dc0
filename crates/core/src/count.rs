//! Whole-tree statistics: how big is a game?

use crate::{Game, Player};
use std::collections::HashSet;
use std::hash::Hash;
use std::ops::ControlFlow;

/// How often (in nodes) the `*_with` walks report progress.
pub const PROGRESS_INTERVAL: u64 = 1 << 16;

/// Counts over the full game tree below a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeCounts {
    /// Every node of the tree, the root included.
    pub nodes: u64,
    /// Finished games: the leaves of the tree.
    pub games: u64,
    /// Finished games the first player won.
    pub first_player_wins: u64,
    /// Finished games the second player won.
    pub second_player_wins: u64,
    /// Finished games drawn.
    pub draws: u64,
}

/// Walks the whole game tree below `root` (every move sequence, transpositions counted again).
pub fn count_tree<G: Game>(root: &G) -> TreeCounts {
    match count_tree_with(root, |_| ControlFlow::Continue(())) {
        Ok(counts) | Err(counts) => counts,
    }
}

/// [`count_tree`] that shows its progress to `progress` every [`PROGRESS_INTERVAL`]
/// nodes; returning `ControlFlow::Break` stops the walk, and the partial counts
/// come back as `Err`.
pub fn count_tree_with<G: Game>(
    root: &G,
    mut progress: impl FnMut(&TreeCounts) -> ControlFlow<()>,
) -> Result<TreeCounts, TreeCounts> {
    fn walk<G: Game>(
        pos: &G,
        ply: u32,
        counts: &mut TreeCounts,
        pool: &mut Vec<Vec<G::Move>>,
        progress: &mut dyn FnMut(&TreeCounts) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        counts.nodes += 1;
        if counts.nodes % PROGRESS_INTERVAL == 0 {
            progress(counts)?;
        }
        if let Some(outcome) = pos.outcome() {
            counts.games += 1;
            match outcome.winner(pos.to_move()) {
                Some(Player::First) => counts.first_player_wins += 1,
                Some(Player::Second) => counts.second_player_wins += 1,
                None => counts.draws += 1,
            }
            return ControlFlow::Continue(());
        }
        let mut moves = pool.pop().unwrap_or_default();
        moves.clear();
        pos.generate_moves(&mut moves);
        let mut flow = ControlFlow::Continue(());
        for &mv in &moves {
            // (`deeper`: a long game continues on a fresh stack segment; see crate::stack.)
            flow = crate::stack::deeper::<G, _>(ply + 1, || {
                walk(&pos.after(mv), ply + 1, counts, pool, progress)
            });
            if flow.is_break() {
                break;
            }
        }
        pool.push(moves);
        flow
    }
    let mut counts = TreeCounts::default();
    match walk(root, 0, &mut counts, &mut Vec::new(), &mut progress) {
        ControlFlow::Continue(()) => Ok(counts),
        ControlFlow::Break(()) => Err(counts),
    }
}

/// The number of distinct positions reachable from `root` (the root included),
/// after mapping each through `canonical` (pass `Clone::clone` to count plain
/// positions, a symmetry reduction to count them up to symmetry).
pub fn count_positions<G, F>(root: &G, canonical: F) -> usize
where
    G: Game + Hash + Eq,
    F: Fn(&G) -> G,
{
    match count_positions_with(root, canonical, |_| ControlFlow::Continue(())) {
        Ok(n) | Err(n) => n,
    }
}

/// [`count_positions`] with progress (the number of positions found so far) every
/// [`PROGRESS_INTERVAL`] positions, and a way to stop (`Err` holds the partial count).
pub fn count_positions_with<G, F>(
    root: &G,
    canonical: F,
    mut progress: impl FnMut(usize) -> ControlFlow<()>,
) -> Result<usize, usize>
where
    G: Game + Hash + Eq,
    F: Fn(&G) -> G,
{
    let mut seen = HashSet::new();
    let mut stack = vec![root.clone()];
    seen.insert(canonical(root));
    let mut moves = Vec::new();
    while let Some(pos) = stack.pop() {
        if pos.outcome().is_some() {
            continue;
        }
        moves.clear();
        pos.generate_moves(&mut moves);
        for &mv in &moves {
            let child = pos.after(mv);
            if seen.insert(canonical(&child)) {
                stack.push(child);
                if seen.len() as u64 % PROGRESS_INTERVAL == 0 && progress(seen.len()).is_break() {
                    return Err(seen.len());
                }
            }
        }
    }
    Ok(seen.len())
}

/// An estimate of a game tree's size, from random walks down the tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TreeEstimate {
    /// The estimated number of nodes, the root included (the mean over the walks).
    pub nodes: f64,
    /// How many random walks the estimate averages.
    pub walks: u32,
    /// How many positions the walks visited (the work the estimate cost).
    pub visited: u64,
}

/// Estimates the number of nodes of the tree below `root` without walking it, by
/// Knuth's method (1975): a random walk from the root to a finished game, whose
/// nodes had `b1, b2, ...` moves, stands for a tree of `1 + b1 + b1·b2 + ...` nodes,
/// and the mean of that number over many walks is an unbiased estimate of the size.
/// It is exact for a tree whose nodes at each depth have equally many moves, and good
/// to an order of magnitude on game trees, whose shapes are uneven.
///
/// `pick(n)` chooses one of `n` moves (any number below `n`, at random: the caller
/// brings the source of randomness). The walks stop after `max_walks`, or after
/// `max_visits` positions in all (deep games), whichever comes first; there is always
/// at least one walk.
///
/// ```
/// use ply_core::count::estimate_tree_size;
/// # use ply_core::{Game, Outcome, Player};
/// // Two moves at each node, four plies deep: every walk sees the same branching,
/// // so the estimate is exact: 1 + 2 + 4 + 8 + 16 = 31 nodes.
/// #[derive(Clone)]
/// struct Binary(u32);
/// impl Game for Binary {
///     type Move = u8;
///     fn to_move(&self) -> Player { if self.0 % 2 == 0 { Player::First } else { Player::Second } }
///     fn outcome(&self) -> Option<Outcome> { (self.0 == 4).then_some(Outcome::Draw) }
///     fn generate_moves(&self, moves: &mut Vec<u8>) { moves.extend([0, 1]) }
///     fn play(&mut self, _: u8) { self.0 += 1 }
/// }
/// let estimate = estimate_tree_size(&Binary(0), 10, 1_000, |n| n - 1);
/// assert_eq!(estimate.nodes, 31.0);
/// assert_eq!(estimate.walks, 10);
/// ```
pub fn estimate_tree_size<G: Game>(
    root: &G,
    max_walks: u32,
    max_visits: u64,
    mut pick: impl FnMut(usize) -> usize,
) -> TreeEstimate {
    let mut total = 0.0;
    let mut walks = 0;
    let mut visited = 0u64;
    let mut moves = Vec::new();
    while walks == 0 || (walks < max_walks && visited < max_visits) {
        let mut position = root.clone();
        let (mut nodes, mut width) = (1.0f64, 1.0f64);
        loop {
            visited += 1;
            if position.outcome().is_some() {
                break;
            }
            moves.clear();
            position.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            width *= moves.len() as f64;
            nodes += width;
            let mv = moves[pick(moves.len()).min(moves.len() - 1)];
            position.play(mv);
        }
        total += nodes;
        walks += 1;
    }
    TreeEstimate {
        nodes: total / f64::from(walks),
        walks,
        visited,
    }
}
