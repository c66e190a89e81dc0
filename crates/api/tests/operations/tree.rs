//! The tests of `ply_api::tree`.

use ply_api::tree::*;

const CLASSIC: &str = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";

fn json(request: &TreeRequest) -> serde_json::Value {
    serde_json::from_str(&evaluate_tree(request, &TreeLimits::default()).unwrap()).unwrap()
}

#[test]
fn the_classic_tree_under_each_algorithm() {
    let mut request = TreeRequest::new(CLASSIC);
    let alpha_beta = json(&request);
    assert_eq!(alpha_beta["value"], 3);
    assert_eq!(alpha_beta["leaves_evaluated"], 7);
    request.algorithm = Some("minimax".into());
    let minimax = json(&request);
    assert_eq!(minimax["value"], 3);
    assert_eq!(minimax["leaves_evaluated"], 9);
    assert_eq!(minimax["cutoffs"], 0);
}

#[test]
fn move_order_changes_what_alpha_beta_reads() {
    let mut request = TreeRequest::new(CLASSIC);
    request.order = Some("best_first".into());
    let best = json(&request);
    request.order = Some("worst_first".into());
    let worst = json(&request);
    // The value never changes; best first reads fewest leaves: 3 8 12 | 2 | 2.
    assert_eq!(best["value"], 3);
    assert_eq!(worst["value"], 3);
    assert_eq!(best["leaves_evaluated"], 5);
    assert_eq!(worst["leaves_evaluated"], 9);
}

#[test]
fn games_are_written_out_as_trees_the_lab_reads() {
    let limits = TreeLimits::default();
    let request = GameTreeRequest {
        game: "race:4,2".into(),
        ..GameTreeRequest::default()
    };
    let tree = game_tree(&request, &limits).unwrap();
    // Race to 4 adding 1 or 2: the first player wins (go to 1, then to 4 or 3+1).
    let json = json(&TreeRequest::new(tree.tree.clone()));
    assert_eq!(json["value"], 1);
    assert_eq!(tree.nodes, 1 + count_race(0, 4));
    let error = game_tree(
        &GameTreeRequest {
            game: "tictactoe".into(),
            ..GameTreeRequest::default()
        },
        &TreeLimits {
            tree: Limits {
                max_nodes: 1000,
                ..Limits::default()
            },
            ..limits
        },
    )
    .unwrap_err();
    assert_eq!(error.limit, Some("max_tree_nodes"));
}

/// Nodes below a race position at `total` (each move adds 1 or 2, up to `goal`).
fn count_race(total: u32, goal: u32) -> usize {
    (1..=2)
        .filter(|add| total + add <= goal)
        .map(|add| {
            if total + add == goal {
                1
            } else {
                1 + count_race(total + add, goal)
            }
        })
        .sum()
}

#[test]
fn mistakes_are_sorted_by_kind() {
    let limits = TreeLimits::default();
    let error = evaluate_tree(&TreeRequest::new("(a (b 1) 2"), &limits).unwrap_err();
    assert_eq!(error.kind, ply_api::ErrorKind::Parse);
    assert!(error.error.starts_with("1:"), "{}", error.error);
    let mut request = TreeRequest::new(CLASSIC);
    request.algorithm = Some("mcts".into());
    let error = evaluate_tree(&request, &limits).unwrap_err();
    assert_eq!(error.kind, ply_api::ErrorKind::BadRequest);
    let small = TreeLimits {
        tree: Limits {
            max_nodes: 5,
            ..Limits::default()
        },
        ..limits
    };
    let error = evaluate_tree(&TreeRequest::new(CLASSIC), &small).unwrap_err();
    assert_eq!(error.kind, ply_api::ErrorKind::Limit);
    assert_eq!(error.limit, Some("max_tree_nodes"));
    assert!(
        error.error.ends_with("(limit max_tree_nodes)"),
        "{}",
        error.error
    );
    let tiny = TreeLimits {
        max_bytes: 10,
        ..limits
    };
    let error = evaluate_tree(&TreeRequest::new(CLASSIC), &tiny).unwrap_err();
    assert_eq!(error.limit, Some("max_tree_bytes"));
}
