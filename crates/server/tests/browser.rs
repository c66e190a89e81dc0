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
//! Screenshots of every page, at 390 px and at desktop width, go to `target/screenshots/`
//! (`static-tree-390.png`, `server-play-desktop.png`, ...).
//!
//! Without chromium, node or playwright-core (`npm ci --prefix crates/server/tests/browser`)
//! the test says so in one line and passes; without the static site it runs against the
//! server only and says so. Under `PLY_REQUIRE_BROWSER=1` (CI) either is a failure.

mod common;

use std::path::PathBuf;
use std::time::Duration;

/// The longest the browser run may take before it is killed and the test fails.
const TIME_LIMIT: Duration = Duration::from_secs(420);

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
    // The server, on a port of its own, for as long as the test runs.
    // As `ply serve` runs where there is no book file: with the book built into ply.
    let book = ply_api::solve::BookRef::shipped();
    let (addr_tx, addr_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let server = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            addr_tx.send(listener.local_addr().unwrap()).unwrap();
            let shutdown = async move {
                let _ = stop_rx.await;
            };
            ply_server::serve(listener, ply_server::Limits::default(), book, shutdown)
                .await
                .unwrap();
        });
    });
    let addr = addr_rx.recv_timeout(Duration::from_secs(10)).unwrap();
    let mut args = vec![
        screenshots().display().to_string(),
        common::chromium().display().to_string(),
        format!("server=http://{addr}/"),
    ];
    if let Some(site) = &site {
        args.push(format!("static={}", site.display()));
    }
    let run = common::node("lab.mjs", &args, TIME_LIMIT);
    let _ = stop_tx.send(());
    let _ = server.join();
    let (success, report) = run.unwrap_or_else(|why| panic!("{why}"));
    eprintln!("{report}");
    eprintln!("screenshots: {}", screenshots().display());
    assert!(success, "a browser check failed:\n{report}");
    let mut expected = vec!["ok [server]: the classic tree's root value is 3"];
    if site.is_some() {
        expected.extend([
            "ok [static]: ply.js answers through the wasm",
            "ok [static]: the classic tree's root value is 3",
            "ok [static]: the human (X) never beats the perfect engine",
            "ok [static]: no request to /api/",
        ]);
    }
    for line in expected {
        assert!(
            report.contains(line),
            "no `{line}` in the report:\n{report}"
        );
    }
}
