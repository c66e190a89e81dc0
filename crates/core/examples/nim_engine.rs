//! Plugging a new game into the engine, worked end to end (see docs/engine.md).
//!
//! Nim with three piles: a move takes any number of sticks from one pile; whoever
//! takes the last stick wins. Run with `cargo run --release -p ply-core --example nim_engine`.

use ply_core::engine::{DefaultHooks, Engine, Limits, SearchHooks, Settings, ZobristTable};
use ply_core::{Game, NoEvaluation, Outcome, Player, Score, alpha_beta};

/// Step 1: the game. A position is a value; `play` changes it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Nim {
    piles: [u8; 3],
    to_move: Player,
}

/// A move: (pile, sticks taken).
type Take = (u8, u8);

impl Game for Nim {
    type Move = Take;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn outcome(&self) -> Option<Outcome> {
        // The previous player took the last stick: the side to move has lost.
        (self.piles == [0, 0, 0]).then_some(Outcome::Loss)
    }
    fn generate_moves(&self, moves: &mut Vec<Take>) {
        for (pile, &sticks) in self.piles.iter().enumerate() {
            moves.extend((1..=sticks).rev().map(|n| (pile as u8, n)));
        }
    }
    fn play(&mut self, (pile, n): Take) {
        self.piles[pile as usize] -= n;
        self.to_move = self.to_move.opponent();
    }
}

/// Step 2 (optional): hooks that make the search faster.
struct NimHooks {
    keys: ZobristTable,
}

impl NimHooks {
    fn new() -> NimHooks {
        // One key per (pile, size) and one for the side to move.
        NimHooks {
            keys: ZobristTable::new(2024, 3 * 256 + 1),
        }
    }
}

impl SearchHooks<Nim> for NimHooks {
    /// The table key: Zobrist (an incremental game would update it in `play`).
    fn hash(&self, pos: &Nim) -> u64 {
        let mut key = pos
            .piles
            .iter()
            .enumerate()
            .fold(0, |k, (i, &n)| k ^ self.keys.key(i * 256 + n as usize));
        if pos.to_move == Player::Second {
            key ^= self.keys.key(3 * 256);
        }
        key
    }

    /// A move code that is the same in every position: table move and history work by it.
    fn move_code(&self, _pos: &Nim, (pile, n): Take) -> Option<u16> {
        Some(pile as u16 * 256 + n as u16)
    }

    /// Try first the moves that leave a nim-sum of zero (the theory's winning moves).
    fn order_hint(&self, pos: &Nim, mv: Take) -> i32 {
        let after = pos.after(mv);
        (after.piles.iter().fold(0, |x, &n| x ^ n) == 0) as i32
    }

    /// One pile left: take it all and win now.
    fn non_losing_moves(&self, pos: &Nim, moves: &mut Vec<Take>) -> Option<Score> {
        if pos.piles.iter().filter(|&&n| n > 0).count() == 1 {
            return Some(Score::win_in(1));
        }
        pos.generate_moves(moves);
        None
    }
}

fn main() {
    let start = Nim {
        piles: [3, 4, 5],
        to_move: Player::First,
    };

    // Step 3: search. Exact mode proves the value; the default hooks need only `Hash`.
    let plain = Engine::new(DefaultHooks, NoEvaluation, Settings::default())
        .search(&start, &Limits::exact());
    let mut engine = Engine::new(
        NimHooks::new(),
        NoEvaluation,
        Settings::default().with_threads(2),
    );
    let tuned = engine.search_with(&start, &Limits::exact(), |info| {
        println!(
            "probe: {:?} {} after {} nodes",
            info.bound, info.score, info.nodes
        );
    });
    let reference = alpha_beta(&start, &NoEvaluation, None);
    println!(
        "value {} best {:?}: {} nodes with the default hooks, {} with Nim's, {} for plain alpha-beta",
        tuned.score, tuned.best, plain.stats.nodes, tuned.stats.nodes, reference.stats.nodes
    );
    // 3 ^ 4 ^ 5 = 2: the first player wins, by taking 2 from the pile of 3.
    assert!(tuned.exact && tuned.score.is_win());
    assert_eq!(
        (tuned.score, plain.score),
        (reference.value, reference.value)
    );
    assert_eq!(tuned.best, Some((0, 2)));
}
