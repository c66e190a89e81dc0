//! The JSON API as scripts see it: each endpoint's answer, and each way a request
//! can be wrong answered with a 4xx and the error's kind, the server still serving.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use ply_api::control::Control;
use ply_api::service::{ENDPOINTS, Method, Service, ServiceLimits};
use ply_api::tree::{TreeLimits, TreeRequest, evaluate_tree};
use ply_server::{Limits, router};
use serde_json::{Value, json};
use tower::ServiceExt;

const CLASSIC: &str = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";

/// One request to a fresh application: the status and the body.
async fn call(app: &axum::Router, method: &str, path: &str, body: &str) -> (StatusCode, String) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

async fn call_json(
    app: &axum::Router,
    method: &str,
    path: &str,
    body: Value,
) -> (StatusCode, Value) {
    let (status, text) = call(app, method, path, &body.to_string()).await;
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
    (status, value)
}

#[tokio::test]
async fn health_and_games() {
    let app = router(Limits::default(), None);
    let (status, health) = call_json(&app, "GET", "/api/health", Value::Null).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(health["status"], "ok");
    assert_eq!(health["version"], env!("CARGO_PKG_VERSION"));
    let (_, games) = call_json(&app, "GET", "/api/games", Value::Null).await;
    let specs: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["spec"].as_str().unwrap())
        .collect();
    for spec in ["tictactoe", "connect4", "race:10,2", "nim:3,4,5"] {
        assert!(specs.contains(&spec), "{specs:?}");
    }
    assert!(
        games
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["name"].is_string())
    );
}

#[tokio::test]
async fn the_classic_tree() {
    let app = router(Limits::default(), None);
    let (status, tree) = call_json(&app, "POST", "/api/tree", json!({"tree": CLASSIC})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(tree["value"], 3);
    assert_eq!(tree["best"], "b");
    assert_eq!(tree["leaves_evaluated"], 7);
    assert_eq!(tree["cutoffs"], 1);
    assert!(tree["trace"].is_array());
    // Minimax reads all nine leaves; negamax with leaves for the mover gives the same value.
    let (_, minimax) = call_json(
        &app,
        "POST",
        "/api/tree",
        json!({"tree": CLASSIC, "algorithm": "minimax"}),
    )
    .await;
    assert_eq!(minimax["leaves_evaluated"], 9);
    let (_, best) = call_json(
        &app,
        "POST",
        "/api/tree",
        json!({"tree": CLASSIC, "order": "best_first"}),
    )
    .await;
    assert_eq!(best["leaves_evaluated"], 5);
    let (status, svg) = call(
        &app,
        "POST",
        "/api/tree/svg",
        &json!({"tree": CLASSIC}).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(svg.starts_with("<svg"));
}

#[tokio::test]
async fn mistakes_are_4xx_with_their_kind() {
    let limits = Limits {
        max_body_bytes: 4096,
        max_tree_nodes: 50,
        ..Limits::default()
    };
    let app = router(limits, None);
    // A tree that does not read: 400, the parser's line:column.
    let (status, error) = call_json(
        &app,
        "POST",
        "/api/tree",
        json!({"tree": "(a (b 1 2)\n  (c 3"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["kind"], "parse");
    assert!(
        error["error"].as_str().unwrap().starts_with("2:"),
        "{error}"
    );
    // The place as numbers too, the same as the message's.
    let place = format!("{}:{}:", error["line"], error["column"]);
    assert_eq!(error["line"], 2, "{error}");
    assert!(
        error["error"].as_str().unwrap().starts_with(&place),
        "{error}"
    );
    // Not JSON, or not this endpoint's JSON.
    for body in ["junk", "{\"tree\": 3}", "{\"tre\": \"(a 1)\"}", "[]", ""] {
        let (status, text) = call(&app, "POST", "/api/tree", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let error: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(error["kind"], "bad_request", "{body}");
    }
    // An unknown option.
    let (status, error) = call_json(
        &app,
        "POST",
        "/api/tree",
        json!({"tree": CLASSIC, "algorithm": "mcts"}),
    )
    .await;
    assert_eq!(
        (status, error["kind"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_request"))
    );
    // Past each limit: 413 naming it.
    let big = format!("(a {})", "1 ".repeat(3000));
    let (status, error) = call_json(&app, "POST", "/api/tree", json!({"tree": big})).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(error["limit"], "max_body_bytes");
    let wide = format!("(a {})", "1 ".repeat(100));
    let (status, error) = call_json(&app, "POST", "/api/tree", json!({"tree": wide})).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(error["kind"], "limit");
    assert_eq!(error["limit"], "max_tree_nodes");
    // Asking for more time than a search may take.
    let (status, error) = call_json(
        &app,
        "POST",
        "/api/play/analysis",
        json!({"game": "tictactoe", "time_ms": 3_600_000}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["limit"], "max_search_ms");
    // Unknown paths and games, illegal moves.
    let (status, error) = call_json(&app, "GET", "/api/nothing", Value::Null).await;
    assert_eq!(
        (status, error["kind"].as_str()),
        (StatusCode::NOT_FOUND, Some("bad_request"))
    );
    let (status, _) = call_json(&app, "POST", "/api/play/state", json!({"game": "go"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, error) = call_json(
        &app,
        "POST",
        "/api/play/state",
        json!({"game": "tictactoe", "moves": ["b2", "b2"]}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error["error"].as_str().unwrap().starts_with("move 2"),
        "{error}"
    );
    // And the server still answers.
    let (status, _) = call_json(&app, "GET", "/api/health", Value::Null).await;
    assert_eq!(status, StatusCode::OK);
}

/// One search at a time: a second one is refused at once with 429, and the tree
/// page is served meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_search_leaves_the_tree_page_free() {
    let app = router(Limits::default(), None);
    let long = {
        let app = app.clone();
        tokio::spawn(async move {
            call_json(
                &app,
                "POST",
                "/api/play/analysis",
                json!({"game": "connect4", "time_ms": 3000}),
            )
            .await
        })
    };
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let (status, error) = call_json(
        &app,
        "POST",
        "/api/play/engine",
        json!({"game": "connect4", "time_ms": 100}),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(error["limit"], "max_searches");
    let clock = std::time::Instant::now();
    let (status, tree) = call_json(&app, "POST", "/api/tree", json!({"tree": CLASSIC})).await;
    assert_eq!((status, tree["value"].as_i64()), (StatusCode::OK, Some(3)));
    assert!(
        !long.is_finished(),
        "the search ended before the tree was asked for"
    );
    let _ = clock;
    let (status, analysis) = long.await.unwrap();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(analysis["moves"].as_array().unwrap().len(), 7);
}

#[tokio::test]
async fn a_game_of_tic_tac_toe() {
    let app = router(Limits::default(), None);
    let (status, state) = call_json(
        &app,
        "POST",
        "/api/play/state",
        json!({"game": "tictactoe", "moves": ["b2"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(state["to_move"], "O");
    assert_eq!(state["diagram"]["cells"], json!(["...", ".X.", "..."]));
    // The perfect engine answers the centre with a corner (every edge loses).
    let (_, answer) = call_json(
        &app,
        "POST",
        "/api/play/engine",
        json!({"game": "tictactoe", "moves": ["b2"]}),
    )
    .await;
    let reply = answer["move"].as_str().unwrap();
    assert!(["a1", "c1", "a3", "c3"].contains(&reply), "{reply}");
    assert_eq!(answer["analysis"]["value"], "draw");
    for m in answer["analysis"]["moves"].as_array().unwrap() {
        let corner = ["a1", "c1", "a3", "c3"].contains(&m["move"].as_str().unwrap());
        assert_eq!(m["value"], if corner { "draw" } else { "loss" }, "{m}");
    }
    // The game as a tree, read back by the tree endpoint.
    let (status, tree) =
        call_json(&app, "POST", "/api/tree/game", json!({"game": "race:5,2"})).await;
    assert_eq!(status, StatusCode::OK);
    let (_, value) = call_json(&app, "POST", "/api/tree", json!({"tree": tree["tree"]})).await;
    // Race to 5 adding 1 or 2: 5 is not a multiple of 3, the first player wins: to 2,
    // then to 5 at ply 3 whatever the second adds. Finished games are valued by their
    // depth: the longest line adds 1 five times (N = 6), so the win is worth 6 - 3 = 3.
    assert_eq!(value["value"], 3);
}

/// Every file under `pages/assets/` is served as it is on the disk (the build embeds
/// them all, a file added since included).
#[tokio::test]
async fn the_pages_are_served() {
    let app = router(Limits::default(), None);
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../pages/assets");
    let mut files = Vec::new();
    let mut folders = vec![assets.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                files.push(path);
            }
        }
    }
    for name in ["lab.css", "play.js", "transport.js"] {
        assert!(files.contains(&assets.join(name)), "{name}");
    }
    for path in ["/", "/play"] {
        let (status, body) = call(&app, "GET", path, "").await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(
            body.to_ascii_lowercase().starts_with("<!doctype html>"),
            "{path}"
        );
    }
    for file in files {
        let name = file.strip_prefix(&assets).unwrap().to_str().unwrap();
        let path = format!("/assets/{name}");
        let (status, body) = call(&app, "GET", &path, "").await;
        assert_eq!(status, StatusCode::OK, "{path}");
        let on_disk = std::fs::read(&file).unwrap();
        assert_eq!(body, String::from_utf8_lossy(&on_disk), "{path}");
    }
    let (status, _) = call(&app, "GET", "/assets/../Cargo.toml", "").await;
    assert_ne!(status, StatusCode::OK);
}

/// `POST /api/solve` answers what `ply solve GAME POSITION --json` prints: the same
/// library function makes both (the command line's side is checked in the binary's
/// tests, which compare the two field for field).
#[tokio::test]
async fn solve_answers_every_move() {
    let app = router(Limits::default(), None);
    let (status, report) = call_json(
        &app,
        "POST",
        "/api/solve",
        json!({"game": "tictactoe", "position": "XO./.X./..."}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // O must block at c3, and still loses: X forks.
    assert_eq!(report["to_move"], "O");
    assert_eq!(report["value"], "loss");
    assert_eq!(report["moves"].as_array().unwrap().len(), 6);
    assert!(report["moves"][0]["pv"].is_array());
    let (status, error) = call_json(
        &app,
        "POST",
        "/api/solve",
        json!({"game": "connect4", "time_ms": 100}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["limit"], "max_search_ms");
    let (status, error) = call_json(
        &app,
        "POST",
        "/api/solve",
        json!({"game": "tictactoe", "position": "XXXX"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["kind"], "parse");
}

/// A root and `leaves` leaves, as the tree lab reads it.
fn fan(leaves: usize) -> String {
    format!("(a {})", "1 ".repeat(leaves))
}

/// `levels` chance nodes one below the other, each with a MAX node (its one move the
/// next chance node, or a 1 at the bottom, and a 0) and a 2, equally likely: 4 nodes a
/// level, worth 2 - 2^-levels. Star2 searches again what it probes, so it visits twice
/// the nodes for each level more (1,179,645 for 18 levels).
fn chance_chain(levels: usize) -> String {
    let mut text = "1".to_string();
    for _ in 0..levels {
        text = format!("(c[chance] ([max] {text} 0) 2)");
    }
    text
}

/// A tree's search has the time a search has (`max_search_ms`): past it, it is refused
/// with 422 naming the limit, and the job ends (it used to run on with no limit, holding
/// its tree job slot: a small tree of 60 chance levels is some 2^60 nodes for Star2).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tree_search_past_its_time_is_refused() {
    let limits = Limits {
        max_search_ms: 300,
        ..Limits::default()
    };
    let app = router(limits, None);
    let chain = chance_chain(60);
    for path in ["/api/tree", "/api/tree/svg"] {
        let clock = std::time::Instant::now();
        let body = json!({"tree": chain, "algorithm": "star2"});
        let (status, error) = call_json(&app, "POST", path, body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {error}");
        assert_eq!(error["kind"], "limit");
        assert_eq!(error["limit"], "max_search_ms");
        assert_eq!(
            error["error"],
            "the star2 search of this tree did not finish within 300 ms (limit max_search_ms): \
             send a smaller tree, or search it with expectiminimax, which visits each node once"
        );
        let elapsed = clock.elapsed();
        assert!(
            elapsed < std::time::Duration::from_secs(5),
            "{path}: {elapsed:?}"
        );
    }
    // Expectiminimax visits each of its 241 nodes once: 2 - 2^-60. (The answer nests
    // deeper than serde_json reads by default: its text is looked at.)
    let body = json!({"tree": chain, "algorithm": "expectiminimax"});
    let (status, answer) = call(&app, "POST", "/api/tree", &body.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let answer: String = answer.split_whitespace().collect();
    assert!(answer.contains(r#""value_exact":"2305843009213693951/1152921504606846976""#));
    assert!(answer.contains(r#""nodes_visited":241,"#));
}

/// A tree's answer is bounded before it is made: a root with 99,998 leaves (200 KB of
/// text, within `max_tree_nodes`) made 49 MB of JSON and a 46 MB picture 7.7 million
/// pixels wide. Both are refused with 413 naming their limit; small trees still answer.
#[tokio::test]
async fn tree_answers_past_their_limits_are_refused_before_they_are_made() {
    let app = router(Limits::default(), None);
    let body = json!({ "tree": fan(99_998) });
    let (status, error) = call_json(&app, "POST", "/api/tree", body.clone()).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{error}");
    assert_eq!(error["kind"], "limit");
    assert_eq!(error["limit"], "max_answer_bytes");
    let message = error["error"].as_str().unwrap();
    assert!(
        message.starts_with("the answer for a tree of 99999 nodes may take "),
        "{message}"
    );
    assert!(
        message.contains("more than the 16777216 an answer may take"),
        "{message}"
    );
    let (status, error) = call_json(&app, "POST", "/api/tree/svg", body).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{error}");
    assert_eq!(error["limit"], "max_picture_nodes");
    assert!(
        error["error"].as_str().unwrap().starts_with(
            "a picture of 99999 nodes is too big to read (at most 2000, limit max_picture_nodes)"
        ),
        "{error}"
    );
    // At the picture limit, a picture is drawn; one node more is refused.
    let (status, svg) = call(
        &app,
        "POST",
        "/api/tree/svg",
        &json!({"tree": fan(1_999)}).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(svg.starts_with("<svg"));
    let (status, _) = call(
        &app,
        "POST",
        "/api/tree/svg",
        &json!({"tree": fan(2_000)}).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    // A picture of few nodes with long names is refused once drawn, by its bytes.
    let small = Limits {
        max_answer_bytes: 100_000,
        ..Limits::default()
    };
    let long_names = format!("(a ({} 1) ({} 2))", "b".repeat(60_000), "c".repeat(60_000));
    let (status, error) = call_json(
        &router(small, None),
        "POST",
        "/api/tree/svg",
        json!({ "tree": long_names }),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{error}");
    assert_eq!(error["limit"], "max_answer_bytes");
    // Small trees are answered as before, whole.
    let (status, text) = call(
        &app,
        "POST",
        "/api/tree",
        &json!({"tree": fan(2_000)}).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let answer: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(answer["root"]["children"].as_array().unwrap().len(), 2_000);
}

/// Answers are held until their client takes them, within `max_unsent_bytes`: room for
/// an answer is taken at its bound before it is made, shrunk to its size once made, and
/// given back when it has been sent (here: when the response is dropped unread).
#[tokio::test]
async fn answers_held_for_clients_are_bounded_together() {
    let tree = fan(20);
    let request = TreeRequest::new(tree.clone());
    let evaluated = ply_api::tree::evaluate(&request, &TreeLimits::default()).unwrap();
    let bound = evaluated.json_answer_bound(&TreeLimits::default()).unwrap();
    let size = evaluate_tree(&request, &TreeLimits::default())
        .unwrap()
        .len() as u64;
    // Room for one answer at its bound, and another at its size, less one KiB.
    let kib = |bytes: u64| bytes.div_ceil(1024);
    let limits = Limits {
        max_unsent_bytes: (kib(bound) + kib(size) - 1) * 1024,
        ..Limits::default()
    };
    let app = router(limits, None);
    let post = || {
        Request::builder()
            .method("POST")
            .uri("/api/tree")
            .body(Body::from(json!({ "tree": tree }).to_string()))
            .unwrap()
    };
    let unread = app.clone().oneshot(post()).await.unwrap();
    assert_eq!(unread.status(), StatusCode::OK);
    let (status, error) = call_json(&app, "POST", "/api/tree", json!({ "tree": tree })).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{error}");
    assert_eq!(error["kind"], "limit");
    assert_eq!(error["limit"], "max_unsent_bytes");
    drop(unread);
    let (status, answer) = call_json(&app, "POST", "/api/tree", json!({ "tree": tree })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["leaves_evaluated"], 20);
}

/// Tree requests take a bounded share of the blocking pool: one job at a time here,
/// four more waiting, and the rest refused with 429 at once (64 requests, 32 at once,
/// took 2.8 GB and aborted the server when each ran on a thread of its own).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tree_jobs_are_bounded_and_the_rest_refused() {
    let limits = Limits {
        max_tree_jobs: 1,
        // Each job reads and searches 100,000 nodes, then refuses the answer.
        max_answer_bytes: 1 << 10,
        ..Limits::default()
    };
    let app = router(limits, None);
    let body = json!({ "tree": fan(99_998) });
    let calls: Vec<_> = (0..12)
        .map(|_| {
            let (app, body) = (app.clone(), body.clone());
            tokio::spawn(async move { call_json(&app, "POST", "/api/tree", body).await })
        })
        .collect();
    let mut refused = 0;
    for call in calls {
        let (status, error) = call.await.unwrap();
        match status {
            StatusCode::TOO_MANY_REQUESTS => {
                assert_eq!(error["limit"], "max_tree_jobs");
                refused += 1;
            }
            _ => {
                assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{error}");
                assert_eq!(error["limit"], "max_answer_bytes");
            }
        }
    }
    // At most five (one working, four waiting) get in while the first works.
    assert!(refused >= 1, "none of 12 requests was refused");
}

/// One request to the application as a browser or a script sends it (GET for the
/// endpoints that read no body): the status, the content type and the body.
async fn call_as_sent(app: &axum::Router, path: &str, body: &[u8]) -> (u16, String, String) {
    let get = ["/api/health", "/api/games"].contains(&path);
    let request = Request::builder()
        .method(if get { "GET" } else { "POST" })
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_vec()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        content_type,
        String::from_utf8(bytes.to_vec()).unwrap(),
    )
}

/// The API's answers without HTTP ([`Service::answer`], what the WebAssembly module
/// answers with) are the server's, byte for byte: good requests and refusals alike.
#[tokio::test]
async fn the_service_answers_what_the_server_answers() {
    let limits = Limits {
        max_body_bytes: 4096,
        ..Limits::default()
    };
    // The service's defaults are the server's, so that a module answering with them
    // (the WebAssembly build) answers as `ply serve` does.
    assert_eq!(Limits::default().service_limits(), ServiceLimits::default());
    let app = router(limits, None);
    let service = Service::new(limits.service_limits(), None);
    let deep = format!("(a {}1{})", "(b ".repeat(1_000), ")".repeat(1_000));
    let requests: Vec<(&str, Vec<u8>)> = vec![
        ("/api/health", Vec::new()),
        ("/api/games", Vec::new()),
        (
            "/api/tree",
            json!({"tree": CLASSIC}).to_string().into_bytes(),
        ),
        (
            "/api/tree",
            json!({"tree": CLASSIC, "algorithm": "minimax", "leaf_perspective": "mover"})
                .to_string()
                .into_bytes(),
        ),
        (
            "/api/tree/svg",
            json!({"tree": CLASSIC}).to_string().into_bytes(),
        ),
        (
            "/api/tree/game",
            json!({"game": "race:5,2"}).to_string().into_bytes(),
        ),
        (
            "/api/play/state",
            json!({"game": "tictactoe", "moves": ["b2", "a1"]})
                .to_string()
                .into_bytes(),
        ),
        // Refusals: not JSON, a body past max_body_bytes, a path that is no endpoint, a
        // tree past max_tree_depth, a search past max_search_ms.
        ("/api/tree", b"junk".to_vec()),
        ("/api/tree", Vec::new()),
        (
            "/api/tree",
            json!({"tree": fan(3_000)}).to_string().into_bytes(),
        ),
        (
            "/api/nothing",
            json!({"tree": CLASSIC}).to_string().into_bytes(),
        ),
        ("/api/tree", json!({"tree": deep}).to_string().into_bytes()),
        (
            "/api/play/analysis",
            json!({"game": "tictactoe", "time_ms": 3_600_000})
                .to_string()
                .into_bytes(),
        ),
    ];
    let mut statuses = Vec::new();
    for (path, body) in &requests {
        let (status, content_type, text) = call_as_sent(&app, path, body).await;
        let answer = service.answer(path, body, &Control::new());
        assert_eq!(answer.status, status, "{path}: {text}");
        assert_eq!(answer.content_type, content_type, "{path}");
        assert_eq!(answer.body, text, "{path}");
        statuses.push(status);
    }
    assert_eq!(
        statuses,
        [
            200, 200, 200, 200, 200, 200, 200, 400, 400, 413, 404, 413, 422
        ]
    );
    // The refusals name their limits, as the server's documentation says.
    let limit = |path: &str, body: &[u8]| {
        let answer = service.answer(path, body, &Control::new());
        let error: Value = serde_json::from_str(&answer.body).unwrap();
        error["limit"].as_str().map(str::to_string)
    };
    assert_eq!(
        limit("/api/tree", &requests[9].1).as_deref(),
        Some("max_body_bytes")
    );
    assert_eq!(
        limit("/api/tree", &requests[11].1).as_deref(),
        Some("max_tree_depth")
    );
    // A solve, its answer the same apart from the time it took.
    let body = json!({"game": "tictactoe", "position": "XO./.X./..."}).to_string();
    let (status, _, text) = call_as_sent(&app, "/api/solve", body.as_bytes()).await;
    let answer = service.answer("/api/solve", body.as_bytes(), &Control::new());
    assert_eq!((answer.status, status), (200, 200));
    let without_times = |text: &str| {
        let mut value: Value = serde_json::from_str(text).unwrap();
        for field in ["time_ms", "nps"] {
            value.as_object_mut().unwrap().remove(field);
        }
        value
    };
    assert_eq!(without_times(&answer.body), without_times(&text));
    assert_eq!(without_times(&text)["value"], "loss");
}

/// Every endpoint of the service's table is routed by the server with its method; the
/// other method is refused (405), and a path outside the table is the service's 404.
#[tokio::test]
async fn the_server_routes_every_endpoint_of_the_service() {
    let app = router(Limits::default(), None);
    assert_eq!(ENDPOINTS.len(), 14);
    for endpoint in ENDPOINTS {
        let (right, wrong) = match endpoint.method {
            Method::Get => ("GET", "POST"),
            Method::Post => ("POST", "GET"),
        };
        let (status, text) = call(&app, right, endpoint.path, "{}").await;
        // `{}` lacks the field every POST endpoint needs: read, and refused for it.
        let expected = match endpoint.method {
            Method::Get => StatusCode::OK,
            Method::Post => StatusCode::BAD_REQUEST,
        };
        assert_eq!(status, expected, "{} {}: {text}", right, endpoint.path);
        if endpoint.method == Method::Post {
            assert!(
                text.contains("missing field"),
                "{} {}: {text}",
                right,
                endpoint.path
            );
        }
        let (status, _) = call(&app, wrong, endpoint.path, "{}").await;
        assert_eq!(
            status,
            StatusCode::METHOD_NOT_ALLOWED,
            "{wrong} {}",
            endpoint.path
        );
    }
    let service = Service::new(ServiceLimits::default(), None);
    let (status, text) = call(&app, "POST", "/api/tree/", "{}").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        text,
        service.answer("/api/tree/", b"{}", &Control::new()).body
    );
    assert_eq!(
        text,
        r#"{"error":"no such page or endpoint: /api/tree/ (the API is described in docs/api.md)","message":"no such page or endpoint: /api/tree/ (the API is described in docs/api.md)","kind":"bad_request"}"#
    );
}

/// The API's bad inputs, as data (`tests/requests/hostile.json`, which the WebAssembly
/// module is tested against too): each is refused with its status, kind and limit, the
/// answer is the service's byte for byte, and the server still answers after them all.
#[tokio::test]
async fn hostile_requests_are_refused_as_listed() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/requests/hostile.json");
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(cases.len() >= 40, "{} cases", cases.len());
    let app = router(Limits::default(), None);
    let service = Service::new(ServiceLimits::default(), None);
    let mut failures = Vec::new();
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let path = case["path"].as_str().unwrap();
        let body = case["body"].as_str().unwrap();
        let expected = (
            case["status"].as_u64().unwrap() as u16,
            case["kind"].as_str(),
            case["limit"].as_str(),
        );
        // Only the limits every front end shares: no 408, 429 or 503 here.
        assert!(![408, 429, 503].contains(&expected.0), "{name}");
        let (status, content_type, text) = call_as_sent(&app, path, body.as_bytes()).await;
        let error: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        let got = (status, error["kind"].as_str(), error["limit"].as_str());
        if got != expected
            || content_type != "application/json"
            || error["error"].as_str().is_none()
        {
            failures.push(format!(
                "{name}: {got:?} ({content_type}), expected {expected:?}: {text}"
            ));
        }
        let answer = service.answer(path, body.as_bytes(), &Control::new());
        if (answer.status, answer.body.as_str()) != (status, text.as_str()) {
            failures.push(format!(
                "{name}: the service answers {} {}",
                answer.status, answer.body
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let (status, tree) = call_json(&app, "POST", "/api/tree", json!({"tree": CLASSIC})).await;
    assert_eq!((status, tree["value"].as_i64()), (StatusCode::OK, Some(3)));
}

// ----- Game trees (POST /api/tree/game) -------------------------------------------------

/// `XOX/.O./X..` (O to move, MAX): b3 wins at once, a2 at ply 3, c2 and c3 lose at ply 2;
/// the longest line fills the board in 4 plies, N = 5. Depth-aware (the default): 4, 2,
/// -3, -3 and the best move b3; plain: 1, 1, -1, -1 and the first of the wins, a2.
#[tokio::test]
async fn game_trees_value_a_quick_win_above_a_slow_one() {
    let app = router(Limits::default(), None);
    let ask = |depth_aware: bool| {
        json!({"game": "tictactoe", "position": "XOX/.O./X..", "depth_aware": depth_aware,
               "search": true, "algorithm": "minimax"})
    };
    let values = |answer: &Value| -> Vec<(String, i64)> {
        answer["search"]["root"]["children"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["name"].as_str().unwrap().to_string(),
                    c["value"].as_i64().unwrap(),
                )
            })
            .collect()
    };
    let (status, aware) = call_json(&app, "POST", "/api/tree/game", ask(true)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (
            aware["depth_aware"].clone(),
            aware["longest"].clone(),
            aware["format"].clone()
        ),
        (json!(true), json!(5), json!("bracket"))
    );
    assert_eq!(aware["players"], json!(["X", "O"]));
    assert_eq!(aware["to_move"], "O");
    assert_eq!(aware["nodes"], 34);
    assert_eq!(
        values(&aware),
        [
            ("a2".into(), 2),
            ("c2".into(), -3),
            ("b3".into(), 4),
            ("c3".into(), -3)
        ]
    );
    assert_eq!(aware["search"]["best"], "b3");
    // The search is /api/tree's answer for the tree's text.
    let (_, alone) = call_json(
        &app,
        "POST",
        "/api/tree",
        json!({"tree": aware["tree"], "algorithm": "minimax"}),
    )
    .await;
    assert_eq!(alone, aware["search"]);
    let (_, plain) = call_json(&app, "POST", "/api/tree/game", ask(false)).await;
    assert_eq!(plain["longest"], Value::Null);
    assert_eq!(
        values(&plain),
        [
            ("a2".into(), 1),
            ("c2".into(), -1),
            ("b3".into(), 1),
            ("c3".into(), -1)
        ]
    );
    assert_eq!(plain["search"]["best"], "a2");
}

/// The textbook's figure: from the empty board at depth 2 with symmetry, three first
/// moves, a corner (for 4), an edge (for 4) and the centre, worth -1, -2 and 1 with f(p);
/// 1 + 3 + 5 + 5 + 2 nodes.
#[tokio::test]
async fn game_trees_with_symmetry_draw_the_textbooks_three_first_moves() {
    let app = router(Limits::default(), None);
    let (status, answer) = call_json(
        &app,
        "POST",
        "/api/tree/game",
        json!({"game": "tictactoe", "depth": 2, "symmetry": true, "search": true,
               "algorithm": "minimax", "picture": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (answer["symmetry"].clone(), answer["nodes"].clone()),
        (json!(true), json!(16))
    );
    let first: Vec<(String, i64, i64)> = answer["search"]["root"]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["value"].as_i64().unwrap(),
                c.get("stands_for").and_then(Value::as_i64).unwrap_or(1),
            )
        })
        .collect();
    assert_eq!(
        first,
        [
            ("a1".into(), -1, 4),
            ("b1".into(), -2, 4),
            ("b2".into(), 1, 1)
        ]
    );
    let svg = answer["search"]["svg"].as_str().unwrap();
    assert!(svg.contains("×4"), "no ×4 in the picture");
}

/// Count to 10 (race:10,2): nodes named by the running total, 232 of them (below a total
/// t: 1 + those below t + 1 and t + 2), in the indented text format; the first player
/// wins by 1, 4, 7, 10 at ply 7 at the latest, worth 11 - 7 = 4.
#[tokio::test]
async fn race_trees_name_their_nodes_by_the_total() {
    let app = router(Limits::default(), None);
    let (status, answer) = call_json(
        &app,
        "POST",
        "/api/tree/game",
        json!({"game": "race:10,2", "search": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (answer["nodes"].clone(), answer["format"].clone()),
        (json!(232), json!("indented"))
    );
    assert!(
        answer["tree"]
            .as_str()
            .unwrap()
            .starts_with("0\n  1\n    2\n      3\n")
    );
    assert_eq!(answer["players"], json!(["first player", "second player"]));
    let search = &answer["search"];
    assert_eq!(search["value"], 4);
    assert_eq!(
        search["pv"],
        json!(["0", "1", "2", "4", "5", "7", "8", "10"])
    );
    // Alpha-beta's cuts name totals, never `_2`.
    let text = serde_json::to_string(search).unwrap();
    assert!(!text.contains("\"_"), "a name with _ in {text}");
}

/// Negamax on the four-level lesson tree: every node's value for the player to move is
/// the lesson's minimax value, negated where MIN moves (root 5; nodes 2 and 18: -5, -2).
#[tokio::test]
async fn negamax_values_are_the_lessons_negated_values() {
    let app = router(Limits::default(), None);
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/trees/four-ply.txt"
    ))
    .unwrap();
    let (status, answer) = call_json(
        &app,
        "POST",
        "/api/tree",
        json!({"tree": text, "algorithm": "negamax"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let root = &answer["root"];
    assert_eq!(root["mover_value"], 5);
    let level1: Vec<i64> = root["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["mover_value"].as_i64().unwrap())
        .collect();
    assert_eq!(level1, [-5, -2]);
    let level2: Vec<i64> = root["children"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["children"].as_array().unwrap().iter())
        .map(|c| c["mover_value"].as_i64().unwrap())
        .collect();
    assert_eq!(level2, [5, 7, 9, 8, 2, 8, 9, 7]);
}

/// `collapse_pruned` on /api/tree: e and its two leaves, never looked at, become one mark.
#[tokio::test]
async fn the_tree_picture_collapses_pruned_subtrees_on_demand() {
    let app = router(Limits::default(), None);
    let tree = "(a (b 3 4) (c (d 1 2) (e 5 6)))";
    let groups = |answer: &Value| {
        answer["svg"]
            .as_str()
            .unwrap()
            .matches("<g id=\"node")
            .count()
    };
    let (_, whole) = call_json(
        &app,
        "POST",
        "/api/tree",
        json!({"tree": tree, "picture": true}),
    )
    .await;
    let (_, collapsed) = call_json(
        &app,
        "POST",
        "/api/tree",
        json!({"tree": tree, "picture": true, "collapse_pruned": true}),
    )
    .await;
    assert_eq!((groups(&whole), groups(&collapsed)), (11, 9));
    assert!(collapsed["svg"].as_str().unwrap().contains("✂ 3"));
}

/// Pig through `/api/solve` (its request as for any game) and `/api/play/pig`: the
/// first player's chance at goal 100 is Neller and Presser's 0.5306, and the first
/// player holds from 21 at 0-0; bad goals and positions are 400s.
#[tokio::test]
async fn pig_is_solved_and_played_through_the_api() {
    let app = router(Limits::default(), None);
    let (status, start) = call_json(&app, "POST", "/api/solve", json!({"game": "pig"})).await;
    assert_eq!(status, StatusCode::OK, "{start}");
    assert_eq!(
        format!("{:.4}", start["win_probability"].as_f64().unwrap()),
        "0.5306"
    );
    assert_eq!(start["decision"], "roll");
    assert_eq!(start["decisions"]["hold"], Value::Null);
    assert_eq!(start["hold_threshold"], 21);
    let (_, at_21) = call_json(
        &app,
        "POST",
        "/api/solve",
        json!({"game": "pig", "position": "0+21-0", "lang": "sv"}),
    )
    .await;
    assert_eq!(at_21["decision"], "hold");
    assert!(
        at_21["text"]
            .as_str()
            .unwrap()
            .starts_with("vinner med sannolikheten 0.")
    );
    for (body, kind) in [
        (json!({"game": "pig:0"}), "bad_request"),
        (json!({"game": "pig:201"}), "bad_request"),
        (json!({"game": "pig", "position": "12+7"}), "parse"),
        (json!({"game": "pig", "position": "100+0-0"}), "bad_request"),
        (json!({"game": "pig", "weak": true}), "bad_request"),
    ] {
        let (status, error) = call_json(&app, "POST", "/api/solve", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {error}");
        assert_eq!(error["kind"], kind, "{body}: {error}");
    }
    // Goal 2: every face but a 1 wins at once, so the mover wins 6/7 of games.
    let (_, rolled) = call_json(
        &app,
        "POST",
        "/api/play/pig",
        json!({"game": "pig:2", "decision": "roll", "face": 1}),
    )
    .await;
    assert_eq!(rolled["position"], "2:0-0+0");
    assert_eq!(rolled["turn_passed"], true);
    assert!((rolled["win_probability"].as_f64().unwrap() - 6.0 / 7.0).abs() < 1e-12);
    let (_, won) = call_json(
        &app,
        "POST",
        "/api/play/pig",
        json!({"game": "pig:2", "position": "0-0+0", "decision": "roll", "face": 4}),
    )
    .await;
    assert_eq!(won["winner"], "second player");
    assert_eq!(won["scores"], json!([0, 4]));
    let (status, error) = call_json(
        &app,
        "POST",
        "/api/play/pig",
        json!({"game": "pig", "decision": "hold"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
}

/// `/api/practice/check` over HTTP: an order of 200,000 names (800 KB) was answered with
/// 45 MB, and 16 such requests at once took the server from 126 MB to 586 MB. A name
/// listed twice is refused (400, naming the field), a value that is not a number too, and
/// a check's answer is bounded by `max_answer_bytes` and held within `max_unsent_bytes`
/// as a tree's answer is.
#[tokio::test]
async fn practice_checks_are_bounded_and_refuse_what_is_not_an_answer() {
    let app = router(Limits::default(), None);
    let exercise = json!({"kind": "order", "seed": 42, "level": 3});
    let (status, asked) = call_json(&app, "POST", "/api/practice", exercise.clone()).await;
    assert_eq!(status, StatusCode::OK);
    let leaf = asked["answer"]["order"][0].as_str().unwrap().to_string();
    let mut check = exercise.clone();
    check["response"] = json!({ "order": vec![leaf.as_str(); 200_000] });
    let (status, error) = call_json(&app, "POST", "/api/practice/check", check).await;
    let shown: String = error.to_string().chars().take(300).collect();
    assert_eq!(status, StatusCode::BAD_REQUEST, "{shown}");
    assert_eq!(error["kind"], "bad_request");
    assert_eq!(
        error["error"],
        format!("response: order: the leaf '{leaf}' is listed twice")
    );
    let junk =
        json!({"kind": "values", "seed": 1, "level": 1, "response": {"values": {"a": true}}});
    let (status, error) = call_json(&app, "POST", "/api/practice/check", junk).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .starts_with("response: values: a: 'true' is not a number"),
        "{error}"
    );
    // The answer of a check of every leaf: its size, then limits just below it.
    let mut check = exercise.clone();
    check["response"] = json!({ "order": [] });
    let (status, text) = call(&app, "POST", "/api/practice/check", &check.to_string()).await;
    assert_eq!(status, StatusCode::OK);
    let size = text.len() as u64;
    let small = Limits {
        max_answer_bytes: size - 1,
        ..Limits::default()
    };
    let (status, error) = call_json(
        &router(small, None),
        "POST",
        "/api/practice/check",
        check.clone(),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{error}");
    assert_eq!(error["limit"], "max_answer_bytes");
    // Room for one answer held unread, less one KiB for the next.
    let kib = size.div_ceil(1024);
    let held = Limits {
        max_unsent_bytes: (2 * kib - 1) * 1024,
        ..Limits::default()
    };
    let app = router(held, None);
    let post = || {
        Request::builder()
            .method("POST")
            .uri("/api/practice/check")
            .body(Body::from(check.to_string()))
            .unwrap()
    };
    let unread = app.clone().oneshot(post()).await.unwrap();
    assert_eq!(unread.status(), StatusCode::OK);
    let (status, error) = call_json(&app, "POST", "/api/practice/check", check.clone()).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{error}");
    assert_eq!(error["limit"], "max_unsent_bytes");
    drop(unread);
    let (status, checked) = call_json(&app, "POST", "/api/practice/check", check).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(checked["right"], 0);
}
