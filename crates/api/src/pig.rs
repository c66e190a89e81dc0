//! Pig, the dice game, solved and played: `ply solve pig`, `ply play pig`,
//! `POST /api/solve` with the game `pig` or `pig:N`, and `POST /api/play/pig`.
//!
//! Pig is a game of chance: a deterministic search would take chance's throw for a
//! player's choice, so the catalog's [`GameVisitor`](ply_games::GameVisitor) never
//! visits it ([`ply_games::chance_game`] names it instead) and these operations take
//! its own route. Every answer reads the exact table of win probabilities that
//! [`PigSolution::solve`] makes by value iteration; the tables of the last few goals
//! asked for are kept ([`solution`]), so a server solves the usual game once.
//!
//! Values are chances of winning for the player to move, under optimal play by both
//! sides, and the words say so: "wins with probability 0.5306".

use crate::ApiError;
use crate::lang::Lang;
use ply_core::phrase::Phrase;

use ply_core::Player;
use ply_games::pig::{Decision, DecisionValues, PigError, PigSolution, PigState, Step};
use ply_games::{ChanceSpec, chance_game};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex};
use web_time::Instant;

/// How many goals' tables are kept at once. The usual game's table takes 4 MB, the
/// largest goal's 32 MB: four of them stay well within what a server or a browser tab
/// can hold.
pub const CACHED_GOALS: usize = 4;

/// The tables solved so far, the most recently used last.
static CACHE: Mutex<Vec<Arc<PigSolution>>> = Mutex::new(Vec::new());

/// The goal of the Pig game `spec` names (`pig`: 100, `pig:N`: N), `None` when `spec`
/// names another game, or the refusal of a goal out of range.
pub fn spec_goal(spec: &str) -> Option<Result<u32, ApiError>> {
    chance_game(spec).map(|named| match named {
        Ok(ChanceSpec::Pig { goal }) => Ok(goal),
        Err(error) => Err(crate::games::notation_error(error)),
    })
}

/// The solved table of `goal`, from the cache when it is there (solved and kept
/// otherwise, at most [`CACHED_GOALS`] tables at once).
pub fn solution(goal: u32) -> Result<Arc<PigSolution>, ApiError> {
    // A panic while the lock was held leaves a usable list: take it as it is.
    let mut cache = CACHE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(at) = cache.iter().position(|s| s.goal() == goal) {
        let solved = cache.remove(at);
        cache.push(Arc::clone(&solved));
        return Ok(solved);
    }
    // Solved under the lock: a second request for the same goal waits for this one
    // rather than solving it again.
    let solved = Arc::new(PigSolution::solve(goal).map_err(refusal)?);
    if cache.len() >= CACHED_GOALS {
        cache.remove(0);
    }
    cache.push(Arc::clone(&solved));
    Ok(solved)
}

/// A Pig refusal as an API error: a memory shortfall is a limit, a position that
/// does not read a parse error, anything else a bad request.
fn refusal(error: PigError) -> ApiError {
    match error {
        PigError::Memory(_) => ApiError::limit_said("memory", crate::refusal::pig_phrase(&error)),
        PigError::Notation { .. } => ApiError::parse_said(
            Phrase::new("errors.position").arg("message", crate::refusal::pig_phrase(&error)),
        ),
        _ => ApiError::bad_request_said(
            Phrase::new("errors.position").arg("message", crate::refusal::pig_phrase(&error)),
        ),
    }
}

/// The position `text` names in the game to `goal` (`None`: the start). A text
/// without a goal of its own (`12+7-30`) plays to `goal`; one with a goal
/// (`50:12+7-30`) must name the same.
pub fn position(goal: u32, text: Option<&str>) -> Result<PigState, ApiError> {
    let Some(text) = text.map(str::trim) else {
        return PigState::start(goal).map_err(refusal);
    };
    if text.is_empty() || text.eq_ignore_ascii_case("start") {
        return PigState::start(goal).map_err(refusal);
    }
    // Read as written, so that a refusal quotes the text the caller sent.
    let state = PigState::parse_in(goal, text).map_err(refusal)?;
    if state.goal() != goal {
        return Err(ApiError::bad_request_said(
            Phrase::new("errors.pig.position_goal")
                .arg("text", ply_core::text::excerpt(text))
                .arg("goal", state.goal())
                .arg("game_goal", goal),
        ));
    }
    Ok(state)
}

/// The name of `player` in reports: "first player", "second player".
pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "first player",
        Player::Second => "second player",
    }
}

/// "roll" or "hold", as the JSON and the command line write a decision.
pub fn decision_name(decision: Decision) -> &'static str {
    match decision {
        Decision::Roll => "roll",
        Decision::Hold => "hold",
    }
}

/// A decision from its name (`roll`, `r`, `hold`, `h`, any case).
pub fn parse_decision(text: &str) -> Option<Decision> {
    match text.trim().to_ascii_lowercase().as_str() {
        "roll" | "r" => Some(Decision::Roll),
        "hold" | "h" => Some(Decision::Hold),
        _ => None,
    }
}

/// A chance of winning in words, in `lang`: "wins with probability 0.5306".
pub fn win_probability_text(lang: Lang, probability: f64) -> String {
    lang.say(
        "value.win-probability",
        &[("probability", &format!("{probability:.4}"))],
    )
}

/// Each decision's chance of winning, for the player who takes it.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct DecisionsJson {
    /// After rolling (and playing on optimally).
    pub roll: f64,
    /// After holding; null with a turn total of 0, where holding is not a move.
    pub hold: Option<f64>,
}

impl From<DecisionValues> for DecisionsJson {
    fn from(values: DecisionValues) -> DecisionsJson {
        DecisionsJson {
            roll: values.roll,
            hold: values.hold,
        }
    }
}

/// The decisions' chances in words, in the request's language.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct DecisionsText {
    /// "wins with probability 0.5306" after rolling.
    pub roll: String,
    /// The same after holding; null where holding is not a move.
    pub hold: Option<String>,
}

impl DecisionsText {
    fn of(lang: Lang, values: DecisionValues) -> DecisionsText {
        DecisionsText {
            roll: win_probability_text(lang, values.roll),
            hold: values.hold.map(|hold| win_probability_text(lang, hold)),
        }
    }
}

/// A position of Pig solved: what `ply solve pig [POSITION] --json` prints, and
/// `POST /api/solve` answers for the games `pig` and `pig:N`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PigSolveReport {
    /// The game's spec: `pig`, or `pig:N`.
    pub game: String,
    /// The score that wins.
    pub goal: u32,
    /// The position in Pig's notation (`12+7-30`, with the goal in front when it is
    /// not 100).
    pub position: String,
    /// The player to move: "first player" or "second player".
    pub to_move: &'static str,
    /// The banked scores: the first player's, then the second's.
    pub scores: [u32; 2],
    /// The turn total of the player to move.
    pub turn_total: u32,
    /// The chance that the player to move wins, both sides playing optimally.
    pub win_probability: f64,
    /// The optimal decision: `roll` or `hold` (`hold` on an exact tie).
    pub decision: &'static str,
    /// Each decision's chance of winning (`hold` null with a turn total of 0).
    pub decisions: DecisionsJson,
    /// The value in words, in the request's language: "wins with probability 0.5306".
    pub text: String,
    /// Each decision's chance in words.
    pub decisions_text: DecisionsText,
    /// The smallest turn total at which the player to move holds with these scores;
    /// null when that player rolls on to the goal.
    pub hold_threshold: Option<u32>,
    /// The method: `value-iteration`.
    pub algorithm: &'static str,
    /// The win probabilities in the table (every position of the goal).
    pub states: usize,
    /// Time taken, in milliseconds (the solve, unless the table was kept from before).
    pub time_ms: f64,
}

/// Solves `position` (`None`: the start) of Pig to `goal`, its words in `lang`.
pub fn solve(goal: u32, position: Option<&str>, lang: Lang) -> Result<PigSolveReport, ApiError> {
    let started = Instant::now();
    let state = self::position(goal, position)?;
    let solved = solution(goal)?;
    let values = solved.decision_values(&state).map_err(refusal)?;
    // The best decision's chance, so that it equals one of `decisions` to the last
    // bit (the table's own entry may differ from it in the 16th digit).
    let win_probability = values.value();
    let hold_threshold = solved
        .hold_threshold(state.mover_score(), state.opponent_score())
        .map_err(refusal)?;
    Ok(PigSolveReport {
        game: ChanceSpec::Pig { goal }.spec(),
        goal,
        position: state.to_string(),
        to_move: player_name(state.to_move()),
        scores: state.scores(),
        turn_total: state.turn_total(),
        win_probability,
        decision: decision_name(values.best()),
        decisions: values.into(),
        text: win_probability_text(lang, win_probability),
        decisions_text: DecisionsText::of(lang, values),
        hold_threshold,
        algorithm: "value-iteration",
        states: solved.state_count(),
        time_ms: started.elapsed().as_secs_f64() * 1e3,
    })
}

/// The request of `POST /api/play/pig`: a position, and a decision to take there.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PigPlayRequest {
    /// `pig` or `pig:N`.
    pub game: String,
    /// The position in Pig's notation (default: the start).
    #[serde(default)]
    pub position: Option<String>,
    /// `roll` or `hold`; absent: the position alone, with its chances.
    #[serde(default)]
    pub decision: Option<String>,
    /// The face the die shows after a roll (1 to 6); absent: thrown at random.
    #[serde(default)]
    pub face: Option<u32>,
    /// The language of the answer's words.
    #[serde(default, deserialize_with = "crate::words::lang_field")]
    pub lang: Lang,
}

/// A position of a game of Pig as the play page shows it: the answer to
/// `POST /api/play/pig`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PigPlayJson {
    /// The game's spec.
    pub game: String,
    /// The score that wins.
    pub goal: u32,
    /// The decision taken, when the request named one.
    pub decision: Option<&'static str>,
    /// The face the die showed, after a roll.
    pub face: Option<u32>,
    /// Whether the throw ended the turn (a 1) or the decision passed it (a hold).
    pub turn_passed: bool,
    /// The position now in Pig's notation; null once the game is over.
    pub position: Option<String>,
    /// The banked scores now (at the end: the winner's with the winning turn added).
    pub scores: [u32; 2],
    /// The turn total of the player to move (0 once the game is over).
    pub turn_total: u32,
    /// The player to move now (at the end: the winner).
    pub to_move: &'static str,
    /// The index of that player: 0 for the first, 1 for the second.
    pub to_move_index: usize,
    /// The winner once the game is over ("first player", "second player").
    pub winner: Option<&'static str>,
    /// The chance that the player to move wins under optimal play (null at the end).
    pub win_probability: Option<f64>,
    /// That chance in words.
    pub text: Option<String>,
    /// The optimal decision (null at the end).
    pub best: Option<&'static str>,
    /// Each decision's chance (null at the end).
    pub decisions: Option<DecisionsJson>,
    /// Each decision's chance in words (null at the end).
    pub decisions_text: Option<DecisionsText>,
}

/// What a decision and the die made of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turned {
    /// The face thrown, after a roll.
    pub face: Option<u32>,
    /// The position now, or the winner and the final scores.
    pub now: Result<PigState, (Player, [u32; 2])>,
}

/// Takes `decision` in `state`: a roll shows `face` when it is given, a face from
/// `throw` otherwise (called with nothing, it returns 1 to 6).
pub fn take(
    state: &PigState,
    decision: Decision,
    face: Option<u32>,
    throw: impl FnOnce() -> u32,
) -> Result<Turned, ApiError> {
    let (face, step) = match decision {
        Decision::Roll => {
            let face = face.unwrap_or_else(throw);
            (
                Some(face),
                state
                    .roll(face)
                    .map_err(|e| ApiError::bad_request_said(crate::refusal::pig_phrase(&e)))?,
            )
        }
        Decision::Hold => {
            if face.is_some() {
                return Err(ApiError::bad_request_said(Phrase::new(
                    "errors.pig.face_on_hold",
                )));
            }
            (
                None,
                state
                    .hold()
                    .map_err(|e| ApiError::bad_request_said(crate::refusal::pig_phrase(&e)))?,
            )
        }
    };
    let now = match step {
        Step::Next(next) => Ok(next),
        Step::Won(player) => {
            let mut scores = state.scores();
            scores[player.index()] += state.turn_total() + face.unwrap_or(0);
            Err((player, scores))
        }
    };
    Ok(Turned { face, now })
}

/// Answers `POST /api/play/pig`: the position of the request, after its decision when
/// it names one, with each decision's chance of winning.
pub fn play(request: &PigPlayRequest) -> Result<PigPlayJson, ApiError> {
    let goal = match spec_goal(&request.game) {
        Some(goal) => goal?,
        None => {
            return Err(ApiError::bad_request_said(
                Phrase::new("errors.pig.not_pig_play")
                    .arg("spec", ply_core::text::excerpt(&request.game)),
            ));
        }
    };
    let state = position(goal, request.position.as_deref())?;
    let lang = request.lang;
    let decision = match request.decision.as_deref() {
        None => None,
        Some(text) => Some(parse_decision(text).ok_or_else(|| {
            ApiError::bad_request_said(
                Phrase::new("errors.pig.decision").arg("text", ply_core::text::excerpt(text)),
            )
        })?),
    };
    if decision.is_none() && request.face.is_some() {
        return Err(ApiError::bad_request_said(Phrase::new(
            "errors.pig.face_without_roll",
        )));
    }
    let (face, now) = match decision {
        Some(decision) => {
            let turned = take(&state, decision, request.face, || fastrand::u32(1..=6))?;
            (turned.face, turned.now)
        }
        None => (None, Ok(state)),
    };
    let spec = ChanceSpec::Pig { goal }.spec();
    let decision = decision.map(decision_name);
    match now {
        Ok(next) => {
            let solved = solution(goal)?;
            let values = solved.decision_values(&next).map_err(refusal)?;
            let chance = values.value();
            Ok(PigPlayJson {
                game: spec,
                goal,
                decision,
                face,
                turn_passed: next.to_move() != state.to_move(),
                position: Some(next.to_string()),
                scores: next.scores(),
                turn_total: next.turn_total(),
                to_move: player_name(next.to_move()),
                to_move_index: next.to_move().index(),
                winner: None,
                win_probability: Some(chance),
                text: Some(win_probability_text(lang, chance)),
                best: Some(decision_name(values.best())),
                decisions: Some(values.into()),
                decisions_text: Some(DecisionsText::of(lang, values)),
            })
        }
        Err((winner, scores)) => Ok(PigPlayJson {
            game: spec,
            goal,
            decision,
            face,
            turn_passed: false,
            position: None,
            scores,
            turn_total: 0,
            to_move: player_name(winner),
            to_move_index: winner.index(),
            winner: Some(player_name(winner)),
            win_probability: None,
            text: None,
            best: None,
            decisions: None,
            decisions_text: None,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_usual_game_is_the_literature_s() {
        let report = solve(100, None, Lang::En).unwrap();
        assert_eq!(format!("{:.4}", report.win_probability), "0.5306");
        assert_eq!(report.decision, "roll");
        assert_eq!(report.decisions.hold, None);
        assert_eq!(report.hold_threshold, Some(21));
        assert_eq!(report.text, "wins with probability 0.5306");
        assert_eq!(report.position, "0+0-0");
        assert_eq!(report.game, "pig");
    }

    #[test]
    fn goal_two_is_six_sevenths_and_a_held_two_loses_the_race() {
        // To 2, the first throw that is not a 1 wins: p = 5/6 + (1/6)(1 − p), p = 6/7.
        let report = solve(2, None, Lang::En).unwrap();
        assert!((report.win_probability - 6.0 / 7.0).abs() < 1e-12);
        assert_eq!(report.position, "2:0+0-0");
    }

    #[test]
    fn bad_positions_and_goals_are_refused() {
        assert_eq!(
            spec_goal("pig:0").unwrap().unwrap_err().kind,
            crate::ErrorKind::BadRequest
        );
        assert!(spec_goal("nim:3").is_none());
        assert_eq!(
            position(100, Some("12+7")).unwrap_err().kind,
            crate::ErrorKind::Parse
        );
        assert_eq!(
            position(100, Some("50:2+0-0")).unwrap_err().kind,
            crate::ErrorKind::BadRequest
        );
        assert_eq!(
            position(20, Some("12+8-0")).unwrap_err().kind,
            crate::ErrorKind::BadRequest
        );
        assert_eq!(
            position(20, Some("12+6-0")).unwrap().to_string(),
            "20:12+6-0"
        );
    }

    #[test]
    fn a_roll_that_reaches_the_goal_wins_with_the_final_scores() {
        let request = PigPlayRequest {
            game: "pig:20".into(),
            position: Some("12+6-4".into()),
            decision: Some("roll".into()),
            face: Some(2),
            ..PigPlayRequest::default()
        };
        let answer = play(&request).unwrap();
        assert_eq!(answer.winner, Some("first player"));
        assert_eq!(answer.scores, [20, 4]);
        assert_eq!(answer.position, None);
        let one = play(&PigPlayRequest {
            face: Some(1),
            ..request.clone()
        })
        .unwrap();
        assert_eq!(one.position.as_deref(), Some("20:12-4+0"));
        assert!(one.turn_passed);
        assert_eq!(one.decisions.unwrap().hold, None);
        let hold = play(&PigPlayRequest {
            decision: Some("hold".into()),
            face: None,
            ..request.clone()
        })
        .unwrap();
        assert_eq!(hold.position.as_deref(), Some("20:18-4+0"));
        let refused = play(&PigPlayRequest {
            position: Some("12+0-4".into()),
            decision: Some("hold".into()),
            face: None,
            ..request
        });
        assert_eq!(refused.unwrap_err().kind, crate::ErrorKind::BadRequest);
    }
}

/// The deepest search `analyze` takes (plies, chance's throws included).
pub const MAX_ANALYSIS_DEPTH: u32 = 24;

/// The depth `analyze` searches when none is asked for.
pub const DEFAULT_ANALYSIS_DEPTH: u32 = 12;

/// One finished iteration of the engine's search, for the player to move.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PigIteration {
    /// Plies searched, chance's throws included.
    pub depth: u32,
    /// The expected score for the player to move at that depth (−1 to 1).
    pub expected: f64,
    /// The decision that search chose.
    pub decision: &'static str,
    /// Nodes visited so far.
    pub nodes: u64,
}

/// Each decision's expected score from the engine's search, for the player who takes it.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct ExpectedJson {
    /// After rolling.
    pub roll: f64,
    /// After holding; null with a turn total of 0.
    pub hold: Option<f64>,
}

/// A position of Pig searched by the engine (expectiminimax with Star1's cuts,
/// iterative deepening, a table) to a depth, the positions there valued by the race
/// estimate: what `ply analyze pig [POSITION] --json` prints. Beside it, the exact
/// answer of the solution, so the two can be compared.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PigAnalysis {
    /// The game's spec: `pig`, or `pig:N`.
    pub game: String,
    /// The goal.
    pub goal: u32,
    /// The position, in Pig's notation.
    pub position: String,
    /// "first player" or "second player".
    pub to_move: &'static str,
    /// `expectiminimax-star1`: the engine's search.
    pub algorithm: &'static str,
    /// The deepest finished iteration.
    pub depth: u32,
    /// The expected score for the player to move (−1: a sure loss, 1: a sure win).
    pub expected: f64,
    /// The winning chance that expected score stands for, `(1 + expected) / 2`: an
    /// estimate, since the search stops before the game ends.
    pub win_probability_estimate: f64,
    /// The decision the search chose, `roll` or `hold`.
    pub decision: &'static str,
    /// Each decision's expected score at the same depth.
    pub decisions: ExpectedJson,
    /// The same in words, in the request's language: "expected +0.35".
    pub text: String,
    /// Every finished iteration.
    pub iterations: Vec<PigIteration>,
    /// Nodes visited, every search together.
    pub nodes: u64,
    /// The exact chance of winning from the solution (value iteration), to compare.
    pub solved_win_probability: f64,
    /// The solution's decision.
    pub solved_decision: &'static str,
    /// True when a time limit stopped the search before the depth asked for.
    pub stopped: bool,
    /// Time taken, in milliseconds (the search; the solution's table may be kept).
    pub time_ms: f64,
}

/// An expected score in words, in `lang`: "expected +0.35".
pub fn expected_text(lang: Lang, expected: f64) -> String {
    lang.say("value.expected", &[("score", &format!("{expected:+.2}"))])
}

/// Searches `position` (`None`: the start) of Pig to `goal` with the engine, to `depth`
/// plies (default [`DEFAULT_ANALYSIS_DEPTH`], at most [`MAX_ANALYSIS_DEPTH`]) within
/// `time_ms` if given, its words in `lang`.
pub fn analyze(
    goal: u32,
    position: Option<&str>,
    depth: Option<u32>,
    time_ms: Option<u64>,
    lang: Lang,
) -> Result<PigAnalysis, ApiError> {
    use ply_core::Game;
    use ply_core::chance::{Bounds, ChanceEngine, ChanceLimits, Ratio};
    use ply_games::pig::{Pig, PigMove, race_estimate};

    let depth = depth.unwrap_or(DEFAULT_ANALYSIS_DEPTH);
    if !(1..=MAX_ANALYSIS_DEPTH).contains(&depth) {
        return Err(ApiError::bad_request_said(
            Phrase::new("errors.pig.depth")
                .arg("depth", depth)
                .arg("max", MAX_ANALYSIS_DEPTH),
        ));
    }
    let started = Instant::now();
    let state = self::position(goal, position)?;
    let root = Pig::new(state);
    let mover = state.to_move();
    // The engine's values are the first player's: turned to the mover's.
    let for_mover = |value: f64| match mover {
        Player::First => value,
        Player::Second => -value,
    };
    let bounds = Bounds::new(Ratio::from(-1), Ratio::ONE)
        .ok_or_else(|| ApiError::bad_request_said(Phrase::new("errors.pig.bounds")))?;
    let mut engine = ChanceEngine::new(race_estimate as fn(&Pig) -> f64, bounds, 16)
        .map_err(|error| crate::refusal::memory(&error))?;
    let mut limits = ChanceLimits::depth(depth);
    if let Some(ms) = time_ms {
        limits = limits.with_time(std::time::Duration::from_millis(ms));
    }
    let failed = crate::refusal::chance;
    let decision_of = |mv: Option<PigMove>| match mv {
        Some(PigMove::Hold) => "hold",
        _ => "roll",
    };
    let mut iterations = Vec::new();
    let answer = engine
        .search(&root, &limits, |iteration| {
            iterations.push(PigIteration {
                depth: iteration.depth,
                expected: for_mover(iteration.value),
                decision: decision_of(iteration.best),
                nodes: iteration.nodes,
            })
        })
        .map_err(failed)?;
    // Each decision at the depth the root reached: its child one ply shallower (a value
    // the table holds from the last iteration, or a short search).
    let reached = answer.depth.max(1);
    let mut nodes = answer.nodes;
    let mut value_of = |mv: PigMove| -> Result<f64, ApiError> {
        let mut child = root;
        child.play(mv);
        let found = engine
            .search(&child, &ChanceLimits::depth(reached - 1), |_| {})
            .map_err(failed)?;
        nodes += found.nodes;
        Ok(for_mover(found.value))
    };
    let mut moves = Vec::new();
    root.generate_moves(&mut moves);
    let roll = value_of(PigMove::Roll)?;
    let hold = if moves.contains(&PigMove::Hold) {
        Some(value_of(PigMove::Hold)?)
    } else {
        None
    };
    let expected = for_mover(answer.value);
    let solved = solution(goal)?;
    let exact = solved.decision_values(&state).map_err(refusal)?;
    Ok(PigAnalysis {
        game: ChanceSpec::Pig { goal }.spec(),
        goal,
        position: state.to_string(),
        to_move: player_name(mover),
        algorithm: "expectiminimax-star1",
        depth: answer.depth,
        expected,
        win_probability_estimate: ((1.0 + expected) / 2.0).clamp(0.0, 1.0),
        decision: decision_of(answer.best),
        decisions: ExpectedJson { roll, hold },
        text: expected_text(lang, expected),
        iterations,
        nodes,
        solved_win_probability: exact.value(),
        solved_decision: decision_name(exact.best()),
        stopped: answer.stopped,
        time_ms: started.elapsed().as_secs_f64() * 1e3,
    })
}

/// How many levels of Pig's tree `POST /api/tree/game` writes out when the request
/// names no depth: a decision, a throw, a decision, a throw.
pub const TREE_DEPTH: u32 = 4;

/// Pig to `goal` written out as a tree with chance nodes, for the tree lab: the answer
/// to `POST /api/tree/game` for the game `pig` or `pig:N`. A decision is `roll` or
/// `hold` at a `[max]` or `[min]` node (a player who throws 2 to 6 decides again, so the
/// players do not simply take turns by depth), a throw a `[chance]` node with the faces
/// `d1` to `d6` at 1/6 each. A finished game is worth +1 to MAX (the player to move at
/// the root) if MAX won, −1 if not; a game still going at the horizon is valued by the
/// exact solution, 2p − 1 with p MAX's chance of winning from there, to 3 decimals. With
/// `search`, the tree is searched as `/api/tree` searches it, by expectiminimax unless
/// Star1 or Star2 is asked for: Pig's tree has no minimax search.
pub fn game_tree(
    goal: u32,
    request: &crate::tree::GameTreeRequest,
    limits: &crate::tree::TreeLimits,
) -> Result<crate::tree::GameTree, ApiError> {
    if let Some(perspective) = request.leaf_perspective.as_deref()
        && perspective != "max"
    {
        return Err(ApiError::bad_request_said(
            Phrase::new("errors.tree.leaf_perspective")
                .arg("text", ply_core::text::excerpt(perspective)),
        ));
    }
    if request.symmetry {
        return Err(ApiError::bad_request_said(Phrase::new(
            "errors.pig.symmetry",
        )));
    }
    let depth = request.depth.unwrap_or(TREE_DEPTH);
    // The tree within the node and depth limits, as other games' (`max_tree_nodes`,
    // `max_tree_depth`); its text, whose lines are indented by their depth, sized
    // before it is written (`max_answer_bytes`).
    let tree = expanded_tree(goal, request.position.as_deref(), depth, limits.tree)?
        .map_err(crate::tree::tree_error)?;
    let max = position(goal, request.position.as_deref())?.to_move();
    let bytes = ply_tree::written_chance_tree_len(&tree);
    crate::tree::check_answer_bytes("tree", usize::try_from(bytes).unwrap_or(usize::MAX), limits)?;
    let text = ply_tree::written_chance_tree(&tree);
    let lang = request.lang.unwrap_or_default();
    let players =
        [Player::First, Player::Second].map(|p| crate::words::player_text_in(lang, player_name(p)));
    let search = if request.search {
        let algorithm = request
            .algorithm
            .clone()
            .filter(|name| name.parse::<ply_tree::chance::ChanceAlgorithm>().is_ok());
        let tree_request = crate::tree::TreeRequest {
            algorithm,
            picture: request.picture,
            lang: request.lang,
            ..crate::tree::TreeRequest::new(text.clone())
        };
        let answer = crate::tree::chance_answer(&tree, &tree_request, limits)?;
        crate::tree::check_answer_bytes("tree and its search", text.len() + answer.len(), limits)?;
        Some(
            serde_json::value::RawValue::from_string(answer.trim_end().to_string())
                .map_err(crate::refusal::json_library)?,
        )
    } else {
        None
    };
    Ok(crate::tree::GameTree {
        nodes: tree.len(),
        tree: text,
        format: "indented",
        depth_aware: false,
        longest: None,
        symmetry: false,
        to_move: players[max.index()].clone(),
        players,
        search,
        graph: None,
    })
}

/// Pig to `goal` from `position_text` (`None`: the start) written out `depth` levels deep
/// as a tree with chance nodes, within `limits`: the tree of [`game_tree`] and of `ply
/// tree pig:N@POSITION`, built node by node (`ply_tree::expand_chance`), its text left to
/// the caller (`ply_tree::written_chance_tree`, the indented text format). A goal or a
/// position that is not Pig's is the outer error; a tree past `limits` the inner one,
/// naming the limit (`max_nodes`, `max_depth`) for each front end to say in its words.
pub fn expanded_tree(
    goal: u32,
    position_text: Option<&str>,
    depth: u32,
    limits: ply_tree::Limits,
) -> Result<Result<ply_tree::ExplicitTree, ply_tree::TreeError>, ApiError> {
    use ply_games::pig::{Pig, PigMove};
    let state = position(goal, position_text)?;
    let solved = solution(goal)?;
    let root = Pig::new(state);
    let max = ply_core::Game::to_move(&root);
    // MAX's expected score at a position still going, in thousandths.
    let estimate = |pos: &Pig| {
        let state = pos.state();
        let mover = if pos.is_rolling() {
            solved.decision_values(state).map(|v| v.roll)
        } else {
            solved.win_probability(state)
        }
        .unwrap_or(0.5);
        let p = if state.to_move() == max {
            mover
        } else {
            1.0 - mover
        };
        (1000.0 * (2.0 * p - 1.0)).round() as i64
    };
    let name = |_: &Pig, mv: PigMove| match mv {
        PigMove::Roll => "roll".to_string(),
        PigMove::Hold => "hold".to_string(),
        PigMove::Face(face) => format!("d{face}"),
    };
    let options = ply_tree::ParseOptions {
        limits,
        perspective: ply_tree::LeafPerspective::Max,
    };
    // The root named by its position without the goal, which the game's spec says.
    let written = root.state().to_string();
    let root_name = written
        .split_once(':')
        .map_or(written.as_str(), |(_, rest)| rest);
    Ok(ply_tree::expand_chance(
        &root, root_name, name, depth, estimate, &options,
    ))
}
