//! Many positions of one game solved in a row: `ply solve connect4 --batch`, `ply bench
//! connect4`, the training-data generator, and the bindings' `solve_batch` all solve
//! here, so they give the same scores with the same node counts.
//!
//! A batch solver is one engine (exact mode, its table cleared before each position,
//! outside the timing) with the game's own hooks and, where the game has books, an
//! opening book; on the standard Connect Four board, the board's own solver
//! ([`StandardSolver`]) answers in the engine's place. Only the position's value is worked out: not every move's value, and
//! not the whole line to the end ([`solve`](crate::solve) does both). [`solve_batch`]
//! shares a list of positions between several such solvers, one per thread, and hands
//! the answers back in the order of the list.
//!
//! ```
//! use ply_api::batch::{BatchOptions, solve_batch};
//! use ply_api::control::Control;
//!
//! let positions = ["4453", "44", "not a position"].map(String::from);
//! let answers = solve_batch("connect4:5x4", &positions, &BatchOptions::default(), 2, &Control::new()).unwrap();
//! assert_eq!(answers.len(), 3);
//! assert!(answers[0].is_ok() && answers[1].is_ok());
//! assert!(answers[2].is_err()); // a bad position is an error in its slot; the batch goes on
//! ```

use crate::control::Control;
use crate::solve::{GameBook, SolveReport, weak_solve};
use crate::words::result_word;
use crate::{ApiError, games::with_spec, resources};
use ply_core::engine::KnownValues;
use ply_core::engine::{Engine, HooksVisitor, Limits, SearchHooks, Settings, WithKnownValues};
use ply_core::memory::{self, MemoryError};
use ply_core::phrase::Phrase;

use ply_core::{Evaluator, NoEvaluation, Score};
use ply_games::connect4::{OpeningBook, StandardSolver, from_pons};
use ply_games::{GameVisitor, Playable};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Barrier, Mutex};
use std::time::Duration;
use web_time::Instant;

/// The most positions one [`solve_batch`] call takes (memory permitting: see
/// [`ANSWER_BYTES`]).
pub const MAX_POSITIONS: usize = 10_000_000;

/// Bytes one answer of [`solve_batch`] takes until it is handed back (its slot and its
/// report's texts), beyond the position's own text: measured with 1,000,000 positions
/// of tic-tac-toe (about 330 bytes each), with a margin. A batch whose answers cannot fit
/// in the memory available is refused before any position is solved.
pub const ANSWER_BYTES: u64 = 512;

/// The most threads [`solve_batch`] starts.
pub const MAX_THREADS: usize = 256;

/// How a batch solver works.
#[derive(Clone, Debug)]
pub struct BatchOptions {
    /// Search threads of each solver (default 1).
    pub threads: usize,
    /// Each solver's table, in MiB (default 16).
    pub hash_mib: usize,
    /// Win, draw or loss only, without the distance (faster).
    pub weak: bool,
    /// An opening book, read where the game has books (Connect Four).
    pub book: Option<Arc<OpeningBook>>,
    /// Without `book`: read the book that ships with ply for the game's board, if any
    /// ([`solve_batch`] only; the default: no).
    pub shipped_book: bool,
    /// Before each position, empty only the table buckets the last one wrote
    /// ([`Settings::track_writes`]; the default: yes). The searches are the same, but a
    /// table emptied whole is also warm in the cache: a benchmark that times each
    /// search alone, as other solvers' do, empties it whole.
    pub clear_written_only: bool,
}

impl Default for BatchOptions {
    fn default() -> BatchOptions {
        BatchOptions {
            threads: 1,
            hash_mib: 16,
            weak: false,
            book: None,
            shipped_book: false,
            clear_written_only: true,
        }
    }
}

/// One position's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchScore<M> {
    /// The exact value for the side to move, plies counted from the position. In a weak
    /// solve: a win or loss at the longest distance ([`Score::MAX_PLIES`]), or a draw.
    pub value: Score,
    /// The game's own score (Connect Four: Pons'); with `weak`, the sign (1, 0, −1) for
    /// any game.
    pub score: Option<i32>,
    /// A move that keeps the value (none in a weak solve, or when the game is over).
    pub best: Option<M>,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken (the table's clearing left out).
    pub time: Duration,
}

/// What a batch solver does with one position; [`with_solver`] lends one.
pub trait PositionSolver<G: Playable> {
    /// The value of `pos`; `None` when the control stopped the search.
    fn solve(&mut self, pos: &G) -> Option<BatchScore<G::Move>>;

    /// Whether a search `depth` plies deep proves that the game ends within them (a
    /// quick filter before an exact solve: a win or loss found at that depth is one);
    /// `None` when the control stopped the search.
    fn ends_within(&mut self, pos: &G, depth: u32) -> Option<bool>;
}

/// Runs `body` with a batch solver for `start`'s game: one engine, made once, with the
/// game's hooks and the options' book. Refused when the table cannot be had.
pub fn with_solver<G: Playable, R>(
    start: &G,
    options: &BatchOptions,
    control: &Control,
    body: impl FnOnce(&mut dyn PositionSolver<G>) -> R,
) -> Result<R, ApiError> {
    struct Visit<'a, B> {
        options: &'a BatchOptions,
        control: &'a Control,
        standard: bool,
        body: B,
    }
    impl<G: Playable, R, B: FnOnce(&mut dyn PositionSolver<G>) -> R> HooksVisitor<G> for Visit<'_, B> {
        type Output = Result<R, ApiError>;
        fn visit<H: SearchHooks<G>>(self, hooks: H) -> Self::Output {
            // The standard board's own solver takes the table; the engine is left only
            // the quick depth-limited searches of `ends_within`.
            let standard = if self.standard {
                let bytes = self.options.hash_mib.saturating_mul(1 << 20);
                Some(resources::standard_solver(bytes, self.options.threads)?)
            } else {
                None
            };
            let engine_mib = if standard.is_some() {
                1
            } else {
                self.options.hash_mib
            };
            let settings = Settings {
                // Only the value is wanted: proving the line to the end would double the work.
                exact_pv: false,
                // The table is cleared before each position: only what the last one wrote.
                track_writes: self.options.clear_written_only,
                ..Settings::default()
                    .with_threads(self.options.threads.max(1))
                    .with_hash(engine_mib)
            };
            let book = GameBook(self.options.book.clone());
            let hooks = WithKnownValues::new(hooks, book.clone());
            let engine = resources::engine(hooks, NoEvaluation, settings)?;
            // The new table's memory is the OS's lazily zeroed pages, and clearing only
            // the buckets written never touches the rest: without this, the first store
            // into each 2 MiB page faulted it in (zeroing it) inside a timed search, so
            // the first positions of a batch took milliseconds for a few nodes. Written
            // whole once here, outside any timing, every page is in memory before the
            // first position. (A table emptied whole before each position, as `ply bench`
            // does, is written whole anyway.)
            if let Some(table) = engine.table() {
                table.clear_all();
            }
            let mut solver = Solver {
                engine,
                weak: self.options.weak,
                control: self.control,
                standard,
                book,
                clear_written_only: self.options.clear_written_only,
            };
            Ok((self.body)(&mut solver))
        }
    }
    // The exact values of the standard Connect Four board come from its own solver.
    let standard = !options.weak && start.as_connect4().is_some_and(|board| board.is_standard());
    start.with_search_hooks(Visit {
        options,
        control,
        standard,
        body,
    })
}

struct Solver<'a, G: Playable, H: SearchHooks<G>, E: Evaluator<G>> {
    engine: Engine<G, H, E>,
    weak: bool,
    control: &'a Control,
    /// The standard Connect Four board's solver, which answers `solve` for it.
    standard: Option<StandardSolver>,
    book: GameBook,
    clear_written_only: bool,
}

impl<G: Playable, H: SearchHooks<G>, E: Evaluator<G>> Solver<'_, G, H, E> {
    /// `pos`'s value from the standard board's solver (or the book), when `pos` is on
    /// that board.
    fn solve_standard(&self, pos: &G) -> Option<Option<BatchScore<G::Move>>> {
        let (solver, board) = (self.standard.as_ref()?, pos.as_connect4()?);
        if let Some(value) = self.book.known_value(pos) {
            return Some(Some(BatchScore {
                value,
                score: pos.conventional_score(value),
                best: None,
                nodes: 1,
                time: Duration::ZERO,
            }));
        }
        if self.clear_written_only {
            solver.clear();
        } else {
            solver.clear_all();
        }
        let clock = Instant::now();
        // A finished game is the engine's to report, as for any other board.
        let solution = match solver.solve(board, &self.control.stop()).ok()? {
            Some(solution) => solution,
            None => return Some(None),
        };
        let time = clock.elapsed();
        let value = from_pons(board, solution.score)?;
        let best = solution
            .best
            .and_then(|column| pos.parse_move(&(column + 1).to_string()).ok());
        Some(Some(BatchScore {
            value,
            score: Some(solution.score),
            best,
            nodes: solution.nodes,
            time,
        }))
    }
}

impl<G: Playable, H: SearchHooks<G>, E: Evaluator<G> + Sync> PositionSolver<G>
    for Solver<'_, G, H, E>
{
    fn solve(&mut self, pos: &G) -> Option<BatchScore<G::Move>> {
        if let Some(answer) = self.solve_standard(pos) {
            return answer;
        }
        self.engine.clear();
        let clock = Instant::now();
        if self.weak {
            let (sign, stats) = weak_solve(&mut self.engine, pos, self.control);
            let sign = sign?;
            let value = match sign {
                1 => Score::win_in(Score::MAX_PLIES),
                -1 => Score::loss_in(Score::MAX_PLIES),
                _ => Score::DRAW,
            };
            return Some(BatchScore {
                value,
                score: Some(sign),
                best: None,
                nodes: stats.nodes,
                time: clock.elapsed(),
            });
        }
        let limits = Limits::exact().with_stop(self.control.stop());
        let result = self.engine.search(pos, &limits);
        if !result.exact {
            return None;
        }
        Some(BatchScore {
            value: result.score,
            score: pos.conventional_score(result.score),
            best: result.best,
            nodes: result.stats.nodes,
            time: clock.elapsed(),
        })
    }

    fn ends_within(&mut self, pos: &G, depth: u32) -> Option<bool> {
        self.engine.clear();
        let limits = Limits::depth(depth).with_stop(self.control.stop());
        let result = self.engine.search(pos, &limits);
        if self.control.is_stopped() {
            return None;
        }
        Some(
            result
                .score
                .plies_to_end()
                .is_some_and(|plies| plies <= depth),
        )
    }
}

/// A position's answer as the report `ply solve --json` prints, with what a batch
/// works out: the value, its distance (null for a draw), the game's score, one best move
/// (with `weak`, none and no distance); `moves` is empty.
pub fn batch_report<G: Playable>(pos: &G, answer: &BatchScore<G::Move>, weak: bool) -> SolveReport {
    let best: Vec<String> = answer.best.iter().map(|&mv| pos.move_string(mv)).collect();
    SolveReport {
        game: pos.game_name(),
        position: pos.position_string(),
        to_move: pos.player_name(pos.to_move()),
        value: result_word(answer.value),
        text: crate::words::result_text_in(
            crate::lang::Lang::En,
            answer.value,
            (!weak).then(|| answer.value.plies_to_end()).flatten(),
        ),
        // A draw's distance is not worked out (a batch proves no line): null.
        plies: if weak {
            None
        } else {
            answer.value.plies_to_end()
        },
        score: pos
            .has_conventional_score()
            .then_some(if weak { None } else { answer.score }),
        pv: best.clone(),
        best,
        moves: Vec::new(),
        algorithm: "engine",
        nodes: answer.nodes,
        leaves: 0,
        cutoffs: 0,
        positions: None,
        time_ms: (answer.time.as_secs_f64() * 1e6).round() / 1e3,
        book: None,
        explanation: None,
        extra: serde_json::Map::new(),
        extra_text: Vec::new(),
        notes: Vec::new(),
    }
}

/// The answer `solve` gives, or, when it panics (a bug), an error for its slot and
/// `true`: the solver it used may be left in any state, and is to be made anew.
fn caught(
    solve: impl FnOnce() -> Result<SolveReport, ApiError>,
) -> (Result<SolveReport, ApiError>, bool) {
    match catch_unwind(AssertUnwindSafe(solve)) {
        Ok(answer) => (answer, false),
        Err(panic) => (
            Err(ApiError::bad_request_said(
                Phrase::new("errors.batch.internal").arg(
                    "detail",
                    ply_core::text::excerpt(&ply_core::text::panic_message(&*panic)),
                ),
            )),
            true,
        ),
    }
}

/// The memory a batch of `positions` answered on `threads` solvers with tables of
/// `hash_mib` MiB needs: the tables, and every answer until the batch hands them back.
fn batch_bytes(positions: &[String], threads: usize, hash_mib: usize) -> u64 {
    let answers = positions.iter().fold(0u64, |bytes, text| {
        bytes
            .saturating_add(ANSWER_BYTES)
            .saturating_add(2 * text.len() as u64)
    });
    (threads as u64)
        .saturating_mul((hash_mib as u64) << 20)
        .saturating_add(answers)
}

/// Solves every position of `positions` (texts in the notation of the game `spec`
/// names; an empty text is the start) on `threads` threads, each with its own batch
/// solver, and gives the answers in the order of the list. A position that does not
/// read, that would not fit in memory, that the control stopped, or whose search
/// failed (a panic: a bug) is an error in its slot; the others are solved.
/// Refused as a whole, before any position is solved: an unknown game, too many
/// positions or threads, tables and answers that do not fit in the memory available
/// (every thread's table counted), a table that cannot be had.
pub fn solve_batch(
    spec: &str,
    positions: &[String],
    options: &BatchOptions,
    threads: usize,
    control: &Control,
) -> Result<Vec<Result<SolveReport, ApiError>>, ApiError> {
    if positions.len() > MAX_POSITIONS {
        return Err(ApiError::limit_said(
            "max_positions",
            Phrase::new("errors.batch.positions")
                .arg("count", positions.len())
                .arg("max", MAX_POSITIONS),
        ));
    }
    if threads == 0 || threads > MAX_THREADS {
        return Err(ApiError::bad_request_said(
            Phrase::new("errors.batch.threads")
                .arg("threads", threads)
                .arg("max", MAX_THREADS),
        ));
    }
    struct Visit<'a> {
        positions: &'a [String],
        options: &'a BatchOptions,
        threads: usize,
        control: &'a Control,
    }
    impl GameVisitor for Visit<'_> {
        type Output = Result<Vec<Result<SolveReport, ApiError>>, ApiError>;
        fn visit<G: Playable>(self, start: G) -> Self::Output {
            let Visit {
                positions,
                options,
                threads,
                control,
            } = self;
            // A search's memory is checked for the start; a position is checked again in
            // its own slot only when it may go deeper or have more moves than the start
            // (reading the machine's memory figures for each would cost more than a
            // small solve), and every position is when the start is refused.
            let checked = resources::check_search(&start, None)
                .is_ok()
                .then(|| start.bounds());
            let options = &BatchOptions {
                book: options
                    .book
                    .clone()
                    .or_else(|| options.shipped_book.then(|| start.shipped_book()).flatten()),
                ..options.clone()
            };
            // No more threads than this build runs (one in WebAssembly): the one worker
            // is then the caller's thread, and no thread is started.
            let workers = ply_core::threads::capped(threads)
                .min(positions.len())
                .max(1);
            let bytes = batch_bytes(positions, workers, options.hash_mib);
            memory::check(
                || {
                    format!(
                        "a batch of {} positions on {workers} threads (--hash {} each)",
                        positions.len(),
                        options.hash_mib
                    )
                },
                bytes,
            )
            .map_err(|e: MemoryError| crate::refusal::memory(&e))?;
            let next = AtomicUsize::new(0);
            let answers: Mutex<Vec<Option<Result<SolveReport, ApiError>>>> =
                Mutex::new(vec![None; positions.len()]);
            // Every thread's solver (its table) is made before any position is solved,
            // so that one that cannot be had refuses the batch at once.
            let ready = Barrier::new(workers);
            let refused = AtomicBool::new(false);
            let work = || {
                let mut first = true;
                loop {
                    let mut waited = false;
                    // Ends with `true` when a panic spoilt the solver: a new one is made.
                    let made = with_solver(&start, options, control, |solver| {
                        if first {
                            ready.wait();
                            waited = true;
                            if refused.load(Ordering::Relaxed) {
                                return false;
                            }
                        }
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(text) = positions.get(i) else {
                                return false;
                            };
                            let (answer, spoilt) =
                                caught(|| answer_one(&start, text, solver, options.weak, checked));
                            answers.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(answer);
                            if spoilt {
                                return true;
                            }
                        }
                    });
                    if first && !waited {
                        refused.store(true, Ordering::Relaxed);
                        ready.wait();
                    }
                    first = false;
                    match made {
                        Ok(true) => continue,
                        Ok(false) => return Ok(()),
                        Err(error) => return Err(error),
                    }
                }
            };
            let outcomes: Vec<Result<(), ApiError>> = std::thread::scope(|scope| {
                let handles: Vec<_> = (1..workers).map(|_| scope.spawn(work)).collect();
                let mut outcomes = vec![work()];
                outcomes.extend(handles.into_iter().map(|h| {
                    h.join().unwrap_or_else(|_| {
                        Err(ApiError::bad_request_said(Phrase::new(
                            "errors.batch.thread_failed",
                        )))
                    })
                }));
                outcomes
            });
            outcomes.into_iter().collect::<Result<(), ApiError>>()?;
            let answers = answers.into_inner().unwrap_or_else(|e| e.into_inner());
            Ok(answers
                .into_iter()
                .map(|answer| {
                    answer.unwrap_or_else(|| {
                        Err(ApiError::bad_request_said(Phrase::new(
                            "errors.batch.not_solved",
                        )))
                    })
                })
                .collect())
        }
    }
    with_spec(
        spec,
        Visit {
            positions,
            options,
            threads,
            control,
        },
    )?
}

/// True when `bound` may be larger than `checked`, a bound known to fit (unknown is larger).
fn beyond(bound: Option<u64>, checked: Option<u64>) -> bool {
    match (bound, checked) {
        (Some(bound), Some(checked)) => bound > checked,
        (None, Some(_)) => true,
        (_, None) => false,
    }
}

/// One position of a batch: read, checked (its search's memory too, unless its bounds
/// lie within `checked`, bounds whose search is known to fit), solved.
fn answer_one<G: Playable>(
    start: &G,
    text: &str,
    solver: &mut dyn PositionSolver<G>,
    weak: bool,
    checked: Option<ply_core::GameBounds>,
) -> Result<SolveReport, ApiError> {
    let text = text.trim();
    let pos = crate::games::position_or_start(start, (!text.is_empty()).then_some(text))?;
    let must_check = checked.is_none_or(|checked| {
        let bounds = pos.bounds();
        beyond(bounds.max_plies, checked.max_plies) || beyond(bounds.max_moves, checked.max_moves)
    });
    if must_check {
        resources::check_search(&pos, None)?;
    }
    let Some(answer) = solver.solve(&pos) else {
        return Err(ApiError::limit_said(
            "stopped",
            Phrase::new("errors.batch.stopped"),
        ));
    };
    Ok(batch_report(&pos, &answer, weak))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A panic in one position's search failed the whole batch (and, from Python,
    /// raised an exception that is not an `Exception`).
    #[test]
    fn a_panic_is_an_error_in_its_slot_and_asks_for_a_new_solver() {
        let (answer, spoilt) = caught(|| panic!("the position broke a rule"));
        let error = answer.unwrap_err();
        assert_eq!(error.kind, crate::ErrorKind::BadRequest);
        assert_eq!(
            error.error,
            "internal error: 'the position broke a rule' (a bug in ply; the other positions are solved)"
        );
        assert!(spoilt);
        let (answer, spoilt) =
            caught(|| Err(ApiError::parse_said(Phrase::new("errors.game.over"))));
        assert_eq!(
            answer.unwrap_err().error,
            "the game is over: no move to play"
        );
        assert!(!spoilt);
    }

    /// A game whose start is too deep to search refused the whole batch, where each of
    /// its positions may be small.
    #[test]
    fn a_start_too_deep_to_search_refuses_only_the_positions_that_are() {
        let positions = ["1,2,3", "", "2,2"].map(String::from);
        let answers = solve_batch(
            "nim:1000000,1000000,1000000",
            &positions,
            &BatchOptions::default(),
            2,
            &Control::new(),
        )
        .unwrap();
        assert_eq!(answers[0].as_ref().unwrap().value, "loss");
        let refused = answers[1].as_ref().unwrap_err();
        assert_eq!(refused.limit, Some("memory"));
        assert!(
            refused.error.starts_with(
                "a search of nim:1000000,1000000,1000000 from position '1000000,1000000,1000000' \
                 (3000000 plies deep, up to 3000000 moves a position) needs 65.5 TiB of memory, but only "
            ),
            "{}",
            refused.error
        );
        assert_eq!(answers[2].as_ref().unwrap().value, "loss");
    }

    /// The tables of every thread are counted before any position is solved: the second
    /// thread's was refused only once the first had solved the batch.
    #[test]
    fn every_threads_table_is_counted_before_any_work() {
        let positions = vec![String::new(); 3];
        let options = BatchOptions {
            hash_mib: 1 << 40,
            ..BatchOptions::default()
        };
        let error = solve_batch("tictactoe", &positions, &options, 2, &Control::new()).unwrap_err();
        assert_eq!(error.limit, Some("memory"));
        assert!(
            error.error.starts_with(
                "a batch of 3 positions on 2 threads (--hash 1099511627776 each) needs "
            ),
            "{}",
            error.error
        );
    }

    /// Minor page faults of the calling thread so far (Linux: `/proc/thread-self/stat`,
    /// its 10th field).
    #[cfg(target_os = "linux")]
    fn minor_faults() -> u64 {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
        let after_name = &stat[stat.rfind(')').unwrap() + 1..];
        after_name
            .split_whitespace()
            .nth(7)
            .unwrap()
            .parse()
            .unwrap()
    }

    /// A new table's pages were faulted in (2 MiB zeroed at a time) by the first store
    /// into each, inside the timed search of whichever position made it: the first
    /// positions of `ply solve connect4 --batch` took 10 to 80 ms for 4 to 16 nodes.
    /// Counted, not timed: once the solver is made, small searches fault no page in
    /// (the search runs on this thread). Without the table written whole first, these
    /// positions' stores into a 128 MiB table (64 huge pages) faulted in dozens.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_batch_solvers_table_is_in_memory_before_the_first_position() {
        let start = ply_games::Connect4::standard();
        let lines = [
            "2252576253462244111563365343671351441 -1",
            "7422341735647741166133573473242566 1",
            "23163416124767223154467471272416755633 0",
            "71255763773133525731261364622167124446454 0",
            "65214673556155731566316327373221417 -1",
            "3135151421347443544172316522225776773566 0",
            "562154564361751726662253737734213275114 0",
            "233377345754465174223731671122611552 1",
            "6763525635134453444361412671365712 -1",
            "211376455663355325112113664364524722 0",
            "3146762114467714356347741621375222 -1",
            "67152117737262713366376314254 6",
            "2762751722231276466633475674533 5",
            "3642756176227637211322113551637574556 2",
            "22647455554314246733661634615122372377511 0",
            "7172212567451542223676134464437761515 0",
            "641154574541323641152467137655232232366 0",
            "5775265212657176476365522624313714333 2",
            "3575316255751336464276636772271112 -3",
            "75662564375666511575212332122171447733 1",
            "3576127617575661522124647446257235344113 0",
            "655651721435342216255374674123 4",
            "335413424327172446337172625415575517 1",
            "4744236462134233111155374771566655522 -1",
            "144324431445513573673777361765615215226 0",
            "5577777735365512235162362241426611 -3",
        ];
        let options = BatchOptions {
            hash_mib: 128,
            ..BatchOptions::default()
        };
        with_solver(&start, &options, &Control::new(), |solver| {
            // The search's own buffers and this thread's stack are made by the first.
            let (first, _) = ply_games::connect4::score::parse_set_line(
                &start,
                "71255763773133525731261364622167124446454",
            )
            .unwrap();
            solver.solve(&first).unwrap();
            let before = minor_faults();
            for line in lines {
                let (pos, expected) =
                    ply_games::connect4::score::parse_set_line(&start, line).unwrap();
                assert_eq!(solver.solve(&pos).unwrap().score, expected, "{line}");
            }
            let faults = minor_faults() - before;
            assert!(
                faults < 16,
                "{faults} page faults in {} small searches",
                lines.len()
            );
        })
        .unwrap();
    }
}
