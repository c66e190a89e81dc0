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

/// A browser script's run (`tests/browser/SCRIPT`) against `ply serve` (in this process,
/// with the book built into ply, as `ply serve` runs where there is no book file) and,
/// where it is built, the static site: its report, and the targets it ran against; `None`
/// when the browser is missing (the test then says SKIPPED, or fails where the browser
/// is required). Fails the test when a check of the script failed.
fn run_in_browser(script: &str, what: &str) -> Option<(String, Vec<&'static str>)> {
    if let Some(why) = common::browser_missing() {
        common::skip(what, &why);
        return None;
    }
    let site = match common::site() {
        Ok(site) => Some(site),
        Err(why) => {
            common::skip(&format!("{what} of the static site"), &why);
            None
        }
    };
    let server = Server::start(Limits::default(), BookRef::shipped());
    let mut args = vec![
        screenshots().display().to_string(),
        common::chromium().display().to_string(),
        format!("server=http://{}/", server.addr),
    ];
    if let Some(site) = &site {
        args.push(format!("static={}", site.display()));
    }
    let run = common::node(script, &args, TIME_LIMIT);
    drop(server);
    let (success, report) = run.unwrap_or_else(|why| panic!("{why}"));
    eprintln!("{report}");
    eprintln!("screenshots: {}", screenshots().display());
    assert!(success, "a check of {script} failed:\n{report}");
    let mut targets = vec!["server"];
    if site.is_some() {
        targets.push("static");
    }
    Some((report, targets))
}

#[test]
fn the_web_lab_in_a_browser() {
    let Some((report, targets)) = run_in_browser("lab.mjs", "the browser tests") else {
        return;
    };
    let mut expected = vec!["ok [server]: the classic tree's root value is 3".to_string()];
    if targets.contains(&"static") {
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
    for target in &targets {
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
    let Some((report, targets)) =
        run_in_browser("practice.mjs", "the practice page's browser tests")
    else {
        return;
    };
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
