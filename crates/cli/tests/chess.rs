//! Chess through the binary: `ply perft` against the published counts, positions and
//! moves in FEN, SAN and UCI notation, and the engine on a real board.

mod common;
use common::bounded::{Bounded, Outcome};
use std::time::Duration;

/// Runs `ply ARGS` under a memory and time cap.
fn ply(args: &[&str]) -> Outcome {
    Bounded::new(args).memory_mib(1024).seconds(60).run()
}

/// The standard positions (chessprogramming wiki, "Perft Results"), each to a depth that
/// takes well under a second; the library's tests go deeper.
#[test]
fn perft_matches_the_published_counts() {
    for (fen, depth, nodes) in [
        ("startpos", "5", 4_865_609),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
            "3",
            97_862,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", "5", 674_624),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "4",
            422_333,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "3",
            62_379,
        ),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "3",
            89_890,
        ),
    ] {
        let out = ply(&["perft", fen, depth, "--json"]);
        out.assert_code(0);
        let v = out.json();
        assert_eq!(v["nodes"], nodes, "{fen} {depth}");
        assert_eq!(v["interrupted"], false);
    }
    let out = ply(&["perft", "startpos", "3"]);
    out.assert_code(0).assert_stdout_contains("nodes: 8902\n");
}

#[test]
fn divide_lists_every_move_and_adds_up() {
    let out = ply(&[
        "perft",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
        "2",
        "--divide",
        "--json",
    ]);
    out.assert_code(0);
    let v = out.json();
    let parts = v["divide"].as_array().unwrap();
    assert_eq!(parts.len(), 48);
    let sum: u64 = parts.iter().map(|p| p["nodes"].as_u64().unwrap()).sum();
    assert_eq!(sum, 2039);
    // Castling in UCI's king notation, sorted as perft tools print.
    let castle = parts.iter().find(|p| p["move"] == "e1g1").unwrap();
    assert_eq!(castle["san"], "O-O");
    let names: Vec<&str> = parts.iter().map(|p| p["move"].as_str().unwrap()).collect();
    assert!(names.windows(2).all(|w| w[0] < w[1]));
    // Text: one `move: count` line each, then the total.
    let out = ply(&["perft", "startpos", "2", "--divide"]);
    out.assert_code(0)
        .assert_stdout_contains("e2e4: 20\n")
        .assert_stdout_contains("nodes: 400\n");
    assert_eq!(
        out.stdout.lines().filter(|l| l.contains(": 20")).count(),
        20
    );
}

#[test]
fn positions_may_carry_moves_in_san_or_uci() {
    let out = ply(&["perft", "startpos moves e2e4 e5 Nf3", "1", "--json"]);
    out.assert_code(0);
    let v = out.json();
    assert_eq!(
        v["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert_eq!(v["nodes"], 29);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for (args, words) in [
        (
            &["perft", "8/8/8/8/8/8/8/8 w - - 0 1", "1"][..],
            "one king each",
        ),
        (
            &["perft", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "1"],
            "6 fields",
        ),
        (
            &["perft", "startpos moves e2e5", "1"],
            "move 1 of the list: 'e2e5' is not a legal move",
        ),
        (&["perft", "startpos", "11"], "from 0 to 10"),
        (&["perft", "startpos", "-1"], "from 0 to 10"),
        (&["perft", "startpos", "x"], "from 0 to 10"),
    ] {
        let out = ply(args);
        out.assert_code(2)
            .assert_one_line_error()
            .assert_stderr_contains(words);
    }
    // A huge move list is refused, not played out.
    let moves = "Nf3 Nf6 Ng1 Ng8 ".repeat(3000);
    let out = ply(&["perft", &format!("startpos moves {moves}"), "1"]);
    out.assert_code(2).assert_stderr_contains("at most 10000");
}

/// Kings side by side were read, perft listed the king's capture of the king, and every
/// search ended in an internal error (exit 101): now every command refuses the board.
#[test]
fn kings_side_by_side_are_refused_by_every_command() {
    let fen = "kK6/8/8/8/8/8/8/7R w - - 0 1";
    for args in [
        &["perft", fen, "1"][..],
        &["perft", fen, "2"],
        &["analyze", "chess", fen, "--depth", "3"],
        &["solve", "chess", fen],
        &["tree", &format!("chess@{fen}"), "--depth", "1"],
    ] {
        let out = ply(args);
        out.assert_code(2)
            .assert_one_line_error()
            .assert_stderr_contains(
                "not a legal board: the kings stand side by side (b8, a8), so Black, not to move, is in check from the other king",
            );
    }
    let out = ply(&["perft", "k6R/8/8/8/8/8/8/K7 w - - 0 1", "1"]);
    out.assert_code(2).assert_one_line_error().assert_stderr_contains(
        "not a legal board: Black, not to move, is in check (from h8): the side not to move is never in check",
    );
}

#[test]
fn ctrl_c_stops_a_long_perft_at_once() {
    let out = Bounded::new(&["perft", "startpos", "8", "--json"])
        .memory_mib(1024)
        .seconds(30)
        .interrupt_after(Duration::from_millis(500))
        .run();
    out.assert_no_crash().assert_code(130);
    assert!(out.elapsed < Duration::from_secs(2), "{:?}", out.elapsed);
    let v = out.json();
    assert_eq!(v["interrupted"], true);
    assert_eq!(v["nodes"], serde_json::Value::Null);
}

/// The engine on a real board: a back-rank mate found and scored as a win, positions
/// read with their moves.
#[test]
fn the_engine_finds_mate_and_plays_legal_moves() {
    let out = ply(&[
        "analyze",
        "chess",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "--depth",
        "4",
        "--json",
    ]);
    out.assert_code(0);
    let v = out.json();
    assert_eq!(v["best"], "Rd8#", "{v}");
    assert_eq!(v["score"], "win in 1", "{v}");
    let out = ply(&[
        "analyze",
        "chess",
        "startpos moves e4 e5",
        "--depth",
        "5",
        "--json",
    ]);
    out.assert_code(0);
    let v = out.json();
    assert!(v["best"].is_string(), "{v}");
}

/// `ply bench chess`: every fixed position searched to the depth, the total a repeatable
/// signature; options that do not apply are refused.
#[test]
fn bench_chess_is_a_repeatable_signature() {
    let run = || {
        let out = ply(&["bench", "chess", "--depth", "3", "--json"]);
        out.assert_code(0);
        out.json()
    };
    let (first, second) = (run(), run());
    let positions = first["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 9);
    let sum: u64 = positions.iter().map(|p| p["nodes"].as_u64().unwrap()).sum();
    assert_eq!(first["nodes"], sum);
    assert!(
        positions
            .iter()
            .all(|p| p["depth"] == 3 && p["best"].is_string())
    );
    assert_eq!(
        first["nodes"], second["nodes"],
        "one thread: the same search twice"
    );
    assert_eq!(first["interrupted"], false);
    for (args, words) in [
        (&["bench", "chess", "set.txt"][..], "do not apply"),
        (&["bench", "chess", "--weak"], "do not apply"),
        (&["bench", "connect4", "--depth", "3"], "bench chess only"),
        (&["bench", "connect4"], "at least one test set"),
        (&["bench", "chess", "--depth", "31"], "from 1 to 30"),
    ] {
        ply(args)
            .assert_code(2)
            .assert_one_line_error()
            .assert_stderr_contains(words);
    }
}

/// The textbook searches on a real board: Max/Min, negamax and alpha-beta at depth 3 give
/// one value and one move; Max/Min and negamax visit every position, which perft counts
/// independently (1 + 29 + 835 + 24,825 after 1. e4 e5, no game ending that soon).
#[test]
fn textbook_searches_agree_on_a_chess_board() {
    for position in [
        "startpos moves e4 e5",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq -",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
    ] {
        let mut answers = Vec::new();
        for algorithm in ["minimax", "negamax", "alphabeta"] {
            let out = ply(&[
                "analyze",
                "chess",
                position,
                "--algorithm",
                algorithm,
                "--depth",
                "3",
                "--json",
            ]);
            out.assert_code(0);
            let v = out.json();
            assert_eq!(v["algorithm"], algorithm);
            answers.push((
                v["score_raw"].clone(),
                v["best"].clone(),
                v["nodes"].clone(),
            ));
        }
        assert_eq!(answers[0].0, answers[1].0, "{position}");
        assert_eq!(answers[0].0, answers[2].0, "{position}");
        assert_eq!(answers[0].1, answers[1].1, "{position}");
        assert_eq!(answers[0].2, answers[1].2, "{position}");
        assert!(
            answers[2].2.as_u64() < answers[0].2.as_u64(),
            "{position}: alpha-beta prunes"
        );
    }
    let out = ply(&[
        "analyze",
        "chess",
        "startpos moves e4 e5",
        "--algorithm",
        "minimax",
        "--depth",
        "3",
        "--json",
    ]);
    let v = out.json();
    assert_eq!(v["nodes"], 1 + 29 + 835 + 24_825);
    assert_eq!(v["leaves"], 24_825);
    assert_eq!(v["first_player_score"], v["score"]);
    // Black to move: Max/Min's value from White's side is the negation.
    let out = ply(&[
        "analyze",
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq -",
        "--algorithm",
        "minimax",
        "--depth",
        "2",
        "--json",
    ]);
    let v = out.json();
    assert_eq!(
        v["score_raw"].as_i64().unwrap(),
        -v["first_player_score"]
            .as_str()
            .unwrap()
            .replace('.', "")
            .parse::<i64>()
            .unwrap()
    );
    // --algorithm needs a depth.
    ply(&["analyze", "chess", "--algorithm", "minimax"]).assert_code(2);
}

/// `ply play chess`: moves in SAN or UCI, the board with coordinates, the engine's score
/// and its expected line, then its move.
#[test]
fn play_shows_the_board_the_score_and_the_line() {
    let out = Bounded::new(&["play", "chess", "--first", "human", "--time", "200"])
        .stdin("e2e4\nNf3\nquit\n")
        .memory_mib(1024)
        .seconds(60)
        .run();
    out.assert_no_crash();
    out.assert_stdout_contains("   a b c d e f g h")
        .assert_stdout_contains("engine (Black) thinks: ")
        .assert_stdout_contains("expected line: ")
        .assert_stdout_contains("engine plays ");
    // After 1. e4 and the engine's reply, Nf3 was read as a move too.
    assert_eq!(
        out.stdout.matches("engine plays ").count(),
        2,
        "{}",
        out.stdout
    );
}

/// `ply tune chess`: positions with results in, the error before and after and the weights
/// out; a bad line is reported with its number and skipped.
#[test]
fn tune_fits_weights_to_results() {
    // Bad lines first, so that their numbers are known; then a passed pawn on the sixth
    // that wins and one on the third that draws, many times over.
    let mut lines = String::from(
        "\
# a passed pawn on the sixth wins, on the third it draws
not a fen 1-0
7k/8/8/8/8/8/8/K7 w - - 0 1 2-0
",
    );
    for _ in 0..50 {
        lines.push_str("7k/8/3P4/8/8/8/8/K7 w - - 0 1 1-0\n");
        lines.push_str("7k/8/3P4/8/8/8/8/K7 b - - 0 1 c9 \"1-0\";\n");
        lines.push_str("7k/8/8/8/8/3P4/8/K7 w - - 0 1 1/2-1/2\n");
    }
    // Every run reads the same lines, within the same bounds.
    let tune = |options: &[&str]| {
        Bounded::new(&[&["tune", "chess", "-"], options].concat())
            .stdin(lines.as_str())
            .memory_mib(1024)
            .seconds(60)
            .run()
    };
    let out = tune(&["--iterations", "100", "--fit", "squares", "--json"]);
    out.assert_code(0)
        .assert_stderr_contains("skipped line 2: ")
        .assert_stderr_contains("skipped line 3: the line does not end with a result");
    let v = out.json();
    assert_eq!(v["positions"], 150);
    assert_eq!(v["skipped_lines"], 2);
    assert!(
        v["error_after"].as_f64() < v["error_before"].as_f64(),
        "{v}"
    );
    let weights = v["weights"].as_array().unwrap();
    assert_eq!(weights.len(), 31);
    assert_eq!(weights[5]["name"], "passed pawn, rank 6");
    // Every piece's table, 64 squares, a1 first: no sample has a queen, so hers stays.
    let tables = v["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 6);
    assert_eq!(tables[4]["piece"], "queen");
    assert_eq!(tables[4]["after"].as_array().unwrap().len(), 64);
    assert_eq!(tables[4]["after"], tables[4]["before"]);
    // A pawn on d6 (square 43) decided the games: its end-game value rose.
    let pawn_d6 = |key: &str| tables[0][key][43][1].as_i64().unwrap();
    assert!(pawn_d6("after") > pawn_d6("before"), "{}", tables[0]);
    // By default a table moves as a whole: every pawn square by the same amount.
    let terms = tune(&["--iterations", "100", "--json"]);
    terms.assert_code(0);
    let pawns = &terms.json()["tables"][0];
    let moved = |square: usize| {
        pawns["after"][square][1].as_i64().unwrap() - pawns["before"][square][1].as_i64().unwrap()
    };
    assert_ne!(moved(43), 0, "{pawns}");
    assert!((8..56).all(|square| moved(square) == moved(43)), "{pawns}");
    // --rust prints the weights file alone.
    let rust = tune(&["--iterations", "10", "--rust"]);
    rust.assert_code(0);
    assert!(
        rust.stdout
            .starts_with("//! The chess evaluation's weights"),
        "{}",
        rust.stdout
    );
    assert!(
        rust.stdout
            .contains("pub const WEIGHTS: [Weight; TERMS] = [")
    );
    ply(&["tune", "connect4", "x.txt"])
        .assert_code(2)
        .assert_one_line_error();
}

/// `ply tree chess@FEN --depth 2`: the small tree of a lesson, SAN on the edges, the value
/// the textbook alpha-beta gives at that depth.
#[test]
fn a_chess_tree_is_drawn_with_san_on_the_edges() {
    let spec = "chess@8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -";
    let out = ply(&[
        "tree",
        spec,
        "--depth",
        "2",
        "--format",
        "svg",
        "--collapse-pruned",
    ]);
    out.assert_code(0)
        .assert_stdout_contains("<svg")
        .assert_stdout_contains("Rxf4+")
        .assert_stdout_contains("</svg>");
}
