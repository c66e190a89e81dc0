//! The web lab's pages are type-checked, linted and tested: `npm --prefix pages run check`
//! runs TypeScript over their JSDoc types (`checkJs`, `strict`; with both of the site's
//! `ply.js` modules, held to one contract), eslint over the same files, and node's test
//! runner over `pages/tests/` (pages/package.json, pages/tsconfig.json,
//! pages/eslint.config.js).
//!
//! The tools are the pages' development dependencies, pinned in pages/package-lock.json:
//! without them (`npm ci --prefix pages`) the test says so in one line and passes, and
//! fails instead under `PLY_REQUIRE_BROWSER=1` (CI), which installs them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The folder of the pages, at the repository's root.
fn pages() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../pages")
}

/// Why the check cannot run here, if it cannot.
fn tools_missing(pages: &Path) -> Option<String> {
    if Command::new("npm").arg("--version").output().is_err() {
        return Some("no npm (apt-get install npm), then `npm ci --prefix pages`".into());
    }
    for tool in ["typescript", "eslint"] {
        if !pages.join("node_modules").join(tool).is_dir() {
            return Some(format!(
                "no {tool} in pages/node_modules: run `npm ci --prefix pages`"
            ));
        }
    }
    None
}

#[test]
fn the_pages_pass_their_type_check_linter_and_tests() {
    let pages = pages();
    if let Some(why) = tools_missing(&pages) {
        if std::env::var("PLY_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
            panic!(
                "the pages' type-check and linter are required here (PLY_REQUIRE_BROWSER=1): {why}"
            );
        }
        // Straight to the standard error, not through the test's captured output, so
        // that the notice shows in a passing run.
        let notice = format!("\n==== SKIPPED the pages' type-check and linter: {why} ====\n");
        let _ = std::io::Write::write_all(&mut std::io::stderr(), notice.as_bytes());
        return;
    }
    let output = Command::new("npm")
        .arg("--prefix")
        .arg(&pages)
        .args(["run", "--silent", "check"])
        .output()
        .expect("npm runs");
    assert!(
        output.status.success(),
        "`npm --prefix pages run check` found problems:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
