//! What the WebAssembly module answers, tested natively: the same code runs there.

use ply_api::control::Control;
use ply_api::service::{Service, ServiceLimits};
use ply_wasm::{Lab, bench, built_in_book};
use serde_json::Value;

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Russell and Norvig's tree (figure 5.2): the root is worth 3, and alpha-beta prunes
/// two leaves of the second subtree.
const CLASSIC: &str = r#"{"tree": "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))"}"#;

#[test]
fn a_tree_is_answered_with_its_value() {
    let answer = Lab::new().answer("/api/tree", CLASSIC, &Control::new());
    assert_eq!(answer.status, 200);
    let body = json(&answer.body);
    assert_eq!(body["value"], 3);
    assert_eq!(body["cutoffs"], 1);
}

#[test]
fn refusals_have_the_servers_status_and_shape() {
    let lab = Lab::new();
    let control = Control::new();

    let unknown = lab.answer("/api/nothing", "{}", &control);
    assert_eq!(unknown.status, 404);
    assert_eq!(json(&unknown.body)["kind"], "bad_request");

    let bad = lab.answer("/api/tree", r#"{"tree": "(a (b 3"}"#, &control);
    assert_eq!(bad.status, 400);
    assert_eq!(json(&bad.body)["kind"], "parse");

    // A tree deeper than max_tree_depth (1,000 levels by default) is refused, naming it.
    let deep = format!(
        r#"{{"tree": "{}1{}"}}"#,
        "(".repeat(1_001),
        ")".repeat(1_001)
    );
    let refused = lab.answer("/api/tree", &deep, &control);
    assert_eq!(refused.status, 413);
    assert_eq!(json(&refused.body)["limit"], "max_tree_depth");
}

#[test]
fn the_deepest_tree_allowed_is_answered() {
    // 1,000 levels: the most the default limits allow, and the deepest recursion a
    // request can ask of the module's stack.
    let deep = format!(
        r#"{{"tree": "{}7{}"}}"#,
        "(".repeat(1_000),
        ")".repeat(1_000)
    );
    let answer = Lab::new().answer("/api/tree", &deep, &Control::new());
    let start: String = answer.body.chars().take(200).collect();
    assert_eq!(answer.status, 200, "{start}");
    // One leaf, passed up through 999 levels that alternate max and min: still 7. (The
    // answer nests deeper than serde_json reads by default: its text is checked.)
    assert!(answer.body.starts_with(r#"{"value":7,"#), "{start}");
}

#[test]
fn the_lab_is_the_service_with_the_default_limits_and_the_built_in_book() {
    let lab = Lab::new();
    let service = Service::new(ServiceLimits::default(), built_in_book());
    let control = Control::new();
    let requests = [
        ("/api/health", ""),
        ("/api/games", ""),
        ("/api/tree", CLASSIC),
        ("/api/tree/svg", CLASSIC),
        (
            "/api/play/state",
            r#"{"game": "tictactoe", "moves": ["b2"]}"#,
        ),
        ("/api/play/engine", r#"{"game": "nim:3,4,5"}"#),
        // Pig with the face given: the same answer, byte for byte.
        (
            "/api/play/pig",
            r#"{"game": "pig:20", "position": "12+6-4", "decision": "roll", "face": 1}"#,
        ),
        (
            "/api/solve",
            r#"{"game": "connect4", "position": "2252576253462244111563365343671351441"}"#,
        ),
    ];
    for (path, body) in requests {
        let ours = lab.answer(path, body, &control);
        let theirs = service.answer(path, body.as_bytes(), &control);
        assert_eq!(ours.status, theirs.status, "{path}");
        assert_eq!(ours.content_type, theirs.content_type, "{path}");
        if path == "/api/solve" {
            // Equal apart from the time the search took.
            let (mut ours, mut theirs) = (json(&ours.body), json(&theirs.body));
            ours["time_ms"] = Value::Null;
            theirs["time_ms"] = Value::Null;
            assert_eq!(ours, theirs, "{path}");
            // Pons' set gives this position -1: the side to move loses.
            assert_eq!(ours["value"], "loss");
            assert_eq!(ours["book"], "built-in");
        } else if path != "/api/play/engine" {
            assert_eq!(ours.body, theirs.body, "{path}");
        }
    }
}

#[test]
fn the_built_in_book_is_the_one_ply_serve_reads() {
    let book = built_in_book().expect("ply is built with its book");
    assert_eq!(book.path, "built-in");
    let shipped = ply_games::connect4::book::shipped().unwrap();
    assert_eq!(book.book.len(), shipped.len());
}

#[test]
fn the_connect4_bench_solves_pons_positions_to_their_scores() {
    // The first lines of Pascal Pons' Test_L3_R1, with their scores.
    let lines = "2252576253462244111563365343671351441 -1\n\
                 7422341735647741166133573473242566 1\n\
                 \n\
                 # a comment\n\
                 23163416124767223154467471272416755633 0\n";
    let report = json(&bench::connect4(lines, &Control::new()));
    assert_eq!(report["positions"], 3);
    assert_eq!(report["correct"], 3);
    assert_eq!(report["wrong"], 0);
    assert_eq!(report["interrupted"], false);

    let wrong = json(&bench::connect4(
        "2252576253462244111563365343671351441 5",
        &Control::new(),
    ));
    assert_eq!(wrong["correct"], 0);
    assert_eq!(wrong["wrong"], 1);

    let bad = json(&bench::connect4("1111111 0", &Control::new()));
    assert!(
        bad["error"].as_str().unwrap().starts_with("line 1: "),
        "{bad}"
    );
}

#[test]
fn the_chess_bench_searches_as_the_native_one() {
    // The same search as `ply bench chess --depth 3 --threads 1`: its nodes are the
    // engine's, so equal to a direct search's.
    let positions = "startpos\n8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -\n";
    let report = json(&bench::chess(positions, 3, &Control::new()));
    let mut nodes = 0;
    for (i, text) in positions.lines().enumerate() {
        let direct = ply_api::analyze::analyze_spec(
            "chess",
            Some(text),
            &ply_api::analyze::AnalyzeOptions {
                depth: Some(3),
                threads: Some(1),
                hash_mib: Some(16),
                ..Default::default()
            },
            false,
            &Control::new(),
        )
        .unwrap();
        assert_eq!(report["positions"][i]["nodes"], direct.nodes, "{text}");
        assert_eq!(report["positions"][i]["depth"], 3);
        nodes += direct.nodes;
    }
    assert_eq!(report["nodes"], nodes);

    let bad = json(&bench::chess("not a position", 3, &Control::new()));
    assert!(
        bad["error"]
            .as_str()
            .unwrap()
            .starts_with("not a position: "),
        "{bad}"
    );
}

/// The book a page loads takes the built-in one's place in every answer; a file that is
/// not a whole book of the standard board is refused with the reason, and the lab keeps
/// the book it had.
#[test]
fn a_loaded_book_answers_in_place_of_the_built_in_one() {
    use ply_games::Connect4;
    use ply_games::connect4::OpeningBook;
    use ply_games::connect4::book::{BuildOptions, SHIPPED_BYTES, Shard};

    let solve = |lab: &Lab| -> serde_json::Value {
        let answer = lab.answer(
            "/api/solve",
            r#"{"game": "connect4", "position": "4", "all_moves": true}"#,
            &Control::new(),
        );
        assert_eq!(answer.status, 200, "{}", answer.body);
        serde_json::from_str(&answer.body).unwrap()
    };
    let mut lab = Lab::new();
    assert_eq!(solve(&lab)["book"], "built-in");

    // The book the site serves: the native binary's, every position of up to 11 stones.
    let said = lab.load_connect4_book(SHIPPED_BYTES).unwrap();
    assert_eq!(said, "books/connect4.book (depth 11, 3356580 positions)");
    let answer = solve(&lab);
    assert_eq!(answer["book"], "books/connect4.book");
    // After 4 every reply loses (the book's values, at once).
    assert!(
        answer["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["value"] == "loss")
    );

    // Refused: a truncated file, a book of the 4x4 board, a shard; the book stays.
    let error = lab.load_connect4_book(&SHIPPED_BYTES[..30]).unwrap_err();
    assert!(error.starts_with("books/connect4.book: "), "{error}");
    let small = Connect4::new(4, 4).unwrap();
    let (book, _) = OpeningBook::build(&small, 2, &BuildOptions::default(), |_| {}).unwrap();
    let error = lab.load_connect4_book(&book.to_bytes()).unwrap_err();
    assert!(
        error.contains("the 4x4 board, not the standard 7x6"),
        "{error}"
    );
    // (A shard of the module's own depth-3 book, every record of it resumed: no search.)
    let web = include_bytes!("../../../books/connect4-web.book");
    let shipped = OpeningBook::from_bytes(web).unwrap();
    let half = Shard::new(0, 2).unwrap();
    let options = BuildOptions {
        shard: half,
        resumed: shipped
            .records()
            .filter(|&(key, _)| half.holds(key))
            .collect(),
        ..BuildOptions::default()
    };
    let (shard, _) = OpeningBook::build(&Connect4::standard(), 3, &options, |_| {}).unwrap();
    let error = lab.load_connect4_book(&shard.to_bytes()).unwrap_err();
    assert!(error.contains("a shard, not a whole book"), "{error}");
    assert_eq!(solve(&lab)["book"], "books/connect4.book");
}
