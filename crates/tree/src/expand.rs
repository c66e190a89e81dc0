//! Any game, written out as an explicit tree: every line of play from a
//! position, to the end of the game, as long as it fits the node limit.
//!
//! Nodes are named by the move that leads to them; the player to move at the
//! start is MAX. A finished game is a leaf valued from MAX's point of view:
//! `1` if MAX has won, `-1` if MAX has lost, `0` for a draw, and a game that
//! ends with a payoff (hundredths, [`ply_core::Outcome::Payoff`]) is valued by
//! it in units (two decimals). Values do not count the distance to the end: a
//! quick win and a slow one are both `1`, as in the plain textbook minimax.
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
    expand_with_cut(root, root_name, name_move, None, options)
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
    name_move: impl FnMut(&G, G::Move) -> String,
    depth: u32,
    mut estimate: impl FnMut(&G) -> ply_core::Score,
    options: &ExpandOptions,
) -> Result<ExplicitTree, TreeError> {
    expand_with_cut(
        root,
        root_name,
        name_move,
        Some((depth, &mut estimate)),
        options,
    )
}

/// A cut for [`expand_with_cut`]: the depth, and the estimate of the positions there.
type Cut<'a, G> = Option<(u32, &'a mut dyn FnMut(&G) -> ply_core::Score)>;

fn expand_with_cut<G: Game>(
    root: &G,
    root_name: &str,
    mut name_move: impl FnMut(&G, G::Move) -> String,
    mut cut: Cut<'_, G>,
    options: &ExpandOptions,
) -> Result<ExplicitTree, TreeError> {
    let win = if cut.is_some() { CUT_WIN } else { 1 };
    let max = root.to_move();
    let mut builder = TreeBuilder::new(options.limits);
    let mut stack: Vec<(G, Option<NodeId>, String)> =
        vec![(root.clone(), None, root_name.to_string())];
    let mut moves = Vec::new();
    let limits = options.limits;
    let later = |e: TreeError| TreeError {
        message: format!("{}; start from a later position", e.message),
        ..e
    };
    while let Some((position, parent, name)) = stack.pop() {
        // A position still going at the cut's depth is a leaf, estimated.
        let depth = parent.map_or(0, |p| builder.depth(p) + 1);
        let at_cut = cut
            .as_ref()
            .is_some_and(|&(cut_depth, _)| depth >= cut_depth)
            && position.outcome().is_none();
        let name = if at_cut { format!("{name}…") } else { name };
        let id = builder.push(parent, Some(name), 0, 0).map_err(later)?;
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
        if builder.len() + stack.len() + moves.len() > limits.max_nodes {
            return Err(later(limits.too_many_nodes(0, 0)));
        }
        for &mv in moves.iter().rev() {
            let name = name_move(&position, mv);
            stack.push((position.after(mv), Some(id), name));
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
            return Err(TreeError::at(
                0,
                0,
                "a position of the strategy has no solved value",
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
