//! Solve a position exactly: win, draw or loss, in how many plies, and the value of
//! every move. This is `ply solve GAME POSITION --json` and `POST /api/solve`: both
//! print the [`SolveReport`] made here.
//!
//! The method follows the game: a retrograde table for games whose positions repeat,
//! the memoised solver for the taking games, the engine's exact mode for large games
//! (Connect Four, with its opening book when one is given), alpha-beta otherwise.

use crate::control::Control;
use crate::cyclic::{self, TableError};
use crate::lang::Lang;
use crate::resources;
use crate::words::{result_text_in, result_word, threads_note_in};
use crate::{ApiError, games::with_spec};
use ply_core::engine::{
    Bound, Engine, HooksVisitor, KnownValues, Limits, SearchHooks, Settings, WithKnownValues,
};
use ply_core::phrase::Phrase;
use ply_core::solve::SolveError;

use ply_core::stop::Stop;
use ply_core::{
    Algorithm, Game, MoveValue, NoEvaluation, Score, SearchOptions, SearchStats,
    evaluate_moves_with,
};
use ply_games::connect4::{OpeningBook, StandardSolver, from_pons};
use ply_games::{GameVisitor, Playable};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// Who hears where a long solve stands (a terminal's progress line; nobody: [`quiet`]).
pub type ProgressFn = Arc<dyn Fn(String) + Send + Sync>;

/// Progress nobody hears.
pub fn quiet() -> ProgressFn {
    Arc::new(|_| {})
}

/// What a report says of the book built into ply (`BookRef::path`).
pub const SHIPPED_BOOK: &str = "built-in";

/// An opening book and where it was read from.
#[derive(Clone, Debug)]
pub struct BookRef {
    /// The file it was read from, as the user named it.
    pub path: String,
    /// The book.
    pub book: Arc<OpeningBook>,
}

impl BookRef {
    /// The Connect Four book built into ply, for the standard board, described as
    /// [`SHIPPED_BOOK`]: what `ply serve` reads when it finds no book file.
    pub fn shipped() -> Option<BookRef> {
        ply_games::Connect4::standard()
            .shipped_book()
            .map(|book| BookRef {
                path: SHIPPED_BOOK.to_string(),
                book,
            })
    }
}

/// How to solve.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// `minimax`, `negamax`, `alphabeta` or `memo`; `None`: the game's default method.
    pub algorithm: Option<String>,
    /// Solve with the engine on this many threads.
    pub threads: Option<usize>,
    /// Solve with the engine and a table of this many MiB (default 64).
    pub hash_mib: Option<usize>,
    /// Add each move's score in the game's own convention (Connect Four: Pons').
    pub all_moves: bool,
    /// Win, draw or loss only, without the distance.
    pub weak: bool,
    /// The opening book the engine reads (Connect Four).
    pub book: Option<BookRef>,
    /// The language of the report's words (`text`, `explanation`, `notes`).
    pub lang: Lang,
}

/// One move and its exact value.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct SolvedMove {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// `win`, `draw` or `loss` for the player who makes it.
    pub value: &'static str,
    /// The value in words, in the request's language: "win in 3", "draw" ("win"
    /// alone in a weak solve).
    pub text: String,
    /// Plies to the end under best play (null in a weak solve).
    pub plies: Option<u32>,
    /// The game's own score (Connect Four with `all_moves`; null in a weak solve).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<Option<i32>>,
    /// Best play after the move, starting with it.
    pub pv: Vec<String>,
}

/// A position solved: what `ply solve --json` prints.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SolveReport {
    /// The game's name.
    pub game: String,
    /// The position, in the game's notation.
    pub position: String,
    /// The player to move.
    pub to_move: String,
    /// `win`, `draw` or `loss` for the player to move.
    pub value: &'static str,
    /// The value in words, in the request's language: "win in 5", "draw" ("win"
    /// alone in a weak solve).
    pub text: String,
    /// Plies to the end under best play (null in a weak solve).
    pub plies: Option<u32>,
    /// The game's own score (Connect Four: Pons'; null in a weak solve).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<Option<i32>>,
    /// The best moves.
    pub best: Vec<String>,
    /// Every legal move, best first.
    pub moves: Vec<SolvedMove>,
    /// Best play from the position.
    pub pv: Vec<String>,
    /// The method: `retrograde`, `memo`, `engine`, `minimax`, `negamax`, `alphabeta`.
    pub algorithm: &'static str,
    /// Nodes searched.
    pub nodes: u64,
    /// Leaves evaluated.
    pub leaves: u64,
    /// Cutoffs.
    pub cutoffs: u64,
    /// Distinct positions solved (memo only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<usize>,
    /// Time taken, in milliseconds.
    pub time_ms: f64,
    /// The opening book used (Connect Four only; null: none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub book: Option<Option<String>>,
    /// Why the best move is best, where the game's theory can say it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
    /// The game's own facts (pursuit: `cops_win`, `capture_time`).
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
    /// The same facts as text, for a terminal.
    #[serde(skip)]
    pub extra_text: Vec<(&'static str, String)>,
    /// What the caller should know of how the solve ran (more threads asked for than
    /// this build runs); absent when there is nothing to say.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// A solve stopped before the end: the moves solved so far.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct InterruptedReport {
    /// The game's name.
    pub game: String,
    /// The position.
    pub position: String,
    /// The player to move.
    pub to_move: String,
    /// Always true.
    pub interrupted: bool,
    /// The moves solved so far, best first (fewer than the legal moves).
    pub moves: Vec<SolvedMove>,
    /// The method.
    pub algorithm: &'static str,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken, in milliseconds.
    pub time_ms: f64,
}

/// What a solve gives: the whole answer, or what it had when it was stopped.
// One per request, moved once or twice: boxing the larger report would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Solved {
    /// Every move solved.
    Complete(SolveReport),
    /// Stopped (its control raised, or out of time) before the end.
    Interrupted(InterruptedReport),
}

/// The request of `POST /api/solve`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The game's spec.
    pub game: String,
    /// The position (default: the start).
    #[serde(default)]
    pub position: Option<String>,
    /// The most time the solve may take, in milliseconds.
    #[serde(default)]
    pub time_ms: Option<u64>,
    /// As `ply solve --algorithm`.
    #[serde(default)]
    pub algorithm: Option<String>,
    /// As `ply solve --all-moves`.
    #[serde(default)]
    pub all_moves: bool,
    /// As `ply solve --weak`.
    #[serde(default)]
    pub weak: bool,
    /// The language of the answer's words: `en` (the default), `sv`, `zh` or `el`.
    #[serde(default, deserialize_with = "crate::words::lang_field")]
    pub lang: Lang,
}

/// Solves the position of a request, within `max_ms` (its own `time_ms` when smaller):
/// a solve that runs out of time is refused with the `max_search_ms` limit. The engine
/// reads `book` where the game has books (as `ply solve` reads the one it finds).
pub fn solve(
    request: &SolveRequest,
    default_ms: u64,
    max_ms: u64,
    book: Option<&BookRef>,
    control: &Control,
) -> Result<SolveReport, ApiError> {
    let ms = request.time_ms.unwrap_or(default_ms);
    if ms > max_ms {
        return Err(crate::refusal::time_limit(ms, max_ms));
    }
    let options = SolveOptions {
        algorithm: request.algorithm.clone(),
        all_moves: request.all_moves,
        weak: request.weak,
        // As `ply solve` chooses (the same answer, the same JSON): the engine with its
        // 64 MiB table for large games, the textbook searches for small ones.
        book: book.filter(|_| request.algorithm.is_none()).cloned(),
        lang: request.lang,
        ..SolveOptions::default()
    };
    let deadline = control.within(Duration::from_millis(ms.max(1)));
    struct Visit<'a>(&'a SolveRequest, &'a SolveOptions, &'a Control);
    impl GameVisitor for Visit<'_> {
        type Output = Result<Solved, ApiError>;
        fn visit<G: Playable>(self, start: G) -> Self::Output {
            let root = crate::games::position_or_start(&start, self.0.position.as_deref())?;
            solve_position(&root, self.1, self.2, &quiet())
        }
    }
    match with_spec(&request.game, Visit(request, &options, &deadline))?? {
        Solved::Complete(report) => Ok(report),
        Solved::Interrupted(partial) => Err(ApiError::limit_said(
            "max_search_ms",
            Phrase::new("errors.solve.not_within")
                .arg("ms", ms)
                .arg("solved", partial.moves.len())
                .arg("nodes", partial.nodes),
        )),
    }
}

/// Answers `POST /api/solve` for Pig (`pig`, `pig:N`): the [`PigSolveReport`] of the
/// position, from the exact table of its goal. The request's `algorithm`, `all_moves`
/// and `weak` are refused (the table is the method); `time_ms` is not needed, the
/// largest goal solving in about a second.
///
/// [`PigSolveReport`]: crate::pig::PigSolveReport
pub fn solve_pig(request: &SolveRequest) -> Result<crate::pig::PigSolveReport, ApiError> {
    let goal = crate::pig::spec_goal(&request.game).unwrap_or_else(|| {
        Err(ApiError::bad_request_said(
            Phrase::new("errors.pig.not_pig").arg("spec", ply_core::text::excerpt(&request.game)),
        ))
    })?;
    let given = [
        ("algorithm", request.algorithm.is_some()),
        ("all_moves", request.all_moves),
        ("weak", request.weak),
    ];
    if let Some((option, _)) = given.iter().find(|(_, given)| *given) {
        return Err(ApiError::bad_request_said(
            Phrase::new("errors.pig.option").arg("option", *option),
        ));
    }
    crate::pig::solve(goal, request.position.as_deref(), request.lang)
}

/// Solves `position` (`None`: the start) of the game `spec` names with `options`,
/// stopped by `control` or after `time_ms`: what the bindings' `solve` calls. Each
/// move's score in the game's own convention comes with it where the game has one
/// (as `ply solve --all-moves`). With `shipped_book`, and no book in the options, the
/// engine reads the book that ships with ply for the game's board, if any (as `ply
/// solve` does when it finds no book file). A solve stopped before the end is refused
/// with the limit `stopped`.
pub fn solve_spec(
    spec: &str,
    position: Option<&str>,
    options: &SolveOptions,
    shipped_book: bool,
    time_ms: Option<u64>,
    control: &Control,
) -> Result<SolveReport, ApiError> {
    let control = match time_ms {
        Some(ms) => control.within(Duration::from_millis(ms.max(1))),
        None => control.clone(),
    };
    struct Visit<'a>(Option<&'a str>, &'a SolveOptions, bool, &'a Control);
    impl GameVisitor for Visit<'_> {
        type Output = Result<Solved, ApiError>;
        fn visit<G: Playable>(self, start: G) -> Self::Output {
            let root = crate::games::position_or_start(&start, self.0)?;
            let shipped = || {
                let book = root.shipped_book()?;
                Some(BookRef {
                    path: SHIPPED_BOOK.to_string(),
                    book,
                })
            };
            let options = SolveOptions {
                // Every move's score in the game's own convention, where it has one.
                all_moves: self.1.all_moves || (root.has_conventional_score() && !self.1.weak),
                book: self.1.book.clone().or_else(|| {
                    (self.2 && self.1.algorithm.is_none())
                        .then(shipped)
                        .flatten()
                }),
                ..self.1.clone()
            };
            solve_position(&root, &options, self.3, &quiet())
        }
    }
    match with_spec(spec, Visit(position, options, shipped_book, &control))?? {
        Solved::Complete(report) => Ok(report),
        Solved::Interrupted(partial) => Err(ApiError::limit_said(
            "stopped",
            Phrase::new("errors.solve.stopped")
                .arg("solved", partial.moves.len())
                .arg("nodes", partial.nodes),
        )),
    }
}

/// The options that cannot apply to `root`.
fn refuse_what_does_not_apply<G: Playable>(
    options: &SolveOptions,
    root: &G,
) -> Result<(), ApiError> {
    if root.has_cycles() {
        let given = [
            ("--algorithm", options.algorithm.is_some()),
            ("--threads", options.threads.is_some()),
            ("--hash", options.hash_mib.is_some()),
            ("--weak", options.weak),
        ];
        if let Some((option, _)) = given.iter().find(|(_, given)| *given) {
            return Err(ApiError::bad_request_said(
                Phrase::new("errors.solve.option_cycles")
                    .arg("option", *option)
                    .arg("game", root.game_name()),
            ));
        }
    }
    if options.all_moves && !root.has_conventional_score() {
        return Err(ApiError::bad_request_said(
            Phrase::new("errors.solve.all_moves").arg("game", root.game_name()),
        ));
    }
    if let Some(algorithm) = &options.algorithm
        && options.book.is_some()
    {
        return Err(ApiError::bad_request_said(
            Phrase::new("errors.solve.book").arg("algorithm", algorithm.as_str()),
        ));
    }
    Ok(())
}

/// The values a solve found, and whether it was stopped.
struct Found<M> {
    moves: Vec<MoveValue<M>>,
    stats: SearchStats,
    algorithm: &'static str,
    positions: Option<usize>,
    interrupted: bool,
}

impl<M> Found<M> {
    fn complete(
        (moves, stats): (Vec<MoveValue<M>>, SearchStats),
        algorithm: &'static str,
        positions: Option<usize>,
    ) -> Found<M> {
        Found {
            moves,
            stats,
            algorithm,
            positions,
            interrupted: false,
        }
    }
}

/// The line `moves` played from `pos`, in the game's notation.
pub fn line<G: Playable>(pos: &G, moves: &[G::Move]) -> Vec<String> {
    let mut pos = pos.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = pos.move_string(mv);
            pos.play(mv);
            text
        })
        .collect()
}

/// The key under which the memoised solver files a position: its canonical form
/// where the game has symmetries (symmetric positions are solved once).
pub fn canonical_key<G: Playable>(position: &G) -> G {
    position.canonical().unwrap_or_else(|| position.clone())
}

/// Solves `root` as `options` say. `control` stops it (the answer is then what was
/// solved so far); `progress` hears where a long solve stands.
pub fn solve_position<G: Playable>(
    root: &G,
    options: &SolveOptions,
    control: &Control,
    progress: &ProgressFn,
) -> Result<Solved, ApiError> {
    refuse_what_does_not_apply(options, root)?;
    let memo = match options.algorithm.as_deref() {
        Some(name) => name == "memo",
        None => root.memoised_solve(),
    };
    let book = options.book.as_ref().filter(|_| root.has_books());
    let mut engine_used = false;
    let clock = Instant::now();
    let stop = control.stop();
    let found = if root.has_cycles() {
        match cyclic::solve_table(root, &stop, |p| progress(p)) {
            Ok(table) => Found::complete(
                (cyclic::move_values(&table, root), cyclic::stats(&table)),
                "retrograde",
                None,
            ),
            Err(TableError::Stopped) => Found {
                moves: Vec::new(),
                stats: SearchStats::default(),
                algorithm: "retrograde",
                positions: None,
                interrupted: true,
            },
            Err(TableError::Failed(error)) => return Err(error),
        }
    } else if options.algorithm.is_none()
        && (options.weak
            || options.threads.is_some()
            || options.hash_mib.is_some()
            || root.prefers_engine())
    {
        engine_used = true;
        root.with_search_hooks(EngineSolve {
            options,
            root,
            book,
            control,
            progress,
        })?
    } else if memo {
        let hear = Arc::clone(progress);
        let mut solver =
            resources::memo_solver(root, canonical_key::<G>, stop.clone(), move |p| hear(p))?;
        let solved = solver.try_move_values(root);
        let stats = SearchStats {
            nodes: solver.nodes() + 1,
            ..SearchStats::default()
        };
        match solved {
            Ok(moves) => Found::complete((moves, stats), "memo", Some(solver.positions())),
            Err(SolveError::Interrupted) => Found {
                moves: Vec::new(),
                stats,
                algorithm: "memo",
                positions: Some(solver.positions()),
                interrupted: true,
            },
            Err(error) => {
                return Err(crate::refusal::solver(root.game_name(), &error));
            }
        }
    } else {
        let algorithm: Algorithm =
            crate::tree::algorithm_named(options.algorithm.as_deref().unwrap_or("alphabeta"))?;

        resources::check_search(root, None)?;
        let mut observer = Progress {
            stop: &stop,
            progress,
            algorithm: algorithm.name(),
            nodes: 0,
            stopped: false,
        };
        let (moves, mut stats) = evaluate_moves_with(
            root,
            &NoEvaluation,
            algorithm,
            SearchOptions::default(),
            &mut observer,
        );
        stats.nodes += 1;
        Found {
            interrupted: observer.stopped,
            ..Found::complete((moves, stats), algorithm.name(), None)
        }
    };
    let elapsed = clock.elapsed();
    let Found {
        moves,
        stats,
        algorithm: algorithm_name,
        positions,
        interrupted,
    } = found;
    let millis = (elapsed.as_secs_f64() * 1e6).round() / 1e3;

    // Plies to the end, unknown in a weak solve. A draw's distance is its line's length,
    // known only when the line reaches the end (an engine solve with an opening book
    // may prove a shorter line: docs/engine.md).
    let plies = |value: Score, line: &[G::Move]| {
        let ends = || {
            let mut pos = root.clone();
            line.iter().for_each(|&mv| pos.play(mv));
            pos.outcome().is_some()
        };
        (!options.weak && (value.plies_to_end().is_some() || ends()))
            .then(|| value.plies_to_end().unwrap_or(line.len() as u32))
    };
    // The game's own score: Connect Four only (the outer Option), unknown in a weak
    // solve (the inner one).
    let score_of = |pos: &G, value| {
        pos.has_conventional_score().then(|| {
            if options.weak {
                None
            } else {
                pos.conventional_score(value)
            }
        })
    };
    let solved_move = |m: &MoveValue<G::Move>| SolvedMove {
        mv: root.move_string(m.mv),
        value: result_word(m.value),
        text: result_text_in(options.lang, m.value, plies(m.value, &m.pv)),
        plies: plies(m.value, &m.pv),
        // The move's value seen from the root is the child's value negated: the
        // root's score of that line is the score of the move.
        score: options.all_moves.then(|| score_of(root, m.value)).flatten(),
        pv: line(root, &m.pv),
    };
    if interrupted {
        return Ok(Solved::Interrupted(InterruptedReport {
            game: root.game_name(),
            position: root.position_string(),
            to_move: root.player_name(root.to_move()),
            interrupted: true,
            moves: moves.iter().map(solved_move).collect(),
            algorithm: algorithm_name,
            nodes: stats.nodes,
            time_ms: millis,
        }));
    }
    let (value, pv) = match (moves.first(), root.outcome()) {
        (Some(best), _) => (best.value, best.pv.clone()),
        (None, Some(outcome)) => (outcome.score(0, true), Vec::new()),
        (None, None) => {
            return Err(ApiError::bad_request_said(Phrase::new(
                "errors.solve.no_move_unfinished",
            )));
        }
    };
    let best: Vec<_> = moves.iter().take_while(|m| m.value == value).collect();
    let explanation = best
        .first()
        .and_then(|m| root.explain_move(m.mv))
        .map(|why| crate::explain::phrase(options.lang, &why));
    let fields = if options.weak {
        Vec::new()
    } else {
        root.solve_fields(value, &pv)
    };
    Ok(Solved::Complete(SolveReport {
        game: root.game_name(),
        position: root.position_string(),
        to_move: root.player_name(root.to_move()),
        value: result_word(value),
        text: result_text_in(options.lang, value, plies(value, &pv)),
        plies: plies(value, &pv),
        score: score_of(root, value),
        best: best.iter().map(|m| root.move_string(m.mv)).collect(),
        moves: moves.iter().map(solved_move).collect(),
        pv: line(root, &pv),
        algorithm: algorithm_name,
        nodes: stats.nodes,
        leaves: stats.leaves,
        cutoffs: stats.cutoffs,
        positions,
        time_ms: millis,
        // Only the engine reads the book.
        book: root
            .has_books()
            .then(|| book.filter(|_| engine_used).map(|b| b.path.clone())),
        explanation,
        extra: fields
            .iter()
            .map(|(name, v)| (name.to_string(), cyclic::field_json(v)))
            .collect(),
        extra_text: fields
            .iter()
            .map(|(name, v)| (*name, cyclic::field_text(v)))
            .collect(),
        notes: options
            .threads
            .and_then(|threads| threads_note_in(options.lang, threads))
            .into_iter()
            .collect(),
    }))
}

/// The textbook searches' observer: stops when the flag is raised, and tells
/// `progress` the nodes searched every few milliseconds of search.
struct Progress<'a> {
    stop: &'a Stop,
    progress: &'a ProgressFn,
    algorithm: &'static str,
    nodes: u64,
    stopped: bool,
}

impl Progress<'_> {
    /// `progress` hears of the search every this many nodes.
    const EVERY: u64 = 1 << 16;
}

impl<G: Game> ply_core::Observer<G> for Progress<'_> {
    #[inline]
    fn stop_requested(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % Self::EVERY == 0 {
            (self.progress)(format!(
                "{}: {} nodes",
                self.algorithm,
                crate::words::human_count(self.nodes)
            ));
            self.stopped |= self.stop.is_raised();
        }
        self.stopped
    }
}

/// An optional opening book as a source of known values for any game's engine: for
/// a game without books (or without a book) it never answers. The check for a book
/// comes first, so an engine without one pays one branch per node.
#[derive(Clone, Debug, Default)]
pub struct GameBook(pub Option<Arc<OpeningBook>>);

impl<G: Playable> KnownValues<G> for GameBook {
    #[inline]
    fn known_value(&self, position: &G) -> Option<Score> {
        position.book_value(self.0.as_deref()?)
    }
}

/// The value of the move `mv` from `pos` (node-relative to `pos`, plies counted from
/// it) when the book answers at once: the child is over, or the book holds it. With its
/// line: the move, then best play as far as the book knows it.
pub fn book_move_value<G: Playable>(
    pos: &G,
    mv: G::Move,
    book: &OpeningBook,
) -> Option<MoveValue<G::Move>> {
    let child = pos.after(mv);
    let for_child = match child.outcome() {
        Some(outcome) => outcome.score(0, true),
        None => child.book_value(book)?,
    };
    let mut pv = vec![mv];
    pv.extend(book_line(&child, book));
    Some(child_move_value(pos, &child, mv, for_child, pv))
}

/// The value of the move `mv` from `pos` to `child`, node-relative to `pos`, from the
/// child's score for its own side to move (negated when the turn passes).
fn child_move_value<G: Playable>(
    pos: &G,
    child: &G,
    mv: G::Move,
    for_child: Score,
    pv: Vec<G::Move>,
) -> MoveValue<G::Move> {
    let mine = if child.to_move() == pos.to_move() {
        for_child
    } else {
        -for_child
    };
    MoveValue {
        mv,
        value: mine.from_node(1),
        pv,
    }
}

/// Best play from `pos` as far as the book knows it: at each position, the move whose
/// child the book (or the end of the game) values best, while every child is known.
pub fn book_line<G: Playable>(pos: &G, book: &OpeningBook) -> Vec<G::Move> {
    let mut line = Vec::new();
    let mut pos = pos.clone();
    // (The book's depth bounds the line; the cap only guards a game whose book is odd.)
    while pos.outcome().is_none() && line.len() < 64 {
        let mut best: Option<(Score, G::Move)> = None;
        for mv in pos.legal_moves() {
            let child = pos.after(mv);
            let for_child = match child.outcome() {
                Some(outcome) => outcome.score(0, true),
                None => match child.book_value(book) {
                    Some(score) => score,
                    None => return line,
                },
            };
            let mine = if child.to_move() == pos.to_move() {
                for_child
            } else {
                -for_child
            };
            if best.is_none_or(|(value, _)| mine > value) {
                best = Some((mine, mv));
            }
        }
        let Some((_, mv)) = best else { break };
        line.push(mv);
        pos.play(mv);
    }
    line
}

struct EngineSolve<'a, G> {
    options: &'a SolveOptions,
    root: &'a G,
    book: Option<&'a BookRef>,
    control: &'a Control,
    progress: &'a ProgressFn,
}

impl<G: Playable> HooksVisitor<G> for EngineSolve<'_, G> {
    type Output = Result<Found<G::Move>, ApiError>;

    fn visit<H: SearchHooks<G>>(self, hooks: H) -> Self::Output {
        let (options, root) = (self.options, self.root);
        if !options.weak {
            if let Some(found) =
                standard_move_values(root, options, self.book, self.control, self.progress)
            {
                return found;
            }
        }
        let settings = Settings::default()
            .with_threads(options.threads.unwrap_or(1))
            .with_hash(options.hash_mib.unwrap_or(64));
        resources::check_search(root, None)?;
        let hooks = WithKnownValues::new(hooks, GameBook(self.book.map(|b| b.book.clone())));
        let mut engine = resources::engine(hooks, NoEvaluation, settings)?;
        if options.weak {
            return Ok(weak_move_values(
                &mut engine,
                root,
                self.control,
                self.progress,
            ));
        }
        let limits = Limits::exact().with_stop(self.control.stop());
        let mut interrupted = false;
        let mut stats = SearchStats {
            nodes: 1,
            ..SearchStats::default()
        };
        let mut values = Vec::new();
        let moves = root.legal_moves();
        for (number, &mv) in moves.iter().enumerate() {
            // A child the book holds is answered at once, with its line from the book.
            if let Some(known) = self
                .book
                .and_then(|book| book_move_value(root, mv, &book.book))
            {
                values.push(known);
                continue;
            }
            let child = root.after(mv);
            let name = root.move_string(mv);
            let result = engine.search_with(&child, &limits, |info| {
                (self.progress)(format!(
                    "solving move {} of {} ({name}): {} nodes",
                    number + 1,
                    moves.len(),
                    crate::words::human_count(info.nodes)
                ));
            });
            stats += result.stats.into();
            if !result.exact {
                // Only the stop flag ends an exact search early.
                interrupted = true;
                break;
            }
            // The child's score counts plies from the child: one more from the root.
            let value = if child.to_move() == root.to_move() {
                result.score
            } else {
                -result.score
            };
            let mut pv = vec![mv];
            pv.extend(result.pv);
            values.push(MoveValue {
                mv,
                value: value.from_node(1),
                pv,
            });
        }
        values.sort_by_key(|m| std::cmp::Reverse(m.value));
        Ok(Found {
            interrupted,
            ..Found::complete((values, stats), "engine", None)
        })
    }
}

/// Every move's exact value on the standard Connect Four board, by its own solver
/// ([`StandardSolver`]), with a line to the end of the game; `None` for any other game
/// or board. Children the book holds are answered from it, as the engine's are.
fn standard_move_values<G: Playable>(
    root: &G,
    options: &SolveOptions,
    book: Option<&BookRef>,
    control: &Control,
    progress: &ProgressFn,
) -> Option<Result<Found<G::Move>, ApiError>> {
    let solved = standard_board_values(
        root,
        options.threads,
        options.hash_mib.unwrap_or(64),
        book.map(|book| &*book.book),
        control,
        progress,
    )?;
    Some(solved.map(|found| Found {
        interrupted: found.interrupted,
        ..Found::complete((found.moves, found.stats), "engine", None)
    }))
}

/// Every move's exact value on the standard Connect Four board: what
/// [`standard_board_values`] found.
#[derive(Clone, Debug)]
pub struct BoardValues<M> {
    /// The moves solved, best first, each with its line to the end of the game.
    pub moves: Vec<MoveValue<M>>,
    /// The nodes searched.
    pub stats: SearchStats,
    /// Whether the control stopped the solve: then `moves` holds the moves solved in
    /// time, not every legal move.
    pub interrupted: bool,
}

/// Every move's exact value on the standard Connect Four board, by its own solver
/// ([`StandardSolver`]): the children `book` holds at once, the others solved on
/// `threads` threads (default: every core the machine has) over one table of `hash_mib`
/// MiB, each with its line to the end of the game. `None` for any other game or board,
/// or a position whose game is over; an error when the table's memory cannot be had.
/// What `ply solve connect4`, the engine of `ply play` and `/api/play/analysis` answer
/// from.
pub fn standard_board_values<G: Playable>(
    root: &G,
    threads: Option<usize>,
    hash_mib: usize,
    book: Option<&OpeningBook>,
    control: &Control,
    progress: &ProgressFn,
) -> Option<Result<BoardValues<G::Move>, ApiError>> {
    let board = root.as_connect4()?;
    if !board.is_standard() || root.outcome().is_some() {
        return None;
    }
    // The children the book or the game's end does not answer are searched: with more
    // than one thread, several children at once, one thread each over one shared table
    // (a hint's seven solves share out better than the probes of one solve do), and the
    // threads left without a child to start help the ones still running.
    let moves = root.legal_moves();
    let mut values = Vec::new();
    let mut searched: Vec<(G::Move, G)> = Vec::new();
    for &mv in &moves {
        if let Some(known) = book.and_then(|book| book_move_value(root, mv, book)) {
            values.push(known);
            continue;
        }
        let child = root.after(mv);
        match child.outcome() {
            // A four (or a full board, a draw) ends the game at once.
            Some(outcome) => values.push(child_move_value(
                root,
                &child,
                mv,
                outcome.score(0, true),
                vec![mv],
            )),
            None => searched.push((mv, child)),
        }
    }
    // The centre's children first: their solves are usually the longest, and started
    // first they do not leave one thread searching alone at the end.
    searched.sort_by_key(|(_, child)| {
        let column = child
            .as_connect4()
            .and_then(|board| board.history().last().copied())
            .unwrap_or(0);
        (i32::from(column) - 3).abs()
    });
    // (One in WebAssembly, which runs no thread of its own.)
    let threads = threads.map_or_else(resources::machine_threads, ply_core::threads::capped);
    let bytes = hash_mib.saturating_mul(1 << 20);
    let solver = match resources::standard_solver(bytes, 1) {
        Ok(solver) => solver,
        Err(error) => return Some(Err(error)),
    };
    let stop = control.stop();
    let jobs: Vec<ChildSolve> = searched
        .iter()
        .filter_map(|(_, child)| child.as_connect4())
        .map(|board| ChildSolve::new(*board, &stop))
        .collect();
    if jobs.len() < searched.len() {
        return Some(Err(ApiError::bad_request_said(Phrase::new(
            "errors.connect4.child",
        ))));
    }
    let names: Vec<String> = searched
        .iter()
        .map(|(mv, _)| root.move_string(*mv))
        .collect();
    // Two solves of a child at most: a third thread on it adds little, and a machine of
    // many cores serves other requests too.
    let threads = threads.min(2 * jobs.len()).max(1);
    if threads > 1 {
        progress(format!(
            "solving {} moves, {} at a time",
            jobs.len(),
            threads.min(jobs.len())
        ));
        std::thread::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(|| solve_children(&solver, &jobs, &stop, None));
            }
            solve_children(&solver, &jobs, &stop, None);
        });
    } else {
        solve_children(&solver, &jobs, &stop, Some((&names, progress)));
    }
    let mut stats = SearchStats {
        nodes: 1,
        ..SearchStats::default()
    };
    let mut interrupted = false;
    for ((mv, child), job) in searched.iter().zip(jobs) {
        let Some(solved) = job.into_solved() else {
            interrupted = true;
            continue;
        };
        stats.nodes += solved.nodes;
        // The child's side to move is the root's opponent: the root's score is the
        // child's negated, and Pons' scores count stones, not plies from a node.
        let Some(value) = from_pons(board, -solved.score) else {
            return Some(Err(ApiError::bad_request_said(Phrase::new(
                "errors.connect4.score_range",
            ))));
        };
        // The line: the best move of each position in turn, to the end of the game.
        let Some(line) = solved.line.and_then(|line| moves_of_columns(child, &line)) else {
            interrupted = true;
            continue;
        };
        let mut pv = vec![*mv];
        pv.extend(line);
        values.push(MoveValue { mv: *mv, value, pv });
    }
    values.sort_by_key(|m| std::cmp::Reverse(m.value));
    Some(Ok(BoardValues {
        moves: values,
        stats,
        interrupted,
    }))
}

/// One child of a position whose every move is valued on the standard board: solved by
/// one thread, helped by the threads that find no child left to start.
struct ChildSolve {
    board: ply_games::Connect4,
    /// Raised once the child is solved, to end its helpers' searches (and by the caller's
    /// stop).
    done: Stop,
    /// The solves started on it: the first, then its helpers.
    solvers: std::sync::atomic::AtomicUsize,
    /// Set by the solve that finishes first, which alone reports.
    claimed: std::sync::atomic::AtomicBool,
    solved: std::sync::Mutex<Option<SolvedChild>>,
}

/// What the solve of a [`ChildSolve`] found: the score for the child's side to move
/// (Pons' convention), the nodes, and the best line from the child to the end of the
/// game (`None` when stopped before it was complete).
struct SolvedChild {
    score: i32,
    nodes: u64,
    line: Option<Vec<ply_games::connect4::Column>>,
}

impl ChildSolve {
    fn new(board: ply_games::Connect4, stop: &Stop) -> ChildSolve {
        ChildSolve {
            board,
            done: stop.child(),
            solvers: std::sync::atomic::AtomicUsize::new(0),
            claimed: std::sync::atomic::AtomicBool::new(false),
            solved: std::sync::Mutex::new(None),
        }
    }

    /// What was found, if the child was solved.
    fn into_solved(self) -> Option<SolvedChild> {
        self.solved.into_inner().unwrap_or_else(|e| e.into_inner())
    }
}

/// One thread's share of solving `jobs`: the next child nobody has started, while there
/// is one; then, as a helper, the unsolved child with the fewest solves on it (lazy SMP
/// between solves: the helper's noisy ordering fills the shared table ahead of the
/// first solve, and whichever finishes first answers). The thread that finishes a
/// child also finds its line. With `progress` (one thread alone), each child is told
/// by name as it starts.
fn solve_children(
    solver: &StandardSolver,
    jobs: &[ChildSolve],
    stop: &Stop,
    progress: Option<(&[String], &ProgressFn)>,
) {
    use std::sync::atomic::Ordering::Relaxed;
    loop {
        if stop.is_raised() {
            return;
        }
        let unstarted = jobs
            .iter()
            .enumerate()
            .find(|(_, job)| job.solvers.load(Relaxed) == 0);
        let (at, job) = match unstarted {
            Some(found) => found,
            None => match jobs
                .iter()
                .enumerate()
                .filter(|(_, job)| !job.claimed.load(Relaxed))
                .min_by_key(|(_, job)| job.solvers.load(Relaxed))
            {
                Some(found) => found,
                None => return,
            },
        };
        let seed = job.solvers.fetch_add(1, Relaxed) as u64;
        if let Some((names, progress)) = progress {
            progress(format!(
                "solving move {} of {} ({})",
                at + 1,
                jobs.len(),
                names.get(at).map_or("?", String::as_str)
            ));
        }
        let solution = if seed == 0 {
            solver.solve(&job.board, &job.done)
        } else {
            solver.solve_as_helper(&job.board, &job.done, seed)
        };
        let solution = match solution {
            Ok(Some(solution)) => solution,
            // Stopped: by the caller (seen above), or another solve of the child won.
            Ok(None) => continue,
            // Not a position the solver takes (the caller passes none): left unsolved.
            Err(_) => {
                job.claimed.store(true, Relaxed);
                job.done.raise();
                continue;
            }
        };
        if job.claimed.swap(true, Relaxed) {
            continue;
        }
        job.done.raise();
        let line = standard_line(solver, &job.board, stop);
        let (line, line_nodes) = match line {
            Some((line, nodes)) => (Some(line), nodes),
            None => (None, 0),
        };
        *job.solved.lock().unwrap_or_else(|e| e.into_inner()) = Some(SolvedChild {
            score: solution.score,
            nodes: solution.nodes + line_nodes,
            line,
        });
    }
}

/// `columns` (the standard board's, from 0) as moves of `pos`'s game, played in turn
/// from `pos`; `None` if one is not a move there.
fn moves_of_columns<G: Playable>(
    pos: &G,
    columns: &[ply_games::connect4::Column],
) -> Option<Vec<G::Move>> {
    let mut pos = pos.clone();
    let mut moves = Vec::with_capacity(columns.len());
    for &column in columns {
        let mv = pos.parse_move(&(u32::from(column) + 1).to_string()).ok()?;
        pos.play(mv);
        moves.push(mv);
    }
    Some(moves)
}

/// Best play from `pos` to the end of the game on the standard Connect Four board: the
/// solver's best move of each position in turn (each solve quick once the table holds
/// the position's own), with the nodes it took; `None` when stopped.
pub(crate) fn standard_line<G: Playable>(
    solver: &StandardSolver,
    pos: &G,
    stop: &Stop,
) -> Option<(Vec<G::Move>, u64)> {
    let (mut line, mut nodes) = (Vec::new(), 0);
    let mut pos = pos.clone();
    while pos.outcome().is_none() {
        let solution = solver.solve(pos.as_connect4()?, stop).ok()??;
        nodes += solution.nodes;
        let column = solution.best?;
        let mv = pos.parse_move(&(column + 1).to_string()).ok()?;
        line.push(mv);
        pos.play(mv);
    }
    Some((line, nodes))
}

/// A weak solve: only whether the side to move wins (1), draws (0) or loses (−1).
/// The engine's exact mode narrows the value with null-window probes around the draw
/// first; once a probe settles the sign, the search is stopped, so the distance to the
/// end is never worked out. `None` when `control` stopped it first.
pub fn weak_solve<G, H, E>(
    engine: &mut Engine<G, H, E>,
    pos: &G,
    control: &Control,
) -> (Option<i32>, ply_core::engine::EngineStats)
where
    G: Game + Sync,
    H: SearchHooks<G>,
    E: ply_core::Evaluator<G> + Sync,
{
    // Raised here once the sign is known, and by the control.
    let stop = control.linked();
    let limits = Limits::exact().with_stop(stop.clone());
    let (mut lo, mut hi) = (-Score::INFINITY, Score::INFINITY);
    let mut sign = None;
    let result = engine.search_with(pos, &limits, |info| {
        match info.bound {
            Bound::Exact => (lo, hi) = (info.score, info.score),
            Bound::Lower => lo = lo.max(info.score),
            Bound::Upper => hi = hi.min(info.score),
        }
        let known = if lo > Score::DRAW {
            Some(1)
        } else if hi < Score::DRAW {
            Some(-1)
        } else if lo >= Score::DRAW && hi <= Score::DRAW {
            Some(0)
        } else {
            None
        };
        sign = sign.or(known);
        if sign.is_some() {
            stop.raise();
        }
    });
    if result.exact {
        sign = Some(ply_games::connect4::weak_sign(result.score));
    }
    (sign, result.stats)
}

/// Every root move's result (win, draw or loss, no distance) by weak solves of the
/// children sharing one table, best first. The scores stand for results only: a win
/// or loss "at the longest distance" (`Score::MAX_PLIES`).
fn weak_move_values<G, H, E>(
    engine: &mut Engine<G, H, E>,
    root: &G,
    control: &Control,
    progress: &ProgressFn,
) -> Found<G::Move>
where
    G: Playable,
    H: SearchHooks<G>,
    E: ply_core::Evaluator<G> + Sync,
{
    let mut stats = SearchStats {
        nodes: 1,
        ..SearchStats::default()
    };
    let mut values = Vec::new();
    let mut interrupted = false;
    let moves = root.legal_moves();
    for (number, &mv) in moves.iter().enumerate() {
        progress(format!(
            "solving move {} of {} ({}), win, draw or loss only",
            number + 1,
            moves.len(),
            root.move_string(mv)
        ));
        let child = root.after(mv);
        let (sign, child_stats) = weak_solve(engine, &child, control);
        stats += child_stats.into();
        let Some(sign) = sign else {
            interrupted = true;
            break;
        };
        let sign = if child.to_move() == root.to_move() {
            sign
        } else {
            -sign
        };
        let value = match sign {
            1 => Score::win_in(Score::MAX_PLIES),
            -1 => Score::loss_in(Score::MAX_PLIES),
            _ => Score::DRAW,
        };
        // No line: a weak solve proves the result, not the play that reaches it.
        values.push(MoveValue {
            mv,
            value,
            pv: Vec::new(),
        });
    }
    values.sort_by_key(|m| std::cmp::Reverse(m.value));
    Found {
        interrupted,
        ..Found::complete((values, stats), "engine", None)
    }
}
