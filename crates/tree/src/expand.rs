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
    pub limits: Limits,
}

/// Writes out the game tree below `root`; `name_move` names each move in the position it is played from.
pub fn expand<G: Game>(
    root: &G,
    root_name: &str,
    mut name_move: impl FnMut(&G, G::Move) -> String,
    options: &ExpandOptions,
) -> Result<ExplicitTree, TreeError> {
    let max = root.to_move();
    let mut builder = TreeBuilder::new(options.limits);
    let mut stack: Vec<(G, Option<NodeId>, String)> =
        vec![(root.clone(), None, root_name.to_string())];
    let mut moves = Vec::new();
    while let Some((position, parent, name)) = stack.pop() {
        let id = builder
            .push(parent, Some(name), 0, 0)
            .map_err(|e| TreeError {
                message: format!("{}; start from a later position", e.message),
                ..e
            })?;
        let mover = if position.to_move() == max {
            Player::First
        } else {
            Player::Second
        };
        builder.set_mover(id, mover);
        if let Some(outcome) = position.outcome() {
            let for_max = if mover == Player::First {
                outcome
            } else {
                outcome.flipped()
            };
            let value = match for_max {
                Outcome::Win => Decimal::integer(1),
                Outcome::Loss => Decimal::integer(-1),
                Outcome::Draw => Decimal::integer(0),
                Outcome::Payoff(score) => Decimal {
                    mantissa: score.raw() as i64,
                    decimals: 2,
                },
            };
            builder.set_value(id, value, 0, 0);
            continue;
        }
        moves.clear();
        position.generate_moves(&mut moves);
        for &mv in moves.iter().rev() {
            let name = name_move(&position, mv);
            stack.push((position.after(mv), Some(id), name));
        }
    }
    builder.finish(LeafPerspective::Max)
}
