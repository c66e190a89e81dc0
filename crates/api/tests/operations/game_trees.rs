//! The tests of `POST /api/tree/game` (`ply_api::tree::game_tree`): games written out as
//! trees from any position, with depth-aware values, symmetry, nodes named by their
//! positions, and the search of the tree in the same answer; and `collapse_pruned` on
//! `/api/tree`. Every expected value below is worked out by hand in its comment.

use ply_api::tree::*;
use serde_json::Value;

/// The answer for `request`, within the default limits.
fn written(request: &GameTreeRequest) -> GameTree {
    game_tree(request, &TreeLimits::default()).unwrap()
}

/// A request for `game` from `position`, every other field at its default.
fn request(game: &str, position: Option<&str>) -> GameTreeRequest {
    GameTreeRequest {
        game: game.into(),
        position: position.map(str::to_string),
        ..GameTreeRequest::default()
    }
}

/// The answer's search, as JSON.
fn search_of(tree: &GameTree) -> Value {
    serde_json::from_str(tree.search.as_ref().expect("a search").get()).unwrap()
}

/// `/api/tree`'s answer for a tree's text.
fn searched(text: &str, algorithm: &str) -> Value {
    let request = TreeRequest {
        algorithm: Some(algorithm.into()),
        ..TreeRequest::new(text)
    };
    serde_json::from_str(&evaluate_tree(&request, &TreeLimits::default()).unwrap()).unwrap()
}

/// The root's children in a search's JSON: (name, value) in order.
fn children(search: &Value) -> Vec<(String, Value)> {
    search["root"]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap().to_string(), c["value"].clone()))
        .collect()
}

// `XOX/.O./X..`: X on a1, c1 and a3, O on b1 and b2 (row 1 is written first), O to
// move, so O is MAX. Empty: a2, c2, b3, c3. b3 completes O's column b at once; a2
// blocks X's column a and makes two threats (c2 and b3), won at ply 3 whatever X
// does; c2 or c3 let X complete column a at ply 2. The longest line fills the board:
// a2, c2, c3, b3 (a draw at depth 4), so N = 5.

#[test]
fn depth_aware_values_prefer_the_quick_win() {
    let tree = written(&GameTreeRequest {
        search: true,
        algorithm: Some("minimax".into()),
        ..request("tictactoe", Some("XOX/.O./X.."))
    });
    assert_eq!(tree.format, "bracket");
    assert!(tree.depth_aware);
    assert_eq!(tree.longest, Some(5));
    assert!(!tree.symmetry);
    assert_eq!(tree.players, ["X".to_string(), "O".to_string()]);
    // Counted by hand: the root, b3 (1), a2 (12), c2 (9), c3 (11).
    assert_eq!(tree.nodes, 34);
    let search = search_of(&tree);
    // b3: won at depth 1, 5 - 1 = 4; a2: won at depth 3, 5 - 3 = 2; c2 and c3: lost
    // at depth 2, -(5 - 2) = -3.
    assert_eq!(
        children(&search),
        [
            ("a2".to_string(), Value::from(2)),
            ("c2".to_string(), Value::from(-3)),
            ("b3".to_string(), Value::from(4)),
            ("c3".to_string(), Value::from(-3)),
        ]
    );
    assert_eq!(search["value"], 4);
    assert_eq!(search["best"], "b3");
    // The search is exactly /api/tree's answer for the tree's text.
    assert_eq!(search, searched(&tree.tree, "minimax"));
}

#[test]
fn without_depth_every_win_is_worth_one() {
    let tree = written(&GameTreeRequest {
        depth_aware: false,
        search: true,
        algorithm: Some("minimax".into()),
        ..request("tictactoe", Some("XOX/.O./X.."))
    });
    assert!(!tree.depth_aware);
    assert_eq!(tree.longest, None);
    assert_eq!(tree.nodes, 34);
    let search = search_of(&tree);
    // a2 and b3 are both plain wins: the search keeps the first, a2.
    assert_eq!(
        children(&search),
        [
            ("a2".to_string(), Value::from(1)),
            ("c2".to_string(), Value::from(-1)),
            ("b3".to_string(), Value::from(1)),
            ("c3".to_string(), Value::from(-1)),
        ]
    );
    assert_eq!(search["value"], 1);
    assert_eq!(search["best"], "a2");
    // The tree's text: a leaf's value as ply tree writes it.
    assert!(tree.tree.contains(" b3=1 "), "{}", tree.tree);
}

#[test]
fn a_cut_tree_keeps_finished_games_above_every_estimate() {
    // Cut at depth 1: b3 is a finished game at depth 1 (N = 2, the deepest level being
    // 1): 100 + 2 - 1 = 101; the others are estimates, clamped to ±99.
    let tree = written(&GameTreeRequest {
        depth: Some(1),
        ..request("tictactoe", Some("XOX/.O./X.."))
    });
    assert_eq!(tree.longest, Some(2));
    assert_eq!(tree.nodes, 5);
    assert!(tree.tree.contains(" b3=101 "), "{}", tree.tree);
    let plain = written(&GameTreeRequest {
        depth: Some(1),
        depth_aware: false,
        ..request("tictactoe", Some("XOX/.O./X.."))
    });
    assert!(plain.tree.contains(" b3=100 "), "{}", plain.tree);
}

// The textbook's tic-tac-toe at depth 2 with f(p) = the lines still open for X minus
// those still open for O. X's first moves up to symmetry: a corner (a1, standing for 4),
// an edge (b1, 4) and the centre (b2, 1). O's answers up to the symmetries that keep
// X's stone: after a1, b1 (~a2), c1 (~a3), b2, c2 (~b3), c3; after b1, a1 (~c1),
// a2 (~c2), b2, a3 (~c3), b3; after b2, a1 (4 corners) and b1 (4 edges).
// After a1 O may leave X 6, 5, 4, 6, 5 lines against O's 5: the least is b2, -1. After
// b1 (O keeps 6): 5, 6, 4, 5, 6: the least is b2, -2. After b2 (O keeps 4): 5, 6: 1.

#[test]
fn symmetry_draws_the_textbooks_three_first_moves() {
    let tree = written(&GameTreeRequest {
        depth: Some(2),
        symmetry: true,
        search: true,
        algorithm: Some("minimax".into()),
        ..request("tictactoe", None)
    });
    assert!(tree.symmetry);
    assert_eq!(tree.nodes, 1 + 3 + 5 + 5 + 2);
    let search = search_of(&tree);
    let first: Vec<(String, Value, Value)> = search["root"]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["value"].clone(),
                c["children"].as_array().unwrap().len().into(),
            )
        })
        .collect();
    assert_eq!(
        first,
        [
            ("a1".to_string(), Value::from(-1), Value::from(5)),
            ("b1".to_string(), Value::from(-2), Value::from(5)),
            ("b2".to_string(), Value::from(1), Value::from(2)),
        ]
    );
    assert_eq!(search["value"], 1);
    assert_eq!(search["best"], "b2");
    // How many moves each stands for, in the search's nodes.
    let stands = |node: &Value| node.get("stands_for").cloned().unwrap_or(Value::from(1));
    let root = &search["root"]["children"];
    assert_eq!(
        [stands(&root[0]), stands(&root[1]), stands(&root[2])],
        [Value::from(4), Value::from(4), Value::from(1)]
    );
    let after_corner: Vec<Value> = root[0]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(stands)
        .collect();
    assert_eq!(after_corner, [2, 2, 1, 2, 1].map(Value::from));
    // The leaves' estimates under the corner: 6 - 5, 5 - 5, 4 - 5, 6 - 5, 5 - 5.
    let values: Vec<Value> = root[0]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].clone())
        .collect();
    assert_eq!(values, [1, 0, -1, 1, 0].map(Value::from));
    // Without symmetry: 9 first moves and 72 answers.
    let whole = written(&GameTreeRequest {
        depth: Some(2),
        ..request("tictactoe", None)
    });
    assert_eq!(whole.nodes, 1 + 9 + 72);
}

// Race to 10 adding 1 or 2: the nodes below a total t number 1 + those below t + 1 and
// t + 2 (while ≤ 10): 1, 2, 4, 7, 12, 20, 33, 54, 88, 143, 232 from 10 down to 0. The
// longest line adds 1 ten times: N = 11. The first player wins by going to 1, 4, 7, 10;
// the loser adds 1 each time to last longest: 1, 2, 4, 5, 7, 8, 10, won at depth 7,
// 11 - 7 = 4.

#[test]
fn race_nodes_are_named_by_their_running_totals() {
    let tree = written(&GameTreeRequest {
        search: true,
        ..request("race:10,2", None)
    });
    assert_eq!(tree.nodes, 232);
    assert_eq!(tree.format, "indented");
    assert_eq!(tree.longest, Some(11));
    assert_eq!(
        tree.players,
        ["first player".to_string(), "second player".to_string()]
    );
    let lines: Vec<&str> = tree.tree.lines().take(11).collect();
    assert_eq!(
        lines,
        [
            "0",
            "  1",
            "    2",
            "      3",
            "        4",
            "          5",
            "            6",
            "              7",
            "                8",
            "                  9",
            // Reached by MIN (the player at depth 9): MAX lost at depth 10, -(11 - 10).
            "                    10 = -1",
        ]
    );
    let search = search_of(&tree);
    assert_eq!(search["value"], 4);
    assert_eq!(search["best"], "1");
    assert_eq!(
        search["pv"],
        serde_json::json!(["0", "1", "2", "4", "5", "7", "8", "10"])
    );
    // The cut lists name totals too ("never looked at: 3", not "_2").
    assert!(!tree.tree.contains('_'));
    // From a later total, the root is that total. N = 3: MAX reaching 10 at depth 1 is
    // worth 3 - 1 = 2; MIN reaching it at depth 2, -(3 - 2) = -1.
    let later = written(&request("race:10,2", Some("8")));
    assert_eq!(later.tree, "8\n  9\n    10 = -1\n  10 = 2\n");
    assert_eq!(later.nodes, 4);
    // Bash's game (3 objects, take 1 or 2; who takes the last wins): nodes named by the
    // objects left. The longest line takes 1 three times (N = 4): MAX taking the last at
    // depth 3 wins 4 - 3 = 1; MIN taking it at depth 2, -(4 - 2) = -2.
    let bash = written(&request("bash:3,2", None));
    assert_eq!(bash.format, "indented");
    assert_eq!(
        bash.tree,
        "3\n  2\n    1\n      0 = 1\n    0 = -2\n  1\n    0 = -2\n"
    );
}

#[test]
fn a_game_tree_search_takes_the_lab_options() {
    let base = GameTreeRequest {
        search: true,
        picture: true,
        lang: Some(ply_api::lang::Lang::En),
        ..request("tictactoe", Some("XOX/.O./X.."))
    };
    let tree = written(&base);
    let search = search_of(&tree);
    // Alpha-beta by default; the words in the request's language; the picture draws
    // the boards in the nodes.
    assert_eq!(search["value"], 4);
    assert!(
        search["words"]["summary"]
            .as_str()
            .unwrap()
            .starts_with("Alpha-beta: value 4, best b3"),
        "{}",
        search["words"]["summary"]
    );
    let svg = search["svg"].as_str().unwrap();
    assert!(svg.contains("board"), "no board in the picture");
    // leaf_perspective: only max.
    let error = game_tree(
        &GameTreeRequest {
            leaf_perspective: Some("mover".into()),
            ..base.clone()
        },
        &TreeLimits::default(),
    )
    .unwrap_err();
    assert_eq!(error.kind, ply_api::ErrorKind::BadRequest);
    assert!(
        error.error.starts_with("leaf_perspective 'mover'"),
        "{}",
        error.error
    );
    // An unknown algorithm is refused as /api/tree refuses it.
    let error = game_tree(
        &GameTreeRequest {
            algorithm: Some("mcts".into()),
            ..base.clone()
        },
        &TreeLimits::default(),
    )
    .unwrap_err();
    assert_eq!(error.kind, ply_api::ErrorKind::BadRequest);
    // Without "search", no search in the answer.
    let plain = written(&request("tictactoe", Some("XOX/.O./X..")));
    assert!(plain.search.is_none());
    let json = serde_json::to_value(&plain).unwrap();
    assert!(json.get("search").is_none());
    assert_eq!(json["format"], "bracket");
    assert_eq!(json["longest"], 5);
}

#[test]
fn a_game_tree_and_its_search_stay_within_the_answer_limit() {
    let request = GameTreeRequest {
        search: true,
        ..request("race:6,2", None)
    };
    let whole = written(&request);
    let bytes = serde_json::to_string(&whole).unwrap().len() as u64;
    let tight = TreeLimits {
        max_answer_bytes: whole.tree.len() as u64 + 100,
        ..TreeLimits::default()
    };
    assert!(bytes > tight.max_answer_bytes);
    let error = game_tree(&request, &tight).unwrap_err();
    assert_eq!(error.limit, Some("max_answer_bytes"));
}

// The four-level lesson tree (examples/trees/four-ply.txt) under negamax: each node's
// value for the player to move there is the lesson's minimax value, negated where MIN
// moves. By hand: the MIN nodes above the leaves 1, 5 | 7, 5, 2 | 9, 7 | 8, 2 | 2, 2 |
// 5, 8 | 9, 5 | 7, 2, 1; the MAX nodes 5, 7, 9, 8 | 2, 8, 9, 7; the MIN nodes 2 = 5,
// 18 = 2; the root 5.

#[test]
fn negamax_gives_each_level_the_lessons_negated_values() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/trees/four-ply.txt"
    ))
    .unwrap();
    let negamax = searched(&text, "negamax");
    let minimax = searched(&text, "minimax");
    let expected: &[(&str, i64)] = &[
        ("1", 5),
        ("2", -5),
        ("18", -2),
        ("3", 5),
        ("9", 7),
        ("12", 9),
        ("15", 8),
        ("19", 2),
        ("33", 8),
        ("39", 9),
        ("44", 7),
        ("3a", -1),
        ("3b", -5),
        ("9a", -7),
        ("9b", -5),
        ("9c", -2),
        ("12a", -9),
        ("12b", -7),
        ("15a", -8),
        ("15b", -2),
        ("19a", -2),
        ("19b", -2),
        ("33a", -5),
        ("33b", -8),
        ("39a", -9),
        ("39b", -5),
        ("44a", -7),
        ("44b", -2),
        ("44c", -1),
    ];
    let mut found = std::collections::BTreeMap::new();
    let mut stack = vec![(&negamax["root"], &minimax["root"])];
    while let Some((n, m)) = stack.pop() {
        let name = n["name"].as_str().unwrap().to_string();
        // The values for MAX are the same in both searches; the mover's view flips at
        // MIN's levels.
        assert_eq!(n["value"], m["value"], "{name}");
        let sign = if n["depth"].as_u64().unwrap() % 2 == 0 {
            1
        } else {
            -1
        };
        assert_eq!(
            n["mover_value"].as_i64().unwrap(),
            sign * m["value"].as_i64().unwrap(),
            "{name}"
        );
        found.insert(name, n["mover_value"].as_i64().unwrap());
        let (nc, mc) = (
            n["children"].as_array().unwrap(),
            m["children"].as_array().unwrap(),
        );
        stack.extend(nc.iter().zip(mc));
    }
    for &(name, value) in expected {
        assert_eq!(found[name], value, "{name}");
    }
    // The leaves lie four plies down, where MAX moves again: their values read alike.
    let leaves: Vec<i64> = found
        .iter()
        .filter(|(name, _)| name.starts_with('#'))
        .map(|(_, &v)| v)
        .collect();
    assert_eq!(leaves.len(), 22);
    assert_eq!(negamax["value"], 5);
}

#[test]
fn collapse_pruned_draws_each_pruned_subtree_as_one_mark() {
    // Alpha-beta: b is worth 3; under c, d reads 1 and 2 (worth 2 ≤ α = 3): e and its
    // two leaves are never looked at, one mark of 3 nodes.
    let tree = "(a (b 3 4) (c (d 1 2) (e 5 6)))";
    let limits = TreeLimits::default();
    let picture = |collapse_pruned| {
        let request = TreeRequest {
            picture: true,
            collapse_pruned,
            ..TreeRequest::new(tree)
        };
        let json: Value = serde_json::from_str(&evaluate_tree(&request, &limits).unwrap()).unwrap();
        let svg = json["svg"].as_str().unwrap().to_string();
        let svg_alone = tree_svg(&request, &limits).unwrap();
        (svg, svg_alone)
    };
    let (whole, whole_alone) = picture(false);
    let (collapsed, collapsed_alone) = picture(true);
    let groups = |svg: &str| svg.matches(r#"<g id="node"#).count();
    assert_eq!(groups(&whole), 11);
    assert_eq!(groups(&collapsed), 9);
    assert!(collapsed.contains("✂ 3"), "{collapsed}");
    assert!(!whole.contains('✂'));
    // /api/tree/svg draws the same way.
    assert_eq!(groups(&whole_alone), 11);
    assert_eq!(groups(&collapsed_alone), 9);
    // The values do not change.
    let request = TreeRequest {
        collapse_pruned: true,
        ..TreeRequest::new(tree)
    };
    let json: Value = serde_json::from_str(&evaluate_tree(&request, &limits).unwrap()).unwrap();
    assert_eq!(json["value"], 3);
    assert_eq!(json["cutoffs"], 1);
}

/// The nodes of a picture: (all, those drawn with their board).
fn boards_drawn(svg: &str) -> (usize, usize) {
    let groups: Vec<&str> = svg.split(r#"<g id="node"#).skip(1).collect();
    let boards = groups
        .iter()
        .filter(|g| {
            let class = &g[g.find("class=\"").unwrap()..];
            class[..class.find("\" ").unwrap()].contains(" board")
        })
        .count();
    (groups.len(), boards)
}

#[test]
fn games_with_counters_and_chess_draw_their_boards() {
    // Nim 1,2: the nodes below piles (a, b) number 1 + those below each move's piles:
    // (0,0) 1, (1,0) and (0,1) 2, (0,2) 4, (1,1) 5, (1,2) 1 + 4 + 5 + 2 = 12. Every one is
    // drawn as counters.
    let tree = written(&GameTreeRequest {
        search: true,
        picture: true,
        ..request("nim:1,2", None)
    });
    assert_eq!(tree.nodes, 12);
    let svg = search_of(&tree)["svg"].as_str().unwrap().to_string();
    assert_eq!(boards_drawn(&svg), (12, 12));
    // Chess one ply deep from the start: 20 moves, each a board.
    let chess = written(&GameTreeRequest {
        depth: Some(1),
        search: true,
        picture: true,
        ..request("chess", None)
    });
    assert_eq!(chess.nodes, 21);
    assert_eq!(chess.players, ["White".to_string(), "Black".to_string()]);
    let svg = search_of(&chess)["svg"].as_str().unwrap().to_string();
    assert_eq!(boards_drawn(&svg), (21, 21));
}

/// Pig to 20 from 12+0-14, two throws deep: the tree the example file holds (written by
/// the tree crate's own test), searched by expectiminimax to its pinned value 1757/4000,
/// whatever minimax search the lab has chosen; Star1 when asked, and refusals.
#[test]
fn pig_is_written_out_with_chance_nodes_and_searched_by_expectiminimax() {
    let file = include_str!("../../../../examples/trees/pig-small.txt");
    let example: String = file
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| format!("{line}\n"))
        .collect();
    let mut asked = request("pig:20", Some("12+0-14"));
    asked.search = true;
    asked.algorithm = Some("alphabeta".into());
    let answer = written(&asked);
    assert_eq!(answer.tree, example);
    assert_eq!(
        (answer.format, answer.depth_aware, answer.longest),
        ("indented", false, None)
    );
    assert_eq!(answer.to_move, "first player");
    let search = search_of(&answer);
    assert_eq!(search["algorithm"], "expectiminimax");
    assert_eq!(search["value_exact"], "1757/4000");
    assert_eq!(search["root"]["player"], "max");
    assert_eq!(search["root"]["children"][0]["name"], "roll");
    assert_eq!(search["root"]["children"][0]["player"], "chance");
    assert_eq!(
        search["root"]["children"][0]["children"]
            .as_array()
            .unwrap()
            .len(),
        6
    );
    // Star1 as asked: the same value.
    asked.algorithm = Some("star1".into());
    let star1 = search_of(&written(&asked));
    assert_eq!(
        (star1["algorithm"].clone(), star1["value_exact"].clone()),
        ("star1".into(), "1757/4000".into())
    );
    // The second player to move: MAX is the second player, and the values are theirs.
    let second = written(&GameTreeRequest {
        depth: Some(2),
        search: true,
        ..request("pig:20", Some("14-12+0"))
    });
    assert_eq!(second.to_move, "second player");
    assert!(
        second.tree.starts_with("14-12+0 [max]\n  roll [chance]\n"),
        "{}",
        second.tree
    );
    // One throw of the dice, each face's position valued by the solution to 3 decimals:
    // their average is the solution's own value of rolling, 2p − 1, within the rounding.
    let solved = ply_games::pig::PigSolution::solve(20).unwrap();
    let state = ply_games::pig::PigState::parse("20:14-12+0").unwrap();
    let p = solved.decision_values(&state).unwrap().roll;
    let value = search_of(&second)["value"].as_f64().unwrap();
    assert!(
        (value - (2.0 * p - 1.0)).abs() < 0.001,
        "{value} against {}",
        2.0 * p - 1.0
    );
    // Refused: symmetry, another leaf perspective, a tree past the limits.
    for (bad, said) in [
        (
            GameTreeRequest {
                symmetry: true,
                ..request("pig", None)
            },
            "no symmetry",
        ),
        (
            GameTreeRequest {
                leaf_perspective: Some("mover".into()),
                ..request("pig", None)
            },
            "only max applies",
        ),
        (
            GameTreeRequest {
                depth: Some(40),
                ..request("pig", None)
            },
            "nodes",
        ),
        (request("pig:0", None), "pig"),
        (request("pig", Some("12+7")), "position"),
    ] {
        let error = game_tree(&bad, &TreeLimits::default()).unwrap_err();
        assert!(error.to_string().contains(said), "{said}: {error}");
    }
}

/// Pig past the tree limits is refused as every game is: 413, `kind: limit`, the limit
/// named (`{"game": "pig:5", "depth": 30}` was a 400 `bad_request` with no limit), and
/// from the nodes the tree has, whatever the depth asked (`pig:20` 10,000 levels deep
/// wrote its text, a line indented by its depth, before its nodes were counted).
#[test]
fn pig_past_the_tree_limits_is_refused_as_every_game_is() {
    use ply_api::control::Control;
    use ply_api::service::{Service, ServiceLimits};
    let service = Service::new(ServiceLimits::default(), None);
    let ask = |body: &str| {
        let answer = service.answer("/api/tree/game", body.as_bytes(), &Control::new());
        let json: Value = serde_json::from_str(&answer.body).unwrap();
        (answer.status, json)
    };
    // Tic-tac-toe's 549,946 nodes, past the server's 100,000.
    let (status, tictactoe) = ask(r#"{"game": "tictactoe"}"#);
    assert_eq!(
        (status, &tictactoe["limit"]),
        (413, &"max_tree_nodes".into())
    );
    for (body, error, limit) in [
        (
            r#"{"game": "pig:5", "depth": 30}"#,
            "the tree has more than 100000 nodes (limit max_tree_nodes)",
            "max_tree_nodes",
        ),
        (
            r#"{"game": "pig:20", "depth": 10000}"#,
            "the tree goes deeper than depth 1000 (limit max_tree_depth)",
            "max_tree_depth",
        ),
    ] {
        let started = std::time::Instant::now();
        let (status, answer) = ask(body);
        assert_eq!(status, 413, "{body}: {answer}");
        assert_eq!(
            answer,
            serde_json::json!({"error": error, "message": error, "kind": "limit", "limit": limit}),
            "{body}"
        );
        assert_eq!(answer["kind"], tictactoe["kind"]);
        assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
    }
}

/// A tree with chance nodes: its answer is sized before it is made, from the tree and
/// the search alone, and refused past `max_answer_bytes` with the bound (a chain of 200
/// chance nodes: each step of the trace names its place in the tree, as long as its
/// depth).
#[test]
fn a_chance_trees_answer_is_refused_before_it_is_made() {
    let mut text = String::new();
    for level in 0..200 {
        let indent = "  ".repeat(2 * level);
        let tag = if level == 0 { "" } else { " [1/2]" };
        text.push_str(&format!("{indent}n{level}{tag} [max]\n"));
        text.push_str(&format!("{indent}  c{level} [chance]\n"));
        // (Only the first leaf is worth anything: the exact sums stay small fractions.)
        let value = if level == 0 { 3 } else { 0 };
        text.push_str(&format!("{indent}    l{level} [1/2] = {value}\n"));
    }
    text.push_str(&format!("{}end [1/2] = 0\n", "  ".repeat(400)));
    let request = TreeRequest::new(text);
    let whole = evaluate_tree(&request, &TreeLimits::default()).unwrap();
    let tight = TreeLimits {
        max_answer_bytes: whole.len() as u64,
        ..TreeLimits::default()
    };
    // A limit of the answer's own length is below its bound: refused before it is made.
    let error = evaluate_tree(&request, &tight).unwrap_err();
    assert_eq!(error.limit, Some("max_answer_bytes"));
    assert!(
        error
            .error
            .starts_with("the answer for a tree of 601 nodes may take "),
        "{}",
        error.error
    );
    assert!(error.error.ends_with(&format!(
        " bytes, more than the {} an answer may take (limit max_answer_bytes): send a smaller tree",
        whole.len()
    )));
    // Within the limit by its bound: the same answer.
    let roomy = TreeLimits {
        max_answer_bytes: 8 * whole.len() as u64,
        ..TreeLimits::default()
    };
    assert_eq!(evaluate_tree(&request, &roomy).unwrap(), whole);
}
