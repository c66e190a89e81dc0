//! Tic-tac-toe figures known independently of ply, and perfect play checked exhaustively.

use ply_core::count::{count_positions, count_tree};
use ply_core::{
    Algorithm, Evaluator, Game, NoEvaluation, Player, Score, SearchOptions, alpha_beta,
    alpha_beta_with, evaluate_moves, minimax, negamax,
};
use ply_games::{Cell, Mnk, Notation, Playable};

fn ttt(text: &str) -> Mnk {
    Mnk::tic_tac_toe()
        .parse_position(text)
        .expect("valid test position")
}

#[test]
fn full_game_tree_counts() {
    let counts = count_tree(&Mnk::tic_tac_toe());
    assert_eq!(counts.nodes, 549_946);
    assert_eq!(counts.games, 255_168);
    assert_eq!(counts.first_player_wins, 131_184);
    assert_eq!(counts.second_player_wins, 77_904);
    assert_eq!(counts.draws, 46_080);
}

#[test]
fn distinct_positions() {
    let start = Mnk::tic_tac_toe();
    assert_eq!(count_positions(&start, Mnk::clone), 5_478);
    assert_eq!(
        count_positions(&start, |p: &Mnk| p.canonical().expect("square board")),
        765
    );
}

#[test]
fn the_game_is_a_draw_for_every_algorithm() {
    let start = Mnk::tic_tac_toe();
    for algorithm in Algorithm::ALL {
        let result = algorithm.search(
            &start,
            &NoEvaluation,
            SearchOptions::default(),
            &mut ply_core::NoObserver,
        );
        assert_eq!(result.value, Score::DRAW, "{algorithm}");
        assert_eq!(result.pv.len(), 9, "a drawn game fills the board");
    }
    // Minimax visits the whole tree: every node of it, every finished game.
    let full = minimax(&start, &NoEvaluation, None);
    assert_eq!(full.stats.nodes, 549_946);
    assert_eq!(full.stats.leaves, 255_168);
}

/// Every legal position reachable from the start, each once.
fn all_positions() -> Vec<Mnk> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![Mnk::tic_tac_toe()];
    let mut all = Vec::new();
    while let Some(pos) = stack.pop() {
        if !seen.insert(pos) {
            continue;
        }
        all.push(pos);
        for mv in pos.legal_moves() {
            stack.push(pos.after(mv));
        }
    }
    all
}

#[test]
fn three_algorithms_agree_on_every_position_and_depth() {
    let eval = Mnk::tic_tac_toe().evaluator();
    for pos in all_positions() {
        for depth in [None, Some(1), Some(2), Some(3)] {
            let a = minimax(&pos, &eval, depth).value;
            assert_eq!(
                a,
                negamax(&pos, &eval, depth).value,
                "{}",
                pos.position_string()
            );
            assert_eq!(
                a,
                alpha_beta(&pos, &eval, depth).value,
                "{}",
                pos.position_string()
            );
        }
    }
}

/// Plays `engine` perfectly against every possible sequence of opponent moves.
fn never_loses(pos: Mnk, engine: Player, games: &mut u64) {
    if let Some(outcome) = pos.outcome() {
        *games += 1;
        assert_ne!(
            outcome.winner(pos.to_move()),
            Some(engine.opponent()),
            "the perfect player lost: {}",
            pos.position_string()
        );
        return;
    }
    if pos.to_move() == engine {
        let best = alpha_beta(&pos, &NoEvaluation, None).best.expect("a move");
        never_loses(pos.after(best), engine, games);
    } else {
        for mv in pos.legal_moves() {
            never_loses(pos.after(mv), engine, games);
        }
    }
}

#[test]
fn perfect_player_never_loses_as_x_or_as_o() {
    for engine in [Player::First, Player::Second] {
        let mut games = 0;
        never_loses(Mnk::tic_tac_toe(), engine, &mut games);
        assert!(games > 0);
    }
}

#[test]
fn lost_side_still_blocks_the_open_line() {
    // X took a1 and b2; O answered b1. X threatens c3 now and forks next move,
    // so O loses whatever it does: but blocking c3 loses in 4 plies, not 2.
    let pos = ttt("XO./.X./...");
    assert_eq!(pos.to_move(), Player::Second);
    let result = alpha_beta(&pos, &NoEvaluation, None);
    assert_eq!(result.value, Score::loss_in(4));
    assert_eq!(pos.move_string(result.best.expect("a move")), "c3");
    let (moves, _) = evaluate_moves(
        &pos,
        &NoEvaluation,
        Algorithm::AlphaBeta,
        SearchOptions::default(),
    );
    for m in &moves[1..] {
        assert_eq!(
            m.value,
            Score::loss_in(2),
            "{} lets X win at once",
            pos.move_string(m.mv)
        );
    }

    // Without distance-aware scoring every move is just "a loss", and the engine gives up:
    // it keeps the first move it generates (c1) instead of blocking.
    let blind = SearchOptions {
        depth: None,
        distance_aware: false,
        ..SearchOptions::default()
    };
    let result = alpha_beta_with(&pos, &NoEvaluation, blind, &mut ply_core::NoObserver);
    assert_eq!(result.value, Score::loss_in(0));
    assert_eq!(pos.move_string(result.best.expect("a move")), "c1");
}

#[test]
fn depth_two_with_open_lines_takes_the_centre() {
    let start = Mnk::tic_tac_toe();
    let result = alpha_beta(&start, &start.evaluator(), Some(2));
    assert_eq!(result.best, Some(Cell(4)));
    assert_eq!(start.move_string(Cell(4)), "b2");
    // From the empty board, after X b2 and O's best reply (a corner) X has 5 open lines, O 4: +1.
    assert_eq!(result.value, Score::heuristic(100));
}

#[test]
fn open_lines_evaluation() {
    let eval = Mnk::tic_tac_toe().evaluator();
    // X in the centre, O to move: X has all 8 lines open, O has the 4 lines avoiding b2.
    assert_eq!(eval.evaluate(&ttt(".../.X./...")), Score::heuristic(-400));
    assert_eq!(eval.evaluate(&Mnk::tic_tac_toe()), Score::DRAW);
}

#[test]
fn notation_reads_and_writes() {
    let pos = ttt("X.O/.X./..O");
    assert_eq!(pos.to_move(), Player::First);
    assert_eq!(pos.position_string(), "X.O/.X./..O");
    assert_eq!(ttt("X.O.X...O"), pos, "slashes are optional");
    assert_eq!(pos.parse_move("b3").map(|c| c.0), Ok(7));
    assert_eq!(pos.parse_move("8").map(|c| c.0), Ok(7));
    assert_eq!(pos.move_string(Cell(0)), "a1");
    assert_eq!(pos.move_string(Cell(8)), "c3");
}

#[test]
fn notation_errors_say_what_is_wrong() {
    let start = Mnk::tic_tac_toe();
    let err = |text: &str| start.parse_position(text).expect_err(text).to_string();
    assert!(err("X.O/.X.").contains("2 rows"));
    assert!(err("X.O/.X../..O").contains("row 2"));
    assert!(err("XX......").contains("8 cells"));
    assert!(err("XXX/O../...").contains("impossible counts"));
    assert!(err("OO./.../...").contains("impossible counts"));
    assert!(err("XXX/OOO/...").contains("both X and O"));
    assert!(err("XXX/OO./O..").contains("X has a line but O moved"));
    assert!(err("X.Z/.../...").contains("'Z' at column 3"));
    let pos = ttt("X../.../...");
    assert!(
        pos.parse_move("a1")
            .expect_err("taken")
            .to_string()
            .contains("already taken")
    );
    assert!(
        pos.parse_move("d1")
            .expect_err("off")
            .to_string()
            .contains("off the board")
    );
    assert!(
        pos.parse_move("10")
            .expect_err("off")
            .to_string()
            .contains("off the board")
    );
    assert!(
        pos.parse_move("hello")
            .expect_err("junk")
            .to_string()
            .contains("not a cell")
    );
    let over = ttt("XXX/OO./...");
    assert!(
        over.parse_move("c2")
            .expect_err("over")
            .to_string()
            .contains("over")
    );
}

#[test]
fn m_n_k_values_known_from_the_literature() {
    // (3,3,3) draw; (4,3,3) and (3,4,3): first player wins; (4,4,3): first player wins; (2,2,2): first player wins.
    for (m, n, k, first_wins) in [
        (3, 3, 3, false),
        (4, 3, 3, true),
        (3, 4, 3, true),
        (2, 2, 2, true),
        (3, 3, 4, false),
    ] {
        if k > m.max(n) {
            assert!(Mnk::new(m, n, k).is_err());
            continue;
        }
        let start = Mnk::new(m, n, k).expect("valid shape");
        let value = alpha_beta(&start, &NoEvaluation, None).value;
        assert_eq!(value.is_win(), first_wins, "mnk:{m},{n},{k}");
        if !first_wins {
            assert_eq!(value, Score::DRAW);
        }
    }
}

#[test]
fn symmetry_classes_of_rectangular_boards() {
    let start = Mnk::new(3, 2, 2).expect("valid shape");
    let plain = count_positions(&start, Mnk::clone);
    let reduced = count_positions(&start, |p: &Mnk| p.canonical().expect("has symmetries"));
    assert!(reduced < plain && reduced * 4 >= plain);
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_text_reads_or_errors(text in "[XO.xo/ _0-9a-z]{0,14}") {
            if let Ok(pos) = Mnk::tic_tac_toe().parse_position(&text) {
                let again = Mnk::tic_tac_toe().parse_position(&pos.position_string());
                prop_assert_eq!(again, Ok(pos));
            }
        }

        #[test]
        fn every_reached_position_round_trips(moves in proptest::collection::vec(0u8..9, 0..9)) {
            let mut pos = Mnk::tic_tac_toe();
            for cell in moves {
                if pos.outcome().is_some() { break; }
                if pos.legal_moves().contains(&Cell(cell)) { pos.play(Cell(cell)); }
            }
            prop_assert_eq!(Mnk::tic_tac_toe().parse_position(&pos.position_string()), Ok(pos));
            for mv in pos.legal_moves() {
                prop_assert_eq!(pos.parse_move(&pos.move_string(mv)), Ok(mv));
            }
        }
    }
}
