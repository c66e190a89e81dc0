//! Deep recursion without stack overflows.
//!
//! The searches of ply recurse once per ply, as the textbook and Stockfish write
//! them. A game may last far longer than a thread's stack allows (race to 100,000
//! adding 1: 100,000 plies, about 50 MB of frames), so every recursive search checks,
//! past [`FREE_PLIES`] and then every [`CHECK_EVERY`] plies, how much stack is left,
//! and continues on a fresh segment of heap memory when it runs low (the `stacker`
//! crate, which rustc uses for the same purpose). A shallow search never leaves its
//! thread's stack; the check costs a comparison of the ply number at each node.
//!
//! Only memory then limits the depth. Front ends estimate a search's stack before they
//! start it ([`stack_bytes`]) and refuse a game whose depth would exhaust the machine,
//! with [`crate::memory::MemoryError`].
//!
//! WebAssembly is the exception: there the call stack belongs to the engine that runs
//! the module (a browser's is about 1 MB), and no segment of linear memory can extend
//! it, so the stack never grows ([`must_grow`] is false, [`grow`] runs its work where
//! it is). Front ends check a search's estimate against [`fixed_room`] instead, which
//! keeps the recursion within that stack, and the engine never goes beyond
//! [`MAX_SEARCH_PLY`] (a search to the end of a long game, whose depth no estimate
//! bounds, stops there).
//!
//! ```
//! use ply_core::stack::deeper;
//!
//! /// Sums 1..=n recursively, one frame per number: far deeper than a thread's stack.
//! fn sum(n: u64) -> u64 {
//!     if n == 0 { 0 } else { n + deeper::<u64, _>(n as u32, || sum(n - 1)) }
//! }
//! assert_eq!(sum(1_000_000), 500_000_500_000);
//! ```

use std::mem::size_of;

/// Plies between two checks of the remaining stack.
pub const CHECK_EVERY: u32 = 8;

/// Stack bytes one ply of a recursive search takes, beyond its copies of the position
/// (measured for the engine and the textbook searches in this module's tests, with a margin).
pub const FRAME_BASE: usize = 1024;

/// How many copies of the position one ply's frames may hold (the position, its child,
/// temporaries), counted in [`frame_bytes`].
const POSITION_COPIES: usize = 3;

/// Stack bytes one ply of a recursive search over positions of type `G` may take.
pub const fn frame_bytes<G>() -> usize {
    FRAME_BASE + POSITION_COPIES * size_of::<G>()
}

/// Stack left below which the search moves to a new segment: enough for the plies
/// until the next check, and for the calls a node makes into the game.
#[cfg_attr(target_family = "wasm", allow(dead_code))]
const fn red_zone<G>() -> usize {
    (CHECK_EVERY as usize + 4) * frame_bytes::<G>() + (64 << 10)
}

/// Size of each new stack segment: many plies, so that segments are rare.
#[cfg_attr(target_family = "wasm", allow(dead_code))]
const fn segment<G>() -> usize {
    let bytes = 64 * red_zone::<G>();
    if bytes < (4 << 20) { 4 << 20 } else { bytes }
}

/// Plies a search may always go without looking at its stack: the thread that starts
/// it must have room for them (64 frames of about a kilobyte: any thread's stack does).
/// Shallow searches (any fixed-depth search of a game, every game shorter than this)
/// then never look at all.
pub const FREE_PLIES: u32 = 64;

/// The stack a search may use on WebAssembly, where it cannot grow: 1 MiB, the least of
/// a browser's call stack (V8 gives about 1 MB) and of the stack in linear memory the
/// module is linked with (Rust's default for WebAssembly, 1 MiB; a module may link a
/// larger one with `-z stack-size`, never a smaller).
pub const WASM_STACK_BYTES: u64 = 1 << 20;

/// The stack a search may use where it cannot grow ([`WASM_STACK_BYTES`] on
/// WebAssembly); `None` where it grows on the heap (everywhere else).
pub const fn fixed_room() -> Option<u64> {
    if cfg!(target_family = "wasm") {
        Some(WASM_STACK_BYTES)
    } else {
        None
    }
}

/// Bytes of the browser's own call stack one ply of the engine's search may take on
/// WebAssembly. A browser runs a module's functions on its native stack (about 1 MB in
/// V8, less in a worker than a native thread's 8 MB), apart from the module's stack in
/// linear memory, and overflows it with `RangeError: Maximum call stack size exceeded`
/// before any estimate in linear memory is reached. Measured on V8 (node 20.20, the
/// static site's module): chess's exact search, stopped at 192 plies, runs in 225 KiB of
/// native stack and overflows 200 KiB, some 1.2 KiB a ply (a build that inlines less
/// took under 0.8 KiB: the size follows the compiler's choices, not the source); this is
/// over three times that, for other builds, browsers and games (docs/reliability.md, "The
/// lab in the browser").
pub const WASM_PLY_BYTES: u64 = 4 << 10;

/// The deepest ply a search may reach in `room` bytes of stack at `per_ply` bytes a ply,
/// keeping a quarter of the room for the calls around the search (the API, the root,
/// the game's own functions at the deepest node).
pub const fn plies_within(room: u64, per_ply: u64) -> u32 {
    let usable = room - room / 4;
    let plies = usable / if per_ply == 0 { 1 } else { per_ply };
    if plies > u32::MAX as u64 {
        u32::MAX
    } else {
        plies as u32
    }
}

/// The deepest ply the engine's search may reach where the stack cannot grow
/// (WebAssembly: [`plies_within`] [`WASM_STACK_BYTES`] at [`WASM_PLY_BYTES`], 192
/// plies); `u32::MAX` where it grows. A node there is not searched: in heuristic mode
/// it is evaluated, like a node at the horizon; in exact mode the search stops, as at
/// a limit, and its result is not exact.
pub const MAX_SEARCH_PLY: u32 = if cfg!(target_family = "wasm") {
    plies_within(WASM_STACK_BYTES, WASM_PLY_BYTES)
} else {
    u32::MAX
};

/// True when the node at `ply` is beyond [`MAX_SEARCH_PLY`]: on WebAssembly, deeper than
/// the browser's stack holds the engine's frames; never elsewhere.
#[inline(always)]
pub fn beyond_reach(ply: u32) -> bool {
    #[cfg(target_family = "wasm")]
    {
        ply >= MAX_SEARCH_PLY
    }
    #[cfg(not(target_family = "wasm"))]
    {
        let _ = ply;
        false
    }
}

/// True when the node at `ply` must move to a new stack segment before it recurses:
/// past [`FREE_PLIES`], every [`CHECK_EVERY`] plies, when less than the room for the
/// next plies is left. Cheap enough for a search's hottest path (a comparison of the
/// ply at almost every node); then call [`grow`]. Never on WebAssembly.
#[inline(always)]
pub fn must_grow<G>(ply: u32) -> bool {
    #[cfg(not(target_family = "wasm"))]
    {
        ply >= FREE_PLIES && stack_is_low::<G>(ply)
    }
    #[cfg(target_family = "wasm")]
    {
        let _ = ply;
        false
    }
}

/// The rest of [`must_grow`], out of line: inlined, it cost the engine's search 1 % of
/// its instructions even where it never runs (Connect Four's exact solves).
#[cfg(not(target_family = "wasm"))]
#[cold]
#[inline(never)]
fn stack_is_low<G>(ply: u32) -> bool {
    ply % CHECK_EVERY == 0 && stacker::remaining_stack().is_none_or(|left| left < red_zone::<G>())
}

/// Runs `f` on a new stack segment of heap memory, large enough for many plies of
/// recursion over positions of type `G` (on WebAssembly, where it is: see the module
/// documentation).
#[cold]
#[inline(never)]
pub fn grow<G, R>(f: impl FnOnce() -> R) -> R {
    #[cfg(not(target_family = "wasm"))]
    {
        stacker::grow(segment::<G>(), f)
    }
    #[cfg(target_family = "wasm")]
    {
        f()
    }
}

/// Runs `f`, the work of the node at `ply`, on a stack with room for the next
/// [`CHECK_EVERY`] plies of recursion over positions of type `G`: where a plain
/// recursive search recurses (the engine uses [`must_grow`] and [`grow`] directly).
#[inline(always)]
pub fn deeper<G, R>(ply: u32, f: impl FnOnce() -> R) -> R {
    if must_grow::<G>(ply) {
        grow::<G, R>(f)
    } else {
        f()
    }
}

/// Stack bytes a recursive search `plies` deep over positions of type `G` may need at
/// most (saturating), for a front end to check against [`crate::memory::available`].
pub const fn stack_bytes<G>(plies: u64) -> u64 {
    plies.saturating_mul(frame_bytes::<G>() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{DefaultHooks, Engine, Limits, Settings};
    use crate::{Game, NoEvaluation, Outcome, Player, alpha_beta, minimax, negamax};
    use std::cell::Cell;

    thread_local! {
        /// The lowest stack address seen while a search runs (the stack grows down).
        static LOWEST: Cell<usize> = const { Cell::new(usize::MAX) };
    }

    fn note_stack() {
        let here = 0u8;
        let address = &here as *const u8 as usize;
        LOWEST.with(|lowest| lowest.set(lowest.get().min(address)));
    }

    /// A line of `left` plies, one move each; the loser is who cannot move.
    /// `PAD` bytes make the position as large as a game's may be.
    #[derive(Clone, PartialEq, Eq, Hash)]
    struct Line<const PAD: usize> {
        left: u32,
        to_move: Player,
        pad: [u8; PAD],
    }

    impl<const PAD: usize> Game for Line<PAD> {
        type Move = u8;
        fn to_move(&self) -> Player {
            self.to_move
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.left == 0).then_some(Outcome::Loss)
        }
        fn generate_moves(&self, moves: &mut Vec<u8>) {
            note_stack();
            moves.push(1);
        }
        fn play(&mut self, _: u8) {
            self.left -= 1;
            self.to_move = self.to_move.opponent();
        }
    }

    /// Stack bytes per ply of `search` on a line of `plies`, measured on a thread of its
    /// own whose stack is large enough that no segment is added (so addresses are contiguous).
    fn bytes_per_ply<const PAD: usize>(plies: u32, search: fn(&Line<PAD>)) -> usize {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn(move || {
                let start = Line {
                    left: plies,
                    to_move: Player::First,
                    pad: [0; PAD],
                };
                LOWEST.with(|lowest| lowest.set(usize::MAX));
                let top = {
                    let here = 0u8;
                    &here as *const u8 as usize
                };
                search(&start);
                let lowest = LOWEST.with(Cell::get);
                (top - lowest) / plies as usize
            })
            .expect("thread starts")
            .join()
            .expect("search finishes")
    }

    /// A search by its name.
    type Named<const PAD: usize> = (&'static str, fn(&Line<PAD>));

    fn searches<const PAD: usize>() -> [Named<PAD>; 4] {
        [
            ("minimax", |g| {
                minimax(g, &NoEvaluation, None);
            }),
            ("negamax", |g| {
                negamax(g, &NoEvaluation, None);
            }),
            ("alpha_beta", |g| {
                alpha_beta(g, &NoEvaluation, None);
            }),
            ("engine exact", |g| {
                let settings = Settings::default().with_hash(1);
                let mut engine = Engine::new(DefaultHooks, NoEvaluation, settings);
                assert!(engine.search(g, &Limits::exact()).exact);
            }),
        ]
    }

    /// The frame estimate covers what the searches really use, for small and large positions.
    #[test]
    fn frames_fit_the_estimate() {
        for (name, search) in searches::<0>() {
            let used = bytes_per_ply(20_000, search);
            assert!(
                used <= frame_bytes::<Line<0>>(),
                "{name}: {used} bytes a ply, estimate {}",
                frame_bytes::<Line<0>>()
            );
        }
        for (name, search) in searches::<1024>() {
            let used = bytes_per_ply(2_000, search);
            assert!(
                used <= frame_bytes::<Line<1024>>(),
                "{name} (1 KiB positions): {used} bytes a ply, estimate {}",
                frame_bytes::<Line<1024>>()
            );
        }
    }

    /// On WebAssembly the engine stops at a ply whose frames fit in the browser's stack.
    #[test]
    fn the_wasm_ply_bound_fits_the_stack() {
        let plies = plies_within(WASM_STACK_BYTES, WASM_PLY_BYTES);
        assert_eq!(plies, 192);
        // The frames of the deepest line, and a quarter of the stack for the rest.
        assert!(plies as u64 * WASM_PLY_BYTES + WASM_STACK_BYTES / 4 <= WASM_STACK_BYTES);
        // Deep enough for every iteration the engine starts (and its quiescence) in the
        // time the play page gives it; shallower than the plies a heuristic search may
        // reach natively (twice `MAX_DEPTH`, with extensions), so the bound is needed.
        assert!((128..2 * crate::engine::MAX_DEPTH).contains(&plies));
        assert_eq!(plies_within(1 << 20, 0), 786_432);
        assert_eq!(plies_within(u64::MAX, 1), u32::MAX);
        if cfg!(target_family = "wasm") {
            assert_eq!(MAX_SEARCH_PLY, plies);
            assert!(!beyond_reach(plies - 1) && beyond_reach(plies));
        } else {
            assert_eq!(MAX_SEARCH_PLY, u32::MAX);
            assert!(!beyond_reach(plies) && !beyond_reach(u32::MAX));
        }
    }

    /// Far deeper than any thread's stack: every search grows its stack and finishes.
    #[test]
    fn two_hundred_thousand_plies_deep() {
        let start = Line::<0> {
            left: 200_000,
            to_move: Player::First,
            pad: [],
        };
        // An even line: the player to move loses when the moves run out.
        let result = alpha_beta(&start, &NoEvaluation, None);
        assert_eq!(result.value, crate::Score::loss_in(200_000));
        let settings = Settings::default().with_hash(1);
        let mut engine = Engine::new(DefaultHooks, NoEvaluation, settings);
        let solved = engine.search(&start, &Limits::exact());
        assert_eq!(solved.score, crate::Score::loss_in(200_000));
    }
}
