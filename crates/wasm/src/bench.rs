//! The work of ply's native benchmarks, done the same way in the module, so that a
//! page can time it in the browser against the native commands (`scripts/bench-wasm`):
//!
//! - [`chess`]: `ply bench chess --depth N --threads 1`, each position searched to a
//!   depth with a fresh engine (one thread, a 16 MiB table);
//! - [`connect4`]: `ply bench connect4 FILE --threads 1`, each position of a test set
//!   solved exactly with the batch solver (16 MiB, the table emptied whole before each,
//!   the built-in book).
//!
//! Each returns its report as a JSON text (times are the searches' own, as the native
//! commands report them); a bad input is a report with an `error`, never a panic.

use ply_api::analyze::{AnalyzeOptions, analyze_position};
use ply_api::batch::{BatchOptions, with_solver};
use ply_api::control::Control;
use ply_games::chess::Chess;
use ply_games::connect4::score::parse_set_line;
use ply_games::{Connect4, Notation};
use serde::Serialize;

/// The table of every benchmark, in MiB: the native benchmarks' default.
pub const HASH_MIB: usize = 16;

/// One chess position's search.
#[derive(Debug, Serialize)]
pub struct ChessPosition {
    /// The position as given.
    pub position: String,
    /// The depth reached.
    pub depth: u32,
    /// The move found.
    pub best: Option<String>,
    /// The nodes searched.
    pub nodes: u64,
    /// The search's time, in milliseconds.
    pub time_ms: f64,
}

/// What [`chess`] reports.
#[derive(Debug, Serialize)]
pub struct ChessReport {
    /// Each position, in order.
    pub positions: Vec<ChessPosition>,
    /// Every position's nodes added up: the signature `ply bench chess` prints.
    pub nodes: u64,
    /// Every search's time added up, in milliseconds.
    pub time_ms: f64,
    /// True when the control stopped a search (the totals cover the positions before it).
    pub interrupted: bool,
}

/// What [`connect4`] reports.
#[derive(Debug, Serialize)]
pub struct Connect4Report {
    /// Positions solved.
    pub positions: u64,
    /// Nodes searched, all positions.
    pub nodes: u64,
    /// The searches' time added up, in milliseconds.
    pub time_ms: f64,
    /// Positions whose score is the one the line gives.
    pub correct: u64,
    /// Positions whose score is not the one the line gives.
    pub wrong: u64,
    /// True when the control stopped a search.
    pub interrupted: bool,
}

#[derive(Serialize)]
struct BenchError {
    error: String,
}

fn to_json<T: Serialize>(result: Result<T, String>) -> String {
    let text = match &result {
        Ok(report) => serde_json::to_string(report),
        Err(error) => serde_json::to_string(&BenchError {
            error: error.clone(),
        }),
    };
    // Serialising these plain structs cannot fail; the fallback keeps the promise of
    // a JSON answer all the same.
    text.unwrap_or_else(|_| r#"{"error":"the report could not be written"}"#.to_string())
}

/// Searches each chess position of `positions` (one a line, as `ply bench chess` lists
/// them: FEN or `startpos [moves ...]`; blank lines skipped) to `depth` with a fresh
/// engine on one thread: the JSON of a [`ChessReport`].
pub fn chess(positions: &str, depth: u32, control: &Control) -> String {
    to_json(chess_report(positions, depth, control))
}

fn chess_report(positions: &str, depth: u32, control: &Control) -> Result<ChessReport, String> {
    let mut report = ChessReport {
        positions: Vec::new(),
        nodes: 0,
        time_ms: 0.0,
        interrupted: false,
    };
    for text in positions.lines().map(str::trim).filter(|t| !t.is_empty()) {
        let position = Chess::start()
            .parse_position(text)
            .map_err(|e| format!("{text}: {e}"))?;
        let options = AnalyzeOptions {
            depth: Some(depth),
            threads: Some(1),
            hash_mib: Some(HASH_MIB),
            ..AnalyzeOptions::default()
        };
        let searched = analyze_position(&position, &options, control, &mut || {}, &mut |_| {})
            .map_err(|e| e.error)?;
        if searched.interrupted {
            report.interrupted = true;
            break;
        }
        report.nodes += searched.nodes;
        report.time_ms += searched.time_ms;
        report.positions.push(ChessPosition {
            position: text.to_string(),
            depth: searched.depth,
            best: searched.best,
            nodes: searched.nodes,
            time_ms: searched.time_ms,
        });
    }
    Ok(report)
}

/// Solves each Connect Four position of `lines` (Pascal Pons' test-set format: `moves`
/// or `moves score` per line; blank lines and `#` comments skipped) exactly, as
/// `ply bench connect4 --threads 1` does: the JSON of a [`Connect4Report`].
pub fn connect4(lines: &str, control: &Control) -> String {
    to_json(connect4_report(lines, control))
}

fn connect4_report(lines: &str, control: &Control) -> Result<Connect4Report, String> {
    let start = Connect4::standard();
    let mut sets = Vec::new();
    for (number, line) in lines.lines().enumerate() {
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let parsed =
            parse_set_line(&start, text).map_err(|e| format!("line {}: {e}", number + 1))?;
        sets.push(parsed);
    }
    let options = BatchOptions {
        threads: 1,
        hash_mib: HASH_MIB,
        book: crate::built_in_book().map(|b| b.book),
        clear_written_only: false,
        ..BatchOptions::default()
    };
    let mut report = Connect4Report {
        positions: 0,
        nodes: 0,
        time_ms: 0.0,
        correct: 0,
        wrong: 0,
        interrupted: false,
    };
    with_solver(&start, &options, control, |solver| {
        for (position, expected) in &sets {
            let Some(solved) = solver.solve(position) else {
                report.interrupted = true;
                return;
            };
            report.positions += 1;
            report.nodes += solved.nodes;
            report.time_ms += solved.time.as_secs_f64() * 1e3;
            match expected {
                Some(e) if Some(*e) == solved.score => report.correct += 1,
                Some(_) => report.wrong += 1,
                None => {}
            }
        }
    })
    .map_err(|e| e.error)?;
    Ok(report)
}
