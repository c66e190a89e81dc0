//! An exact, memoised solver: every position reached is solved once, to the end
//! of the game, and its value kept in a table keyed by the position itself.
//!
//! Games with few distinct positions but astronomically many move orders
//! (Nim, Wythoff, subtraction games: a pile can be emptied in many ways) are out
//! of reach of plain tree search and solved here in a blink. Values carry their
//! remoteness: a [`Score`] `win_in(n)` means the side to move wins in `n` plies
//! against the best defence (the winner hurries, the loser delays).
//!
//! Values in the table are relative to the position they belong to, so that
//! a position reached along different paths keeps one true value; backing a
//! value up one ply adds one to the distance (see [`Score::from_node`]).
//!
//! ```
//! use ply_core::{Game, Outcome, Player, solve::{Solver, solve_exact}};
//!
//! /// Two piles; take any number from one pile; who takes the last object wins.
//! #[derive(Clone, PartialEq, Eq, Hash)]
//! struct TwoPiles { piles: [u32; 2], to_move: Player }
//!
//! impl Game for TwoPiles {
//!     type Move = (usize, u32);
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn outcome(&self) -> Option<Outcome> {
//!         (self.piles == [0, 0]).then_some(Outcome::Loss)
//!     }
//!     fn generate_moves(&self, moves: &mut Vec<(usize, u32)>) {
//!         for pile in 0..2 {
//!             moves.extend((1..=self.piles[pile]).map(|take| (pile, take)));
//!         }
//!     }
//!     fn play(&mut self, (pile, take): (usize, u32)) {
//!         self.piles[pile] -= take;
//!         self.to_move = self.to_move.opponent();
//!     }
//! }
//!
//! let solved = solve_exact(&TwoPiles { piles: [3, 5], to_move: Player::First });
//! assert!(solved.value.is_win());
//! assert_eq!(solved.best_moves, vec![(1, 2)]); // equalise the piles
//!
//! // One solver, one table, for many positions of the same game.
//! let mut solver = Solver::new();
//! assert!(solver.value(&TwoPiles { piles: [4, 4], to_move: Player::First }).is_loss());
//! // At most the 25 pairs (a, b) with a, b <= 4, each with either side to move.
//! assert!(solver.positions() <= 50);
//! ```

use crate::search::MoveValue;
use crate::{Game, Score};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash};

/// The table of solved positions, by key.
type Table<K> = HashMap<K, Score, BuildHasherDefault<crate::engine::FxHasher>>;

/// How the solver files a position in its table. Positions with equal keys
/// must have equal values for their side to move: the key may forget a symmetry
/// of the game (the order of Nim's piles, or who is to move in an impartial
/// game), never anything that changes the value.
pub trait PositionKey<G> {
    type Key: Hash + Eq;
    fn key(&self, position: &G) -> Self::Key;
}

/// The position itself is its key (no symmetry used).
#[derive(Clone, Copy, Debug, Default)]
pub struct Identity;

impl<G: Clone + Hash + Eq> PositionKey<G> for Identity {
    type Key = G;
    #[inline]
    fn key(&self, position: &G) -> G {
        position.clone()
    }
}

/// Any function of the position is a key (e.g. a canonical form).
impl<G, K: Hash + Eq, F: Fn(&G) -> K> PositionKey<G> for F {
    type Key = K;
    #[inline]
    fn key(&self, position: &G) -> K {
        self(position)
    }
}

/// A solved position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved<M> {
    /// The exact value for the side to move, with its distance to the end in plies.
    pub value: Score,
    /// Every move that reaches `value` (empty when the game is over), in generation order.
    pub best_moves: Vec<M>,
    /// Best play from the position to the end, starting with the first of `best_moves`.
    pub pv: Vec<M>,
    /// Positions entered, table hits included.
    pub nodes: u64,
    /// Distinct positions solved (the size of the table).
    pub positions: usize,
}

/// Solves `root` exactly with a fresh table. Keep a [`Solver`] to share the table.
pub fn solve_exact<G: Game + Hash + Eq>(root: &G) -> Solved<G::Move> {
    let mut solver = Solver::new();
    let value = solver.value(root);
    let best_moves = solver.best_moves(root);
    let pv = solver.principal_variation(root);
    Solved {
        value,
        best_moves,
        pv,
        nodes: solver.nodes(),
        positions: solver.positions(),
    }
}

/// A memoised exact solver with its table of solved positions.
///
/// The game must end whatever the players do (the position graph is acyclic):
/// the solver follows moves depth-first, with its own stack, so long games do
/// not overflow the thread's stack.
pub struct Solver<G: Game, P: PositionKey<G> = Identity> {
    table: Table<P::Key>,
    key: P,
    nodes: u64,
}

impl<G: Game + Hash + Eq> Default for Solver<G> {
    fn default() -> Self {
        Solver::new()
    }
}

impl<G: Game + Hash + Eq> Solver<G> {
    /// A solver whose table is keyed by the positions themselves.
    pub fn new() -> Self {
        Solver::with_key(Identity)
    }
}

/// The value of `child` (node-relative) seen from its parent one ply above.
#[inline]
fn backed_up<G: Game>(parent: &G, child: &G, child_value: Score) -> Score {
    let v = child_value.from_node(1);
    if child.to_move() == parent.to_move() {
        v
    } else {
        -v
    }
}

struct Frame<G: Game> {
    position: G,
    moves: Vec<G::Move>,
    next: usize,
    best: Score,
}

impl<G: Game, P: PositionKey<G>> Solver<G, P> {
    /// A solver that files positions under `key` (see [`PositionKey`]), e.g. a
    /// canonical form so that symmetric positions are solved once:
    ///
    /// ```
    /// use ply_core::solve::Solver;
    /// # use ply_core::{Game, Outcome, Player};
    /// # #[derive(Clone, PartialEq, Eq, Hash)]
    /// # struct TwoPiles { piles: [u32; 2], to_move: Player }
    /// # impl Game for TwoPiles {
    /// #     type Move = (usize, u32);
    /// #     fn to_move(&self) -> Player { self.to_move }
    /// #     fn outcome(&self) -> Option<Outcome> { (self.piles == [0, 0]).then_some(Outcome::Loss) }
    /// #     fn generate_moves(&self, moves: &mut Vec<(usize, u32)>) {
    /// #         for pile in 0..2 { moves.extend((1..=self.piles[pile]).map(|take| (pile, take))); }
    /// #     }
    /// #     fn play(&mut self, (pile, take): (usize, u32)) {
    /// #         self.piles[pile] -= take;
    /// #         self.to_move = self.to_move.opponent();
    /// #     }
    /// # }
    /// // Two-pile Nim: the order of the piles and the turn do not change the value.
    /// let mut plain = Solver::new();
    /// let mut keyed = Solver::with_key(|p: &TwoPiles| (p.piles[0].min(p.piles[1]), p.piles[0].max(p.piles[1])));
    /// let start = TwoPiles { piles: [6, 9], to_move: Player::First };
    /// assert_eq!(plain.value(&start), keyed.value(&start));
    /// assert_eq!(keyed.positions(), 7 * 10 - 21); // pairs a <= b with a <= 6, b <= 9
    /// assert!(plain.positions() > 2 * keyed.positions());
    /// ```
    pub fn with_key(key: P) -> Self {
        Solver {
            table: Table::default(),
            key,
            nodes: 0,
        }
    }

    /// Positions entered so far, table hits included.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Distinct positions solved so far.
    pub fn positions(&self) -> usize {
        self.table.len()
    }

    /// The exact value of `position` for its side to move, distances counted from `position`.
    pub fn value(&mut self, position: &G) -> Score {
        self.nodes += 1;
        let root_key = self.key.key(position);
        if let Some(&v) = self.table.get(&root_key) {
            return v;
        }
        if let Some(outcome) = position.outcome() {
            let v = outcome.score(0, true);
            self.table.insert(root_key, v);
            return v;
        }
        let mut stack = vec![self.frame(position.clone())];
        while let Some(frame) = stack.last_mut() {
            let mut descend = None;
            while frame.next < frame.moves.len() {
                // Nothing beats winning on the next ply: stop looking.
                if frame.best == Score::win_in(1) {
                    frame.next = frame.moves.len();
                    break;
                }
                let child = frame.position.after(frame.moves[frame.next]);
                let child_key = self.key.key(&child);
                let known = match self.table.get(&child_key) {
                    Some(&v) => Some(v),
                    None => child.outcome().map(|outcome| {
                        let v = outcome.score(0, true);
                        self.table.insert(child_key, v);
                        v
                    }),
                };
                match known {
                    Some(v) => {
                        self.nodes += 1;
                        frame.best = frame.best.max(backed_up(&frame.position, &child, v));
                        frame.next += 1;
                    }
                    None => {
                        descend = Some(child);
                        break;
                    }
                }
            }
            match descend {
                // The child is entered now; the parent finds its value in the table when it resumes.
                Some(child) => {
                    let frame = self.frame(child);
                    stack.push(frame);
                }
                None => {
                    let done = stack.pop().expect("the stack is not empty");
                    self.table.insert(self.key.key(&done.position), done.best);
                }
            }
        }
        self.table[&root_key]
    }

    fn frame(&mut self, position: G) -> Frame<G> {
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        Frame {
            position,
            moves,
            next: 0,
            best: -Score::INFINITY,
        }
    }

    /// Every legal move of `position` with its exact value for the side to move
    /// there, best first (equal values keep their generation order), each with
    /// its line of best play.
    pub fn move_values(&mut self, position: &G) -> Vec<MoveValue<G::Move>> {
        let mut values: Vec<MoveValue<G::Move>> = position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let child = position.after(mv);
                let v = self.value(&child);
                let mut pv = vec![mv];
                pv.extend(self.principal_variation(&child));
                MoveValue {
                    mv,
                    value: backed_up(position, &child, v),
                    pv,
                }
            })
            .collect();
        values.sort_by_key(|m| std::cmp::Reverse(m.value));
        values
    }

    /// The moves that reach the value of `position`, in generation order.
    pub fn best_moves(&mut self, position: &G) -> Vec<G::Move> {
        let target = self.value(position);
        position
            .legal_moves()
            .into_iter()
            .filter(|&mv| {
                let child = position.after(mv);
                let v = self.value(&child);
                backed_up(position, &child, v) == target
            })
            .collect()
    }

    /// Best play from `position` to the end of the game (the first best move each time).
    pub fn principal_variation(&mut self, position: &G) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut pos = position.clone();
        while let Some(&mv) = self.best_moves(&pos).first() {
            line.push(mv);
            pos.play(mv);
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::RandomTree;
    use crate::{NoEvaluation, evaluate_moves, negamax, search::SearchOptions};

    /// On trees without transpositions the table changes nothing: same values as negamax.
    #[test]
    fn agrees_with_negamax_on_random_trees() {
        for seed in 0..200u64 {
            let tree = RandomTree::ragged(seed, 3, 5).with_value_range(3);
            let reference = negamax(&tree, &NoEvaluation, None);
            let solved = solve_exact(&tree);
            assert_eq!(solved.value, reference.value, "seed {seed}");
            let (moves, _) = evaluate_moves(
                &tree,
                &NoEvaluation,
                crate::Algorithm::Negamax,
                SearchOptions::default(),
            );
            let mut solver = Solver::new();
            let exact = solver.move_values(&tree);
            let expected: Vec<_> = moves.iter().map(|m| (m.mv, m.value)).collect();
            let got: Vec<_> = exact.iter().map(|m| (m.mv, m.value)).collect();
            assert_eq!(got, expected, "seed {seed}");
            let best: Vec<_> = exact
                .iter()
                .filter(|m| m.value == solved.value)
                .map(|m| m.mv)
                .collect();
            let mut best_in_order = solved.best_moves.clone();
            best_in_order.sort();
            let mut best_sorted = best.clone();
            best_sorted.sort();
            assert_eq!(best_in_order, best_sorted, "seed {seed}");
            assert_eq!(solved.pv.first(), solved.best_moves.first(), "seed {seed}");
        }
    }
}
