//! The web lab in a real browser: Debian's chromium, driven by playwright-core
//! (`tests/browser/lab.mjs`), one browser for two runs of the same checks:
//!
//! - against `ply serve`, started here;
//! - against the static site (`scripts/build-site target/site`, or `PLY_SITE`), served by a
//!   plain static file server under the sub-path `/ply/`, with no ply process at all: the
//!   pages answer through the WebAssembly module, and the network log shows no request to
//!   `/api/`.
//!
//! The checks: the classic tree's value and its two pruned leaves, a leaf edited in the
//! picture, the trace stepped to the first cut, a share link opened in a fresh browser
//! context, the print layout on one page, a whole game of tic-tac-toe against the perfect
//! player, Connect Four's column values from the opening book, and both pages at 390 px.
//! Then the lab in Swedish, Chinese and Greek (`?lang=`): the classic tree walked step by
//! step to its end and a game begun, with no English word left on the pages (every word
//! of the English catalog that the language's own catalog does not use; names of games
//! and notation aside), every request to the API asking for the language, and the
//! language menu switching the page's language and its `<html lang>`.
//! Screenshots of every page, at 390 px and at desktop width, go to `target/screenshots/`
//! (`static-tree-390.png`, `server-play-desktop.png`, ...).
//!
//! Without chromium, node or playwright-core (`npm ci --prefix crates/server/tests/browser`)
//! the test says so in one line and passes; without the static site it runs against the
//! server only and says so. Under `PLY_REQUIRE_BROWSER=1` (CI) either is a failure.

mod common;
mod in_process;

use in_process::Server;
use ply_api::solve::BookRef;
use ply_server::Limits;

use std::path::PathBuf;
use std::time::Duration;

/// The longest the browser run may take before it is killed and the test fails.
const TIME_LIMIT: Duration = Duration::from_secs(600);

/// Where the screenshots go: `screenshots` in the target folder.
fn screenshots() -> PathBuf {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().map(|t| t.join("screenshots")).unwrap_or(tmp)
}

#[test]
fn the_web_lab_in_a_browser() {
    if let Some(why) = common::browser_missing() {
        common::skip("the browser tests", &why);
        return;
    }
    let site = match common::site() {
        Ok(site) => Some(site),
        Err(why) => {
            common::skip("the browser tests of the static site", &why);
            None
        }
    };
    // The server, on a port of its own, for as long as the test runs; as `ply serve`
    // runs where there is no book file: with the book built into ply.
    let server = Server::start(Limits::default(), BookRef::shipped());
    let addr = server.addr;
    let mut args = vec![
        screenshots().display().to_string(),
        common::chromium().display().to_string(),
        format!("server=http://{addr}/"),
    ];
    if let Some(site) = &site {
        args.push(format!("static={}", site.display()));
    }
    let run = common::node("lab.mjs", &args, TIME_LIMIT);
    drop(server);
    let (success, report) = run.unwrap_or_else(|why| panic!("{why}"));
    eprintln!("{report}");
    eprintln!("screenshots: {}", screenshots().display());
    assert!(success, "a browser check failed:\n{report}");
    let mut targets = vec!["server"];
    let mut expected = vec!["ok [server]: the classic tree's root value is 3".to_string()];
    if site.is_some() {
        targets.push("static");
        expected.extend(
            [
                "ok [static]: ply.js answers through the wasm",
                "ok [static]: the classic tree's root value is 3",
                "ok [static]: the human (X) never beats the perfect engine",
                "ok [static]: no request to /api/",
            ]
            .map(String::from),
        );
    }
    for target in targets {
        for lang in ["sv", "zh", "el"] {
            expected.push(format!(
                "ok [{target}]: {lang}: no English left on the pages"
            ));
            expected.push(format!(
                "ok [{target}]: {lang}: every request to the API says \"lang\":\"{lang}\""
            ));
        }
    }
    for line in &expected {
        assert!(
            report.contains(line.as_str()),
            "no `{line}` in the report:\n{report}"
        );
    }
}

/// The practice page (`tests/browser/practice.mjs`), against `ply serve` and the static
/// site: a values and a pruned exercise at fixed seeds, answered with one deliberate
/// mistake each, and exactly that node marked, with the API's reason; the worksheet with
/// its values blank, on one A4 page; the key with them filled in; the page at 390 px.
#[test]
fn the_practice_page_in_a_browser() {
    if let Some(why) = common::browser_missing() {
        common::skip("the practice page's browser tests", &why);
        return;
    }
    let site = match common::site() {
        Ok(site) => Some(site),
        Err(why) => {
            common::skip("the practice page's browser tests of the static site", &why);
            None
        }
    };
    let server = Server::start(Limits::default(), BookRef::shipped());
    let addr = server.addr;
    let mut args = vec![
        screenshots().display().to_string(),
        common::chromium().display().to_string(),
        format!("server=http://{addr}/"),
    ];
    if let Some(site) = &site {
        args.push(format!("static={}", site.display()));
    }
    let run = common::node("practice.mjs", &args, TIME_LIMIT);
    drop(server);
    let (success, report) = run.unwrap_or_else(|why| panic!("{why}"));
    eprintln!("{report}");
    assert!(success, "a check of the practice page failed:\n{report}");
    let mut targets = vec!["server"];
    if site.is_some() {
        targets.push("static");
    }
    for target in targets {
        for line in [
            "the picture marks exactly h (h)",
            "the picture marks exactly n (n)",
            "the worksheet leaves every inner value blank",
        ] {
            let line = format!("ok [{target}]: {line}");
            assert!(
                report.contains(&line),
                "no `{line}` in the report:\n{report}"
            );
        }
    }
}
