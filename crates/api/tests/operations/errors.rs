//! Every refusal in the request's language: each error id used in the code has words in
//! all four catalogs (area `errors`), the English of the crates below the catalogs is the
//! English catalog's, and a refusal's `error` (English) is its `message` in English,
//! byte for byte, while `message` follows the request's `lang`.

use ply_api::control::Control;
use ply_api::lang::{Lang, Message};
use ply_api::service::{Service, ServiceLimits};
use serde_json::Value;
use std::path::Path;

/// Every `"errors.…"` id written in the sources of `crate_dir` (recursively).
fn ids_in(dir: &Path, ids: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            ids_in(&path, ids);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            for piece in text.split("\"errors.").skip(1) {
                let id: String = piece
                    .chars()
                    .take_while(|&c| c.is_ascii_alphanumeric() || c == '.' || c == '_')
                    .collect();
                if piece[id.len()..].starts_with('"') && !id.ends_with('.') {
                    ids.push(format!("errors.{id}"));
                }
            }
        }
    }
}

#[test]
fn every_error_id_in_the_code_has_words_in_every_language() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut ids = Vec::new();
    for dir in [
        "api/src",
        "tree/src",
        "games/src",
        "core/src",
        "server/src",
        "python/src",
    ] {
        ids_in(&crates.join(dir), &mut ids);
    }
    ids.sort();
    ids.dedup();
    assert!(ids.len() >= 25, "{ids:?}");
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        let catalog = lang.catalog();
        for id in &ids {
            match catalog.area(id) {
                Some("errors") => {}
                other => problems.push(format!("{lang}: {id} is in {other:?}, not errors.json")),
            }
            let (Some(message), Some(en)) = (catalog.get(id), Lang::En.catalog().get(id)) else {
                continue;
            };
            if message.placeholders() != en.placeholders() {
                problems.push(format!("{lang}: {id}'s placeholders differ from English's"));
            }
        }
    }
    // The crates below the catalogs write their English from tables: the English
    // catalog's texts, every one.
    for (id, template) in ply_tree::tree::ERRORS
        .iter()
        .chain(ply_games::notation::ERRORS)
    {
        match Lang::En.catalog().get(id) {
            Some(Message::Text(text)) if text == template => {}
            other => problems.push(format!(
                "{id}: the code says {template:?}, the catalog {other:?}"
            )),
        }
        if !ids.contains(&id.to_string()) {
            problems.push(format!("{id} is in a table but the scan missed it"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The refusal the API gives `body` at `path`, as JSON.
fn refusal(path: &str, body: &str) -> Value {
    let answer =
        Service::new(ServiceLimits::default(), None).answer(path, body.as_bytes(), &Control::new());
    assert_ne!(answer.status, 200, "{path} {body}: {}", answer.body);
    serde_json::from_str(&answer.body).unwrap()
}

/// A check of the first minimax exercise answered with `response`.
fn check_with(response: Value) -> String {
    let request = ply_api::practice::PracticeRequest::new("values", 1, 1);
    let mut exercise =
        serde_json::to_value(ply_api::practice::exercise(&request).unwrap()).unwrap();
    let mut body = serde_json::Map::new();
    for field in ["kind", "seed", "level", "variant"] {
        body.insert(field.into(), exercise[field].take());
    }
    body.insert("response".into(), response);
    Value::Object(body).to_string()
}

/// The requests every translated refusal answers, with the English each gives (the
/// texts as they were before refusals had ids) and the numbers and quotes it holds.
fn cases() -> Vec<(&'static str, String, &'static str, Vec<&'static str>)> {
    let tree = |text: &str| serde_json::json!({ "tree": text }).to_string();
    let deep = format!("{}1{}", "(".repeat(1_001), ")".repeat(1_001));
    let wide = format!("(r {})", "1 ".repeat(100_001));
    vec![
        (
            "/api/tree",
            tree("(r (5=1))"),
            "1:5: '5' is a number, so it cannot name a leaf",
            vec!["'5'"],
        ),
        (
            "/api/tree",
            tree("(r 1 2x)"),
            "1:6: '2x' is not a number",
            vec!["'2x'"],
        ),
        (
            "/api/tree",
            tree("(r 1 x)"),
            "1:6: unknown token 'x': a name may only follow '(' or come before '=' (name=3)",
            vec!["'x'"],
        ),
        ("/api/tree", tree("(r 1))"), "1:6: unmatched ')'", vec![")"]),
        (
            "/api/tree",
            tree("(r\n (a 1 2)"),
            "2:9: missing ')': the '(' at line 1, column 1 is never closed",
            vec!["2", "9", "1"],
        ),
        (
            "/api/tree",
            tree("(r (a) 1)"),
            "1:6: empty group 'a': an inner node needs at least one child",
            vec!["'a'"],
        ),
        (
            "/api/tree",
            tree("(r a= )"),
            "1:7: missing value after 'a='",
            vec!["'a='"],
        ),
        (
            "/api/tree",
            tree("(= 2)"),
            "1:2: unexpected '=': write a named leaf as name=3",
            vec!["2"],
        ),
        (
            "/api/tree",
            tree("(r -=1)"),
            "1:4: '-' alone is not a name",
            vec!["'-'"],
        ),
        (
            "/api/tree",
            tree("(r (c[chance] [1/3] 1 [1/3] 2))"),
            "1:4: the probabilities of chance node 'c' add up to 2/3, 1/3 short of 1",
            vec!["'c'", "2/3", "1/3"],
        ),
        (
            "/api/tree",
            tree("(r (a [1/2] 1 2) 3)"),
            "1:15: '#4' has no probability, but the other outcomes of chance node 'a' do: \
             give every outcome one, or none for equal chances",
            vec!["'#4'", "'a'"],
        ),
        (
            "/api/tree",
            tree("r\n    a = 1\n  b = 2\n"),
            "3:3: bad indentation: 2 columns matches no outer level (those are at 0 and 4)",
            vec!["2", "0", "4"],
        ),
        (
            "/api/tree",
            tree("(r [maxx] 1)"),
            "1:4: unknown tag '[maxx]': write [max], [min], [chance], \
             or a probability such as [1/6] or [0.25]",
            vec!["'[maxx]'", "[max]", "[1/6]"],
        ),
        (
            "/api/tree",
            tree("(r 1) 2"),
            "1:7: unexpected '2' after the end of the tree (the root's ')' is already closed)",
            vec!["'2'", "')'"],
        ),
        (
            "/api/tree",
            tree(&wide),
            "1:200002: the tree has more than 100000 nodes (limit max_tree_nodes)",
            vec!["100000", "max_tree_nodes"],
        ),
        (
            "/api/tree",
            tree(&deep),
            "1:1002: the tree goes deeper than depth 1000 (limit max_tree_depth)",
            vec!["1000", "max_tree_depth"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "chekers"}).to_string(),
            "unknown game 'chekers' (known: tictactoe, mnk:M,N,K, connect4, connect4:WxH, chess, race:N,K, \
             nim:a,b,..., misere-nim:a,b,..., bash:N,M, wythoff:a,b, subtraction:N,...;S, \
             pursuit:GRAPH[,cops=K], pursuit-hidden:GRAPH[,cops=K], pig, pig:N)",
            vec!["'chekers'", "tictactoe"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "nim"}).to_string(),
            "nim needs its piles: nim:a,b,c (e.g. nim:3,4,5)",
            vec!["nim:a,b,c", "nim:3,4,5"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "mnk"}).to_string(),
            "mnk needs its size: mnk:M,N,K (e.g. mnk:4,4,4)",
            vec!["mnk:M,N,K", "mnk:4,4,4"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "race:x"}).to_string(),
            "race: target N 'x' is not a non-negative whole number",
            vec!["'x'"],
        ),
        (
            "/api/play/engine",
            serde_json::json!({"game": "race:2,1", "moves": ["1", "1"]}).to_string(),
            "the game is over: no move to play",
            vec![],
        ),
        (
            "/api/nowhere",
            "{}".to_string(),
            "no such page or endpoint: /api/nowhere (the API is described in docs/api.md)",
            vec!["/api/nowhere", "docs/api.md"],
        ),
        (
            "/api/practice/check",
            check_with(serde_json::json!({"values": {"a": "seven"}})),
            "response: values: a: 'seven' is not a number (write a whole number, a decimal such as 1.17 or a fraction such as 7/6, as a JSON number or a string)",
            vec!["'seven'", "7/6"],
        ),
        (
            "/api/practice/check",
            check_with(serde_json::json!({"values": {"a": "1/0"}})),
            "response: values: a: '1/0' divides by zero",
            vec!["'1/0'"],
        ),
        (
            "/api/practice/check",
            check_with(serde_json::json!({"values": {"a": "1".repeat(31)}})),
            "response: values: a: '1111111111111111111111111111111' has more than 30 digits (a number may have at most 30, before and after its point together)",
            vec!["30"],
        ),
        // Solve, analyze, play: the limits of a search and the request's fields.
        (
            "/api/solve",
            serde_json::json!({"game": "tictactoe", "time_ms": 20_000}).to_string(),
            "time_ms 20000 is more than the 10000 ms a search may take (limit max_search_ms)",
            vec!["20000", "10000", "max_search_ms"],
        ),
        (
            "/api/analyze",
            serde_json::json!({"game": "tictactoe", "depth": 0}).to_string(),
            "depth: from 1 to 200",
            vec!["depth", "200"],
        ),
        (
            "/api/analyze",
            serde_json::json!({"game": "tictactoe", "nodes": 200_000_000}).to_string(),
            "nodes 200000000 is more than the 100000000 a search may visit (limit max_search_nodes)",
            vec!["200000000", "100000000", "max_search_nodes"],
        ),
        (
            "/api/play/engine",
            serde_json::json!({"game": "tictactoe", "level": 11}).to_string(),
            "level 11: \"perfect\" or a number from 1 to 10",
            vec!["11", "\"perfect\"", "10"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "tictactoe", "moves": vec!["x"; 10_001]}).to_string(),
            "10001 moves: a request lists at most 10000",
            vec!["10001", "10000"],
        ),
        // A connect4 move and position, a chess position and move.
        (
            "/api/play/state",
            serde_json::json!({"game": "connect4", "moves": ["4", "9"]}).to_string(),
            "move 2 ('9'): '9' is not a column (1-7)",
            vec!["2", "'9'", "1-7"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "connect4", "position": "4449"}).to_string(),
            "position: move 4 ('9'): column 9 is outside 1-7",
            vec!["4", "'9'", "9", "1-7"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "chess", "position": "8/8 w"}).to_string(),
            "position: a FEN has 6 fields (pieces, side to move, castling, en passant, halfmove clock, move number), '8/8 w' has 2",
            vec!["6", "'8/8 w'", "2"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "chess", "moves": ["e5"]}).to_string(),
            "move 1 ('e5'): 'e5' is not a legal move here (White to move; write e2e4 or e4, Nf3, O-O, e8=Q)",
            vec!["1", "'e5'", "e2e4", "Nf3"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "nim:3,4,5", "moves": ["2:9"]}).to_string(),
            "move 1 ('2:9'): move '2:9': cannot take 9 from pile 2, which has 4",
            vec!["'2:9'", "9", "2", "4"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "nim:3,x"}).to_string(),
            "nim: pile 2 'x' is not a non-negative whole number",
            vec!["nim", "2", "'x'"],
        ),
        // Tic-tac-toe and the m,n,k games, race, Bash, Wythoff and subtraction games.
        (
            "/api/play/state",
            serde_json::json!({"game": "tictactoe", "moves": ["b2", "b2"]}).to_string(),
            "move 2 ('b2'): b2 is already taken",
            vec!["2", "'b2'"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "tictactoe", "moves": ["d7"]}).to_string(),
            "move 1 ('d7'): 'd7' is off the board (columns a-c, rows 1-3)",
            vec!["1", "'d7'", "a-c", "1-3"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "tictactoe", "moves": ["12"]}).to_string(),
            "move 1 ('12'): cell 12 is off the board (cells are 1 to 9)",
            vec!["1", "'12'", "12", "9"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "mnk:5,4,6"}).to_string(),
            "mnk: k = 6 cannot fit on a 5x4 board (nobody could ever win)",
            vec!["mnk", "k = 6", "5x4"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "race:10"}).to_string(),
            "race: expected two numbers N,K (target, largest step), got '10'",
            vec!["race", "N,K", "'10'"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "race:10,2", "moves": ["2", "5"]}).to_string(),
            "move 2 ('5'): add 1 to 2, not 5",
            vec!["2", "'5'", "1", "5"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "bash:21,3", "moves": ["4"]}).to_string(),
            "move 1 ('4'): take 1 to 3 at a time, not 4",
            vec!["1", "'4'", "3", "4"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "wythoff:4,7", "moves": ["both:5"]}).to_string(),
            "move 1 ('both:5'): move 'both:5': cannot take 5, the piles are 4 and 7",
            vec!["1", "'both:5'", "5", "4", "7"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "wythoff:4,7", "moves": ["3:1"]}).to_string(),
            "move 1 ('3:1'): move '3:1': '3' is not a pile (write 1, 2 or both)",
            vec!["1", "'3:1'", "'3'", "both"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "subtraction:20;1,3,4", "moves": ["2"]}).to_string(),
            "move 1 ('2'): move '2': 2 is not in the take set {1,3,4}",
            vec!["1", "'2'", "{1,3,4}"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "subtraction:20;1,0"}).to_string(),
            "subtraction: take size 2 of the set is 0 (every take must be at least 1)",
            vec!["subtraction", "2", "0", "1"],
        ),
        // Pursuit on a graph, seen and hidden, and the graphs' specs.
        (
            "/api/play/state",
            serde_json::json!({"game": "pursuit:cycle:2"}).to_string(),
            "pursuit: cycle: a cycle needs at least 3 vertices, not 2 (use path:2)",
            vec!["pursuit", "cycle", "3", "2", "path:2"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "pursuit:grid:30x2"}).to_string(),
            "pursuit: grid: 30 columns is too many (at most 26)",
            vec!["pursuit", "grid", "30", "26"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "pursuit:hexagon:6"}).to_string(),
            "pursuit: unknown graph 'hexagon:6' (known: path:N, cycle:N, grid:WxH, tree:P1,P2,..., petersen, file:PATH)",
            vec!["pursuit", "'hexagon:6'", "path:N", "petersen"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "pursuit:path:5,cops=7"}).to_string(),
            "pursuit: cops=7: there must be 1 to 4 cops",
            vec!["pursuit", "cops=7", "1", "4"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "pursuit:path:5", "moves": ["9"]}).to_string(),
            "move 1 ('9'): cop move: no vertex '9' in path:5 (vertices: 0 1 2 3 4)",
            vec!["1", "'9'", "path:5", "0 1 2 3 4"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "pursuit:path:5", "moves": ["0", "4", "3"]}).to_string(),
            "move 3 ('3'): '3' is not a legal cop move from 0: each cop stays or moves along one edge",
            vec!["3", "'3'", "0"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "pursuit:path:5", "moves": ["0", "4", "1", "2"]})
                .to_string(),
            "move 4 ('2'): the fugitive on 4 can only stay or move along one edge, not to 2",
            vec!["4", "'2'", "2"],
        ),
        (
            "/api/play/state",
            serde_json::json!({"game": "pursuit-hidden:cycle:5,cops=2", "moves": ["0"]})
                .to_string(),
            "move 1 ('0'): cop move: expected 2 vertex names separated by commas (one per cop), found 1",
            vec!["1", "'0'", "2"],
        ),
        // Practice and Pig.
        (
            "/api/practice",
            serde_json::json!({"kind": "values", "seed": 1, "level": 9}).to_string(),
            "level: 9 is not a whole number from 1 to 5",
            vec!["9", "5"],
        ),
        (
            "/api/practice",
            serde_json::json!({"kind": "chess", "seed": 1, "level": 1}).to_string(),
            "kind: unknown exercise 'chess': values, pruned, order, best_move or expectimax",
            vec!["'chess'", "best_move"],
        ),
        (
            "/api/play/pig",
            serde_json::json!({"game": "pig", "decision": "jump"}).to_string(),
            "decision: roll or hold, not 'jump'",
            vec!["'jump'", "roll", "hold"],
        ),
        (
            "/api/play/pig",
            serde_json::json!({"game": "pig", "decision": "hold", "position": "0+0-0"}).to_string(),
            "pig: holding needs a turn total above 0 (a turn starts with a roll)",
            vec!["pig", "0"],
        ),
        // Games whose positions repeat (retrograde analysis), trees and counts.
        (
            "/api/solve",
            serde_json::json!({"game": "pursuit:cycle:5", "algorithm": "minimax"}).to_string(),
            "--algorithm does not apply: positions of pursuit:cycle:5 can repeat, so it is solved by retrograde analysis",
            vec!["--algorithm", "pursuit:cycle:5"],
        ),
        (
            "/api/tree",
            serde_json::json!({"tree": "(a 1 2)", "order": "random"}).to_string(),
            "unknown move order 'random': as_written, best_first or worst_first",
            vec!["'random'", "as_written", "best_first", "worst_first"],
        ),
        (
            "/api/tree/count",
            serde_json::json!({"game": "pig"}).to_string(),
            "'pig' is a dice game: its tree has chance nodes, which a count of move sequences does not take",
            vec!["'pig'"],
        ),
    ]
}

/// A request's body with `lang` set (a body that is not a JSON object is sent as it is).
fn in_lang(body: &str, lang: Lang) -> String {
    match serde_json::from_str::<Value>(body) {
        Ok(Value::Object(mut fields)) => {
            fields.insert("lang".into(), Value::String(lang.code().into()));
            Value::Object(fields).to_string()
        }
        _ => body.to_string(),
    }
}

#[test]
fn every_refusal_says_its_english_and_its_message_in_the_requests_language() {
    for (path, body, english, parts) in cases() {
        let en = refusal(path, &body);
        assert_eq!(en["error"], english, "{path} {body:.80}");
        // English when no language is asked: the message is the error, byte for byte.
        assert_eq!(en["message"], english, "{path} {body:.80}");
        for lang in [Lang::Sv, Lang::Zh, Lang::El] {
            let said = refusal(path, &in_lang(&body, lang));
            assert_eq!(said["error"], english, "{lang}: {path}");
            assert_eq!(said["kind"], en["kind"]);
            let message = said["message"].as_str().unwrap();
            assert_ne!(message, english, "{lang}: {path} {body:.80}");
            for part in &parts {
                assert!(message.contains(part), "{lang}: {message:?} lacks {part:?}");
            }
        }
    }
}

#[test]
fn a_tree_error_in_swedish_chinese_and_greek() {
    let body = |lang: &str| serde_json::json!({ "tree": "(r (5=1))", "lang": lang }).to_string();
    let said = |lang| {
        refusal("/api/tree", &body(lang))["message"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        said("sv"),
        "rad 1, kolumn 5: '5' är ett tal och kan därför inte vara namnet på ett löv"
    );
    assert_eq!(
        said("zh-Hans"),
        "第 1 行第 5 列：'5' 是数字，不能用作叶节点的名字"
    );
    assert_eq!(
        said("el"),
        "γραμμή 1, στήλη 5: το '5' είναι αριθμός, οπότε δεν μπορεί να είναι όνομα φύλλου"
    );
    // A language ply does not speak is refused, in English.
    let fr = refusal("/api/tree", &body("fr"));
    assert_eq!(fr["message"], fr["error"]);
    assert!(
        fr["error"]
            .as_str()
            .unwrap()
            .contains("unknown language 'fr'")
    );
}

#[test]
fn a_body_that_is_not_json_gets_its_message_in_the_language_it_names() {
    let json = refusal("/api/tree", r#"{"lang": "sv", "tree": "(a 1 2)",,}"#);
    assert_eq!(json["kind"], "bad_request");
    let error = json["error"].as_str().unwrap();
    assert!(
        error.starts_with("the request is not the JSON this endpoint reads: "),
        "{error}"
    );
    let message = json["message"].as_str().unwrap();
    assert!(
        message.starts_with("begäran är inte den JSON som den här adressen läser: "),
        "{message}"
    );
    let plain = refusal("/api/tree", "not json");
    assert_eq!(plain["message"], plain["error"]);
}

/// The refusals of the library's own operations (a batch, perft), which no endpoint
/// serves: the English as before, and words of their own in every other language.
#[test]
fn batch_and_perft_refusals_have_their_words() {
    use ply_api::batch::{BatchOptions, solve_batch};
    use ply_api::perft::{PerftRequest, perft};
    let threads = solve_batch(
        "tictactoe",
        &[String::new()],
        &BatchOptions::default(),
        0,
        &Control::new(),
    )
    .unwrap_err();
    assert_eq!(threads.error, "threads 0: from 1 to 256");
    let request = PerftRequest {
        position: "startpos".into(),
        depth: 11,
        divide: false,
    };
    let deep = perft(&request, &Control::new()).unwrap_err();
    assert_eq!(
        deep.error,
        "perft depth 11 is too deep: at most 10 (depth 10 from the start takes days)"
    );
    assert_eq!(deep.limit, Some("perft_depth"));
    for (error, parts) in [(&threads, ["0", "256"]), (&deep, ["11", "10"])] {
        assert_eq!(error.message_in(Lang::En), error.error);
        for lang in [Lang::Sv, Lang::Zh, Lang::El] {
            let message = error.message_in(lang);
            assert_ne!(message, error.error, "{lang}");
            for part in parts {
                assert!(message.contains(part), "{lang}: {message:?} lacks {part:?}");
            }
        }
    }
}

#[test]
fn a_bug_is_answered_with_its_message_too() {
    let body = |answer: ply_api::service::Answer| -> Value {
        assert_eq!(answer.status, 500);
        serde_json::from_str(&answer.body).unwrap()
    };
    let english = "internal error (a bug in ply: please report it)";
    let en = body(ply_api::service::internal_error());
    assert_eq!(en["error"], english);
    assert_eq!(en["kind"], "internal");
    assert_eq!(en["message"], english);
    for lang in [Lang::Sv, Lang::Zh, Lang::El] {
        let said = body(ply_api::service::internal_error_in(lang));
        assert_eq!(said["error"], english, "{lang}");
        assert_eq!(said["kind"], "internal");
        let message = said["message"].as_str().unwrap();
        assert_ne!(message, english, "{lang}");
        assert!(message.contains("ply"), "{lang}: {message}");
    }
}
