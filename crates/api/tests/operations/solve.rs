//! The tests of `ply_api::solve`.

use ply_api::control::Control;
use ply_api::solve::*;

fn request(game: &str, position: Option<&str>) -> SolveRequest {
    SolveRequest {
        game: game.into(),
        position: position.map(str::to_string),
        ..SolveRequest::default()
    }
}

#[test]
fn tic_tac_toe_is_a_draw_in_nine() {
    let report = solve(
        &request("tictactoe", None),
        10_000,
        10_000,
        None,
        &Control::new(),
    )
    .unwrap();
    assert_eq!(report.value, "draw");
    assert_eq!(report.plies, Some(9));
    assert_eq!(report.moves.len(), 9);
    assert_eq!(report.algorithm, "alphabeta");
}

#[test]
fn nim_by_the_memo_solver_and_its_theory() {
    let report = solve(
        &request("nim:3,4,5", None),
        10_000,
        10_000,
        None,
        &Control::new(),
    )
    .unwrap();
    assert_eq!(report.value, "win");
    assert_eq!(report.algorithm, "memo");
    assert!(report.explanation.is_some());
}

#[test]
fn connect_four_near_the_end_with_pons_scores() {
    // Pons' test set line: "2252576253462244111563365343671351441 -1" (Test_L3_R1).
    let req = SolveRequest {
        all_moves: true,
        ..request("connect4", Some("2252576253462244111563365343671351441"))
    };
    let report = solve(&req, 10_000, 10_000, None, &Control::new()).unwrap();
    assert_eq!(report.score, Some(Some(-1)));
    assert_eq!(report.algorithm, "engine");
    assert!(report.moves.iter().all(|m| m.score.is_some()));
}

#[test]
fn out_of_time_is_a_limit() {
    let req = SolveRequest {
        time_ms: Some(50),
        ..request("connect4", None)
    };
    let error = solve(&req, 1_000, 10_000, None, &Control::new()).unwrap_err();
    assert_eq!(error.limit, Some("max_search_ms"));
    let error = solve(&req, 1_000, 10, None, &Control::new()).unwrap_err();
    assert_eq!(error.limit, Some("max_search_ms"));
    assert!(error.error.starts_with("time_ms 50"), "{}", error.error);
}

#[test]
fn a_solves_values_come_in_words_in_the_language_asked() {
    use ply_api::lang::Lang;
    let in_lang = |lang| {
        solve(
            &SolveRequest {
                lang,
                ..request("nim:1,2", None)
            },
            10_000,
            10_000,
            None,
            &Control::new(),
        )
        .unwrap()
    };
    let english = in_lang(Lang::En);
    // The identifiers never change: only the words.
    assert_eq!((english.value, english.plies), ("win", Some(3)));
    assert_eq!(english.text, "win in 3");
    let moves: Vec<_> = english.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(moves, ["win in 3", "loss in 2", "loss in 2"]);
    for (lang, win, loss) in [
        (Lang::Sv, "vinst i 3 drag", "förlust i 2 drag"),
        (Lang::Zh, "3 步内胜", "2 步内负"),
        (Lang::El, "νίκη σε 3", "ήττα σε 2"),
    ] {
        let report = in_lang(lang);
        assert_eq!(report.value, "win");
        assert_eq!(report.text, lang.say("value.win", &[("count", &3)]));
        assert_eq!(report.text, win);
        assert_eq!(report.moves[1].value, "loss");
        assert_eq!(report.moves[1].text, loss);
        assert_eq!(report.best, english.best);
    }
    // A draw, in words.
    let draw = solve(
        &SolveRequest {
            lang: Lang::Zh,
            ..request("tictactoe", None)
        },
        10_000,
        10_000,
        None,
        &Control::new(),
    )
    .unwrap();
    assert_eq!((draw.value, draw.text.as_str()), ("draw", "平局"));
}

#[test]
fn an_analysis_says_its_score_in_the_language_asked() {
    use ply_api::analyze::{AnalyzeRequest, analyze};
    use ply_api::lang::Lang;
    // X to move wins at once (a3): proved at depth 1.
    let request = |lang| AnalyzeRequest {
        game: "tictactoe".into(),
        position: Some("X../XOO/...".into()),
        exact: true,
        time_ms: Some(10_000),
        lang,
        ..AnalyzeRequest::default()
    };
    let english = analyze(&request(Lang::En), 10_000, u64::MAX, &Control::new()).unwrap();
    assert_eq!(english.score, "win in 1");
    assert_eq!(english.lower_bound.as_deref(), Some("win in 1"));
    let swedish = analyze(&request(Lang::Sv), 10_000, u64::MAX, &Control::new()).unwrap();
    assert_eq!(swedish.score, "vinst i 1 drag");
    assert_eq!(swedish.upper_bound.as_deref(), Some("vinst i 1 drag"));
    assert_eq!(swedish.score_raw, english.score_raw);
    let greek = analyze(&request(Lang::El), 10_000, u64::MAX, &Control::new()).unwrap();
    assert_eq!(greek.iterations.last().unwrap().score, "νίκη σε 1");
}

#[test]
fn every_endpoint_reads_lang_and_refuses_a_language_it_does_not_speak() {
    use ply_api::service::{Service, ServiceLimits};
    let service = Service::new(ServiceLimits::default(), None);
    let bodies = [
        ("/api/tree", r#"{"tree": "(a 1 2)""#),
        ("/api/tree/svg", r#"{"tree": "(a 1 2)""#),
        ("/api/tree/game", r#"{"game": "race:3,2""#),
        ("/api/solve", r#"{"game": "nim:1,2""#),
        ("/api/analyze", r#"{"game": "tictactoe", "depth": 2"#),
        ("/api/play/state", r#"{"game": "tictactoe""#),
        (
            "/api/play/analysis",
            r#"{"game": "tictactoe", "moves": ["b2"]"#,
        ),
        ("/api/play/engine", r#"{"game": "nim:1,2""#),
    ];
    for (path, start) in bodies {
        let ask = |lang: &str| {
            service.answer(
                path,
                format!("{start}, \"lang\": {lang}}}").as_bytes(),
                &Control::new(),
            )
        };
        let refused = ask(r#""fr""#);
        assert_eq!(refused.status, 400, "{path}");
        let error: serde_json::Value = serde_json::from_str(&refused.body).unwrap();
        assert_eq!(error["kind"], "bad_request", "{path}");
        let message = error["error"].as_str().unwrap();
        // The field named, the language quoted, the languages ply speaks listed.
        assert!(
            message.starts_with(
                "the request is not the JSON this endpoint reads: lang: unknown language "
            ) && message.contains("fr")
                && message.contains(": ply speaks en, sv, zh and el"),
            "{path}: {message}"
        );
        assert_eq!(ask("3").status, 400, "{path}");
        for lang in [
            r#""sv""#,
            r#""sv-SE""#,
            r#""zh-Hans-CN""#,
            r#""EL""#,
            r#""en""#,
        ] {
            let answer = ask(lang);
            assert_eq!(answer.status, 200, "{path} {lang}: {}", answer.body);
        }
    }
    // The words follow: a Swedish solve, through the service.
    let answer = service.answer(
        "/api/solve",
        br#"{"game": "nim:1,2", "lang": "sv"}"#,
        &Control::new(),
    );
    let report: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(report["value"], "win");
    assert_eq!(report["text"], "vinst i 3 drag");
    assert_eq!(report["moves"][2]["text"], "förlust i 2 drag");
}

/// Every column's score of the standard board with two threads (the children solved two
/// at a time over one table) and with five (the threads left without a child to start
/// helping the solves still running) is the one thread's, move for move, each with a
/// line that is played to the end of the game; and each is the score of the child solved
/// on its own, negated: on positions of 10 to 20 stones drawn by a fixed random play.
#[test]
fn every_columns_score_with_two_threads_is_one_threads() {
    use ply_games::Notation;
    let mut rng = 0x5eed_u64;
    let mut next = |n: u64| {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (rng >> 33) % n
    };
    let options = |threads| SolveOptions {
        all_moves: true,
        threads: Some(threads),
        hash_mib: Some(16),
        ..SolveOptions::default()
    };
    let standard = ply_games::Connect4::standard();
    let mut compared = 0;
    while compared < 12 {
        // A random game of 10 to 20 stones that is still going.
        let stones = 10 + next(11);
        let mut position = String::new();
        let mut board = standard;
        for _ in 0..stones {
            let column = 1 + next(7);
            let Ok(next_board) = standard.parse_position(&format!("{position}{column}")) else {
                continue;
            };
            if ply_core::Game::outcome(&next_board).is_some() {
                continue;
            }
            position.push_str(&column.to_string());
            board = next_board;
        }
        if ply_core::Game::outcome(&board).is_some() || position.len() < 10 {
            continue;
        }
        let solve = |threads| {
            solve_spec(
                "connect4",
                Some(&position),
                &options(threads),
                false,
                None,
                &Control::new(),
            )
            .unwrap()
        };
        let (one, two, five) = (solve(1), solve(2), solve(5));
        let scores = |report: &SolveReport| -> Vec<(String, Option<Option<i32>>, &'static str)> {
            report
                .moves
                .iter()
                .map(|m| (m.mv.clone(), m.score, m.value))
                .collect()
        };
        assert_eq!(scores(&one), scores(&two), "{position}");
        assert_eq!(scores(&one), scores(&five), "{position}");
        assert_eq!(one.score, two.score, "{position}");
        // Each line is legal and ends the game, after as many plies as its value says.
        for m in two.moves.iter().chain(&five.moves) {
            let line: String = m.pv.concat();
            let end = standard
                .parse_position(&format!("{position}{line}"))
                .unwrap_or_else(|e| panic!("{position} + {line}: {e}"));
            assert!(
                ply_core::Game::outcome(&end).is_some(),
                "{position} + {line}"
            );
            assert_eq!(m.plies, Some(m.pv.len() as u32), "{position} + {line}");
        }
        // Each column's score is its child's own, negated.
        for m in &two.moves {
            let child = format!("{position}{}", m.mv);
            let alone = solve_spec(
                "connect4",
                Some(&child),
                &options(1),
                false,
                None,
                &Control::new(),
            );
            if let Ok(alone) = alone {
                assert_eq!(
                    m.score.flatten(),
                    alone.score.flatten().map(|s| -s),
                    "{child}"
                );
            }
        }
        compared += 1;
    }
}

/// A tag that asks for Chinese in traditional characters (`zh-Hant`, `zh-TW`) is refused
/// by every endpoint, saying why, rather than answered in simplified characters as if it
/// had asked for them; a tag that asks for simplified characters, in Taiwan too, is `zh`.
#[test]
fn chinese_in_traditional_characters_is_refused_not_answered_in_simplified() {
    use ply_api::lang::Lang;
    use ply_api::service::{Service, ServiceLimits};
    for tag in [
        "zh-Hant",
        "zh-TW",
        "zh_tw",
        "zh-Hant-CN",
        "ZH-HK",
        "zh-MO",
        "zh-CHT",
    ] {
        assert!(Lang::asks_traditional(tag), "{tag}");
        assert_eq!(Lang::from_tag(tag), None, "{tag}");
        assert_eq!(
            tag.parse::<Lang>(),
            Err(format!(
                "'{tag}' asks for Chinese in traditional characters, which ply does not write: \
                 its Chinese (zh, zh-Hans) is in simplified characters; ply speaks en, sv, zh \
                 and el"
            ))
        );
    }
    for tag in ["zh", "zh-CN", "zh-Hans", "zh-Hans-TW", "zh-SG", "zh-CHS"] {
        assert!(!Lang::asks_traditional(tag), "{tag}");
        assert_eq!(Lang::from_tag(tag), Some(Lang::Zh), "{tag}");
    }
    let service = Service::new(ServiceLimits::default(), None);
    for (path, start) in [
        ("/api/tree", r#"{"tree": "(a 1 2)""#),
        ("/api/solve", r#"{"game": "nim:1,2""#),
        ("/api/play/pig", r#"{"game": "pig:4""#),
        (
            "/api/practice",
            r#"{"kind": "values", "seed": 1, "level": 1"#,
        ),
    ] {
        let body = format!(r#"{start}, "lang": "zh-TW"}}"#);
        let answer = service.answer(path, body.as_bytes(), &Control::new());
        assert_eq!(answer.status, 400, "{path}");
        let error: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
        let message = error["error"].as_str().unwrap();
        assert!(
            message.starts_with(
                "the request is not the JSON this endpoint reads: lang: 'zh-TW' asks for \
                 Chinese in traditional characters, which ply does not write"
            ),
            "{path}: {message}"
        );
    }
}

/// A Pig position that does not read is quoted as the request wrote it (the goal was put
/// in front of it, so the message quoted a text the caller never sent), and the reason
/// names the number at fault and what is wrong with it (a '-' read as the separator
/// used to leave an empty first score: "should be a number, not ''").
#[test]
fn a_pig_position_that_does_not_read_is_quoted_as_written() {
    use ply_api::service::{Service, ServiceLimits};
    let service = Service::new(ServiceLimits::default(), None);
    let refused = |path: &str, body: serde_json::Value| {
        let answer = service.answer(path, body.to_string().as_bytes(), &Control::new());
        assert_eq!(answer.status, 400, "{path} {body}");
        let error: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
        assert_eq!(error["kind"], "parse", "{error}");
        error["error"].as_str().unwrap().to_string()
    };
    let negative = "position: pig: cannot read '-1+0-0' as a position: the first player's score \
                    '-1' has a minus sign, and a score cannot be negative";
    let position = serde_json::json!({"game": "pig:20", "position": "-1+0-0"});
    assert_eq!(refused("/api/solve", position.clone()), negative);
    assert_eq!(refused("/api/play/pig", position.clone()), negative);
    assert_eq!(refused("/api/tree/game", position), negative);
    assert_eq!(
        refused(
            "/api/solve",
            serde_json::json!({"game": "pig", "position": "12+0-"})
        ),
        "position: pig: cannot read '12+0-' as a position: the second player's score is missing"
    );
    // A position with a goal of its own is read as written too.
    assert_eq!(
        refused(
            "/api/solve",
            serde_json::json!({"game": "pig:20", "position": "20:5+x-0"})
        ),
        "position: pig: cannot read '20:5+x-0' as a position: the turn total should be a \
         number, not 'x'"
    );
}

/// Four hidden-fugitive cops on 8x8: at least 124,912,270 moves from the placements
/// alone, more than a retrograde table holds. `/api/solve` and `/api/play/analysis`
/// refuse it at once with the count and the limit (413, `"limit": "memory"`), as the
/// command line does: it was analysed for the whole time a request may take.
#[test]
fn a_hidden_pursuit_too_large_is_refused_at_once_everywhere() {
    use ply_api::service::{Service, ServiceLimits};
    let service = Service::new(ServiceLimits::default(), None);
    let message = "pursuit-hidden:grid:8x8,cops=4: at least 124912270 moves between the \
                   reachable positions, more than retrograde analysis holds here (100000000): \
                   choose a smaller graph or fewer cops";
    for path in ["/api/solve", "/api/play/analysis"] {
        let started = std::time::Instant::now();
        let body = serde_json::json!({"game": "pursuit-hidden:grid:8x8,cops=4"});
        let answer = service.answer(path, body.to_string().as_bytes(), &Control::new());
        assert_eq!(answer.status, 413, "{path}: {}", answer.body);
        let error: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
        assert_eq!(
            error,
            serde_json::json!({"error": message, "message": message, "kind": "limit", "limit": "memory"}),
            "{path}"
        );
        assert!(
            started.elapsed().as_secs() < 5,
            "{path}: {:?}",
            started.elapsed()
        );
    }
}
