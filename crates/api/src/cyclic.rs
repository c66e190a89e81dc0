//! Exact answers for games whose positions repeat ([`Playable::has_cycles`]): depth-first
//! search would never finish there, so every value is read from a retrograde table of
//! all positions reachable from the one asked about.

use crate::ApiError;
use ply_core::stop::Stop;
use ply_core::{MoveValue, RetrogradeError, RetrogradeProgress, RetrogradeTable, SearchStats};
use ply_games::{FieldValue, Playable};
use std::ops::ControlFlow;

/// Why [`solve_table`] gave no table.
#[derive(Debug)]
pub enum TableError {
    /// `stop` was raised.
    Stopped,
    /// The analysis was refused or failed (the error names the game).
    Failed(ApiError),
}

/// Every position reachable from `root`, solved; `progress` hears where the analysis
/// stands, and raising `stop` ends it.
pub fn solve_table<G: Playable>(
    root: &G,
    stop: &Stop,
    progress: impl Fn(String),
) -> Result<RetrogradeTable<G>, TableError> {
    let options = crate::resources::retrograde_options::<G>();
    crate::resources::check_retrograde(root, &options).map_err(TableError::Failed)?;
    let solved = RetrogradeTable::solve_with_progress(root, options, |p| {
        progress(match p {
            RetrogradeProgress::Enumerating {
                positions,
                expanded,
            } => format!("finding positions: {expanded} of {positions} so far"),
            RetrogradeProgress::Propagating { decided, positions } => {
                format!("deciding positions: {decided} of {positions} won or lost so far")
            }
        });
        if stop.is_raised() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    solved.map_err(|e| match e {
        RetrogradeError::Stopped if stop.is_raised() => TableError::Stopped,
        e => TableError::Failed(crate::refusal::retrograde("memory", &root.game_name(), &e)),
    })
}

/// Every move of `pos` with its exact value, best first (empty if `pos` is not in the table).
pub fn move_values<G: Playable>(table: &RetrogradeTable<G>, pos: &G) -> Vec<MoveValue<G::Move>> {
    table.move_values(pos).unwrap_or_default()
}

/// The work of a retrograde solve in the terms of a solve: positions, finished positions.
pub fn stats<G: Playable>(table: &RetrogradeTable<G>) -> SearchStats {
    let stats = table.stats();
    SearchStats {
        nodes: stats.positions,
        leaves: stats.terminal,
        cutoffs: 0,
    }
}

/// A game's extra solve field as JSON.
pub fn field_json(value: &FieldValue) -> serde_json::Value {
    match value {
        FieldValue::Null => serde_json::Value::Null,
        FieldValue::Bool(b) => (*b).into(),
        FieldValue::Number(n) => (*n).into(),
        FieldValue::Text(s) => s.clone().into(),
        FieldValue::List(items) => items.clone().into(),
    }
}

/// A game's extra solve field as text.
pub fn field_text(value: &FieldValue) -> String {
    match value {
        FieldValue::Null => "none".into(),
        FieldValue::Bool(b) => if *b { "yes" } else { "no" }.into(),
        FieldValue::Number(n) => n.to_string(),
        FieldValue::Text(s) => s.clone(),
        FieldValue::List(items) => items.join(" "),
    }
}
