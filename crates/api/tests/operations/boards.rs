//! The tests of `ply_api::boards`: the chessboard, the pursuit graph and the piles of
//! the play state, each value known from the rules or the theory of its game.

use ply_api::play::{GameRequest, MAX_LEGAL_LISTED, StateJson, engine_move, state};
use serde_json::{Value, json};

fn request(game: &str, position: Option<&str>, moves: &[&str]) -> GameRequest {
    GameRequest {
        game: game.into(),
        position: position.map(str::to_string),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        ..GameRequest::default()
    }
}

fn state_of(game: &str, position: Option<&str>, moves: &[&str]) -> StateJson {
    state(&request(game, position, moves)).unwrap()
}

/// Every move a board lists is one the state takes in `moves`.
fn every_move_plays(game: &str, position: Option<&str>, moves: &[&str], listed: &[String]) {
    for mv in listed {
        let mut played: Vec<&str> = moves.to_vec();
        played.push(mv);
        let after = state(&request(game, position, &played));
        assert!(after.is_ok(), "{game} {position:?} {mv}: {:?}", after.err());
    }
}

#[test]
fn the_chess_start_has_twenty_moves_by_their_squares() {
    let state = state_of("chess", None, &[]);
    // The chessboard is its own field: the grid `diagram` is for marks and discs only.
    assert_eq!(state.diagram, None);
    assert_eq!((state.graph.is_none(), state.piles.is_none()), (true, true));
    let board = state.chess.unwrap();
    assert_eq!(
        board.fen,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(
        board.ranks,
        [
            "rnbqkbnr", "pppppppp", "........", "........", "........", "........", "PPPPPPPP",
            "RNBQKBNR"
        ]
    );
    assert_eq!(board.turn, "white");
    assert_eq!(board.check, None);
    assert_eq!(board.last, None);
    assert_eq!(board.moves.len(), 20);
    let json = serde_json::to_value(&board.moves).unwrap();
    let moves = json.as_array().unwrap();
    assert!(moves.contains(&json!({"move": "e4", "from": "e2", "to": "e4", "promotion": null})));
    assert!(moves.contains(&json!({"move": "Nf3", "from": "g1", "to": "f3", "promotion": null})));
    let texts: Vec<String> = board.moves.iter().map(|m| m.mv.clone()).collect();
    assert_eq!(texts, state.legal);
    every_move_plays("chess", None, &[], &texts);

    let after = state_of("chess", None, &["e4"]).chess.unwrap();
    assert_eq!(after.turn, "black");
    let last = after.last.unwrap();
    assert_eq!((last.from.as_str(), last.to.as_str()), ("e2", "e4"));
    assert_eq!(after.ranks[4], "....P...");
    assert_eq!(after.ranks[6], "PPPP.PPP");
}

#[test]
fn castling_is_written_as_the_kings_squares() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let board = state_of("chess", Some(fen), &[]).chess.unwrap();
    let json = serde_json::to_value(&board.moves).unwrap();
    let moves = json.as_array().unwrap();
    assert!(moves.contains(&json!({"move": "O-O", "from": "e1", "to": "g1", "promotion": null})));
    assert!(moves.contains(&json!({"move": "O-O-O", "from": "e1", "to": "c1", "promotion": null})));
    // No move of the king goes to its rook's square.
    assert!(!board.moves.iter().any(|m| m.from == "e1" && m.to == "h1"));
    let after = state_of("chess", Some(fen), &["O-O"]).chess.unwrap();
    let last = after.last.unwrap();
    assert_eq!((last.from.as_str(), last.to.as_str()), ("e1", "g1"));
    assert_eq!(after.ranks[7], "R....RK.");
}

#[test]
fn a_promotion_is_four_moves_and_a_check_names_the_kings_square() {
    let fen = "8/P7/8/8/8/8/8/k6K w - - 0 1";
    let board = state_of("chess", Some(fen), &[]).chess.unwrap();
    let promotions: Vec<Value> = board
        .moves
        .iter()
        .filter(|m| m.from == "a7")
        .map(|m| serde_json::to_value(m).unwrap())
        .collect();
    assert_eq!(promotions.len(), 4, "{promotions:?}");
    for (text, piece) in [("a8=Q+", "q"), ("a8=R+", "r"), ("a8=B", "b"), ("a8=N", "n")] {
        assert!(
            promotions
                .contains(&json!({"move": text, "from": "a7", "to": "a8", "promotion": piece})),
            "{text}: {promotions:?}"
        );
    }
    let texts: Vec<String> = board.moves.iter().map(|m| m.mv.clone()).collect();
    every_move_plays("chess", Some(fen), &[], &texts);
    // The queen checks the king on a1 down the a-file.
    let after = state_of("chess", Some(fen), &["a8=Q+"]).chess.unwrap();
    assert_eq!(after.check.as_deref(), Some("a1"));
    assert_eq!(after.ranks[0], "Q.......");

    // Fool's mate: White's king on e1 is in check, and has no move.
    let mate = state_of("chess", None, &["f3", "e5", "g4", "Qh4#"]);
    let board = mate.chess.unwrap();
    assert_eq!(board.check.as_deref(), Some("e1"));
    assert_eq!(board.moves, []);
    let last = board.last.unwrap();
    assert_eq!((last.from.as_str(), last.to.as_str()), ("d8", "h4"));
    assert_eq!(mate.outcome.unwrap().winner.as_deref(), Some("Black"));
}

#[test]
fn the_engines_move_is_the_last_move_of_its_state() {
    let request = GameRequest {
        time_ms: Some(50),
        level: Some(json!(1)),
        ..request("chess", None, &["e4"])
    };
    let answer = engine_move(
        &request,
        &ply_api::play::PlayLimits::default(),
        &ply_api::control::Control::new(),
    )
    .unwrap();
    let board = answer.state.chess.unwrap();
    let last = board.last.unwrap();
    // The same squares as the move in the position before it lists.
    let before = state_of("chess", None, &["e4"]).chess.unwrap();
    let listed = before.moves.iter().find(|m| m.mv == answer.mv).unwrap();
    assert_eq!(
        (last.from, last.to),
        (listed.from.clone(), listed.to.clone())
    );
    assert_eq!(board.turn, "white");
    assert!(board.moves.len() <= MAX_LEGAL_LISTED);
}

/// The piles board of `game` as JSON, after checking that its moves are the state's
/// legal moves (none past the cap) and that each one plays.
fn piles_of(game: &str, moves: &[&str]) -> Value {
    let state = state_of(game, None, moves);
    assert_eq!(state.diagram, None, "{game}: the piles are their own field");
    assert_eq!((state.chess.is_none(), state.graph.is_none()), (true, true));
    let board = state.piles.expect("a taking game has piles");
    let texts: Vec<String> = board.moves.iter().map(|m| m.mv.clone()).collect();
    let mut sorted_texts = texts.clone();
    let mut legal = state.legal.clone();
    sorted_texts.sort();
    legal.sort();
    assert_eq!(sorted_texts, legal, "{game}");
    if texts.len() < 50 {
        every_move_plays(game, None, moves, &texts);
    }
    serde_json::to_value(&board).unwrap()
}

/// The moves the exact solver proves winning, sorted: the winning moves of a position
/// (the fastest and the slower wins alike).
fn solver_wins(game: &str) -> Vec<String> {
    let analysis = ply_api::play::analysis(
        &request(game, None, &[]),
        &ply_api::play::PlayLimits::default(),
        &ply_api::control::Control::new(),
    )
    .unwrap();
    assert!(analysis.exact, "{game}");
    let mut wins: Vec<String> = analysis
        .moves
        .into_iter()
        .filter(|m| m.value == "win")
        .map(|m| m.mv)
        .collect();
    wins.sort();
    wins
}

#[test]
fn nim_says_its_piles_in_binary_and_their_xor() {
    let board = piles_of("nim:3,4,5", &[]);
    assert_eq!(board["kind"], "nim");
    assert_eq!(board["piles"], json!([3, 4, 5]));
    assert_eq!(board["moves"].as_array().unwrap().len(), 12);
    assert_eq!(
        board["moves"][0],
        json!({"move": "1:1", "pile": 0, "take": 1})
    );
    assert_eq!(
        board["moves"][11],
        json!({"move": "3:5", "pile": 2, "take": 5})
    );
    // 3 ^ 4 ^ 5 = 2: take 2 from the pile of 3 (011 ^ 010 = 001) to make it 0.
    assert_eq!(
        board["theory"],
        json!({
            "kind": "nim",
            "misere": false,
            "binary": ["011", "100", "101"],
            "xor": 2,
            "xor_binary": "010",
            "winning": true,
            "winning_moves": ["1:2"],
        })
    );
    assert_eq!(solver_wins("nim:3,4,5"), ["1:2"]);
    // 1 ^ 2 ^ 3 = 0: lost for the player to move.
    let lost = piles_of("nim:1,2,3", &[]);
    assert_eq!(lost["theory"]["xor_binary"], "00");
    assert_eq!(lost["theory"]["binary"], json!(["01", "10", "11"]));
    assert_eq!(
        (&lost["theory"]["winning"], &lost["theory"]["winning_moves"]),
        (&json!(false), &json!([]))
    );
    // After 1:2 the piles are 1,4,5, xor 0.
    let after = piles_of("nim:3,4,5", &["1:2"]);
    assert_eq!(after["piles"], json!([1, 4, 5]));
    assert_eq!(after["theory"]["binary"], json!(["001", "100", "101"]));
    assert_eq!(after["theory"]["xor"], 0);
}

#[test]
fn misere_nim_plays_the_ones_otherwise() {
    let board = piles_of("misere-nim:3,4,5", &[]);
    assert_eq!(board["kind"], "misere-nim");
    assert_eq!(board["theory"]["misere"], true);
    assert_eq!(board["theory"]["winning_moves"], json!(["1:2"]));
    // Two piles of one: take either, leave the last one to the other player.
    let ones = piles_of("misere-nim:1,1", &[]);
    assert_eq!(ones["theory"]["winning"], true);
    assert_eq!(ones["theory"]["winning_moves"], json!(["1:1", "2:1"]));
    assert_eq!(solver_wins("misere-nim:1,1"), ["1:1", "2:1"]);
    let three = piles_of("misere-nim:1,1,1", &[]);
    assert_eq!(three["theory"]["winning"], false);
    // The last object taken: the player to move has won.
    let over = piles_of("misere-nim:1", &["1:1"]);
    assert_eq!(over["piles"], json!([0]));
    assert_eq!(over["theory"]["binary"], json!(["0"]));
    assert_eq!(over["theory"]["winning"], true);
    assert_eq!(over["moves"], json!([]));
}

#[test]
fn wythoff_lists_the_cold_pairs_up_to_the_larger_pile() {
    let board = piles_of("wythoff:4,6", &[]);
    assert_eq!(board["kind"], "wythoff");
    assert_eq!(board["piles"], json!([4, 6]));
    // (⌊kφ⌋, ⌊kφ⌋ + k) for k = 0..4: ⌊4φ⌋ = 6 is the last at most 6.
    assert_eq!(
        board["theory"],
        json!({
            "kind": "wythoff",
            "cold": [[0, 0], [1, 2], [3, 5], [4, 7], [6, 10]],
            "winning": true,
            "winning_moves": ["both:1"],
        })
    );
    assert_eq!(solver_wins("wythoff:4,6"), ["both:1"]);
    let moves = board["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4 + 6 + 4);
    assert_eq!(moves[0], json!({"move": "1:1", "pile": 0, "take": 1}));
    assert_eq!(moves[4], json!({"move": "2:1", "pile": 1, "take": 1}));
    assert_eq!(
        moves[10],
        json!({"move": "both:1", "pile": null, "take": 1})
    );
    let cold = piles_of("wythoff:4,6", &["both:1"]);
    assert_eq!(cold["theory"]["winning"], false);
    assert_eq!(
        cold["theory"]["cold"],
        json!([[0, 0], [1, 2], [3, 5], [4, 7]])
    );
}

#[test]
fn bash_counts_the_pile_modulo_m_plus_one() {
    let board = piles_of("bash:10,3", &[]);
    assert_eq!(
        board,
        json!({
            "kind": "bash",
            "piles": [10],
            "moves": [
                {"move": "1:1", "pile": 0, "take": 1},
                {"move": "1:2", "pile": 0, "take": 2},
                {"move": "1:3", "pile": 0, "take": 3},
            ],
            "theory": {
                "kind": "bash",
                "most": 3,
                "period": 4,
                "remainder": 2,
                "winning": true,
                "winning_moves": ["1:2"],
            },
        })
    );
    assert_eq!(solver_wins("bash:10,3"), ["1:2"]);
    let lost = piles_of("bash:10,3", &["1:2"]);
    assert_eq!(lost["theory"]["remainder"], 0);
    assert_eq!(lost["theory"]["winning"], false);
    // A pile smaller than m: only what is there can be taken.
    let small = piles_of("bash:2,3", &[]);
    assert_eq!(small["moves"].as_array().unwrap().len(), 2);
}

#[test]
fn subtraction_games_give_their_grundy_values() {
    let board = piles_of("subtraction:20,17;1,3,4", &[]);
    // The take set {1, 3, 4}: g = 0 1 0 1 2 3 2, again every 7 (g(20) = g(6) = 2,
    // g(17) = g(3) = 1), xor 3: take 3 from 20 (g(17) = 1) or 4 from 17 (g(13) = 2).
    assert_eq!(
        board["theory"],
        json!({
            "kind": "subtraction",
            "set": [1, 3, 4],
            "grundy": [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2],
            "values": [2, 1],
            "xor": 3,
            "winning": true,
            "winning_moves": ["1:3", "2:4"],
        })
    );
    assert_eq!(solver_wins("subtraction:20,17;1,3,4"), ["1:3", "2:4"]);
    assert_eq!(board["kind"], "subtraction");
    assert_eq!(
        board["moves"],
        json!([
            {"move": "1:1", "pile": 0, "take": 1},
            {"move": "1:3", "pile": 0, "take": 3},
            {"move": "1:4", "pile": 0, "take": 4},
            {"move": "2:1", "pile": 1, "take": 1},
            {"move": "2:3", "pile": 1, "take": 3},
            {"move": "2:4", "pile": 1, "take": 4},
        ])
    );
}

/// Piles of a million: the lists stay within their bounds.
#[test]
fn huge_piles_keep_the_boards_bounded() {
    let nim = state_of("nim:1000000,1000000", None, &[]).piles.unwrap();
    assert_eq!(nim.moves.len(), MAX_LEGAL_LISTED);
    let theory = serde_json::to_value(&nim.theory).unwrap();
    // 1,000,000 = 11110100001001000000 in binary (20 digits).
    assert_eq!(
        theory["binary"],
        json!(["11110100001001000000", "11110100001001000000"])
    );
    assert_eq!(theory["xor_binary"], "00000000000000000000");
    let wythoff = serde_json::to_value(state_of("wythoff:1000000,3", None, &[]).piles).unwrap();
    assert_eq!(
        wythoff["theory"]["cold"].as_array().unwrap().len(),
        ply_api::boards::MAX_THEORY_ROWS
    );
    assert_eq!(wythoff["moves"].as_array().unwrap().len(), MAX_LEGAL_LISTED);
    let subtraction =
        serde_json::to_value(state_of("subtraction:1000000;1,2", None, &[]).piles).unwrap();
    assert_eq!(
        subtraction["theory"]["grundy"].as_array().unwrap().len(),
        ply_api::boards::MAX_THEORY_ROWS
    );
    // g = n mod 3 for the take set {1, 2}: 1,000,000 = 3 * 333,333 + 1.
    assert_eq!(subtraction["theory"]["values"], json!([1]));
    assert_eq!(subtraction["theory"]["winning_moves"], json!(["1:1"]));
}

#[test]
fn pursuit_on_a_grid_draws_the_grid_and_its_pieces() {
    let start = state_of("pursuit:grid:3x3", None, &[]);
    assert_eq!((start.chess.is_none(), start.piles.is_none()), (true, true));
    let board = serde_json::to_value(start.graph.unwrap()).unwrap();
    let names = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];
    let vertices: Vec<Value> = names
        .iter()
        .enumerate()
        .map(
            |(v, name)| json!({"name": name, "x": (v % 3) as f64 / 2.0, "y": (v / 3) as f64 / 2.0}),
        )
        .collect();
    assert_eq!(
        board,
        json!({
            "vertices": vertices,
            "edges": [[0, 1], [0, 3], [1, 2], [1, 4], [2, 5], [3, 4], [3, 6], [4, 5], [4, 7],
                      [5, 8], [6, 7], [7, 8]],
            "layout": "grid",
            "cops_total": 1,
            "cops": [],
            "fugitive": null,
            "hidden": false,
            "possible": null,
            "turn": "cops",
            "phase": "place",
        })
    );
    // The cop on b2, then the fugitive's turn to place itself: any vertex, by its name.
    let placed = state_of("pursuit:grid:3x3", None, &["b2"]);
    let mut legal = placed.legal.clone();
    legal.sort();
    let mut sorted_names = names;
    sorted_names.sort();
    assert_eq!(legal, sorted_names);
    let graph = placed.graph.unwrap();
    assert_eq!(graph.cops, [4]);
    assert_eq!(
        (graph.turn, graph.phase, graph.fugitive),
        ("fugitive", "place", None)
    );
    let moving = state_of("pursuit:grid:3x3", None, &["b2", "a1"])
        .graph
        .unwrap();
    assert_eq!(
        (moving.turn, moving.phase, moving.fugitive),
        ("cops", "move", Some(0))
    );
    let after = state_of("pursuit:grid:3x3", None, &["b2", "a1", "b1"]);
    let graph = after.graph.unwrap();
    assert_eq!((graph.cops, graph.turn), (vec![1], "fugitive"));
    // The fugitive on a1 stays or steps to a2 (b1 holds the cop: a step there is caught).
    let mut legal = after.legal.clone();
    legal.sort();
    assert_eq!(legal, ["a1", "a2", "b1"]);
}

#[test]
fn several_cops_move_by_one_list_of_vertices() {
    let game = "pursuit:cycle:5,cops=2";
    let start = state_of(game, None, &[]).graph.unwrap();
    assert_eq!((start.layout, start.cops_total), ("cycle", 2));
    // Vertex 0 at the top of the circle, 1 to its right (72 degrees clockwise).
    let place = |v: usize| (start.vertices[v].x, start.vertices[v].y);
    assert_eq!((place(0), place(1)), ((0.5, 0.0), (0.9755, 0.3455)));
    let placed = state_of(game, None, &["0,2", "4"]);
    let graph = placed.graph.unwrap();
    assert_eq!((graph.cops, graph.fugitive), (vec![0, 2], Some(4)));
    // Each cop stays or steps: 3 places each, 9 lists, and one of them writes "1,3".
    assert_eq!(placed.legal.len(), 9);
    assert!(
        placed.legal.contains(&"1,3".to_string()),
        "{:?}",
        placed.legal
    );
    let moved = state_of(game, None, &["0,2", "4", "1,3"]).graph.unwrap();
    assert_eq!(moved.cops, [1, 3]);
}

#[test]
fn the_hidden_fugitives_places_shrink_as_the_cop_sweeps_a_path() {
    let game = "pursuit-hidden:path:4";
    let start = state_of(game, None, &[]).graph.unwrap();
    assert_eq!(
        serde_json::to_value(&start).unwrap(),
        json!({
            "vertices": [
                {"name": "0", "x": 0.0, "y": 0.5},
                {"name": "1", "x": 0.3333, "y": 0.5},
                {"name": "2", "x": 0.6667, "y": 0.5},
                {"name": "3", "x": 1.0, "y": 0.5},
            ],
            "edges": [[0, 1], [1, 2], [2, 3]],
            "layout": "path",
            "cops_total": 1,
            "cops": [],
            "fugitive": null,
            "hidden": true,
            "possible": [0, 1, 2, 3],
            "turn": "cops",
            "phase": "place",
        })
    );
    // The cop placed on 0 and walking right: the fugitive cannot pass it.
    let mut moves = Vec::new();
    for (cop, possible) in [
        ("0", vec![1, 2, 3]),
        ("1", vec![2, 3]),
        ("2", vec![3]),
        ("3", vec![]),
    ] {
        moves.push(cop);
        let state = state_of(game, None, &moves);
        let graph = state.graph.unwrap();
        assert_eq!(graph.cops, [cop.parse::<usize>().unwrap()]);
        assert_eq!(graph.possible, Some(possible), "after {moves:?}");
        assert_eq!(graph.phase, "move");
        assert_eq!(graph.fugitive, None);
    }
    assert_eq!(state_of(game, None, &moves).outcome.unwrap().result, "win");
    // Back and forth in the middle clears nothing: from 1, to 2, the fugitive slips by.
    let swept = state_of(game, None, &["1", "2"]).graph.unwrap();
    assert_eq!(swept.possible, Some(vec![0, 1, 3]));
}

#[test]
fn trees_petersen_and_files_are_laid_out_in_the_unit_square() {
    let tree = state_of("pursuit:tree:0,0,1,1", None, &[]).graph.unwrap();
    assert_eq!(tree.layout, "tree");
    let places: Vec<(f64, f64)> = tree.vertices.iter().map(|v| (v.x, v.y)).collect();
    assert_eq!(
        places,
        [
            (0.625, 0.0),
            (0.25, 0.5),
            (1.0, 0.5),
            (0.0, 1.0),
            (0.5, 1.0)
        ]
    );
    let petersen = state_of("pursuit-hidden:petersen,cops=3", None, &[])
        .graph
        .unwrap();
    assert_eq!(
        (
            petersen.layout,
            petersen.vertices.len(),
            petersen.edges.len()
        ),
        ("petersen", 10, 15)
    );
    // The spokes join each outer vertex to the inner one on the same radius.
    assert_eq!(
        (petersen.vertices[5].x, petersen.vertices[5].y),
        (0.5, 0.25)
    );
    let dir = std::env::temp_dir().join(format!("ply-boards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("house.txt");
    std::fs::write(
        &file,
        "hall kitchen\nkitchen cellar\ncellar hall\nhall attic\n",
    )
    .unwrap();
    let spec = format!("pursuit:file:{}", file.display());
    let house = state_of(&spec, None, &[]).graph.unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(house.layout, "free");
    let names: Vec<&str> = house.vertices.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["hall", "kitchen", "cellar", "attic"]);
    assert_eq!(house.edges, [[0, 1], [0, 2], [0, 3], [1, 2]]);
    assert!(
        house
            .vertices
            .iter()
            .all(|v| (0.0..=1.0).contains(&v.x) && (0.0..=1.0).contains(&v.y))
    );
}

#[test]
fn a_position_written_with_its_moves_has_a_last_move() {
    let board = state_of("chess", Some("startpos moves e4 e5 Nf3"), &[])
        .chess
        .unwrap();
    let last = board.last.unwrap();
    assert_eq!((last.from.as_str(), last.to.as_str()), ("g1", "f3"));
    assert_eq!(board.turn, "black");
    let first = state_of("chess", Some("startpos moves e2e4"), &[])
        .chess
        .unwrap();
    let last = first.last.unwrap();
    assert_eq!((last.from.as_str(), last.to.as_str()), ("e2", "e4"));
    // A FEN alone has no last move; the request's moves come first.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(state_of("chess", Some(fen), &[]).chess.unwrap().last, None);
    let both = state_of("chess", Some("startpos moves e4"), &["c5"])
        .chess
        .unwrap();
    let last = both.last.unwrap();
    assert_eq!((last.from.as_str(), last.to.as_str()), ("c7", "c5"));
}
