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

use crate::memory::MemoryError;
use crate::search::MoveValue;
use crate::stop::Stop;
use crate::{Game, Score};
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hash};

/// The table of solved positions, by key.
type Table<K> = HashMap<K, Score, BuildHasherDefault<crate::engine::FxHasher>>;

/// How the solver files a position in its table. Positions with equal keys
/// must have equal values for their side to move: the key may forget a symmetry
/// of the game (the order of Nim's piles, or who is to move in an impartial
/// game), never anything that changes the value.
pub trait PositionKey<G> {
    /// The key: equal for positions of equal value (a symmetry may map several to one).
    type Key: Hash + Eq;
    /// The key of `position`.
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

/// What a [`Solver`] may use: positions kept, memory, and a flag that stops it.
/// The default has no limit.
#[derive(Clone, Debug, Default)]
pub struct SolverLimits {
    /// Stop with [`SolveError::TooManyPositions`] rather than keep more positions than this.
    pub max_positions: Option<usize>,
    /// Stop with [`SolveError::Memory`] rather than hold more bytes than this (the
    /// table and the move lists of the line being solved, estimated).
    pub max_bytes: Option<u64>,
    /// Raised by anyone (a Ctrl-C handler), or by its deadline or check, to stop with
    /// [`SolveError::Interrupted`].
    pub stop: Option<Stop>,
}

/// Why a [`Solver`] stopped before the value was known. The table keeps what was solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// More positions than [`SolverLimits::max_positions`].
    TooManyPositions {
        /// The limit that was reached.
        limit: usize,
    },
    /// More memory than [`SolverLimits::max_bytes`], or the allocator refused.
    Memory(MemoryError),
    /// The stop flag was raised.
    Interrupted,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::TooManyPositions { limit } => write!(
                f,
                "more than {limit} distinct positions to solve (the solver's limit)"
            ),
            SolveError::Memory(error) => error.fmt(f),
            SolveError::Interrupted => f.write_str("interrupted before the value was proved"),
        }
    }
}

impl std::error::Error for SolveError {}

/// How often (in positions descended into) the solver looks at its stop flag and reports progress.
const POLL_INTERVAL: u64 = 1 << 12;

/// A memoised exact solver with its table of solved positions.
///
/// The game must end whatever the players do (the position graph is acyclic):
/// the solver follows moves depth-first, with its own stack, so long games do
/// not overflow the thread's stack.
pub struct Solver<G: Game, P: PositionKey<G> = Identity> {
    table: Table<P::Key>,
    key: P,
    nodes: u64,
    limits: SolverLimits,
    progress: Option<ProgressReport>,
}

/// What a [`Solver`] calls with its progress.
type ProgressReport = Box<dyn FnMut(&SolverProgress)>;

/// Where a long solve stands, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverProgress {
    /// Positions entered so far, table hits included.
    pub nodes: u64,
    /// Distinct positions solved so far.
    pub positions: usize,
    /// Plies of the line being solved.
    pub depth: usize,
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
            limits: SolverLimits::default(),
            progress: None,
        }
    }

    /// The same solver, within `limits` (see [`Solver::try_value`]).
    pub fn with_limits(mut self, limits: SolverLimits) -> Self {
        self.limits = limits;
        self
    }

    /// The same solver, calling `progress` every few thousand positions entered.
    pub fn with_progress(mut self, progress: impl FnMut(&SolverProgress) + 'static) -> Self {
        self.progress = Some(Box::new(progress));
        self
    }

    /// Bytes one table entry takes, about (key, score, the hash table's control byte and spare room).
    pub const fn entry_bytes() -> u64 {
        let entry = std::mem::size_of::<(P::Key, Score)>() as u64 + 1;
        entry + entry / 4
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
    ///
    /// # Panics
    /// When a limit set with [`Solver::with_limits`] stops the solve; use
    /// [`Solver::try_value`] with limits.
    pub fn value(&mut self, position: &G) -> Score {
        self.try_value(position)
            .unwrap_or_else(|error| panic!("{error}"))
    }

    /// [`Solver::value`], or why the limits stopped it first.
    pub fn try_value(&mut self, position: &G) -> Result<Score, SolveError> {
        self.nodes += 1;
        let root_key = self.key.key(position);
        if let Some(&v) = self.table.get(&root_key) {
            return Ok(v);
        }
        if let Some(outcome) = position.outcome() {
            let v = outcome.score(0, true);
            self.store(root_key, v)?;
            return Ok(v);
        }
        let (mut held_moves, mut descents) = (0u64, 0u64);
        let mut stack = vec![self.frame(position.clone(), &mut held_moves)?];
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
                    None => match child.outcome() {
                        Some(outcome) => {
                            let v = outcome.score(0, true);
                            self.store(child_key, v)?;
                            Some(v)
                        }
                        None => None,
                    },
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
                    descents += 1;
                    if descents % POLL_INTERVAL == 0 {
                        self.poll(stack.len())?;
                    }
                    let frame = self.frame(child, &mut held_moves)?;
                    stack.push(frame);
                }
                None => {
                    let done = stack.pop().expect("the stack is not empty");
                    held_moves -= done.moves.len() as u64;
                    let key = self.key.key(&done.position);
                    self.store(key, done.best)?;
                }
            }
        }
        Ok(self.table[&root_key])
    }

    /// Files a solved position, within the limits.
    fn store(&mut self, key: P::Key, value: Score) -> Result<(), SolveError> {
        if let Some(limit) = self.limits.max_positions
            && self.table.len() >= limit
        {
            return Err(SolveError::TooManyPositions { limit });
        }
        if self.table.try_reserve(1).is_err() {
            let bytes = (self.table.len() as u64 + 1).saturating_mul(2 * Self::entry_bytes());
            return Err(SolveError::Memory(MemoryError::new(
                "the memo solver's table",
                bytes,
                None,
            )));
        }
        self.table.insert(key, value);
        Ok(())
    }

    /// Looks at the stop flag and reports progress.
    fn poll(&mut self, depth: usize) -> Result<(), SolveError> {
        if self.limits.stop.as_ref().is_some_and(Stop::is_raised) {
            return Err(SolveError::Interrupted);
        }
        let report = SolverProgress {
            nodes: self.nodes,
            positions: self.table.len(),
            depth,
        };
        if let Some(progress) = self.progress.as_mut() {
            progress(&report);
        }
        Ok(())
    }

    /// A new frame of the solver's stack, its moves counted against the memory limit.
    fn frame(&mut self, position: G, held_moves: &mut u64) -> Result<Frame<G>, SolveError> {
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        *held_moves += moves.len() as u64;
        if let Some(limit) = self.limits.max_bytes {
            let move_bytes = std::mem::size_of::<G::Move>() as u64 + 1;
            let used = (self.table.len() as u64)
                .saturating_mul(Self::entry_bytes())
                .saturating_add(held_moves.saturating_mul(move_bytes));
            if used > limit {
                return Err(SolveError::Memory(MemoryError::new(
                    format!(
                        "the memo solver ({} positions solved, {held_moves} moves on the line being solved)",
                        self.table.len()
                    ),
                    used,
                    Some(limit),
                )));
            }
        }
        Ok(Frame {
            position,
            moves,
            next: 0,
            best: -Score::INFINITY,
        })
    }

    /// Every legal move of `position` with its exact value for the side to move
    /// there, best first (equal values keep their generation order), each with
    /// its line of best play.
    ///
    /// # Panics
    /// When a limit set with [`Solver::with_limits`] stops the solve; use
    /// [`Solver::try_move_values`] with limits.
    pub fn move_values(&mut self, position: &G) -> Vec<MoveValue<G::Move>> {
        self.try_move_values(position)
            .unwrap_or_else(|error| panic!("{error}"))
    }

    /// [`Solver::move_values`], or why the limits stopped it first.
    pub fn try_move_values(&mut self, position: &G) -> Result<Vec<MoveValue<G::Move>>, SolveError> {
        let mut values = Vec::new();
        for mv in position.legal_moves() {
            let child = position.after(mv);
            let v = self.try_value(&child)?;
            let mut pv = vec![mv];
            pv.extend(self.try_principal_variation(&child)?);
            values.push(MoveValue {
                mv,
                value: backed_up(position, &child, v),
                pv,
            });
        }
        values.sort_by_key(|m| std::cmp::Reverse(m.value));
        Ok(values)
    }

    /// The moves that reach the value of `position`, in generation order.
    ///
    /// # Panics
    /// As [`Solver::value`].
    pub fn best_moves(&mut self, position: &G) -> Vec<G::Move> {
        self.try_best_moves(position)
            .unwrap_or_else(|error| panic!("{error}"))
    }

    /// [`Solver::best_moves`], or why the limits stopped it first.
    pub fn try_best_moves(&mut self, position: &G) -> Result<Vec<G::Move>, SolveError> {
        let target = self.try_value(position)?;
        let mut best = Vec::new();
        for mv in position.legal_moves() {
            let child = position.after(mv);
            let v = self.try_value(&child)?;
            if backed_up(position, &child, v) == target {
                best.push(mv);
            }
        }
        Ok(best)
    }

    /// Best play from `position` to the end of the game (the first best move each time).
    ///
    /// # Panics
    /// As [`Solver::value`].
    pub fn principal_variation(&mut self, position: &G) -> Vec<G::Move> {
        self.try_principal_variation(position)
            .unwrap_or_else(|error| panic!("{error}"))
    }

    /// [`Solver::principal_variation`], or why the limits stopped it first.
    pub fn try_principal_variation(&mut self, position: &G) -> Result<Vec<G::Move>, SolveError> {
        let mut line = Vec::new();
        let mut pos = position.clone();
        while let Some(&mv) = self.try_best_moves(&pos)?.first() {
            line.push(mv);
            pos.play(mv);
        }
        Ok(line)
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

    /// Two piles, take any number from one; solved within limits.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Piles2([u32; 2], crate::Player);

    impl crate::Game for Piles2 {
        type Move = (usize, u32);
        fn to_move(&self) -> crate::Player {
            self.1
        }
        fn outcome(&self) -> Option<crate::Outcome> {
            (self.0 == [0, 0]).then_some(crate::Outcome::Loss)
        }
        fn generate_moves(&self, moves: &mut Vec<(usize, u32)>) {
            for pile in 0..2 {
                moves.extend((1..=self.0[pile]).map(|take| (pile, take)));
            }
        }
        fn play(&mut self, (pile, take): (usize, u32)) {
            self.0[pile] -= take;
            self.1 = self.1.opponent();
        }
    }

    #[test]
    fn limits_stop_the_solver_with_the_reason() {
        let start = Piles2([30, 40], crate::Player::First);
        let full = Solver::new().try_value(&start).expect("no limits");
        assert!(full.is_win());

        let mut few = Solver::new().with_limits(SolverLimits {
            max_positions: Some(100),
            ..SolverLimits::default()
        });
        assert_eq!(
            few.try_value(&start),
            Err(SolveError::TooManyPositions { limit: 100 })
        );
        assert!(few.positions() <= 100);

        let mut small = Solver::new().with_limits(SolverLimits {
            max_bytes: Some(2_000),
            ..SolverLimits::default()
        });
        let Err(SolveError::Memory(error)) = small.try_value(&start) else {
            panic!("the memory limit must stop the solver");
        };
        assert_eq!(error.available, Some(2_000));
        assert!(error.asked > 2_000);

        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let mut stopped = Solver::new().with_limits(SolverLimits {
            stop: Some(stop.into()),
            ..SolverLimits::default()
        });
        let big = Piles2([300, 400], crate::Player::First);
        assert_eq!(stopped.try_value(&big), Err(SolveError::Interrupted));

        // Within the limits, the same value as without.
        let mut enough = Solver::new().with_limits(SolverLimits {
            max_positions: Some(10_000),
            max_bytes: Some(100 << 20),
            stop: Some(Stop::new()),
        });
        assert_eq!(enough.try_value(&start), Ok(full));
    }
}
