//! What a game must tell the search: whose turn it is, the legal moves, how a
//! move changes the position, and when (and how) the game is over.

use crate::Score;
use std::fmt::Debug;

/// The two players. `First` moves first from the initial position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who moves first (MAX at the root of the textbook searches).
    First,
    /// The other player.
    Second,
}

impl Player {
    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for `First`, 1 for `Second`: an index into per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// How a finished game ended, from the point of view of the side to move.
///
/// In most games the player who just moved ended the game, so the side to move
/// has lost (`Loss`); in misère games the side to move may have won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move has won.
    Win,
    /// The side to move has lost (the opponent made the last, winning move).
    Loss,
    /// Neither side won.
    Draw,
    /// The game ends with a numeric payoff for the side to move (explicit trees,
    /// scored games). It must be a heuristic-range score, not a decisive one.
    Payoff(Score),
}

impl Outcome {
    /// The outcome seen by the other player.
    #[inline]
    pub fn flipped(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
            Outcome::Payoff(s) => Outcome::Payoff(-s),
        }
    }

    /// The winner of a game that ended with this outcome, `to_move` being the side to move.
    #[inline]
    pub fn winner(self, to_move: Player) -> Option<Player> {
        match self {
            Outcome::Win => Some(to_move),
            Outcome::Loss => Some(to_move.opponent()),
            Outcome::Draw => None,
            Outcome::Payoff(s) if s > Score::DRAW => Some(to_move),
            Outcome::Payoff(s) if s < Score::DRAW => Some(to_move.opponent()),
            Outcome::Payoff(_) => None,
        }
    }

    /// The score of this outcome reached `ply` plies below the search root.
    /// With `distance_aware` off, every win (and every loss) is worth the same.
    #[inline]
    pub fn score(self, ply: u32, distance_aware: bool) -> Score {
        let ply = if distance_aware { ply } else { 0 };
        match self {
            Outcome::Win => Score::win_in(ply),
            Outcome::Loss => Score::loss_in(ply),
            Outcome::Draw => Score::DRAW,
            Outcome::Payoff(s) => s,
        }
    }
}

/// A two-player game of perfect information, seen through one position.
///
/// Positions are values: the search copies a position and plays a move on the
/// copy (copy-make), so `Clone` should be cheap. Making [`Game::play`] and
/// [`Game::generate_moves`] `#[inline]` lets the compiler fuse them into the
/// search loop; no dynamic dispatch is involved anywhere.
///
/// ```
/// use ply_core::{Game, Outcome, Player};
///
/// /// Take 1 or 2 from a pile; who takes the last one wins.
/// #[derive(Clone)]
/// struct Pile { left: u32, to_move: Player }
///
/// impl Game for Pile {
///     type Move = u32;
///     fn to_move(&self) -> Player { self.to_move }
///     fn outcome(&self) -> Option<Outcome> {
///         (self.left == 0).then_some(Outcome::Loss) // the previous player took the last one
///     }
///     fn generate_moves(&self, moves: &mut Vec<u32>) {
///         moves.extend((1..=2).filter(|&t| t <= self.left));
///     }
///     fn play(&mut self, take: u32) {
///         self.left -= take;
///         self.to_move = self.to_move.opponent();
///     }
/// }
///
/// let start = Pile { left: 7, to_move: Player::First };
/// let result = ply_core::alpha_beta(&start, &ply_core::NoEvaluation, None);
/// assert!(result.value.is_win());  // 7 is not a multiple of 3
/// assert_eq!(result.best, Some(1)); // leave a multiple of 3
/// ```
pub trait Game: Clone {
    /// A move; small and `Copy` (a column, a cell, a `(pile, take)` pair).
    type Move: Copy + Eq + Debug;

    /// The player whose turn it is.
    fn to_move(&self) -> Player;

    /// `Some` once the game is over, from the side to move's point of view.
    /// A position that is not over must have at least one legal move.
    fn outcome(&self) -> Option<Outcome>;

    /// Appends the legal moves to `moves` (which the caller has cleared).
    /// The order is the search order: put likely-best moves first.
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a legal move.
    fn play(&mut self, mv: Self::Move);

    /// The position after `mv`, leaving `self` unchanged.
    #[inline]
    fn after(&self, mv: Self::Move) -> Self {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    /// The legal moves in a fresh vector (convenience; the search reuses buffers instead).
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        if self.outcome().is_none() {
            self.generate_moves(&mut moves);
        }
        moves
    }

    /// How large the game below this position can get (see [`GameBounds`]): front
    /// ends check a search's memory against it before they start. Default: unknown.
    fn bounds(&self) -> GameBounds {
        GameBounds::UNKNOWN
    }

    /// The position as stones on a grid, for pictures (the tree lab draws it inside
    /// each node of a game tree). Default: `None`, the game has no such picture.
    fn diagram(&self) -> Option<crate::Diagram> {
        None
    }
}

/// Upper bounds on the game below a position: what a search from there may have to
/// hold. `None` means unknown (or unbounded: a game whose positions repeat has no
/// longest line). Bounds may be loose; they must never be too small.
///
/// A depth-first search holds one move list per ply of the current line
/// ([`GameBounds::move_lists_bytes`]) and one stack frame per ply
/// ([`crate::stack::stack_bytes`]); a solver that keeps every position holds up to
/// `positions` entries.
///
/// ```
/// use ply_core::GameBounds;
///
/// // Race to 100 adding 1 or 2, from 0: at most 100 plies, 2 moves, 101 totals for each side.
/// let race = GameBounds { max_plies: Some(100), max_moves: Some(2), positions: Some(202), min_positions: None };
/// assert_eq!(race.move_lists_bytes::<u32>(), Some(100 * 2 * 4));
/// assert_eq!(ply_core::GameBounds::UNKNOWN.move_lists_bytes::<u32>(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct GameBounds {
    /// The most plies any game from this position can last.
    pub max_plies: Option<u64>,
    /// The most legal moves of any position reachable from this one.
    pub max_moves: Option<u64>,
    /// The most distinct positions reachable from this one, itself included (saturating).
    pub positions: Option<u64>,
    /// The fewest distinct positions surely reachable from this one: a lower bound, on
    /// which a solver that must visit them all can refuse at once, where `positions` is
    /// too loose to tell (the sets of places a hidden fugitive may be: 2^n).
    pub min_positions: Option<u64>,
}

impl GameBounds {
    /// Nothing known.
    pub const UNKNOWN: GameBounds = GameBounds {
        max_plies: None,
        max_moves: None,
        positions: None,
        min_positions: None,
    };

    /// Bytes of the move lists a depth-first search holds at most on one line of play
    /// (saturating), when both the depth and the branching are bounded.
    pub fn move_lists_bytes<M>(&self) -> Option<u64> {
        let (plies, moves) = (self.max_plies?, self.max_moves?);
        Some(
            plies
                .saturating_mul(moves)
                .saturating_mul(std::mem::size_of::<M>() as u64),
        )
    }
}

/// A static evaluation for depth-limited search, from the side to move's point of view.
///
/// Any `Fn(&G) -> Score` is an evaluator.
pub trait Evaluator<G: Game> {
    /// A heuristic value of `position` for the side to move (a non-decisive score: hundredths of a unit).
    fn evaluate(&self, position: &G) -> Score;
}

impl<G: Game, F: Fn(&G) -> Score> Evaluator<G> for F {
    #[inline]
    fn evaluate(&self, position: &G) -> Score {
        self(position)
    }
}

/// The evaluator for searches that always reach the end of the game: it is
/// never consulted there, and says "draw" if a depth limit makes it so.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvaluation;

impl<G: Game> Evaluator<G> for NoEvaluation {
    #[inline]
    fn evaluate(&self, _position: &G) -> Score {
        Score::DRAW
    }
}
