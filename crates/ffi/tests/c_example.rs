//! The C example (`examples/c/ply_example.c`) built with the system's C compiler
//! against the static library and run: every check in it must pass. Under valgrind
//! too, when it is installed (CI installs it): no invalid access, no leak.
//! Without a C compiler or valgrind the test says so and passes; CI sets
//! `PLY_REQUIRE_BINDINGS=1`, which turns those skips into failures.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The static library `cargo test` has just built with the Rust one for this test (the
/// library's crate types are built together, into the test's own folder).
fn static_library() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    exe.parent()
        .expect("target/<profile>/deps")
        .join("libply.a")
}

/// Skips (or fails, when CI requires the bindings' tools) with `why`.
fn skip(why: &str) {
    if std::env::var_os("PLY_REQUIRE_BINDINGS").is_some() {
        panic!("PLY_REQUIRE_BINDINGS is set, but {why}");
    }
    eprintln!("SKIPPED: {why}");
}

fn compiler() -> Option<String> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    Command::new(&cc)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|_| cc)
}

#[test]
fn c_example_builds_runs_and_is_clean_under_valgrind() {
    let Some(cc) = compiler() else {
        return skip("no C compiler found (set CC): the C example was not built");
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let repo = root.join("../..");
    let library = static_library();
    assert!(library.is_file(), "{} is missing", library.display());
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ply_example");
    let built = Command::new(&cc)
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-g", "-I"])
        .arg(root.join("include"))
        .arg(repo.join("examples/c/ply_example.c"))
        .arg(&library)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&out)
        .output()
        .expect("run the C compiler");
    assert!(
        built.status.success(),
        "the C example does not build:\n{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let run = Command::new(&out).output().expect("run the C example");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "the C example failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(stdout.contains("all checks passed"), "{stdout}");
    assert!(stdout.contains("classic tree: value 3, best b"), "{stdout}");

    let valgrind = Command::new("valgrind").arg("--version").output();
    if !valgrind.is_ok_and(|o| o.status.success()) {
        return skip("valgrind is not installed: the C example ran without it");
    }
    let checked = Command::new("valgrind")
        .args([
            "--error-exitcode=3",
            "--leak-check=full",
            "--errors-for-leak-kinds=definite,indirect",
            "--quiet",
        ])
        .arg(&out)
        .output()
        .expect("run valgrind");
    assert!(
        checked.status.success(),
        "valgrind found errors or leaks:\n{}",
        String::from_utf8_lossy(&checked.stderr)
    );
}
