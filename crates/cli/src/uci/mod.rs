//! `ply uci`: chess over the Universal Chess Interface, for GUIs (Arena, Cute Chess,
//! Banksia, En Croissant) and match runners (cutechess-cli, fastchess, python-chess).
//!
//! One thread reads the GUI's lines and answers at once (`isready` during a search gets
//! its `readyok`); a search runs on a thread of its own, which owns the engine while it
//! searches and gives it back when done, and prints its `info` lines and its `bestmove`.
//! A watchdog beside the search raises the stop flag at the hard time limit; between
//! iterations the search asks the soft limit whether to go one deeper (see `clock.rs`).
//!
//! What engines are known to get wrong, and how this one avoids it:
//! * `stop` is answered within milliseconds (the engine looks at its stop flag every
//!   thousand nodes), and the best move is always legal: a search stopped before its
//!   first iteration ends plays the engine's first move in its own order, never `0000`.
//! * The clock: a Move Overhead is kept aside from every move, negative times read as 0
//!   and huge ones as large, and no plan ever exceeds what is left.
//! * Bad input: unknown commands, unreadable numbers, an illegal FEN or move, lines
//!   that are too long or not text: an `info string` says what was wrong and the line
//!   is skipped; the engine never stops answering.
//! * A bug: a panic in the search still ends the search and its watchdog, says so in an
//!   `info string` and plays a legal move; the next search gets a new engine.

mod clock;
pub mod command;

pub use command::{Command, CommandError, Go, parse_command};

use clock::{Budget, Pacing};
use command::quoted;
use cozy_chess::Move;
use ply_core::engine::{Bound, Engine, EngineResult, Limits, MAX_DEPTH, SearchInfo, Settings};
use ply_core::input::{Input, Line};
use ply_core::{Evaluator, Game, Score};
use ply_games::Notation;
use ply_games::chess::{Chess, ChessHooks, PieceSquare};
use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

type ChessEngine = Engine<Chess, ChessHooks, PieceSquare>;

/// The longest line read; longer ones are skipped with an `info string` (a `position`
/// with ply's longest move list takes about 60 KB).
pub const MAX_LINE_BYTES: usize = 256 * 1024;

/// Option ranges, as `uci` announces them.
const DEFAULT_HASH_MIB: u64 = 16;
const MAX_HASH_MIB: u64 = 1 << 16;
const MAX_THREADS: u64 = 256;
const DEFAULT_OVERHEAD_MS: u64 = 30;
const MAX_OVERHEAD_MS: u64 = 5000;
const MAX_SKILL: u64 = 20;

/// How often the watchdog looks at the clock.
const WATCHDOG_TICK: Duration = Duration::from_millis(1);

/// The deepest `go perft`.
const MAX_PERFT_DEPTH: u64 = 8;

/// Where the engine's lines go: shared by the reading thread and the search thread, a
/// whole line at a time, flushed at once (a GUI waits for each line).
#[derive(Clone)]
struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    fn line(&self, text: &str) {
        let mut out = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // A GUI that closed the pipe is gone; the next read ends the conversation.
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }

    fn info_string(&self, text: &str) {
        // One line, whatever the text holds.
        self.line(&format!("info string {}", text.replace(['\n', '\r'], " ")));
    }
}

/// The options `uci` announces.
#[derive(Clone, Debug)]
struct Options {
    hash_mib: u64,
    threads: u64,
    overhead_ms: u64,
    ponder: bool,
    chess960: bool,
    skill: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mib: DEFAULT_HASH_MIB,
            threads: 1,
            overhead_ms: DEFAULT_OVERHEAD_MS,
            ponder: false,
            chess960: false,
            skill: MAX_SKILL,
        }
    }
}

impl Options {
    fn settings(&self) -> Settings {
        Settings::default()
            .with_hash(self.hash_mib as usize)
            .with_threads(self.threads as usize)
    }

    /// The deepest iteration at this skill level (`None`: full strength).
    fn skill_depth(&self) -> Option<u32> {
        (self.skill < MAX_SKILL).then_some(1 + self.skill as u32 / 2)
    }
}

/// The time limits of a running search, in microseconds from its start (`u64::MAX`: none),
/// changed by `ponderhit` while the search runs.
struct Deadlines {
    start: Instant,
    /// When the budget was applied, and its soft limit (no new iteration after it;
    /// `u64::MAX`: none).
    applied_us: AtomicU64,
    soft_us: AtomicU64,
    /// Whether pacing may move the soft limit: a clock's budget (its soft limit below its
    /// hard one), never a fixed `movetime`.
    paced: AtomicBool,
    /// Stop at once after this.
    stop_us: AtomicU64,
}

impl Deadlines {
    fn new(start: Instant) -> Deadlines {
        Deadlines {
            start,
            applied_us: AtomicU64::new(0),
            soft_us: AtomicU64::new(u64::MAX),
            paced: AtomicBool::new(false),
            stop_us: AtomicU64::new(u64::MAX),
        }
    }

    /// Applies `budget` from now.
    fn apply(&self, budget: &Budget) {
        let now = self.elapsed_us();
        self.applied_us.store(now, Ordering::Relaxed);
        self.soft_us
            .store(micros(budget.soft).min(u64::MAX - 1), Ordering::Relaxed);
        self.paced
            .store(budget.soft < budget.hard, Ordering::Relaxed);
        self.stop_us
            .store(now.saturating_add(micros(budget.hard)), Ordering::Relaxed);
    }

    /// The time after which no new iteration starts: the soft limit, scaled to `percent`
    /// by pacing where the budget allows it (never beyond the hard limit).
    fn last_iteration_us(&self, percent: u64) -> u64 {
        let soft = self.soft_us.load(Ordering::Relaxed);
        if soft == u64::MAX {
            return u64::MAX;
        }
        let percent = if self.paced.load(Ordering::Relaxed) {
            percent
        } else {
            100
        };
        let last = self
            .applied_us
            .load(Ordering::Relaxed)
            .saturating_add(soft.saturating_mul(percent) / 100);
        last.min(self.stop_us.load(Ordering::Relaxed))
    }

    fn elapsed_us(&self) -> u64 {
        micros(self.start.elapsed())
    }
}

fn micros(duration: Duration) -> u64 {
    u64::try_from(duration.as_micros()).unwrap_or(u64::MAX)
}

/// A search (or `go perft`) running on its own thread.
struct Job {
    /// Gives back the engine, or `None` when the search failed (the engine may be left
    /// in any state by a panic, so a new one is made).
    handle: JoinHandle<Option<ChessEngine>>,
    stop: Arc<AtomicBool>,
    /// Set for `go infinite` and `go ponder`: the best move waits for `stop` (or
    /// `ponderhit`) even when the search ends by itself.
    hold: Arc<AtomicBool>,
    deadlines: Arc<Deadlines>,
    /// The budget `go ponder` had, applied at `ponderhit`.
    ponder_budget: Option<Budget>,
}

/// The state of one UCI conversation with a GUI.
struct Conversation {
    out: Output,
    options: Options,
    position: Chess,
    /// `None` only while a job owns it.
    engine: Option<ChessEngine>,
    job: Option<Job>,
    debug: bool,
    /// How many of the next searches panic after their first iteration: a fault a test
    /// injects, to check that the conversation survives a bug in the search.
    #[cfg(test)]
    failing_searches: u32,
}

/// Speaks UCI on standard input and output until `quit` or the end of input.
pub fn run_stdio() {
    let out: Box<dyn Write + Send> = Box::new(std::io::stdout());
    run(Input::stdin(), out);
}

/// Speaks UCI: reads `input` line by line, writes to `output`, until `quit` (which stops
/// any search at once) or the end of the input (which stops an infinite or ponder search,
/// and waits for any other search to end and print its move).
pub fn run(input: Input, output: Box<dyn Write + Send>) {
    Conversation::new(output).converse(input);
}

/// The engine of `options`, or, when its table does not fit in memory, one without a
/// table.
fn new_engine(options: &Options) -> ChessEngine {
    Engine::try_new(ChessHooks, PieceSquare, options.settings())
        .unwrap_or_else(|_| Engine::new(ChessHooks, PieceSquare, options.settings().with_hash(0)))
}

impl Conversation {
    /// A conversation at the start position, with the default options; it greets the GUI.
    fn new(output: Box<dyn Write + Send>) -> Conversation {
        let out = Output(Arc::new(Mutex::new(output)));
        out.line(&format!(
            "ply {} chess engine (UCI; type uci)",
            env!("CARGO_PKG_VERSION")
        ));
        let options = Options::default();
        let engine = new_engine(&options);
        Conversation {
            out,
            options,
            position: Chess::start(),
            engine: Some(engine),
            job: None,
            debug: false,
            #[cfg(test)]
            failing_searches: 0,
        }
    }

    /// Reads and answers `input` until `quit`, which stops any search at once, or the end
    /// of the input, which stops an infinite or ponder search and lets any other finish.
    fn converse(mut self, input: Input) {
        let mut quit = false;
        for line in input.lines(MAX_LINE_BYTES) {
            match line {
                Ok(Line { text, .. }) => {
                    if !self.handle_line(&text) {
                        quit = true;
                        break;
                    }
                }
                Err(error) => {
                    self.out.info_string(&format!("skipped {error}"));
                    if error.ends_input() {
                        break;
                    }
                }
            }
        }
        self.finish(!quit);
    }

    /// Handles one line; false after `quit`.
    fn handle_line(&mut self, text: &str) -> bool {
        let command = match parse_command(text) {
            Ok(Some(command)) => command,
            Ok(None) => return true,
            Err(error) => {
                self.out.info_string(&error.to_string());
                return true;
            }
        };
        if self.debug {
            self.out.info_string(&format!("read {}", quoted(text)));
        }
        self.reap_finished_job();
        match command {
            Command::Uci => self.uci(),
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Register => {}
            Command::UciNewGame => {
                self.finish(false);
                if let Some(engine) = &mut self.engine {
                    engine.clear();
                }
                self.position = Chess::start();
            }
            Command::Position { fen, moves } => self.set_position(fen.as_deref(), &moves),
            Command::Go(go) => self.go(go),
            Command::Stop => self.finish(false),
            Command::PonderHit => self.ponder_hit(),
            Command::Quit => return false,
            Command::Display => {
                for row in self.position.render().lines() {
                    self.out.line(row);
                }
                self.out.line(&format!("Fen: {}", self.fen()));
                self.out
                    .line(&format!("Key: {:016x}", self.position.board().hash()));
            }
            Command::Eval => {
                let score = PieceSquare.evaluate(&self.position);
                let white = match self.position.board().side_to_move() {
                    cozy_chess::Color::White => score.raw(),
                    cozy_chess::Color::Black => -score.raw(),
                };
                self.out
                    .line(&format!("static evaluation: {white} cp (White's side)"));
            }
        }
        true
    }

    fn uci(&self) {
        let lines = [
            format!("id name ply {}", env!("CARGO_PKG_VERSION")),
            "id author the ply developers".to_string(),
            format!(
                "option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}"
            ),
            "option name Clear Hash type button".to_string(),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            format!(
                "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max {MAX_OVERHEAD_MS}"
            ),
            "option name Ponder type check default false".to_string(),
            "option name UCI_Chess960 type check default false".to_string(),
            format!("option name Skill Level type spin default {MAX_SKILL} min 0 max {MAX_SKILL}"),
            "uciok".to_string(),
        ];
        for line in lines {
            self.out.line(&line);
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let key = name.to_ascii_lowercase();
        match key.as_str() {
            "hash" | "threads" => {
                let (max, what) = if key == "hash" {
                    (MAX_HASH_MIB, "MiB")
                } else {
                    (MAX_THREADS, "threads")
                };
                let Some(number) = self.spin(name, value, 1, max, what) else {
                    return;
                };
                let mut options = self.options.clone();
                if key == "hash" {
                    options.hash_mib = number;
                } else {
                    options.threads = number;
                }
                self.stop_for(name);
                match Engine::try_new(ChessHooks, PieceSquare, options.settings()) {
                    Ok(engine) => {
                        self.engine = Some(engine);
                        self.options = options;
                    }
                    Err(error) => self.out.info_string(&format!(
                        "{name} stays {}: {error}",
                        if key == "hash" {
                            self.options.hash_mib
                        } else {
                            self.options.threads
                        }
                    )),
                }
            }
            "clear hash" => {
                self.stop_for(name);
                if let Some(engine) = &mut self.engine {
                    engine.clear();
                }
            }
            "move overhead" => {
                if let Some(ms) = self.spin(name, value, 0, MAX_OVERHEAD_MS, "ms") {
                    self.options.overhead_ms = ms;
                }
            }
            "skill level" => {
                if let Some(level) = self.spin(name, value, 0, MAX_SKILL, "") {
                    self.options.skill = level;
                }
            }
            "ponder" | "uci_chess960" => {
                let on = match value.map(|v| v.to_ascii_lowercase()) {
                    Some(v) if v == "true" => true,
                    Some(v) if v == "false" => false,
                    _ => {
                        self.out.info_string(&format!(
                            "option {name} takes the value true or false, not {}",
                            quoted(value.unwrap_or(""))
                        ));
                        return;
                    }
                };
                if key == "ponder" {
                    self.options.ponder = on;
                } else {
                    self.options.chess960 = on;
                }
            }
            _ => self
                .out
                .info_string(&format!("no option named {}", quoted(name))),
        }
    }

    /// The number of a spin option, clamped to its range (a value outside it is
    /// reported); `None`, reported, when it is no number.
    fn spin(&self, name: &str, value: Option<&str>, min: u64, max: u64, unit: &str) -> Option<u64> {
        let text = value.unwrap_or("").trim();
        let Some(number) = command::clamped_number(text) else {
            self.out.info_string(&format!(
                "option {name} takes a whole number from {min} to {max}, not {}",
                quoted(text)
            ));
            return None;
        };
        let clamped = number.clamp(min, max);
        if clamped != number || text.starts_with('-') {
            self.out.info_string(&format!(
                "option {name}: {} is out of range ({min} to {max}), using {clamped}{}",
                quoted(text),
                if unit.is_empty() {
                    String::new()
                } else {
                    format!(" {unit}")
                }
            ));
        }
        Some(clamped)
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) {
        let chess960 = self.options.chess960;
        let start = match fen {
            None => Chess::start(),
            Some(fen) => match Chess::from_fen_variant(fen, chess960) {
                Ok(position) => position,
                Err(error) => {
                    self.out.info_string(&format!("position ignored: {error}"));
                    return;
                }
            },
        };
        if moves.len() > ply_games::chess::MAX_LISTED_MOVES {
            self.out.info_string(&format!(
                "position ignored: {} moves listed, at most {}",
                moves.len(),
                ply_games::chess::MAX_LISTED_MOVES
            ));
            return;
        }
        let mut position = start;
        for (i, text) in moves.iter().enumerate() {
            match position.parse_uci(text, chess960) {
                Ok(mv) => position.play(mv),
                Err(error) => {
                    self.out.info_string(&format!(
                        "move {} of the list ignored with the rest: {error}",
                        i + 1
                    ));
                    break;
                }
            }
        }
        self.position = position;
    }

    fn fen(&self) -> String {
        self.position.fen_variant(self.options.chess960)
    }

    /// Stops a running job before an option that needs the engine (a GUI should not
    /// send one during a search; if it does, it gets its best move first).
    fn stop_for(&mut self, name: &str) {
        if self.job.is_some() {
            self.out
                .info_string(&format!("stopping the search to apply {name}"));
            self.finish(false);
        }
    }

    /// Takes back the engine of a job that has ended by itself.
    fn reap_finished_job(&mut self) {
        if self
            .job
            .as_ref()
            .is_some_and(|job| job.handle.is_finished())
        {
            self.finish(false);
        }
    }

    /// Ends the running job, if any: stops it (at once, or, when `let_run`, only an
    /// infinite or ponder search) and takes back its engine.
    fn finish(&mut self, let_run: bool) {
        let Some(job) = self.job.take() else {
            return;
        };
        if !let_run || job.hold.load(Ordering::Relaxed) {
            job.stop.store(true, Ordering::Relaxed);
        }
        self.engine = match job.handle.join() {
            Ok(Some(engine)) => Some(engine),
            // The search failed and said so; the conversation goes on with a new engine.
            Ok(None) => Some(new_engine(&self.options)),
            Err(payload) => {
                // A panic outside the search proper (`go perft`) is a bug too.
                self.out.info_string(&format!(
                    "internal error: {} (a bug in ply: please report it)",
                    ply_core::text::excerpt(&ply_core::text::panic_message(payload.as_ref()))
                ));
                Some(new_engine(&self.options))
            }
        };
    }

    fn ponder_hit(&mut self) {
        let Some(job) = &self.job else {
            return;
        };
        if let Some(budget) = &job.ponder_budget {
            job.deadlines.apply(budget);
        }
        job.hold.store(false, Ordering::Relaxed);
    }

    fn go(&mut self, go: Go) {
        if self.job.is_some() {
            self.out
                .info_string("go during a search: the search running ends first");
            self.finish(false);
        }
        if !go.ignored.is_empty() {
            self.out
                .info_string(&format!("go: ignored {}", quoted(&go.ignored.join(" "))));
        }
        if !go.searchmoves.is_empty() {
            self.out
                .info_string("go searchmoves is not supported: every move is searched");
        }
        let Some(engine) = self.engine.take() else {
            return;
        };
        if let Some(depth) = go.perft {
            self.start_perft(engine, depth);
            return;
        }
        let root = self.position.clone();
        let chess960 = self.options.chess960;
        // Every legal move, also in a game drawn by rule (`Game::legal_moves` would say none).
        let mut moves = Vec::new();
        root.generate_moves(&mut moves);
        if moves.is_empty() {
            // Mate or stalemate: no move to play.
            let score = if root.in_check() { "mate 0" } else { "cp 0" };
            self.out.line(&format!("info depth 0 score {score}"));
            self.out.line("bestmove (none)");
            self.engine = Some(engine);
            return;
        }
        // Drawn by a rule (repetition, fifty moves, material) with moves left: the GUI
        // still wants a move. Search the board as if its past were forgotten.
        let root = if root.outcome().is_some() {
            self.out
                .info_string("the game is drawn by rule; searching a move anyway");
            root.without_past()
        } else {
            root
        };

        let mut limits = Limits::default();
        let mut depth = go.depth.map(|d| d.clamp(1, MAX_DEPTH as u64) as u32);
        if let Some(mate) = go.mate {
            let plies = mate.clamp(1, MAX_DEPTH as u64 / 2) as u32 * 2 - 1;
            depth = Some(depth.map_or(plies, |d| d.min(plies)));
        }
        if let Some(cap) = self.options.skill_depth() {
            depth = Some(depth.map_or(cap, |d| d.min(cap)));
        }
        limits.depth = depth;
        limits.nodes = go.nodes.map(|n| n.max(1));
        let white = root.board().side_to_move() == cozy_chess::Color::White;
        let mut budget = Budget::for_move(&go, white, self.options.overhead_ms);
        // One legal move: play it at once (in a timed game; depth and node searches run).
        if moves.len() == 1 && go.movetime.is_none() && budget.is_some() && !go.ponder {
            budget = Some(Budget {
                soft: Duration::ZERO,
                hard: budget.map_or(Duration::ZERO, |b| b.hard),
            });
        }
        let limited =
            budget.is_some() || go.depth.is_some() || go.nodes.is_some() || go.mate.is_some();
        let hold = go.infinite || go.ponder || !limited;
        let stop = Arc::new(AtomicBool::new(false));
        let hold = Arc::new(AtomicBool::new(hold));
        let deadlines = Arc::new(Deadlines::new(Instant::now()));
        let ponder_budget = if go.ponder { budget } else { None };
        if let (Some(budget), false) = (&budget, go.ponder) {
            deadlines.apply(budget);
        }
        let limits = limits.with_stop(stop.clone());
        let search = SearchJob {
            out: self.out.clone(),
            root,
            limits,
            mate: go.mate,
            chess960,
            stop: stop.clone(),
            hold: hold.clone(),
            deadlines: deadlines.clone(),
            fallback: moves[0],
            #[cfg(test)]
            fail: {
                let fail = self.failing_searches > 0;
                self.failing_searches = self.failing_searches.saturating_sub(1);
                fail
            },
        };
        let handle = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || search.run(engine));
        match handle {
            Ok(handle) => {
                self.job = Some(Job {
                    handle,
                    stop,
                    hold,
                    deadlines,
                    ponder_budget,
                })
            }
            Err(error) => {
                // No thread: the engine went with the closure; make a new one.
                self.out
                    .info_string(&format!("cannot start the search: {error}"));
                self.out.line(&format!(
                    "bestmove {}",
                    self.position.uci_move(moves[0], chess960)
                ));
                self.engine = Some(new_engine(&self.options));
            }
        }
    }

    fn start_perft(&mut self, engine: ChessEngine, depth: u64) {
        let depth = depth.clamp(1, MAX_PERFT_DEPTH) as u32;
        let out = self.out.clone();
        let board = self.position.board().clone();
        let root = self.position.clone();
        let chess960 = self.options.chess960;
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let handle = std::thread::spawn(move || {
            let start = Instant::now();
            let divide =
                ply_games::chess::divide_until(&board, depth, &|| flag.load(Ordering::Relaxed));
            for (mv, count) in &divide.counts {
                out.line(&format!("{}: {count}", root.uci_move(*mv, chess960)));
            }
            let total: u64 = divide.counts.iter().map(|(_, c)| c).sum();
            out.line("");
            if divide.complete {
                out.line(&format!("Nodes searched: {total}"));
            } else {
                out.line("perft stopped: no total (the moves above are complete)");
            }
            out.info_string(&format!(
                "perft {depth}: {} ms",
                start.elapsed().as_millis()
            ));
            Some(engine)
        });
        self.job = Some(Job {
            handle,
            stop,
            hold: Arc::new(AtomicBool::new(false)),
            deadlines: Arc::new(Deadlines::new(Instant::now())),
            ponder_budget: None,
        });
    }
}

/// What the search thread needs.
struct SearchJob {
    out: Output,
    root: Chess,
    limits: Limits,
    mate: Option<u64>,
    chess960: bool,
    stop: Arc<AtomicBool>,
    hold: Arc<AtomicBool>,
    deadlines: Arc<Deadlines>,
    /// The move played if the search fails: the first legal move (a search starts only
    /// where there is one).
    fallback: Move,
    /// Panic after the first iteration (a fault a test injects).
    #[cfg(test)]
    fail: bool,
}

/// Raises its flag when dropped, also while a panic unwinds.
struct RaiseOnDrop<'a>(&'a AtomicBool);

impl Drop for RaiseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl SearchJob {
    /// Searches, prints the best move, and gives back the engine (`None` after a panic).
    fn run(self, mut engine: ChessEngine) -> Option<ChessEngine> {
        let done = AtomicBool::new(false);
        let mut pacing = Pacing::default();
        // A panic in the search is a bug, but the GUI still waits for a move, and the
        // conversation must go on: it is caught here, on the search's own thread.
        let searched = catch_unwind(AssertUnwindSafe(|| {
            std::thread::scope(|scope| {
                scope.spawn(|| self.watchdog(&done));
                // The scope waits for the watchdog, which runs until `done`: raised on the
                // way out, a panic of the search included.
                let _done = RaiseOnDrop(&done);
                self.search(&mut engine, &mut pacing)
            })
        }));
        if let Err(payload) = &searched {
            self.out.info_string(&format!(
                "internal error in the search: {} (a bug in ply: please report it); playing the first legal move",
                ply_core::text::excerpt(&ply_core::text::panic_message(payload.as_ref()))
            ));
        }
        // go infinite, go ponder: the move waits for stop or ponderhit.
        while self.hold.load(Ordering::Relaxed) && !self.stop.load(Ordering::Relaxed) {
            std::thread::sleep(WATCHDOG_TICK);
        }
        match searched {
            Ok(result) => {
                self.report(&result);
                Some(engine)
            }
            Err(_) => {
                self.out.line(&format!(
                    "bestmove {}",
                    self.root.uci_move(self.fallback, self.chess960)
                ));
                None
            }
        }
    }

    /// The search proper, with an `info` line after each iteration.
    fn search(&self, engine: &mut ChessEngine, pacing: &mut Pacing<Move>) -> EngineResult<Move> {
        engine.search_with(&self.root, &self.limits, |info| {
            self.out.line(&self.info_line(info));
            #[cfg(test)]
            if self.fail {
                panic!("a fault injected by a test");
            }
            let mated_in_time = self.mate.is_some_and(|moves| {
                info.score.is_win()
                    && info
                        .score
                        .plies_to_end()
                        .is_some_and(|p| u64::from(p) < 2 * moves)
            });
            let percent = pacing.after_iteration(info.depth, info.pv.first().copied(), info.score);
            let late = self.deadlines.elapsed_us() >= self.deadlines.last_iteration_us(percent);
            if (late || mated_in_time) && !self.hold.load(Ordering::Relaxed) {
                self.stop.store(true, Ordering::Relaxed);
            }
        })
    }

    /// Raises the stop flag at the hard time limit (which `ponderhit` may set while the
    /// search runs).
    fn watchdog(&self, done: &AtomicBool) {
        while !done.load(Ordering::Relaxed) {
            if self.deadlines.elapsed_us() >= self.deadlines.stop_us.load(Ordering::Relaxed) {
                self.stop.store(true, Ordering::Relaxed);
                return;
            }
            std::thread::sleep(WATCHDOG_TICK);
        }
    }

    fn info_line(&self, info: &SearchInfo<Move>) -> String {
        let bound = match info.bound {
            Bound::Lower => " lowerbound",
            Bound::Upper => " upperbound",
            Bound::Exact => "",
        };
        format!(
            "info depth {} seldepth {} multipv 1 score {}{bound} nodes {} nps {} hashfull {} time {} pv {}",
            info.depth,
            info.seldepth.max(info.depth),
            uci_score(info.score),
            info.nodes,
            info.nps(),
            info.hashfull,
            info.time.as_millis(),
            self.line_of(&info.pv)
        )
    }

    /// Moves from the root in UCI notation.
    fn line_of(&self, pv: &[Move]) -> String {
        let mut position = self.root.clone();
        let mut words = Vec::with_capacity(pv.len());
        for &mv in pv {
            if !position.board().is_legal(mv) {
                break;
            }
            words.push(position.uci_move(mv, self.chess960));
            position.play(mv);
        }
        words.join(" ")
    }

    fn report(&self, result: &EngineResult<Move>) {
        if result.stopped {
            // The last completed iteration again, with the work of the one cut short.
            let elapsed = result.time.as_secs_f64();
            let nps = if elapsed > 0.0 {
                (result.stats.nodes as f64 / elapsed) as u64
            } else {
                0
            };
            if !result.iterations.is_empty() {
                self.out.line(&format!(
                    "info depth {} seldepth {} multipv 1 score {} nodes {} nps {nps} time {} pv {}",
                    result.depth,
                    result.seldepth.max(result.depth),
                    uci_score(result.score),
                    result.stats.nodes,
                    result.time.as_millis(),
                    self.line_of(&result.pv)
                ));
            }
        }
        let best = result.best.filter(|&mv| self.root.board().is_legal(mv));
        let best = best.or_else(|| {
            // Never reached: the engine always has a legal move for an unfinished root.
            let mut moves = Vec::new();
            self.root.generate_moves(&mut moves);
            moves.first().copied()
        });
        match best {
            Some(best) => {
                let mut line = format!("bestmove {}", self.root.uci_move(best, self.chess960));
                if let Some(&reply) = result.pv.get(1).filter(|_| result.pv[0] == best) {
                    let after = self.root.after(best);
                    if after.board().is_legal(reply) {
                        line.push_str(&format!(" ponder {}", after.uci_move(reply, self.chess960)));
                    }
                }
                self.out.line(&line);
            }
            None => self.out.line("bestmove (none)"),
        }
    }
}

/// A score as UCI writes it: centipawns, or mate in moves (negative: being mated).
fn uci_score(score: Score) -> String {
    match score.plies_to_end() {
        Some(plies) if score.is_win() => format!("mate {}", plies.div_ceil(2)),
        Some(plies) => format!("mate -{}", plies / 2),
        None => format!("cp {}", score.raw()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Read};
    use std::sync::mpsc::{Receiver, Sender, channel};

    /// The GUI's side of a pipe: lines sent to it are read by the conversation, which
    /// waits for the next as it would on a pipe.
    struct LinesIn {
        lines: Receiver<String>,
        pending: Vec<u8>,
    }

    impl Read for LinesIn {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.pending.is_empty() {
                match self.lines.recv() {
                    Ok(line) => self.pending = format!("{line}\n").into_bytes(),
                    Err(_) => return Ok(0), // the GUI closed the pipe
                }
            }
            let n = buf.len().min(self.pending.len());
            buf[..n].copy_from_slice(&self.pending[..n]);
            self.pending.drain(..n);
            Ok(n)
        }
    }

    /// What the engine wrote, shared with the test.
    #[derive(Clone, Default)]
    struct Written(Arc<Mutex<Vec<u8>>>);

    impl Write for Written {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Written {
        fn lines(&self) -> Vec<String> {
            String::from_utf8_lossy(&self.0.lock().unwrap())
                .lines()
                .map(str::to_string)
                .collect()
        }

        /// Waits for the `count`-th line starting with `prefix` (a generous cap that
        /// only catches a hang) and returns every line written so far.
        fn wait_for(&self, prefix: &str, count: usize) -> Vec<String> {
            let start = Instant::now();
            loop {
                let lines = self.lines();
                if lines.iter().filter(|l| l.starts_with(prefix)).count() >= count {
                    return lines;
                }
                assert!(
                    start.elapsed() < Duration::from_secs(30),
                    "no {prefix:?} (number {count}) within 30 s; written:\n{}",
                    lines.join("\n")
                );
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }

    /// A conversation on its own thread whose next `failing` searches panic; the sender
    /// plays the GUI, the receiver says when the conversation has ended.
    fn conversation(failing: u32) -> (Sender<String>, Written, Receiver<()>) {
        let (to_engine, lines) = channel();
        let written = Written::default();
        let (ended, has_ended) = channel();
        let output = written.clone();
        std::thread::spawn(move || {
            let input = Input::from_reader(
                "gui",
                BufReader::new(LinesIn {
                    lines,
                    pending: Vec::new(),
                }),
            );
            let mut conversation = Conversation::new(Box::new(output));
            conversation.failing_searches = failing;
            conversation.converse(input);
            let _ = ended.send(());
        });
        (to_engine, written, has_ended)
    }

    /// A panic in the search used to leave its watchdog running for ever: no `bestmove`,
    /// and `stop`, `go` and `quit` then waited for the search thread without end.
    #[test]
    fn a_panic_in_the_search_still_plays_a_move_and_the_engine_goes_on() {
        let (gui, written, ended) = conversation(1);
        gui.send("position startpos".into()).unwrap();
        gui.send("go depth 5".into()).unwrap();
        let lines = written.wait_for("bestmove", 1);
        let error = lines
            .iter()
            .position(|l| l.starts_with("info string internal error"))
            .expect("the error is said");
        assert_eq!(
            lines[error],
            "info string internal error in the search: 'a fault injected by a test' (a bug in ply: please report it); playing the first legal move"
        );
        // The first legal move in the engine's order: cozy-chess generates the pawns'
        // moves first, from a2.
        let start = Chess::start();
        let mut moves = Vec::new();
        start.generate_moves(&mut moves);
        assert_eq!(
            lines[error + 1],
            format!("bestmove {}", start.uci(moves[0]))
        );
        // The engine answers, and searches again with a new engine.
        gui.send("isready".into()).unwrap();
        written.wait_for("readyok", 1);
        gui.send("go depth 3".into()).unwrap();
        let lines = written.wait_for("bestmove", 2);
        assert!(lines.iter().any(|l| l.starts_with("info depth 3 ")));
        let best = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("bestmove"))
            .unwrap();
        let mv = best.split_whitespace().nth(1).unwrap();
        assert!(start.parse_uci(mv, false).is_ok(), "{best}");
        gui.send("quit".into()).unwrap();
        ended
            .recv_timeout(Duration::from_secs(30))
            .expect("quit ends the conversation");
    }

    #[test]
    fn an_infinite_search_that_panics_still_waits_for_stop() {
        let (gui, written, ended) = conversation(1);
        gui.send("go infinite".into()).unwrap();
        written.wait_for("info string internal error", 1);
        // The protocol: no best move before stop, even from a search that has ended.
        std::thread::sleep(Duration::from_millis(50));
        assert!(!written.lines().iter().any(|l| l.starts_with("bestmove")));
        gui.send("stop".into()).unwrap();
        written.wait_for("bestmove", 1);
        gui.send("quit".into()).unwrap();
        ended
            .recv_timeout(Duration::from_secs(30))
            .expect("quit ends the conversation");
    }

    #[test]
    fn scores_read_as_uci_writes_them() {
        assert_eq!(uci_score(Score::heuristic(-37)), "cp -37");
        assert_eq!(uci_score(Score::DRAW), "cp 0");
        assert_eq!(uci_score(Score::win_in(1)), "mate 1");
        assert_eq!(uci_score(Score::win_in(5)), "mate 3");
        assert_eq!(uci_score(Score::loss_in(2)), "mate -1");
        assert_eq!(uci_score(Score::loss_in(6)), "mate -3");
    }

    #[test]
    fn pacing_moves_a_clocks_soft_limit_only() {
        let ms = |ms: u64| Duration::from_millis(ms);
        // A clock's budget: the last iteration's start scales with pacing, within the hard
        // limit (times in microseconds from the budget's start, which is about now).
        let deadlines = Deadlines::new(Instant::now());
        deadlines.apply(&Budget {
            soft: ms(100),
            hard: ms(400),
        });
        let applied = deadlines.applied_us.load(Ordering::Relaxed);
        assert_eq!(deadlines.last_iteration_us(100) - applied, 100_000);
        assert_eq!(deadlines.last_iteration_us(50) - applied, 50_000);
        assert_eq!(deadlines.last_iteration_us(200) - applied, 200_000);
        assert_eq!(deadlines.last_iteration_us(1000) - applied, 400_000);
        // A fixed movetime (soft limit = hard limit) is used whatever pacing says.
        let fixed = Deadlines::new(Instant::now());
        fixed.apply(&Budget {
            soft: ms(300),
            hard: ms(300),
        });
        let applied = fixed.applied_us.load(Ordering::Relaxed);
        for percent in [50, 100, 200] {
            assert_eq!(fixed.last_iteration_us(percent) - applied, 300_000);
        }
        // No budget (depth, nodes, infinite): never late.
        assert_eq!(
            Deadlines::new(Instant::now()).last_iteration_us(70),
            u64::MAX
        );
    }
}
