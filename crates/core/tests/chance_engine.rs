//! The engine's chance search against the textbook's expectiminimax:
//!
//! * on random trees that end within the depth, the same root value (property tests),
//!   marked exact, in fewer nodes when Star1 can cut;
//! * on a small dice game whose positions repeat (a table's transpositions at other
//!   depths), the depth-`d` value equals expectiminimax of the game cut at depth `d`
//!   with the same evaluation, for every `d`, whatever the table's size;
//! * the table and the cuts pay; limits stop it with the last finished iteration;
//!   a finished game's value outside the bounds is refused.

use ply_core::chance::{
    Bounds, ChanceEngine, ChanceError, ChanceGame, ChanceLimits, Ratio, expectiminimax,
};
use ply_core::testing::RandomChanceTree;
use ply_core::{Game, Outcome, Player};
use proptest::prelude::*;

fn bounds(limit: i64) -> Bounds {
    Bounds::new(Ratio::from(-limit), Ratio::from(limit)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Trees that end within the depth: the engine's value is expectiminimax's.
    #[test]
    fn the_engine_gives_expectiminimax_value_on_random_trees(seed in any::<u64>(), branching in 1u32..5, depth in 1u32..6) {
        let tree = RandomChanceTree::new(seed, branching, depth);
        let exact = expectiminimax(&tree).unwrap();
        let mut engine = ChanceEngine::new(|_: &RandomChanceTree| 0.0, bounds(10), 1).unwrap();
        let answer = engine.search(&tree, &ChanceLimits::depth(depth + 2), |_| {}).unwrap();
        prop_assert!((answer.value - exact.value.to_f64()).abs() < 1e-9,
            "engine {} against expectiminimax {}", answer.value, exact.value);
        prop_assert!(answer.exact);
        // A MAX or MIN root's move is worth the root's value.
        if let Some(best) = answer.best {
            let mut child = tree.clone();
            child.play(best);
            let value = expectiminimax(&child).unwrap().value.to_f64();
            prop_assert!((value - answer.value).abs() < 1e-9);
        }
    }
}

/// A small Pig: first to `GOAL`, a three-sided die whose 1 loses the turn's total; roll
/// or hold (holding needs a total above 0). Positions repeat, at many depths.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct DicePig {
    scores: [u8; 2],
    total: u8,
    mover: u8,
    throwing: bool,
}

const GOAL: u8 = 5;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Roll,
    Hold,
    Face(u8),
}

impl DicePig {
    fn start() -> DicePig {
        DicePig {
            scores: [0, 0],
            total: 0,
            mover: 0,
            throwing: false,
        }
    }

    /// The mover's lead, counting the turn's total, as a share of the goal: an
    /// evaluation with small denominators, so that the cut game's values are exact.
    fn lead(&self) -> Ratio {
        let me = i64::from(self.scores[self.mover as usize] + self.total);
        let them = i64::from(self.scores[1 - self.mover as usize]);
        let lead = Ratio::new(i128::from(me - them), i128::from(GOAL) * 2).unwrap();
        if self.mover == 0 {
            lead
        } else {
            lead.checked_neg().unwrap()
        }
    }
}

impl Game for DicePig {
    type Move = Step;
    fn to_move(&self) -> Player {
        if self.mover == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        // The player who just banked the goal has won; it is the other's turn.
        (self.scores[1 - self.mover as usize] >= GOAL).then_some(Outcome::Loss)
    }
    fn generate_moves(&self, moves: &mut Vec<Step>) {
        if self.throwing {
            moves.extend([Step::Face(1), Step::Face(2), Step::Face(3)]);
        } else {
            moves.push(Step::Roll);
            if self.total > 0 {
                moves.push(Step::Hold);
            }
        }
    }
    fn play(&mut self, step: Step) {
        match step {
            Step::Roll => self.throwing = true,
            Step::Hold => {
                self.scores[self.mover as usize] += self.total;
                self.total = 0;
                self.mover = 1 - self.mover;
            }
            Step::Face(1) => {
                self.throwing = false;
                self.total = 0;
                self.mover = 1 - self.mover;
            }
            Step::Face(face) => {
                self.throwing = false;
                self.total += face;
            }
        }
    }
}

impl ChanceGame for DicePig {
    fn is_chance(&self) -> bool {
        self.throwing
    }
    fn probability(&self, _: Step) -> Ratio {
        Ratio::new(1, 3).unwrap()
    }
}

/// `DicePig` cut `plies` deep, the cut positions valued by the evaluation.
#[derive(Clone, Debug)]
struct Cut(DicePig, u32);

impl Game for Cut {
    type Move = Step;
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome().or((self.1 == 0).then_some(Outcome::Draw))
    }
    fn generate_moves(&self, moves: &mut Vec<Step>) {
        self.0.generate_moves(moves)
    }
    fn play(&mut self, step: Step) {
        self.0.play(step);
        self.1 -= 1;
    }
}

impl ChanceGame for Cut {
    fn is_chance(&self) -> bool {
        self.0.is_chance()
    }
    fn probability(&self, step: Step) -> Ratio {
        self.0.probability(step)
    }
    fn leaf_value(&self, outcome: Outcome) -> Ratio {
        match self.0.outcome() {
            Some(end) => self.0.leaf_value(end),
            None if self.1 == 0 => self.0.lead(),
            None => self.0.leaf_value(outcome),
        }
    }
}

fn lead(position: &DicePig) -> f64 {
    position.lead().to_f64()
}

#[test]
fn every_depth_gives_the_cut_games_expectiminimax_value() {
    let starts = [
        DicePig::start(),
        DicePig {
            scores: [3, 1],
            total: 1,
            mover: 1,
            throwing: false,
        },
        DicePig {
            scores: [4, 4],
            total: 0,
            mover: 0,
            throwing: true,
        },
    ];
    for start in starts {
        for mib in [0, 1] {
            let mut engine = ChanceEngine::new(lead, bounds(1), mib).unwrap();
            for depth in 1..=12 {
                engine.clear();
                let answer = engine
                    .search(&start, &ChanceLimits::depth(depth), |_| {})
                    .unwrap();
                let exact = expectiminimax(&Cut(start.clone(), depth)).unwrap();
                assert!(
                    (answer.value - exact.value.to_f64()).abs() < 1e-9,
                    "{start:?} at depth {depth} with {mib} MiB: engine {} against {}",
                    answer.value,
                    exact.value
                );
                assert_eq!(answer.depth, depth);
                assert!(!answer.exact, "positions repeat: no line ends everywhere");
            }
        }
    }
}

/// The same values with the table kept from iteration to iteration and search to
/// search, which is how a player uses it.
#[test]
fn a_table_kept_across_searches_changes_no_value() {
    let mut engine = ChanceEngine::new(lead, bounds(1), 1).unwrap();
    let mut reported = Vec::new();
    let answer = engine
        .search(&DicePig::start(), &ChanceLimits::depth(14), |iteration| {
            reported.push((iteration.depth, iteration.value))
        })
        .unwrap();
    assert_eq!(reported.len(), 14);
    for (depth, value) in reported {
        let exact = expectiminimax(&Cut(DicePig::start(), depth))
            .unwrap()
            .value
            .to_f64();
        assert!(
            (value - exact).abs() < 1e-9,
            "depth {depth}: {value} against {exact}"
        );
    }
    assert!(
        answer.table_hits > 0,
        "the game transposes: the table must answer some nodes"
    );
    // The first decision is a roll: holding needs a total.
    assert_eq!(answer.best, Some(Step::Roll));
    // A second search of the same position finds its last iteration in the table (the
    // shallower ones are searched again: a value is taken only at its own depth).
    let again = engine
        .search(&DicePig::start(), &ChanceLimits::depth(14), |_| {})
        .unwrap();
    assert!((again.value - answer.value).abs() < 1e-12);
    assert!(
        again.nodes < answer.nodes,
        "{} nodes the second time, {} the first",
        again.nodes,
        answer.nodes
    );
}

#[test]
fn cuts_and_the_table_save_nodes() {
    let depth = 16;
    let plain = expectiminimax(&Cut(DicePig::start(), depth)).unwrap();
    let mut engine = ChanceEngine::new(lead, bounds(1), 1).unwrap();
    let answer = engine
        .search(&DicePig::start(), &ChanceLimits::depth(depth), |_| {})
        .unwrap();
    assert!(answer.cuts > 0);
    // Every iteration together, against one full expectiminimax of the last depth
    // (measured: 18,659 nodes against 41,616).
    assert!(
        answer.nodes * 2 < plain.stats.nodes,
        "engine {} nodes, expectiminimax {}",
        answer.nodes,
        plain.stats.nodes
    );
}

#[test]
fn a_node_budget_keeps_the_last_finished_iteration() {
    let mut engine = ChanceEngine::new(lead, bounds(1), 1).unwrap();
    let full = engine
        .search(&DicePig::start(), &ChanceLimits::depth(8), |_| {})
        .unwrap();
    engine.clear();
    let limits = ChanceLimits::depth(40).with_nodes(full.nodes + 2048);
    let answer = engine.search(&DicePig::start(), &limits, |_| {}).unwrap();
    assert!(answer.stopped);
    assert!(
        answer.depth >= 8 && answer.depth < 40,
        "depth {}",
        answer.depth
    );
    let exact = expectiminimax(&Cut(DicePig::start(), answer.depth))
        .unwrap()
        .value
        .to_f64();
    assert!((answer.value - exact).abs() < 1e-9);
}

#[test]
fn a_raised_stop_ends_the_search_at_once() {
    let stop = ply_core::engine::Stop::new();
    stop.raise();
    let mut engine = ChanceEngine::new(lead, bounds(1), 1).unwrap();
    let answer = engine
        .search(
            &DicePig::start(),
            &ChanceLimits::depth(60).with_stop(stop),
            |_| {},
        )
        .unwrap();
    assert!(answer.stopped);
    assert!(answer.depth < 60);
}

#[test]
fn a_finished_game_outside_the_bounds_is_refused() {
    let mut engine =
        ChanceEngine::new(lead, Bounds::new(Ratio::ZERO, Ratio::ONE).unwrap(), 1).unwrap();
    let error = engine
        .search(&DicePig::start(), &ChanceLimits::depth(30), |_| {})
        .unwrap_err();
    assert!(
        matches!(error, ChanceError::LeafOutOfBounds { .. }),
        "{error}"
    );
}

#[test]
fn a_finished_root_is_its_value() {
    let over = DicePig {
        scores: [5, 2],
        total: 0,
        mover: 1,
        throwing: false,
    };
    let mut engine = ChanceEngine::new(lead, bounds(1), 1).unwrap();
    let answer = engine
        .search(&over, &ChanceLimits::depth(5), |_| {})
        .unwrap();
    assert!(answer.exact);
    assert_eq!(answer.value, 1.0, "the first player banked the goal");
    assert_eq!(answer.best, None);
}
