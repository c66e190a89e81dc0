//! Pig to 20 written out as a tree with chance nodes (`examples/trees/pig-small.txt`):
//! the file is what [`expand_chance_to_depth`] writes, and its expectiminimax value is
//! pinned exactly and checked against a separate recursion over Pig's positions.

use ply_core::Player;
use ply_core::chance::{Ratio, expectiminimax};
use ply_games::pig::{Pig, PigMove, PigSolution, PigState};
use ply_tree::expand_chance_to_depth;

/// The example's root: Pig to 20, the first player to start a turn at 12 to 14.
const ROOT: &str = "20:12+0-14";
/// Two throws deep: a decision, a throw, a decision, a throw.
const DEPTH: u32 = 4;
const FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/trees/pig-small.txt"
);
const HEADER: &str = "\
# Pig to 20 from 12+0-14 (the first player, MAX, starts a turn at 12 to 14), two throws
# deep. A decision is [max] or [min] (a player who rolls 2 to 6 decides again), a throw
# is [chance] with six faces d1..d6 of 1/6 each. Values are expected scores for MAX: a
# win +1, a loss -1. A position still going at the horizon (a name ending in …) is
# valued 2p - 1, p the exact chance that MAX wins from there under optimal play
# (value iteration, rounded to 0.001). Written by crates/tree/tests/pig.rs.
";

/// MAX's expected score, 2p − 1, in thousandths, of a position of Pig (`p` for MAX).
fn estimate(solution: &PigSolution, pos: &Pig) -> i64 {
    let state = pos.state();
    let mover = if pos.is_rolling() {
        solution.decision_values(state).unwrap().roll
    } else {
        solution.win_probability(state).unwrap()
    };
    let p = if state.to_move() == Player::First {
        mover
    } else {
        1.0 - mover
    };
    (1000.0 * (2.0 * p - 1.0)).round() as i64
}

fn name(mv: PigMove) -> String {
    match mv {
        PigMove::Roll => "roll".into(),
        PigMove::Hold => "hold".into(),
        PigMove::Face(face) => format!("d{face}"),
    }
}

fn written() -> (String, ply_tree::ExplicitTree, PigSolution) {
    let solution = PigSolution::solve(20).unwrap();
    let root = Pig::new(PigState::parse(ROOT).unwrap());
    let (text, tree) = expand_chance_to_depth(
        &root,
        "12+0-14",
        |_, mv| name(mv),
        DEPTH,
        |pos| estimate(&solution, pos),
        &Default::default(),
    )
    .unwrap();
    (format!("{HEADER}{text}"), tree, solution)
}

/// The committed file is the one written here (`PLY_BLESS=1` writes it again).
#[test]
fn the_example_file_is_the_written_tree() {
    let (text, _, _) = written();
    if std::env::var_os("PLY_BLESS").is_some() {
        std::fs::write(FILE, &text).unwrap();
    }
    let committed = std::fs::read_to_string(FILE).unwrap();
    assert_eq!(
        committed, text,
        "examples/trees/pig-small.txt is stale: PLY_BLESS=1 writes it"
    );
}

/// MAX's value by a recursion of its own over Pig's positions, with the same leaves.
fn by_recursion(solution: &PigSolution, pos: &Pig, level: u32) -> f64 {
    if let Some(winner) = pos.winner() {
        return if winner == Player::First { 1.0 } else { -1.0 };
    }
    if level >= DEPTH {
        return estimate(solution, pos) as f64 / 1000.0;
    }
    let mut moves = Vec::new();
    ply_core::Game::generate_moves(pos, &mut moves);
    let values = moves.into_iter().map(|mv| {
        let mut child = *pos;
        ply_core::Game::play(&mut child, mv);
        by_recursion(solution, &child, level + 1)
    });
    if pos.is_rolling() {
        values.sum::<f64>() / 6.0
    } else if pos.state().to_move() == Player::First {
        values.fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.fold(f64::INFINITY, f64::min)
    }
}

#[test]
fn the_small_pig_tree_has_its_exact_value() {
    let (_, tree, solution) = written();
    assert_eq!(tree.len(), NODES);
    // The tree's values are in thousandths: 1757/4 is 0.43925, what `ply tree
    // examples/trees/pig-small.txt` prints.
    let value = expectiminimax(&tree.root_position()).unwrap().value;
    assert_eq!(value, Ratio::new(1757, 4).unwrap());
    let value = value.to_f64() / 1000.0;
    let root = Pig::new(PigState::parse(ROOT).unwrap());
    assert!((value - by_recursion(&solution, &root, 0)).abs() < 1e-12);
    // With the exact chances at the horizon, two throws of search give the solved value
    // back, up to the leaves' rounding: 2p − 1 for the solved p at the root.
    let p = solution.win_probability(root.state()).unwrap();
    assert!(
        (value - (2.0 * p - 1.0)).abs() < 0.001,
        "{value} against {}",
        2.0 * p - 1.0
    );
}

/// The nodes of the tree: the root, 12 outcomes of its roll and their subtrees.
const NODES: usize = 60;

/// The tree built node by node is the tree its text reads back to, at every depth and
/// from either player's turn, and the text's length is known before it is written.
#[test]
fn the_written_tree_reads_back_to_the_tree_built_node_by_node() {
    let solution = PigSolution::solve(20).unwrap();
    for (root, depth) in [("20:12+0-14", 1), ("20:12+0-14", 4), ("20:14-12+5", 5)] {
        let pig = Pig::new(PigState::parse(root).unwrap());
        let tree = ply_tree::expand_chance(
            &pig,
            "root",
            |_, mv| name(mv),
            depth,
            |pos| estimate(&solution, pos),
            &Default::default(),
        )
        .unwrap();
        let text = ply_tree::written_chance_tree(&tree);
        assert_eq!(ply_tree::written_chance_tree_len(&tree), text.len() as u64);
        assert_eq!(ply_tree::parse(&text, &Default::default()).unwrap(), tree);
    }
}

/// 10,000 levels of Pig to 20 (a player who throws a 1 passes the turn, so lines go on
/// for ever): refused at its node limit, naming it, from the nodes it has (its text,
/// each line indented by its depth, took 4 GB at a million nodes before the count
/// was reached).
#[test]
fn a_pig_tree_past_its_node_limit_is_refused_naming_the_limit() {
    let solution = PigSolution::solve(20).unwrap();
    let root = Pig::new(PigState::parse(ROOT).unwrap());
    let options = ply_tree::ParseOptions {
        limits: ply_tree::Limits {
            max_nodes: 100_000,
            max_depth: 10_000,
        },
        ..Default::default()
    };
    let started = std::time::Instant::now();
    let error = expand_chance_to_depth(
        &root,
        "12+0-14",
        |_, mv| name(mv),
        10_000,
        |pos| estimate(&solution, pos),
        &options,
    )
    .unwrap_err();
    assert_eq!(error.limit, Some("max_nodes"));
    assert_eq!(
        error.to_string(),
        "the tree has more than 100000 nodes (raise the limit with --max-nodes); choose a smaller depth"
    );
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    // Deeper than the depth limit: refused at the first position below it.
    let shallow = ply_tree::ParseOptions {
        limits: ply_tree::Limits {
            max_nodes: 100_000,
            max_depth: 100,
        },
        ..Default::default()
    };
    let error = expand_chance_to_depth(
        &root,
        "12+0-14",
        |_, mv| name(mv),
        10_000,
        |pos| estimate(&solution, pos),
        &shallow,
    )
    .unwrap_err();
    assert_eq!(error.limit, Some("max_depth"));
}
