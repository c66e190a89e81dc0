//! The Python package's own tests (tests/test_ply.py), run by `cargo test`: the module is
//! built with maturin into a virtual environment of its own (under the target
//! directory, made once and kept), then pytest runs.
//!
//! Without Python 3 and its `venv` module, or without a way to install maturin and
//! pytest from PyPI, the test says so and passes; CI sets `PLY_REQUIRE_BINDINGS=1`,
//! which turns those skips into failures.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(command: &mut Command) -> Output {
    let shown = format!("{command:?}");
    command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {shown}: {e}"))
}

fn ok(output: &Output) -> bool {
    output.status.success()
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Skips (or fails, when CI requires Python) with `why`.
fn skip(why: &str) {
    if std::env::var_os("PLY_REQUIRE_BINDINGS").is_some() {
        panic!("PLY_REQUIRE_BINDINGS is set, but {why}");
    }
    eprintln!("SKIPPED: {why}: the Python package was not tested");
}

#[test]
fn python_package_passes_its_pytest_suite() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let repo = crate_dir.join("../..");
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    let venv = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("python-venv");
    let bin = venv.join("bin");
    if !bin.join("python").is_file() {
        match Command::new(&python)
            .args(["-m", "venv"])
            .arg(&venv)
            .output()
        {
            Ok(made) if ok(&made) => {}
            Ok(made) => return skip(&format!("`{python} -m venv` failed: {}", text(&made))),
            Err(e) => return skip(&format!("no {python} ({e})")),
        }
    }
    let has_tools = run(Command::new(bin.join("python")).args(["-c", "import maturin, pytest"]));
    if !ok(&has_tools) {
        let installed = run(Command::new(bin.join("python")).args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "maturin>=1.9,<2",
            "pytest",
        ]));
        if !ok(&installed) {
            return skip(&format!(
                "maturin and pytest could not be installed: {}",
                text(&installed)
            ));
        }
    }
    // The development profile, which is the test profile's twin (Cargo.toml): the
    // library layer is already built for cargo's own tests, so only the module itself
    // is compiled here.
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target/tmp")
        .to_path_buf();
    let built = run(Command::new(bin.join("maturin"))
        .args(["develop", "--quiet", "--manifest-path"])
        .arg(crate_dir.join("Cargo.toml"))
        .env("VIRTUAL_ENV", &venv)
        .env("CARGO_TARGET_DIR", &target)
        .current_dir(&repo));
    assert!(ok(&built), "maturin develop failed:\n{}", text(&built));
    let tested = run(Command::new(bin.join("python"))
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(crate_dir.join("tests"))
        .current_dir(&repo));
    let report = text(&tested);
    eprintln!("{report}");
    assert!(ok(&tested), "pytest failed:\n{report}");
}
