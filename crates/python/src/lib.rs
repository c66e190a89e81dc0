//! # ply for Python
//!
//! The Python package `plysearch` (its name on PyPI and in `import`: `ply` is PLY,
//! Python Lex-Yacc), built with PyO3 and maturin (`pip install ./crates/python`).
//! Every function calls ply's library layer (`ply-api`), so Python gets the answers of
//! the `ply` binary. The searches run without the GIL, and Ctrl-C (or a notebook's
//! interrupt) stops them. `plysearch.check` judges a search function written in Python
//! with ply's grader (`check`). The module's own documentation, with examples, is in
//! `plysearch.pyi` (the type stubs) and docs/bindings.md.
#![deny(missing_docs)]

mod check;

use ply_api::analyze::{AnalyzeOptions, AnalyzeReport, analyze_spec};
use ply_api::batch::{ANSWER_BYTES, BatchOptions, solve_batch as api_solve_batch};
use ply_api::control::Control;
use ply_api::session::Session;
use ply_api::solve::{SolveOptions, SolveReport, SolvedMove, solve_spec};
use ply_api::tree::{Drawing, Evaluated, TreeLimits, TreeRequest, evaluate};
use ply_api::{ApiError, ErrorKind};
use ply_core::memory;
use ply_core::phrase::Phrase;

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::OnceLock;
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::Duration;

/// The most search threads `solve` and `analyze` take, as the `ply` binary's `--threads`.
const MAX_THREADS: usize = 256;

create_exception!(
    plysearch,
    PlyError,
    PyException,
    "Every error of ply: a text that does not read, a request past a limit, a bad request."
);
create_exception!(
    plysearch,
    ParseError,
    PlyError,
    "A text (a tree, a position, a move) that does not read. `line` and `column` say where \
     in a multi-line text (a tree); None otherwise."
);
create_exception!(
    plysearch,
    LimitError,
    PlyError,
    "A request past a limit that protects the machine, or stopped by its time. `limit` names it."
);
create_exception!(
    plysearch,
    RequestError,
    PlyError,
    "Anything else a request can get wrong: an unknown game, an illegal move, a bad option."
);

/// The Python exception of an [`ApiError`], with its place or limit as attributes.
fn error(py: Python<'_>, error: ApiError) -> PyErr {
    let (err, line, column, limit) = match error.kind {
        ErrorKind::Parse => (
            ParseError::new_err(error.error),
            error.line,
            error.column,
            None,
        ),
        ErrorKind::Limit => (LimitError::new_err(error.error), None, None, error.limit),
        ErrorKind::BadRequest => (RequestError::new_err(error.error), None, None, None),
    };
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail in practice; if it
    // did, the exception still carries its message.
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", column);
    let _ = value.setattr("limit", limit);
    err
}

/// The `PlyError` a panic of ply's code (a bug) becomes: never PyO3's `PanicException`,
/// which is not an `Exception` and would escape a caller's `except Exception`.
fn internal(panic: &(dyn Any + Send)) -> PyErr {
    PlyError::new_err(format!(
        "internal error: {} (a bug in ply)",
        ply_core::text::excerpt(&ply_core::text::panic_message(panic))
    ))
}

/// Runs `work` on the calling thread, a panic becoming a `PlyError`.
fn unpanicked<T>(work: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|panic| Err(internal(&*panic)))
}

/// Refuses more search threads than [`MAX_THREADS`].
fn check_threads(py: Python<'_>, threads: Option<usize>) -> PyResult<()> {
    match threads {
        Some(threads) if threads > MAX_THREADS => Err(error(
            py,
            ApiError::limit_said(
                "max_threads",
                Phrase::new("errors.python.threads")
                    .arg("threads", threads)
                    .arg("max", MAX_THREADS),
            ),
        )),
        _ => Ok(()),
    }
}

/// Runs `work` on a thread of its own without the GIL, looking every 50 ms for Ctrl-C
/// (`KeyboardInterrupt`): then the control is raised, the work stops at its next poll,
/// and the interrupt is raised in Python.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    control: &Control,
    work: impl FnOnce(Control) -> T + Send + 'static,
) -> PyResult<T> {
    let (sender, receiver) = mpsc::channel();
    let handed = control.clone();
    let worker = std::thread::Builder::new()
        .name("ply-search".into())
        .spawn(move || {
            // A panic (a bug) comes back as a value, to become a `PlyError`.
            let _ = sender.send(catch_unwind(AssertUnwindSafe(|| work(handed))));
        })
        .map_err(|e| PlyError::new_err(format!("cannot start a search thread: {e}")))?;
    let mut receiver = receiver;
    loop {
        let (received, back) = py.detach(move || {
            let received = receiver.recv_timeout(Duration::from_millis(50));
            (received, receiver)
        });
        receiver = back;
        match received {
            Ok(value) => {
                let _ = worker.join();
                return value.map_err(|panic| internal(&*panic));
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let _ = worker.join();
                return Err(PlyError::new_err("the search thread failed"));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    control.flag().store(true, Ordering::Relaxed);
                    py.detach(|| {
                        let _ = worker.join();
                    });
                    return Err(interrupt);
                }
            }
        }
    }
}

/// `text` as Python writes a string: `'b2'`.
fn py_str(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// An optional value as Python writes it: the value, or `None`.
fn py_opt<T: std::fmt::Display>(value: Option<T>) -> String {
    value.map_or_else(|| "None".to_string(), |v| v.to_string())
}

/// A list of strings as Python writes it: `['a1', 'b2']`.
fn py_list(items: &[String]) -> String {
    let items: Vec<String> = items.iter().map(|i| py_str(i)).collect();
    format!("[{}]", items.join(", "))
}

/// One move's exact value, for the player who makes it.
#[pyclass(frozen, module = "plysearch", get_all)]
#[derive(Clone)]
struct MoveValue {
    /// The move, in the game's notation.
    #[pyo3(name = "move")]
    mv: String,
    /// `"win"`, `"draw"` or `"loss"`.
    value: String,
    /// Plies to the end under best play, counting the move (None: not worked out).
    plies: Option<u32>,
    /// The game's own score (Connect Four: Pons'), None for other games.
    score: Option<i32>,
    /// Best play, starting with the move.
    pv: Vec<String>,
}

#[pymethods]
impl MoveValue {
    fn __repr__(&self) -> String {
        format!(
            "MoveValue(move={}, value={}, plies={})",
            py_str(&self.mv),
            py_str(&self.value),
            py_opt(self.plies)
        )
    }
}

impl From<&SolvedMove> for MoveValue {
    fn from(m: &SolvedMove) -> MoveValue {
        MoveValue {
            mv: m.mv.clone(),
            value: m.value.to_string(),
            plies: m.plies,
            score: m.score.flatten(),
            pv: m.pv.clone(),
        }
    }
}

/// A position solved: what `ply solve --json` prints, as attributes.
#[pyclass(frozen, module = "plysearch", get_all)]
struct SolveResult {
    /// The game's name.
    game: String,
    /// The position, in the game's notation.
    position: String,
    /// The player to move.
    to_move: String,
    /// `"win"`, `"draw"` or `"loss"` for the player to move.
    value: String,
    /// Plies to the end under best play (None: not worked out).
    plies: Option<u32>,
    /// The game's own score: Connect Four's in Pascal Pons' convention (positive when
    /// the player to move wins, larger the sooner); None for other games.
    score: Option<i32>,
    /// The best moves (in a batch: one of them).
    best: Vec<String>,
    /// Every legal move's value, best first (empty in a batch).
    moves: Vec<MoveValue>,
    /// Best play from the position.
    pv: Vec<String>,
    /// Nodes searched.
    nodes: u64,
    /// Time taken, in milliseconds.
    time_ms: f64,
    /// How: `"engine"`, `"alphabeta"`, `"memo"`, `"retrograde"`...
    algorithm: String,
    /// The whole answer as JSON text: exactly `ply solve --json`.
    json: String,
}

impl SolveResult {
    fn new(report: &SolveReport) -> SolveResult {
        SolveResult {
            game: report.game.clone(),
            position: report.position.clone(),
            to_move: report.to_move.clone(),
            value: report.value.to_string(),
            plies: report.plies,
            score: report.score.flatten(),
            best: report.best.clone(),
            moves: report.moves.iter().map(MoveValue::from).collect(),
            pv: report.pv.clone(),
            nodes: report.nodes,
            time_ms: report.time_ms,
            algorithm: report.algorithm.to_string(),
            json: serde_json::to_string(report).unwrap_or_default(),
        }
    }
}

#[pymethods]
impl SolveResult {
    /// The answer as a dict (the JSON of `ply solve --json`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (&self.json,))
    }

    fn __repr__(&self) -> String {
        let value = match self.plies {
            Some(plies) if self.value != "draw" => format!("{} in {plies}", self.value),
            _ => self.value.clone(),
        };
        format!(
            "SolveResult(game={}, position={}, value={}, best={}, score={})",
            py_str(&self.game),
            py_str(&self.position),
            py_str(&value),
            py_list(&self.best),
            py_opt(self.score)
        )
    }
}

/// The engine's analysis of a position: what `ply analyze --json` prints.
#[pyclass(frozen, module = "plysearch", get_all)]
struct Analysis {
    /// The best move (None when the game is over).
    best: Option<String>,
    /// The value in words: `"+0.35"`, `"win in 7"`, `">= loss in 34"` for a bound.
    score: String,
    /// The value as a number (hundredths of the evaluation's unit; wins and losses beyond).
    score_raw: i32,
    /// True when the value is proved.
    exact: bool,
    /// The deepest completed iteration.
    depth: u32,
    /// The principal variation.
    pv: Vec<String>,
    /// Nodes searched.
    nodes: u64,
    /// Time taken, in milliseconds.
    time_ms: f64,
    /// The whole answer as JSON text: exactly `ply analyze --json`.
    json: String,
}

impl Analysis {
    fn new(report: &AnalyzeReport) -> Analysis {
        Analysis {
            best: report.best.clone(),
            score: report.score.clone(),
            score_raw: report.score_raw,
            exact: report.exact,
            depth: report.depth,
            pv: report.pv.clone(),
            nodes: report.nodes,
            time_ms: report.time_ms,
            json: serde_json::to_string(report).unwrap_or_default(),
        }
    }
}

#[pymethods]
impl Analysis {
    /// The answer as a dict (the JSON of `ply analyze --json`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (&self.json,))
    }

    fn __repr__(&self) -> String {
        format!(
            "Analysis(best={}, score={}, depth={}, exact={})",
            py_opt(self.best.as_deref().map(py_str)),
            py_str(&self.score),
            self.depth,
            if self.exact { "True" } else { "False" }
        )
    }
}

fn solve_options(
    algorithm: Option<String>,
    threads: Option<usize>,
    hash_mib: Option<usize>,
    weak: bool,
) -> SolveOptions {
    SolveOptions {
        algorithm,
        threads,
        hash_mib,
        weak,
        ..SolveOptions::default()
    }
}

/// Solves a position exactly: its value, best moves and every move's value.
#[pyfunction]
#[pyo3(signature = (game, position=None, *, time_ms=None, algorithm=None, threads=None, hash_mib=None, weak=false, book=true))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    game: String,
    position: Option<String>,
    time_ms: Option<u64>,
    algorithm: Option<String>,
    threads: Option<usize>,
    hash_mib: Option<usize>,
    weak: bool,
    book: bool,
) -> PyResult<SolveResult> {
    check_threads(py, threads)?;
    let options = solve_options(algorithm, threads, hash_mib, weak);
    let answer = interruptible(py, &Control::new(), move |control| {
        solve_spec(
            &game,
            position.as_deref(),
            &options,
            book,
            time_ms,
            &control,
        )
    })?;
    answer
        .map(|report| SolveResult::new(&report))
        .map_err(|e| error(py, e))
}

/// Solves a position of Pig, the dice game, exactly (``ply solve pig POSITION --json``):
/// a dict with the side to move's ``win_probability``, the best ``decision`` and each
/// decision's chance.
#[pyfunction]
#[pyo3(signature = (game="pig".to_string(), position=None))]
fn solve_pig(py: Python<'_>, game: String, position: Option<String>) -> PyResult<Py<PyAny>> {
    let answer = interruptible(py, &Control::new(), move |_| {
        let goal = ply_api::pig::spec_goal(&game).ok_or_else(|| {
            ApiError::bad_request_said(
                Phrase::new("errors.python.not_pig").arg("spec", ply_core::text::excerpt(&game)),
            )
        })??;
        let report = ply_api::pig::solve(goal, position.as_deref(), ply_api::lang::Lang::En)?;
        serde_json::to_string(&report).map_err(|e| {
            ApiError::bad_request_said(
                Phrase::new("errors.json_library").arg("detail", e.to_string()),
            )
        })
    })?;
    let json = answer.map_err(|e| error(py, e))?;
    Ok(py.import("json")?.call_method1("loads", (json,))?.unbind())
}

/// Analyses a position with the engine within limits (none given: 3 seconds).
#[pyfunction]
#[pyo3(signature = (game, position=None, *, depth=None, time_ms=None, nodes=None, exact=false, threads=None, hash_mib=None, book=true))]
#[allow(clippy::too_many_arguments)]
fn analyze(
    py: Python<'_>,
    game: String,
    position: Option<String>,
    depth: Option<u32>,
    time_ms: Option<u64>,
    nodes: Option<u64>,
    exact: bool,
    threads: Option<usize>,
    hash_mib: Option<usize>,
    book: bool,
) -> PyResult<Analysis> {
    check_threads(py, threads)?;
    let options = AnalyzeOptions {
        depth,
        time_ms,
        nodes,
        exact,
        threads,
        hash_mib,
        book: None,
        lang: Default::default(),
    };
    let answer = interruptible(py, &Control::new(), move |control| {
        analyze_spec(&game, position.as_deref(), &options, book, &control)
    })?;
    answer
        .map(|report| Analysis::new(&report))
        .map_err(|e| error(py, e))
}

/// Bytes one answer of `solve_batch` takes as a Python object (a `SolveResult`, its
/// strings and lists, its JSON text, its place in the list): measured with 1,000,000
/// positions of tic-tac-toe (about 800 bytes each), with a margin.
const PY_ANSWER_BYTES: u64 = 1024;

/// Solves many positions of one game on `threads` threads (default: every core),
/// each to its value (not every move's). Returns a list in the order of `positions`;
/// a position that cannot be solved has its error (a `PlyError`) in its slot.
#[pyfunction]
#[pyo3(signature = (game, positions, *, threads=None, weak=false, hash_mib=16, book=true))]
fn solve_batch(
    py: Python<'_>,
    game: String,
    positions: Vec<String>,
    threads: Option<usize>,
    weak: bool,
    hash_mib: usize,
    book: bool,
) -> PyResult<Vec<Py<PyAny>>> {
    let threads = threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    // The answers become Python objects while ply's own are still held: their memory
    // is checked with the batch's (`ply_api::batch::ANSWER_BYTES`), before any work.
    let objects = (positions.len() as u64).saturating_mul(PY_ANSWER_BYTES + ANSWER_BYTES);
    memory::check(
        || format!("answering a batch of {} positions", positions.len()),
        objects,
    )
    .map_err(|e| error(py, ApiError::memory(&e)))?;
    let options = BatchOptions {
        hash_mib,
        weak,
        shipped_book: book,
        ..BatchOptions::default()
    };
    let answers = interruptible(py, &Control::new(), move |control| {
        api_solve_batch(&game, &positions, &options, threads, &control)
    })?
    .map_err(|e| error(py, e))?;
    answers
        .into_iter()
        .map(|answer| match answer {
            Ok(report) => Ok(Py::new(py, SolveResult::new(&report))?.into_any()),
            Err(e) => Ok(error(py, e).into_value(py).into_any()),
        })
        .collect()
}

/// A hand-made game tree, searched: its value, best move, the cuts, and its picture.
/// The JSON and the picture are made when first asked for, and only when the memory
/// they take is there.
#[pyclass(frozen, module = "plysearch")]
struct Tree {
    evaluated: Evaluated,
    json: OnceLock<String>,
    /// The root's backed-up value.
    #[pyo3(get)]
    value: Py<PyAny>,
    /// The name of the root's best child (None when it has no name).
    #[pyo3(get)]
    best: Option<String>,
    /// Nodes visited by the search.
    #[pyo3(get)]
    nodes: u64,
    /// Cutoffs made.
    #[pyo3(get)]
    cutoffs: u64,
}

#[pymethods]
impl Tree {
    /// Reads `text` (ply's tree notation: brackets or indented lines) and searches it.
    #[new]
    #[pyo3(signature = (text, *, algorithm="alphabeta", order="as_written"))]
    fn new(py: Python<'_>, text: String, algorithm: &str, order: &str) -> PyResult<Tree> {
        let request = TreeRequest {
            algorithm: Some(algorithm.to_string()),
            order: Some(order.to_string()),
            ..TreeRequest::new(text)
        };
        let evaluated =
            unpanicked(|| evaluate(&request, &TreeLimits::default()).map_err(|e| error(py, e)))?;
        let Evaluated { tree, run } = &evaluated;
        // An integer tree's value is an int in Python, a decimal one's a float.
        let score = tree.json_score(run.value);
        let value = match score.as_i64() {
            Some(whole) => whole.into_pyobject(py)?.into_any().unbind(),
            None => score
                .as_f64()
                .unwrap_or(0.0)
                .into_pyobject(py)?
                .into_any()
                .unbind(),
        };
        Ok(Tree {
            best: run.best.map(|best| tree.node(best).name.clone()),
            nodes: run.stats.nodes,
            cutoffs: run.cutoffs,
            value,
            json: OnceLock::new(),
            evaluated,
        })
    }

    /// The annotated tree as JSON text: exactly `ply tree --format json --trace`
    /// (made when first asked for; `LimitError` when the memory it takes is not there).
    #[getter]
    fn json(&self, py: Python<'_>) -> PyResult<&str> {
        if self.json.get().is_none() {
            let json = unpanicked(|| self.evaluated.draw(Drawing::Json).map_err(|e| error(py, e)))?;
            let _ = self.json.set(json);
        }
        Ok(self.json.get().map_or("", String::as_str))
    }

    /// The annotated picture as SVG text (as `ply tree --format svg --trace`).
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        unpanicked(|| self.evaluated.draw(Drawing::Svg).map_err(|e| error(py, e)))
    }

    /// The picture Jupyter shows for the tree.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.svg(py)
    }

    /// The annotated tree as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let json = self.json(py)?;
        py.import("json")?.call_method1("loads", (json,))
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Tree(value={}, best={}, nodes={})",
            self.value.bind(py),
            py_opt(self.best.as_deref().map(py_str)),
            self.nodes
        )
    }
}

/// A game played move by move. It keeps its position: a move costs the same however
/// many were played before it.
#[pyclass(module = "plysearch")]
struct Game {
    session: Session,
}

#[pymethods]
impl Game {
    /// A game by its spec (`"tictactoe"`, `"connect4"`, `"nim:3,4,5"`, `"chess"`), at
    /// its start or at `position`.
    #[new]
    #[pyo3(signature = (spec, position=None))]
    fn new(py: Python<'_>, spec: String, position: Option<String>) -> PyResult<Game> {
        let session =
            unpanicked(|| Session::new(&spec, position.as_deref()).map_err(|e| error(py, e)))?;
        Ok(Game { session })
    }

    /// Plays a move in the game's notation; an illegal move raises `RequestError` and
    /// changes nothing.
    fn play(&mut self, py: Python<'_>, r#move: String) -> PyResult<()> {
        unpanicked(|| self.session.play(&r#move).map_err(|e| error(py, e)))
    }

    /// Takes the last move back.
    fn undo(&mut self, py: Python<'_>) -> PyResult<()> {
        unpanicked(|| self.session.undo().map_err(|e| error(py, e)))
    }

    /// The game's spec.
    #[getter]
    fn spec(&self) -> String {
        self.session.spec().to_string()
    }

    /// The position in the game's notation.
    #[getter]
    fn position(&self) -> String {
        self.session.state().position.clone()
    }

    /// The moves played since the start (or since the given position).
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.session.moves().to_vec()
    }

    /// The legal moves (the first 10,000).
    #[getter]
    fn legal_moves(&self) -> Vec<String> {
        self.session.state().legal.clone()
    }

    /// The player to move: 0 (first) or 1 (second).
    #[getter]
    fn to_move(&self) -> u32 {
        let state = self.session.state();
        u32::from(state.to_move != state.players[0])
    }

    /// The name of the player to move.
    #[getter]
    fn player(&self) -> String {
        self.session.state().to_move.clone()
    }

    /// True once the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.session.state().outcome.is_some()
    }

    /// How the game ended ("X wins", "draw"), None while it goes on.
    #[getter]
    fn outcome(&self) -> Option<String> {
        self.session
            .state()
            .outcome
            .as_ref()
            .map(|o| o.text.clone())
    }

    /// The board as text.
    #[getter]
    fn board(&self) -> String {
        self.session.state().board.clone()
    }

    /// Solves the current position (the keywords of `plysearch.solve`).
    #[pyo3(signature = (*, time_ms=None, algorithm=None, threads=None, hash_mib=None, weak=false, book=true))]
    #[allow(clippy::too_many_arguments)]
    fn solve(
        &self,
        py: Python<'_>,
        time_ms: Option<u64>,
        algorithm: Option<String>,
        threads: Option<usize>,
        hash_mib: Option<usize>,
        weak: bool,
        book: bool,
    ) -> PyResult<SolveResult> {
        solve(
            py,
            self.session.spec().to_string(),
            Some(self.session.state().position.clone()),
            time_ms,
            algorithm,
            threads,
            hash_mib,
            weak,
            book,
        )
    }

    /// Analyses the current position (the keywords of `plysearch.analyze`).
    #[pyo3(signature = (*, depth=None, time_ms=None, nodes=None, exact=false, threads=None, hash_mib=None, book=true))]
    #[allow(clippy::too_many_arguments)]
    fn analyze(
        &self,
        py: Python<'_>,
        depth: Option<u32>,
        time_ms: Option<u64>,
        nodes: Option<u64>,
        exact: bool,
        threads: Option<usize>,
        hash_mib: Option<usize>,
        book: bool,
    ) -> PyResult<Analysis> {
        analyze(
            py,
            self.session.spec().to_string(),
            Some(self.session.state().position.clone()),
            depth,
            time_ms,
            nodes,
            exact,
            threads,
            hash_mib,
            book,
        )
    }

    fn __str__(&self) -> String {
        self.session.state().board.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({}, position={})",
            py_str(self.session.spec()),
            py_str(&self.session.state().position)
        )
    }
}

/// plysearch: ply's game-tree search. Solve, analyse and play games; batch-solve
/// positions on every core; read and draw minimax trees.
#[pymodule(name = "plysearch")]
fn plysearch_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("PlyError", py.get_type::<PlyError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("LimitError", py.get_type::<LimitError>())?;
    m.add("RequestError", py.get_type::<RequestError>())?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_pig, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(solve_batch, m)?)?;
    m.add("ProtocolError", py.get_type::<check::ProtocolError>())?;
    m.add("GradingStopped", py.get_type::<check::GradingStopped>())?;
    m.add_function(wrap_pyfunction!(check::check, m)?)?;
    m.add_class::<check::Node>()?;
    m.add_class::<check::CheckReport>()?;
    m.add_class::<check::CheckedTest>()?;
    m.add_class::<Tree>()?;
    m.add_class::<Game>()?;
    m.add_class::<SolveResult>()?;
    m.add_class::<MoveValue>()?;
    m.add_class::<Analysis>()?;
    Ok(())
}
