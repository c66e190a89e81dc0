//! Refusals made from the errors of the crates below the API (memory, retrograde
//! analysis, chance searches, Connect Four's solver, Pig's tables, a game's notation):
//! each variant said by a message id of the catalogs' `errors` area, its numbers and
//! names as parts, and its `error` the same English as the error's own `Display`.

use crate::ApiError;
use ply_core::chance::ChanceError;
use ply_core::memory::{MemoryError, human_bytes};
use ply_core::phrase::Phrase;
use ply_core::retrograde::RetrogradeError;
use ply_games::NotationError;
use ply_games::connect4::StandardSolveError;
use ply_games::pig::PigError;

/// `time_ms` past the time a search may take (limit `max_search_ms`).
pub(crate) fn time_limit(ms: u64, max_ms: u64) -> ApiError {
    ApiError::limit_said(
        "max_search_ms",
        Phrase::new("errors.search.time_limit")
            .arg("ms", ms)
            .arg("max", max_ms),
    )
}

/// What `error` says, as a phrase: what needed the memory (the words of the code
/// that asked, in English), how much and how much there is.
pub(crate) fn memory_phrase(error: &MemoryError) -> Phrase {
    memory_phrase_of(
        Phrase::new(crate::UNTRANSLATED).arg("detail", error.what.as_str()),
        error,
    )
}

/// [`memory_phrase`], what needed the memory said by `what` (its English the error's
/// `what`).
pub(crate) fn memory_phrase_of(what: Phrase, error: &MemoryError) -> Phrase {
    match error.available {
        Some(available) if human_bytes(error.asked) == human_bytes(available) => {
            Phrase::new("errors.memory.more_than")
                .arg("what", what)
                .arg("available", human_bytes(available))
        }
        Some(available) => Phrase::new("errors.memory.needs")
            .arg("what", what)
            .arg("asked", human_bytes(error.asked))
            .arg("available", human_bytes(available)),
        None => Phrase::new("errors.memory.failed")
            .arg("what", what)
            .arg("asked", human_bytes(error.asked)),
    }
}

/// A refusal for want of memory (limit `memory`).
pub(crate) fn memory(error: &MemoryError) -> ApiError {
    ApiError::limit_said("memory", memory_phrase(error))
}

/// What `error` says, as a phrase.
fn retrograde_phrase(error: &RetrogradeError) -> Phrase {
    match error {
        RetrogradeError::TooManyPositions { limit } => {
            Phrase::new("errors.retrograde.positions").arg("max", *limit)
        }
        RetrogradeError::TooManyMoves { limit } => {
            Phrase::new("errors.retrograde.moves").arg("max", *limit)
        }
        RetrogradeError::PayoffOutcome => Phrase::new("errors.retrograde.payoff"),
        RetrogradeError::NoLegalMoves => Phrase::new("errors.retrograde.no_move"),
        RetrogradeError::Stopped => Phrase::new("errors.retrograde.stopped"),
        RetrogradeError::Memory(error) => memory_phrase(error),
    }
}

/// The retrograde analysis of `game` could not be made (past `limit`): "{game}: ...".
pub(crate) fn retrograde(limit: &'static str, game: &str, error: &RetrogradeError) -> ApiError {
    ApiError::limit_said(
        limit,
        Phrase::new("errors.of_game")
            .arg("game", game)
            .arg("message", retrograde_phrase(error)),
    )
}

/// Connect Four's standard solver's refusal.
pub(crate) fn standard_solve(error: StandardSolveError) -> ApiError {
    ApiError::bad_request_said(match error {
        StandardSolveError::NotStandard(width, height) => {
            Phrase::new("errors.connect4.not_standard")
                .arg("width", width)
                .arg("height", height)
        }
        StandardSolveError::GameOver => Phrase::new("errors.connect4.four_on_board"),
    })
}

/// A chance search's refusal.
pub(crate) fn chance(error: ChanceError) -> ApiError {
    ApiError::bad_request_said(match error {
        ChanceError::Overflow => Phrase::new("errors.chance.overflow"),
        ChanceError::LeafOutOfBounds { value, bounds } => {
            Phrase::new("errors.chance.leaf_out_of_bounds")
                .arg("value", value.to_string())
                .arg("lower", bounds.lower().to_string())
                .arg("upper", bounds.upper().to_string())
        }
        ChanceError::Probabilities { sum } => {
            Phrase::new("errors.chance.probabilities").arg("sum", sum.to_string())
        }
        ChanceError::TooDeep => Phrase::new("errors.chance.too_deep"),
        ChanceError::Stopped => Phrase::new("errors.chance.stopped"),
    })
}

/// What a Pig error says, as a phrase (its English: "pig: ...").
pub(crate) fn pig_phrase(error: &PigError) -> Phrase {
    let said = match error {
        PigError::Goal { goal } => {
            return Phrase::new("errors.pig.goal")
                .arg("max", ply_games::pig::MAX_GOAL)
                .arg("goal", *goal);
        }
        PigError::ScoreReachesGoal { score, goal } => Phrase::new("errors.pig.score_reaches_goal")
            .arg("score", *score)
            .arg("goal", *goal),
        PigError::TurnReachesGoal {
            score,
            turn_total,
            goal,
        } => Phrase::new("errors.pig.turn_reaches_goal")
            .arg("score", *score)
            .arg("turn_total", *turn_total)
            .arg("goal", *goal),
        PigError::TurnTotalOne => Phrase::new("errors.pig.turn_total_one"),
        PigError::ScoreOne => Phrase::new("errors.pig.score_one"),
        PigError::HoldWithoutTurnTotal => Phrase::new("errors.pig.hold_without_turn_total"),
        PigError::Face { face } => Phrase::new("errors.pig.face").arg("face", *face),
        PigError::GoalMismatch { state, solution } => Phrase::new("errors.pig.goal_mismatch")
            .arg("state", *state)
            .arg("solution", *solution),
        PigError::Notation { text, reason } => Phrase::new("errors.pig.notation")
            .arg("text", text.as_str())
            .arg("reason", reason.as_str()),
        PigError::Memory(error) => memory_phrase(error),
        PigError::NoConvergence {
            mover,
            opponent,
            sweeps,
        } => Phrase::new("errors.pig.no_convergence")
            .arg("mover", *mover)
            .arg("opponent", *opponent)
            .arg("sweeps", *sweeps),
    };
    Phrase::new("errors.of_game")
        .arg("game", "pig")
        .arg("message", said)
}

/// A game's refusal of a text as a phrase: its own where it has one, otherwise its
/// English as the detail of [`crate::UNTRANSLATED`].
pub(crate) fn notation_phrase(error: NotationError) -> Phrase {
    match error.1 {
        Some(phrase) => phrase,
        None => Phrase::new(crate::UNTRANSLATED).arg("detail", error.0),
    }
}

/// A game's refusal of a text that does not read, as it says it.
pub(crate) fn notation_parse(error: NotationError) -> ApiError {
    ApiError::parse_said(notation_phrase(error))
}

/// An error of serde_json's (not a request's JSON: an answer's), its detail the
/// library's own English.
pub(crate) fn json_library(error: serde_json::Error) -> ApiError {
    ApiError::bad_request_said(Phrase::new("errors.json_library").arg("detail", error.to_string()))
}

/// What a tree's [`TreeError`](ply_tree::TreeError) says, at its line and column when
/// it has a place (its English: the error's `Display`).
pub(crate) fn tree_phrase(error: ply_tree::TreeError) -> Phrase {
    let english = error.to_string();
    match error.phrase {
        Some(phrase) if error.line == 0 => phrase,
        Some(phrase) => Phrase::new("errors.at")
            .arg("line", error.line)
            .arg("column", error.column)
            .arg("message", phrase),
        None => Phrase::new(crate::UNTRANSLATED).arg("detail", english),
    }
}

/// The memoised solver's refusal of `game` (limit `memory`): "{game}: ...".
pub(crate) fn solver(game: String, error: &ply_core::solve::SolveError) -> ApiError {
    use ply_core::solve::SolveError;
    let said = match error {
        SolveError::TooManyPositions { limit } => {
            Phrase::new("errors.solve.positions").arg("max", *limit)
        }
        SolveError::Memory(error) => memory_phrase(error),
        SolveError::Interrupted => Phrase::new("errors.solve.interrupted"),
    };
    ApiError::limit_said(
        "memory",
        Phrase::new("errors.of_game")
            .arg("game", game)
            .arg("message", said),
    )
}

/// The refusal of the `number`th move of a list (`quoted` as written): "move {number}
/// ({text}): {message}".
pub(crate) fn a_move(number: usize, quoted: String, message: Phrase) -> ApiError {
    ApiError::bad_request_said(
        Phrase::new("errors.play.move")
            .arg("number", number)
            .arg("text", quoted)
            .arg("message", message),
    )
}
