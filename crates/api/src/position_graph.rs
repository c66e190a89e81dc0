//! A game as its graph of positions: the tree of a game folded, each position written
//! once however many lines reach it, with its value for the player to move and the
//! moves between positions. Count to 10's tree has 232 nodes and eleven positions (the
//! totals 0 to 10); tic-tac-toe's tree to depth 2 has 82 nodes, and 16 positions up to
//! the board's symmetries.
//!
//! Asked for with `"graph": true` in a request of `POST /api/tree/game`
//! ([`crate::tree::GameTreeRequest::graph`]), the answer carries it in its field
//! `graph` ([`PositionGraph`]).
//!
//! ```
//! use ply_api::tree::{GameTreeRequest, TreeLimits, game_tree};
//!
//! let request = GameTreeRequest {
//!     game: "race:10,2".into(),
//!     graph: true,
//!     ..GameTreeRequest::default()
//! };
//! let graph = game_tree(&request, &TreeLimits::default()).unwrap().graph.unwrap();
//! assert_eq!(graph.positions.len(), 11);
//! // 7: the player to move loses (10 − 7 = 3 is a multiple of 3).
//! assert_eq!(graph.positions[7].label, "7");
//! assert_eq!(graph.positions[7].value, Some("loss"));
//! ```

use crate::ApiError;
use crate::control::Control;
use crate::tree::TreeLimits;
use ply_core::phrase::Phrase;

use ply_core::solve::{Solver, SolverLimits};
use ply_games::Playable;
use serde::Serialize;
use std::collections::{HashMap, VecDeque};

/// A game's positions and the moves between them, from a position to a depth.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PositionGraph {
    /// The positions, the start first, then in the order a breadth-first walk reaches
    /// them (by their fewest plies from the start); a move names them by their index.
    pub positions: Vec<GraphPosition>,
    /// The moves between positions: one arrow for all the moves of a position that
    /// lead to the same position.
    pub moves: Vec<GraphMove>,
    /// Whether positions equal up to the board's symmetries are one position.
    pub symmetry: bool,
    /// Whether every position's value is known ([`GraphPosition::value`]); `false` when
    /// the game is too big to solve from some position within the limits (the values
    /// solved before are given).
    pub solved: bool,
}

/// One position of a [`PositionGraph`].
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct GraphPosition {
    /// How the game's tree names it: the game's own label (a race's running total), else
    /// the position in the game's notation, else `start`.
    pub label: String,
    /// The position in the game's notation (`position` of a request reads it back).
    pub position: String,
    /// The fewest plies from the start to it.
    pub ply: u32,
    /// Its game-theoretic value for the player to move: `win`, `loss` or `draw`; `null`
    /// when not solved ([`PositionGraph::solved`]).
    pub value: Option<&'static str>,
    /// Whether the game is over here.
    pub end: bool,
    /// Whether the depth asked for stops here: its moves are not in the graph.
    pub cut: bool,
}

/// The moves from one position to another in a [`PositionGraph`].
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct GraphMove {
    /// The index of the position it leaves.
    pub from: usize,
    /// The index of the position it reaches.
    pub to: usize,
    /// The first of the moves, in the game's notation, played from the position `from`
    /// stands for (the first reached of its symmetric equals).
    #[serde(rename = "move")]
    pub name: String,
    /// How many moves of `from` lead to `to` (more than one by symmetry).
    pub moves: u32,
}

/// The graph of positions reached from `root`, to `depth` plies (default: to the end of
/// the game), positions equal up to symmetry made one when `symmetry` says (else equal
/// by [`Playable::position_key`]). Bounded: positions and moves together at most
/// `limits.tree.max_nodes` (`max_tree_nodes`), none deeper than `limits.tree.max_depth`
/// (`max_tree_depth`); the values are solved within `limits.tree.max_nodes` positions and
/// `limits.max_search_ms`, and left unknown past them. The game must end whatever the
/// players do (a game whose positions repeat is refused before, by its tree).
pub fn position_graph<G: Playable>(
    root: &G,
    depth: Option<u32>,
    symmetry: bool,
    limits: &TreeLimits,
    control: &Control,
) -> Result<PositionGraph, ApiError> {
    let key = |p: &G| -> G {
        let keyed = if symmetry {
            p.canonical()
        } else {
            p.position_key()
        };
        keyed.unwrap_or_else(|| p.clone())
    };
    let max_items = limits.tree.max_nodes;
    let too_many = || {
        ApiError::limit_said(
            "max_tree_nodes",
            Phrase::new("errors.graph.nodes").arg("max", max_items),
        )
    };
    let mut index: HashMap<G, usize> = HashMap::new();
    let mut reached: Vec<G> = vec![root.clone()];
    let mut positions = vec![describe(root, 0)];
    index.insert(key(root), 0);
    let mut moves: Vec<GraphMove> = Vec::new();
    let mut queue = VecDeque::from([0usize]);
    let mut list = Vec::new();
    while let Some(at) = queue.pop_front() {
        let position = reached[at].clone();
        let ply = positions[at].ply;
        if position.outcome().is_some() {
            positions[at].end = true;
            continue;
        }
        if depth.is_some_and(|depth| ply >= depth) {
            positions[at].cut = true;
            continue;
        }
        list.clear();
        position.generate_moves(&mut list);
        // This position's arrows, by the position they reach.
        let mut arrows: HashMap<usize, usize> = HashMap::new();
        for &mv in &list {
            let mut child = position.clone();
            child.play(mv);
            let child_key = key(&child);
            let to = match index.get(&child_key) {
                Some(&to) => to,
                None => {
                    if positions.len() + moves.len() >= max_items {
                        return Err(too_many());
                    }
                    if ply + 1 > limits.tree.max_depth {
                        return Err(ApiError::limit_said(
                            "max_tree_depth",
                            Phrase::new("errors.graph.depth").arg("max", limits.tree.max_depth),
                        ));
                    }
                    let to = reached.len();
                    index.insert(child_key, to);
                    positions.push(describe(&child, ply + 1));
                    reached.push(child);
                    queue.push_back(to);
                    to
                }
            };
            match arrows.get(&to) {
                Some(&arrow) => moves[arrow].moves += 1,
                None => {
                    if positions.len() + moves.len() >= max_items {
                        return Err(too_many());
                    }
                    arrows.insert(to, moves.len());
                    moves.push(GraphMove {
                        from: at,
                        to,
                        name: position.move_string(mv),
                        moves: 1,
                    });
                }
            }
        }
    }
    let solved = solve_values(&reached, &mut positions, limits, control);
    Ok(PositionGraph {
        positions,
        moves,
        symmetry,
        solved,
    })
}

/// A position as the graph writes it, reached at `ply`, its value not yet known.
fn describe<G: Playable>(position: &G, ply: u32) -> GraphPosition {
    let written = position.position_string();
    let label = match position.tree_label() {
        Some(label) => label,
        None if written.is_empty() => "start".to_string(),
        None => written.clone(),
    };
    GraphPosition {
        label,
        position: written,
        ply,
        value: None,
        end: false,
        cut: false,
    }
}

/// Each position's value for the player to move, solved exactly with one table (keyed
/// by the game's symmetries) within `limits.tree.max_nodes` positions and
/// `limits.max_search_ms`; returns whether every value was found.
fn solve_values<G: Playable>(
    reached: &[G],
    positions: &mut [GraphPosition],
    limits: &TreeLimits,
    control: &Control,
) -> bool {
    let stop = match limits.max_search_ms {
        Some(ms) => control.stop_after(std::time::Duration::from_millis(ms)),
        None => control.linked(),
    };
    let mut solver = Solver::with_key(|p: &G| p.canonical().unwrap_or_else(|| p.clone()))
        .with_limits(SolverLimits {
            max_positions: Some(limits.tree.max_nodes),
            max_bytes: None,
            stop: Some(stop),
        });
    for (position, graph) in reached.iter().zip(positions.iter_mut()) {
        match solver.try_value(position) {
            Ok(score) if score.is_win() => graph.value = Some("win"),
            Ok(score) if score.is_loss() => graph.value = Some("loss"),
            Ok(_) => graph.value = Some("draw"),
            Err(_) => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{GameTreeRequest, game_tree};

    /// The graph `/api/tree/game` gives for `game` to `depth`, with or without symmetry.
    fn graph_of(game: &str, depth: Option<u32>, symmetry: bool) -> PositionGraph {
        let request = GameTreeRequest {
            game: game.into(),
            depth,
            symmetry,
            graph: true,
            ..GameTreeRequest::default()
        };
        game_tree(&request, &TreeLimits::default())
            .unwrap()
            .graph
            .expect("a graph asked for")
    }

    #[test]
    fn count_to_10_is_eleven_totals_marked_as_the_theory_says() {
        let graph = graph_of("race:10,2", None, false);
        let labels: Vec<&str> = graph.positions.iter().map(|p| p.label.as_str()).collect();
        assert_eq!(
            labels,
            ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
        );
        // Race to N with steps 1..k: the player to move loses exactly when N − total
        // is a multiple of k + 1.
        for (total, position) in graph.positions.iter().enumerate() {
            let expected = if (10 - total) % 3 == 0 { "loss" } else { "win" };
            assert_eq!(position.value, Some(expected), "total {total}");
        }
        assert!(graph.solved);
        // Every total below 9 goes on by 1 and by 2; 9 by 1 only; 10 ends the game.
        let arrows: Vec<(usize, usize, &str)> = graph
            .moves
            .iter()
            .map(|m| (m.from, m.to, m.name.as_str()))
            .collect();
        let mut expected = Vec::new();
        for total in 0..10 {
            expected.push((total, total + 1, "1"));
            if total + 2 <= 10 {
                expected.push((total, total + 2, "2"));
            }
        }
        assert_eq!(arrows, expected);
        assert!(graph.positions[10].end && !graph.positions[9].end);
        assert!(graph.moves.iter().all(|m| m.moves == 1));
    }

    #[test]
    fn tic_tac_toe_to_depth_2_is_sixteen_positions_up_to_symmetry() {
        let graph = graph_of("tictactoe", Some(2), true);
        // Counted by brute force: every board of two plies (X then O on another cell)
        // brought to the least of its eight images under the square's symmetries.
        let images = |cells: [u8; 9]| -> [u8; 9] {
            let mut least = cells;
            let mut board = cells;
            for turn in 0..8 {
                // Rotate a quarter turn: (r, c) -> (c, 2 − r); after four, mirror.
                let mut next = [0u8; 9];
                for r in 0..3 {
                    for c in 0..3 {
                        next[c * 3 + (2 - r)] = board[r * 3 + c];
                    }
                }
                board = next;
                if turn == 3 {
                    for r in 0..3 {
                        board.swap(r * 3, r * 3 + 2);
                    }
                }
                least = least.min(board);
            }
            least
        };
        let mut by_ply = [
            std::collections::BTreeSet::new(),
            std::collections::BTreeSet::new(),
            std::collections::BTreeSet::new(),
        ];
        by_ply[0].insert(images([0; 9]));
        for x in 0..9 {
            let mut one = [0u8; 9];
            one[x] = 1;
            by_ply[1].insert(images(one));
            for o in (0..9).filter(|&o| o != x) {
                let mut two = one;
                two[o] = 2;
                by_ply[2].insert(images(two));
            }
        }
        let counts = by_ply.map(|set| set.len());
        assert_eq!(counts, [1, 3, 12]);
        let mut plies = [0usize; 3];
        for position in &graph.positions {
            plies[position.ply as usize] += 1;
        }
        assert_eq!(plies, counts);
        assert_eq!(graph.positions.len(), 16);
        // The start is a draw; every first move keeps it one.
        assert!(graph.solved);
        assert!(graph.positions[..4].iter().all(|p| p.value == Some("draw")));
        // Nine first moves, as three arrows: 4 corners, 4 edges, the centre.
        let mut first: Vec<u32> = graph
            .moves
            .iter()
            .filter(|m| m.from == 0)
            .map(|m| m.moves)
            .collect();
        first.sort();
        assert_eq!(first, [1, 4, 4]);
        // The plies below 2 are followed; those at 2 are cut.
        assert!(graph.positions.iter().all(|p| p.cut == (p.ply == 2)));
        // Without symmetry: 1 + 9 + 72 boards.
        assert_eq!(graph_of("tictactoe", Some(2), false).positions.len(), 82);
    }

    #[test]
    fn a_graph_past_its_limit_is_refused() {
        let request = GameTreeRequest {
            game: "race:10,2".into(),
            graph: true,
            ..GameTreeRequest::default()
        };
        // The tree's 232 nodes fit; the graph's 11 positions and 19 moves do not fit 20.
        let root = ply_games::Race::new(10, 2).unwrap();
        let tight = TreeLimits {
            tree: crate::tree::Limits {
                max_nodes: 20,
                ..crate::tree::Limits::default()
            },
            ..TreeLimits::default()
        };
        let error = position_graph(&root, None, false, &tight, &Control::new()).unwrap_err();
        assert_eq!(error.limit, Some("max_tree_nodes"));
        assert_eq!(
            error.error,
            "the graph of positions has more than 20 positions and moves (limit \
             max_tree_nodes): ask for fewer plies (depth)"
        );
        let roomy = TreeLimits {
            tree: crate::tree::Limits {
                max_nodes: 30,
                ..crate::tree::Limits::default()
            },
            ..TreeLimits::default()
        };
        let graph = position_graph(&root, None, false, &roomy, &Control::new()).unwrap();
        assert_eq!((graph.positions.len(), graph.moves.len()), (11, 19));
        assert!(game_tree(&request, &TreeLimits::default()).is_ok());
    }
}
