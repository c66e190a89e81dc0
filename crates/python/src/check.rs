//! `plysearch.check`: a search function written in Python, judged by ply's grader
//! (`ply_api::grade`) as `ply grade` judges a program.
//!
//! The function gets the root as a [`Node`]; each node's methods speak the grader's
//! protocol underneath (`children N`, `value N`), and the function's return value
//! becomes the line `answer V [M]`. The protocol's record is kept by a
//! [`Run`](ply_api::grade::Run) on a thread of its own (a run borrows its test, and a
//! Python object cannot), so the same grader judges a Python function and a program.
//!
//! Limits, each a test's outcome rather than an exception out of `check`:
//! - time: every node call looks at the clock, and past the limit raises
//!   [`GradingStopped`]; a loop that calls no node method is stopped by a watchdog that
//!   raises the same exception in the function's thread (CPython's asynchronous
//!   exception, delivered at the next bytecode: a call blocked in C, `time.sleep`,
//!   is stopped only once it returns). The test is a `timeout`.
//! - the protocol's own (queries, wrong queries): `Reply::Stop` raises
//!   [`GradingStopped`]; the test is a `protocol_error`.
//! - any other exception (a `RecursionError` too) ends the test as a `crash`, with the
//!   exception's last line; `KeyboardInterrupt` ends the whole check.

use crate::{PlyError, error, internal, unpanicked};
use ply_api::ApiError;
use ply_api::grade::{
    self, Kind, Outcome, Reply, Rule, Run, Test, TestReport, finish_report, report, suite,
};
use ply_api::lang::Lang;
use ply_core::phrase::Phrase;

use pyo3::create_exception;
use pyo3::exceptions::{PyBaseException, PyKeyboardInterrupt, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyList, PyString, PyTuple};
use std::fmt::Write as _;
use std::hash::{BuildHasher, Hasher};
use std::os::raw::c_long;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

create_exception!(
    plysearch,
    ProtocolError,
    PlyError,
    "A query the grader refused (the value of an inner node, a node never shown): raised \
     by a node's method inside a function `plysearch.check` runs. The test fails as \
     protocol_error even when the function catches it."
);
create_exception!(
    plysearch,
    GradingStopped,
    PyBaseException,
    "Raised inside a function `plysearch.check` runs to end its test: the time limit passed, \
     or the protocol's limit (too many queries or wrong queries). A BaseException, like \
     KeyboardInterrupt, so that `except Exception` lets it through."
);

/// The longest time limit a test may have, in seconds.
const MAX_TIME_LIMIT: f64 = 3600.0;

/// How often the watchdog raises again in a function that caught its exception.
const REFIRE: Duration = Duration::from_millis(100);

/// The most characters of a returned value (or of a reply) quoted in an error.
const ANSWER_CHARS: usize = 60;

/// The most characters of a returned move written into the answer line.
const MOVE_CHARS: usize = 200;

/// The most characters of an exception's last line in a crash's report.
const DETAIL_CHARS: usize = 300;

/// `text` cut to `chars` characters, with `…` where it was cut.
fn cut(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// A mutex's guard, poisoned or not (a panic elsewhere leaves plain data behind).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A line to the thread that holds the run, or the end of the test.
enum Message {
    /// A line of the program: a query or its answer.
    Line(String),
    /// The test is over: judge it.
    Judge(Outcome),
}

/// The thread that holds a test's run: the greeting first, then a reply to every line,
/// and the test's report when it is judged (None when the test was abandoned).
fn referee(
    test: Test,
    kind: Kind,
    rule: Rule,
    lang: Lang,
    lines: Receiver<Message>,
    replies: Sender<Reply>,
) -> Option<TestReport> {
    let mut run = Run::new(&test, kind, rule);
    replies.send(Reply::Line(run.greeting())).ok()?;
    for message in lines {
        match message {
            Message::Line(line) => replies.send(run.respond(&line)).ok()?,
            Message::Judge(outcome) => return Some(run.judge(outcome, lang)),
        }
    }
    None
}

/// Why a test's nodes answer no more.
#[derive(Clone, Debug)]
enum Ended {
    /// The time limit passed.
    Timeout,
    /// The protocol stopped the run (its reason).
    Stopped(String),
    /// The test is over: the node belongs to a test that has been judged.
    Over,
}

/// What a test's nodes share: the way to the run, the clock and how the test ended.
struct Link {
    state: Mutex<LinkState>,
    started: Instant,
    limit: Duration,
}

struct LinkState {
    /// The lines to the run and its replies; None once the test is over.
    channel: Option<(Sender<Message>, Receiver<Reply>)>,
    ended: Option<Ended>,
}

impl Link {
    /// The exception a node call raises once the test has `ended`.
    fn refusal(&self, ended: &Ended) -> PyErr {
        match ended {
            Ended::Timeout => GradingStopped::new_err(format!(
                "the time limit of a test ({} s) has passed",
                self.limit.as_secs_f64()
            )),
            Ended::Stopped(reason) => GradingStopped::new_err(reason.clone()),
            Ended::Over => PlyError::new_err(
                "this node belongs to a test that is over: each test starts from its own root",
            ),
        }
    }

    /// Refuses a node call once the test has ended or its time has passed.
    fn check(&self) -> PyResult<()> {
        let mut state = lock(&self.state);
        if state.ended.is_none() && self.started.elapsed() > self.limit {
            state.ended = Some(Ended::Timeout);
        }
        match &state.ended {
            Some(ended) => Err(self.refusal(ended)),
            None => Ok(()),
        }
    }

    /// Sends `line` to the run and returns its reply (None: the run's thread is gone).
    fn send(state: &mut LinkState, line: String) -> Option<Reply> {
        let (lines, replies) = state.channel.as_ref()?;
        lines.send(Message::Line(line)).ok()?;
        replies.recv().ok()
    }

    /// A query of a node's method: the reply's line, or the exception the student's
    /// function gets (a refused query, a stop, the time limit).
    fn ask(&self, line: String) -> PyResult<String> {
        self.check()?;
        let mut state = lock(&self.state);
        match Link::send(&mut state, line) {
            Some(Reply::Line(reply)) => match reply.strip_prefix("error ") {
                Some(refused) => Err(ProtocolError::new_err(refused.to_string())),
                None => Ok(reply),
            },
            Some(Reply::Stop(reason)) => {
                let err = GradingStopped::new_err(reason.clone());
                state.ended = Some(Ended::Stopped(reason));
                Err(err)
            }
            Some(Reply::Finished) => Err(self.refusal(&Ended::Over)),
            None => Err(PlyError::new_err(
                "internal error: the grader's thread is gone (a bug in ply)",
            )),
        }
    }

    /// The answer line, sent after the function returned: the run's reply.
    fn answer(&self, line: String) -> Option<Reply> {
        Link::send(&mut lock(&self.state), line)
    }

    /// The reason the protocol stopped the run, if it did.
    fn stopped(&self) -> Option<String> {
        match &lock(&self.state).ended {
            Some(Ended::Stopped(reason)) => Some(reason.clone()),
            _ => None,
        }
    }

    /// True when a node call found the time limit passed.
    fn timed_out(&self) -> bool {
        matches!(lock(&self.state).ended, Some(Ended::Timeout))
    }

    /// Ends the test: judges it with `outcome` (None: abandons it), and every node of
    /// it refuses from now on.
    fn close(&self, outcome: Option<Outcome>) {
        let mut state = lock(&self.state);
        if let (Some((lines, _)), Some(outcome)) = (&state.channel, outcome) {
            let _ = lines.send(Message::Judge(outcome));
        }
        state.channel = None;
        state.ended = Some(Ended::Over);
    }
}

/// Closes a link however the test ends (an exception out of `check` included), so
/// that the run's thread ends.
struct Closing<'a>(&'a Link);

impl Drop for Closing<'_> {
    fn drop(&mut self) {
        self.0.close(None);
    }
}

/// What a node has learnt of itself.
#[derive(Default)]
struct Known {
    kind: Option<&'static str>,
    children: Option<Vec<Py<Node>>>,
    value: Option<Py<PyAny>>,
}

/// A node of the tree a checked function searches: its `name`, its `kind` (`"max"`,
/// `"min"`, `"chance"` or `"leaf"`), its `children()`, and a leaf's `value()`. Under a
/// chance node each child has its `probability` (a `fractions.Fraction`). What a node
/// has been told it keeps: asking again makes no new query.
#[pyclass(frozen, module = "plysearch")]
pub struct Node {
    /// The node's name in the tree (as the protocol names it).
    #[pyo3(get)]
    name: String,
    /// The probability of this child of a chance node (a `Fraction`); None elsewhere.
    #[pyo3(get)]
    probability: Option<Py<PyAny>>,
    link: Arc<Link>,
    known: Mutex<Known>,
}

impl Node {
    fn new(name: String, probability: Option<Py<PyAny>>, link: Arc<Link>) -> Node {
        Node {
            name,
            probability,
            link,
            known: Mutex::new(Known::default()),
        }
    }

    /// Asks for the node's children once (`children N`), and keeps the answer.
    fn expand(&self, py: Python<'_>) -> PyResult<&'static str> {
        self.link.check()?;
        if let Some(kind) = lock(&self.known).kind {
            return Ok(kind);
        }
        // No lock is held while Python runs (the fractions below), so another thread
        // asking meanwhile cannot deadlock; it may ask twice, and the grader keeps one.
        let reply = self.link.ask(format!("children {}", self.name))?;
        let mut words = reply.split_whitespace();
        let kind = match words.next() {
            Some("max") => "max",
            Some("min") => "min",
            Some("chance") => "chance",
            Some("leaf") => "leaf",
            _ => {
                return Err(PlyError::new_err(format!(
                    "internal error: the grader answered {} (a bug in ply)",
                    cut(&reply, ANSWER_CHARS)
                )));
            }
        };
        let words: Vec<&str> = words.collect();
        let mut children = Vec::new();
        if kind == "chance" {
            let fraction = py.import("fractions")?.getattr("Fraction")?;
            for pair in words.chunks(2) {
                let probability = match pair.get(1) {
                    Some(p) => Some(fraction.call1((*p,))?.unbind()),
                    None => None,
                };
                children.push(Py::new(
                    py,
                    Node::new(pair[0].to_string(), probability, self.link.clone()),
                )?);
            }
        } else {
            for name in words {
                children.push(Py::new(
                    py,
                    Node::new(name.to_string(), None, self.link.clone()),
                )?);
            }
        }
        let mut known = lock(&self.known);
        if known.kind.is_none() {
            known.kind = Some(kind);
            known.children = Some(children);
        }
        Ok(kind)
    }
}

#[pymethods]
impl Node {
    /// `"max"`, `"min"`, `"chance"` or `"leaf"` (asked with the node's children, once).
    #[getter]
    fn kind(&self, py: Python<'_>) -> PyResult<&'static str> {
        unpanicked(|| self.expand(py))
    }

    /// The node's children, in the tree's order (a leaf: none). A new list each call,
    /// of the same nodes.
    fn children<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        unpanicked(|| {
            self.expand(py)?;
            let known = lock(&self.known);
            let children = known.children.as_deref().unwrap_or_default();
            PyList::new(py, children.iter().map(|c| c.clone_ref(py)))
        })
    }

    /// A leaf's value (an int, or a float when the tree's value has a fraction): for
    /// MAX, or under `kind="negamax"` for the player to move there. An inner node's
    /// value is a wrong query: `ProtocolError` (in `kind="tictactoe"` every position has
    /// a value).
    fn value(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        unpanicked(|| {
            self.link.check()?;
            if let Some(value) = &lock(&self.known).value {
                return Ok(value.clone_ref(py));
            }
            let reply = self.link.ask(format!("value {}", self.name))?;
            let value = match reply.parse::<i64>() {
                Ok(whole) => whole.into_pyobject(py)?.into_any().unbind(),
                Err(_) => match reply.parse::<f64>() {
                    Ok(number) => number.into_pyobject(py)?.into_any().unbind(),
                    Err(_) => {
                        return Err(PlyError::new_err(format!(
                            "internal error: the grader answered {} (a bug in ply)",
                            cut(&reply, ANSWER_CHARS)
                        )));
                    }
                },
            };
            lock(&self.known).value = Some(value.clone_ref(py));
            Ok(value)
        })
    }

    fn __repr__(&self) -> String {
        let kind = lock(&self.known).kind;
        match kind {
            Some(kind) => format!(
                "Node({}, kind={})",
                crate::py_str(&self.name),
                crate::py_str(kind)
            ),
            None => format!("Node({})", crate::py_str(&self.name)),
        }
    }
}

/// The state the watchdog and the caller share.
struct Watch {
    /// True while the function runs: the watchdog may raise only then.
    active: bool,
    /// True once it has raised.
    fired: bool,
}

/// A thread that raises `GradingStopped` in the function's thread once the time limit
/// has passed (and again every [`REFIRE`] while the function goes on), for a loop that
/// calls no node method.
struct Watchdog {
    shared: Arc<(Mutex<Watch>, Condvar)>,
    thread: Option<JoinHandle<()>>,
    ident: c_long,
}

impl Watchdog {
    /// Watches the calling thread from now until [`Watchdog::stop`], raising from
    /// `deadline` on.
    fn start(py: Python<'_>, deadline: Instant) -> PyResult<Watchdog> {
        // CPython's thread id, as `threading.get_ident()` gives it (an unsigned long,
        // which the FFI declares as a long of the same width).
        let ident: u64 = py
            .import("threading")?
            .call_method0("get_ident")?
            .extract()?;
        let ident = ident as c_long;
        let shared = Arc::new((
            Mutex::new(Watch {
                active: true,
                fired: false,
            }),
            Condvar::new(),
        ));
        let exception = py.get_type::<GradingStopped>().into_any().unbind();
        let watched = shared.clone();
        let thread = std::thread::Builder::new()
            .name("ply-check-watchdog".into())
            .spawn(move || watch(&watched, deadline, ident, exception))
            .map_err(|e| PlyError::new_err(format!("cannot start a watchdog thread: {e}")))?;
        Ok(Watchdog {
            shared,
            thread: Some(thread),
            ident,
        })
    }

    /// Stops watching (called with the GIL, right after the function returned): no
    /// exception is raised from now on, and one raised but not yet delivered is
    /// withdrawn. True when the watchdog raised.
    fn stop(mut self, py: Python<'_>) -> bool {
        let fired = {
            let mut watch = lock(&self.shared.0);
            watch.active = false;
            watch.fired
        };
        self.shared.1.notify_all();
        if fired {
            // SAFETY: the GIL is held (`py`); a null exception clears the thread's
            // pending asynchronous exception, if any, and touches nothing else.
            unsafe {
                ffi::PyThreadState_SetAsyncExc(self.ident, std::ptr::null_mut());
            }
        }
        if let Some(thread) = self.thread.take() {
            // Without the GIL: the watchdog may be waiting for it.
            py.detach(|| {
                let _ = thread.join();
            });
        }
        fired
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        // Stopped without `stop` (an error on the way): never raise after this.
        lock(&self.shared.0).active = false;
        self.shared.1.notify_all();
    }
}

/// The watchdog's thread: waits until `deadline` (or the end of the call), then raises
/// `exception` in the thread `ident` while the call is active.
fn watch(shared: &(Mutex<Watch>, Condvar), deadline: Instant, ident: c_long, exception: Py<PyAny>) {
    let (state, wake) = shared;
    let mut next = deadline;
    loop {
        let mut watch = lock(state);
        loop {
            if !watch.active {
                drop(watch);
                Python::attach(move |_| drop(exception));
                return;
            }
            let now = Instant::now();
            if now >= next {
                break;
            }
            watch = wake
                .wait_timeout(watch, next - now)
                .map_or_else(|poisoned| poisoned.into_inner().0, |(guard, _)| guard);
        }
        drop(watch);
        Python::attach(|_py| {
            // `active` is read and the exception raised with the GIL held, and the
            // caller clears `active` with the GIL held as soon as the function returns:
            // the exception can only be raised while the function runs.
            let mut watch = lock(state);
            if watch.active {
                // SAFETY: the GIL is held (`_py`), and `exception` is a live type
                // object (held by this thread); CPython takes its own reference.
                unsafe {
                    ffi::PyThreadState_SetAsyncExc(ident, exception.as_ptr());
                }
                watch.fired = true;
            }
        });
        next = Instant::now() + REFIRE;
    }
}

/// The answer line for what the function returned: `answer V` or `answer V M` for a
/// pair (value, move); or, when the value is not a number, why (the test's protocol
/// error, no answer being given).
fn answer_line(returned: &Bound<'_, PyAny>) -> Result<String, String> {
    let pair = returned
        .cast::<PyTuple>()
        .ok()
        .filter(|t| t.len() == 2)
        .and_then(|t| Some((t.get_item(0).ok()?, t.get_item(1).ok()?)));
    let (value, chosen) = match &pair {
        Some((value, chosen)) => (value, Some(chosen)),
        None => (returned, None),
    };
    let Some(number) = number_text(value) else {
        // reprlib's: bounded however large the object.
        let shown = returned
            .py()
            .import("reprlib")
            .and_then(|reprlib| reprlib.call_method1("repr", (returned,)))
            .and_then(|shown| shown.extract::<String>())
            .unwrap_or_else(|_| "?".to_string());
        let type_name = returned
            .get_type()
            .name()
            .map_or_else(|_| "?".to_string(), |n| n.to_string());
        return Err(format!(
            "the function returned {} (of type {type_name}), not a number nor a pair (value, move)",
            cut(&shown, ANSWER_CHARS)
        ));
    };
    let mut line = format!("answer {number}");
    if let Some(chosen) = chosen.filter(|c| !c.is_none()) {
        let _ = write!(line, " {}", move_text(chosen));
    }
    Ok(line)
}

/// A value as the answer line writes it: an int in digits, any other number (a float,
/// a `Fraction`, a `Decimal`, a numpy number) as Python writes its float (`3.5`,
/// `1e+100`; `inf` and `nan` the protocol refuses); None for what is not a number
/// (a bool neither).
fn number_text(value: &Bound<'_, PyAny>) -> Option<String> {
    let py = value.py();
    let number = py.import("numbers").ok()?.getattr("Number").ok()?;
    if value.is_instance_of::<PyBool>() || !value.is_instance(&number).ok()? {
        return None;
    }
    if value.is_instance_of::<PyInt>()
        && let Some(digits) = value
            .str()
            .ok()
            .map(|s| s.to_string())
            .filter(|s| s.len() <= 40)
    {
        return Some(digits);
    }
    let float = py.get_type::<PyFloat>().call1((value,)).ok()?;
    float.repr().ok().map(|r| r.to_string())
}

/// The chosen child as the answer line writes it: a node's name, a string, or the
/// text of anything else, without spaces.
fn move_text(chosen: &Bound<'_, PyAny>) -> String {
    let text = if let Ok(node) = chosen.cast::<Node>() {
        node.get().name.clone()
    } else if let Ok(text) = chosen.cast::<PyString>() {
        text.to_string()
    } else {
        chosen
            .str()
            .map_or_else(|_| "?".to_string(), |s| s.to_string())
    };
    let text: String = text.split_whitespace().collect();
    if text.is_empty() {
        "''".into()
    } else {
        cut(&text, MOVE_CHARS)
    }
}

/// The last line of an exception as a traceback ends: `ValueError: boom`.
fn last_line(py: Python<'_>, err: &PyErr) -> String {
    let line = py
        .import("traceback")
        .and_then(|tb| tb.call_method1("format_exception_only", (err.get_type(py), err.value(py))))
        .and_then(|lines| lines.get_item(-1))
        .and_then(|line| line.extract::<String>())
        .map(|line| line.trim().to_string())
        .unwrap_or_else(|_| {
            err.get_type(py)
                .name()
                .map_or_else(|_| "an exception".to_string(), |n| n.to_string())
        });
    cut(&line, DETAIL_CHARS)
}

/// Runs `function` on one test: a fresh root, the clock started, the run judged.
fn run_test(
    py: Python<'_>,
    function: &Bound<'_, PyAny>,
    test: Test,
    kind: Kind,
    rule: Rule,
    lang: Lang,
    limit: Duration,
) -> PyResult<TestReport> {
    let (lines, lines_in) = channel();
    let (replies_out, replies) = channel();
    let thread = std::thread::Builder::new()
        .name("ply-check".into())
        .spawn(move || {
            catch_unwind(AssertUnwindSafe(|| {
                referee(test, kind, rule, lang, lines_in, replies_out)
            }))
        })
        .map_err(|e| PlyError::new_err(format!("cannot start the grader's thread: {e}")))?;
    let root = match replies.recv() {
        Ok(Reply::Line(greeting)) => greeting
            .strip_prefix("root ")
            .unwrap_or(&greeting)
            .to_string(),
        _ => return Err(joined(py, thread).err().unwrap_or_else(gone)),
    };
    let link = Arc::new(Link {
        state: Mutex::new(LinkState {
            channel: Some((lines, replies)),
            ended: None,
        }),
        started: Instant::now(),
        limit,
    });
    let closing = Closing(&link);
    let root = Py::new(py, Node::new(root, None, link.clone()))?;
    let deadline = link.started + limit;
    let watchdog = Watchdog::start(py, deadline)?;
    let returned = function.call1((root,));
    let fired = watchdog.stop(py);
    // Ctrl-C (a notebook's interrupt) ends the whole check, as it ends any call.
    let returned = match returned {
        Err(err) if err.is_instance_of::<PyKeyboardInterrupt>(py) => {
            drop(closing);
            let _ = joined(py, thread);
            return Err(err);
        }
        other => other,
    };
    let over_time = fired || link.timed_out() || link.started.elapsed() > limit;
    let millis = u64::try_from(limit.as_millis()).unwrap_or(u64::MAX);
    let outcome = if let Some(reason) = link.stopped() {
        Outcome::Protocol { detail: reason }
    } else if over_time {
        Outcome::Timeout { millis }
    } else {
        match &returned {
            Err(err) => Outcome::Crash {
                detail: last_line(py, err),
            },
            Ok(value) => match answer_line(value).map(|line| link.answer(line)) {
                Err(detail) => Outcome::Protocol { detail },
                Ok(Some(Reply::Finished)) => Outcome::Answered,
                Ok(Some(Reply::Line(refused))) => Outcome::Protocol {
                    detail: refused
                        .strip_prefix("error ")
                        .unwrap_or(&refused)
                        .to_string(),
                },
                Ok(Some(Reply::Stop(reason))) => Outcome::Protocol { detail: reason },
                Ok(None) => return Err(joined(py, thread).err().unwrap_or_else(gone)),
            },
        }
    };
    link.close(Some(outcome));
    drop(closing);
    joined(py, thread)?.ok_or_else(gone)
}

/// The error of a run's thread that is gone without a report.
fn gone() -> PyErr {
    PlyError::new_err("internal error: the grader's thread is gone (a bug in ply)")
}

/// Waits for a run's thread (without the GIL): its report, or its panic as a
/// `PlyError`.
fn joined(
    py: Python<'_>,
    thread: JoinHandle<std::thread::Result<Option<TestReport>>>,
) -> PyResult<Option<TestReport>> {
    match py.detach(|| thread.join()) {
        Ok(Ok(report)) => Ok(report),
        Ok(Err(panic)) | Err(panic) => Err(internal(&*panic)),
    }
}

/// A seed for the random tests when none is given: from the process's random hash
/// keys and the clock.
fn fresh_seed() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    hasher.write_u128(nanos);
    hasher.finish() % (ply_api::practice::MAX_SEED + 1)
}

/// Checks a search function written in Python with ply's grader, as `ply grade`
/// checks a program: the kind's fixed tests and `tests` random held-out ones.
#[pyfunction]
#[pyo3(signature = (function, kind="minimax", rule="ge", tests=5, seed=None, lang="en", time_limit=2.0))]
#[allow(clippy::too_many_arguments)]
pub fn check(
    py: Python<'_>,
    function: Bound<'_, PyAny>,
    kind: &str,
    rule: &str,
    tests: u32,
    seed: Option<u64>,
    lang: &str,
    time_limit: f64,
) -> PyResult<CheckReport> {
    if !function.is_callable() {
        return Err(PyTypeError::new_err(format!(
            "check takes a function solve(root), not {}",
            function.get_type().name()?
        )));
    }
    let bad = |phrase: Phrase| error(py, ApiError::bad_request_said(phrase));
    let kind = Kind::from_name(kind).ok_or_else(|| {
        bad(Phrase::new("errors.check.kind").arg("kind", ply_core::text::excerpt(kind)))
    })?;
    let rule = Rule::from_name(rule).ok_or_else(|| {
        bad(Phrase::new("errors.check.rule").arg("rule", ply_core::text::excerpt(rule)))
    })?;
    let lang = Lang::from_tag(lang).ok_or_else(|| {
        bad(Phrase::new("errors.check.lang").arg("lang", ply_core::text::excerpt(lang)))
    })?;
    if !(time_limit.is_finite() && time_limit > 0.0 && time_limit <= MAX_TIME_LIMIT) {
        return Err(bad(Phrase::new("errors.check.time_limit")
            .arg("time_limit", time_limit.to_string())
            .arg("max", MAX_TIME_LIMIT.to_string())));
    }
    if tests > grade::MAX_RANDOM_TESTS {
        return Err(error(
            py,
            ApiError::limit_said(
                "max_random_tests",
                Phrase::new("errors.check.tests")
                    .arg("tests", tests)
                    .arg("max", grade::MAX_RANDOM_TESTS),
            ),
        ));
    }
    let seed = seed.unwrap_or_else(fresh_seed);
    let suite = unpanicked(|| {
        suite(kind, tests, seed, Vec::new())
            .map_err(|detail| bad(Phrase::new("errors.grade.suite").arg("detail", detail)))
    })?;
    let limit = Duration::from_secs_f64(time_limit);
    let mut reports = Vec::with_capacity(suite.len());
    for test in suite {
        reports.push(unpanicked(|| {
            run_test(py, &function, test, kind, rule, lang, limit)
        })?);
    }
    unpanicked(|| CheckReport::new(py, finish_report(kind, rule, reports, lang), seed))
}

/// One test of a check: the fields of its JSON (`ply grade --json`).
#[pyclass(frozen, module = "plysearch", get_all)]
pub struct CheckedTest {
    /// The test's name (`classic`, `random-3 (seed 17)`).
    name: String,
    /// True when the value, the move (if one was given), the leaves evaluated and the
    /// nodes expanded are all the right search's.
    passed: bool,
    /// `answered`, `timeout`, `crash` or `protocol_error`.
    outcome: String,
    /// The value the function returned, as the answer line wrote it; None if none.
    value: Option<String>,
    /// The root's value.
    expected_value: String,
    /// The child the function chose, if it returned one.
    #[pyo3(name = "move")]
    chosen: Option<String>,
    /// The root's children worth its value.
    expected_moves: Vec<String>,
    /// The leaves the function evaluated, in order.
    evaluated: Vec<String>,
    /// The leaves the right search evaluates, in order.
    expected_evaluated: Vec<String>,
    /// The inner nodes the function expanded, in order.
    expanded: Vec<String>,
    /// The inner nodes the right search expands, in order.
    expected_expanded: Vec<String>,
    /// The mistakes this test's failure matches (ids).
    diagnoses: Vec<String>,
    /// The first difference in words (or that all agree).
    message: String,
    /// The queries made.
    queries: u64,
    /// The tree (bracket format, or `tictactoe POSITION depth D`).
    tree: String,
    /// The tree lab's link, relative to the site.
    lab: String,
    /// The test as JSON text.
    json: String,
}

impl CheckedTest {
    fn new(test: &TestReport) -> CheckedTest {
        let strings = |v: &[&'static str]| v.iter().map(|s| s.to_string()).collect();
        CheckedTest {
            name: test.name.clone(),
            passed: test.passed,
            outcome: test.outcome.to_string(),
            value: test.value.clone(),
            expected_value: test.expected_value.clone(),
            chosen: test.chosen.clone(),
            expected_moves: test.expected_moves.clone(),
            evaluated: test.evaluated.clone(),
            expected_evaluated: test.expected_evaluated.clone(),
            expanded: test.expanded.clone(),
            expected_expanded: test.expected_expanded.clone(),
            diagnoses: strings(&test.diagnoses),
            message: test.message.clone(),
            queries: test.queries,
            tree: test.tree.clone(),
            lab: test.lab.clone(),
            json: serde_json::to_string(test).unwrap_or_default(),
        }
    }
}

#[pymethods]
impl CheckedTest {
    /// The test as a dict (its JSON).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (&self.json,))
    }

    fn __repr__(&self) -> String {
        format!(
            "CheckedTest(name={}, passed={}, value={}, expected_value={})",
            crate::py_str(&self.name),
            if self.passed { "True" } else { "False" },
            crate::py_opt(self.value.as_deref().map(crate::py_str)),
            crate::py_str(&self.expected_value)
        )
    }
}

/// The report of `plysearch.check`: what `ply grade --json` prints, as attributes; a table in
/// a notebook.
#[pyclass(frozen, module = "plysearch")]
pub struct CheckReport {
    /// The kind checked.
    #[pyo3(get)]
    kind: String,
    /// The pruning rule (`ge` or `gt`).
    #[pyo3(get)]
    rule: String,
    /// True when every test passed.
    #[pyo3(get)]
    passed: bool,
    tests: Vec<Py<CheckedTest>>,
    /// The mistakes the function's behaviour matches on every test, and `timeout`,
    /// `crash`, `protocol_error` where a test ended so (ids).
    #[pyo3(get)]
    diagnoses: Vec<String>,
    /// The diagnoses in words, in the report's language.
    #[pyo3(get)]
    diagnosis_text: Vec<String>,
    /// "3 of 5 tests passed.", in the report's language.
    #[pyo3(get)]
    summary: String,
    /// The language of the words.
    #[pyo3(get)]
    lang: String,
    /// The seed of the random tests.
    #[pyo3(get)]
    seed: u64,
    json: String,
    text: String,
    html: String,
}

impl CheckReport {
    fn new(py: Python<'_>, report: grade::Report, seed: u64) -> PyResult<CheckReport> {
        let tests = report
            .tests
            .iter()
            .map(|t| Py::new(py, CheckedTest::new(t)))
            .collect::<PyResult<_>>()?;
        Ok(CheckReport {
            kind: report.kind.to_string(),
            rule: report.rule.to_string(),
            passed: report.passed,
            tests,
            diagnoses: report.diagnoses.iter().map(|d| d.to_string()).collect(),
            diagnosis_text: report.diagnosis_text.clone(),
            summary: report.summary.clone(),
            lang: report.lang.to_string(),
            seed,
            json: report::json(&report).to_string(),
            text: report::text(&report),
            html: html(&report),
        })
    }
}

/// `text` safe inside HTML.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The report as an HTML table, one row a test, and the diagnoses in words below.
fn html(report: &grade::Report) -> String {
    let lang = Lang::from_tag(report.lang).unwrap_or_default();
    let mut out = String::from("<div class=\"ply-check\">\n");
    let _ = writeln!(
        out,
        "<p><b>plysearch.check</b> {} ({}): {}</p>",
        escape(report.kind),
        escape(report.rule),
        escape(&report.summary)
    );
    let _ = writeln!(
        out,
        "<table>\n<thead><tr><th></th><th></th><th>{}</th><th>{}</th><th></th></tr></thead>\n<tbody>",
        escape(&lang.say("grade.label.value", &[])),
        escape(&lang.say("grade.label.expected", &[]))
    );
    for test in &report.tests {
        let (mark, colour) = if test.passed {
            ("✓", "green")
        } else {
            ("✗", "red")
        };
        let mut value = test.value.clone().unwrap_or_else(|| "–".into());
        if let Some(chosen) = &test.chosen {
            let _ = write!(value, " ({chosen})");
        }
        let mut expected = test.expected_value.clone();
        if test.chosen.is_some() && !test.expected_moves.is_empty() {
            let _ = write!(expected, " ({})", test.expected_moves.join(" / "));
        }
        let _ = writeln!(
            out,
            "<tr><td style=\"color:{colour}\">{mark}</td><td>{}</td><td>{}</td><td>{}</td><td style=\"text-align:left\">{}</td></tr>",
            escape(&test.name),
            escape(&value),
            escape(&expected),
            escape(&test.message)
        );
    }
    out.push_str("</tbody>\n</table>\n");
    if !report.diagnoses.is_empty() {
        out.push_str("<ul>\n");
        for (id, words) in report.diagnoses.iter().zip(&report.diagnosis_text) {
            let _ = writeln!(
                out,
                "<li><code>{}</code>: {}</li>",
                escape(id),
                escape(words)
            );
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</div>");
    out
}

#[pymethods]
impl CheckReport {
    /// Each test's report, in order (a new list each call).
    #[getter]
    fn tests<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.tests.iter().map(|t| t.clone_ref(py)))
    }

    /// The report as JSON text: the fields of `ply grade --json`.
    fn to_json(&self) -> String {
        self.json.clone()
    }

    /// The report as a dict (its JSON).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (&self.json,))
    }

    /// The table a notebook shows: one row a test, the diagnoses in words below.
    fn _repr_html_(&self) -> String {
        self.html.clone()
    }

    /// The report as `ply grade` prints it.
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        let diagnoses: Vec<String> = self.diagnoses.clone();
        format!(
            "CheckReport(kind={}, rule={}, passed={}, summary={}, diagnoses={})",
            crate::py_str(&self.kind),
            crate::py_str(&self.rule),
            if self.passed { "True" } else { "False" },
            crate::py_str(&self.summary),
            crate::py_list(&diagnoses)
        )
    }
}
