//! Play a game: its state after a list of moves, the value of every legal move, the
//! engine's move. Requests are stateless: they carry the game's spec and the moves
//! played from the start, so a server keeps nothing between them and a game is a
//! link.
//!
//! The value of every move is exact where the game can be solved within the
//! request's budget (a retrograde table for games whose positions repeat, the
//! memoised solver for the taking games, alpha-beta for small boards, the engine's
//! exact mode for Connect Four); otherwise it is the engine's estimate, and says so.

use crate::boards::{ChessBoardJson, GraphBoardJson, PilesBoardJson};
use crate::control::Control;
use crate::lang::Lang;
use crate::solve::GameBook;
use crate::words::{estimate_text_in, outcome_text_in, plies_text_in, result_word};
use crate::{ApiError, games::with_spec};
use ply_core::engine::{HooksVisitor, Limits, SearchHooks, Settings, WithKnownValues};
use ply_core::phrase::Phrase;
use ply_core::solve::{Solver, SolverLimits};
use ply_core::{
    Algorithm, Diagram, DiagramStyle, MoveValue, Outcome, Player, RetrogradeOptions,
    RetrogradeTable, SearchOptions, evaluate_moves_with,
};
use ply_games::connect4::OpeningBook;
use ply_games::{GameVisitor, Playable};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// The most moves a request may list.
pub const MAX_MOVES: usize = 10_000;

/// The most legal moves a state lists: a page shows no more, and a game with huge
/// piles has millions.
pub const MAX_LEGAL_LISTED: usize = 10_000;

/// The most legal moves listed while replaying a request's moves.
pub const MAX_LISTED: usize = 10_000_000;

/// A game and the moves played from its start: what every play request names.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct GameRequest {
    /// The game's spec (`tictactoe`, `connect4`, `nim:3,4,5`).
    pub game: String,
    /// The position to start from, in the game's notation (default: the start).
    #[serde(default)]
    pub position: Option<String>,
    /// The moves played, in the game's notation.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The time the engine may think, in milliseconds (analysis, engine move).
    #[serde(default)]
    pub time_ms: Option<u64>,
    /// The engine's strength: `"perfect"` (the default) or a level from 1 (weakest) to 10.
    #[serde(default)]
    pub level: Option<serde_json::Value>,
    /// The language of the words in the answer (`text` fields): `en` (the default),
    /// `sv`, `zh` or `el`.
    #[serde(default, deserialize_with = "crate::words::lang_field")]
    pub lang: Lang,
}

/// A board drawn as stones on a grid, with the move that puts a stone on each cell.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct DiagramJson {
    /// Rows of the grid.
    pub rows: u32,
    /// Columns of the grid.
    pub columns: u32,
    /// The rows from the top: `.` empty, `X` the first player's stone, `O` the second's.
    pub cells: Vec<String>,
    /// True when the stones are coloured discs (Connect Four), false for X and O marks.
    pub discs: bool,
    /// For each cell, the legal move that puts a stone there (`null`: none).
    pub cell_moves: Vec<Vec<Option<String>>>,
}

/// How a finished game ended.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct OutcomeJson {
    /// `win` (someone won) or `draw`; a payoff game's end is `payoff`.
    pub result: &'static str,
    /// The winner's name, if someone won.
    pub winner: Option<String>,
    /// In words, in the request's language: "X wins", "draw".
    pub text: String,
}

/// A game's state: the answer to `POST /api/play/state`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StateJson {
    /// The game's spec, as asked.
    pub game: String,
    /// The game's name.
    pub name: String,
    /// The position in the game's notation.
    pub position: String,
    /// The moves played, as given.
    pub moves: Vec<String>,
    /// The name of the player to move.
    pub to_move: String,
    /// The names of the first and second player.
    pub players: [String; 2],
    /// The board as the terminal shows it.
    pub board: String,
    /// The board as a grid of marks or discs, for games that have one (tic-tac-toe,
    /// m,n,k, Connect Four).
    pub diagram: Option<DiagramJson>,
    /// The legal moves, in the game's notation (the first [`MAX_LEGAL_LISTED`]).
    pub legal: Vec<String>,
    /// How many legal moves there are (more than `legal` lists in a game with huge piles).
    pub legal_count: usize,
    /// How to write a move.
    pub move_help: String,
    /// How the game ended, once it has.
    pub outcome: Option<OutcomeJson>,
    /// Chess: the board, the last move and every legal move by its squares.
    pub chess: Option<ChessBoardJson>,
    /// The pursuit games: the graph laid out, the pieces, where a hidden fugitive may be.
    pub graph: Option<GraphBoardJson>,
    /// The taking games (Nim, misère Nim, Bash, Wythoff, subtraction): the piles, every
    /// move by its pile, and the theory.
    pub piles: Option<PilesBoardJson>,
}

/// One legal move and what it is worth for the player who makes it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MoveJson {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// `win`, `draw` or `loss` when proved; `estimate` otherwise.
    pub value: &'static str,
    /// Plies to the end under best play, when proved.
    pub plies: Option<u32>,
    /// The engine's estimate (for the player who moves), when not proved.
    pub estimate: Option<f64>,
    /// In words: "win in 3", "draw", "+0.35 (estimate)".
    pub text: String,
    /// Best play after the move, starting with it.
    pub pv: Vec<String>,
}

/// Every legal move's value: the answer to `POST /api/play/analysis`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct AnalysisJson {
    /// True when every value is proved (a finished game's result is: it has no moves).
    pub exact: bool,
    /// The position's value for the player to move: `win`, `draw`, `loss` or `estimate`.
    /// A finished game's value is its result (`loss` for the player who is mated).
    pub value: &'static str,
    /// The value in words.
    pub text: String,
    /// The best moves (all those of the best value).
    pub best: Vec<String>,
    /// Best play from the position.
    pub pv: Vec<String>,
    /// Every legal move, best first.
    pub moves: Vec<MoveJson>,
    /// How the values were found: `retrograde`, `memo`, `alphabeta`, `engine`.
    pub method: &'static str,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken, in milliseconds.
    pub time_ms: f64,
}

/// The engine's move: the answer to `POST /api/play/engine`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct EngineMoveJson {
    /// The move the engine plays.
    #[serde(rename = "move")]
    pub mv: String,
    /// The state after it.
    pub state: StateJson,
    /// The values the engine saw before it moved.
    pub analysis: AnalysisJson,
}

/// The budget of a request: its own time, within the caller's limits; and the
/// opening book the engine reads (Connect Four).
#[derive(Clone, Debug)]
pub struct PlayLimits {
    /// The time a request gets when it names none, in milliseconds.
    pub default_ms: u64,
    /// The most time a request may ask for, in milliseconds.
    pub max_ms: u64,
    /// The most nodes a search may visit.
    pub max_nodes: u64,
    /// The engine's table, in MiB.
    pub hash_mib: usize,
    /// An opening book: positions it holds are answered exactly at once, and the
    /// engine's searches read it ([`Playable::book_value`]; games without books ignore it).
    pub book: Option<Arc<OpeningBook>>,
}

impl Default for PlayLimits {
    /// One second by default, at most ten; a hundred million nodes; 16 MiB of table.
    fn default() -> PlayLimits {
        PlayLimits {
            default_ms: 1_000,
            max_ms: 10_000,
            max_nodes: 100_000_000,
            hash_mib: 16,
            book: None,
        }
    }
}

impl PlayLimits {
    /// The time a request gets, or the refusal of one that asks for too much.
    fn time(&self, request: &GameRequest) -> Result<Duration, ApiError> {
        let ms = request.time_ms.unwrap_or(self.default_ms);
        if ms > self.max_ms {
            return Err(crate::refusal::time_limit(ms, self.max_ms));
        }
        Ok(Duration::from_millis(ms.max(1)))
    }
}

/// The position after the request's moves, checked move by move.
fn replay<G: Playable>(start: &G, request: &GameRequest) -> Result<G, ApiError> {
    replay_keeping_last(start, request).map(|(pos, _)| pos)
}

/// The position after the request's moves, and the position the last of them was
/// played from (`None` without moves).
fn replay_keeping_last<G: Playable>(
    start: &G,
    request: &GameRequest,
) -> Result<(G, Option<G>), ApiError> {
    let mut before = None;
    if request.moves.len() > MAX_MOVES {
        return Err(ApiError::limit_said(
            "max_moves",
            Phrase::new("errors.play.moves")
                .arg("count", request.moves.len())
                .arg("max", MAX_MOVES),
        ));
    }
    let mut pos = crate::games::position_or_start(start, request.position.as_deref())?;
    // Checking a move lists the legal moves: a game with huge piles has millions, so
    // the moves listed while replaying are bounded too.
    let mut listed = 0usize;
    for (i, text) in request.moves.iter().enumerate() {
        if pos.outcome().is_some() {
            return Err(ApiError::bad_request_said(
                Phrase::new("errors.play.move")
                    .arg("number", i + 1)
                    .arg("text", ply_core::text::excerpt(text))
                    .arg("message", Phrase::new("errors.play.already_over")),
            ));
        }
        let mv = pos.parse_move(text).map_err(|e| {
            ApiError::bad_request_said(
                Phrase::new("errors.play.move")
                    .arg("number", i + 1)
                    .arg("text", ply_core::text::excerpt(text))
                    .arg("message", crate::refusal::notation_phrase(e)),
            )
        })?;
        let legal = pos.legal_moves();
        listed += legal.len();
        if listed > MAX_LISTED {
            return Err(ApiError::limit_said(
                "max_moves",
                Phrase::new("errors.play.listed").arg("max", MAX_LISTED),
            ));
        }
        if !legal.contains(&mv) {
            return Err(ApiError::bad_request_said(
                Phrase::new("errors.play.move")
                    .arg("number", i + 1)
                    .arg("text", ply_core::text::excerpt(text))
                    .arg("message", Phrase::new("errors.play.not_legal")),
            ));
        }
        if i + 1 == request.moves.len() {
            before = Some(pos.clone());
        }
        pos.play(mv);
    }
    Ok((pos, before))
}

/// The last move of a position written with the moves that led to it (`startpos moves
/// e4 e5`: `e5`, played from `startpos moves e4`), for the games whose notation has them.
fn last_written<G: Playable>(start: &G, text: &str) -> Option<(G, String)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let listed = words.iter().position(|&word| word == "moves")?;
    let (last, head) = words.split_last()?;
    if words.len() <= listed + 1 {
        return None;
    }
    let before = start.parse_position(&head.join(" ")).ok()?;
    Some((before, last.to_string()))
}

/// The grid of marks or discs of `pos`; boards of other styles (a chessboard, piles of
/// counters) have fields of their own ([`crate::boards`]).
fn diagram_json<G: Playable>(pos: &G) -> Option<DiagramJson> {
    let diagram = pos
        .diagram()
        .filter(|d| matches!(d.style(), DiagramStyle::Marks | DiagramStyle::Discs))?;
    let mark = |d: &Diagram, row, column| match d.stone(row, column) {
        Some(Player::First) => 'X',
        Some(Player::Second) => 'O',
        None => '.',
    };
    let mut cell_moves = vec![vec![None; diagram.columns() as usize]; diagram.rows() as usize];
    for mv in pos.legal_moves() {
        let Some(after) = pos.after(mv).diagram() else {
            continue;
        };
        if after.rows() != diagram.rows() || after.columns() != diagram.columns() {
            continue;
        }
        for row in 0..diagram.rows() {
            for column in 0..diagram.columns() {
                if diagram.stone(row, column).is_none() && after.stone(row, column).is_some() {
                    cell_moves[row as usize][column as usize] = Some(pos.move_string(mv));
                }
            }
        }
    }
    Some(DiagramJson {
        rows: diagram.rows(),
        columns: diagram.columns(),
        cells: (0..diagram.rows())
            .map(|row| {
                (0..diagram.columns())
                    .map(|column| mark(&diagram, row, column))
                    .collect()
            })
            .collect(),
        discs: diagram.discs(),
        cell_moves,
    })
}

/// The position drawn as text, its words in `lang` (the game's [`Notation::render`] in
/// English).
///
/// [`Notation::render`]: ply_games::Notation::render
pub fn board_text_in<G: Playable>(lang: Lang, pos: &G) -> String {
    match lang {
        Lang::En => pos.render(),
        _ => pos.render_in(&|phrase| crate::explain::phrase(lang, phrase)),
    }
}

/// How to write a move in `lang`: the game's help phrase said from the catalogs (its
/// [`Notation::move_help`] in English, and where the game has no phrase).
///
/// [`Notation::move_help`]: ply_games::Notation::move_help
pub fn move_help_in<G: Playable>(lang: Lang, pos: &G) -> String {
    match (lang, pos.move_help_phrase()) {
        (Lang::En, _) | (_, None) => pos.move_help(),
        (_, Some(phrase)) => crate::explain::phrase(lang, &phrase),
    }
}

pub(crate) fn state_of<G: Playable>(spec: &str, pos: &G, moves: &[String]) -> StateJson {
    state_of_in(Lang::En, spec, pos, moves, None)
}

/// The state of `pos`, its words in `lang`; `last` is the last move played (as written)
/// and the position it was played from, when known.
pub(crate) fn state_of_in<G: Playable>(
    lang: Lang,
    spec: &str,
    pos: &G,
    moves: &[String],
    last: Option<(&G, &str)>,
) -> StateJson {
    let legal = pos.legal_moves();
    let outcome = pos.outcome().map(|outcome| {
        let winner = outcome.winner(pos.to_move()).map(|p| pos.player_name(p));
        let (result, text) = match (&winner, outcome) {
            (Some(name), _) => ("win", outcome_text_in(lang, Some(name))),
            (None, ply_core::Outcome::Payoff(score)) => {
                ("payoff", lang.say("outcome.payoff", &[("score", &score)]))
            }
            (None, _) => ("draw", outcome_text_in(lang, None)),
        };
        OutcomeJson {
            result,
            winner,
            text,
        }
    });
    StateJson {
        game: spec.to_string(),
        name: pos.game_name(),
        position: pos.position_string(),
        moves: moves.to_vec(),
        to_move: pos.player_name(pos.to_move()),
        players: [
            pos.player_name(Player::First),
            pos.player_name(Player::Second),
        ],
        board: board_text_in(lang, pos),
        diagram: diagram_json(pos),
        legal: legal
            .iter()
            .take(MAX_LEGAL_LISTED)
            .map(|&mv| pos.move_string(mv))
            .collect(),
        legal_count: legal.len(),
        move_help: move_help_in(lang, pos),
        outcome,
        chess: crate::boards::chess_board(pos, last),
        graph: crate::boards::graph_board(pos),
        piles: crate::boards::piles_board(pos),
    }
}

/// The state of the request's game after its moves.
pub fn state(request: &GameRequest) -> Result<StateJson, ApiError> {
    struct Visit<'a>(&'a GameRequest);
    impl GameVisitor for Visit<'_> {
        type Output = Result<StateJson, ApiError>;
        fn visit<G: Playable>(self, start: G) -> Self::Output {
            let (pos, before) = replay_keeping_last(&start, self.0)?;
            // Without moves, a position written with its moves (chess: `startpos moves
            // e4 e5`) still has a last move.
            let last = match (before, self.0.moves.last()) {
                (Some(before), Some(text)) => Some((before, text.clone())),
                _ => self
                    .0
                    .position
                    .as_deref()
                    .and_then(|text| last_written(&start, text)),
            };
            Ok(state_of_in(
                self.0.lang,
                &self.0.game,
                &pos,
                &self.0.moves,
                last.as_ref().map(|(before, text)| (before, text.as_str())),
            ))
        }
    }
    with_spec(&request.game, Visit(request))?
}

/// Every legal move's value for the player to move, within the request's time.
pub fn analysis(
    request: &GameRequest,
    limits: &PlayLimits,
    control: &Control,
) -> Result<AnalysisJson, ApiError> {
    struct Visit<'a>(&'a GameRequest, &'a PlayLimits, &'a Control);
    impl GameVisitor for Visit<'_> {
        type Output = Result<AnalysisJson, ApiError>;
        fn visit<G: Playable>(self, start: G) -> Self::Output {
            let pos = replay(&start, self.0)?;
            let time = self.1.time(self.0)?;
            analyse(self.0.lang, &pos, time, self.1, self.2)
        }
    }
    with_spec(&request.game, Visit(request, limits, control))?
}

/// The engine's move at the request's level, and the values it saw.
pub fn engine_move(
    request: &GameRequest,
    limits: &PlayLimits,
    control: &Control,
) -> Result<EngineMoveJson, ApiError> {
    let level = match &request.level {
        None => None,
        Some(serde_json::Value::String(s)) if s == "perfect" => None,
        Some(serde_json::Value::Number(n)) if n.as_u64().is_some_and(|l| (1..=10).contains(&l)) => {
            n.as_u64().map(|l| l as u32)
        }
        Some(other) => {
            return Err(ApiError::bad_request_said(
                Phrase::new("errors.play.level").arg("level", other.to_string()),
            ));
        }
    };
    struct Visit<'a>(&'a GameRequest, &'a PlayLimits, &'a Control, Option<u32>);
    impl GameVisitor for Visit<'_> {
        type Output = Result<EngineMoveJson, ApiError>;
        fn visit<G: Playable>(self, start: G) -> Self::Output {
            let (request, limits, control, level) = (self.0, self.1, self.2, self.3);
            let pos = replay(&start, request)?;
            if pos.outcome().is_some() {
                return Err(ApiError::bad_request_said(Phrase::new("errors.game.over")));
            }
            let time = limits.time(request)?;
            let analysis = match level {
                None => analyse(request.lang, &pos, time, limits, control)?,
                Some(level) => shallow(request.lang, &pos, level, time, limits, control)?,
            };
            // A weak level sometimes plays a move at random, as a beginner would.
            let random = level.is_some_and(|level| fastrand::u32(0..20) >= 10 + level);
            let legal: Vec<String> = pos
                .legal_moves()
                .into_iter()
                .map(|mv| pos.move_string(mv))
                .collect();
            let chosen = if random || analysis.best.is_empty() {
                legal[fastrand::usize(0..legal.len())].clone()
            } else {
                analysis.best[0].clone()
            };
            let mut moves = request.moves.clone();
            moves.push(chosen.clone());
            let after = pos.after(
                pos.parse_move(&chosen)
                    .map_err(crate::games::notation_error)?,
            );
            let state = state_of_in(
                request.lang,
                &request.game,
                &after,
                &moves,
                Some((&pos, chosen.as_str())),
            );
            Ok(EngineMoveJson {
                mv: chosen,
                state,
                analysis,
            })
        }
    }
    with_spec(&request.game, Visit(request, limits, control, level))?
}

/// Values that a solver proved.
fn proved<M>(values: Vec<MoveValue<M>>) -> Vec<(MoveValue<M>, bool)> {
    values.into_iter().map(|m| (m, true)).collect()
}

/// A move's value as the JSON says it: proved, or an estimate; its words in `lang`.
fn move_json<G: Playable>(lang: Lang, pos: &G, m: &MoveValue<G::Move>, proved: bool) -> MoveJson {
    let decided = proved;
    MoveJson {
        mv: pos.move_string(m.mv),
        value: if decided {
            result_word(m.value)
        } else {
            "estimate"
        },
        plies: decided.then(|| m.value.plies_to_end().unwrap_or(m.pv.len() as u32)),
        estimate: (!decided).then(|| m.value.raw() as f64 / 100.0),
        text: if decided {
            plies_text_in(lang, m.value, m.pv.len())
        } else {
            estimate_text_in(lang, m.value)
        },
        pv: m
            .pv
            .iter()
            .scan(pos.clone(), |p, &mv| {
                let text = p.move_string(mv);
                p.play(mv);
                Some(text)
            })
            .collect(),
    }
}

/// A finished game's result for the player to move, and in words: the value of a
/// position with no move to value.
fn finished_value<G: Playable>(lang: Lang, pos: &G, outcome: Outcome) -> (&'static str, String) {
    let to_move = pos.to_move();
    match outcome.winner(to_move) {
        Some(winner) if winner == to_move => ("win", lang.say("value.over.win", &[])),
        Some(_) => ("loss", lang.say("value.over.loss", &[])),
        None => ("draw", lang.say("value.over.draw", &[])),
    }
}

/// The analysis of `pos` from its moves' values, each with whether it is proved; its
/// words in `lang`.
fn analysis_json<G: Playable>(
    lang: Lang,
    pos: &G,
    mut values: Vec<(MoveValue<G::Move>, bool)>,
    method: &'static str,
    nodes: u64,
    clock: Instant,
) -> AnalysisJson {
    // Best first; equal values keep their order.
    values.sort_by_key(|(m, _)| std::cmp::Reverse(m.value));
    let moves: Vec<MoveJson> = values
        .iter()
        .map(|(m, proved)| move_json(lang, pos, m, *proved))
        .collect();
    // No move valued: the game is over, and its value is its result; or no move could be
    // valued in the time, and nothing is known.
    let finished = moves.is_empty().then(|| pos.outcome()).flatten();
    let (value, text, pv) = match (moves.first(), finished) {
        (Some(best), _) => (best.value, best.text.clone(), best.pv.clone()),
        (None, Some(outcome)) => {
            let (value, text) = finished_value(lang, pos, outcome);
            (value, text, Vec::new())
        }
        (None, None) => ("estimate", lang.say("value.none-in-time", &[]), Vec::new()),
    };
    let best_value = values.first().map(|(m, _)| m.value);
    AnalysisJson {
        exact: finished.is_some()
            || (!moves.is_empty() && moves.iter().all(|m| m.value != "estimate")),
        value,
        text,
        best: values
            .iter()
            .filter(|(m, _)| Some(m.value) == best_value)
            .map(|(m, _)| pos.move_string(m.mv))
            .collect(),
        pv,
        moves,
        method,
        nodes,
        time_ms: clock.elapsed().as_secs_f64() * 1e3,
    }
}

/// Every move's value: exact when the game allows it in the time, else estimated.
fn analyse<G: Playable>(
    lang: Lang,
    pos: &G,
    time: Duration,
    limits: &PlayLimits,
    control: &Control,
) -> Result<AnalysisJson, ApiError> {
    let clock = Instant::now();
    if pos.outcome().is_some() {
        return Ok(analysis_json(lang, pos, Vec::new(), "none", 0, clock));
    }
    let stop = control.stop_after(time);
    if pos.has_cycles() {
        let options = RetrogradeOptions {
            max_positions: RetrogradeOptions::default().max_positions.min(2_000_000),
            max_bytes: Some(512 << 20),
            ..RetrogradeOptions::default()
        };
        // A table that surely cannot fit is refused at once, not after the time.
        crate::resources::check_retrograde(pos, &options)?;
        let table = RetrogradeTable::solve_with_progress(pos, options, |_| {
            if stop.is_raised() {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        })
        .map_err(|e| crate::refusal::retrograde("max_search_ms", &pos.game_name(), &e))?;

        let values = proved(table.move_values(pos).unwrap_or_default());
        let nodes = table.stats().positions;
        return Ok(analysis_json(lang, pos, values, "retrograde", nodes, clock));
    }
    if pos.memoised_solve() {
        let mut solver = Solver::with_key(|p: &G| p.canonical().unwrap_or_else(|| p.clone()))
            .with_limits(SolverLimits {
                max_positions: Some(5_000_000),
                max_bytes: Some(512 << 20),
                stop: Some(stop.clone()),
            });
        if let Ok(values) = solver.try_move_values(pos) {
            let nodes = solver.nodes();
            return Ok(analysis_json(
                lang,
                pos,
                proved(values),
                "memo",
                nodes,
                clock,
            ));
        }
    } else if !pos.prefers_engine() {
        let mut observer = crate::control::StopObserver::new(stop.clone(), limits.max_nodes);
        let (values, stats) = evaluate_moves_with(
            pos,
            &ply_core::NoEvaluation,
            Algorithm::AlphaBeta,
            SearchOptions::default(),
            &mut observer,
        );
        if !observer.stopped() {
            return Ok(analysis_json(
                lang,
                pos,
                proved(values),
                "alphabeta",
                stats.nodes,
                clock,
            ));
        }
    }
    // The standard Connect Four board: every move's exact score from its own solver
    // (the book's children at once, the others solved on every core), within three
    // quarters of the time; a move left unsolved then is estimated by the engine in the
    // time left.
    let mut before = Before::new(clock);
    if pos.as_connect4().is_some_and(|board| board.is_standard()) {
        let silent: crate::solve::ProgressFn = Arc::new(|_| {});
        let within = control.within(time - time / 4);
        if let Some(found) = crate::solve::standard_board_values(
            pos,
            None,
            limits.hash_mib,
            limits.book.as_deref(),
            &within,
            &silent,
        ) {
            let found = found?;
            if !found.interrupted {
                return Ok(analysis_json(
                    lang,
                    pos,
                    proved(found.moves),
                    "engine",
                    found.stats.nodes,
                    clock,
                ));
            }
            before.values = found.moves;
            before.nodes = found.stats.nodes;
        }
    }
    // The engine: each move's child searched in exact mode, sharing the time left.
    let left = time
        .saturating_sub(clock.elapsed())
        .max(Duration::from_millis(1));
    engine_values(lang, pos, left, None, limits, control, before)
}

/// What an analysis did before the engine's turn: when it started, and the moves it
/// valued exactly already, with the nodes that took.
struct Before<M> {
    clock: Instant,
    values: Vec<MoveValue<M>>,
    nodes: u64,
}

impl<M> Before<M> {
    /// Nothing done yet, the clock started at `clock`.
    fn new(clock: Instant) -> Before<M> {
        Before {
            clock,
            values: Vec::new(),
            nodes: 0,
        }
    }
}

/// The values a depth-limited search sees (a weak level of play), within the request's
/// time like every other search.
fn shallow<G: Playable>(
    lang: Lang,
    pos: &G,
    level: u32,
    time: Duration,
    limits: &PlayLimits,
    control: &Control,
) -> Result<AnalysisJson, ApiError> {
    let clock = Instant::now();
    engine_values(
        lang,
        pos,
        time,
        Some(level),
        limits,
        control,
        Before::new(clock),
    )
}

fn engine_values<G: Playable>(
    lang: Lang,
    pos: &G,
    time: Duration,
    depth: Option<u32>,
    limits: &PlayLimits,
    control: &Control,
    before: Before<G::Move>,
) -> Result<AnalysisJson, ApiError> {
    struct Search<'a, G: Playable> {
        lang: Lang,
        pos: &'a G,
        time: Duration,
        depth: Option<u32>,
        limits: &'a PlayLimits,
        control: &'a Control,
        before: Before<G::Move>,
    }
    impl<G: Playable> HooksVisitor<G> for Search<'_, G> {
        type Output = Result<AnalysisJson, ApiError>;
        fn visit<H: SearchHooks<G>>(self, hooks: H) -> Self::Output {
            let pos = self.pos;
            let settings = Settings {
                hash_mib: self.limits.hash_mib,
                threads: 1,
                ..Settings::default()
            };
            let hooks = WithKnownValues::new(hooks, GameBook(self.limits.book.clone()));
            // A table that does not fit is refused: no value is known without the search.
            let mut engine = crate::resources::engine(hooks, pos.evaluator(), settings)?;
            // The standard Connect Four board has its own exact solver, faster than the
            // engine's exact mode.
            let standard = match pos.as_connect4() {
                Some(board) if self.depth.is_none() && board.is_standard() => {
                    Some(crate::resources::standard_solver(
                        self.limits.hash_mib.saturating_mul(1 << 20),
                        1,
                    )?)
                }
                _ => None,
            };
            // The moves valued before are kept, proved; the engine values the others.
            let Before {
                clock,
                values: known,
                nodes: known_nodes,
            } = self.before;
            let moves: Vec<G::Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|&mv| !known.iter().any(|m| m.mv == mv))
                .collect();
            let share = self.time / moves.len().max(1) as u32;
            let mut values: Vec<_> = known.into_iter().map(|m| (m, true)).collect();
            let mut nodes = known_nodes;
            // Past the time (or when the caller stops), the moves not yet valued are left
            // out: a position with a million moves must not hold the search for hours.
            let deadline = Instant::now() + self.time;
            for mv in moves {
                if Instant::now() > deadline || self.control.is_stopped() {
                    break;
                }
                let child = pos.after(mv);
                // A child the book holds is answered exactly at once (its value is
                // node-relative: for the child's player to move).
                let from_book = self
                    .limits
                    .book
                    .as_deref()
                    .and_then(|book| child.book_value(book));
                if let Some(score) = from_book {
                    let mine = if child.to_move() == pos.to_move() {
                        score
                    } else {
                        -score
                    };
                    let value = MoveValue {
                        mv,
                        value: mine.from_node(1),
                        pv: vec![mv],
                    };
                    values.push((value, true));
                    continue;
                }
                let value = match child.outcome() {
                    Some(outcome) => {
                        // The child is over: its value for its mover, negated for ours.
                        let score = outcome.score(0, true);
                        let mine = if child.to_move() == pos.to_move() {
                            score
                        } else {
                            -score
                        };
                        let value = MoveValue {
                            mv,
                            value: mine.from_node(1),
                            pv: vec![mv],
                        };
                        (value, true)
                    }
                    None => {
                        // First the engine's estimate (depth-limited: it proves a win or
                        // loss within its depth), then, with the rest of the move's time,
                        // the exact value; a stopped exact search proves nothing (its
                        // score is only a bound), so the estimate stands.
                        let heuristic = Limits {
                            depth: self.depth,
                            time: Some(if self.depth.is_some() {
                                share
                            } else {
                                share / 4
                            }),
                            nodes: Some(self.limits.max_nodes),
                            stop: Some(self.control.stop()),
                            exact: false,
                        };
                        let mut result = engine.search(&child, &heuristic);
                        nodes += result.stats.nodes;
                        if let (Some(solver), Some(board), false) =
                            (&standard, child.as_connect4(), result.exact)
                        {
                            let stop = self.control.stop().child().with_timeout(share - share / 4);
                            if let Ok(Some(solution)) = solver.solve(board, &stop) {
                                nodes += solution.nodes;
                                if let Some(score) =
                                    ply_games::connect4::from_pons(board, solution.score)
                                {
                                    let line = crate::solve::standard_line(solver, &child, &stop);
                                    result.score = score;
                                    result.exact = true;
                                    result.pv = line.map(|(line, _)| line).unwrap_or_default();
                                }
                            }
                        } else if self.depth.is_none() && !result.exact {
                            let exact = Limits {
                                time: Some(share - share / 4),
                                exact: true,
                                ..heuristic
                            };
                            let proof = engine.search(&child, &exact);
                            nodes += proof.stats.nodes;
                            if proof.exact {
                                result = proof;
                            }
                        }
                        let score = if child.to_move() == pos.to_move() {
                            result.score
                        } else {
                            -result.score
                        };
                        let mut pv = vec![mv];
                        pv.extend(result.pv.iter().copied());
                        let value = MoveValue {
                            mv,
                            value: score.from_node(1),
                            pv,
                        };
                        (value, result.exact)
                    }
                };
                values.push(value);
            }
            let method = if self.depth.is_some() {
                "depth"
            } else {
                "engine"
            };
            Ok(analysis_json(self.lang, pos, values, method, nodes, clock))
        }
    }
    pos.with_search_hooks(Search {
        lang,
        pos,
        time,
        depth,
        limits,
        control,
        before,
    })
}
