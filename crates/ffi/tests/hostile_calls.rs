//! The C library's calls on hostile requests, made from Rust as a C program makes them:
//! custom games whose callbacks lie or never end, threads past the limit, trees whose
//! drawings would not fit, long games played move by move. Where the defect was a
//! blow-up, the call runs in a child process (this test binary, filtered to one test)
//! under an address-space limit, so that a regression fails the test instead of
//! exhausting the machine.

use ply::*;
use std::ffi::{CStr, CString, c_void};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Set in the child: the test runs its body instead of starting the child.
const CHILD: &str = "PLY_FFI_TEST_CHILD";

/// Runs the test `name` of this binary in a child process with `mib` MiB of address
/// space, and fails when the child fails (an abort included) or runs past `seconds`.
/// Returns true in the child, which then runs the test's body.
fn capped(name: &str, mib: u64, seconds: u64) -> bool {
    if std::env::var_os(CHILD).is_some() {
        return true;
    }
    let mut command = Command::new(std::env::current_exe().expect("the test binary"));
    command
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, "1");
    let bytes = mib << 20;
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        use std::os::unix::process::CommandExt;
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = command
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start the child");
    let started = Instant::now();
    loop {
        if child.try_wait().expect("the child's status").is_some() {
            break;
        }
        if started.elapsed() > Duration::from_secs(seconds) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{name} ran past {seconds} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("the child's output");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success(),
        "{name} failed under {mib} MiB:\n{text}"
    );
    assert!(text.contains("1 passed"), "{name} did not run:\n{text}");
    false
}

fn last_error() -> String {
    // SAFETY: the library's own NUL-terminated string.
    unsafe { CStr::from_ptr(ply_last_error()) }
        .to_string_lossy()
        .into_owned()
}

// ----- A custom game: a pile, take 1 to 3, who takes the last wins; and its liars.

#[repr(C)]
#[derive(Clone, Copy)]
struct Pile {
    pile: i32,
    to_move: i32,
}

/// What the tests' games count: moves played that the game never listed.
struct Watch {
    unlisted_plays: AtomicUsize,
    /// The pile at which `legal_moves` returns `lie` instead of its count.
    lie_at: i32,
    lie: usize,
}

unsafe extern "C" fn to_move(state: *const c_void, _: *mut c_void) -> i32 {
    // SAFETY: ply hands back the bytes of a `Pile`.
    unsafe { (*state.cast::<Pile>()).to_move }
}

unsafe extern "C" fn outcome(state: *const c_void, _: *mut c_void) -> i32 {
    // SAFETY: as above.
    let pile = unsafe { *state.cast::<Pile>() };
    if pile.pile == 0 {
        PLY_OUTCOME_LOSS
    } else {
        PLY_OUTCOME_NONE
    }
}

unsafe extern "C" fn lying_moves(
    state: *const c_void,
    moves: *mut u32,
    capacity: usize,
    user: *mut c_void,
) -> usize {
    // SAFETY: as above; `user` is the test's `Watch`.
    let (pile, watch) = unsafe { (*state.cast::<Pile>(), &*user.cast::<Watch>()) };
    if pile.pile == watch.lie_at {
        // Writes nothing, and claims more than the room it was given.
        return watch.lie;
    }
    let mut n = 0;
    for take in 1..=3u32 {
        if take as i32 <= pile.pile && n < capacity {
            // SAFETY: `moves` holds `capacity` codes.
            unsafe { *moves.add(n) = take };
            n += 1;
        }
    }
    n
}

unsafe extern "C" fn play(state: *mut c_void, mv: u32, user: *mut c_void) {
    // SAFETY: as above.
    let (pile, watch) = unsafe { (&mut *state.cast::<Pile>(), &*user.cast::<Watch>()) };
    if !(1..=3).contains(&mv) || mv as i32 > pile.pile {
        watch.unlisted_plays.fetch_add(1, Ordering::Relaxed);
    }
    pile.pile -= mv.min(3) as i32;
    pile.to_move = 1 - pile.to_move;
}

unsafe extern "C" fn hash(state: *const c_void, _: *mut c_void) -> u64 {
    // SAFETY: as above.
    let pile = unsafe { *state.cast::<Pile>() };
    (pile.pile as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ pile.to_move as u64
}

fn pile_game(watch: &Watch) -> PlyCustomGame {
    PlyCustomGame {
        state_size: std::mem::size_of::<Pile>(),
        user: (watch as *const Watch).cast_mut().cast(),
        to_move: Some(to_move),
        outcome: Some(outcome),
        legal_moves: Some(lying_moves),
        play: Some(play),
        hash: Some(hash),
    }
}

fn custom_solve(game: &PlyCustomGame, start: Pile, limits: Option<&PlyLimits>) -> i32 {
    let mut result = PlyCustomResult::default();
    let limits = limits.map_or(std::ptr::null(), |l| l as *const PlyLimits);
    // SAFETY: valid pointers; the callbacks keep their contracts but the lie.
    unsafe { ply_custom_solve(game, (&start as *const Pile).cast(), limits, &mut result) }
}

/// A `legal_moves` that returned more than its capacity had its unwritten codes read
/// and played, and the search went on until it aborted at 3.7 GB.
#[test]
fn a_move_count_past_the_capacity_stops_the_search_with_a_callback_error() {
    if !capped(
        "a_move_count_past_the_capacity_stops_the_search_with_a_callback_error",
        1024,
        60,
    ) {
        return;
    }
    for lie in [PLY_MAX_CUSTOM_MOVES + 1, usize::MAX] {
        let watch = Watch {
            unlisted_plays: AtomicUsize::new(0),
            lie_at: 7,
            lie,
        };
        let game = pile_game(&watch);
        let code = custom_solve(
            &game,
            Pile {
                pile: 20,
                to_move: 0,
            },
            None,
        );
        assert_eq!(code, PLY_ERR_CALLBACK, "{}", last_error());
        assert_eq!(
            last_error(),
            format!("legal_moves returned {lie}, more than the capacity 1024")
        );
        assert_eq!(watch.unlisted_plays.load(Ordering::Relaxed), 0);
        // At the root itself, the call says so.
        let code = custom_solve(
            &game,
            Pile {
                pile: 7,
                to_move: 0,
            },
            None,
        );
        assert_eq!(code, PLY_ERR_CALLBACK);
        assert_eq!(
            last_error(),
            format!(
                "in the given position: legal_moves returned {lie}, more than the capacity 1024"
            )
        );
    }
    // No move in a position that is not over ends the search too (the engine never
    // searches a node without a move).
    let watch = Watch {
        unlisted_plays: AtomicUsize::new(0),
        lie_at: 7,
        lie: 0,
    };
    let start = Pile {
        pile: 20,
        to_move: 0,
    };
    assert_eq!(
        custom_solve(&pile_game(&watch), start, None),
        PLY_ERR_CALLBACK
    );
    assert_eq!(
        last_error(),
        "legal_moves gave no move in a position whose outcome is none"
    );
    assert_eq!(watch.unlisted_plays.load(Ordering::Relaxed), 0);
}

// ----- A game whose positions repeat: take 1, or put 1 back; nobody ever wins.

unsafe extern "C" fn never_over(_: *const c_void, _: *mut c_void) -> i32 {
    PLY_OUTCOME_NONE
}

unsafe extern "C" fn take_or_put_back(
    state: *const c_void,
    moves: *mut u32,
    capacity: usize,
    _: *mut c_void,
) -> usize {
    // SAFETY: as above.
    let pile = unsafe { *state.cast::<Pile>() };
    let mut n = 0;
    for mv in [1u32, 2] {
        if (mv == 2 || pile.pile > 0) && n < capacity {
            // SAFETY: `moves` holds `capacity` codes.
            unsafe { *moves.add(n) = mv };
            n += 1;
        }
    }
    n
}

unsafe extern "C" fn take_or_put_back_play(state: *mut c_void, mv: u32, _: *mut c_void) {
    // SAFETY: as above.
    let pile = unsafe { &mut *state.cast::<Pile>() };
    pile.pile += if mv == 1 { -1 } else { 1 };
    pile.to_move = 1 - pile.to_move;
}

/// Without limits, the search of a game that never ends went deeper until the stack's
/// segments took 3.7 GB and one could not be had (`PLY_ERR_INTERNAL`).
#[test]
fn a_game_whose_positions_repeat_stops_at_the_depth_memory_holds() {
    if !capped(
        "a_game_whose_positions_repeat_stops_at_the_depth_memory_holds",
        1024,
        120,
    ) {
        return;
    }
    let game = PlyCustomGame {
        state_size: std::mem::size_of::<Pile>(),
        user: std::ptr::null_mut(),
        to_move: Some(to_move),
        outcome: Some(never_over),
        legal_moves: Some(take_or_put_back),
        play: Some(take_or_put_back_play),
        hash: Some(hash),
    };
    let start = Pile {
        pile: 1,
        to_move: 0,
    };
    assert_eq!(custom_solve(&game, start, None), PLY_ERR_LIMIT);
    let message = last_error();
    eprintln!("refused: {message}");
    assert!(
        message.starts_with("a line of the custom game went past ply ")
            && message
                .ends_with("a game whose positions repeat needs a depth, time_ms or nodes limit"),
        "{message}"
    );
    // With a depth, the same game is searched to its horizon.
    let limits = PlyLimits {
        depth: 6,
        ..PlyLimits::default()
    };
    assert_eq!(custom_solve(&game, start, Some(&limits)), PLY_OK);
}

// ----- Threads.

/// 100,000 threads took 14 s of a 1 s budget, and 4,294,967,295 ran past a minute.
#[test]
fn more_threads_than_the_limit_are_refused_by_every_call() {
    let limits = PlyLimits {
        threads: 100_000,
        time_ms: 1000,
        ..PlyLimits::default()
    };
    let expected = "threads 100000: at most 256 (limit max_threads)";
    let spec = CString::new("connect4").unwrap();
    let mut err = PLY_OK;
    // SAFETY: valid pointers; each handle is freed once.
    unsafe {
        let game = ply_game_new(spec.as_ptr(), &mut err);
        assert!(!game.is_null());
        assert!(ply_analyze(game, &limits, &mut err).is_null());
        assert_eq!((err, last_error().as_str()), (PLY_ERR_LIMIT, expected));
        assert!(ply_solve(game, &limits, &mut err).is_null());
        assert_eq!((err, last_error().as_str()), (PLY_ERR_LIMIT, expected));
        let all = PlyLimits {
            threads: u32::MAX,
            ..limits
        };
        assert!(ply_analyze(game, &all, &mut err).is_null());
        assert_eq!(err, PLY_ERR_LIMIT);
        assert_eq!(
            last_error(),
            "threads 4294967295: at most 256 (limit max_threads)"
        );
        ply_game_free(game);
    }
    let watch = Watch {
        unlisted_plays: AtomicUsize::new(0),
        lie_at: -1,
        lie: 0,
    };
    let game = pile_game(&watch);
    let start = Pile {
        pile: 10,
        to_move: 0,
    };
    assert_eq!(custom_solve(&game, start, Some(&limits)), PLY_ERR_LIMIT);
    assert_eq!(last_error(), expected);
}

/// The most threads allowed still answer within their time (the cap only catches a hang:
/// measured 0.66 s on two cores).
#[test]
fn the_most_threads_allowed_keep_to_the_time() {
    let limits = PlyLimits {
        threads: PLY_MAX_THREADS,
        time_ms: 1000,
        no_book: 1,
        ..PlyLimits::default()
    };
    let spec = CString::new("connect4").unwrap();
    let mut err = PLY_OK;
    let started = Instant::now();
    // SAFETY: valid pointers; each handle is freed once.
    unsafe {
        let game = ply_game_new(spec.as_ptr(), &mut err);
        let analysis = ply_analyze(game, &limits, &mut err);
        assert!(!analysis.is_null(), "{}", last_error());
        ply_analysis_free(analysis);
        ply_game_free(game);
    }
    let elapsed = started.elapsed();
    eprintln!("256 threads, 1 s: {elapsed:?}");
    assert!(elapsed < Duration::from_secs(20), "{elapsed:?}");
}

// ----- Trees.

/// A tree of 999,999 leaves is within the node limit, but its JSON was made with the
/// tree (and read back into a JSON value): 4.4 GB, an abort under a 4 GiB limit.
#[test]
fn a_large_tree_is_searched_in_little_memory_and_its_json_refused_when_it_cannot_fit() {
    if !capped(
        "a_large_tree_is_searched_in_little_memory_and_its_json_refused_when_it_cannot_fit",
        1024,
        120,
    ) {
        return;
    }
    let text = CString::new(format!("(r {})", "1 ".repeat(999_998))).unwrap();
    let mut err = PLY_OK;
    // SAFETY: valid pointers; the tree is freed once.
    unsafe {
        let tree = ply_tree_new(text.as_ptr(), &mut err);
        assert!(!tree.is_null(), "{}", last_error());
        assert_eq!(ply_tree_value(tree), 1.0);
        assert_eq!(ply_tree_nodes(tree), 999_999);
        assert!(ply_tree_json(tree).is_null());
        let message = last_error();
        assert!(
            message.starts_with("the JSON of a tree of 999999 nodes needs "),
            "{message}"
        );
        assert!(ply_tree_svg(tree).is_null());
        assert!(last_error().starts_with("the SVG picture of a tree of 999999 nodes needs "));
        // The tree is still there.
        assert_eq!(CStr::from_ptr(ply_tree_best(tree)).to_str(), Ok("#2"));
        ply_tree_free(tree);
    }
}

#[test]
fn a_small_trees_json_is_made_once_and_kept() {
    let text = CString::new("(a (b 3 12 8) (c 2 4 6) (d 14 5 2))").unwrap();
    let mut err = PLY_OK;
    // SAFETY: valid pointers; the tree is freed once.
    unsafe {
        let tree = ply_tree_new(text.as_ptr(), &mut err);
        assert_eq!(ply_tree_value(tree), 3.0);
        let json = ply_tree_json(tree);
        assert!(!json.is_null());
        assert_eq!(ply_tree_json(tree), json);
        let parsed: serde_json::Value =
            serde_json::from_str(CStr::from_ptr(json).to_str().unwrap()).unwrap();
        assert_eq!(parsed["value"], 3);
        assert_eq!(parsed["cutoffs"], 1);
        ply_tree_free(tree);
    }
}

// ----- Games played move by move.

fn play_all(spec: &str, moves: impl IntoIterator<Item = String>) -> String {
    let spec = CString::new(spec).unwrap();
    let mut err = PLY_OK;
    // SAFETY: valid pointers; the game is freed once.
    unsafe {
        let game = ply_game_new(spec.as_ptr(), &mut err);
        for (i, mv) in moves.into_iter().enumerate() {
            let mv = CString::new(mv).unwrap();
            assert_eq!(
                ply_game_play(game, mv.as_ptr()),
                PLY_OK,
                "move {}: {}",
                i + 1,
                last_error()
            );
        }
        let position = CStr::from_ptr(ply_game_position(game))
            .to_string_lossy()
            .into_owned();
        ply_game_free(game);
        position
    }
}

/// Every move replayed the game from its start: the sixth move of two piles of a
/// million was refused (the replays had listed ten million legal moves), 10,000 moves
/// of a race took seconds and the 10,001st was refused.
#[test]
fn a_game_keeps_its_position_however_long_it_is() {
    let nim = ["1:1", "2:1", "1:1", "2:1", "1:1", "1:1"].map(String::from);
    assert_eq!(play_all("nim:1000000,1000000", nim), "999996,999998");
    assert_eq!(
        play_all("race:1000000,1", (0..20_000).map(|_| "1".to_string())),
        "20000"
    );
}

#[test]
fn undo_and_a_refused_move_leave_the_game_usable() {
    let spec = CString::new("tictactoe").unwrap();
    let mut err = PLY_OK;
    // SAFETY: valid pointers; the game is freed once.
    unsafe {
        let game = ply_game_new(spec.as_ptr(), &mut err);
        for mv in ["b2", "a1"] {
            let mv = CString::new(mv).unwrap();
            assert_eq!(ply_game_play(game, mv.as_ptr()), PLY_OK);
        }
        let taken = CString::new("b2").unwrap();
        assert_eq!(ply_game_play(game, taken.as_ptr()), PLY_ERR_BAD_REQUEST);
        assert_eq!(last_error(), "move 3 ('b2'): b2 is already taken");
        assert_eq!(ply_game_legal_count(game), 7);
        assert_eq!(ply_game_undo(game), PLY_OK);
        assert_eq!(ply_game_legal_count(game), 8);
        let json = ply_game_state_json(game);
        let state: serde_json::Value =
            serde_json::from_str(CStr::from_ptr(json).to_str().unwrap()).unwrap();
        assert_eq!(state["moves"], serde_json::json!(["b2"]));
        ply_string_free(json);
        ply_game_free(game);
    }
}
