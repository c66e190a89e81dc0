//! The Python package `plysearch` tested from Python, by `cargo test`, in a virtual
//! environment of its own under the target directory (made once and kept; pytest, maturin
//! and PLY come into it from PyPI).
//!
//! - [`python_package_passes_its_pytest_suite`]: `cargo test` builds the module (the
//!   crate's cdylib) with this test, and the test puts it where Python finds it, under the
//!   name maturin gives it (`plysearch.abi3.so`), then runs the pytest suites: the
//!   package's own (tests/test_plysearch.py, tests/test_check.py) and the Python
//!   examples of docs/bindings.md (tests/test_docs.py).
//! - [`wheel_installs_beside_ply`]: the wheel as users get it (the release wheel CI makes
//!   with `maturin build --release`, named by `PLY_PYTHON_WHEEL`; without it, one made
//!   here by maturin in a target directory of its own, as this one is locked while tests
//!   run), holds the type
//!   stubs and `py.typed` and no `ply` package; installed beside PLY (Python Lex-Yacc,
//!   whose distribution and module are named `ply`), neither removes the other, and one
//!   program uses both.
//!
//! Without Python 3 and its `venv` module, or without a way to install what the tests take
//! from PyPI, a test says so and passes; CI sets `PLY_REQUIRE_BINDINGS=1`, which turns
//! those skips into failures.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Each step (pip, the suite) takes seconds; a search that ignores its stop, or a
/// download that stalls, would otherwise hang the whole test run.
const DEADLINE: Duration = Duration::from_secs(300);

/// The wheel's build compiles the crate and its dependencies, the first time from nothing.
const BUILD_DEADLINE: Duration = Duration::from_secs(1800);

/// PLY (Python Lex-Yacc), the package on PyPI whose name the package must not take.
const PLY: &str = "ply==3.11";

/// The tests share the virtual environment: one at a time (pip installs into it, and a
/// build beside the suite would slow its timed tests).
static ENVIRONMENT: Mutex<()> = Mutex::new(());

/// Runs `command` and kills it past `deadline` (the test then fails with what it printed).
fn run_within(command: &mut Command, deadline: Duration) -> Output {
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
        if started.elapsed() > deadline {
            let _ = child.kill();
            let output = Output {
                status: child.wait().expect("the killed child's status"),
                stdout: stdout.join().unwrap_or_default(),
                stderr: stderr.join().unwrap_or_default(),
            };
            panic!(
                "{shown} ran past {deadline:?} and was killed:\n{}",
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

/// Runs `command` and kills it past [`DEADLINE`].
fn run(command: &mut Command) -> Output {
    run_within(command, DEADLINE)
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

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn tmp() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

/// The shared virtual environment, held by this test until it ends, made when missing.
struct Environment {
    _held: MutexGuard<'static, ()>,
    bin: PathBuf,
}

impl Environment {
    /// The environment, or None once [`skip`] has said why there is none.
    fn open() -> Option<Environment> {
        // A test that failed while holding it poisons the lock, not the environment.
        let held = ENVIRONMENT
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
        let venv = tmp().join("python-venv");
        let bin = venv.join("bin");
        if !bin.join("python").is_file() {
            match Command::new(&python)
                .args(["-m", "venv"])
                .arg(&venv)
                .output()
            {
                Ok(made) if ok(&made) => {}
                Ok(made) => {
                    skip(&format!("`{python} -m venv` failed: {}", text(&made)));
                    return None;
                }
                Err(e) => {
                    skip(&format!("no {python} ({e})"));
                    return None;
                }
            }
        }
        Some(Environment { _held: held, bin })
    }

    fn python(&self) -> Command {
        Command::new(self.bin.join("python"))
    }

    /// `python -m pip ARGS`.
    fn pip(&self, args: &[&str]) -> Output {
        run(self
            .python()
            .args(["-m", "pip", "--disable-pip-version-check"])
            .args(args))
    }

    /// Installs `requirement` from PyPI unless `present`; false once [`skip`] has said
    /// it could not.
    fn require(&self, present: bool, requirement: &str) -> bool {
        if present {
            return true;
        }
        let installed = self.pip(&["install", "--quiet", requirement]);
        if !ok(&installed) {
            skip(&format!(
                "{requirement} could not be installed: {}",
                text(&installed)
            ));
        }
        ok(&installed)
    }

    /// Installs `what` again (a file, or a requirement found in `links`), without its
    /// dependencies; the test fails when pip does.
    fn reinstall(&self, what: &str, links: &Path) {
        let links = links.to_string_lossy();
        let installed = self.pip(&[
            "install",
            "--quiet",
            "--force-reinstall",
            "--no-deps",
            "--no-index",
            "--find-links",
            &links,
            what,
        ]);
        assert!(ok(&installed), "pip install {what}:\n{}", text(&installed));
    }

    /// The version `pip show NAME` gives the installed distribution `name`; the test
    /// fails when it is not installed.
    fn version_of(&self, name: &str) -> String {
        let shown = self.pip(&["show", name]);
        assert!(
            ok(&shown),
            "`pip show {name}`: not installed:\n{}",
            text(&shown)
        );
        String::from_utf8_lossy(&shown.stdout)
            .lines()
            .find_map(|line| line.strip_prefix("Version: "))
            .unwrap_or_else(|| panic!("`pip show {name}` gave no version:\n{}", text(&shown)))
            .trim()
            .to_string()
    }
}

#[test]
fn python_package_passes_its_pytest_suite() {
    let Some(environment) = Environment::open() else {
        return;
    };
    let has_pytest = ok(&run(environment.python().args(["-c", "import pytest"])));
    if !environment.require(has_pytest, "pytest") {
        return;
    }
    let module_dir = tmp().join("python-module");
    std::fs::create_dir_all(&module_dir).expect("a folder for the module");
    let exe = std::env::current_exe().expect("the test's path");
    let library = exe
        .parent()
        .expect("target/<profile>/deps")
        .join("libply_python.so");
    std::fs::copy(&library, module_dir.join("plysearch.abi3.so"))
        .unwrap_or_else(|e| panic!("{}: {e}", library.display()));
    // The module on PYTHONPATH comes before the wheel the other test installs.
    let tested = run(environment
        .python()
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(crate_dir().join("tests"))
        .env("PYTHONPATH", &module_dir)
        .current_dir(crate_dir().join("../..")));
    let report = text(&tested);
    eprintln!("{report}");
    assert!(ok(&tested), "pytest failed:\n{report}");
}

/// The build backend pyproject.toml requires (`maturin>=1.9,<2`).
fn build_backend() -> String {
    let pyproject = std::fs::read_to_string(crate_dir().join("pyproject.toml"))
        .expect("crates/python/pyproject.toml");
    let requires = pyproject
        .lines()
        .find_map(|line| line.trim().strip_prefix("requires = [\""))
        .and_then(|rest| rest.split('"').next())
        .expect("pyproject.toml's build-system requires");
    assert!(requires.starts_with("maturin"), "{requires}");
    requires.to_string()
}

/// The files of the wheel at `wheel`, one a line.
fn wheel_files(environment: &Environment, wheel: &Path) -> Vec<String> {
    let listed = run(environment
        .python()
        .args([
            "-c",
            "import sys, zipfile; print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))",
        ])
        .arg(wheel));
    assert!(ok(&listed), "{}", text(&listed));
    String::from_utf8_lossy(&listed.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// The program that uses PLY and plysearch together: a lexer and a parser of sums with
/// PLY, tic-tac-toe (a draw) and the textbook's tree (Russell and Norvig's, value 3, best
/// move b) with plysearch, each imported from its own installed package.
const BOTH: &str = r#"
import sys

import ply
import ply.lex as lex
import ply.yacc as yacc

assert ply.__version__ == "3.11", ply.__version__
assert "site-packages" in ply.__file__, ply.__file__

tokens = ("NUMBER", "PLUS")
t_PLUS = r"\+"
t_ignore = " "


def t_NUMBER(t):
    r"\d+"
    t.value = int(t.value)
    return t


def t_error(t):
    raise SyntaxError(f"unexpected {t.value[0]!r}")


def p_sum(p):
    "sum : NUMBER PLUS NUMBER"
    p[0] = p[1] + p[3]


def p_error(p):
    raise SyntaxError(f"unexpected {p!r}")


lexer = lex.lex()
lexer.input("1+2")
assert [(t.type, t.value) for t in lexer] == [("NUMBER", 1), ("PLUS", "+"), ("NUMBER", 2)]
parser = yacc.yacc(debug=False, write_tables=False)
assert parser.parse("1+2", lexer=lex.lex()) == 3

import plysearch

assert plysearch.__version__ == sys.argv[1], plysearch.__version__
assert "site-packages" in plysearch.__file__, plysearch.__file__
assert plysearch.solve("tictactoe").value == "draw"
tree = plysearch.Tree("(a (b 3 12 8) (c 2 4 6) (d 14 5 2))")
assert (tree.value, tree.best) == (3, "b"), tree
assert plysearch.Tree.__module__ == "plysearch"
assert plysearch.PlyError.__module__ == "plysearch"
assert issubclass(plysearch.ParseError, plysearch.PlyError)
print("both")
"#;

#[test]
fn wheel_installs_beside_ply() {
    let Some(environment) = Environment::open() else {
        return;
    };
    let backend = build_backend();
    let maturin = environment.bin.join("maturin");
    let has_maturin = maturin.is_file() && ok(&run(Command::new(&maturin).arg("--version")));
    if !environment.require(has_maturin, &backend) {
        return;
    }
    // The wheel CI built with `maturin build --release` (PLY_PYTHON_WHEEL), or, without
    // one, the wheel as `maturin build` makes it, in a target directory of its own: cargo
    // holds this test's while the tests run.
    let wheel = match std::env::var_os("PLY_PYTHON_WHEEL") {
        Some(given) => {
            let wheel = PathBuf::from(given);
            assert!(
                wheel.is_file(),
                "PLY_PYTHON_WHEEL {} is no file",
                wheel.display()
            );
            wheel
        }
        None => {
            let wheels = tmp().join("python-wheel");
            let _ = std::fs::remove_dir_all(&wheels);
            let built = run_within(
                Command::new(&maturin)
                    .arg("build")
                    .arg("--manifest-path")
                    .arg(crate_dir().join("Cargo.toml"))
                    .arg("--out")
                    .arg(&wheels)
                    .arg("--interpreter")
                    .arg(environment.bin.join("python"))
                    .env("CARGO_TARGET_DIR", tmp().join("python-wheel-target")),
                BUILD_DEADLINE,
            );
            assert!(ok(&built), "maturin build failed:\n{}", text(&built));
            std::fs::read_dir(&wheels)
                .expect("maturin's wheels")
                .map(|entry| entry.expect("a wheel").path())
                .find(|path| path.extension().is_some_and(|e| e == "whl"))
                .unwrap_or_else(|| panic!("no wheel in {}:\n{}", wheels.display(), text(&built)))
        }
    };
    let wheels = wheel.parent().map(Path::to_path_buf).unwrap_or_default();
    let name = wheel.file_name().unwrap_or_default().to_string_lossy();
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        name.starts_with(&format!("plysearch-{version}-cp39-abi3-")),
        "the wheel is {name}, not plysearch {version}'s for every CPython from 3.9"
    );

    // The stubs and the marker that says they are the package's types (PEP 561), and no
    // `ply` anywhere: the wheel installs plysearch/ and its metadata only.
    let files = wheel_files(&environment, &wheel);
    let listing = files.join("\n");
    for file in [
        "plysearch/__init__.py",
        "plysearch/__init__.pyi",
        "plysearch/py.typed",
    ] {
        assert!(
            files.iter().any(|f| f == file),
            "no {file} in {name}:\n{listing}"
        );
    }
    assert!(
        files
            .iter()
            .any(|f| f.starts_with("plysearch/plysearch.") && f.ends_with(".so")),
        "no plysearch/plysearch.*.so in {name}:\n{listing}"
    );
    let dist_info = format!("plysearch-{version}.dist-info/");
    assert!(
        files
            .iter()
            .all(|f| f.starts_with("plysearch/") || f.starts_with(&dist_info)),
        "a file outside plysearch/ in {name}:\n{listing}"
    );

    // PLY from PyPI once, kept; then PLY first, as in an environment that had it: the
    // wheel must leave it there, and PLY installed again must leave the wheel.
    let ply_dir = tmp().join("python-ply");
    let has_ply = std::fs::read_dir(&ply_dir).is_ok_and(|mut files| {
        files.any(|file| file.is_ok_and(|f| f.file_name().to_string_lossy().ends_with(".whl")))
    });
    if !has_ply {
        let ply_dir = ply_dir.to_string_lossy();
        let fetched =
            environment.pip(&["download", "--quiet", "--no-deps", "--dest", &ply_dir, PLY]);
        if !ok(&fetched) {
            return skip(&format!("{PLY} could not be fetched: {}", text(&fetched)));
        }
    }
    // Neither is left from an earlier run (a stale plysearch would pass for the wheel).
    let removed = environment.pip(&["uninstall", "--quiet", "--yes", "ply", "plysearch"]);
    assert!(ok(&removed), "pip uninstall:\n{}", text(&removed));
    environment.reinstall(PLY, &ply_dir);
    environment.reinstall(&wheel.to_string_lossy(), &wheels);
    environment.reinstall(PLY, &ply_dir);
    assert_eq!(environment.version_of("ply"), "3.11");
    assert_eq!(environment.version_of("plysearch"), version);

    // A file (PLY reads its rules' source) in a folder of its own, run with nothing on
    // PYTHONPATH: each import finds its installed package.
    let place = tmp().join("python-beside-ply");
    std::fs::create_dir_all(&place).expect("a folder for the program");
    let program = place.join("beside_ply.py");
    std::fs::write(&program, BOTH).expect("the program");
    let both = run(environment
        .python()
        .arg(&program)
        .arg(version)
        .env_remove("PYTHONPATH")
        .current_dir(&place));
    assert!(
        ok(&both) && String::from_utf8_lossy(&both.stdout) == "both\n",
        "PLY and plysearch together:\n{}",
        text(&both)
    );
}
