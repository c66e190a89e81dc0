//! A game of the caller's own, defined by C callbacks and searched by ply's generic
//! engine: the way a C, C# or Visual Basic program plugs its game in.
//!
//! A position is a block of `state_size` bytes that ply copies (`memcpy`) and hands
//! to the callbacks; moves are `uint32_t` codes the game chooses. A callback that
//! breaks its contract (more moves than `PLY_MAX_CUSTOM_MOVES`, no move in a game that
//! is not over, a player other than 0 or 1) cannot crash the search: the search stops
//! at the first broken contract, without playing any move the game did not list, and
//! the call returns `PLY_ERR_CALLBACK`.
//!
//! A custom game has no bounds ply could read (how long a line may be, whether its
//! positions repeat), so the depth of the search is checked as it goes: each ply costs
//! stack, a move list and copies of the position, and a line deeper than the memory
//! available holds stops the search with `PLY_ERR_LIMIT`.

use crate::error::*;
use crate::solve::{PlyLimits, thread_count};
use ply_core::engine::{Engine, Limits, SearchHooks, Settings};
use ply_core::memory::{self, human_bytes};
use ply_core::{Game, NoEvaluation, Outcome, Player};
use std::ffi::c_void;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The game is not over (returned by `PlyCustomGame::outcome`).
pub const PLY_OUTCOME_NONE: i32 = 0;
/// The game is over and the player to move has won.
pub const PLY_OUTCOME_WIN: i32 = 1;
/// The game is over and the player to move has lost (the usual end: the opponent's
/// last move won).
pub const PLY_OUTCOME_LOSS: i32 = 2;
/// The game is over, drawn.
pub const PLY_OUTCOME_DRAW: i32 = 3;

/// The most moves a custom game's position may have.
pub const PLY_MAX_CUSTOM_MOVES: usize = 1024;

/// The most bytes a custom game's position may take.
pub const PLY_MAX_CUSTOM_STATE: usize = 1 << 20;

/// A game defined by callbacks. Each callback gets the position's bytes and `user`.
/// With `threads` above 1 in the limits, the callbacks are called from several
/// threads at once, each on its own copies of positions.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct PlyCustomGame {
    /// The size of a position, in bytes (1 to `PLY_MAX_CUSTOM_STATE`).
    pub state_size: usize,
    /// Passed to every callback as it is.
    pub user: *mut c_void,
    /// The player to move: 0 (first) or 1 (second).
    pub to_move: Option<unsafe extern "C" fn(state: *const c_void, user: *mut c_void) -> i32>,
    /// `PLY_OUTCOME_NONE` while the game goes on, else how it ended for the player to move.
    pub outcome: Option<unsafe extern "C" fn(state: *const c_void, user: *mut c_void) -> i32>,
    /// Writes the legal moves (at most `capacity`) to `moves` and returns their number
    /// (more than `capacity` is a broken contract: the call fails with `PLY_ERR_CALLBACK`).
    pub legal_moves: Option<
        unsafe extern "C" fn(
            state: *const c_void,
            moves: *mut u32,
            capacity: usize,
            user: *mut c_void,
        ) -> usize,
    >,
    /// Plays `move` on the position, in place.
    pub play: Option<unsafe extern "C" fn(state: *mut c_void, r#move: u32, user: *mut c_void)>,
    /// A 64-bit key of the position: equal positions, equal keys (different positions
    /// should rarely share one).
    pub hash: Option<unsafe extern "C" fn(state: *const c_void, user: *mut c_void) -> u64>,
}

/// What [`ply_custom_solve`] found.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct PlyCustomResult {
    /// For the player to move: 1 win, 0 draw, -1 loss.
    pub value: i32,
    /// Plies to the end under best play (-1 for a draw: not worked out).
    pub plies: i32,
    /// 1 when `best_move` holds a move (0 when the game is over).
    pub has_best_move: i32,
    /// A move that keeps the value.
    pub best_move: u32,
    /// Nodes searched.
    pub nodes: u64,
}

type ToMove = unsafe extern "C" fn(*const c_void, *mut c_void) -> i32;
type Moves = unsafe extern "C" fn(*const c_void, *mut u32, usize, *mut c_void) -> usize;
type Play = unsafe extern "C" fn(*mut c_void, u32, *mut c_void);
type Hash = unsafe extern "C" fn(*const c_void, *mut c_void) -> u64;

/// The callbacks, checked present, what went wrong in them, and how deep a line may go.
struct Rules {
    user: *mut c_void,
    to_move: ToMove,
    outcome: ToMove,
    legal_moves: Moves,
    play: Play,
    hash: Hash,
    /// Raised at the first failure: it is also the search's stop flag, so the search
    /// unwinds at once instead of going on with positions it cannot trust.
    broken: Arc<AtomicBool>,
    /// The first failure: its code (`PLY_ERR_CALLBACK` or `PLY_ERR_LIMIT`) and message.
    failure: std::sync::Mutex<Option<(i32, String)>>,
    /// The deepest ply a line may reach (set once the table is made; see [`max_plies`]).
    max_ply: std::sync::atomic::AtomicU32,
}

// SAFETY: the callbacks and `user` are the caller's; the contract (documented on
// `PlyCustomGame`) is that they may be called from the threads it asks for.
unsafe impl Send for Rules {}
// SAFETY: as above.
unsafe impl Sync for Rules {}

impl Rules {
    /// Records the first failure and stops the search.
    fn fail(&self, code: i32, what: String) {
        if !self.broken.swap(true, Ordering::Relaxed)
            && let Ok(mut failure) = self.failure.lock()
        {
            *failure = Some((code, what));
        }
    }

    /// A callback broke its contract.
    fn complain(&self, what: String) {
        self.fail(PLY_ERR_CALLBACK, what);
    }

    fn is_broken(&self) -> bool {
        self.broken.load(Ordering::Relaxed)
    }
}

/// A position of a custom game: its bytes, the rules, and its distance from the root.
#[derive(Clone)]
struct Custom {
    rules: Arc<Rules>,
    state: Box<[u8]>,
    /// Plies from the root of the search (the engine's own count is not passed to the
    /// game's hooks): what the memory check of a deep line reads.
    ply: u32,
}

/// Bytes one ply of a line of a custom game may hold: the engine's frame, copies of
/// the position on the heap (each with the allocator's overhead) and a move list of
/// up to `PLY_MAX_CUSTOM_MOVES` codes.
fn ply_bytes(state_size: usize) -> u64 {
    const COPIES: u64 = 3;
    const ALLOCATION_OVERHEAD: u64 = 32;
    ply_core::stack::stack_bytes::<Custom>(1)
        + COPIES * (state_size as u64 + ALLOCATION_OVERHEAD)
        + (PLY_MAX_CUSTOM_MOVES * std::mem::size_of::<u32>()) as u64
}

/// Memory for the lines when the system does not say how much there is.
const FALLBACK_BYTES: u64 = 4 << 30;

/// The deepest ply a line may reach when `threads` lines are searched at once: three
/// quarters of the memory available (read after the table is made), shared between them.
fn max_plies(state_size: usize, threads: usize) -> u32 {
    let budget = memory::share(750, FALLBACK_BYTES);
    let plies = budget / threads.max(1) as u64 / ply_bytes(state_size);
    plies.min(u32::MAX as u64 - 1) as u32
}

impl Game for Custom {
    type Move = u32;

    fn to_move(&self) -> Player {
        // SAFETY: the callback's contract; `state` holds `state_size` bytes.
        match unsafe { (self.rules.to_move)(self.state.as_ptr().cast(), self.rules.user) } {
            0 => Player::First,
            1 => Player::Second,
            other => {
                self.rules
                    .complain(format!("to_move returned {other}, not 0 or 1"));
                Player::First
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        // SAFETY: as above.
        match unsafe { (self.rules.outcome)(self.state.as_ptr().cast(), self.rules.user) } {
            PLY_OUTCOME_NONE => None,
            PLY_OUTCOME_WIN => Some(Outcome::Win),
            PLY_OUTCOME_LOSS => Some(Outcome::Loss),
            PLY_OUTCOME_DRAW => Some(Outcome::Draw),
            other => {
                self.rules
                    .complain(format!("outcome returned {other}, not 0 to 3"));
                Some(Outcome::Draw)
            }
        }
    }

    fn generate_moves(&self, moves: &mut Vec<u32>) {
        if self.rules.is_broken() {
            return;
        }
        let mut buffer = [0u32; PLY_MAX_CUSTOM_MOVES];
        // SAFETY: as above; `buffer` holds `PLY_MAX_CUSTOM_MOVES` codes.
        let count = unsafe {
            (self.rules.legal_moves)(
                self.state.as_ptr().cast(),
                buffer.as_mut_ptr(),
                buffer.len(),
                self.rules.user,
            )
        };
        if count > buffer.len() {
            // The codes past the capacity were never written, and the ones within it
            // may not be what the game meant: none is played.
            self.rules.complain(format!(
                "legal_moves returned {count}, more than the capacity {PLY_MAX_CUSTOM_MOVES}"
            ));
            return;
        }
        if count == 0 {
            // The engine searches only positions that are not over; one with no move
            // would have no value. It is read as a draw, and the call fails.
            self.rules
                .complain("legal_moves gave no move in a position whose outcome is none".into());
            return;
        }
        moves.extend_from_slice(&buffer[..count]);
    }

    fn play(&mut self, mv: u32) {
        self.ply = self.ply.saturating_add(1);
        // SAFETY: as above; the state is ours to change.
        unsafe { (self.rules.play)(self.state.as_mut_ptr().cast(), mv, self.rules.user) }
    }
}

#[derive(Clone, Copy)]
struct CustomHooks;

impl SearchHooks<Custom> for CustomHooks {
    fn hash(&self, pos: &Custom) -> u64 {
        // SAFETY: as above.
        unsafe { (pos.rules.hash)(pos.state.as_ptr().cast(), pos.rules.user) }
    }

    fn non_losing_moves(&self, pos: &Custom, moves: &mut Vec<u32>) -> Option<ply_core::Score> {
        pos.generate_moves(moves);
        // A listing that broke the contract gave no move: the node ends here, as a draw
        // (the value is discarded), since the engine never searches a node without one.
        pos.rules.is_broken().then(|| {
            moves.clear();
            ply_core::Score::DRAW
        })
    }

    fn known_value(&self, pos: &Custom) -> Option<ply_core::Score> {
        let rules = &pos.rules;
        let max_ply = rules.max_ply.load(Ordering::Relaxed);
        if pos.ply > max_ply {
            rules.fail(
                PLY_ERR_LIMIT,
                format!(
                    "a line of the custom game went past ply {max_ply}, as deep as the memory \
                     available holds ({} a ply): a game whose positions repeat needs a depth, \
                     time_ms or nodes limit",
                    human_bytes(ply_bytes(pos.state.len()))
                ),
            );
        }
        // Once the search is stopped, every position ends its line at once (as a draw:
        // the value is discarded): no callback is trusted any further.
        rules.is_broken().then_some(ply_core::Score::DRAW)
    }
}

/// Solves a position of the caller's own game with ply's engine (exact mode: to the
/// end of the game, or within `limits`' `time_ms`, `nodes` or `depth`, which make the
/// value a heuristic one with no evaluation: 0 at the horizon). `state` points to
/// `game->state_size` bytes; they are copied, never changed. The game must end (no
/// position may repeat forever) unless limits are given: a line deeper than the
/// memory available holds (each ply of it costs stack, a move list and copies of the
/// position) stops the search with `PLY_ERR_LIMIT`. A callback that breaks its
/// contract stops it at once with `PLY_ERR_CALLBACK`; no move the game did not list is
/// played. `limits->threads` above `PLY_MAX_THREADS` is `PLY_ERR_LIMIT`.
///
/// # Safety
/// `game` and `state` are NULL or valid as described; the callbacks obey their
/// contracts; `limits` is NULL or a `PlyLimits`; `out` is NULL or a `PlyCustomResult`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ply_custom_solve(
    game: *const PlyCustomGame,
    state: *const c_void,
    limits: *const PlyLimits,
    out: *mut PlyCustomResult,
) -> i32 {
    status(|| {
        // SAFETY: the caller's contract.
        let game = unsafe { handle(game, "game") }?;
        if state.is_null() {
            return Err(Failure::new(PLY_ERR_NULL, "state is NULL"));
        }
        if out.is_null() {
            return Err(Failure::new(PLY_ERR_NULL, "out is NULL"));
        }
        if game.state_size == 0 || game.state_size > PLY_MAX_CUSTOM_STATE {
            return Err(Failure::new(
                PLY_ERR_BAD_REQUEST,
                format!(
                    "state_size {}: from 1 to {PLY_MAX_CUSTOM_STATE} bytes",
                    game.state_size
                ),
            ));
        }
        let missing = |name: &str| Failure::new(PLY_ERR_NULL, format!("callback {name} is NULL"));
        let rules = Rules {
            user: game.user,
            to_move: game.to_move.ok_or_else(|| missing("to_move"))?,
            outcome: game.outcome.ok_or_else(|| missing("outcome"))?,
            legal_moves: game.legal_moves.ok_or_else(|| missing("legal_moves"))?,
            play: game.play.ok_or_else(|| missing("play"))?,
            hash: game.hash.ok_or_else(|| missing("hash"))?,
            broken: Arc::new(AtomicBool::new(false)),
            failure: std::sync::Mutex::new(None),
            max_ply: std::sync::atomic::AtomicU32::new(u32::MAX),
        };
        // SAFETY: the caller's contract: `state` holds `state_size` bytes.
        let bytes = unsafe { std::slice::from_raw_parts(state.cast::<u8>(), game.state_size) };
        let root = Custom {
            rules: Arc::new(rules),
            state: bytes.into(),
            ply: 0,
        };
        // SAFETY: the caller's contract.
        let limits = unsafe { limits.as_ref() }.copied().unwrap_or_default();
        let threads = thread_count(&limits)?;
        let settings =
            Settings::default()
                .with_threads(threads)
                .with_hash(if limits.hash_mib == 0 {
                    16
                } else {
                    limits.hash_mib as usize
                });
        let mut engine = Engine::try_new(CustomHooks, NoEvaluation, settings)
            .map_err(|e| Failure::new(PLY_ERR_LIMIT, e.to_string()))?;
        let max_ply = max_plies(game.state_size, threads);
        root.rules.max_ply.store(max_ply, Ordering::Relaxed);
        let search_limits = Limits {
            depth: (limits.depth > 0).then_some(limits.depth),
            nodes: (limits.nodes > 0).then_some(limits.nodes),
            time: (limits.time_ms > 0).then(|| Duration::from_millis(limits.time_ms)),
            exact: limits.depth == 0,
            stop: Some(root.rules.broken.clone().into()),
        };
        let result = if root.outcome().is_some() {
            None
        } else {
            let mut moves = Vec::new();
            root.generate_moves(&mut moves);
            if root.rules.is_broken() {
                let (_, message) = root
                    .rules
                    .failure
                    .lock()
                    .ok()
                    .and_then(|f| f.clone())
                    .unwrap_or_default();
                return Err(Failure::new(
                    PLY_ERR_CALLBACK,
                    format!("in the given position: {message}"),
                ));
            }
            // A callback that breaks its contract deep in the search may trip the
            // engine's own checks: that is the callback's error, not ply's.
            let searched = catch_unwind(AssertUnwindSafe(|| engine.search(&root, &search_limits)));
            match searched {
                Ok(result) => Some(result),
                Err(_) if root.rules.is_broken() => None,
                Err(panic) => resume_unwind(panic),
            }
        };
        if root.rules.is_broken() {
            let (code, message) = root
                .rules
                .failure
                .lock()
                .ok()
                .and_then(|f| f.clone())
                .unwrap_or((PLY_ERR_CALLBACK, String::new()));
            return Err(Failure::new(code, message));
        }
        let (score, best, nodes) = match &result {
            Some(result) => (result.score, result.best, result.stats.nodes),
            None => (
                root.outcome()
                    .map_or(ply_core::Score::DRAW, |o| o.score(0, true)),
                None,
                0,
            ),
        };
        if let Some(result) = &result
            && limits.depth == 0
            && !result.exact
        {
            return Err(Failure::new(
                PLY_ERR_LIMIT,
                format!(
                    "not solved within the limits ({} nodes searched)",
                    result.stats.nodes
                ),
            ));
        }
        let answer = PlyCustomResult {
            value: if score.is_win() {
                1
            } else if score.is_loss() {
                -1
            } else {
                0
            },
            plies: score.plies_to_end().map_or(-1, |p| p as i32),
            has_best_move: i32::from(best.is_some()),
            best_move: best.unwrap_or(0),
            nodes,
        };
        // SAFETY: checked not NULL; the caller's contract.
        unsafe { *out = answer };
        Ok(())
    })
}
