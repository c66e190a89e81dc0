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
    pub first_player_wins: u64,
    pub second_player_wins: u64,
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
