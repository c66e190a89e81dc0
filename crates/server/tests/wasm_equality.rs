//! The WebAssembly module answers as the server does: the same requests sent to the static
//! site's `ply.js` in chromium (`tests/browser/answers.mjs`: the site served by a plain
//! static file server, no ply process) and to the native API ([`Service::answer`], what
//! `ply serve --book books/connect4.book` answers with its default limits: the site's
//! worker reads that book, gzipped, before its first Connect Four request), compared
//! field for field, apart from the fields that measure time or speed.
//!
//! - 200 random trees, from a fixed seed, in the three tree formats, over the three
//!   algorithms, both leaf perspectives and the three move orders (`/api/tree`), 20 of
//!   them drawn too (`/api/tree/svg`, compared as text);
//! - 50 game positions reached by random moves: tic-tac-toe, Nim, race, Connect Four in
//!   positions the built-in opening book holds, chess searched to a fixed depth
//!   (`/api/solve`, `/api/analyze`, `/api/play/state`, `/api/play/analysis`,
//!   `/api/play/engine`, `/api/tree/game`);
//! - the hostile requests of `tests/requests/hostile.json`, which the server's own tests
//!   send to the server: the module refuses each with the same status, kind and limit,
//!   and answers a good request after them;
//! - stop: a long search ended by `stop()` answers at once, as the contract says: 503
//!   `stopped` on a plain host (the worker is ended), with what it found where the page is
//!   cross-origin isolated (a flag in shared memory); and a panic in the module answers
//!   500 `internal`, the next request answered by a new module.
//!
//! One browser answers every request (the tests share one run). Without chromium, node,
//! playwright-core or the site (`scripts/build-site target/site`, or `PLY_SITE`) the tests
//! say so and pass, unless `PLY_REQUIRE_BROWSER=1` (CI).

mod common;

use ply_api::control::Control;
use ply_api::service::{Answer, SVG, Service, ServiceLimits};
use ply_api::solve::BookRef;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

/// The seed of every random choice: the same requests on every run.
const SEED: u64 = 0x9e37_79b9_0034;
/// Random trees, and how many of them are also drawn (every `PICTURE_EVERY`-th).
const TREES: usize = 200;
const PICTURE_EVERY: usize = 10;
/// The longest the browser may take over all the requests.
const TIME_LIMIT: Duration = Duration::from_secs(540);
/// The fields that measure time or speed, which no two runs share: every other field of
/// an answer must be equal.
const TIMES: &[&str] = &["time_ms", "nps", "seconds", "nodes_per_second"];
const CLASSIC: &str = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";

/// Which part of the proof a request belongs to.
#[derive(Clone, Debug)]
enum Group {
    Tree,
    Game,
    /// Practice exercises and their checking, in every language.
    Practice,
    /// A hostile request, and the refusal the server gives it.
    Hostile {
        status: u16,
        kind: String,
        limit: Option<String>,
    },
    /// The good requests after the hostile ones.
    Good,
}

/// One request: what it is (for messages), where it goes and its body.
#[derive(Clone, Debug)]
struct Case {
    what: String,
    path: String,
    body: String,
    group: Group,
}

/// The answers of both sides.
struct Run {
    cases: Vec<Case>,
    /// How many game positions the game requests ask about.
    positions: usize,
    native: Vec<Answer>,
    /// The module's answers: (status, body).
    wasm: Vec<(i64, String)>,
    answers: Value,
}

/// The API as `ply serve --book books/connect4.book` answers it: the default limits and
/// the repository's book, which the static site serves to its worker.
fn service() -> Service {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../books/connect4.book");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let book = ply_games::connect4::OpeningBook::from_bytes(&bytes).unwrap();
    let book = BookRef {
        // (The name the module gives the book it loads: `ply_wasm::SITE_BOOK`.)
        path: "books/connect4.book".to_string(),
        book: std::sync::Arc::new(book),
    };
    Service::new(ServiceLimits::default(), Some(book))
}

// ----- Random trees ----------------------------------------------------------------------

/// A tree as the generator makes it, written out in each format.
enum Node {
    Leaf(Option<String>, String),
    Inner(Option<String>, Vec<Node>),
}

/// A random subtree at `depth` of a tree at most `max_depth` deep: 1 to 4 children, a
/// leaf now and then above the last level, values from -9 to 9 (ties are common, so the
/// move orders meet equal values: both sides must sort them alike), some with one decimal;
/// some nodes named.
fn random_node(
    rng: &mut fastrand::Rng,
    depth: u32,
    max_depth: u32,
    count: &mut u32,
    decimals: bool,
) -> Node {
    *count += 1;
    let number = *count;
    let leaf = depth == max_depth || (depth > 0 && rng.u8(0..100) < 20);
    if leaf {
        let value = if decimals && rng.bool() {
            let tenths = rng.i32(-95..=95);
            let sign = if tenths < 0 { "-" } else { "" };
            format!("{sign}{}.{}", tenths.abs() / 10, tenths.abs() % 10)
        } else {
            rng.i32(-9..=9).to_string()
        };
        Node::Leaf((rng.u8(0..100) < 20).then(|| format!("l{number}")), value)
    } else {
        let name = rng.bool().then(|| format!("n{number}"));
        let children = (0..rng.usize(1..=4))
            .map(|_| random_node(rng, depth + 1, max_depth, count, decimals))
            .collect();
        Node::Inner(name, children)
    }
}

fn bracket(node: &Node) -> String {
    match node {
        Node::Leaf(Some(name), value) => format!("{name}={value}"),
        Node::Leaf(None, value) => value.clone(),
        Node::Inner(name, children) => {
            let mut parts: Vec<String> = name.iter().cloned().collect();
            parts.extend(children.iter().map(bracket));
            format!("({})", parts.join(" "))
        }
    }
}

fn indented(node: &Node, depth: usize, out: &mut String) {
    let indent = "  ".repeat(depth);
    match node {
        Node::Leaf(Some(name), value) => out.push_str(&format!("{indent}{name} = {value}\n")),
        Node::Leaf(None, value) => out.push_str(&format!("{indent}= {value}\n")),
        Node::Inner(name, children) => {
            out.push_str(&format!("{indent}{}\n", name.as_deref().unwrap_or("-")));
            for child in children {
                indented(child, depth + 1, out);
            }
        }
    }
}

fn json_tree(node: &Node) -> Value {
    let mut object = serde_json::Map::new();
    let name = match node {
        Node::Leaf(name, _) | Node::Inner(name, _) => name,
    };
    if let Some(name) = name {
        object.insert("name".into(), json!(name));
    }
    match node {
        Node::Leaf(_, value) => {
            // Read as JSON reads it: an integer stays one, a decimal is a number with its
            // one decimal place.
            let number: Value = serde_json::from_str(value).expect("a value the generator wrote");
            object.insert("value".into(), number);
        }
        Node::Inner(_, children) => {
            object.insert("children".into(), children.iter().map(json_tree).collect());
        }
    }
    Value::Object(object)
}

/// The tree requests: every combination of algorithm, leaf perspective and move order
/// about equally often, trees in the bracket format mostly, some in the text format and
/// in JSON.
fn tree_cases(rng: &mut fastrand::Rng) -> Vec<Case> {
    const ALGORITHMS: [&str; 3] = ["minimax", "negamax", "alphabeta"];
    const PERSPECTIVES: [&str; 2] = ["max", "mover"];
    const ORDERS: [&str; 3] = ["as_written", "best_first", "worst_first"];
    let mut cases = Vec::new();
    for i in 0..TREES {
        let (algorithm, perspective, order) = (
            ALGORITHMS[i % 3],
            PERSPECTIVES[(i / 3) % 2],
            ORDERS[(i / 6) % 3],
        );
        let max_depth = rng.u32(1..=5);
        let tree = {
            let decimals = rng.u8(0..100) < 30;
            random_node(rng, 0, max_depth, &mut 0, decimals)
        };
        let (format, text) = match rng.u8(0..100) {
            0..70 => ("bracket", bracket(&tree)),
            70..85 => {
                let mut text = String::new();
                indented(&tree, 0, &mut text);
                ("text", text)
            }
            _ => ("json", json_tree(&tree).to_string()),
        };
        let body = json!({
            "tree": text,
            "algorithm": algorithm,
            "leaf_perspective": perspective,
            "order": order,
        })
        .to_string();
        let what = format!("tree {i} ({format}, {algorithm}, {perspective}, {order})");
        if i % PICTURE_EVERY == 0 {
            cases.push(Case {
                what: format!("picture of {what}"),
                path: "/api/tree/svg".into(),
                body: body.clone(),
                group: Group::Tree,
            });
        }
        cases.push(Case {
            what: format!("{what}: {text}"),
            path: "/api/tree".into(),
            body,
            group: Group::Tree,
        });
    }
    cases
}

// ----- Game positions --------------------------------------------------------------------

fn state(service: &Service, game: &str, moves: &[String]) -> Value {
    let body = json!({"game": game, "moves": moves}).to_string();
    let answer = service.answer("/api/play/state", body.as_bytes(), &Control::new());
    assert_eq!(answer.status, 200, "{game} {moves:?}: {}", answer.body);
    serde_json::from_str(&answer.body).expect("the state's JSON")
}

/// A position reached by up to `plies` random legal moves from the start (fewer when the
/// game ends first): the moves and the state.
fn random_position(
    service: &Service,
    rng: &mut fastrand::Rng,
    game: &str,
    plies: usize,
) -> (Vec<String>, Value) {
    let mut moves = Vec::new();
    let mut now = state(service, game, &moves);
    for _ in 0..plies {
        let legal = now["legal"].as_array().cloned().unwrap_or_default();
        if !now["outcome"].is_null() || legal.is_empty() {
            break;
        }
        let chosen = &legal[rng.usize(0..legal.len())];
        moves.push(chosen.as_str().expect("a move is a string").to_string());
        now = state(service, game, &moves);
    }
    (moves, now)
}

/// The game requests: 50 positions, each asked of the endpoints that suit its game.
fn game_cases(service: &Service, rng: &mut fastrand::Rng) -> (Vec<Case>, usize) {
    // (game, positions, most random plies)
    let games: [(&str, usize, usize); 5] = [
        ("tictactoe", 14, 7),
        ("nim:3,4,5", 8, 5),
        ("race:10,2", 8, 6),
        // At most two stones: every such position is in the built-in book.
        ("connect4", 10, 2),
        ("chess", 10, 4),
    ];
    let mut cases = Vec::new();
    let mut positions = 0;
    let mut seen = std::collections::HashSet::new();
    for (game, count, most) in games {
        for i in 0..count {
            // Distinct positions: a few tries for one not asked yet (small games have few
            // positions near the start).
            let mut tries = 0;
            let (moves, now) = loop {
                let plies = rng.usize(0..=most);
                let (moves, now) = random_position(service, rng, game, plies);
                tries += 1;
                if seen.insert((game, now["position"].to_string())) || tries == 20 {
                    break (moves, now);
                }
            };
            positions += 1;
            let position = now["position"].as_str().unwrap_or_default().to_string();
            let over = !now["outcome"].is_null();
            let what =
                |endpoint: &str| format!("{game} position {i} ({endpoint}): moves {moves:?}");
            let mut ask = |path: &str, body: Value| {
                cases.push(Case {
                    what: what(path),
                    path: path.to_string(),
                    body: body.to_string(),
                    group: Group::Game,
                })
            };
            ask("/api/play/state", json!({"game": game, "moves": moves}));
            match game {
                "chess" => {
                    // A fixed depth: the same search node for node wherever it runs.
                    ask(
                        "/api/analyze",
                        json!({"game": game, "position": position, "depth": 5}),
                    );
                }
                _ => {
                    ask(
                        "/api/solve",
                        json!({"game": game, "position": position, "time_ms": 5000}),
                    );
                    ask(
                        "/api/play/analysis",
                        json!({"game": game, "moves": moves, "time_ms": 5000}),
                    );
                }
            }
            if game == "tictactoe" {
                if !over {
                    ask(
                        "/api/play/engine",
                        json!({"game": game, "moves": moves, "time_ms": 5000}),
                    );
                }
                if i % 2 == 0 {
                    ask(
                        "/api/tree/game",
                        json!({"game": game, "position": position, "depth": 2}),
                    );
                }
            }
        }
    }
    (cases, positions)
}

// ----- Practice ---------------------------------------------------------------------------

/// The practice requests: every kind at every level with two seeds (one past 2^32, where a
/// generator reading seeds as 32-bit numbers would go wrong), each in one of the four
/// languages, and each exercise's own answer checked, with one wrong value for half of them.
fn practice_cases(service: &Service, rng: &mut fastrand::Rng) -> Vec<Case> {
    let mut cases = Vec::new();
    let langs = ["en", "sv", "zh", "el"];
    for (k, kind) in ["values", "pruned", "order", "best_move", "expectimax"]
        .iter()
        .enumerate()
    {
        for level in 1..=5u64 {
            for seed in [rng.u64(0..1_000_000), (1u64 << 53) - 1 - rng.u64(0..1_000)] {
                let lang = langs[(k + level as usize + seed as usize) % 4];
                let request = json!({"kind": kind, "seed": seed, "level": level, "lang": lang});
                let body = request.to_string();
                let exercise = service.answer("/api/practice", body.as_bytes(), &Control::new());
                assert_eq!(exercise.status, 200, "{body}: {}", exercise.body);
                let exercise: Value = serde_json::from_str(&exercise.body).unwrap();
                let answer = &exercise["answer"];
                let mut response = match *kind {
                    "values" => json!({"values": answer["values"]}),
                    "pruned" => json!({"pruned": answer["pruned"]}),
                    "order" => json!({"order": answer["order"]}),
                    "expectimax" => json!({"values": answer["decimal_values"]}),
                    _ => json!({"best": answer["best"][0], "value": answer["value"]}),
                };
                if seed % 2 == 1 && *kind == "values" {
                    let root = "a";
                    if let Some(v) = response["values"][root].as_i64() {
                        response["values"][root] = json!(v + 1);
                    }
                }
                if seed % 2 == 1 && *kind == "expectimax" {
                    // b, a chance node, given 1/6 (wrong for almost every tree): its weighted sum
                    // explained.
                    response["values"]["b"] = json!("1/6");
                }
                let mut check = request.clone();
                check["variant"] = exercise["variant"].clone();
                check["response"] = response;
                for (path, body) in [
                    ("/api/practice", body),
                    ("/api/practice/check", check.to_string()),
                ] {
                    cases.push(Case {
                        what: format!("{path} {kind} level {level} seed {seed} in {lang}"),
                        path: path.into(),
                        body,
                        group: Group::Practice,
                    });
                }
            }
        }
    }
    cases
}

// ----- Hostile requests ------------------------------------------------------------------

/// The file of hostile requests the server's tests send too.
fn hostile_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/requests/hostile.json")
}

/// A body of exactly `bytes` bytes: a tree of one root and as many leaves as fit (some
/// 500,000 in 1 MiB), a space added when the length is odd.
fn flat_tree_body(bytes: usize) -> String {
    let (head, tail) = (r#"{"tree":"(a"#, r#")"}"#);
    let room = bytes - head.len() - tail.len();
    let body = format!(
        "{head}{}{}{tail}",
        " 1".repeat(room / 2),
        " ".repeat(room % 2)
    );
    assert_eq!(body.len(), bytes);
    body
}

/// The hostile requests and the refusal each gets from the server. A body is the
/// request's text when the file gives a string, else the JSON the file gives. Two more
/// at the edge of the body's limit (1 MiB): a body of exactly 1 MiB is read, and its tree
/// of 500,000 nodes refused by `max_tree_nodes`; one byte more is refused unread by
/// `max_body_bytes`.
fn hostile_cases() -> Vec<Case> {
    let limit = ServiceLimits::default().max_body_bytes;
    assert_eq!(limit, 1 << 20);
    let edge =
        [(limit, "max_tree_nodes"), (limit + 1, "max_body_bytes")].map(|(bytes, refused_by)| {
            Case {
                what: format!("a body of {bytes} bytes"),
                path: "/api/tree".into(),
                body: flat_tree_body(bytes),
                group: Group::Hostile {
                    status: 413,
                    kind: "limit".into(),
                    limit: Some(refused_by.into()),
                },
            }
        });
    let text = std::fs::read_to_string(hostile_file())
        .unwrap_or_else(|e| panic!("{}: {e}", hostile_file().display()));
    let list: Vec<Value> = serde_json::from_str(&text).expect("hostile.json is a JSON list");
    assert!(!list.is_empty(), "hostile.json lists no request");
    list.iter()
        .map(|entry| {
            let body = match &entry["body"] {
                Value::String(text) => text.clone(),
                Value::Null => String::new(),
                other => other.to_string(),
            };
            Case {
                what: format!("hostile request {}", entry["name"]),
                path: entry["path"].as_str().expect("a path").to_string(),
                body,
                group: Group::Hostile {
                    status: entry["status"].as_u64().expect("a status") as u16,
                    kind: entry["kind"].as_str().expect("a kind").to_string(),
                    limit: entry["limit"].as_str().map(str::to_string),
                },
            }
        })
        .chain(edge)
        .collect()
}

// ----- The run ---------------------------------------------------------------------------

/// Every request, answered natively and by the module, once for all the tests; `None`
/// when the browser or the site is missing (and not required).
fn run() -> Option<&'static Run> {
    static RUN: OnceLock<Result<Option<Run>, String>> = OnceLock::new();
    match RUN.get_or_init(answer_everything) {
        Ok(run) => run.as_ref(),
        Err(why) => panic!("{why}"),
    }
}

fn answer_everything() -> Result<Option<Run>, String> {
    let missing = common::browser_missing().or_else(|| common::site().err());
    if let Some(why) = missing {
        common::skip("the WebAssembly equality tests", &why);
        return Ok(None);
    }
    let site = common::site()?;
    let service = service();
    let mut rng = fastrand::Rng::with_seed(SEED);
    let mut cases = tree_cases(&mut rng);
    let (games, positions) = game_cases(&service, &mut rng);
    cases.extend(games);
    cases.extend(practice_cases(&service, &mut rng));
    cases.extend(hostile_cases());
    // Good requests after them: the module survives them all. (The catalog and the
    // health check are the GET endpoints: their body is not read.)
    for (path, body) in [
        ("/api/tree", json!({"tree": CLASSIC}).to_string()),
        ("/api/health", String::new()),
        ("/api/games", String::new()),
    ] {
        cases.push(Case {
            what: format!("{path} after the hostile requests"),
            path: path.into(),
            body,
            group: Group::Good,
        });
    }
    let native: Vec<Answer> = cases
        .iter()
        .map(|case| service.answer(&case.path, case.body.as_bytes(), &Control::new()))
        .collect();

    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("wasm-equality");
    std::fs::create_dir_all(&folder).map_err(|e| e.to_string())?;
    let requests = folder.join("requests.json");
    let answers = folder.join("answers.json");
    let _ = std::fs::remove_file(&answers);
    let list: Vec<Value> = cases
        .iter()
        .map(|case| json!({"path": case.path, "body": case.body}))
        .collect();
    // The long search that stop() ends: chess analysed for the longest time allowed.
    let stop = json!({"path": "/api/analyze", "body": json!({"game": "chess", "time_ms": 10000}).to_string()});
    std::fs::write(
        &requests,
        json!({"requests": list, "stop": stop}).to_string(),
    )
    .map_err(|e| e.to_string())?;
    let args = [
        site.display().to_string(),
        common::chromium().display().to_string(),
        requests.display().to_string(),
        answers.display().to_string(),
    ];
    let (success, report) = common::node("answers.mjs", &args, TIME_LIMIT)?;
    eprintln!("{report}");
    if !success {
        return Err(format!("the browser run failed:\n{report}"));
    }
    let text =
        std::fs::read_to_string(&answers).map_err(|e| format!("{}: {e}", answers.display()))?;
    let answers: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let wasm: Vec<(i64, String)> = answers["answers"]
        .as_array()
        .ok_or("no answers")?
        .iter()
        .map(|a| {
            (
                a["status"].as_i64().unwrap_or(-1),
                a["body"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    if wasm.len() != cases.len() {
        return Err(format!(
            "{} answers to {} requests",
            wasm.len(),
            cases.len()
        ));
    }
    Ok(Some(Run {
        cases,
        positions,
        native,
        wasm,
        answers,
    }))
}

/// `value` without the fields that measure time or speed, at any depth.
fn without_times(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(key, _)| !TIMES.contains(&key.as_str()))
                .map(|(key, value)| (key.clone(), without_times(value)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_times).collect()),
        other => other.clone(),
    }
}

/// Where two JSON values first differ, as a path into them.
fn difference(native: &Value, wasm: &Value, at: &str) -> Option<String> {
    match (native, wasm) {
        (Value::Object(a), Value::Object(b)) => {
            for key in a.keys().chain(b.keys()) {
                let inner = format!("{at}.{key}");
                match (a.get(key), b.get(key)) {
                    (Some(x), Some(y)) => {
                        if let Some(found) = difference(x, y, &inner) {
                            return Some(found);
                        }
                    }
                    (x, y) => return Some(format!("{inner}: native {x:?}, wasm {y:?}")),
                }
            }
            None
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .enumerate()
            .find_map(|(i, (x, y))| difference(x, y, &format!("{at}[{i}]"))),
        _ if native == wasm => None,
        _ => Some(format!("{at}: native {native}, wasm {wasm}")),
    }
}

/// Why the module's answer to a case is not the native one, if it is not.
fn mismatch(native: &Answer, wasm: &(i64, String)) -> Option<String> {
    if i64::from(native.status) != wasm.0 {
        return Some(format!(
            "status: native {}, wasm {}; native {}, wasm {}",
            native.status,
            wasm.0,
            shorten(&native.body),
            shorten(&wasm.1)
        ));
    }
    if native.content_type == SVG {
        return (native.body != wasm.1).then(|| "the pictures differ".to_string());
    }
    let ours: Value = serde_json::from_str(&native.body).ok()?;
    let theirs: Value = match serde_json::from_str(&wasm.1) {
        Ok(value) => value,
        Err(e) => {
            return Some(format!(
                "the module's answer is not JSON ({e}): {}",
                shorten(&wasm.1)
            ));
        }
    };
    difference(&without_times(&ours), &without_times(&theirs), "")
}

fn shorten(text: &str) -> String {
    let short: String = text.chars().take(300).collect();
    if short.len() < text.len() {
        format!("{short}…")
    } else {
        short
    }
}

/// Compares the cases of `group`: how many, and how many answered 200 natively.
fn compare(run: &Run, group: fn(&Group) -> bool) -> (usize, usize) {
    let mut failures = Vec::new();
    let (mut compared, mut ok) = (0, 0);
    for ((case, native), wasm) in run.cases.iter().zip(&run.native).zip(&run.wasm) {
        if !group(&case.group) {
            continue;
        }
        compared += 1;
        ok += usize::from(native.status == 200);
        if let Some(why) = mismatch(native, wasm) {
            failures.push(format!(
                "{}\n  POST {} {}\n  {why}",
                case.what,
                case.path,
                shorten(&case.body)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {compared} answers differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    (compared, ok)
}

#[test]
fn random_trees_answer_alike() {
    let Some(run) = run() else { return };
    let (compared, ok) = compare(run, |g| matches!(g, Group::Tree));
    eprintln!(
        "compared {compared} tree answers ({TREES} trees, {} pictures): all equal",
        TREES / PICTURE_EVERY
    );
    assert_eq!(compared, TREES + TREES / PICTURE_EVERY);
    // The generator makes good trees: each is answered, none refused.
    assert_eq!(ok, compared, "every random tree is answered natively");
    assert_eq!(run.answers["backend"], "wasm");
    let paths: Vec<&str> = run.answers["paths"]
        .as_array()
        .map(|p| p.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert!(paths.iter().any(|p| p.ends_with(".wasm")), "{paths:?}");
    assert!(!paths.iter().any(|p| p.contains("/api/")), "{paths:?}");
    // The worker read the site's book before its first Connect Four request (each
    // worker once: a stop or a trap starts another).
    assert!(
        paths
            .iter()
            .any(|p| p.ends_with("/ply/books/connect4.book.gz")),
        "{paths:?}"
    );
    assert_eq!(
        run.answers["errors"],
        json!([]),
        "no script error on the page"
    );
}

#[test]
fn game_positions_answer_alike() {
    let Some(run) = run() else { return };
    let (compared, ok) = compare(run, |g| matches!(g, Group::Game));
    let positions = run.positions;
    eprintln!(
        "compared {compared} game answers from {positions} positions: all equal ({ok} answered 200)"
    );
    assert_eq!(positions, 50);
    // Nearly every request is a good one (a finished game refuses a few: no move to play).
    assert!(
        ok * 10 >= compared * 9,
        "{ok} of {compared} answered 200 natively"
    );
}

#[test]
fn practice_exercises_and_their_checks_answer_alike() {
    let Some(run) = run() else { return };
    let (compared, ok) = compare(run, |g| matches!(g, Group::Practice));
    eprintln!(
        "compared {compared} practice answers (exercises and checks, four languages): all equal"
    );
    // 5 kinds x 5 levels x 2 seeds, each an exercise and a check.
    assert_eq!((compared, ok), (100, 100));
}

#[test]
fn hostile_requests_are_refused_alike() {
    let Some(run) = run() else { return };
    let mut failures = Vec::new();
    let mut count = 0;
    for ((case, native), wasm) in run.cases.iter().zip(&run.native).zip(&run.wasm) {
        let Group::Hostile {
            status,
            kind,
            limit,
        } = &case.group
        else {
            continue;
        };
        count += 1;
        let expected = (i64::from(*status), Some(kind.as_str()), limit.as_deref());
        for (side, answer) in [
            ("native", (i64::from(native.status), native.body.clone())),
            ("wasm", wasm.clone()),
        ] {
            let body: Value = serde_json::from_str(&answer.1).unwrap_or(Value::Null);
            let got = (answer.0, body["kind"].as_str(), body["limit"].as_str());
            if got != expected {
                failures.push(format!(
                    "{} ({} {}): {side} answers {got:?}, the server {expected:?}: {}",
                    case.what,
                    case.path,
                    shorten(&case.body),
                    shorten(&answer.1)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The module survives them all: a good request after them is answered as natively.
    let (good, ok) = compare(run, |g| matches!(g, Group::Good));
    assert_eq!((good, ok), (3, 3));
    let first = run
        .cases
        .iter()
        .position(|case| matches!(case.group, Group::Good))
        .expect("the good requests");
    let tree: Value = serde_json::from_str(&run.wasm[first].1).expect("the classic tree's JSON");
    assert_eq!(tree["value"], 3);
    let games: Value = serde_json::from_str(&run.wasm[first + 2].1).expect("the catalog's JSON");
    assert!(
        games
            .as_array()
            .is_some_and(|games| games.iter().any(|g| g["spec"] == "connect4")),
        "{games}"
    );
    eprintln!(
        "{count} hostile requests refused alike; the classic tree, the health check and the \
         catalog answered alike after them"
    );
}

#[test]
fn stop_ends_a_search_at_once() {
    let Some(run) = run() else { return };
    let stop = &run.answers["stop"];
    // A plain static host: no cross-origin isolation, so the worker is ended and the
    // request, and the one queued behind it, answer that they were stopped.
    assert_eq!(stop["isolated"], false);
    let stopped = json!({"error": "the search was stopped", "kind": "stopped"});
    for which in ["running", "queued"] {
        assert_eq!(stop[which]["status"], 503, "{which}: {stop}");
        let body: Value =
            serde_json::from_str(stop[which]["body"].as_str().unwrap_or("")).unwrap_or(Value::Null);
        assert_eq!(body, stopped, "{which}");
    }
    let ms = stop["ms"].as_f64().expect("the time stop() took");
    assert!(ms < 2000.0, "the search answered {ms} ms after stop()");
    // ... and the module answers again.
    assert_eq!(stop["after"]["status"], 200, "{stop}");
    let tree: Value =
        serde_json::from_str(stop["after"]["body"].as_str().unwrap_or("")).unwrap_or(Value::Null);
    assert_eq!(tree["value"], 3);
}

#[test]
fn stop_in_shared_memory_answers_with_what_was_found() {
    let Some(run) = run() else { return };
    let stop = &run.answers["stop_isolated"];
    assert_eq!(
        stop["isolated"], true,
        "the page is cross-origin isolated: {stop}"
    );
    // The analysis ends at once with the iterations it completed, marked interrupted.
    assert_eq!(stop["running"]["status"], 200, "{stop}");
    let report: Value =
        serde_json::from_str(stop["running"]["body"].as_str().unwrap_or("")).unwrap_or(Value::Null);
    assert_eq!(report["interrupted"], true, "{report}");
    assert!(report["best"].is_string(), "a best move so far: {report}");
    assert!(report["depth"].as_u64().unwrap_or(0) >= 1, "{report}");
    let ms = stop["ms"].as_f64().expect("the time stop() took");
    assert!(ms < 2000.0, "the search answered {ms} ms after stop()");
    // The request queued behind it is stopped too; the one after is answered.
    assert_eq!(stop["queued"]["status"], 503, "{stop}");
    assert_eq!(stop["after"]["status"], 200, "{stop}");
}

#[test]
fn a_panic_in_the_module_answers_500_and_the_next_request_is_answered() {
    let Some(run) = run() else { return };
    let trap = &run.answers["trap"];
    assert!(
        trap.is_object(),
        "ply.js offers no trapForTesting(): {trap}"
    );
    assert_eq!(trap["trap"]["status"], 500, "{trap}");
    let body: Value =
        serde_json::from_str(trap["trap"]["body"].as_str().unwrap_or("")).unwrap_or(Value::Null);
    assert_eq!(body["kind"], "internal", "{trap}");
    assert_eq!(trap["after"]["status"], 200, "{trap}");
    let tree: Value =
        serde_json::from_str(trap["after"]["body"].as_str().unwrap_or("")).unwrap_or(Value::Null);
    assert_eq!(tree["value"], 3);
}
