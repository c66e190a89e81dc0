//! Analyse a position with the engine: iterative deepening within limits (depth,
//! time, nodes) or to the end of the game, each completed iteration told to the
//! caller as it comes. This is `ply analyze` and `POST /api/analyze`.

use crate::control::Control;
use crate::lang::Lang;
use crate::solve::line;
use crate::words::{
    bounds_words_in, millis, proved_bounds, score_text_in, score_words, score_words_in,
    threads_note_in,
};
use crate::{ApiError, resources};
use ply_core::engine::WithKnownValues;
use ply_core::phrase::Phrase;

use ply_core::engine::{Bound, HooksVisitor, Limits, MAX_DEPTH, SearchHooks, SearchInfo, Settings};
use ply_games::Playable;
use ply_games::connect4::{OpeningBook, Window, from_pons};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// What to search and for how long.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeOptions {
    /// Deepest iteration, in plies.
    #[serde(default)]
    pub depth: Option<u32>,
    /// Time budget, in milliseconds.
    #[serde(default)]
    pub time_ms: Option<u64>,
    /// Node budget.
    #[serde(default)]
    pub nodes: Option<u64>,
    /// Search to the end of the game for the exact value.
    #[serde(default)]
    pub exact: bool,
    /// Search threads (default 1).
    #[serde(default)]
    pub threads: Option<usize>,
    /// The table's size in MiB (default 16).
    #[serde(default)]
    pub hash_mib: Option<usize>,
    /// An opening book the engine reads where the game has books (Connect Four): the
    /// positions it holds are answered at once wherever the search meets them.
    #[serde(skip)]
    pub book: Option<Arc<OpeningBook>>,
    /// The language of the report's words (`score`, the bounds, `notes`).
    #[serde(default, deserialize_with = "crate::words::lang_field")]
    pub lang: Lang,
}

impl AnalyzeOptions {
    /// The engine's limits: without depth, time, nodes or exact, 3 seconds.
    pub fn limits(&self, control: &Control) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            time: self.time_ms.map(Duration::from_millis),
            exact: self.exact,
            stop: Some(control.stop()),
        };
        if self.depth.is_none() && self.time_ms.is_none() && self.nodes.is_none() && !self.exact {
            limits.time = Some(Duration::from_secs(3));
        }
        limits
    }
}

/// One completed iteration.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct IterationReport {
    /// Its depth.
    pub depth: u32,
    /// The score in words: "win in 5", "draw" (proved, exact mode), "+0.37" or "0.00"
    /// (estimates), or a bound ">= +0.37" in exact-mode probes.
    pub score: String,
    /// The score as a number: `Score::raw` (hundredths for estimates; ±(1000000000 − plies)
    /// for wins and losses).
    pub score_raw: i32,
    /// Nodes so far.
    pub nodes: u64,
    /// Nodes a second.
    pub nps: u64,
    /// Time so far, in milliseconds.
    pub time_ms: f64,
    /// The principal variation.
    pub pv: Vec<String>,
}

/// An iteration in the report's terms.
pub fn iteration_report<G: Playable>(
    root: &G,
    info: &SearchInfo<G::Move>,
    depth_limited: bool,
) -> IterationReport {
    iteration_report_in(Lang::En, root, info, depth_limited)
}

/// [`iteration_report`], its words in `lang`.
pub fn iteration_report_in<G: Playable>(
    lang: Lang,
    root: &G,
    info: &SearchInfo<G::Move>,
    depth_limited: bool,
) -> IterationReport {
    IterationReport {
        depth: info.depth,
        score: score_words_in(lang, info.score, info.bound, depth_limited),
        score_raw: info.score.raw(),
        nodes: info.nodes,
        nps: info.nps(),
        time_ms: millis(info.time),
        pv: line(root, &info.pv),
    }
}

/// The analysis: what `ply analyze --json` prints.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct AnalyzeReport {
    /// The game's name.
    pub game: String,
    /// The position.
    pub position: String,
    /// The deepest completed iteration.
    pub depth: u32,
    /// The value in words; a stopped exact search gives the bounds it proved
    /// (">= loss in 34").
    pub score: String,
    /// The value as a number (`Score::raw`).
    pub score_raw: i32,
    /// True when the value is proved.
    pub exact: bool,
    /// What was proved of the value: its lower and upper bounds in words (equal when
    /// exact); null on a side with no proof (heuristic searches: both).
    pub lower_bound: Option<String>,
    /// See `lower_bound`.
    pub upper_bound: Option<String>,
    /// The best move.
    pub best: Option<String>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes a second.
    pub nps: u64,
    /// Time taken, in milliseconds.
    pub time_ms: f64,
    /// Search threads.
    pub threads: u64,
    /// The table's size in MiB.
    pub hash_mb: u64,
    /// Every completed iteration.
    pub iterations: Vec<IterationReport>,
    /// Present (true) only when the caller stopped the search: the best move so far.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
    /// What the caller should know of how the search ran (more threads asked for than
    /// this build runs); absent when there is nothing to say.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// True when a limit other than depth (nodes, time, the stop flag) ended the search.
    #[serde(skip)]
    pub stopped: bool,
}

/// The request of `POST /api/analyze`: a game, a position and the search's limits.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct AnalyzeRequest {
    /// The game's spec.
    pub game: String,
    /// The position (default: the start).
    #[serde(default)]
    pub position: Option<String>,
    /// Deepest iteration, in plies.
    #[serde(default)]
    pub depth: Option<u32>,
    /// Time budget, in milliseconds (default 1,000).
    #[serde(default)]
    pub time_ms: Option<u64>,
    /// Node budget.
    #[serde(default)]
    pub nodes: Option<u64>,
    /// Search to the end of the game (within the time).
    #[serde(default)]
    pub exact: bool,
    /// The language of the answer's words: `en` (the default), `sv`, `zh` or `el`.
    #[serde(default, deserialize_with = "crate::words::lang_field")]
    pub lang: Lang,
}

/// Analyses the request's position within `max_ms` and `max_nodes` (one thread, a
/// 16 MiB table): a request asking for more is refused, naming the limit.
pub fn analyze(
    request: &AnalyzeRequest,
    max_ms: u64,
    max_nodes: u64,
    control: &Control,
) -> Result<AnalyzeReport, ApiError> {
    analyze_with_book(request, max_ms, max_nodes, None, control)
}

/// [`analyze`], the engine reading `book` where the game has books.
pub fn analyze_with_book(
    request: &AnalyzeRequest,
    max_ms: u64,
    max_nodes: u64,
    book: Option<Arc<OpeningBook>>,
    control: &Control,
) -> Result<AnalyzeReport, ApiError> {
    let ms = request.time_ms.unwrap_or(1_000.min(max_ms));
    if ms > max_ms {
        return Err(crate::refusal::time_limit(ms, max_ms));
    }
    let nodes = request.nodes.unwrap_or(max_nodes);
    if nodes > max_nodes {
        return Err(ApiError::limit_said(
            "max_search_nodes",
            Phrase::new("errors.search.nodes_limit")
                .arg("nodes", nodes)
                .arg("max", max_nodes),
        ));
    }
    if request.depth.is_some_and(|d| d == 0 || d > MAX_DEPTH) {
        return Err(depth_refusal());
    }
    let options = AnalyzeOptions {
        depth: request.depth,
        time_ms: Some(ms),
        nodes: Some(nodes),
        exact: request.exact,
        threads: Some(1),
        hash_mib: Some(16),
        book,
        lang: request.lang,
    };
    struct Visit<'a>(&'a AnalyzeRequest, &'a AnalyzeOptions, &'a Control);
    impl ply_games::GameVisitor for Visit<'_> {
        type Output = Result<AnalyzeReport, ApiError>;
        fn visit<G: Playable>(self, start: G) -> Self::Output {
            let root = crate::games::position_or_start(&start, self.0.position.as_deref())?;
            analyze_position(&root, self.1, self.2, &mut || {}, &mut |_| {})
        }
    }
    crate::games::with_spec(&request.game, Visit(request, &options, control))?
}

/// Analyses `position` (`None`: the start) of the game `spec` names with `options`
/// (no caps but the machine's memory): what the bindings' `analyze` calls. With
/// `shipped_book`, and no book in the options, the engine reads the book that ships
/// with ply for the game's board, if any.
pub fn analyze_spec(
    spec: &str,
    position: Option<&str>,
    options: &AnalyzeOptions,
    shipped_book: bool,
    control: &Control,
) -> Result<AnalyzeReport, ApiError> {
    if options.depth.is_some_and(|d| d == 0 || d > MAX_DEPTH) {
        return Err(depth_refusal());
    }
    struct Visit<'a>(Option<&'a str>, &'a AnalyzeOptions, bool, &'a Control);
    impl ply_games::GameVisitor for Visit<'_> {
        type Output = Result<AnalyzeReport, ApiError>;
        fn visit<G: Playable>(self, start: G) -> Self::Output {
            let root = crate::games::position_or_start(&start, self.0)?;
            let options = AnalyzeOptions {
                book: self
                    .1
                    .book
                    .clone()
                    .or_else(|| self.2.then(|| root.shipped_book()).flatten()),
                ..self.1.clone()
            };
            analyze_position(&root, &options, self.3, &mut || {}, &mut |_| {})
        }
    }
    crate::games::with_spec(spec, Visit(position, options, shipped_book, control))?
}

/// Analyses `root`; `on_start` is called once the search is sure to start (its
/// resources checked), and `on_iteration` hears of each completed iteration as it comes.
/// Raising `control` stops the search: the report then has the best move so far and
/// says `interrupted`.
pub fn analyze_position<G: Playable>(
    root: &G,
    options: &AnalyzeOptions,
    control: &Control,
    on_start: &mut dyn FnMut(),
    on_iteration: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> Result<AnalyzeReport, ApiError> {
    struct Run<'a, G: Playable> {
        root: &'a G,
        options: &'a AnalyzeOptions,
        control: &'a Control,
        on_start: &'a mut dyn FnMut(),
        on_iteration: &'a mut dyn FnMut(&SearchInfo<G::Move>),
    }
    impl<G: Playable> HooksVisitor<G> for Run<'_, G> {
        type Output = Result<AnalyzeReport, ApiError>;

        fn visit<H: SearchHooks<G>>(self, hooks: H) -> Self::Output {
            let (options, root) = (self.options, self.root);
            let lang = options.lang;
            if options.exact && root.has_cycles() {
                return Err(ApiError::bad_request_said(
                    Phrase::new("errors.analyze.exact_cycles").arg("game", root.game_name()),
                ));
            }
            if let Some(report) = standard_analysis(
                root,
                options,
                self.control,
                self.on_start,
                self.on_iteration,
            ) {
                return report;
            }
            let threads = options.threads.unwrap_or(1);
            let hash = options.hash_mib.unwrap_or(16);
            let settings = Settings::default().with_threads(threads).with_hash(hash);
            let limits = options.limits(self.control);
            let deepest = if options.exact {
                None
            } else {
                Some(limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH) * 2)
            };
            resources::check_search(root, deepest)?;
            let book = options.book.clone().filter(|_| root.has_books());
            let hooks = WithKnownValues::new(hooks, crate::solve::GameBook(book));
            let mut engine = resources::engine(hooks, root.evaluator(), settings)?;
            (self.on_start)();
            let result = engine.search_with(root, &limits, |info| (self.on_iteration)(info));
            let interrupted = self.control.is_stopped();
            let seconds = result.time.as_secs_f64();
            // What the search proved of the value (exact mode: bounds from its probes).
            let (lower, upper) = if result.exact {
                (Some(result.score), Some(result.score))
            } else if options.exact {
                proved_bounds(&result.iterations)
            } else {
                (None, None)
            };
            Ok(AnalyzeReport {
                game: root.game_name(),
                position: root.position_string(),
                depth: result.depth,
                // An exact search stopped early proved bounds only: say so, as bounds.
                score: if options.exact && !result.exact {
                    bounds_words_in(lang, lower, upper)
                } else {
                    score_words_in(
                        lang,
                        result.score,
                        Bound::Exact,
                        !options.exact && !result.exact,
                    )
                },
                lower_bound: lower.map(|s| score_text_in(lang, s)),
                upper_bound: upper.map(|s| score_text_in(lang, s)),
                score_raw: result.score.raw(),
                exact: result.exact,
                best: result.best.map(|mv| root.move_string(mv)),
                pv: line(root, &result.pv),
                nodes: result.stats.nodes,
                nps: if seconds > 0.0 {
                    (result.stats.nodes as f64 / seconds) as u64
                } else {
                    0
                },
                time_ms: millis(result.time),
                // What the engine ran (one thread where there are no threads: see `notes`).
                threads: threads.min(ply_core::threads::most()) as u64,
                hash_mb: hash as u64,
                iterations: result
                    .iterations
                    .iter()
                    .map(|i| iteration_report_in(lang, root, i, !options.exact))
                    .collect(),
                interrupted,
                notes: threads_note_in(lang, threads).into_iter().collect(),
                stopped: result.stopped,
            })
        }
    }
    root.with_search_hooks(Run {
        root,
        options,
        control,
        on_start,
        on_iteration,
    })
}

/// An exact analysis of a position of the standard Connect Four board by its own
/// solver ([`StandardSolver`]): each probe at the root told as an iteration with the
/// bound it proved, then the score with best play to the end. `None` for any other
/// game or board, with a depth or node limit (the solver honours only the time and the
/// stop), and for a position the book holds (the engine answers it at once).
fn standard_analysis<G: Playable>(
    root: &G,
    options: &AnalyzeOptions,
    control: &Control,
    on_start: &mut dyn FnMut(),
    on_iteration: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> Option<Result<AnalyzeReport, ApiError>> {
    let board = root.as_connect4()?;
    let applies = options.exact
        && options.depth.is_none()
        && options.nodes.is_none()
        && board.is_standard()
        && root.outcome().is_none()
        && options
            .book
            .as_ref()
            .is_none_or(|book| root.book_value(book).is_none());
    if !applies {
        return None;
    }
    let lang = options.lang;
    let threads = options.threads.unwrap_or(1);
    let hash = options.hash_mib.unwrap_or(16);
    let solver = match resources::standard_solver(hash.saturating_mul(1 << 20), threads) {
        Ok(solver) => solver,
        Err(error) => return Some(Err(error)),
    };
    let stop = match options.time_ms {
        Some(ms) => control
            .stop()
            .child()
            .with_timeout(Duration::from_millis(ms)),
        None => control.stop(),
    };
    (on_start)();
    let clock = Instant::now();
    let mut iterations = Vec::new();
    let mut report_probe = |window: Window| {
        // The bound this probe moved.
        let (score, bound) = if window.raised_lower {
            (from_pons(board, window.lower), Bound::Lower)
        } else {
            (from_pons(board, window.upper), Bound::Upper)
        };
        let Some(score) = score else { return };
        // A probe searches to the end of the game: the plies left to fill the board.
        let to_end = board.cells() - board.moves_played();
        let info = SearchInfo {
            depth: to_end,
            seldepth: to_end,
            score,
            bound,
            nodes: window.nodes,
            time: clock.elapsed(),
            hashfull: 0,
            pv: Vec::new(),
        };
        on_iteration(&info);
        iterations.push(info);
    };
    let solution = match solver.solve_with(board, &stop, &mut report_probe) {
        Ok(solution) => solution,
        Err(error) => return Some(Err(crate::refusal::standard_solve(error))),
    };
    let (score, pv, nodes) = match solution {
        Some(solution) => match crate::solve::standard_line(&solver, root, &stop) {
            Some((pv, line_nodes)) => (
                from_pons(board, solution.score),
                pv,
                solution.nodes + line_nodes,
            ),
            None => (None, Vec::new(), solution.nodes),
        },
        None => (None, Vec::new(), iterations.last().map_or(0, |i| i.nodes)),
    };
    let time = clock.elapsed();
    let exact = score.is_some();
    let (lower, upper) = match score {
        Some(score) => (Some(score), Some(score)),
        None => proved_bounds(&iterations),
    };
    let value = score.or(lower).or(upper).unwrap_or(ply_core::Score::DRAW);
    if let Some(score) = score {
        let info = SearchInfo {
            depth: pv.len() as u32,
            seldepth: pv.len() as u32,
            score,
            bound: Bound::Exact,
            nodes,
            time,
            hashfull: 0,
            pv: pv.clone(),
        };
        on_iteration(&info);
        iterations.push(info);
    }
    let seconds = time.as_secs_f64();
    Some(Ok(AnalyzeReport {
        game: root.game_name(),
        position: root.position_string(),
        depth: pv.len() as u32,
        score: if exact {
            score_words_in(lang, value, Bound::Exact, false)
        } else {
            bounds_words_in(lang, lower, upper)
        },
        lower_bound: lower.map(|s| score_text_in(lang, s)),
        upper_bound: upper.map(|s| score_text_in(lang, s)),
        score_raw: value.raw(),
        exact,
        best: pv.first().map(|&mv| root.move_string(mv)),
        pv: line(root, &pv),
        nodes,
        nps: if seconds > 0.0 {
            (nodes as f64 / seconds) as u64
        } else {
            0
        },
        time_ms: millis(time),
        threads: threads.min(ply_core::threads::most()) as u64,
        hash_mb: hash as u64,
        iterations: iterations
            .iter()
            .map(|i| iteration_report_in(lang, root, i, false))
            .collect(),
        interrupted: control.is_stopped(),
        notes: threads_note_in(lang, threads).into_iter().collect(),
        stopped: !exact,
    }))
}

/// A textbook search to a fixed depth: what `ply analyze --algorithm` prints.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TextbookReport {
    /// The game's name.
    pub game: String,
    /// The position.
    pub position: String,
    /// `minimax`, `negamax` or `alphabeta`.
    pub algorithm: String,
    /// Plies searched; positions there are scored by the game's evaluation.
    pub depth: u32,
    /// The value for the side to move, in words ("+0.35", "win in 3").
    pub score: String,
    /// The value as a number (`Score::raw`), for the side to move.
    pub score_raw: i32,
    /// The value from the first player's side (White, X, ...), as Max/Min computes it.
    pub first_player_score: String,
    /// The best move (null when the game is over).
    pub best: Option<String>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Positions entered, the root included.
    pub nodes: u64,
    /// Positions scored without expanding them.
    pub leaves: u64,
    /// Beta cutoffs (alpha-beta only).
    pub cutoffs: u64,
    /// Time taken, in milliseconds.
    pub time_ms: f64,
    /// Present (true) only when the caller stopped the search: no value then.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
}

/// Searches `root` with a textbook algorithm to `depth` plies, every position there scored
/// by the game's evaluation (no quiescence, no table, no ordering beyond the game's own
/// move order): the pseudocode of a lesson, run on the real game. Stops when `control`
/// is raised (the report then says `interrupted`).
pub fn textbook_analysis<G: Playable>(
    root: &G,
    algorithm: ply_core::Algorithm,
    depth: u32,
    control: &Control,
) -> TextbookReport {
    let mut observer = crate::control::StopObserver::new(control.stop(), u64::MAX);
    let start = web_time::Instant::now();
    let result = algorithm.search(
        root,
        &root.evaluator(),
        ply_core::SearchOptions::depth(Some(depth)),
        &mut observer,
    );
    let interrupted = observer.stopped();
    let first = match root.to_move() {
        ply_core::Player::First => result.value,
        ply_core::Player::Second => -result.value,
    };
    TextbookReport {
        game: root.game_name(),
        position: root.position_string(),
        algorithm: algorithm.name().into(),
        depth,
        score: score_words(result.value, Bound::Exact, true),
        score_raw: result.value.raw(),
        first_player_score: score_words(first, Bound::Exact, true),
        best: result.best.map(|mv| root.move_string(mv)),
        pv: line(root, &result.pv),
        nodes: result.stats.nodes,
        leaves: result.stats.leaves,
        cutoffs: result.stats.cutoffs,
        time_ms: millis(start.elapsed()),
        interrupted,
    }
}

/// The refusal of a search depth out of range.
fn depth_refusal() -> ApiError {
    ApiError::bad_request_said(Phrase::new("errors.search.depth").arg("max", MAX_DEPTH))
}
