//! The retrograde solver against independent references: alpha-beta on acyclic
//! games (every reachable position), and a layer-by-layer fixpoint computation
//! on random game graphs with cycles.

use ply_core::retrograde::{
    RetrogradeError, RetrogradeOptions, RetrogradeProgress, RetrogradeTable, Value,
};
use ply_core::{Game, NoEvaluation, Outcome, Player, alpha_beta};
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// Nim on a few piles; taking the last object wins. With `bonus`, taking exactly
/// two objects lets the same player move again (so one player may move twice in a row).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Nim {
    piles: Vec<u8>,
    to_move: Player,
    bonus: bool,
    /// The last move took two with `bonus` on: the player who made it is to move again.
    again: bool,
}

impl Game for Nim {
    type Move = (u8, u8);
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn outcome(&self) -> Option<Outcome> {
        // Whoever took the last object won; with a bonus turn that is the side to move.
        let winner_to_move = if self.again {
            Outcome::Win
        } else {
            Outcome::Loss
        };
        self.piles.iter().all(|&p| p == 0).then_some(winner_to_move)
    }
    fn generate_moves(&self, moves: &mut Vec<(u8, u8)>) {
        for (i, &p) in self.piles.iter().enumerate() {
            moves.extend((1..=p).map(|take| (i as u8, take)));
        }
    }
    fn play(&mut self, (pile, take): (u8, u8)) {
        self.piles[pile as usize] -= take;
        self.again = self.bonus && take == 2;
        if !self.again {
            self.to_move = self.to_move.opponent();
        }
    }
}

fn nim_positions(piles: &[u8], bonus: bool) -> Vec<Nim> {
    let mut all = vec![Vec::new()];
    for &p in piles {
        all = all
            .into_iter()
            .flat_map(|prefix: Vec<u8>| {
                (0..=p).map(move |k| {
                    let mut v = prefix.clone();
                    v.push(k);
                    v
                })
            })
            .collect();
    }
    all.into_iter()
        .flat_map(|piles| {
            [
                (Player::First, false),
                (Player::Second, false),
                (Player::First, true),
                (Player::Second, true),
            ]
            .map(|(to_move, again)| Nim {
                piles: piles.clone(),
                to_move,
                bonus,
                again,
            })
        })
        .collect()
}

#[test]
fn nim_matches_alpha_beta_everywhere() {
    for bonus in [false, true] {
        let start = Nim {
            piles: vec![2, 3, 4],
            to_move: Player::First,
            bonus,
            again: false,
        };
        let table = RetrogradeTable::solve(&start).unwrap();
        let mut checked = 0;
        for position in nim_positions(&start.piles, bonus) {
            if let Some(value) = table.score(&position) {
                assert_eq!(
                    value,
                    alpha_beta(&position, &NoEvaluation, None).value,
                    "{position:?}"
                );
                checked += 1;
            }
        }
        assert_eq!(
            checked,
            table.len(),
            "every reachable position is one of the enumerated ones"
        );
        // Plain Nim: the first player wins iff the xor of the piles is non-zero (2^3^4 = 5).
        if !bonus {
            assert!(table.start_value().is_win());
            let zero = Nim {
                piles: vec![1, 2, 3],
                to_move: Player::Second,
                bonus,
                again: false,
            };
            assert!(table.value(&zero).unwrap().is_loss());
        }
    }
}

/// A game given as an explicit directed graph: who moves at each node, which nodes are
/// finished (and how), and where each move leads. Equality looks at the node only.
#[derive(Clone, Debug)]
struct Node {
    mover: Player,
    outcome: Option<Outcome>,
    next: Vec<u32>,
}

#[derive(Clone, Debug)]
struct GraphGame {
    at: u32,
    nodes: Rc<Vec<Node>>,
}

impl PartialEq for GraphGame {
    fn eq(&self, other: &Self) -> bool {
        self.at == other.at
    }
}
impl Eq for GraphGame {}
impl Hash for GraphGame {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.at.hash(state);
    }
}

impl Game for GraphGame {
    type Move = u32; // the index of the edge, so parallel edges are distinct moves
    fn to_move(&self) -> Player {
        self.nodes[self.at as usize].mover
    }
    fn outcome(&self) -> Option<Outcome> {
        self.nodes[self.at as usize].outcome
    }
    fn generate_moves(&self, moves: &mut Vec<u32>) {
        moves.extend(0..self.nodes[self.at as usize].next.len() as u32);
    }
    fn play(&mut self, edge: u32) {
        self.at = self.nodes[self.at as usize].next[edge as usize];
    }
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut x = self.0;
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (x ^ (x >> 31)) % n
    }
}

fn random_graph(seed: u64, n: u32) -> Rc<Vec<Node>> {
    let mut rng = Rng(seed);
    let nodes = (0..n)
        .map(|_| {
            let mover = if rng.below(2) == 0 {
                Player::First
            } else {
                Player::Second
            };
            if rng.below(5) == 0 {
                let outcome = [Outcome::Win, Outcome::Loss, Outcome::Draw][rng.below(3) as usize];
                Node {
                    mover,
                    outcome: Some(outcome),
                    next: Vec::new(),
                }
            } else {
                let degree = 1 + rng.below(3);
                let next = (0..degree).map(|_| rng.below(n as u64) as u32).collect();
                Node {
                    mover,
                    outcome: None,
                    next,
                }
            }
        })
        .collect();
    Rc::new(nodes)
}

/// The reference: synchronous rounds; in round k exactly the positions of remoteness k
/// are labelled (won if some move reaches a remoteness-(k-1) result good for the mover,
/// lost if every move reaches a result good for the opponent). No queue, no counters.
fn layered_values(nodes: &[Node]) -> Vec<Value> {
    let mut values: Vec<Option<Value>> = nodes
        .iter()
        .map(|node| match node.outcome {
            Some(Outcome::Win) => Some(Value::Win(0)),
            Some(Outcome::Loss) => Some(Value::Loss(0)),
            _ => None,
        })
        .collect();
    for k in 1..=nodes.len() as u32 + 1 {
        let previous = values.clone();
        for (i, node) in nodes.iter().enumerate() {
            if previous[i].is_some() || node.outcome.is_some() {
                continue;
            }
            // Each move's result for the mover at i, if already known.
            let seen: Vec<Option<Value>> = node
                .next
                .iter()
                .map(|&j| {
                    previous[j as usize].map(|v| {
                        if nodes[j as usize].mover == node.mover {
                            v
                        } else {
                            v.flipped()
                        }
                    })
                })
                .collect();
            if seen.contains(&Some(Value::Win(k - 1))) {
                values[i] = Some(Value::Win(k));
            } else if seen.iter().all(|v| matches!(v, Some(Value::Loss(_)))) {
                values[i] = Some(Value::Loss(k));
            }
        }
    }
    values
        .into_iter()
        .map(|v| v.unwrap_or(Value::Draw))
        .collect()
}

#[test]
fn random_cyclic_games_match_the_layered_fixpoint() {
    let mut decided = 0;
    for seed in 0..300 {
        let n = 3 + (seed % 40) as u32;
        let nodes = random_graph(seed, n);
        let reference = layered_values(&nodes);
        let start = GraphGame {
            at: 0,
            nodes: nodes.clone(),
        };
        let table = RetrogradeTable::solve(&start).unwrap();
        for (position, value) in table.iter() {
            assert_eq!(
                value, reference[position.at as usize],
                "seed {seed}, node {}",
                position.at
            );
            if value != Value::Draw {
                decided += 1;
            }
            // The best move keeps the value, and best play reaches the end in exactly the remoteness.
            if position.outcome().is_none() {
                let moves = table.move_values(position).unwrap();
                assert_eq!(moves[0].value, value.score(), "seed {seed}");
                let best = table.best_moves(position).unwrap();
                assert!(best.contains(&moves[0].mv));
            }
            if let Value::Win(plies) | Value::Loss(plies) = value {
                let line = table.principal_variation(position);
                assert_eq!(line.len() as u32, plies, "seed {seed}");
                let mut end = position.clone();
                for mv in line {
                    end.play(mv);
                }
                assert!(end.outcome().is_some());
            }
        }
    }
    // The generator must produce decided positions as well as draws, or the test proves little.
    assert!(decided > 1000, "only {decided} decided positions");
}

#[test]
fn the_position_limit_is_an_error() {
    let start = Nim {
        piles: vec![5, 5, 5],
        to_move: Player::First,
        bonus: false,
        again: false,
    };
    let options = RetrogradeOptions {
        max_positions: 10,
        ..RetrogradeOptions::default()
    };
    let error = RetrogradeTable::solve_with(&start, options).err().unwrap();
    assert_eq!(error, RetrogradeError::TooManyPositions { limit: 10 });
    assert!(error.to_string().contains("more than 10 positions"));
    let options = RetrogradeOptions {
        max_moves: 10,
        ..RetrogradeOptions::default()
    };
    let error = RetrogradeTable::solve_with(&start, options).err().unwrap();
    assert_eq!(error, RetrogradeError::TooManyMoves { limit: 10 });
    assert!(error.to_string().contains("more than 10 moves"));
}

#[test]
fn payoff_outcomes_are_refused() {
    let nodes = Rc::new(vec![
        Node {
            mover: Player::First,
            outcome: None,
            next: vec![1],
        },
        Node {
            mover: Player::Second,
            outcome: Some(Outcome::Payoff(ply_core::Score::heuristic(5))),
            next: vec![],
        },
    ]);
    let start = GraphGame { at: 0, nodes };
    assert_eq!(
        RetrogradeTable::solve(&start).err(),
        Some(RetrogradeError::PayoffOutcome)
    );
}

#[test]
fn progress_is_reported_and_can_stop_the_solve() {
    // 100,000 objects: 200,000 positions and 399,994 moves (2 from each position with 2 or
    // more objects left, 1 with 1, none with 0), so each phase looks at 599,994 positions
    // and moves: a report at least every 4096 of them is 146 reports or more.
    let start = ply_core::testing::TakeOneOrTwo {
        left: 100_000,
        to_move: Player::First,
    };
    let mut reports = Vec::new();
    let table = RetrogradeTable::solve_with_progress(&start, RetrogradeOptions::default(), |p| {
        reports.push(p);
        std::ops::ControlFlow::Continue(())
    })
    .unwrap();
    // Every (left, side) pair but (100000, second) and (99999, first).
    assert_eq!(table.len(), 2 * 100_001 - 2);
    assert_eq!(table.start_value(), Value::Win(66_667)); // 100,000 = 3 * 33,333 + 1
    let enumerating = reports
        .iter()
        .filter(|p| matches!(p, RetrogradeProgress::Enumerating { .. }));
    let propagating = reports
        .iter()
        .filter(|p| matches!(p, RetrogradeProgress::Propagating { .. }));
    let (enumerating, propagating) = (enumerating.count(), propagating.count());
    assert!(enumerating >= 599_994 / 4096, "{enumerating}");
    assert!(propagating >= 599_994 / 4096, "{propagating}");
    let stopped =
        RetrogradeTable::solve_with_progress(&start, RetrogradeOptions::default(), |_| {
            std::ops::ControlFlow::Break(())
        });
    assert_eq!(stopped.err(), Some(RetrogradeError::Stopped));
}
