//! What a command may ask of the machine: [`ply_api::resources`], its refusals as the
//! command line's errors, and the memoised solver stopped by Ctrl-C with a spinner.

use crate::interrupt;
use anyhow::Result;
use ply_core::engine::{Engine, SearchHooks, Settings};
use ply_core::solve::{PositionKey, Solver};
use ply_core::{Evaluator, Game};
use ply_games::Playable;

pub use ply_api::resources::solver_budget;

/// Refuses a depth-first search from `root` (`depth` plies deep, or to the end of the
/// game) whose stack and move lists would not fit in memory.
pub fn check_search<G: Playable>(root: &G, depth: Option<u32>) -> Result<()> {
    ply_api::resources::check_search(root, depth).map_err(|e| anyhow::anyhow!("{e}"))
}

/// An engine whose table is checked against the memory there is.
pub fn engine<G, H, E>(hooks: H, eval: E, settings: Settings) -> Result<Engine<G, H, E>>
where
    G: Game + Sync,
    H: SearchHooks<G>,
    E: Evaluator<G> + Sync,
{
    ply_api::resources::engine(hooks, eval, settings).map_err(|e| anyhow::anyhow!("{e}"))
}

/// The memoised solver for `root`'s game, refused at once when its positions cannot
/// fit in memory; it stops on Ctrl-C and shows its progress.
pub fn memo_solver<G: Playable, P: PositionKey<G> + 'static>(
    root: &G,
    key: P,
) -> Result<Solver<G, P>> {
    let bar = interrupt::spinner("solving");
    ply_api::resources::memo_solver(root, key, interrupt::stop_flag(), move |message| {
        bar.set_message(message)
    })
    .map_err(|e| anyhow::anyhow!("{e}"))
}
