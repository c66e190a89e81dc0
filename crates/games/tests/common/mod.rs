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
