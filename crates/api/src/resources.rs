//! What an operation may ask of the machine. Before a search, a solver or a table is
//! started, its memory is estimated from the game's bounds (`ply_core::GameBounds`)
//! and checked against what the machine has (`ply_core::memory`); a request that
//! cannot fit is refused at once, with the sizes named, instead of crashing later.

use crate::ApiError;
use crate::refusal::{memory_phrase, memory_phrase_of};
use ply_core::phrase::Phrase;

use ply_core::engine::{Engine, SearchHooks, Settings};
use ply_core::memory::{self, MemoryError, human_bytes};
use ply_core::solve::{PositionKey, Solver, SolverLimits};
use ply_core::stop::Stop;
use ply_core::{Evaluator, Game, RetrogradeOptions, RetrogradeTable};
use ply_games::Playable;
use ply_games::connect4::StandardSolver;

type Result<T> = std::result::Result<T, ApiError>;

/// A refusal for want of memory: a limit of the machine, named `memory`.
fn refusal(phrase: Phrase) -> ApiError {
    ApiError::limit_said("memory", phrase)
}

/// "{game}: {message}".
fn of_game(game: String, message: Phrase) -> Phrase {
    Phrase::new("errors.of_game")
        .arg("game", game)
        .arg("message", message)
}

/// The share (per thousand) of the available memory a solver's own tables may take: the
/// rest is left to the process and the machine.
const SOLVER_SHARE: u64 = 750;

/// Memory for solvers when the system does not say how much there is.
const FALLBACK_BYTES: u64 = 4 << 30;

/// The bytes a solver may hold.
pub fn solver_budget() -> u64 {
    memory::share(SOLVER_SHARE, FALLBACK_BYTES)
}

/// Refuses a depth-first search from `root` (`depth` plies deep, or to the end of the
/// game) whose stack and move lists would not fit in memory.
pub fn check_search<G: Playable>(root: &G, depth: Option<u32>) -> Result<()> {
    let bounds = root.bounds();
    let plies = match (bounds.max_plies, depth) {
        (Some(plies), Some(depth)) => plies.min(depth as u64),
        (Some(plies), None) => plies,
        (None, Some(depth)) => depth as u64,
        (None, None) => return Ok(()),
    };
    let moves = bounds.max_moves.unwrap_or(0);
    let move_bytes = plies
        .saturating_mul(moves)
        .saturating_mul(std::mem::size_of::<G::Move>() as u64);
    let stack = ply_core::stack::stack_bytes::<G>(plies);
    let bytes = stack.saturating_add(move_bytes);
    let what = || {
        format!(
            "a search of {} from {} ({plies} plies deep, up to {moves} moves a position)",
            root.game_name(),
            position_words(root)
        )
    };
    let what_said = || {
        Phrase::new("errors.memory.search")
            .arg("game", root.game_name())
            .arg("position", position_phrase(root))
            .arg("plies", plies)
            .arg("moves", moves)
    };
    // Where the stack cannot grow (WebAssembly), a search deeper than it holds would
    // trap: refused here instead, as for want of memory.
    if let Some(room) = ply_core::stack::fixed_room()
        && stack > room
    {
        let error = MemoryError::new(format!("{} (its stack)", what()), stack, Some(room));
        let what = Phrase::new("errors.memory.stack").arg("what", what_said());
        return Err(refusal(memory_phrase_of(what, &error)));
    }
    memory::check(what, bytes).map_err(|error| refusal(memory_phrase_of(what_said(), &error)))
}

/// [`position_words`] as a phrase.
fn position_phrase<G: Playable>(root: &G) -> Phrase {
    match root.position_string() {
        text if text.is_empty() => Phrase::new("errors.memory.the_start"),
        text => Phrase::new("errors.memory.position").arg("text", ply_core::text::excerpt(&text)),
    }
}

/// The position as a command line would write it, `the start` when empty.
fn position_words<G: Playable>(root: &G) -> String {
    match root.position_string() {
        text if text.is_empty() => "the start".into(),
        text => format!("position {}", ply_core::text::excerpt(&text)),
    }
}

/// An engine whose table is checked against the memory there is (the error names the option).
#[allow(clippy::result_large_err)]
pub fn engine<G, H, E>(hooks: H, eval: E, settings: Settings) -> Result<Engine<G, H, E>>
where
    G: Game + Sync,
    H: SearchHooks<G>,
    E: Evaluator<G> + Sync,
{
    Engine::try_new(hooks, eval, settings).map_err(|error| refusal(memory_phrase(&error)))
}

/// The threads a search uses when the caller names none and the machine is worth using
/// whole (the standard Connect Four board's exact answers): every core the machine
/// has; one in WebAssembly or where the count cannot be read.
pub fn machine_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    ply_core::threads::capped(cores)
}

/// The standard Connect Four board's solver with a table of `bytes` and `threads`
/// threads, refused when the memory cannot be had.
pub fn standard_solver(bytes: usize, threads: usize) -> Result<StandardSolver> {
    StandardSolver::new(bytes, threads).map_err(|error| refusal(memory_phrase(&error)))
}

/// The memoised solver for `root`'s game, refused at once when the positions it may
/// have to keep cannot fit in memory; it stops when `stop` is raised (a flag, or a
/// [`Stop`] with its deadline or check) and tells `progress` where it stands.
pub fn memo_solver<G: Playable, P: PositionKey<G> + 'static>(
    root: &G,
    key: P,
    stop: impl Into<Stop>,
    progress: impl Fn(String) + Send + 'static,
) -> Result<Solver<G, P>> {
    let budget = solver_budget();
    let entry = Solver::<G, P>::entry_bytes();
    let max_positions = (budget / entry).min(usize::MAX as u64) as usize;
    let bounds = root.bounds();
    if let Some(positions) = bounds.positions
        && positions > max_positions as u64
    {
        return Err(refusal(of_game(
            root.game_name(),
            Phrase::new("errors.memory.solver_positions")
                .arg("positions", positions)
                .arg("entry", entry)
                .arg("needed", human_bytes(positions.saturating_mul(entry)))
                .arg("max", max_positions)
                .arg("available", human_bytes(budget)),
        )));
    }
    if let Some(bytes) = bounds.move_lists_bytes::<G::Move>()
        && bytes > budget
    {
        let (plies, moves) = (bounds.max_plies.unwrap_or(0), bounds.max_moves.unwrap_or(0));
        let error = MemoryError::new(
            format!("the solver's line of play ({plies} plies of up to {moves} moves)"),
            bytes,
            Some(budget),
        );
        let what = Phrase::new("errors.memory.solver_line")
            .arg("plies", plies)
            .arg("moves", moves);
        return Err(refusal(of_game(
            root.game_name(),
            memory_phrase_of(what, &error),
        )));
    }
    let limits = SolverLimits {
        max_positions: Some(max_positions),
        max_bytes: Some(budget),
        stop: Some(stop.into()),
    };
    Ok(Solver::with_key(key)
        .with_limits(limits)
        .with_progress(move |p| {
            progress(format!(
                "solving: {} positions, line of {} plies",
                p.positions, p.depth
            ))
        }))
}

/// The limits of a retrograde analysis: the default count of positions, lowered to what
/// the memory there is can hold, and that memory.
pub fn retrograde_options<G: Game + std::hash::Hash + Eq>() -> RetrogradeOptions {
    let budget = solver_budget();
    let per_position = RetrogradeTable::<G>::bytes_for(1, 0).max(1);
    let fits = (budget / per_position).min(usize::MAX as u64) as usize;
    let defaults = RetrogradeOptions::default();
    RetrogradeOptions {
        max_positions: defaults.max_positions.min(fits.max(1)),
        max_bytes: Some(budget),
        ..defaults
    }
}

/// Refuses at once a retrograde analysis from `root` that surely cannot fit within
/// `options`: more positions are known to be reachable ([`ply_core::GameBounds::min_positions`]),
/// or more moves between them ([`Playable::min_retrograde_moves`]), than it may hold, or
/// the table of that many would not fit in its memory.
pub fn check_retrograde<G: Playable>(root: &G, options: &RetrogradeOptions) -> Result<()> {
    let positions = root.bounds().min_positions;
    let moves = root.min_retrograde_moves();
    if let Some(at_least) = positions
        && at_least > options.max_positions as u64
    {
        return Err(refusal(of_game(
            root.game_name(),
            Phrase::new("errors.retrograde.at_least_positions")
                .arg("count", at_least)
                .arg("max", options.max_positions),
        )));
    }
    if let Some(at_least) = moves
        && at_least > options.max_moves as u64
    {
        return Err(refusal(of_game(
            root.game_name(),
            Phrase::new("errors.retrograde.at_least_moves")
                .arg("count", at_least)
                .arg("max", options.max_moves),
        )));
    }
    if positions.is_none() && moves.is_none() {
        return Ok(());
    }
    let (at_least, moves) = (positions.unwrap_or(1), moves.unwrap_or(0));
    let to_usize = |count: u64| usize::try_from(count).unwrap_or(usize::MAX);
    let bytes = RetrogradeTable::<G>::bytes_for(to_usize(at_least), to_usize(moves));
    if let Some(limit) = options.max_bytes
        && bytes > limit
    {
        let (what, said) = if moves > 0 {
            (
                format!("retrograde analysis of at least {at_least} positions and {moves} moves"),
                Phrase::new("errors.memory.retrograde_moves")
                    .arg("positions", at_least)
                    .arg("moves", moves),
            )
        } else {
            (
                format!("retrograde analysis of at least {at_least} positions"),
                Phrase::new("errors.memory.retrograde").arg("positions", at_least),
            )
        };
        let error = MemoryError::new(what, bytes, Some(limit));
        return Err(refusal(of_game(
            root.game_name(),
            memory_phrase_of(said, &error),
        )));
    }
    Ok(())
}
