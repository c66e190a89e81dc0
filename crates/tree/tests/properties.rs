//! Properties on random explicit trees, checked against a plain recursive
//! minimax written here (the slow, obviously right reference).

use ply_core::{Algorithm, Player};
use ply_tree::{
    Bound, ExplicitTree, LeafPerspective, Limits, NodeId, ParseOptions, TreeBuilder, annotate,
    parse, render, value::Decimal,
};
use proptest::prelude::*;

/// SplitMix64, for reproducible trees from a seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut x = self.0;
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// A ragged random tree: 1 to `max_branching` children, some leaves early,
/// values in `-range..=range` with up to `decimals` places, some nodes named.
fn random_tree(
    seed: u64,
    max_branching: u64,
    max_depth: u32,
    range: i64,
    decimals: u8,
) -> ExplicitTree {
    let mut rng = Rng(seed);
    let mut builder = TreeBuilder::new(Limits::default());
    let mut stack: Vec<(Option<NodeId>, u32)> = vec![(None, 0)];
    while let Some((parent, depth)) = stack.pop() {
        let children = if depth >= max_depth || (depth > 0 && rng.below(5) == 0) {
            0
        } else {
            1 + rng.below(max_branching)
        };
        let name = (rng.below(2) == 0).then(|| {
            let letters = b"abcdefghxyz";
            let mut name = String::from(letters[rng.below(letters.len() as u64) as usize] as char);
            for _ in 0..rng.below(4) {
                name.push(b"abz019_'"[rng.below(8) as usize] as char);
            }
            name
        });
        let id = builder.push(parent, name, 0, 0).unwrap();
        if children == 0 {
            let scale = 10i64.pow(decimals as u32);
            let raw = rng.below((2 * range * scale + 1) as u64) as i64 - range * scale;
            let sign = if raw < 0 { "-" } else { "" };
            let text = format!(
                "{sign}{}.{:0width$}",
                raw.abs() / scale,
                raw.abs() % scale,
                width = decimals as usize
            );
            let value: Decimal = text.trim_end_matches('.').parse().unwrap();
            builder.set_value(id, value, 0, 0);
        }
        for _ in 0..children {
            stack.push((Some(id), depth + 1));
        }
    }
    builder.finish(LeafPerspective::Max).unwrap()
}

/// The minimax value of every node, from MAX's point of view (plain recursion).
fn reference(tree: &ExplicitTree) -> Vec<i32> {
    let mut values = vec![0; tree.len()];
    for id in (0..tree.len() as NodeId).rev() {
        values[id as usize] = match tree.max_value(id) {
            Some(v) => v,
            None => {
                let children = tree.children(id).iter().map(|&c| values[c as usize]);
                match tree.node(id).mover {
                    Player::First => children.max().unwrap(),
                    Player::Second => children.min().unwrap(),
                }
            }
        };
    }
    values
}

/// A uniform tree (branching `b`, depth `d`) as nested brackets, leaves taken in order.
fn uniform(b: usize, d: usize, leaves: &mut impl Iterator<Item = i64>) -> Nested {
    if d == 0 {
        Nested::Leaf(leaves.next().unwrap())
    } else {
        Nested::Inner((0..b).map(|_| uniform(b, d - 1, leaves)).collect())
    }
}

enum Nested {
    Leaf(i64),
    Inner(Vec<Nested>),
}

impl Nested {
    fn value(&self, max: bool) -> i64 {
        match self {
            Nested::Leaf(v) => *v,
            Nested::Inner(children) => {
                let values = children.iter().map(|c| c.value(!max));
                if max {
                    values.max().unwrap()
                } else {
                    values.min().unwrap()
                }
            }
        }
    }

    /// Best move first at every node, for the player to move there.
    fn best_first(self, max: bool) -> Nested {
        match self {
            Nested::Leaf(v) => Nested::Leaf(v),
            Nested::Inner(children) => {
                let mut children: Vec<Nested> =
                    children.into_iter().map(|c| c.best_first(!max)).collect();
                children.sort_by_key(|c| {
                    let v = c.value(!max);
                    if max { -v } else { v }
                });
                Nested::Inner(children)
            }
        }
    }

    fn bracket(&self) -> String {
        match self {
            Nested::Leaf(v) => v.to_string(),
            Nested::Inner(children) => {
                format!(
                    "({})",
                    children
                        .iter()
                        .map(Nested::bracket)
                        .collect::<Vec<_>>()
                        .join(" ")
                )
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_format_reads_back_what_it_wrote(
        seed in any::<u64>(), branching in 1u64..5, depth in 0u32..6, decimals in 0u8..4,
    ) {
        let tree = random_tree(seed, branching, depth, 50, decimals);
        let options = ParseOptions::default();
        prop_assert_eq!(&parse(&tree.to_text(), &options).unwrap(), &tree);
        prop_assert_eq!(&parse(&tree.to_bracket(), &options).unwrap(), &tree);
        let json = serde_json::to_string_pretty(&tree.to_json()).unwrap();
        prop_assert_eq!(&parse(&json, &options).unwrap(), &tree);
    }

    #[test]
    fn the_three_searches_agree_with_the_reference(
        seed in any::<u64>(), branching in 1u64..5, depth in 0u32..7, range in 0i64..20,
    ) {
        let tree = random_tree(seed, branching, depth, range, 0);
        let truth = reference(&tree);
        let minimax = annotate(&tree, Algorithm::Minimax);
        for algorithm in Algorithm::ALL {
            let run = annotate(&tree, algorithm);
            prop_assert_eq!(run.value.raw(), truth[0], "{}", algorithm);
            // The principal variation keeps the root's value all the way down.
            for &id in &run.pv {
                prop_assert_eq!(truth[id as usize], truth[0]);
            }
            prop_assert_eq!(tree.node(*run.pv.last().unwrap()).is_leaf(), true);
            for (id, (report, &t)) in run.nodes.iter().zip(&truth).enumerate() {
                prop_assert!(report.visited() != report.pruned, "visited or pruned, never both or neither");
                let Some(value) = report.value else { continue };
                let value = value.raw();
                match report.bound.unwrap() {
                    Bound::Exact => prop_assert_eq!(value, t, "{} node {}", algorithm, id),
                    Bound::Lower => prop_assert!(t >= value),
                    Bound::Upper => prop_assert!(t <= value),
                }
                if algorithm != Algorithm::AlphaBeta {
                    prop_assert_eq!(report.bound, Some(Bound::Exact));
                }
            }
        }
        let alpha_beta = annotate(&tree, Algorithm::AlphaBeta);
        prop_assert!(alpha_beta.stats.leaves <= minimax.stats.leaves);
        prop_assert_eq!(minimax.stats.leaves as usize, tree.leaf_count());
        prop_assert_eq!(minimax.stats.nodes as usize, tree.len());
        // Every node is drawn without trouble.
        let _ = (render::text(&tree, &alpha_beta), render::trace(&tree, &alpha_beta));
        let _ = (render::dot(&tree, &alpha_beta), render::svg(&tree, &alpha_beta, true));
        let _ = render::json(&tree, &alpha_beta, true);
    }

    #[test]
    fn best_ordering_visits_the_minimal_tree(b in 1usize..5, d in 0usize..6, seed in any::<u64>()) {
        // Distinct leaf values, shuffled, then every node's children sorted best-first.
        let count = b.pow(d as u32);
        let mut rng = Rng(seed);
        let mut values: Vec<i64> = (0..count as i64).collect();
        for i in (1..values.len()).rev() {
            values.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let ordered = uniform(b, d, &mut values.into_iter()).best_first(true);
        let tree = parse(&ordered.bracket(), &ParseOptions::default()).unwrap();
        let run = annotate(&tree, Algorithm::AlphaBeta);
        let expected = b.pow(d.div_ceil(2) as u32) + b.pow((d / 2) as u32) - 1;
        prop_assert_eq!(run.stats.leaves as usize, expected, "b={} d={}", b, d);
        prop_assert_eq!(run.value.raw() as i64, ordered.value(true));
    }

    #[test]
    fn negamax_on_mover_values_equals_minimax_on_max_values(
        seed in any::<u64>(), branching in 1u64..4, depth in 0u32..6,
    ) {
        let tree = random_tree(seed, branching, depth, 30, 1);
        let mover = tree.with_perspective(LeafPerspective::Mover);
        // The same file read with --leaf-perspective mover gives the same game.
        let reread = parse(&mover.to_text(), &ParseOptions { perspective: LeafPerspective::Mover, ..Default::default() }).unwrap();
        prop_assert_eq!(&reread, &mover);
        let reference = annotate(&tree, Algorithm::Minimax);
        let nega = annotate(&reread, Algorithm::Negamax);
        prop_assert_eq!(reference.value, nega.value);
        prop_assert_eq!(&reference.pv, &nega.pv);
        for id in 0..tree.len() {
            prop_assert_eq!(reference.nodes[id].value, nega.nodes[id].value);
        }
    }
}

#[test]
fn mover_perspective_flips_the_leaves_of_min() {
    // Leaves at odd depth are MIN's: their written value is MIN's gain.
    let options = ParseOptions {
        perspective: LeafPerspective::Mover,
        ..Default::default()
    };
    let tree = parse("(3 (4 5))", &options).unwrap();
    assert_eq!(tree.max_value(1), Some(-3)); // depth 1, MIN to move: 3 for MIN is -3 for MAX
    assert_eq!(tree.max_value(3), Some(4)); // depth 2, MAX to move
    let run = annotate(&tree, Algorithm::Negamax);
    assert_eq!(tree.format_score(run.value), "4");
}
