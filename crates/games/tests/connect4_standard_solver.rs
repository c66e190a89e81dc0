//! The standard board's own solver ([`StandardSolver`]) against the engine with Connect
//! Four's hooks (an independent search: its own bitboard code paths, table and
//! pruning) and against Pons' public test sets:
//!
//! * random games of every length, both sides to move, one and two threads: the same
//!   score as the engine, and the best column reaches it;
//! * the public sets (`PLY_C4_DATA`, or `../shared/data/connect4` next to the
//!   repository), skipped with a notice when absent: every position of the three
//!   easier sets, a sample of the harder ones;
//! * what it refuses, and a raised stop.

mod common;

use ply_core::Game;
use ply_core::engine::{Engine, Limits, Settings};
use ply_core::stop::Stop;
use ply_games::connect4::{
    Connect4Eval, Connect4Hooks, StandardSolveError, StandardSolver, to_pons,
};
use ply_games::{Connect4, Notation};

/// Pons' score of `pos` from the engine.
fn engine_score(pos: &Connect4) -> i32 {
    let mut engine = Engine::new(
        Connect4Hooks,
        Connect4Eval,
        Settings {
            exact_pv: false,
            ..Settings::default().with_hash(16)
        },
    );
    let result = engine.search(pos, &Limits::exact());
    assert!(result.exact);
    to_pons(pos, result.score).unwrap()
}

/// A random game of `length` stones that has not ended (xorshift from `seed`): each
/// stone a random one of the moves that neither win nor let the opponent win next, so
/// that games last; `None` when there is none.
fn random_game(seed: &mut u64, length: usize) -> Option<Connect4> {
    let mut pos = Connect4::standard();
    for _ in 0..length {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        let quiet: Vec<_> = pos
            .legal_moves()
            .into_iter()
            .filter(|&mv| {
                let child = pos.after(mv);
                child.outcome().is_none()
                    && child
                        .legal_moves()
                        .iter()
                        .all(|&reply| !child.is_winning_move(reply))
            })
            .collect();
        if quiet.is_empty() {
            return None;
        }
        pos.play(quiet[(*seed % quiet.len() as u64) as usize]);
    }
    Some(pos)
}

/// Checks the solution's score against `expected` and that its best column reaches it.
fn check(solver: &StandardSolver, pos: &Connect4, expected: i32) {
    let stop = Stop::new();
    let solution = solver.solve(pos, &stop).unwrap().unwrap();
    let name = pos.position_string();
    assert_eq!(solution.score, expected, "{name}");
    let best = solution.best.expect("a best column");
    let child = pos.after(pos.parse_move(&(best + 1).to_string()).unwrap());
    let reached = if pos.is_winning_move(best) {
        (44 - pos.moves_played() as i32 - 1) / 2
    } else if child.outcome().is_some() {
        0 // the board is full
    } else {
        -solver.solve(&child, &stop).unwrap().unwrap().score
    };
    assert_eq!(reached, expected, "{name}: column {}", best + 1);
}

#[test]
fn random_games_score_as_the_engine_scores_them() {
    let one = StandardSolver::new(8 << 20, 1).unwrap();
    let two = StandardSolver::new(8 << 20, 2).unwrap();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let (mut checked, mut wins, mut losses, mut draws) = (0, 0, 0, 0);
    // From 16 stones (the engine alone takes long before) to a full board but one.
    for length in (16..42).cycle().take(600) {
        let Some(pos) = random_game(&mut seed, length) else {
            continue;
        };
        let expected = engine_score(&pos);
        let solver = if checked % 3 == 0 { &two } else { &one };
        solver.clear();
        check(solver, &pos, expected);
        checked += 1;
        match expected.signum() {
            1 => wins += 1,
            -1 => losses += 1,
            _ => draws += 1,
        }
    }
    assert!(
        checked >= 150 && wins >= 20 && losses >= 20 && draws >= 10,
        "{checked} {wins} {losses} {draws}"
    );
}

#[test]
fn quick_wins_and_losses_are_answered_at_once() {
    let solver = StandardSolver::new(1 << 20, 1).unwrap();
    let stop = Stop::new();
    let c4 = Connect4::standard();
    // The first player wins with the 7th stone: (42 + 2 - 7) / 2 = 18.
    let pos = c4.parse_position("445566").unwrap();
    let solution = solver.solve(&pos, &stop).unwrap().unwrap();
    assert_eq!(solution.score, 18);
    assert!(matches!(solution.best, Some(2 | 6)), "{:?}", solution.best);
    // Two threats to block: lost to the 7th stone.
    let pos = c4.parse_position("44556").unwrap();
    assert_eq!(solver.solve(&pos, &stop).unwrap().unwrap().score, -18);
}

#[test]
fn other_boards_finished_games_and_stops_are_refused_or_reported() {
    let solver = StandardSolver::new(1 << 20, 1).unwrap();
    let stop = Stop::new();
    let small = Connect4::new(5, 4).unwrap();
    assert_eq!(
        solver.solve(&small, &stop),
        Err(StandardSolveError::NotStandard(5, 4))
    );
    let won = Connect4::standard().parse_position("4455667").unwrap();
    assert_eq!(solver.solve(&won, &stop), Err(StandardSolveError::GameOver));
    let raised = Stop::new();
    raised.raise();
    for threads in [1, 2] {
        let solver = StandardSolver::new(1 << 20, threads).unwrap();
        assert_eq!(solver.solve(&Connect4::standard(), &raised), Ok(None));
    }
}

/// Solves every `step`-th line of a set with `threads` threads and checks each score
/// and best column.
fn check_set(name: &str, step: usize, threads: usize) {
    let Some(text) = common::read_c4_set(name) else {
        return;
    };
    let solver = StandardSolver::new(64 << 20, threads).unwrap();
    let c4 = Connect4::standard();
    let mut solved = 0;
    for line in text.lines().step_by(step) {
        let (moves, score) = line.split_once(' ').unwrap();
        let pos = c4.parse_position(moves).unwrap();
        solver.clear();
        check(&solver, &pos, score.parse().unwrap());
        solved += 1;
    }
    assert_eq!(solved, 1000usize.div_ceil(step), "{name}");
}

#[test]
fn pons_sets_end_and_middle_every_position() {
    check_set("Test_L3_R1", 1, 1);
    check_set("Test_L2_R1", 1, 1);
    check_set("Test_L1_R1", 1, 2);
}

#[test]
fn pons_sets_beginning_a_sample() {
    check_set("Test_L2_R2", 10, 1);
    check_set("Test_L1_R2", 100, 2);
}
