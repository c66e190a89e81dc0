//! Retrograde analysis: exact values of finite games whose positions repeat.
//!
//! Depth-first minimax never finishes on a game with cycles (two players who
//! walk in circles), and a depth limit only gives bounds. Retrograde analysis
//! instead enumerates every position reachable from a start, labels the
//! finished ones, and propagates results backwards along the moves:
//!
//! * a position is **won** as soon as one move leads to a position lost for the
//!   opponent (or won for the same player, when a player moves twice in a row);
//! * a position is **lost** once every move leads to a position won for the opponent;
//! * whatever is never labelled is a **draw**: neither side can force an end,
//!   so with best play the game goes on for ever (or ends in a drawn position).
//!
//! Positions are resolved in order of their distance to the end (a FIFO queue
//! started from the finished positions), so the first winning move found is the
//! fastest win and the last move to resolve a lost position is the slowest loss:
//! the remoteness is exact, and [`RetrogradeTable::score`] equals the value a
//! distance-aware [`alpha_beta`](crate::alpha_beta) search returns on acyclic games.
//!
//! The table stores the positions and, for each move, the index of the position it leads
//! to (not the move: queries generate the moves again, so `generate_moves` must always list
//! the same moves in the same order for the same position).
//!
//! ```
//! use ply_core::{Game, Outcome, Player};
//! use ply_core::retrograde::{RetrogradeTable, Value};
//!
//! /// A token on a ring of 4 squares; each turn the mover steps it left or right.
//! /// Whoever steps onto square 0 wins. Positions repeat, but the game is decided.
//! #[derive(Clone, PartialEq, Eq, Hash)]
//! struct Ring { square: u8, to_move: Player }
//!
//! impl Game for Ring {
//!     type Move = i8;
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn outcome(&self) -> Option<Outcome> { (self.square == 0).then_some(Outcome::Loss) }
//!     fn generate_moves(&self, moves: &mut Vec<i8>) { moves.extend([-1, 1]) }
//!     fn play(&mut self, step: i8) {
//!         self.square = (self.square as i8 + step).rem_euclid(4) as u8;
//!         self.to_move = self.to_move.opponent();
//!     }
//! }
//!
//! let table = RetrogradeTable::solve(&Ring { square: 2, to_move: Player::First }).unwrap();
//! // From 2 every step lands next to 0, where the opponent wins at once: lost in 2 plies.
//! assert_eq!(table.start_value(), Value::Loss(2));
//! let one = Ring { square: 1, to_move: Player::Second }; // after the first move
//! assert_eq!(table.value(&one), Some(Value::Win(1)));
//! assert_eq!(table.best_moves(&one).unwrap(), vec![-1]);
//! ```

use crate::memory::MemoryError;
use crate::search::MoveValue;
use crate::{Game, Outcome, Player, Score};
use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt;
use std::hash::{BuildHasherDefault, Hash};

/// Positions are not chosen by an adversary: the fast Fx hash beats SipHash here.
type BuildFxHasher = BuildHasherDefault<crate::engine::FxHasher>;
use std::mem::size_of;
use std::ops::ControlFlow;

/// The exact value of a position for the side to move, with its remoteness
/// (plies to the end of the game under best play: fastest win, slowest loss).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins, in this many plies.
    Win(u32),
    /// The side to move loses, in this many plies.
    Loss(u32),
    /// Neither side can force a win: the game ends drawn or never ends.
    Draw,
}

impl Value {
    /// The same value as a [`Score`] counted from this position (`Win(3)` is `win_in(3)`).
    pub const fn score(self) -> Score {
        match self {
            Value::Win(plies) => Score::win_in(plies),
            Value::Loss(plies) => Score::loss_in(plies),
            Value::Draw => Score::DRAW,
        }
    }

    /// The value seen by the other player.
    pub const fn flipped(self) -> Value {
        match self {
            Value::Win(plies) => Value::Loss(plies),
            Value::Loss(plies) => Value::Win(plies),
            Value::Draw => Value::Draw,
        }
    }

    /// The value one ply earlier, for a player who moves into a position with this value:
    /// the same value when `same_mover` (that player moves again), the opponent's otherwise.
    const fn before(self, same_mover: bool) -> Value {
        let seen = if same_mover { self } else { self.flipped() };
        match seen {
            Value::Win(plies) => Value::Win(plies + 1),
            Value::Loss(plies) => Value::Loss(plies + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// True for a win of the side to move.
    pub const fn is_win(self) -> bool {
        matches!(self, Value::Win(_))
    }

    /// True for a loss of the side to move.
    pub const fn is_loss(self) -> bool {
        matches!(self, Value::Loss(_))
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.score().fmt(f)
    }
}

/// Limits of a retrograde solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetrogradeOptions {
    /// Stop with [`RetrogradeError::TooManyPositions`] rather than enumerate more positions than this.
    pub max_positions: usize,
    /// Stop with [`RetrogradeError::TooManyMoves`] rather than store more moves (edges of the
    /// game graph) than this: in games with many moves a position (several cops), the moves
    /// fill the memory, and take the time, long before the positions reach their limit.
    pub max_moves: usize,
    /// Stop with [`RetrogradeError::Memory`] rather than hold more bytes than this (the
    /// positions and the moves between them, estimated as they are found; `None`: no limit).
    pub max_bytes: Option<u64>,
}

impl Default for RetrogradeOptions {
    fn default() -> Self {
        RetrogradeOptions {
            max_positions: 5_000_000,
            max_moves: 100_000_000,
            max_bytes: None,
        }
    }
}

/// Why a game could not be solved by retrograde analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RetrogradeError {
    /// More positions are reachable than [`RetrogradeOptions::max_positions`] allows.
    TooManyPositions {
        /// The limit that was reached.
        limit: usize,
    },
    /// More moves between the reachable positions than [`RetrogradeOptions::max_moves`] allows.
    TooManyMoves {
        /// The limit that was reached.
        limit: usize,
    },
    /// A finished position ends with a numeric payoff; only win, loss and draw can be propagated.
    PayoffOutcome,
    /// A position that is not finished has no legal move (the [`Game`] contract forbids it).
    NoLegalMoves,
    /// The progress callback asked to stop (e.g. the user pressed Ctrl-C).
    Stopped,
    /// The table would need more memory than [`RetrogradeOptions::max_bytes`].
    Memory(MemoryError),
}

/// Work (positions and moves looked at) between two progress reports, each a chance to
/// stop. Counting moves as well as positions keeps the reports frequent where positions
/// have many moves: `pursuit-hidden` with 65536 positions between reports took 4.8 s to
/// stop on Ctrl-C; 4096 moves take about a millisecond.
pub const PROGRESS_WORK: u64 = 1 << 12;

/// How far a solve has got, reported every [`PROGRESS_WORK`] positions or moves looked at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetrogradeProgress {
    /// First phase: `positions` found so far, `expanded` of them with their moves generated.
    Enumerating {
        /// Positions found so far.
        positions: u64,
        /// Positions whose moves were generated.
        expanded: u64,
    },
    /// Second phase: `decided` positions proved won or lost so far, out of `positions`.
    Propagating {
        /// Positions proved won or lost so far.
        decided: u64,
        /// All the positions.
        positions: u64,
    },
}

impl fmt::Display for RetrogradeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RetrogradeError::TooManyPositions { limit } => write!(
                f,
                "more than {limit} positions are reachable: too many for retrograde analysis"
            ),
            RetrogradeError::TooManyMoves { limit } => write!(
                f,
                "more than {limit} moves between the reachable positions: too many for retrograde analysis (a smaller graph or fewer cops would fit)"
            ),
            RetrogradeError::PayoffOutcome => {
                f.write_str("a finished position has a numeric payoff; retrograde analysis needs win, loss or draw")
            }
            RetrogradeError::NoLegalMoves => f.write_str("a position that is not finished has no legal move"),
            RetrogradeError::Stopped => f.write_str("retrograde analysis stopped before it finished"),
            RetrogradeError::Memory(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for RetrogradeError {}

/// Counts of a solved table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RetrogradeStats {
    /// Distinct positions reachable from the start (the start included).
    pub positions: u64,
    /// Moves between them (edges of the game graph).
    pub moves: u64,
    /// Finished positions.
    pub terminal: u64,
    /// Positions won by the side to move.
    pub wins: u64,
    /// Positions lost by the side to move.
    pub losses: u64,
    /// Positions drawn (or never ending).
    pub draws: u64,
}

/// Every position reachable from a start, with its exact value and its moves.
///
/// The game graph is stored in compressed form: the `j`-th move generated at position `i`
/// leads to position `targets[first_move[i] + j]`. Moves themselves are not stored (they are
/// generated again when a query needs them), which keeps the table at about 8 bytes per move.
pub struct RetrogradeTable<G: Game> {
    positions: Vec<G>,
    index: HashMap<G, u32, BuildFxHasher>,
    mover: Vec<Player>,
    first_move: Vec<usize>,
    targets: Vec<u32>,
    values: Vec<Value>,
    stats: RetrogradeStats,
}

impl<G: Game + Hash + Eq> RetrogradeTable<G> {
    /// Solves every position reachable from `start`, with the default limits.
    pub fn solve(start: &G) -> Result<Self, RetrogradeError> {
        Self::solve_with(start, RetrogradeOptions::default())
    }

    /// Solves every position reachable from `start`.
    pub fn solve_with(start: &G, options: RetrogradeOptions) -> Result<Self, RetrogradeError> {
        Self::solve_with_progress(start, options, |_| ControlFlow::Continue(()))
    }

    /// [`RetrogradeTable::solve_with`] that reports its progress to `progress` every
    /// [`PROGRESS_WORK`] positions or moves looked at; returning `ControlFlow::Break` stops the solve
    /// with [`RetrogradeError::Stopped`].
    pub fn solve_with_progress(
        start: &G,
        options: RetrogradeOptions,
        mut progress: impl FnMut(RetrogradeProgress) -> ControlFlow<()>,
    ) -> Result<Self, RetrogradeError> {
        let mut table = Self::enumerate(start, options, &mut progress)?;
        table.propagate(&mut progress)?;
        Ok(table)
    }

    /// Breadth-first enumeration of the reachable positions and of the moves between them.
    fn enumerate(
        start: &G,
        options: RetrogradeOptions,
        progress: &mut impl FnMut(RetrogradeProgress) -> ControlFlow<()>,
    ) -> Result<Self, RetrogradeError> {
        let limit = options.max_positions.clamp(1, u32::MAX as usize);
        let mut index = HashMap::with_hasher(BuildFxHasher::default());
        index.insert(start.clone(), 0);
        let mut table = RetrogradeTable {
            positions: vec![start.clone()],
            index,
            mover: Vec::new(),
            first_move: vec![0],
            targets: Vec::new(),
            values: Vec::new(),
            stats: RetrogradeStats::default(),
        };
        let mut buffer = Vec::new();
        let mut next = 0;
        let mut work = 0u64;
        while next < table.positions.len() {
            work += 1 + buffer.len() as u64;
            if work >= PROGRESS_WORK {
                work = 0;
                let report = RetrogradeProgress::Enumerating {
                    positions: table.positions.len() as u64,
                    expanded: next as u64,
                };
                if progress(report).is_break() {
                    return Err(RetrogradeError::Stopped);
                }
            }
            if let Some(limit) = options.max_bytes {
                let bytes = Self::bytes_for(table.positions.len(), table.targets.len());
                if bytes > limit {
                    return Err(RetrogradeError::Memory(MemoryError::new(
                        format!(
                            "retrograde analysis ({} positions and {} moves found so far)",
                            table.positions.len(),
                            table.targets.len()
                        ),
                        bytes,
                        Some(limit),
                    )));
                }
            }
            let position = table.positions[next].clone();
            table.mover.push(position.to_move());
            if position.outcome().is_none() {
                buffer.clear();
                position.generate_moves(&mut buffer);
                if buffer.is_empty() {
                    return Err(RetrogradeError::NoLegalMoves);
                }
                // The table's vectors double as they grow: ask for the room first, so
                // that memory the allocator refuses is an error, not an abort.
                table.reserve(buffer.len())?;
                for &mv in &buffer {
                    let child = position.after(mv);
                    let target = match table.index.get(&child) {
                        Some(&i) => i,
                        None => {
                            if table.positions.len() >= limit {
                                return Err(RetrogradeError::TooManyPositions { limit });
                            }
                            let i = table.positions.len() as u32;
                            table.index.insert(child.clone(), i);
                            table.positions.push(child);
                            i
                        }
                    };
                    if table.targets.len() >= options.max_moves {
                        return Err(RetrogradeError::TooManyMoves {
                            limit: options.max_moves,
                        });
                    }
                    table.targets.push(target);
                }
            }
            table.first_move.push(table.targets.len());
            next += 1;
        }
        Ok(table)
    }

    /// Room for `moves` more moves and as many new positions, or a memory error.
    fn reserve(&mut self, moves: usize) -> Result<(), RetrogradeError> {
        let (positions, targets) = (self.positions.len(), self.targets.len());
        // What the vectors would grow to: double their capacity, or what is asked.
        let grown = |len: usize, capacity: usize, size: usize| {
            ((len + moves).max(2 * capacity) * size) as u64
        };
        let refused = |what: &str, bytes: u64| {
            RetrogradeError::Memory(MemoryError::new(
                format!(
                    "retrograde analysis ({what}, {positions} positions and {targets} moves found so far)"
                ),
                bytes,
                None,
            ))
        };
        let position_bytes = grown(positions, self.positions.capacity(), size_of::<G>());
        let move_bytes = grown(targets, self.targets.capacity(), 4);
        self.targets
            .try_reserve(moves)
            .map_err(|_| refused("the list of moves", move_bytes))?;
        self.positions
            .try_reserve(moves)
            .map_err(|_| refused("the list of positions", position_bytes))?;
        self.index
            .try_reserve(moves)
            .map_err(|_| refused("the index of positions", position_bytes))?;
        Ok(())
    }

    /// Bytes a table of `positions` positions and `moves` moves takes, about, with the
    /// predecessor lists its propagation builds (each position is kept twice: in the list
    /// and as a key of the index).
    pub const fn bytes_for(positions: usize, moves: usize) -> u64 {
        let per_position = 2 * std::mem::size_of::<G>() as u64 + 48;
        positions as u64 * per_position + moves as u64 * 8
    }

    /// Labels the finished positions and propagates wins and losses backwards.
    fn propagate(
        &mut self,
        progress: &mut impl FnMut(RetrogradeProgress) -> ControlFlow<()>,
    ) -> Result<(), RetrogradeError> {
        let n = self.positions.len();
        // Predecessor lists, one entry per move (a position reaching the same child by two
        // moves appears twice, matching the two moves counted in `unresolved`).
        let mut first_pred = vec![0usize; n + 1];
        // The passes over every move below take a few nanoseconds a move: a report every
        // 2^16 moves keeps them interruptible on tables of hundreds of millions of moves.
        let mut check = |done: usize| {
            if done % (PROGRESS_WORK as usize * 16) == 0 {
                let report = RetrogradeProgress::Propagating {
                    decided: 0,
                    positions: n as u64,
                };
                if progress(report).is_break() {
                    return Err(RetrogradeError::Stopped);
                }
            }
            Ok(())
        };
        for (e, &t) in self.targets.iter().enumerate() {
            check(e)?;
            first_pred[t as usize + 1] += 1;
        }
        for i in 0..n {
            first_pred[i + 1] += first_pred[i];
        }
        let mut fill = first_pred.clone();
        let mut preds = vec![0u32; self.targets.len()];
        for from in 0..n {
            check(from)?;
            for e in self.first_move[from]..self.first_move[from + 1] {
                let t = self.targets[e] as usize;
                preds[fill[t]] = from as u32;
                fill[t] += 1;
            }
        }

        let mut unresolved: Vec<u32> = (0..n)
            .map(|i| (self.first_move[i + 1] - self.first_move[i]) as u32)
            .collect();
        let mut resolved = vec![false; n];
        self.values = vec![Value::Draw; n];
        let mut queue = VecDeque::new();
        let mut terminal = 0;
        for (i, position) in self.positions.iter().enumerate() {
            let Some(outcome) = position.outcome() else {
                continue;
            };
            terminal += 1;
            let value = match outcome {
                Outcome::Win => Value::Win(0),
                Outcome::Loss => Value::Loss(0),
                Outcome::Draw => Value::Draw,
                Outcome::Payoff(_) => return Err(RetrogradeError::PayoffOutcome),
            };
            self.values[i] = value;
            resolved[i] = true;
            if value != Value::Draw {
                queue.push_back(i as u32);
            }
        }
        // FIFO order: positions leave the queue by non-decreasing remoteness, so a win is
        // labelled by its fastest winning move and a loss by its slowest losing one.
        let mut decided = 0u64;
        let mut work = 0u64;
        while let Some(child) = queue.pop_front() {
            decided += 1;
            work += 1 + (first_pred[child as usize + 1] - first_pred[child as usize]) as u64;
            if work >= PROGRESS_WORK {
                work = 0;
                let report = RetrogradeProgress::Propagating {
                    decided,
                    positions: n as u64,
                };
                if progress(report).is_break() {
                    return Err(RetrogradeError::Stopped);
                }
            }
            let child = child as usize;
            let child_value = self.values[child];
            for &parent in &preds[first_pred[child]..first_pred[child + 1]] {
                let parent = parent as usize;
                if resolved[parent] {
                    continue;
                }
                match child_value.before(self.mover[parent] == self.mover[child]) {
                    win @ Value::Win(_) => {
                        self.values[parent] = win;
                        resolved[parent] = true;
                        queue.push_back(parent as u32);
                    }
                    loss @ Value::Loss(_) => {
                        unresolved[parent] -= 1;
                        if unresolved[parent] == 0 {
                            self.values[parent] = loss;
                            resolved[parent] = true;
                            queue.push_back(parent as u32);
                        }
                    }
                    Value::Draw => unreachable!("draws are never queued"),
                }
            }
        }
        let mut stats = RetrogradeStats {
            positions: n as u64,
            moves: self.targets.len() as u64,
            terminal,
            ..RetrogradeStats::default()
        };
        for value in &self.values {
            match value {
                Value::Win(_) => stats.wins += 1,
                Value::Loss(_) => stats.losses += 1,
                Value::Draw => stats.draws += 1,
            }
        }
        self.stats = stats;
        Ok(())
    }

    /// The number of positions in the table.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// True for a table of no position.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// How many positions are won, lost and drawn.
    pub fn stats(&self) -> RetrogradeStats {
        self.stats
    }

    /// The value of the start position.
    pub fn start_value(&self) -> Value {
        self.values[0]
    }

    /// The value of a position, `None` if it is not reachable from the start.
    pub fn value(&self, position: &G) -> Option<Value> {
        self.index.get(position).map(|&i| self.values[i as usize])
    }

    /// The value of a position as a [`Score`] counted from it.
    pub fn score(&self, position: &G) -> Option<Score> {
        self.value(position).map(Value::score)
    }

    /// Every position with its value, in the order they were enumerated (the start first).
    pub fn iter(&self) -> impl Iterator<Item = (&G, Value)> {
        self.positions.iter().zip(self.values.iter().copied())
    }

    /// The value of move `e` (an index into `targets`) for the player moving at `from`.
    fn move_value(&self, from: usize, e: usize) -> Value {
        let child = self.targets[e] as usize;
        self.values[child].before(self.mover[from] == self.mover[child])
    }

    /// The moves of position `from`, regenerated: the `j`-th is edge `first_move[from] + j`.
    fn moves_of(&self, from: usize) -> Vec<G::Move> {
        let mut moves = Vec::new();
        if self.first_move[from + 1] > self.first_move[from] {
            self.positions[from].generate_moves(&mut moves);
        }
        debug_assert_eq!(
            moves.len(),
            self.first_move[from + 1] - self.first_move[from]
        );
        moves
    }

    /// The best move at position `from`, as its index among the position's moves:
    /// the first in generation order whose value is the position's.
    fn best_move_index(&self, from: usize) -> Option<usize> {
        let first = self.first_move[from];
        (0..self.first_move[from + 1] - first).max_by(|&a, &b| {
            // `max_by` returns the last maximum; compare reversed indices to keep the first.
            (
                self.move_value(from, first + a).score(),
                std::cmp::Reverse(a),
            )
                .cmp(&(
                    self.move_value(from, first + b).score(),
                    std::cmp::Reverse(b),
                ))
        })
    }

    /// The moves that keep the position's value (all optimal moves), in generation order.
    pub fn best_moves(&self, position: &G) -> Option<Vec<G::Move>> {
        let from = *self.index.get(position)? as usize;
        let value = self.values[from];
        let first = self.first_move[from];
        Some(
            self.moves_of(from)
                .into_iter()
                .enumerate()
                .filter(|&(j, _)| self.move_value(from, first + j) == value)
                .map(|(_, mv)| mv)
                .collect(),
        )
    }

    /// Best play from `position`: to the end of the game when it is decided; for a draw,
    /// until the line reaches a finished position or repeats a position (then it would loop).
    pub fn principal_variation(&self, position: &G) -> Vec<G::Move> {
        let mut line = Vec::new();
        let Some(&start) = self.index.get(position) else {
            return line;
        };
        let mut seen = HashSet::new();
        let mut at = start as usize;
        while seen.insert(at) {
            let Some(j) = self.best_move_index(at) else {
                break;
            };
            line.push(self.moves_of(at)[j]);
            at = self.targets[self.first_move[at] + j] as usize;
        }
        line
    }

    /// Every legal move of `position` with its exact value, best first (stable), each with
    /// its line of best play: the same shape as [`evaluate_moves`](crate::evaluate_moves) returns.
    pub fn move_values(&self, position: &G) -> Option<Vec<MoveValue<G::Move>>> {
        let from = *self.index.get(position)? as usize;
        let first = self.first_move[from];
        let mut values: Vec<MoveValue<G::Move>> = self
            .moves_of(from)
            .into_iter()
            .enumerate()
            .map(|(j, mv)| {
                let mut pv = vec![mv];
                pv.extend(
                    self.principal_variation(&self.positions[self.targets[first + j] as usize]),
                );
                MoveValue {
                    mv,
                    value: self.move_value(from, first + j).score(),
                    pv,
                }
            })
            .collect();
        values.sort_by_key(|m| std::cmp::Reverse(m.value));
        Some(values)
    }
}
