#![no_main]
//! The C library's calls on whatever bytes a C program may hand them: the input is
//! NUL-separated strings (a game's spec, a position, then moves; the first is also read
//! as a tree). Every call returns a code or NULL with a one-line message, never crashes,
//! and a game that refused a move is left as it was. The input's first bytes also make
//! a custom game whose `legal_moves` lies about its count at one pile: the solve fails
//! with `PLY_ERR_CALLBACK` exactly when the lie is reached, and no move the game did
//! not list is ever played.
use libfuzzer_sys::fuzz_target;
use ply::*;
use ply_fuzz::check_message;
use std::ffi::{CStr, CString, c_void};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A pile, take 1 to 3, who takes the last wins; `legal_moves` answers `lie` at `lie_at`.
#[repr(C)]
#[derive(Clone, Copy)]
struct Pile {
    pile: u32,
    to_move: i32,
}

struct Liar {
    lie_at: u32,
    lie: usize,
    lied: AtomicBool,
    unlisted_plays: AtomicUsize,
}

unsafe extern "C" fn to_move(state: *const c_void, _: *mut c_void) -> i32 {
    // SAFETY: ply hands back the bytes of a `Pile`.
    unsafe { (*state.cast::<Pile>()).to_move }
}

unsafe extern "C" fn outcome(state: *const c_void, _: *mut c_void) -> i32 {
    // SAFETY: as above.
    if unsafe { (*state.cast::<Pile>()).pile } == 0 {
        PLY_OUTCOME_LOSS
    } else {
        PLY_OUTCOME_NONE
    }
}

unsafe extern "C" fn moves(
    state: *const c_void,
    out: *mut u32,
    capacity: usize,
    user: *mut c_void,
) -> usize {
    // SAFETY: as above; `user` is the target's `Liar`.
    let (pile, liar) = unsafe { ((*state.cast::<Pile>()).pile, &*user.cast::<Liar>()) };
    let count = pile.min(3) as usize;
    let listed = if pile == liar.lie_at && liar.lie != count {
        liar.lied.store(true, Ordering::Relaxed);
        liar.lie
    } else {
        count
    };
    // A lie within the capacity lists its extra moves (taking one again): the game
    // listed them, so they may be played. A lie past it writes only the capacity.
    for i in 0..listed.min(capacity) {
        let take = if i < count { i as u32 + 1 } else { 1 };
        // SAFETY: `out` holds `capacity` codes.
        unsafe { *out.add(i) = take };
    }
    listed
}

unsafe extern "C" fn play(state: *mut c_void, mv: u32, user: *mut c_void) {
    // SAFETY: as above.
    let (pile, liar) = unsafe { (&mut *state.cast::<Pile>(), &*user.cast::<Liar>()) };
    if mv == 0 || mv > pile.pile.min(3) {
        liar.unlisted_plays.fetch_add(1, Ordering::Relaxed);
        return;
    }
    pile.pile -= mv;
    pile.to_move = 1 - pile.to_move;
}

unsafe extern "C" fn hash(state: *const c_void, _: *mut c_void) -> u64 {
    // SAFETY: as above.
    let pile = unsafe { *state.cast::<Pile>() };
    u64::from(pile.pile).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ pile.to_move as u64
}

/// A custom game made of the input's first bytes: a pile of up to 40, a pile at which
/// `legal_moves` lies, and its lie (a count from 0 to `usize::MAX`).
fn lying_game(data: &[u8]) {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let mut lie = [0u8; 8];
    for (i, b) in lie.iter_mut().enumerate() {
        *b = byte(2 + i);
    }
    let liar = Liar {
        lie_at: u32::from(byte(1) % 41),
        lie: u64::from_le_bytes(lie) as usize,
        lied: AtomicBool::new(false),
        unlisted_plays: AtomicUsize::new(0),
    };
    let game = PlyCustomGame {
        state_size: std::mem::size_of::<Pile>(),
        user: (&liar as *const Liar).cast_mut().cast(),
        to_move: Some(to_move),
        outcome: Some(outcome),
        legal_moves: Some(moves),
        play: Some(play),
        hash: Some(hash),
    };
    let start = Pile {
        pile: u32::from(byte(0) % 41),
        to_move: 0,
    };
    let mut result = PlyCustomResult::default();
    // A table of 1 MiB: a pile of 40 needs no more, and clearing the default 16 MiB
    // took most of each run.
    let limits = PlyLimits {
        hash_mib: 1,
        ..PlyLimits::default()
    };
    // SAFETY: valid pointers; the callbacks keep their contracts but for the lie.
    let code =
        unsafe { ply_custom_solve(&game, (&start as *const Pile).cast(), &limits, &mut result) };
    assert_eq!(liar.unlisted_plays.load(Ordering::Relaxed), 0);
    // A lie of fewer moves (never zero) only hides some; any other lie is a broken contract.
    let broken =
        liar.lied.load(Ordering::Relaxed) && (liar.lie == 0 || liar.lie > PLY_MAX_CUSTOM_MOVES);
    if code == PLY_OK {
        assert!(!broken);
    } else {
        assert_eq!(code, PLY_ERR_CALLBACK);
        assert!(liar.lied.load(Ordering::Relaxed));
        check_message(&last_error());
    }
}

fn last_error() -> String {
    // SAFETY: the library's own NUL-terminated string.
    unsafe { CStr::from_ptr(ply_last_error()) }
        .to_string_lossy()
        .into_owned()
}

fuzz_target!(|data: &[u8]| {
    lying_game(data);
    let parts: Vec<CString> = data
        .split(|&b| b == 0)
        .take(66)
        .map(|p| CString::new(p).expect("no NUL inside"))
        .collect();
    let spec = &parts[0];
    let mut err = -1;
    // SAFETY: valid C strings and pointers throughout; each handle is freed once.
    unsafe {
        let game = ply_game_new(spec.as_ptr(), &mut err);
        assert_eq!(game.is_null(), err != PLY_OK);
        if game.is_null() {
            check_message(&last_error());
        } else {
            if let Some(position) = parts.get(1)
                && ply_game_set_position(game, position.as_ptr()) != PLY_OK
            {
                check_message(&last_error());
            }
            for mv in parts.iter().skip(2) {
                let before = CStr::from_ptr(ply_game_position(game)).to_owned();
                let code = ply_game_play(game, mv.as_ptr());
                if code != PLY_OK {
                    assert!(matches!(
                        code,
                        PLY_ERR_BAD_REQUEST | PLY_ERR_PARSE | PLY_ERR_UTF8 | PLY_ERR_LIMIT
                    ));
                    check_message(&last_error());
                    assert_eq!(CStr::from_ptr(ply_game_position(game)), before.as_c_str());
                }
            }
            ply_string_free(ply_game_legal_moves(game));
            ply_string_free(ply_game_board(game));
            ply_string_free(ply_game_state_json(game));
            ply_game_free(game);
        }
        // Pig's own solve, with a goal small enough to solve at once: its position
        // text as the fuzzer gives it.
        let pig = CString::new(format!(
            "pig:{}",
            1 + data.first().copied().unwrap_or(0) % 30
        ))
        .expect("no NUL inside");
        let position = parts.get(1).map_or(std::ptr::null(), |p| p.as_ptr());
        let json = ply_solve_pig(pig.as_ptr(), position, &mut err);
        assert_eq!(json.is_null(), err != PLY_OK);
        if json.is_null() {
            check_message(&last_error());
        } else {
            ply_string_free(json);
        }
        let tree = ply_tree_new(spec.as_ptr(), &mut err);
        assert_eq!(tree.is_null(), err != PLY_OK);
        if tree.is_null() {
            check_message(&last_error());
        } else {
            ply_tree_free(tree);
        }
    }
});
