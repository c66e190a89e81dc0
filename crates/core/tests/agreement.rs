//! The three textbook searches must agree on every tree: the slow, obviously
//! right minimax (Max/Min) is the reference for negamax and alpha-beta.

use ply_core::testing::RandomTree;
use ply_core::{
    Algorithm, Game, Observer, SearchOptions, alpha_beta, evaluate_moves, evaluate_moves_with,
    minimax, negamax,
};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn same_value_to_the_end(seed in any::<u64>(), branching in 1u32..5, depth in 0u32..7, range in 0i32..20) {
        let tree = RandomTree::ragged(seed, branching, depth).with_value_range(range);
        let eval = RandomTree::evaluator();
        let reference = minimax(&tree, &eval, None);
        let nega = negamax(&tree, &eval, None);
        let ab = alpha_beta(&tree, &eval, None);
        prop_assert_eq!(reference.value, nega.value);
        prop_assert_eq!(reference.value, ab.value);
        // Minimax and negamax visit the same tree and pick the same first best move.
        prop_assert_eq!(reference.stats, nega.stats);
        prop_assert_eq!(&reference.pv, &nega.pv);
        // Alpha-beta never looks at more than the full tree.
        prop_assert!(ab.stats.leaves <= reference.stats.leaves);
        prop_assert!(ab.stats.nodes <= reference.stats.nodes);
        prop_assert_eq!(reference.stats.cutoffs, 0);
    }

    #[test]
    fn same_value_at_every_depth_limit(seed in any::<u64>(), limit in 0u32..6) {
        let tree = RandomTree::new(seed, 3, 6).with_value_range(50);
        let eval = RandomTree::evaluator();
        let reference = minimax(&tree, &eval, Some(limit)).value;
        prop_assert_eq!(reference, negamax(&tree, &eval, Some(limit)).value);
        prop_assert_eq!(reference, alpha_beta(&tree, &eval, Some(limit)).value);
    }

    #[test]
    fn principal_variation_leads_to_the_value(seed in any::<u64>()) {
        let tree = RandomTree::ragged(seed, 4, 6);
        let eval = RandomTree::evaluator();
        for algorithm in Algorithm::ALL {
            let result = algorithm.search(&tree, &eval, SearchOptions::default(), &mut ply_core::NoObserver);
            // Playing the PV out ends at a leaf whose payoff, for the root player, is the root value.
            let mut pos = tree.clone();
            for &mv in &result.pv {
                prop_assert!(pos.legal_moves().contains(&mv));
                pos.play(mv);
            }
            let leaf = pos.payoff();
            let for_root = if pos.to_move() == tree.to_move() { leaf } else { -leaf };
            prop_assert!(pos.outcome().is_some(), "the PV must reach the end of the game");
            prop_assert_eq!(for_root, result.value, "{}", algorithm);
            prop_assert_eq!(result.best, result.pv.first().copied());
        }
    }

    #[test]
    fn move_values_agree_with_the_root(seed in any::<u64>()) {
        let tree = RandomTree::ragged(seed, 4, 5);
        let eval = RandomTree::evaluator();
        let root = alpha_beta(&tree, &eval, None);
        let (moves, _) = evaluate_moves(&tree, &eval, Algorithm::AlphaBeta, SearchOptions::default());
        if let Some(first) = moves.first() {
            prop_assert_eq!(first.value, root.value);
        }
        for pair in moves.windows(2) {
            prop_assert!(pair[0].value >= pair[1].value);
        }
    }
}

#[test]
fn uniform_tree_sizes() {
    // b = 3, d = 4: minimax visits every node: 1 + 3 + 9 + 27 + 81 = 121, 81 leaves.
    let tree = RandomTree::new(7, 3, 4);
    let result = minimax(&tree, &RandomTree::evaluator(), None);
    assert_eq!(result.stats.nodes, 121);
    assert_eq!(result.stats.leaves, 81);
    // A depth limit of 2 stops at the 9 grandchildren.
    let result = negamax(&tree, &RandomTree::evaluator(), Some(2));
    assert_eq!(result.stats.nodes, 13);
    assert_eq!(result.stats.leaves, 9);
    assert_eq!(result.pv.len(), 2);
}

/// Asks the search to stop once it has entered `limit` nodes.
struct StopAfter {
    entered: u64,
    limit: u64,
}

impl<G: Game> Observer<G> for StopAfter {
    fn enter(&mut self, _: &G, _: u32, _: ply_core::Score, _: ply_core::Score) {
        self.entered += 1;
    }
    fn stop_requested(&mut self) -> bool {
        self.entered >= self.limit
    }
}

#[test]
fn an_observer_stops_the_textbook_searches_at_once() {
    // 8^7 leaves: far more than the 1000 nodes the observer allows.
    let tree = RandomTree::new(3, 8, 7);
    let eval = RandomTree::evaluator();
    let moves = tree.legal_moves().len();
    for algorithm in Algorithm::ALL {
        let mut observer = StopAfter {
            entered: 0,
            limit: 1000,
        };
        let (values, stats) = evaluate_moves_with(
            &tree,
            &eval,
            algorithm,
            SearchOptions::default(),
            &mut observer,
        );
        assert_eq!(observer.entered, 1000, "{algorithm}");
        assert!(values.len() < moves, "{algorithm}");
        assert_eq!(stats.nodes, 1000, "{algorithm}");
        // A limit that is never reached changes nothing.
        let mut never = StopAfter {
            entered: 0,
            limit: u64::MAX,
        };
        let full = evaluate_moves_with(
            &tree,
            &eval,
            algorithm,
            SearchOptions::depth(Some(3)),
            &mut never,
        );
        assert_eq!(
            full,
            evaluate_moves(&tree, &eval, algorithm, SearchOptions::depth(Some(3)))
        );
    }
}
