//! Any game, written out as an explicit tree: every line of play from a
//! position, to the end of the game, as long as it fits the node limit.
//!
//! Nodes are named by the move that leads to them; the player to move at the
//! start is MAX. A finished game is a leaf valued from MAX's point of view:
//! `1` if MAX has won, `-1` if MAX has lost, `0` for a draw, and a game that
//! ends with a payoff (hundredths, [`ply_core::Outcome::Payoff`]) is valued by
//! it in units (two decimals). Values do not count the distance to the end: a
//! quick win and a slow one are both `1`, as in the plain textbook minimax.
//! [`expand_game`] writes a game out as the lessons draw it: finished games valued by
//! their depth, moves to positions equal up to symmetry written once, nodes named
//! by their positions where a game prefers it.
//!
//! ```
//! use ply_core::{Game, Outcome, Player};
//! use ply_tree::{ExpandOptions, expand};
//!
//! /// Take 1 or 2 from a pile; who takes the last one wins.
//! #[derive(Clone)]
//! struct Pile { left: u32, to_move: Player }
//! impl Game for Pile {
//!     type Move = u32;
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn outcome(&self) -> Option<Outcome> { (self.left == 0).then_some(Outcome::Loss) }
//!     fn generate_moves(&self, moves: &mut Vec<u32>) { moves.extend((1..=2).filter(|&t| t <= self.left)) }
//!     fn play(&mut self, take: u32) { self.left -= take; self.to_move = self.to_move.opponent(); }
//! }
//!
//! let start = Pile { left: 3, to_move: Player::First };
//! let tree = expand(&start, "pile3", |_, take| format!("t{take}"), &ExpandOptions::default()).unwrap();
//! assert_eq!(tree.len(), 7);
//! // Taking 2 leaves 1: MIN takes the last one and MAX has lost (-1).
//! assert_eq!(tree.to_bracket(), "(pile3 (t1 (t1 t1=1) t2=-1) (t2 t1=-1))");
//! ```

use crate::tree::{ExplicitTree, LeafPerspective, Limits, NodeId, TreeBuilder, TreeError};
use crate::value::Decimal;
use ply_core::phrase::Phrase;
use ply_core::{Game, Outcome, Player};

/// How far [`expand`] may go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExpandOptions {
    /// The most nodes and the deepest level the written-out tree may have.
    pub limits: Limits,
    /// Keep a picture of each node's position ([`ply_core::Game::diagram`]) for
    /// drawing the tree ([`ExplicitTree::diagram`]).
    pub boards: bool,
}

/// Writes out the game tree below `root`; `name_move` names each move in the position it is played from.
pub fn expand<G: Game>(
    root: &G,
    root_name: &str,
    name_move: impl FnMut(&G, G::Move) -> String,
    options: &ExpandOptions,
) -> Result<ExplicitTree, TreeError> {
    let mut name_move = name_move;
    expand_with_cut(
        root,
        root_name,
        |p, mv, _| name_move(p, mv),
        None,
        None::<&dyn Fn(&G) -> u8>,
        false,
        options,
    )
}

/// The value of a won game in a tree cut by [`expand_to_depth`]: above every estimate
/// (estimates are clamped to ±[`MAX_ESTIMATE`]), as the textbooks' ±∞.
pub const CUT_WIN: i64 = 100;

/// The largest estimate a cut leaf may carry, in units (below [`CUT_WIN`]).
pub const MAX_ESTIMATE: f64 = 99.0;

/// [`expand`] down to `depth` plies only, as textbooks draw a search with a horizon:
/// a position still going at that depth becomes a leaf named `MOVE…` (the game goes on) and valued
/// by `estimate` (a heuristic [`ply_core::Score`] for the side to move there, turned to
/// MAX's point of view, in units with two decimals, clamped to ±99). Finished games
/// are then worth ±[`CUT_WIN`] (100) and 0, above every estimate, so that a proved win
/// is never traded for a good-looking guess.
///
/// ```
/// use ply_core::{Game, Outcome, Player, Score};
/// use ply_tree::{ExpandOptions, expand_to_depth};
///
/// /// Take 1 or 2 from a pile; who takes the last one wins.
/// #[derive(Clone)]
/// struct Pile { left: u32, to_move: Player }
/// impl Game for Pile {
///     type Move = u32;
///     fn to_move(&self) -> Player { self.to_move }
///     fn outcome(&self) -> Option<Outcome> { (self.left == 0).then_some(Outcome::Loss) }
///     fn generate_moves(&self, moves: &mut Vec<u32>) { moves.extend((1..=2).filter(|&t| t <= self.left)) }
///     fn play(&mut self, take: u32) { self.left -= take; self.to_move = self.to_move.opponent(); }
/// }
///
/// let start = Pile { left: 5, to_move: Player::First };
/// // One ply deep; every position left is estimated at +0.50 for its mover.
/// let tree = expand_to_depth(&start, "pile5", |_, take| format!("t{take}"), 1,
///     |_| Score::from_raw(50), &ExpandOptions::default()).unwrap();
/// assert_eq!(tree.to_bracket(), "(pile5 t1…=-0.5 t2…=-0.5)");
/// ```
pub fn expand_to_depth<G: Game>(
    root: &G,
    root_name: &str,
    mut name_move: impl FnMut(&G, G::Move) -> String,
    depth: u32,
    mut estimate: impl FnMut(&G) -> ply_core::Score,
    options: &ExpandOptions,
) -> Result<ExplicitTree, TreeError> {
    expand_with_cut(
        root,
        root_name,
        |p, mv, _| name_move(p, mv),
        Some((depth, &mut estimate)),
        None::<&dyn Fn(&G) -> u8>,
        false,
        options,
    )
}

/// How [`expand_game`] writes a game out, beyond [`ExpandOptions`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameTreeOptions {
    /// The node and depth limits, and whether to keep each position's board.
    pub expand: ExpandOptions,
    /// Write the tree down to this many plies only (as [`expand_to_depth`]); `None`: to
    /// the end of every game.
    pub depth: Option<u32>,
    /// Value a finished game by how soon it ends, as the tic-tac-toe lessons teach: a
    /// game won at depth d (plies from the root) is worth N − d to the winner, N being
    /// one more than the deepest level of the tree (the longest line written out); lost,
    /// −(N − d); drawn, 0. A quick win is then worth more than a slow one, and a slow
    /// loss less bad than a quick one. In a tree cut at a depth, finished games are worth
    /// ±(100 + N − d), above every estimate (±99). Without it: ±1, or ±100 in a cut tree.
    pub depth_aware: bool,
}

/// A cut: the depth, and the estimate of the positions there.
type Cut<'a, G> = Option<(u32, &'a mut dyn FnMut(&G) -> ply_core::Score)>;

/// Writes out the game tree below `root` as [`expand`] and [`expand_to_depth`] do,
/// with the choices of a lesson:
///
/// - `name_node(position, move, reached)` names each node but the root (by the move,
///   or by the position it reaches, as a race is drawn with its running totals);
/// - `estimate` values the positions still going at [`GameTreeOptions::depth`] (for
///   the player to move there), as [`expand_to_depth`]'s does;
/// - `symmetry`, when given, is a key for positions up to the board's symmetries: of the
///   children of a node whose keys are equal, only the first (in move order) is
///   written, and it records how many moves it stands for
///   ([`ExplicitTree::stands_for`]), as textbooks draw tic-tac-toe's three first moves;
/// - [`GameTreeOptions::depth_aware`] values finished games by their depth.
///
/// ```
/// use ply_core::{Game, Outcome, Player, Score};
/// use ply_tree::{GameTreeOptions, expand_game};
///
/// /// Take 1 or 2 from a pile; who takes the last one wins.
/// #[derive(Clone)]
/// struct Pile { left: u32, to_move: Player }
/// impl Game for Pile {
///     type Move = u32;
///     fn to_move(&self) -> Player { self.to_move }
///     fn outcome(&self) -> Option<Outcome> { (self.left == 0).then_some(Outcome::Loss) }
///     fn generate_moves(&self, moves: &mut Vec<u32>) { moves.extend((1..=2).filter(|&t| t <= self.left)) }
///     fn play(&mut self, take: u32) { self.left -= take; self.to_move = self.to_move.opponent(); }
/// }
///
/// let start = Pile { left: 3, to_move: Player::First };
/// let options = GameTreeOptions { depth_aware: true, ..Default::default() };
/// // Nodes named by what is left; the longest line is 3 plies, so N = 4.
/// let tree = expand_game(&start, "pile3", |_, _, p: &Pile| format!("left{}", p.left),
///     |_| Score::DRAW, None::<&dyn Fn(&Pile) -> u32>, &options).unwrap();
/// assert_eq!(
///     tree.to_bracket(),
///     "(pile3 (left2 (left1 left0=1) left0=-2) (left1 left0=-2))"
/// );
/// ```
pub fn expand_game<G: Game, K: PartialEq>(
    root: &G,
    root_name: &str,
    name_node: impl FnMut(&G, G::Move, &G) -> String,
    mut estimate: impl FnMut(&G) -> ply_core::Score,
    symmetry: Option<&dyn Fn(&G) -> K>,
    options: &GameTreeOptions,
) -> Result<ExplicitTree, TreeError> {
    let cut: Cut<'_, G> = match options.depth {
        Some(depth) => Some((depth, &mut estimate)),
        None => None,
    };
    expand_with_cut(
        root,
        root_name,
        name_node,
        cut,
        symmetry,
        options.depth_aware,
        &options.expand,
    )
}

/// A position waiting on [`expand_with_cut`]'s stack to become a node: the position,
/// its parent, its name, and how many moves it stands for.
type Pending<G> = (G, Option<NodeId>, String, u32);

fn expand_with_cut<G: Game, K: PartialEq>(
    root: &G,
    root_name: &str,
    mut name_node: impl FnMut(&G, G::Move, &G) -> String,
    mut cut: Cut<'_, G>,
    symmetry: Option<&dyn Fn(&G) -> K>,
    depth_aware: bool,
    options: &ExpandOptions,
) -> Result<ExplicitTree, TreeError> {
    let win = if cut.is_some() { CUT_WIN } else { 1 };
    let max = root.to_move();
    let mut builder = TreeBuilder::new(options.limits);
    let mut stack: Vec<Pending<G>> = vec![(root.clone(), None, root_name.to_string(), 1)];
    let mut moves = Vec::new();
    // The children of the node being expanded: position, move, moves it stands for.
    let mut children: Vec<(G, G::Move, u32)> = Vec::new();
    let mut keys: Vec<K> = Vec::new();
    // Finished games valued by their depth once the deepest level is known: the node,
    // 1 if MAX won, -1 if MAX lost.
    let mut finished: Vec<(NodeId, i64)> = Vec::new();
    let mut deepest = 0;
    let limits = options.limits;
    let later = |e: TreeError| TreeError {
        message: format!("{}; start from a later position", e.message),
        phrase: e
            .phrase
            .clone()
            .map(|p| Phrase::new("errors.tree.later").arg("message", p)),
        ..e
    };
    while let Some((position, parent, name, stands_for)) = stack.pop() {
        // A position still going at the cut's depth is a leaf, estimated.
        let depth = parent.map_or(0, |p| builder.depth(p) + 1);
        deepest = deepest.max(depth);
        let at_cut = cut
            .as_ref()
            .is_some_and(|&(cut_depth, _)| depth >= cut_depth)
            && position.outcome().is_none();
        let name = if at_cut { format!("{name}…") } else { name };
        let id = builder.push(parent, Some(name), 0, 0).map_err(later)?;
        builder.set_stands_for(id, stands_for);
        let mover = if position.to_move() == max {
            Player::First
        } else {
            Player::Second
        };
        builder.set_mover(id, mover);
        if options.boards
            && let Some(diagram) = position.diagram()
        {
            builder.set_diagram(id, diagram);
        }
        if let Some(outcome) = position.outcome() {
            let for_max = if mover == Player::First {
                outcome
            } else {
                outcome.flipped()
            };
            let value = match for_max {
                Outcome::Win => Decimal::integer(win),
                Outcome::Loss => Decimal::integer(-win),
                Outcome::Draw => Decimal::integer(0),
                Outcome::Payoff(score) => Decimal {
                    mantissa: score.raw() as i64,
                    decimals: 2,
                },
            };
            match for_max {
                Outcome::Win if depth_aware => finished.push((id, 1)),
                Outcome::Loss if depth_aware => finished.push((id, -1)),
                _ => {}
            }
            builder.set_value(id, value, 0, 0);
            continue;
        }
        if at_cut && let Some((_, estimate)) = cut.as_mut() {
            let for_mover = estimate(&position).raw() as i64;
            let for_max = if mover == Player::First {
                for_mover
            } else {
                -for_mover
            };
            let limit = (MAX_ESTIMATE * 100.0) as i64;
            let value = Decimal {
                mantissa: for_max.clamp(-limit, limit),
                decimals: 2,
            };
            builder.set_value(id, value, 0, 0);
            continue;
        }
        // The limits are checked before the children are made: every position on the
        // stack becomes a node, and one wide position (a pile of a million) must not
        // fill the memory with its children before the limit is reached.
        if builder.depth(id) >= limits.max_depth {
            return Err(later(limits.too_deep(0, 0)));
        }
        moves.clear();
        position.generate_moves(&mut moves);
        children.clear();
        keys.clear();
        match symmetry {
            None => {
                if builder.len() + stack.len() + moves.len() > limits.max_nodes {
                    return Err(later(limits.too_many_nodes(0, 0)));
                }
                children.extend(moves.iter().map(|&mv| (position.after(mv), mv, 1)));
            }
            Some(key_of) => {
                for &mv in &moves {
                    let child = position.after(mv);
                    let key = key_of(&child);
                    if let Some(i) = keys.iter().position(|k| *k == key) {
                        children[i].2 += 1;
                        continue;
                    }
                    // Counted as the distinct children are found: only those become nodes.
                    if builder.len() + stack.len() + children.len() + 1 > limits.max_nodes {
                        return Err(later(limits.too_many_nodes(0, 0)));
                    }
                    keys.push(key);
                    children.push((child, mv, 1));
                }
            }
        }
        for (child, mv, count) in children.drain(..).rev() {
            let name = name_node(&position, mv, &child);
            stack.push((child, Some(id), name, count));
        }
    }
    if !finished.is_empty() {
        // N: one more than the deepest level; a cut tree keeps its finished games above
        // every estimate.
        let longest = deepest as i64 + 1;
        let base = if cut.is_some() { CUT_WIN } else { 0 };
        for (id, sign) in finished {
            let worth = base + longest - builder.depth(id) as i64;
            builder.set_value(id, Decimal::integer(sign * worth), 0, 0);
        }
    }
    builder.finish(LeafPerspective::Max)
}

/// The solved strategy of a game whose positions may repeat, written out as a tree
/// (where [`expand`] would never end).
///
/// `value(position)` is the exact value for the side to move (from a retrograde
/// table) and `best_moves(position)` the moves that keep it. Along every line the
/// side that is winning plays its first best move; the side that is losing may play
/// any move, and every answer is shown; in a drawn position both sides play their
/// first best move. A position met again on the same line ends it: the game goes
/// round in circles there (a leaf with the position's value). Leaves are valued
/// from MAX's point of view: `1`, `-1` or `0`, so minimax over the tree gives back
/// the solved value of the root.
///
/// ```
/// use ply_core::{Game, Outcome, Player, Score};
/// use ply_tree::{ExpandOptions, expand_strategy};
///
/// /// A token on a cycle of 4; each turn, move it one step either way, or
/// /// (only from 0) take it home and win. The positions repeat.
/// #[derive(Clone, PartialEq, Eq, Hash)]
/// struct Walk { at: u8, home: bool, to_move: Player }
/// impl Game for Walk {
///     type Move = i8;
///     fn to_move(&self) -> Player { self.to_move }
///     fn outcome(&self) -> Option<Outcome> { self.home.then_some(Outcome::Loss) }
///     fn generate_moves(&self, moves: &mut Vec<i8>) {
///         moves.extend([1, -1]);
///         if self.at == 0 { moves.push(0) }
///     }
///     fn play(&mut self, step: i8) {
///         if step == 0 { self.home = true } else { self.at = (self.at as i8 + 4 + step) as u8 % 4 }
///         self.to_move = self.to_move.opponent();
///     }
/// }
///
/// // At 1, whoever moves to 0 hands the win to the other: both sides keep away, a draw.
/// let start = Walk { at: 2, home: false, to_move: Player::First };
/// let value = |w: &Walk| Some(if w.home { Score::loss_in(0) } else if w.at == 0 { Score::win_in(1) } else { Score::DRAW });
/// let best = |w: &Walk| if w.at == 0 { vec![0] } else if w.at == 1 { vec![1] } else if w.at == 3 { vec![-1] } else { vec![1, -1] };
/// let tree = expand_strategy(&start, "2", |_, s| format!("{s:+}"), value, best, &ExpandOptions::default()).unwrap();
/// // 2 → 3 (MIN keeps away from 0) → 2 again: the line repeats, a draw. (Names that
/// // would read as numbers are written with a `_` in front.)
/// assert_eq!(tree.to_bracket(), "(_2 (_+1 _-1=0))");
/// ```
pub fn expand_strategy<G: Game + Eq + std::hash::Hash>(
    root: &G,
    root_name: &str,
    mut name_move: impl FnMut(&G, G::Move) -> String,
    value: impl Fn(&G) -> Option<ply_core::Score>,
    best_moves: impl Fn(&G) -> Vec<G::Move>,
    options: &ExpandOptions,
) -> Result<ExplicitTree, TreeError> {
    enum Step<G> {
        Enter(G, Option<NodeId>, String),
        Leave(G),
    }
    let max = root.to_move();
    let mut builder = TreeBuilder::new(options.limits);
    let mut on_line = std::collections::HashSet::new();
    let mut stack = vec![Step::Enter(root.clone(), None, root_name.to_string())];
    // The positions on the stack still to become nodes.
    let mut pending = 1;
    let mut moves = Vec::new();
    let limits = options.limits;
    while let Some(step) = stack.pop() {
        let (position, parent, name) = match step {
            Step::Leave(position) => {
                on_line.remove(&position);
                continue;
            }
            Step::Enter(position, parent, name) => (position, parent, name),
        };
        pending -= 1;
        let id = builder.push(parent, Some(name), 0, 0)?;
        let mover = if position.to_move() == max {
            Player::First
        } else {
            Player::Second
        };
        builder.set_mover(id, mover);
        if options.boards
            && let Some(diagram) = position.diagram()
        {
            builder.set_diagram(id, diagram);
        }
        let Some(score) = value(&position) else {
            return Err(TreeError::said(
                0,
                0,
                Phrase::new("errors.tree.unsolved_position"),
            ));
        };
        let for_max = if mover == Player::First {
            score
        } else {
            -score
        };
        let leaf_value = Decimal::integer(if for_max.is_win() {
            1
        } else if for_max.is_loss() {
            -1
        } else {
            0
        });
        if position.outcome().is_some() || on_line.contains(&position) {
            builder.set_value(id, leaf_value, 0, 0);
            continue;
        }
        // As in `expand`, the limits are checked before the children are made.
        if builder.depth(id) >= limits.max_depth {
            return Err(limits.too_deep(0, 0));
        }
        // The winner (and, in a draw, either side) follows one best move; the loser tries
        // everything, its best defence (the slowest loss) first: the tree's leaves are all
        // worth the same to it, and minimax keeps the first of equal moves, so the principal
        // variation is then the line of best play.
        moves.clear();
        if score.is_loss() {
            position.generate_moves(&mut moves);
            moves.sort_by_cached_key(|&mv| {
                let child = position.after(mv);
                let for_child = value(&child).unwrap_or(ply_core::Score::DRAW);
                // The mover's view: the child's value, negated when the other side moves there.
                let seen = if child.to_move() == position.to_move() {
                    for_child
                } else {
                    -for_child
                };
                std::cmp::Reverse(seen)
            });
        } else {
            moves.extend(best_moves(&position).into_iter().take(1));
        }
        if moves.is_empty() {
            builder.set_value(id, leaf_value, 0, 0);
            continue;
        }
        if builder.len() + pending + moves.len() > limits.max_nodes {
            return Err(limits.too_many_nodes(0, 0));
        }
        pending += moves.len();
        on_line.insert(position.clone());
        stack.push(Step::Leave(position.clone()));
        for &mv in moves.iter().rev() {
            let name = name_move(&position, mv);
            stack.push(Step::Enter(position.after(mv), Some(id), name));
        }
    }
    builder.finish(LeafPerspective::Max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveOrder;
    use ply_core::Score;
    use ply_games::{Mnk, Notation, Playable};

    /// Tic-tac-toe from `position` (the empty board for `""`), written out with the
    /// symmetries of the board, to `depth`, with depth-aware values.
    fn tictactoe(
        position: &str,
        depth: Option<u32>,
        max_nodes: usize,
    ) -> Result<ExplicitTree, TreeError> {
        let start = Mnk::new(3, 3, 3).unwrap();
        let root = if position.is_empty() {
            start
        } else {
            start.parse_position(position).unwrap()
        };
        let canonical = |p: &Mnk| p.canonical().unwrap_or(*p);
        let options = GameTreeOptions {
            expand: ExpandOptions {
                limits: Limits {
                    max_nodes,
                    ..Limits::default()
                },
                boards: false,
            },
            depth,
            depth_aware: true,
        };
        expand_game(
            &root,
            "root",
            |p, mv, _| p.move_string(mv),
            |_| Score::DRAW,
            Some(&canonical as &dyn Fn(&Mnk) -> Mnk),
            &options,
        )
    }

    #[test]
    fn symmetric_moves_are_written_once_and_counted() {
        let tree = tictactoe("", Some(1), 1000).unwrap();
        let first: Vec<(&str, u32)> = tree
            .children(tree.root())
            .iter()
            .map(|&c| (tree.node(c).name.as_str(), tree.stands_for(c)))
            .collect();
        // A corner (4), an edge (4), the centre (1): the nine first moves.
        assert_eq!(first, [("a1…", 4), ("b1…", 4), ("b2…", 1)]);
        assert_eq!(tree.stands_for(tree.root()), 1);
        // Reordered, each node keeps its count.
        let reordered = tree.reordered(MoveOrder::WorstFirst);
        let counts: Vec<u32> = (0..reordered.len() as NodeId)
            .map(|id| reordered.stands_for(id))
            .collect();
        assert_eq!(counts.iter().sum::<u32>(), 1 + 9);
    }

    #[test]
    fn symmetry_counts_against_the_node_limit_as_it_goes() {
        // The root and three children fit in 4 nodes; in 3 they do not.
        assert_eq!(tictactoe("", Some(1), 4).unwrap().len(), 4);
        let error = tictactoe("", Some(1), 3).unwrap_err();
        assert_eq!(error.limit, Some("max_nodes"));
    }

    #[test]
    fn finished_games_are_valued_by_their_depth() {
        // X to move on `XX./OO./...`: c1 wins at once (depth 1). The longest line
        // fills the board: 5 empty squares, N = 6, so c1 is worth 6 - 1 = 5.
        let tree = tictactoe("XX./OO./...", None, 100_000).unwrap();
        let c1 = tree
            .children(tree.root())
            .iter()
            .copied()
            .find(|&c| tree.node(c).name == "c1")
            .unwrap();
        assert_eq!(tree.height(), 5);
        assert_eq!(tree.max_value(c1), Some(5));
    }
}
