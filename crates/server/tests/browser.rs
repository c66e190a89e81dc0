//! The web lab in a real browser: Debian's chromium, driven by playwright-core
//! (`tests/browser/lab.mjs`), against the server started here. The checks: the classic
//! tree's value and its two pruned leaves, a leaf edited in the picture, the trace
//! stepped to the first cut, a share link opened in a fresh page, the print layout on
//! one page, a whole game of tic-tac-toe against the perfect player, Connect Four's
//! column values. Screenshots of every page go to the test's target folder.
//!
//! Without chromium, node or playwright-core (`npm ci --prefix crates/server/tests/browser`)
//! the test says so in one line and passes, unless `PLY_REQUIRE_BROWSER=1` (CI sets it).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The longest the browser run may take before it is killed and the test fails.
const TIME_LIMIT: Duration = Duration::from_secs(240);

fn missing() -> Option<String> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let chromium = chromium();
    if !chromium.exists() {
        return Some(format!(
            "no chromium at {} (apt-get install chromium)",
            chromium.display()
        ));
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Some("no node (apt-get install nodejs)".into());
    }
    if !folder.join("node_modules/playwright-core").exists() {
        return Some("no playwright-core (npm ci --prefix crates/server/tests/browser)".into());
    }
    None
}

fn chromium() -> PathBuf {
    std::env::var_os("PLY_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

#[test]
fn the_web_lab_in_a_browser() {
    if let Some(why) = missing() {
        if std::env::var("PLY_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
            panic!("the browser tests are required here (PLY_REQUIRE_BROWSER=1): {why}");
        }
        eprintln!("SKIPPED browser tests: {why}");
        return;
    }
    // The server, on a port of its own, for as long as the test runs.
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
            ply_server::serve(listener, ply_server::Limits::default(), None, shutdown)
                .await
                .unwrap();
        });
    });
    let addr = addr_rx.recv_timeout(Duration::from_secs(10)).unwrap();
    let screenshots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-lab");
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let mut child = Command::new("node")
        .arg(folder.join("lab.mjs"))
        .arg(format!("http://{addr}"))
        .arg(&screenshots)
        .arg(chromium())
        .current_dir(&folder)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let clock = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if clock.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let output = child.wait_with_output().unwrap();
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let _ = stop_tx.send(());
    let _ = server.join();
    eprintln!("{report}");
    eprintln!("screenshots: {}", screenshots.display());
    let status = status.unwrap_or_else(|| panic!("the browser run took over {TIME_LIMIT:?}"));
    assert!(status.success(), "a browser check failed:\n{report}");
    assert!(
        report.contains("ok: the classic tree's root value is 3"),
        "{report}"
    );
}
