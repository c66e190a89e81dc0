//! Helpers shared by the CLI test files: run the `ply` binary, read its JSON.
#![allow(dead_code)] // each test file uses its own subset

pub mod bounded;

use predicates::Predicate;
use serde_json::Value;
use std::ffi::OsStr;
use std::io::Write;
use std::process::{Output, Stdio};

/// The path of the `ply` binary built for this test run.
pub fn ply_path() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_BIN_EXE_ply"))
}

/// The `ply` binary built for this test run, as a command to run.
pub fn ply() -> Command {
    Command {
        inner: std::process::Command::new(ply_path()),
        stdin: None,
    }
}

/// A command to run to its end, with its input given up front and checks on its
/// output (what the tests need of the `assert_cmd` crate, without its dependencies).
pub struct Command {
    inner: std::process::Command,
    stdin: Option<Vec<u8>>,
}

impl Command {
    pub fn arg(&mut self, arg: impl AsRef<OsStr>) -> &mut Command {
        self.inner.arg(arg);
        self
    }

    pub fn args<I, S>(&mut self, args: I) -> &mut Command
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.inner.args(args);
        self
    }

    pub fn current_dir(&mut self, dir: impl AsRef<std::path::Path>) -> &mut Command {
        self.inner.current_dir(dir);
        self
    }

    pub fn env(&mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> &mut Command {
        self.inner.env(key, value);
        self
    }

    pub fn env_remove(&mut self, key: impl AsRef<OsStr>) -> &mut Command {
        self.inner.env_remove(key);
        self
    }

    /// Bytes for the command's standard input (none: it reads an empty input).
    pub fn write_stdin(&mut self, input: impl Into<Vec<u8>>) -> &mut Command {
        self.stdin = Some(input.into());
        self
    }

    /// Runs the command to its end and returns what it printed.
    pub fn output(&mut self) -> std::io::Result<Output> {
        self.inner
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = self.inner.spawn()?;
        let input = self.stdin.clone().unwrap_or_default();
        let mut pipe = child.stdin.take().expect("a piped input");
        // Written from a thread: a command that prints before it reads must not block us.
        let writer = std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
        let output = child.wait_with_output();
        let _ = writer.join();
        output
    }

    /// Runs the command to its end, for checks on its exit code and output.
    pub fn assert(&mut self) -> Assert {
        let output = self.output().expect("the command runs");
        Assert {
            command: format!("{:?}", self.inner),
            output,
        }
    }
}

/// The end of a command, checked step by step (each check fails the test with the
/// command and everything it printed).
pub struct Assert {
    command: String,
    output: Output,
}

impl Assert {
    #[track_caller]
    fn fail(&self, what: &str) -> ! {
        panic!(
            "{what}\ncommand: {}\ncode: {:?}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.command,
            self.output.status.code(),
            String::from_utf8_lossy(&self.output.stdout),
            String::from_utf8_lossy(&self.output.stderr)
        )
    }

    #[track_caller]
    pub fn success(self) -> Assert {
        if !self.output.status.success() {
            self.fail("expected success");
        }
        self
    }

    #[track_caller]
    pub fn failure(self) -> Assert {
        if self.output.status.success() {
            self.fail("expected a failure");
        }
        self
    }

    #[track_caller]
    pub fn code(self, code: i32) -> Assert {
        if self.output.status.code() != Some(code) {
            self.fail(&format!("expected exit code {code}"));
        }
        self
    }

    #[track_caller]
    pub fn stdout(self, predicate: impl Predicate<str>) -> Assert {
        if !predicate.eval(&String::from_utf8_lossy(&self.output.stdout)) {
            self.fail("stdout does not match");
        }
        self
    }

    #[track_caller]
    pub fn stderr(self, predicate: impl Predicate<str>) -> Assert {
        if !predicate.eval(&String::from_utf8_lossy(&self.output.stderr)) {
            self.fail("stderr does not match");
        }
        self
    }

    pub fn get_output(&self) -> &Output {
        &self.output
    }
}

/// Runs `ply ARGS`, expects success, and parses stdout as JSON.
/// The Connect Four scores of `ply solve ... --all-moves --json`'s moves, by column
/// from left to right.
pub fn column_scores(solved: &Value) -> Vec<i64> {
    let mut moves: Vec<(u64, i64)> = solved["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| {
            let column = m["move"].as_str().and_then(|c| c.parse().ok());
            (
                column.expect("a column"),
                m["score"].as_i64().expect("a score"),
            )
        })
        .collect();
    moves.sort();
    moves.into_iter().map(|(_, score)| score).collect()
}

pub fn json(args: &[&str]) -> Value {
    let out = ply().args(args).output().expect("ply runs");
    assert!(
        out.status.success(),
        "ply {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}
