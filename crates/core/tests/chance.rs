//! The chance searches against each other and against the definition:
//!
//! * Star1 and Star2 give exactly expectiminimax's root value on random trees with
//!   MAX, MIN and chance nodes in any order (property tests);
//! * what they leave unvisited cannot matter: every leaf they never reached is given
//!   other values within the bounds, and expectiminimax's root value stays the same;
//! * worked examples computed by hand;
//! * refusals: probabilities that do not add up to 1, a leaf outside the bounds.

use ply_core::chance::{
    Bounds, ChanceError, ChanceGame, ChanceObserver, NodeKind, Ratio, expectiminimax, star1,
    star1_with, star2, star2_with,
};
use ply_core::testing::RandomChanceTree;
use ply_core::{Game, Outcome, Player, Score};
use proptest::prelude::*;

/// An explicit tree, so that leaves can be given other values.
#[derive(Clone, Debug)]
struct Node {
    kind: NodeKind,
    /// A leaf's value for MAX.
    value: i32,
    probabilities: Vec<Ratio>,
    children: Vec<usize>,
}

#[derive(Clone, Debug)]
struct At<'t> {
    tree: &'t [Node],
    node: usize,
}

impl Game for At<'_> {
    type Move = usize;
    fn to_move(&self) -> Player {
        match self.tree[self.node].kind {
            NodeKind::Min => Player::Second,
            _ => Player::First,
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        let node = &self.tree[self.node];
        node.children.is_empty().then(|| {
            let value = if self.to_move() == Player::First {
                node.value
            } else {
                -node.value
            };
            Outcome::Payoff(Score::heuristic(value))
        })
    }
    fn generate_moves(&self, moves: &mut Vec<usize>) {
        moves.extend(0..self.tree[self.node].children.len());
    }
    fn play(&mut self, mv: usize) {
        self.node = self.tree[self.node].children[mv];
    }
}

impl ChanceGame for At<'_> {
    fn is_chance(&self) -> bool {
        self.tree[self.node].kind == NodeKind::Chance && !self.tree[self.node].children.is_empty()
    }
    fn probability(&self, mv: usize) -> Ratio {
        self.tree[self.node].probabilities[mv]
    }
}

/// The random tree written out node by node.
fn explicit(random: &RandomChanceTree) -> Vec<Node> {
    fn add(pos: &RandomChanceTree, nodes: &mut Vec<Node>) -> usize {
        let id = nodes.len();
        let moves = pos.legal_moves();
        nodes.push(Node {
            kind: NodeKind::of(pos),
            value: if moves.is_empty() { pos.max_value() } else { 0 },
            probabilities: if pos.is_chance() {
                moves.iter().map(|&m| pos.probability(m)).collect()
            } else {
                Vec::new()
            },
            children: Vec::new(),
        });
        for mv in moves {
            let child = add(&pos.after(mv), nodes);
            nodes[id].children.push(child);
        }
        id
    }
    let mut nodes = Vec::new();
    add(random, &mut nodes);
    nodes
}

/// Records every node a search enters.
struct Visited(Vec<bool>);

impl<'t> ChanceObserver<At<'t>> for Visited {
    fn enter(&mut self, pos: &At<'t>, _ply: u32, _window: Option<(Ratio, Ratio)>) {
        self.0[pos.node] = true;
    }
}

fn bounds() -> Bounds {
    Bounds::new(Ratio::from(-10), Ratio::from(10)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn star1_and_star2_give_expectiminimax_value(seed in any::<u64>(), branching in 1u32..5, depth in 0u32..7) {
        let tree = RandomChanceTree::new(seed, branching, depth);
        let exact = expectiminimax(&tree).unwrap();
        let one = star1(&tree, bounds()).unwrap();
        let two = star2(&tree, bounds()).unwrap();
        prop_assert_eq!(one.value, exact.value);
        prop_assert_eq!(two.value, exact.value);
        prop_assert!(one.stats.nodes <= exact.stats.nodes);
        // The best move at a player's root is one that reaches the value.
        if let Some(best) = one.best {
            prop_assert_eq!(expectiminimax(&tree.after(best)).unwrap().value, exact.value);
        }
    }

    #[test]
    fn what_the_pruning_never_visits_cannot_change_the_value(seed in any::<u64>(), branching in 2u32..5, depth in 2u32..6, other in any::<u64>()) {
        let random = RandomChanceTree::new(seed, branching, depth);
        let tree = explicit(&random);
        let root = At { tree: &tree, node: 0 };
        let exact = expectiminimax(&root).unwrap().value;
        for probing in [false, true] {
            let mut visited = Visited(vec![false; tree.len()]);
            let result = if probing {
                star2_with(&root, bounds(), &mut visited).unwrap()
            } else {
                star1_with(&root, bounds(), &mut visited).unwrap()
            };
            prop_assert_eq!(result.value, exact);
            // Every leaf never visited gets another value within the bounds.
            let mut changed = tree.clone();
            let mut state = other | 1;
            for (id, node) in changed.iter_mut().enumerate() {
                if node.children.is_empty() && !visited.0[id] {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    node.value = (state % 21) as i32 - 10;
                }
            }
            let again = expectiminimax(&At { tree: &changed, node: 0 }).unwrap().value;
            prop_assert_eq!(again, exact, "probing {}", probing);
        }
    }
}

/// A hand-made tree: MAX chooses between two dice-like chance nodes.
/// Left: 3 with 1/2, 9 with 1/4, -1 with 1/4: 3/2 + 9/4 - 1/4 = 7/2.
/// Right: 8 with 1/3, 0 with 2/3: 8/3. MAX takes the left: 7/2.
#[test]
fn a_worked_example_by_hand() {
    let r = |text: &str| text.parse::<Ratio>().unwrap();
    let leaf = |value| Node {
        kind: NodeKind::Max,
        value,
        probabilities: Vec::new(),
        children: Vec::new(),
    };
    let tree = vec![
        Node {
            kind: NodeKind::Max,
            value: 0,
            probabilities: Vec::new(),
            children: vec![1, 5],
        },
        Node {
            kind: NodeKind::Chance,
            value: 0,
            probabilities: vec![r("1/2"), r("1/4"), r("1/4")],
            children: vec![2, 3, 4],
        },
        leaf(3),
        leaf(9),
        leaf(-1),
        Node {
            kind: NodeKind::Chance,
            value: 0,
            probabilities: vec![r("1/3"), r("2/3")],
            children: vec![6, 7],
        },
        leaf(8),
        leaf(0),
    ];
    let root = At {
        tree: &tree,
        node: 0,
    };
    let exact = expectiminimax(&root).unwrap();
    assert_eq!(exact.value, r("7/2"));
    assert_eq!(exact.best, Some(0));
    assert_eq!((exact.stats.nodes, exact.stats.leaves), (8, 5));
    // Leaves between 0 and 10... but -1 is below: refused.
    let tight = Bounds::new(Ratio::ZERO, Ratio::from(10)).unwrap();
    assert!(matches!(
        star1(&root, tight),
        Err(ChanceError::LeafOutOfBounds { .. })
    ));
    // With leaves in -1..9 the right node needs both its leaves: after 8 (1/3) it may
    // still reach 8/3 + 2/3 × 9 = 26/3, above the left's 7/2.
    let wide = Bounds::new(Ratio::from(-1), Ratio::from(9)).unwrap();
    assert_eq!(star1(&root, wide).unwrap().value, r("7/2"));
    assert_eq!(star2(&root, wide).unwrap().value, r("7/2"));
}

#[test]
fn probabilities_that_miss_one_are_refused() {
    let r = |text: &str| text.parse::<Ratio>().unwrap();
    let leaf = |value| Node {
        kind: NodeKind::Max,
        value,
        probabilities: Vec::new(),
        children: Vec::new(),
    };
    let tree = vec![
        Node {
            kind: NodeKind::Chance,
            value: 0,
            probabilities: vec![r("1/2"), r("1/3")],
            children: vec![1, 2],
        },
        leaf(1),
        leaf(2),
    ];
    let root = At {
        tree: &tree,
        node: 0,
    };
    assert_eq!(
        expectiminimax(&root),
        Err(ChanceError::Probabilities { sum: r("5/6") })
    );
}

/// The pruning does prune: over many random trees Star1 visits fewer nodes than the
/// definition, and Star2's probes cut chance nodes that Star1 searches.
#[test]
fn the_pruning_prunes() {
    let (mut exact, mut one, mut two, mut cuts, mut probes) = (0, 0, 0, 0, 0);
    for seed in 0..300 {
        let tree = RandomChanceTree::new(seed, 4, 5);
        exact += expectiminimax(&tree).unwrap().stats.nodes;
        let first = star1(&tree, bounds()).unwrap();
        let second = star2(&tree, bounds()).unwrap();
        one += first.stats.nodes;
        two += second.stats.nodes;
        cuts += first.stats.cuts;
        probes += second.stats.probes;
    }
    eprintln!(
        "nodes: expectiminimax {exact}, Star1 {one}, Star2 {two}; Star1 cuts {cuts}, Star2 probes {probes}"
    );
    assert!(one * 10 < exact * 9, "{one} of {exact}");
    assert!(cuts > 100 && probes > 100);
}
