//! Games written out as explicit trees: same size as the game tree, same value as the solver.

use ply_core::count::count_tree;
use ply_core::{Algorithm, Game, NoEvaluation, NoObserver, Player, SearchOptions, alpha_beta_with};
use ply_games::Notation;
use ply_games::mnk::Mnk;
use ply_tree::{ExpandOptions, Limits, annotate, expand};

fn written_out(position: &Mnk) -> ply_tree::ExplicitTree {
    expand(
        position,
        &position.position_string(),
        |pos, mv| pos.move_string(mv),
        &ExpandOptions::default(),
    )
    .expect("small enough")
}

/// The solver's verdict for the side to move as 1, 0 or -1.
fn solved(position: &Mnk) -> i32 {
    let options = SearchOptions {
        depth: None,
        distance_aware: false,
        ..SearchOptions::default()
    };
    let value = alpha_beta_with(position, &NoEvaluation, options, &mut NoObserver).value;
    if value.is_win() {
        1
    } else if value.is_loss() {
        -1
    } else {
        0
    }
}

#[test]
fn tic_tac_toe_positions() {
    let start = Mnk::tic_tac_toe();
    // X to move and win; O to move and lose; a drawn middle game.
    for text in ["XO./.X./O..", "XO./.X./...", "XOX/.O./...", "X../.O./..."] {
        let position = start.parse_position(text).unwrap();
        let tree = written_out(&position);
        assert_eq!(tree.len() as u64, count_tree(&position).nodes, "{text}");
        assert_eq!(
            tree.leaf_count() as u64,
            count_tree(&position).games,
            "{text}"
        );
        assert_eq!(tree.node(0).name, text);
        for algorithm in Algorithm::ALL {
            let run = annotate(&tree, algorithm);
            assert_eq!(run.value.raw(), solved(&position), "{text} {algorithm}");
        }
        // Children are named by their moves, in the order the game generates them.
        let names: Vec<String> = tree
            .children(0)
            .iter()
            .map(|&c| tree.node(c).name.clone())
            .collect();
        let moves: Vec<String> = position
            .legal_moves()
            .into_iter()
            .map(|m| position.move_string(m))
            .collect();
        assert_eq!(names, moves);
    }
}

#[test]
fn values_are_from_the_player_at_the_root() {
    let start = Mnk::tic_tac_toe();
    // O is to move here, so O is MAX of the written-out tree, and wins at once.
    let position = start.parse_position("XX./OO./X..").unwrap();
    assert_eq!(position.to_move(), Player::Second);
    let tree = written_out(&position);
    assert_eq!(tree.node(0).mover, Player::First); // the side to move at the root is MAX
    let run = annotate(&tree, Algorithm::AlphaBeta);
    assert_eq!(run.value.raw(), 1, "O completes the middle row");
    assert_eq!(tree.node(run.best.unwrap()).name, "c2");
}

#[test]
fn small_boards_from_the_start() {
    for (m, n, k) in [(2, 2, 2), (3, 2, 2), (3, 2, 3), (2, 3, 3)] {
        let start = Mnk::new(m, n, k).unwrap();
        let tree = written_out(&start);
        assert_eq!(
            tree.len() as u64,
            count_tree(&start).nodes,
            "mnk:{m},{n},{k}"
        );
        assert_eq!(
            annotate(&tree, Algorithm::Minimax).value.raw(),
            solved(&start),
            "mnk:{m},{n},{k}"
        );
    }
}

#[test]
fn the_node_limit_is_an_error() {
    let options = ExpandOptions {
        limits: Limits {
            max_nodes: 1_000,
            ..Limits::default()
        },
        ..ExpandOptions::default()
    };
    let error = expand(
        &Mnk::tic_tac_toe(),
        "start",
        |p, m| p.move_string(m),
        &options,
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "the tree has more than 1000 nodes (raise the limit with --max-nodes); start from a later position"
    );
}

/// Pursuit games repeat positions: their tree is the solved strategy. Minimax over it
/// must give back the retrograde verdict, and when the cops win, the longest line
/// (the fugitive resisting as long as it can) is exactly the solved distance to capture.
#[test]
fn strategy_trees_of_games_whose_positions_repeat() {
    use ply_core::RetrogradeTable;
    use ply_games::pursuit::Pursuit;
    use ply_tree::expand_strategy;

    for (spec, cops_win) in [
        ("path:1", true),
        ("path:4", true),
        ("path:7", true),
        ("tree:0,0,1,1,2", true),
        ("cycle:4", false),
        ("cycle:6", false),
        ("grid:3x3", false),
        ("grid:1x5", true),
    ] {
        let start = Pursuit::from_spec_args(spec).expect("valid spec");
        let table = RetrogradeTable::solve(&start).expect("small game");
        let tree = expand_strategy(
            &start,
            "start",
            |pos, mv| pos.move_string(mv),
            |pos| table.score(pos),
            |pos| table.best_moves(pos).unwrap_or_default(),
            &ExpandOptions::default(),
        )
        .expect("small strategy");
        let run = annotate(&tree, Algorithm::Minimax);
        let expected = table.score(&start).expect("the start is solved");
        assert_eq!(
            run.value.raw(),
            if expected.is_win() { 1 } else { 0 },
            "{spec}"
        );
        assert_eq!(expected.is_win(), cops_win, "{spec}");
        if let Some(plies) = expected.plies_to_end() {
            assert_eq!(tree.height(), plies, "{spec}: the longest line to capture");
        }
    }
}

/// A game's moves and positions may be numbers (race, Connect Four) or hold commas
/// (wythoff): the bracket text of its tree still reads back to the same tree.
#[test]
fn game_trees_write_brackets_that_read_back() {
    use ply_games::{Notation, Race, Wythoff};
    let check = |tree: ply_tree::ExplicitTree| {
        let text = tree.to_bracket();
        let again =
            ply_tree::parse(&text, &Default::default()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(again.len(), tree.len(), "{text}");
        assert_eq!(again.to_bracket(), text);
        let ab = ply_tree::annotate(&tree, ply_core::Algorithm::AlphaBeta);
        let ab_again = ply_tree::annotate(&again, ply_core::Algorithm::AlphaBeta);
        assert_eq!(ab.value, ab_again.value, "{text}");
        text
    };
    let race = Race::new(4, 2).unwrap();
    let text = check(
        expand(
            &race,
            &race.position_string(),
            |p, m| p.move_string(m),
            &ExpandOptions::default(),
        )
        .unwrap(),
    );
    assert!(text.starts_with("(_0 (_1 "), "{text}");
    let wythoff = Wythoff::new(1, 2);
    let text = check(
        expand(
            &wythoff,
            &wythoff.position_string(),
            |p, m| p.move_string(m),
            &ExpandOptions::default(),
        )
        .unwrap(),
    );
    assert!(text.starts_with("(1;2 "), "{text}");
}
