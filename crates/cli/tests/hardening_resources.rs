//! Hostile sizes: deep games, huge piles, huge tables, searches that may not fit. Every run
//! is capped in memory and time (tests/common/bounded.rs), so a regression fails here, not
//! the machine: a refusal must come at once, with the sizes named, and a deep game must
//! be solved, not overflow the stack.

mod common;
use common::bounded::Bounded;

/// A million plies, one move each: the walk recurses a million times.
#[test]
fn a_deep_count_does_not_overflow_the_stack() {
    let out = Bounded::new(&["count", "race:1000000,1", "--json"])
        .memory_mib(2048)
        .run();
    out.assert_no_crash().assert_code(0);
    let v = out.json();
    assert_eq!(v["nodes"], 1_000_001);
    assert_eq!(v["games"], 1);
    assert_eq!(v["positions"], 1_000_001);
}

/// Race to 100,000 adding 1: the second player wins after 100,000 plies, whatever the search.
#[test]
fn every_algorithm_solves_a_game_of_100000_plies() {
    for algorithm in ["minimax", "negamax", "alphabeta", "memo"] {
        let out =
            Bounded::new(&["solve", "race:100000,1", "--algorithm", algorithm, "--json"]).run();
        out.assert_no_crash().assert_code(0);
        let v = out.json();
        assert_eq!(v["value"], "loss", "{algorithm}");
        assert_eq!(v["plies"], 100_000, "{algorithm}");
        assert_eq!(
            v["pv"].as_array().map(Vec::len),
            Some(100_000),
            "{algorithm}"
        );
    }
    // The engine's exact mode, chosen by --hash.
    let out = Bounded::new(&["solve", "race:100000,1", "--hash", "16", "--json"]).run();
    out.assert_no_crash().assert_code(0);
    assert_eq!(out.json()["plies"], 100_000);
    assert_eq!(out.json()["algorithm"], "engine");
    let out = Bounded::new(&["analyze", "race:100000,1", "--exact", "--json"]).run();
    out.assert_no_crash().assert_code(0);
    assert_eq!(out.json()["score"], "loss in 100000");
}

#[test]
fn a_million_plies_of_alpha_beta() {
    for game in ["bash:1000000,1", "subtraction:1000000;1"] {
        // (Text: the JSON of a million-move line is too long to read back here.)
        Bounded::new(&["solve", game, "--algorithm", "alphabeta"])
            .memory_mib(2048)
            .seconds(60)
            .run()
            .assert_no_crash()
            .assert_code(0)
            .assert_stdout_contains("value: loss in 1000000 plies");
    }
}

/// Too deep for the memory there is: refused before the search, with the sizes named.
#[test]
fn a_search_deeper_than_memory_allows_is_refused_at_once() {
    let out = Bounded::new(&["solve", "race:1000000,1", "--algorithm", "alphabeta"])
        .memory_mib(128)
        .seconds(10)
        .run();
    out.assert_no_crash()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("1000000 plies deep")
        .assert_stderr_contains("of memory, but only");
}

/// Piles beyond a million are refused when the game is read: a move list alone would not fit.
#[test]
fn huge_piles_are_refused_with_the_limit_named() {
    for (args, needle) in [
        (vec!["solve", "nim:1000000000,3"], "at most 1000000"),
        (vec!["solve", "misere-nim:1000000000,3"], "at most 1000000"),
        (vec!["solve", "race:1000000000,2"], "at most 1000000"),
        (vec!["solve", "bash:1000000000,2"], "at most 1000000"),
        (vec!["solve", "wythoff:1000000000,1"], "at most 1000000"),
        (vec!["play", "nim:1000000000"], "at most 1000000"),
        (vec!["solve", "nim:3,4", "1000000000,1"], "at most 1000000"),
        (vec!["solve", "bash:10,3", "4000000000"], "at most 1000000"),
    ] {
        Bounded::new(&args)
            .memory_mib(256)
            .seconds(10)
            .run()
            .assert_no_crash()
            .assert_code(2)
            .assert_one_line_error()
            .assert_stderr_contains(needle);
    }
}

/// The memo solver's positions and line of play are checked against memory before it starts.
#[test]
fn memo_solves_that_cannot_fit_are_refused_at_once() {
    for (args, needle) in [
        // 100,000 plies of up to 100,000 moves each on the solver's stack.
        (vec!["solve", "nim:100000"], "the solver's line of play"),
        (vec!["solve", "wythoff:100000,100000"], "positions to solve"),
        (vec!["play", "nim:100000"], "100000 plies deep"),
        (vec!["count", "nim:1000000"], "1000000 plies deep"),
    ] {
        Bounded::new(&args)
            .memory_mib(512)
            .seconds(10)
            .run()
            .assert_no_crash()
            .assert_code(2)
            .assert_one_line_error()
            .assert_stderr_contains(needle)
            .assert_stderr_contains("memory");
    }
}

/// 10,000 objects in one pile: up to 50 million moves on the solver's line of play, about
/// 400 MB, fine on a machine, refused at once within 256 MiB.
#[test]
fn a_memo_solve_is_sized_against_the_memory_there_is() {
    Bounded::new(&["solve", "nim:10000"])
        .memory_mib(256)
        .seconds(10)
        .run()
        .assert_no_crash()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("the solver's line of play (10000 plies of up to 10000 moves)");
}

/// A table of 64 GiB (the documented maximum of --hash) or 30,000 MiB is refused before
/// it is allocated, in every command that makes one.
#[test]
fn tables_larger_than_memory_are_refused() {
    for hash in ["65536", "30000"] {
        for args in [
            vec!["solve", "tictactoe", "--hash", hash],
            vec!["analyze", "connect4", "--depth", "2", "--hash", hash],
            vec!["solve", "connect4", "--batch", "-", "--hash", hash],
            vec!["bench", "connect4", "/dev/null", "--hash", hash],
            vec![
                "book",
                "connect4:4x4",
                "--depth",
                "4",
                "--threads",
                "256",
                "--hash",
                hash,
            ],
        ] {
            Bounded::new(&args)
                .memory_mib(1024)
                .seconds(10)
                .stdin("4453\n")
                .run()
                .assert_no_crash()
                .assert_code(2)
                .assert_one_line_error()
                .assert_stderr_contains("GiB of memory, but only");
        }
    }
}

/// A book of every position up to 30 stones does not fit: refused while the positions
/// are listed, before any is solved.
#[test]
fn a_book_too_large_for_memory_is_refused_while_listing() {
    let dir = std::env::temp_dir().join(format!("ply-book-too-large-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    Bounded::new(&["book", "connect4", "--depth", "30"])
        .current_dir(&dir)
        .memory_mib(512)
        .seconds(60)
        .run()
        .assert_no_crash()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("do not fit in memory");
    let left: Vec<_> = std::fs::read_dir(&dir).expect("listable").collect();
    assert!(left.is_empty(), "files left behind: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Pursuit with four cops on 8x8: the placements alone are too many positions.
#[test]
fn pursuit_games_too_large_are_refused_at_once() {
    Bounded::new(&["solve", "pursuit:grid:8x8,cops=4"])
        .memory_mib(512)
        .seconds(10)
        .run()
        .assert_no_crash()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("positions are reachable");
}

/// Four hidden-fugitive cops on 8x8: its positions are few, but its moves many. Each of
/// the 766,480 placements is reachable and keeps all its cops' moves, at least
/// 124,912,270 of them, more than a table holds: refused at once, with the count and the
/// limit (it was refused after 20 s and 450 MB, and on a busy machine ran past 60 s
/// without a word).
#[test]
fn a_hidden_pursuit_with_too_many_moves_is_refused_at_once() {
    for json in [false, true] {
        let mut args = vec!["solve", "pursuit-hidden:grid:8x8,cops=4"];
        if json {
            args.push("--json");
        }
        let out = Bounded::new(&args).memory_mib(1024).seconds(10).run();
        out.assert_no_crash()
            .assert_code(2)
            .assert_one_line_error()
            .assert_stderr_contains(
                "ply: error: pursuit-hidden:grid:8x8,cops=4: at least 124912270 moves between \
                 the reachable positions, more than retrograde analysis holds here \
                 (100000000): choose a smaller graph or fewer cops",
            );
        assert!(out.elapsed.as_secs() < 5, "{:?}", out.elapsed);
    }
}

/// The hidden game cannot be bounded before it is explored (the sets of places the fugitive
/// may be), so past what its placements tell, the table's memory is counted as it grows,
/// and refused within its share (four cops on 6x6: at least 6,420,944 moves from the
/// placements, far more once explored).
#[test]
fn a_retrograde_table_stays_within_its_memory() {
    Bounded::new(&["solve", "pursuit-hidden:grid:6x6,cops=4"])
        .memory_mib(300)
        .seconds(120)
        .run()
        .assert_no_crash()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains("retrograde analysis");
}

/// A game far too large for the textbook searches gets the engine by default.
#[test]
fn large_boards_are_solved_by_the_engine_by_default() {
    let out = Bounded::new(&["solve", "mnk:4,4,4", "--json"])
        .seconds(60)
        .run();
    out.assert_code(0);
    let v = out.json();
    assert_eq!(v["algorithm"], "engine");
    assert_eq!(v["value"], "draw");
    assert_eq!(v["plies"], 16);
    // Small boards keep the textbook search (and its exact, documented node counts).
    let v = Bounded::new(&["solve", "tictactoe", "--json"]).run().json();
    assert_eq!(v["algorithm"], "alphabeta");
}

/// `ply gen connect4` with --stones and --remaining no position can meet on the board:
/// refused at once (it drew and solved positions for more than 300 s), with the range
/// that can be met.
#[test]
fn a_set_the_board_cannot_hold_is_refused_at_once() {
    for (stones, remaining, message) in [
        // 4 to 6 stones leave at most 42 - 4 moves, and a four can come on the next.
        (
            "4..6",
            "100..200",
            "--remaining 100..200 cannot be met: a game of connect4 from a position with 4..6 stones (--stones) lasts 1..38 more moves",
        ),
        (
            "30..41",
            "40..41",
            "--remaining 40..41 cannot be met: a game of connect4 from a position with 30..41 stones (--stones) lasts 1..12 more moves",
        ),
        // No four before the 7th stone: after 1 stone, at least 6 more moves.
        (
            "1",
            "1..5",
            "--remaining 1..5 cannot be met: a game of connect4 from a position with 1 stone (--stones) lasts 6..41 more moves",
        ),
        (
            "5..9",
            "0",
            "--remaining 0 cannot be met: a game of connect4 from a position with 5..9 stones (--stones) lasts 1..37 more moves",
        ),
    ] {
        Bounded::new(&[
            "gen",
            "connect4",
            "--stones",
            stones,
            "--remaining",
            remaining,
            "--count",
            "1",
            "--seed",
            "1",
        ])
        .memory_mib(512)
        .seconds(10)
        .run()
        .assert_code(2)
        .assert_one_line_error()
        .assert_stderr_contains(message);
    }
    // The edge of what the board holds: 41 stones, the last move left.
    let out = Bounded::new(&[
        "gen",
        "connect4",
        "--stones",
        "41",
        "--remaining",
        "1",
        "--count",
        "1",
        "--seed",
        "1",
    ])
    .memory_mib(512)
    .seconds(30)
    .run();
    out.assert_code(0);
    let (moves, _) = out.stdout.trim_end().split_once(' ').unwrap();
    assert_eq!(moves.len(), 41);
    // A range too narrow for the count gives up after the draws it allows, and says so as
    // the docs do: 4x4 has 4 positions of 1 stone (2 up to mirror images, but both are
    // kept), so 5 ask for 5 x 100 + 10,000 draws.
    Bounded::new(&[
        "gen",
        "connect4:4x4",
        "--stones",
        "1",
        "--count",
        "5",
        "--seed",
        "1",
    ])
    .memory_mib(512)
    .seconds(60)
    .run()
    .assert_code(2)
    .assert_one_line_error()
    .assert_stderr_contains(
        "only 4 of 5 positions found after 10500 random draws (100 a position and 10000 more): widen --stones",
    );
}
