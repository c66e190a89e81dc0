//! What several test files share.

use std::path::PathBuf;

/// The shared data folder of the public Connect Four sets, if present: `PLY_C4_DATA`, or
/// `../shared/data/connect4` next to the repository or next to the folder of worktrees.
pub fn c4_data_folder() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PLY_C4_DATA") {
        return Some(PathBuf::from(dir));
    }
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    // crates/games -> the repository -> its parent, or the parent of a folder of worktrees.
    [
        "../../../shared/data/connect4",
        "../../../../shared/data/connect4",
    ]
    .iter()
    .map(|rel| manifest.join(rel))
    .find(|dir| dir.is_dir())
}

/// The text of the public set `name` (Test_L1_R1, ...), or `None` after a notice that it
/// is absent and its test skipped.
pub fn read_c4_set(name: &str) -> Option<String> {
    let text = c4_data_folder().and_then(|dir| std::fs::read_to_string(dir.join(name)).ok());
    if text.is_none() {
        // Written past the test harness's capture, so that `cargo test` shows it.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "note: {name} not found (set PLY_C4_DATA or put the sets in ../shared/data/connect4): skipped"
        );
    }
    text
}
