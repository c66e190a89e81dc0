//! Perft: count the legal move sequences of a given length from a chess position, the
//! standard test of a move generator (and `ply perft`'s whole job).
//!
//! ```
//! use ply_api::control::Control;
//! use ply_api::perft::{PerftRequest, perft};
//!
//! let report = perft(&PerftRequest::new("startpos", 3), &Control::new()).unwrap();
//! assert_eq!(report.nodes, Some(8_902));
//! ```

use crate::ApiError;
use crate::control::Control;
use ply_games::Notation;
use ply_games::chess::{Chess, divide_until};
use serde::Serialize;
use web_time::Instant;

/// The deepest perft accepted: depth 10 from the start is 69 trillion sequences (days);
/// anything deeper is a typo.
pub const MAX_DEPTH: u32 = 10;

/// A perft to run.
#[derive(Clone, Debug)]
pub struct PerftRequest {
    /// The position: a FEN (the move counters may be left out) or `startpos`, either
    /// optionally followed by `moves ...`.
    pub position: String,
    /// Plies, 0 to [`MAX_DEPTH`].
    pub depth: u32,
    /// Count below each legal move of the position as well.
    pub divide: bool,
}

impl PerftRequest {
    /// A perft of `position` to `depth`, without the per-move counts.
    pub fn new(position: &str, depth: u32) -> PerftRequest {
        PerftRequest {
            position: position.into(),
            depth,
            divide: false,
        }
    }
}

/// One legal move of the position and the count below it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PerftMove {
    /// The move in UCI notation (`e2e4`, `e1g1`), as perft tools print it.
    #[serde(rename = "move")]
    pub uci: String,
    /// The move in SAN (`e4`, `O-O`).
    pub san: String,
    /// Sequences of `depth - 1` plies after it.
    pub nodes: u64,
}

/// A perft's answer.
#[derive(Clone, Debug, Serialize)]
pub struct PerftReport {
    /// The position counted from, as a FEN.
    pub fen: String,
    /// Plies.
    pub depth: u32,
    /// Sequences of `depth` legal moves; `None` when the count was interrupted.
    pub nodes: Option<u64>,
    /// With `divide`: the count below each legal move, sorted by the UCI move (of the
    /// moves finished when interrupted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divide: Option<Vec<PerftMove>>,
    /// Wall-clock time of the count.
    pub seconds: f64,
    /// Sequences counted per second (the leaves are counted in bulk, one ply above them).
    pub nodes_per_second: Option<f64>,
    /// True when the control stopped the count before its end.
    pub interrupted: bool,
}

/// Counts the legal move sequences of `request.depth` plies; stops (with `nodes: None`)
/// when `control` is raised.
pub fn perft(request: &PerftRequest, control: &Control) -> Result<PerftReport, ApiError> {
    if request.depth > MAX_DEPTH {
        return Err(ApiError::limit_said(
            "perft_depth",
            ply_core::phrase::Phrase::new("errors.perft.depth")
                .arg("depth", request.depth)
                .arg("max", MAX_DEPTH),
        ));
    }
    let position = Chess::start()
        .parse_position(&request.position)
        .map_err(crate::refusal::notation_parse)?;

    let stop = control.stop();
    let started = Instant::now();
    let (nodes, mut parts) = if request.depth == 0 {
        (Some(1), Vec::new())
    } else {
        let divide = divide_until(position.board(), request.depth, &|| stop.is_raised());
        let total = divide
            .complete
            .then(|| divide.counts.iter().map(|(_, n)| n).sum());
        let parts = divide
            .counts
            .into_iter()
            .map(|(mv, nodes)| PerftMove {
                uci: position.uci(mv),
                san: position.san(mv),
                nodes,
            })
            .collect();
        (total, parts)
    };
    // Sorted as perft tools print them, to compare line by line.
    parts.sort_by(|a, b| a.uci.cmp(&b.uci));
    let seconds = started.elapsed().as_secs_f64();
    Ok(PerftReport {
        fen: position.fen(),
        depth: request.depth,
        nodes,
        divide: request.divide.then_some(parts),
        seconds,
        nodes_per_second: nodes.filter(|_| seconds > 0.0).map(|n| n as f64 / seconds),
        interrupted: nodes.is_none(),
    })
}
