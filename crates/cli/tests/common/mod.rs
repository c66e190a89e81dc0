//! Helpers shared by the CLI test files: run the `ply` binary, read its JSON.
#![allow(dead_code)] // each test file uses its own subset

pub mod bounded;

use assert_cmd::Command;
use serde_json::Value;

/// The `ply` binary built for this test run.
pub fn ply() -> Command {
    Command::cargo_bin("ply").expect("the ply binary is built")
}

/// Runs `ply ARGS`, expects success, and parses stdout as JSON.
pub fn json(args: &[&str]) -> Value {
    let out = ply().args(args).output().expect("ply runs");
    assert!(
        out.status.success(),
        "ply {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}
