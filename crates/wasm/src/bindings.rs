//! What the WebAssembly module exports to JavaScript (wasm-bindgen), and the one thing
//! it imports: the page's stop flag.
//!
//! The worker that runs the module (`crates/wasm/js/ply-worker.js`) defines
//! `globalThis.plyStopRequested()`, which reads a flag in memory it shares with the page
//! (`Atomics.load` on a `SharedArrayBuffer`, where the page is cross-origin isolated).
//! A search polls it with its stop flag, so a Stop button ends it at once and it answers
//! with what it found. Without shared memory the page stops a search by ending the
//! worker; the module then never calls the import ([`use_stop_flag`] says which).

use crate::Lab;
use ply_api::control::Control;
use std::cell::{OnceCell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// True once the page asked the search under way to stop.
    #[wasm_bindgen(js_name = plyStopRequested)]
    fn ply_stop_requested() -> bool;

    /// Where a panic's message goes before the module traps (the worker then answers
    /// 500 and is restarted): the browser's console, for whoever looks into it.
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Whether the page gave the worker a stop flag (else the import is never called).
static STOP_FLAG: AtomicBool = AtomicBool::new(false);

thread_local! {
    // The module runs on one thread (the worker's): one lab, made at the first request
    // (and given the site's book when the worker has fetched it).
    static LAB: OnceCell<RefCell<Lab>> = const { OnceCell::new() };
}

/// The check the searches poll: the page's stop flag, when it has one.
fn stop_requested() -> bool {
    STOP_FLAG.load(Ordering::Relaxed) && ply_stop_requested()
}

/// An answer: the HTTP status `ply serve` would send, and its body (JSON, or the SVG
/// text of `/api/tree/svg`).
#[wasm_bindgen]
pub struct Reply {
    status: u16,
    body: String,
}

#[wasm_bindgen]
impl Reply {
    /// The HTTP status.
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> u16 {
        self.status
    }

    /// The body.
    #[wasm_bindgen(getter)]
    pub fn body(&self) -> String {
        self.body.clone()
    }
}

/// Sets up the module: panics are written to the console before the module traps.
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|info| console_error(&format!("ply: {info}"))));
}

/// Tells the module whether `plyStopRequested()` is defined and worth polling.
#[wasm_bindgen(js_name = useStopFlag)]
pub fn use_stop_flag(on: bool) {
    STOP_FLAG.store(on, Ordering::Relaxed);
}

/// The answer to `body` (a request's JSON text) at `path` (`/api/tree`, ...): what
/// `ply serve` answers.
#[wasm_bindgen]
pub fn answer(path: &str, body: &str) -> Reply {
    let control = Control::with_check(stop_requested);
    let answer = LAB.with(|lab| {
        lab.get_or_init(|| RefCell::new(Lab::new()))
            .borrow()
            .answer(path, body, &control)
    });
    Reply {
        status: answer.status,
        body: answer.body,
    }
}

/// Reads the site's Connect Four book (`books/connect4.book`, unpacked) and answers from
/// it from now on: what it read, in words, or the reason it was refused (the lab then
/// keeps the book built in).
#[wasm_bindgen(js_name = loadConnect4Book)]
pub fn load_connect4_book(bytes: &[u8]) -> Result<String, String> {
    LAB.with(|lab| {
        lab.get_or_init(|| RefCell::new(Lab::new()))
            .borrow_mut()
            .load_connect4_book(bytes)
    })
}

/// The answer the page gives when the module traps (a panic): 500, kind `internal`.
/// The worker asks for it before any request, while the module is sound.
#[wasm_bindgen(js_name = internalError)]
pub fn internal_error() -> Reply {
    let answer = ply_api::service::internal_error();
    Reply {
        status: answer.status,
        body: answer.body,
    }
}

/// `ply bench chess --depth DEPTH --threads 1` on `positions` (one a line): the JSON
/// of a [`crate::bench::ChessReport`].
#[wasm_bindgen(js_name = benchChess)]
pub fn bench_chess(positions: &str, depth: u32) -> String {
    crate::bench::chess(positions, depth, &Control::with_check(stop_requested))
}

/// `ply bench connect4 --threads 1` on `lines` (Pons' test-set lines): the JSON of a
/// [`crate::bench::Connect4Report`].
#[wasm_bindgen(js_name = benchConnect4)]
pub fn bench_connect4(lines: &str) -> String {
    crate::bench::connect4(lines, &Control::with_check(stop_requested))
}

/// Panics on purpose, as a bug would: the tests use it to see a panic answered 500
/// (kind `internal`) and the page carry on with a new module. Pages never call it.
#[wasm_bindgen(js_name = trapForTesting)]
pub fn trap_for_testing() {
    panic!("a panic asked for by a test (trapForTesting)");
}

/// One check of a student's program (the code page, `code.html`): its tests, and the
/// grader's answer to each line the program's nodes send ([`crate::grade::Check`]).
/// Every method returns its error as a string (a JS exception): none traps.
#[wasm_bindgen(js_name = GradeCheck)]
pub struct GradeCheck {
    check: crate::grade::Check,
}

#[wasm_bindgen(js_class = GradeCheck)]
impl GradeCheck {
    /// A check of `kind` (`minimax`, `negamax`, `alphabeta`, `expectimax`, `tictactoe`)
    /// under `rule` (`ge`, `gt`), with `random` held-out tests from `seed`, said in `lang`;
    /// `own` is a JSON list of a teacher's trees, `[{"name": …, "tree": …}]` (`[]` or
    /// empty: the kind's fixed tests).
    #[wasm_bindgen(constructor)]
    pub fn new(
        kind: &str,
        rule: &str,
        seed: u32,
        random: u32,
        lang: &str,
        own: &str,
    ) -> Result<GradeCheck, String> {
        let own = crate::grade::read_own(own)?;
        crate::grade::Check::new(kind, rule, u64::from(seed), random, lang, &own)
            .map(|check| GradeCheck { check })
    }

    /// The number of tests.
    pub fn count(&self) -> u32 {
        self.check.count() as u32
    }

    /// A test's name.
    pub fn name(&self, index: u32) -> Result<String, String> {
        self.check.name(index as usize)
    }

    /// A test's first line: `root NAME`.
    pub fn greeting(&self, index: u32) -> Result<String, String> {
        self.check.greeting(index as usize)
    }

    /// The grader's answer to one line: a line, `""` once answered, `stop REASON`.
    pub fn respond(&mut self, index: u32, line: &str) -> Result<String, String> {
        self.check.respond(index as usize, line)
    }

    /// Ends a test (`outcome`: `{"outcome": "answered" | "timeout" | "crash" |
    /// "protocol", "millis"?, "detail"?}`): its report, JSON.
    pub fn finish(&mut self, index: u32, outcome: &str) -> Result<String, String> {
        self.check.finish(index as usize, outcome)
    }

    /// The whole check's report (the tests finished so far), JSON.
    pub fn report(&self) -> String {
        self.check.report()
    }
}
