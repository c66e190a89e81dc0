//! Retrograde tables on the command line: [`ply_api::cyclic`] with a progress spinner
//! on stderr, stopped by Ctrl-C (the error is then [`interrupt::Interrupted`]).

use crate::interrupt;
use ply_api::cyclic::TableError;
pub use ply_api::cyclic::move_values;
use ply_core::RetrogradeTable;
use ply_games::Playable;

/// Every position reachable from `root`, solved.
pub fn solve_table<G: Playable>(root: &G) -> anyhow::Result<RetrogradeTable<G>> {
    let _polled = interrupt::polled();
    let bar = interrupt::spinner("retrograde analysis");
    let solved = ply_api::cyclic::solve_table(root, &interrupt::stop_flag().into(), |message| {
        bar.set_message(message)
    });
    bar.finish_and_clear();
    solved.map_err(|error| match error {
        TableError::Stopped => anyhow::Error::new(interrupt::Interrupted),
        TableError::Failed(error) => anyhow::anyhow!("{error}"),
    })
}
