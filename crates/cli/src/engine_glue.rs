//! Shared glue between the commands and the engine: the progress line of an
//! iteration, and the wording of values (from `ply_api::words`).

use crate::report;
pub use ply_api::words::{estimate_number, human_count, score_words, value_words};

use ply_core::engine::SearchInfo;
use ply_games::Notation;

/// One progress line per iteration, like a UCI `info` line.
pub fn iteration_line<G: Notation>(
    root: &G,
    info: &SearchInfo<G::Move>,
    depth_limited: bool,
) -> String {
    format!(
        "depth {:>2}  score {:<12} nodes {:>9}  nps {:>8}  time {:>8.1} ms  pv {}",
        info.depth,
        score_words(info.score, info.bound, depth_limited),
        human_count(info.nodes),
        human_count(info.nps()),
        info.time.as_secs_f64() * 1e3,
        report::line(root, &info.pv).join(" ")
    )
}
