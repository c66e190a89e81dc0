//! Exact answers for games whose positions repeat ([`Playable::has_cycles`]): depth-first
//! search would never finish there, so `ply solve` and `ply play` read every value from a
//! retrograde table of all positions reachable from the one they start from.

use crate::interrupt;
use ply_core::{MoveValue, RetrogradeError, RetrogradeProgress, RetrogradeTable, SearchStats};
use ply_games::{FieldValue, Playable};
use std::ops::ControlFlow;

/// Every position reachable from `root`, solved, with a progress spinner on stderr;
/// Ctrl-C stops it (the error is then [`interrupt::Interrupted`]). Other errors name the game.
pub fn solve_table<G: Playable>(root: &G) -> anyhow::Result<RetrogradeTable<G>> {
    let options = crate::resources::retrograde_options::<G>();
    crate::resources::check_retrograde(root, &options)?;
    let _polled = interrupt::polled();
    let bar = interrupt::spinner("retrograde analysis");
    let solved = RetrogradeTable::solve_with_progress(root, options, |p| {
        bar.set_message(match p {
            RetrogradeProgress::Enumerating {
                positions,
                expanded,
            } => {
                format!("finding positions: {expanded} of {positions} so far")
            }
            RetrogradeProgress::Propagating { decided, positions } => {
                format!("deciding positions: {decided} of {positions} won or lost so far")
            }
        });
        if interrupt::interrupted() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    bar.finish_and_clear();
    solved.map_err(|e| match e {
        RetrogradeError::Stopped if interrupt::interrupted() => {
            anyhow::Error::new(interrupt::Interrupted)
        }
        e => anyhow::anyhow!("{}: {e}", root.game_name()),
    })
}

/// Every move of `pos` with its exact value, best first (empty if `pos` is not in the table).
pub fn move_values<G: Playable>(table: &RetrogradeTable<G>, pos: &G) -> Vec<MoveValue<G::Move>> {
    table.move_values(pos).unwrap_or_default()
}

/// The work of a retrograde solve in the terms of `ply solve`: positions, finished positions.
pub fn stats<G: Playable>(table: &RetrogradeTable<G>) -> SearchStats {
    let stats = table.stats();
    SearchStats {
        nodes: stats.positions,
        leaves: stats.terminal,
        cutoffs: 0,
    }
}

/// A game's extra `ply solve` field as JSON.
pub fn field_json(value: &FieldValue) -> serde_json::Value {
    match value {
        FieldValue::Null => serde_json::Value::Null,
        FieldValue::Bool(b) => (*b).into(),
        FieldValue::Number(n) => (*n).into(),
        FieldValue::Text(s) => s.clone().into(),
        FieldValue::List(items) => items.clone().into(),
    }
}

/// A game's extra `ply solve` field as text.
pub fn field_text(value: &FieldValue) -> String {
    match value {
        FieldValue::Null => "none".into(),
        FieldValue::Bool(b) => if *b { "yes" } else { "no" }.into(),
        FieldValue::Number(n) => n.to_string(),
        FieldValue::Text(s) => s.clone(),
        FieldValue::List(items) => items.join(" "),
    }
}
