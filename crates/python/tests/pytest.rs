//! The Python package's own tests (tests/test_ply.py), run by `cargo test`.
//!
//! `cargo test` builds the module (the crate's cdylib) with this test, and the test puts
//! it where Python finds it, under the name maturin gives it (`ply.abi3.so`). pytest comes from
//! PyPI into a virtual environment of its own under the target directory, made once
//! and kept. (The packaged build, `pip install ./crates/python`, makes the same library
//! with maturin: docs/bindings.md.)
//!
//! Without Python 3 and its `venv` module, or without a way to install pytest from PyPI,
//! the test says so and passes; CI sets `PLY_REQUIRE_BINDINGS=1`, which turns those
//! skips into failures.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Each step (pip, the suite) takes seconds; a search that ignores its stop, or a
/// download that stalls, would otherwise hang the whole test run.
const DEADLINE: Duration = Duration::from_secs(300);

/// Runs `command` and kills it past [`DEADLINE`] (the test then fails with what it printed).
fn run(command: &mut Command) -> Output {
    let shown = format!("{command:?}");
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {shown}: {e}"));
    // Both pipes drained on threads of their own, so a full pipe never blocks the child.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("piped stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("piped stderr")));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child's status") {
            break status;
        }
        if started.elapsed() > DEADLINE {
            let _ = child.kill();
            let output = Output {
                status: child.wait().expect("the killed child's status"),
                stdout: stdout.join().unwrap_or_default(),
                stderr: stderr.join().unwrap_or_default(),
            };
            panic!(
                "{shown} ran past {DEADLINE:?} and was killed:\n{}",
                text(&output)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    Output {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    }
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

/// Skips (or fails, when CI requires the bindings' tools) with `why`.
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
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    let venv = tmp.join("python-venv");
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
    let has_pytest = run(Command::new(bin.join("python")).args(["-c", "import pytest"]));
    if !ok(&has_pytest) {
        let installed =
            run(Command::new(bin.join("python"))
                .args(["-m", "pip", "install", "--quiet", "pytest"]));
        if !ok(&installed) {
            return skip(&format!(
                "pytest could not be installed: {}",
                text(&installed)
            ));
        }
    }
    let module_dir = tmp.join("python-module");
    std::fs::create_dir_all(&module_dir).expect("a folder for the module");
    let exe = std::env::current_exe().expect("the test's path");
    let library = exe
        .parent()
        .expect("target/<profile>/deps")
        .join("libply_python.so");
    std::fs::copy(&library, module_dir.join("ply.abi3.so"))
        .unwrap_or_else(|e| panic!("{}: {e}", library.display()));
    let tested = run(Command::new(bin.join("python"))
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(crate_dir.join("tests"))
        .env("PYTHONPATH", &module_dir)
        .current_dir(&repo));
    let report = text(&tested);
    eprintln!("{report}");
    assert!(ok(&tested), "pytest failed:\n{report}");
}
