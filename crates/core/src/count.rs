//! Whole-tree statistics: how big is a game?

use crate::{Game, Player};
use std::collections::HashSet;
use std::hash::Hash;

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
    fn walk<G: Game>(pos: &G, counts: &mut TreeCounts, pool: &mut Vec<Vec<G::Move>>) {
        counts.nodes += 1;
        if let Some(outcome) = pos.outcome() {
            counts.games += 1;
            match outcome.winner(pos.to_move()) {
                Some(Player::First) => counts.first_player_wins += 1,
                Some(Player::Second) => counts.second_player_wins += 1,
                None => counts.draws += 1,
            }
            return;
        }
        let mut moves = pool.pop().unwrap_or_default();
        moves.clear();
        pos.generate_moves(&mut moves);
        for &mv in &moves {
            walk(&pos.after(mv), counts, pool);
        }
        pool.push(moves);
    }
    let mut counts = TreeCounts::default();
    walk(root, &mut counts, &mut Vec::new());
    counts
}

/// The number of distinct positions reachable from `root` (the root included),
/// after mapping each through `canonical` (pass `Clone::clone` to count plain
/// positions, a symmetry reduction to count them up to symmetry).
pub fn count_positions<G, F>(root: &G, canonical: F) -> usize
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
            }
        }
    }
    seen.len()
}
