//! Solving and analysing a game's position: `PlySolution` (exact, every move's value)
//! and `PlyAnalysis` (the engine within limits).

use crate::error::*;
use crate::game::PlyGame;
use ply_api::analyze::{AnalyzeOptions, AnalyzeReport, analyze_spec};
use ply_api::control::Control;
use ply_api::solve::{SolveOptions, SolveReport, solve_spec};
use std::ffi::{CString, c_char};

/// What a search may use. Zero in a field means "no limit" (or the default).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct PlyLimits {
    /// The most time, in milliseconds (analysis without any limit: 3,000).
    pub time_ms: u64,
    /// The most nodes (analysis only).
    pub nodes: u64,
    /// The deepest iteration, in plies (analysis only).
    pub depth: u32,
    /// Search threads (default 1; at most `PLY_MAX_THREADS`, more is `PLY_ERR_LIMIT`).
    pub threads: u32,
    /// The engine's table, in MiB (default 64 for a solve, 16 for an analysis).
    pub hash_mib: u32,
    /// Analysis: search to the end of the game for the exact value (non-zero: yes).
    pub exact: u32,
    /// Non-zero: read no opening book. Zero (the default): Connect Four on the standard
    /// board reads the book built into ply, as the `ply` binary does.
    pub no_book: u32,
}

/// The limits as read through a pointer that may be NULL (then: none).
///
/// # Safety
/// `limits` is NULL or points to a `PlyLimits`.
unsafe fn limits_at(limits: *const PlyLimits) -> PlyLimits {
    // SAFETY: the caller's contract.
    unsafe { limits.as_ref() }.copied().unwrap_or_default()
}

/// The most search threads a call may ask for (`PlyLimits.threads`), as the `ply`
/// binary's `--threads`: more cannot search faster on any machine, and each costs a
/// stack, while the time they would take to start and stop runs past `time_ms`.
pub const PLY_MAX_THREADS: u32 = 256;

/// The search threads `limits` asks for (0: one), or the refusal of more than
/// [`PLY_MAX_THREADS`].
pub(crate) fn thread_count(limits: &PlyLimits) -> Result<usize, Failure> {
    if limits.threads > PLY_MAX_THREADS {
        return Err(Failure::new(
            PLY_ERR_LIMIT,
            format!(
                "threads {}: at most {PLY_MAX_THREADS} (limit max_threads)",
                limits.threads
            ),
        ));
    }
    Ok(limits.threads.max(1) as usize)
}

/// A limit's field as an option: 0 means none.
fn nonzero(x: u32) -> Option<u32> {
    (x > 0).then_some(x)
}

/// A position solved: its value, its best moves and every move's value (opaque).
pub struct PlySolution {
    report: SolveReport,
    json: CString,
    value: CString,
    moves: Vec<CString>,
}

/// Solves the game's current position exactly: win, draw or loss, in how many plies,
/// and every legal move's value, as `ply solve GAME POSITION` does. `limits` may be
/// NULL; its `time_ms` stops a long solve (`PLY_ERR_LIMIT`), `threads` and `hash_mib`
/// size the engine. Returns NULL on failure, with the code in `*err`.
///
/// # Safety
/// `game` is NULL or a live game; `limits` NULL or a `PlyLimits`; `err` NULL or an `int32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_solve(
    game: *const PlyGame,
    limits: *const PlyLimits,
    err: *mut i32,
) -> *mut PlySolution {
    with_code(err, || {
        // SAFETY: the caller's contract.
        let game = unsafe { handle(game, "game") }?;
        // SAFETY: the caller's contract.
        let limits = unsafe { limits_at(limits) };
        thread_count(&limits)?;
        let options = SolveOptions {
            threads: nonzero(limits.threads).map(|t| t as usize),
            hash_mib: nonzero(limits.hash_mib).map(|h| h as usize),
            book: None,
            ..SolveOptions::default()
        };
        let time = (limits.time_ms > 0).then_some(limits.time_ms);
        let report = solve_spec(
            game.spec(),
            Some(game.position()),
            &options,
            limits.no_book == 0,
            time,
            &Control::new(),
        )?;
        let json = json_text(&report)?;
        let value = match report.plies {
            Some(plies) if report.value != "draw" => format!("{} in {plies}", report.value),
            _ => report.value.to_string(),
        };
        let solution = PlySolution {
            json: kept(&json),
            value: kept(&value),
            moves: report.moves.iter().map(|m| kept(&m.mv)).collect(),
            report,
        };
        Ok(Box::into_raw(Box::new(solution)))
    })
}

/// Frees a solution. NULL does nothing.
///
/// # Safety
/// `solution` is NULL or a solution from [`ply_solve`], not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_solution_free(solution: *mut PlySolution) {
    if !solution.is_null() {
        // SAFETY: made by `Box::into_raw` in `ply_solve`.
        drop(unsafe { Box::from_raw(solution) });
    }
}

fn sign(value: &str) -> i32 {
    match value {
        "win" => 1,
        "loss" => -1,
        _ => 0,
    }
}

/// The value for the player to move: 1 win, 0 draw, -1 loss (0 if `solution` is NULL).
///
/// # Safety
/// `solution` is NULL or a live solution.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_solution_value(solution: *const PlySolution) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { solution.as_ref() }.map_or(0, |s| sign(s.report.value))
}

/// The value in words: `"win in 3"`, `"draw"`, `"loss in 12"` (borrowed from the
/// solution). NULL if `solution` is.
///
/// # Safety
/// `solution` is NULL or a live solution.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_solution_value_text(solution: *const PlySolution) -> *const c_char {
    // SAFETY: the caller's contract.
    unsafe { solution.as_ref() }.map_or(std::ptr::null(), |s| s.value.as_ptr())
}

/// Plies to the end of the game under best play; -1 when unknown.
///
/// # Safety
/// `solution` is NULL or a live solution.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_solution_plies(solution: *const PlySolution) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { solution.as_ref() }
        .and_then(|s| s.report.plies)
        .map_or(-1, |p| p as i32)
}

/// The game's own score (Connect Four: Pascal Pons' convention, positive when the
/// player to move wins, larger the sooner), written to `*score`. Returns 1 when the
/// game has such a score, 0 when it has none (then `*score` is left alone).
///
/// # Safety
/// `solution` is NULL or a live solution; `score` is NULL or points to an `int32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_solution_score(solution: *const PlySolution, score: *mut i32) -> i32 {
    // SAFETY: the caller's contract.
    let found = unsafe { solution.as_ref() }.and_then(|s| s.report.score.flatten());
    match found {
        Some(value) if !score.is_null() => {
            // SAFETY: the caller's contract.
            unsafe { *score = value };
            1
        }
        _ => 0,
    }
}

/// How many legal moves the solution lists (best first).
///
/// # Safety
/// `solution` is NULL or a live solution.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_solution_move_count(solution: *const PlySolution) -> usize {
    // SAFETY: the caller's contract.
    unsafe { solution.as_ref() }.map_or(0, |s| s.moves.len())
}

/// Move `index` (from 0, best first) in the game's notation, borrowed from the
/// solution; NULL past the end.
///
/// # Safety
/// `solution` is NULL or a live solution.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_solution_move(
    solution: *const PlySolution,
    index: usize,
) -> *const c_char {
    // SAFETY: the caller's contract.
    unsafe { solution.as_ref() }
        .and_then(|s| s.moves.get(index))
        .map_or(std::ptr::null(), |m| m.as_ptr())
}

/// The value of move `index` for the player who makes it: 1 win, 0 draw, -1 loss
/// (0 past the end).
///
/// # Safety
/// `solution` is NULL or a live solution.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_solution_move_value(
    solution: *const PlySolution,
    index: usize,
) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { solution.as_ref() }
        .and_then(|s| s.report.moves.get(index))
        .map_or(0, |m| sign(m.value))
}

/// Plies to the end after move `index` under best play (counting the move); -1 when
/// unknown or past the end.
///
/// # Safety
/// `solution` is NULL or a live solution.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_solution_move_plies(
    solution: *const PlySolution,
    index: usize,
) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { solution.as_ref() }
        .and_then(|s| s.report.moves.get(index))
        .and_then(|m| m.plies)
        .map_or(-1, |p| p as i32)
}

/// The whole solution as JSON, exactly what `ply solve GAME POSITION --json` prints
/// (with `--all-moves` for Connect Four)
/// (borrowed from the solution).
///
/// # Safety
/// `solution` is NULL or a live solution.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_solution_json(solution: *const PlySolution) -> *const c_char {
    // SAFETY: the caller's contract.
    unsafe { solution.as_ref() }.map_or(std::ptr::null(), |s| s.json.as_ptr())
}

/// The engine's analysis of a position (opaque).
pub struct PlyAnalysis {
    report: AnalyzeReport,
    json: CString,
    best: CString,
    score: CString,
}

/// Analyses the game's current position with the engine within `limits` (NULL or all
/// zero: 3 seconds), as `ply analyze` does: iterative deepening, the best move and the
/// value, exact when proved. Returns NULL on failure, with the code in `*err`.
///
/// # Safety
/// `game` is NULL or a live game; `limits` NULL or a `PlyLimits`; `err` NULL or an `int32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_analyze(
    game: *const PlyGame,
    limits: *const PlyLimits,
    err: *mut i32,
) -> *mut PlyAnalysis {
    with_code(err, || {
        // SAFETY: the caller's contract.
        let game = unsafe { handle(game, "game") }?;
        // SAFETY: the caller's contract.
        let limits = unsafe { limits_at(limits) };
        thread_count(&limits)?;
        let options = AnalyzeOptions {
            depth: nonzero(limits.depth),
            time_ms: (limits.time_ms > 0).then_some(limits.time_ms),
            nodes: (limits.nodes > 0).then_some(limits.nodes),
            exact: limits.exact != 0,
            threads: nonzero(limits.threads).map(|t| t as usize),
            hash_mib: nonzero(limits.hash_mib).map(|h| h as usize),
            book: None,
            lang: Default::default(),
        };
        let report = analyze_spec(
            game.spec(),
            Some(game.position()),
            &options,
            limits.no_book == 0,
            &Control::new(),
        )?;
        let json = json_text(&report)?;
        let analysis = PlyAnalysis {
            json: kept(&json),
            best: kept(report.best.as_deref().unwrap_or("")),
            score: kept(&report.score),
            report,
        };
        Ok(Box::into_raw(Box::new(analysis)))
    })
}

/// Frees an analysis. NULL does nothing.
///
/// # Safety
/// `analysis` is NULL or an analysis from [`ply_analyze`], not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_analysis_free(analysis: *mut PlyAnalysis) {
    if !analysis.is_null() {
        // SAFETY: made by `Box::into_raw` in `ply_analyze`.
        drop(unsafe { Box::from_raw(analysis) });
    }
}

/// The best move in the game's notation (`""` when the game is over), borrowed.
///
/// # Safety
/// `analysis` is NULL or a live analysis.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_analysis_best(analysis: *const PlyAnalysis) -> *const c_char {
    // SAFETY: the caller's contract.
    unsafe { analysis.as_ref() }.map_or(std::ptr::null(), |a| a.best.as_ptr())
}

/// The value in words (`"+0.35"`, `"win in 7"`, `">= loss in 34"` for a bound), borrowed.
///
/// # Safety
/// `analysis` is NULL or a live analysis.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_analysis_score_text(analysis: *const PlyAnalysis) -> *const c_char {
    // SAFETY: the caller's contract.
    unsafe { analysis.as_ref() }.map_or(std::ptr::null(), |a| a.score.as_ptr())
}

/// The deepest completed iteration, in plies.
///
/// # Safety
/// `analysis` is NULL or a live analysis.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_analysis_depth(analysis: *const PlyAnalysis) -> u32 {
    // SAFETY: the caller's contract.
    unsafe { analysis.as_ref() }.map_or(0, |a| a.report.depth)
}

/// Nodes searched.
///
/// # Safety
/// `analysis` is NULL or a live analysis.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_analysis_nodes(analysis: *const PlyAnalysis) -> u64 {
    // SAFETY: the caller's contract.
    unsafe { analysis.as_ref() }.map_or(0, |a| a.report.nodes)
}

/// 1 when the value is proved, 0 when it is the engine's estimate.
///
/// # Safety
/// `analysis` is NULL or a live analysis.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_analysis_exact(analysis: *const PlyAnalysis) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { analysis.as_ref() }.map_or(0, |a| i32::from(a.report.exact))
}

/// The whole analysis as JSON, what `ply analyze --json` prints (borrowed).
///
/// # Safety
/// `analysis` is NULL or a live analysis.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_analysis_json(analysis: *const PlyAnalysis) -> *const c_char {
    // SAFETY: the caller's contract.
    unsafe { analysis.as_ref() }.map_or(std::ptr::null(), |a| a.json.as_ptr())
}

/// Solves a position of Pig, the dice game (`game`: `"pig"`, first to 100, or
/// `"pig:N"`, first to N; `position`: NULL for the start, or `"12+7-30"`), exactly, as
/// `ply solve pig POSITION --json` does: the side to move's `win_probability` under
/// optimal play, the best `decision` (`roll` or `hold`) and each decision's chance, as
/// JSON. Pig has chance's throws, which [`ply_solve`]'s searches do not take; this solves
/// it by value iteration over its positions. The caller frees the text with
/// [`ply_string_free`]; NULL on failure, with the code in `*err`.
///
/// # Safety
/// `game` is NULL or a NUL-terminated string; `position` NULL or a NUL-terminated string;
/// `err` NULL or an `int32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_solve_pig(
    game: *const c_char,
    position: *const c_char,
    err: *mut i32,
) -> *mut c_char {
    with_code(err, || {
        // SAFETY: the caller's contract.
        let spec = unsafe { text(game, "game") }?;
        let position = if position.is_null() {
            None
        } else {
            // SAFETY: the caller's contract.
            Some(unsafe { text(position, "position") }?)
        };
        let goal = ply_api::pig::spec_goal(spec).ok_or_else(|| {
            Failure::new(
                PLY_ERR_BAD_REQUEST,
                format!(
                    "{} is not Pig: ply_solve_pig takes pig or pig:N (ply_solve takes the other games)",
                    ply_core::text::excerpt(spec)
                ),
            )
        })??;
        let report = ply_api::pig::solve(goal, position, ply_api::lang::Lang::En)?;
        owned(json_text(&report)?)
    })
}
