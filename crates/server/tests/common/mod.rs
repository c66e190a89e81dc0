//! What the browser tests share: finding chromium, node and playwright-core, finding the
//! static site that `scripts/build-site target/site` writes, skipping (or failing under
//! `PLY_REQUIRE_BROWSER=1`) when one is missing, and running a node script with a time
//! limit.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The folder of the node scripts (`tests/browser`).
pub fn scripts() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser")
}

/// The repository's root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The browser: Debian's chromium, or `PLY_CHROMIUM`.
pub fn chromium() -> PathBuf {
    std::env::var_os("PLY_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

/// What the browser tests lack on this machine, if anything.
pub fn browser_missing() -> Option<String> {
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
    if !scripts().join("node_modules/playwright-core").exists() {
        return Some("no playwright-core (npm ci --prefix crates/server/tests/browser)".into());
    }
    None
}

/// Whether the browser tests must run here (CI sets `PLY_REQUIRE_BROWSER=1`).
pub fn required() -> bool {
    std::env::var("PLY_REQUIRE_BROWSER").is_ok_and(|v| v == "1")
}

/// The static site (`PLY_SITE`, else `target/site` in the repository), or why it cannot
/// be used: a site is whole only with its pages, `ply.js` and the module.
pub fn site() -> Result<PathBuf, String> {
    let folder = std::env::var_os("PLY_SITE")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target/site"));
    let parts = [
        "index.html",
        "play.html",
        "ply.js",
        "ply-worker.js",
        "wasm/ply_wasm.js",
        "wasm/ply_wasm_bg.wasm",
    ];
    match parts.iter().find(|part| !folder.join(part).is_file()) {
        None => Ok(folder),
        Some(part) => Err(format!(
            "no static site at {} (no {part}): build it with `scripts/build-site target/site` \
             (or name another with PLY_SITE)",
            folder.display()
        )),
    }
}

/// Says in one visible line that `what` is skipped and why, or fails the test when the
/// browser tests are required.
pub fn skip(what: &str, why: &str) {
    if required() {
        panic!("{what} must run here (PLY_REQUIRE_BROWSER=1): {why}");
    }
    // Written to the process's standard error itself, not through `eprintln!`, which the
    // test harness captures and shows only for a failing test: a skip must be seen.
    let _ = writeln!(std::io::stderr(), "\n==== SKIPPED {what}: {why} ====\n");
}

/// Runs `node SCRIPT ARGS...` in the scripts' folder, killed past `limit`: whether it
/// succeeded, and what it printed (standard output, then standard error).
pub fn node(script: &str, args: &[String], limit: Duration) -> Result<(bool, String), String> {
    let mut child = Command::new("node")
        .arg(scripts().join(script))
        .args(args)
        .current_dir(scripts())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("node {script}: {e}"))?;
    // The pipes are read while the script runs, so that a long report cannot fill them
    // and stall it.
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut text).map(|_| text)
    });
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut text).map(|_| text)
    });
    let clock = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break Some(status);
        }
        if clock.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let report = format!(
        "{}{}",
        out.join().ok().and_then(Result::ok).unwrap_or_default(),
        err.join().ok().and_then(Result::ok).unwrap_or_default()
    );
    match status {
        Some(status) => Ok((status.success(), report)),
        None => Err(format!("node {script} took over {limit:?}:\n{report}")),
    }
}
