//! The WebAssembly module's searches never overflow the browser's call stack. A browser
//! runs a module's functions on its own native stack (about 1 MB in chromium's worker),
//! which no estimate in linear memory sees: chess's exact search (the second half of
//! each move's time in `/api/play/analysis` and `/api/play/engine`) follows a line to the
//! end of the game, hundreds of plies deep, and once overflowed it with `RangeError:
//! Maximum call stack size exceeded` (500 `internal`). On WebAssembly the engine now stops
//! at `ply_core::stack::MAX_SEARCH_PLY` (docs/reliability.md, "The lab in the browser").
//!
//! The requests the play page sends for chess, from the start and after 1. e4, with 100 ms
//! to 1 s, several times over, answered by the static site's `ply.js` in chromium
//! (`tests/browser/answers.mjs`): every one answers 200. Without chromium, node,
//! playwright-core or the site (`scripts/build-site target/site`, or `PLY_SITE`) the test
//! says so and passes, unless `PLY_REQUIRE_BROWSER=1` (CI).

mod common;

use serde_json::{Value, json};
use std::path::Path;
use std::time::Duration;

/// Times over the requests: the overflow came in some of them, not all.
const ROUNDS: usize = 3;
/// The longest the browser may take over all the requests.
const TIME_LIMIT: Duration = Duration::from_secs(300);

#[test]
fn chess_searches_in_the_browser_never_overflow_its_stack() {
    if let Some(why) = common::browser_missing().or_else(|| common::site().err()) {
        common::skip("the WebAssembly stack test", &why);
        return;
    }
    let site = common::site().expect("a site");
    let mut requests = Vec::new();
    for _ in 0..ROUNDS {
        for moves in [json!([]), json!(["e4"])] {
            for time_ms in [100, 300, 1000] {
                for path in ["/api/play/analysis", "/api/play/engine"] {
                    let body = json!({"game": "chess", "moves": moves, "time_ms": time_ms});
                    requests.push(json!({"path": path, "body": body.to_string()}));
                }
            }
        }
    }
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("wasm-stack");
    std::fs::create_dir_all(&folder).expect("a folder");
    let (requests_file, answers_file) = (folder.join("requests.json"), folder.join("answers.json"));
    let _ = std::fs::remove_file(&answers_file);
    let list = json!({"requests": requests, "stop": null});
    std::fs::write(&requests_file, list.to_string()).expect("requests written");
    let args = [
        site.display().to_string(),
        common::chromium().display().to_string(),
        requests_file.display().to_string(),
        answers_file.display().to_string(),
    ];
    let (success, report) = common::node("answers.mjs", &args, TIME_LIMIT).expect("node runs");
    eprintln!("{report}");
    assert!(success, "the browser run failed:\n{report}");
    assert!(
        !report.contains("Maximum call stack"),
        "the module overflowed the browser's stack:\n{report}"
    );
    let text = std::fs::read_to_string(&answers_file).expect("answers written");
    let answers: Value = serde_json::from_str(&text).expect("answers are JSON");
    assert_eq!(answers["backend"], "wasm");
    let got = answers["answers"].as_array().expect("answers");
    assert_eq!(got.len(), requests.len());
    let failed: Vec<String> = requests
        .iter()
        .zip(got)
        .filter(|(_, answer)| answer["status"] != 200)
        .map(|(request, answer)| {
            format!(
                "{} {}: {} {}",
                request["path"], request["body"], answer["status"], answer["body"]
            )
        })
        .collect();
    assert!(
        failed.is_empty(),
        "{} of {} chess searches failed in the browser:\n{}",
        failed.len(),
        requests.len(),
        failed.join("\n")
    );
}
