//! The tests of `ply_api::play`.

use ply_api::control::Control;
use ply_api::play::*;
use ply_games::Notation;
use ply_games::connect4::OpeningBook;
use std::sync::Arc;

fn request(game: &str, moves: &[&str]) -> GameRequest {
    GameRequest {
        game: game.into(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        ..GameRequest::default()
    }
}

#[test]
fn tic_tac_toe_state_and_its_cells() {
    let state = state(&request("tictactoe", &["b2", "a1"])).unwrap();
    assert_eq!(state.to_move, "X");
    assert_eq!(state.legal.len(), 7);
    let diagram = state.diagram.unwrap();
    assert_eq!(diagram.cells, ["O..", ".X.", "..."]);
    assert_eq!(diagram.cell_moves[0][0], None);
    assert_eq!(diagram.cell_moves[0][1].as_deref(), Some("b1"));
    assert!(state.outcome.is_none());
}

#[test]
fn illegal_moves_are_refused_with_their_number() {
    let error = state(&request("tictactoe", &["b2", "b2"])).unwrap_err();
    assert_eq!(error.kind, ply_api::ErrorKind::BadRequest);
    assert!(
        error.error.starts_with("move 2 ('b2'): "),
        "{}",
        error.error
    );
    let error = state(&request("checkers", &[])).unwrap_err();
    assert_eq!(error.kind, ply_api::ErrorKind::BadRequest);
}

#[test]
fn the_start_of_tic_tac_toe_is_a_draw_for_every_good_move() {
    let analysis = analysis(
        &request("tictactoe", &[]),
        &PlayLimits::default(),
        &Control::new(),
    )
    .unwrap();
    assert!(analysis.exact);
    assert_eq!(analysis.value, "draw");
    // Every first move of tic-tac-toe draws with best play.
    assert_eq!(analysis.moves.len(), 9);
    assert!(analysis.moves.iter().all(|m| m.value == "draw"));
}

#[test]
fn a_won_position_says_in_how_many_plies() {
    // X: a1 b1, O: a2 b2; X to move wins at once with c1.
    let analysis = analysis(
        &request("tictactoe", &["a1", "a2", "b1", "b2"]),
        &PlayLimits::default(),
        &Control::new(),
    )
    .unwrap();
    assert_eq!(analysis.best, ["c1"]);
    assert_eq!(analysis.moves[0].text, "win in 1");
}

#[test]
fn nim_is_solved_and_the_engine_takes_the_winning_move() {
    // 3,4,5: nim-sum 2, the winning moves make it 0 (take 2 from the 3: 1,4,5).
    let mut req = request("nim:3,4,5", &[]);
    let analysis = ply_api::play::analysis(&req, &PlayLimits::default(), &Control::new()).unwrap();
    assert!(analysis.exact);
    assert_eq!(analysis.value, "win");
    let answer = engine_move(&req, &PlayLimits::default(), &Control::new()).unwrap();
    req.moves.push(answer.mv.clone());
    let after = ply_api::play::analysis(&req, &PlayLimits::default(), &Control::new()).unwrap();
    assert_eq!(
        after.value, "loss",
        "{} leaves a win for the opponent",
        answer.mv
    );
}

#[test]
fn connect_four_values_every_column() {
    // Each column gets a seventh of the time, and a column not reached by the deadline is
    // left out: 2 s leaves room on a busy machine (300 ms once left a column out).
    let req = GameRequest {
        time_ms: Some(2_000),
        ..request("connect4", &["4", "4", "4", "4", "4"])
    };
    let analysis = ply_api::play::analysis(&req, &PlayLimits::default(), &Control::new()).unwrap();
    assert_eq!(analysis.moves.len(), 7);
    let state = state(&req).unwrap();
    let diagram = state.diagram.unwrap();
    assert!(diagram.discs);
    // Column 4 is one stone from full; its next stone lands on the top row.
    assert_eq!(diagram.cell_moves[0][3].as_deref(), Some("4"));
    assert_eq!(diagram.cell_moves[5][0].as_deref(), Some("1"));
}

/// On the standard board the standard solver values every column exactly past the
/// book's stones (Test_L3_R1, line 2: the side to move wins, Pons' score +1).
#[test]
fn connect_four_values_are_exact_in_mid_game() {
    let moves: Vec<String> = "7422341735647741166133573473242566"
        .chars()
        .map(String::from)
        .collect();
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let req = GameRequest {
        time_ms: Some(5_000),
        ..request("connect4", &moves)
    };
    let analysis = ply_api::play::analysis(&req, &PlayLimits::default(), &Control::new()).unwrap();
    assert!(analysis.exact, "{analysis:?}");
    assert_eq!(analysis.moves[0].value, "win", "{analysis:?}");
}

/// On the standard board the analysis is the solver's, move for move: each column's
/// value and its plies to the end are those `solve` gives, from both sides: positions of
/// 11 to 20 stones, one with a full column, one where every move but one loses at once.
#[test]
fn connect_four_analysis_is_the_solve_move_for_move() {
    for position in [
        "67152117737262713366",
        "3642756176227637211",
        "4533227135451355",
        "44444422233",
        "36166627337",
    ] {
        let moves: Vec<String> = position.chars().map(String::from).collect();
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let req = GameRequest {
            time_ms: Some(10_000),
            ..request("connect4", &moves)
        };
        let analysis =
            ply_api::play::analysis(&req, &PlayLimits::default(), &Control::new()).unwrap();
        assert!(analysis.exact, "{position}: {analysis:?}");
        let solved = ply_api::solve::solve_spec(
            "connect4",
            Some(position),
            &ply_api::solve::SolveOptions {
                all_moves: true,
                threads: Some(1),
                ..ply_api::solve::SolveOptions::default()
            },
            false,
            None,
            &Control::new(),
        )
        .unwrap();
        let mut from_analysis: Vec<_> = analysis
            .moves
            .iter()
            .map(|m| (m.mv.clone(), m.value.to_string(), m.plies))
            .collect();
        let mut from_solve: Vec<_> = solved
            .moves
            .iter()
            .map(|m| (m.mv.clone(), m.value.to_string(), m.plies))
            .collect();
        from_analysis.sort();
        from_solve.sort();
        assert_eq!(from_analysis, from_solve, "{position}");
    }
}

/// With the shipped book (every position of up to 11 stones), every column after one
/// stone is answered exactly, at once.
#[test]
fn connect_four_reads_the_book() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../books/connect4.book");
    let file = std::fs::File::open(path).unwrap();
    let size = file.metadata().unwrap().len();
    let mut reader = std::io::BufReader::new(file);
    let book = OpeningBook::read_from(&mut reader, Some(size)).unwrap();
    let limits = PlayLimits {
        book: Some(Arc::new(book)),
        ..PlayLimits::default()
    };
    let req = GameRequest {
        time_ms: Some(50),
        ..request("connect4", &["4"])
    };
    let analysis = ply_api::play::analysis(&req, &limits, &Control::new()).unwrap();
    assert!(analysis.exact, "{analysis:?}");
    assert_eq!(analysis.moves.len(), 7);
    // The first player wins Connect Four from the centre: after 4, every reply of O
    // loses with best play.
    assert!(
        analysis.moves.iter().all(|m| m.value == "loss"),
        "{analysis:?}"
    );
}

/// A pile of a million: the state lists the first 10,000 moves and counts them all;
/// the analysis ends within its time, whatever it could value.
#[test]
fn huge_positions_stay_bounded() {
    let req = GameRequest {
        time_ms: Some(200),
        ..request("nim:1000000,1000000", &[])
    };
    let state = state(&req).unwrap();
    assert_eq!(state.legal.len(), MAX_LEGAL_LISTED);
    assert_eq!(state.legal_count, 2_000_000);
    // Either refused at once or ended at its time, with fewer moves valued than
    // there are (valuing all two million would take far longer than 200 ms).
    if let Ok(analysis) = ply_api::play::analysis(&req, &PlayLimits::default(), &Control::new()) {
        assert!(analysis.moves.len() < 2_000_000, "{}", analysis.moves.len());
    }
}

#[test]
fn asking_for_too_much_time_is_refused() {
    let req = GameRequest {
        time_ms: Some(60_000),
        ..request("tictactoe", &[])
    };
    let error = ply_api::play::analysis(&req, &PlayLimits::default(), &Control::new()).unwrap_err();
    assert_eq!(error.limit, Some("max_search_ms"));
}

/// A finished game was valued as a draw whoever had won (its list of moves is empty,
/// and the best of none was taken to be a draw): its value is its result.
#[test]
fn a_finished_game_is_valued_by_its_result() {
    let limits = PlayLimits::default();
    for (game, moves, value, text) in [
        // Fool's mate: White, to move, is mated.
        (
            "chess",
            &["f3", "e5", "g4", "Qh4#"][..],
            "loss",
            "the game is over: lost",
        ),
        // X has a1 b1 c1; O is to move and has lost.
        (
            "tictactoe",
            &["a1", "a2", "b1", "b2", "c1"],
            "loss",
            "the game is over: lost",
        ),
        // Stalemate (Black to move, no legal move, not in check) and a full board drawn.
        (
            "chess",
            &[
                "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7",
                "Qxb7", "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6",
            ],
            "draw",
            "the game is over: drawn",
        ),
        (
            "tictactoe",
            &["a1", "b1", "c1", "b2", "a2", "c2", "b3", "a3", "c3"],
            "draw",
            "the game is over: drawn",
        ),
    ] {
        let req = request(game, moves);
        let analysis = analysis(&req, &limits, &Control::new()).unwrap();
        assert!(analysis.exact, "{game} {moves:?}");
        assert_eq!(analysis.value, value, "{game} {moves:?}");
        assert_eq!(analysis.text, text, "{game} {moves:?}");
        assert!(analysis.moves.is_empty() && analysis.best.is_empty());
        // The state says the same of it, and the engine has no move to play.
        let outcome = state(&req).unwrap().outcome.expect("the game is over");
        assert_eq!(outcome.result, if value == "draw" { "draw" } else { "win" });
        let error = engine_move(&req, &limits, &Control::new()).unwrap_err();
        assert_eq!(error.error, "the game is over: no move to play");
    }
}

/// An unfinished position of which no move could be valued (the caller stopped the
/// search before it began) is not a proved draw: nothing is known of it.
#[test]
fn a_position_with_no_move_valued_is_no_draw() {
    let stopped = Control::new();
    stopped
        .flag()
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let analysis = analysis(
        &request("chess", &["e4", "e5", "Nf3", "Nc6", "Bc4"]),
        &PlayLimits::default(),
        &stopped,
    )
    .unwrap();
    assert!(analysis.moves.is_empty(), "{analysis:?}");
    assert!(!analysis.exact);
    assert_eq!(analysis.value, "estimate");
    assert_eq!(analysis.text, "no move could be valued in the time");
}

/// A level's search took the longest time a request may have (`max_ms`) whatever
/// `time_ms` asked: 5.2 s for 50 ms at level 10 on the Italian opening.
#[test]
fn a_level_keeps_to_the_time_asked() {
    let limits = PlayLimits {
        max_ms: 600_000,
        ..PlayLimits::default()
    };
    let req = GameRequest {
        time_ms: Some(50),
        level: Some(serde_json::json!(10)),
        ..request("chess", &["e4", "e5", "Nf3", "Nc6", "Bc4"])
    };
    let clock = std::time::Instant::now();
    let answer = engine_move(&req, &limits, &Control::new()).unwrap();
    // A generous cap that only catches the time asked being ignored: a depth-10 search
    // of every move takes many seconds in a test build.
    assert!(
        clock.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        clock.elapsed()
    );
    assert_eq!(answer.analysis.method, "depth");
    let position = ply_games::chess::Chess::start()
        .parse_position("startpos moves e4 e5 Nf3 Nc6 Bc4")
        .unwrap();
    assert!(position.parse_move(&answer.mv).is_ok(), "{}", answer.mv);
}

#[test]
fn a_games_words_come_in_the_language_asked() {
    use ply_api::lang::Lang;
    // X to move wins at once with a3.
    let in_lang = |lang, moves: &[&str]| GameRequest {
        lang,
        ..request("tictactoe", moves)
    };
    let position = ["a1", "b1", "a2", "b2"];
    let limits = PlayLimits::default();
    for (lang, win) in [
        (Lang::En, "win in 1"),
        (Lang::Sv, "vinst i 1 drag"),
        (Lang::Zh, "1 步内胜"),
        (Lang::El, "νίκη σε 1"),
    ] {
        let analysis = analysis(&in_lang(lang, &position), &limits, &Control::new()).unwrap();
        assert_eq!((analysis.value, analysis.exact), ("win", true));
        assert_eq!(analysis.text, win, "{lang}");
        assert_eq!(analysis.text, lang.say("value.win", &[("count", &1)]));
        let a3 = analysis.moves.iter().find(|m| m.mv == "a3").unwrap();
        assert_eq!((a3.value, a3.text.as_str()), ("win", win));
        for m in &analysis.moves {
            // Every word from the catalog: a loss or a draw in the same language.
            let words = match m.value {
                "win" => lang.say("value.win", &[("count", &m.plies.unwrap())]),
                "loss" => lang.say("value.loss", &[("count", &m.plies.unwrap())]),
                _ => lang.say("value.draw", &[]),
            };
            assert_eq!(m.text, words, "{lang} {}", m.mv);
        }
    }
    // The game over: its outcome, and its value for the side to move, in words.
    let won = [&position[..], &["a3"]].concat();
    for (lang, outcome) in [
        (Lang::En, "X wins"),
        (Lang::Sv, "X vinner"),
        (Lang::Zh, "X 获胜"),
        (Lang::El, "κερδίζει X"),
    ] {
        let state = state(&in_lang(lang, &won)).unwrap();
        let end = state.outcome.unwrap();
        assert_eq!((end.result, end.winner.as_deref()), ("win", Some("X")));
        assert_eq!(end.text, outcome);
        let over = analysis(&in_lang(lang, &won), &limits, &Control::new()).unwrap();
        assert_eq!(over.value, "loss");
        assert_eq!(over.text, lang.say("value.over.loss", &[]));
    }
    assert_eq!(
        analysis(&in_lang(Lang::En, &won), &limits, &Control::new())
            .unwrap()
            .text,
        "the game is over: lost"
    );
    // A drawn game, and an engine's move: its state and analysis speak the language too.
    let drawn = ["b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3"];
    let state_zh = state(&in_lang(Lang::Zh, &drawn)).unwrap();
    assert_eq!(state_zh.outcome.unwrap().text, "平局");
    let engine = engine_move(&in_lang(Lang::El, &position), &limits, &Control::new()).unwrap();
    assert_eq!(engine.mv, "a3");
    assert_eq!(engine.state.outcome.unwrap().text, "κερδίζει X");
    assert_eq!(engine.analysis.text, "νίκη σε 1");
}

#[test]
fn generic_player_names_are_said_in_the_language() {
    use ply_api::lang::Lang;
    use ply_api::words::outcome_text_in;
    assert_eq!(
        outcome_text_in(Lang::En, Some("first player")),
        "first player wins"
    );
    assert_eq!(
        outcome_text_in(Lang::Sv, Some("White")),
        Lang::Sv.say(
            "outcome.win",
            &[("winner", &Lang::Sv.say("player.white", &[]))]
        )
    );
    assert_eq!(outcome_text_in(Lang::Zh, Some("O")), "O 获胜");
    assert_eq!(outcome_text_in(Lang::El, None), "ισοπαλία");
}
