//! `ply uci` through the binary's standard input and output, as a GUI drives it: the
//! handshake, searches and their `info` lines, `stop` and `isready` during a search,
//! time management on fast clocks, pondering, Chess960, and every kind of bad input.
//! Each engine runs with its memory capped and is killed when a test ends.

mod common;
use common::bounded::Bounded;
use ply_games::Notation;
use ply_games::chess::Chess;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Generous for a loaded machine; what they catch is a hang or a search that only looks
/// at its stop flag between iterations (seconds at these depths).
const PROMPT: Duration = Duration::from_millis(500);

/// A running `ply uci` (1 GiB of address space), killed when dropped.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    seen: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut command = Command::new(env!("CARGO_BIN_EXE_ply"));
        command
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        common::bounded::cap_memory(&mut command, 1024);
        let mut child = command.spawn().expect("ply uci starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(text.as_bytes()).expect("ply reads");
        stdin.write_all(b"\n").expect("ply reads");
        stdin.flush().expect("ply reads");
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("ply reads");
        stdin.flush().expect("ply reads");
    }

    /// Closes the engine's input (end of file).
    fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line starting with `prefix`, and how long it took; panics after `timeout`.
    fn expect(&mut self, prefix: &str, timeout: Duration) -> (String, Duration) {
        let start = Instant::now();
        loop {
            let left = timeout.saturating_sub(start.elapsed());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.starts_with(prefix) {
                        return (line, start.elapsed());
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!(
                    "no line starting with {prefix:?} within {timeout:?}; read so far:\n{}",
                    self.seen.join("\n")
                ),
                Err(RecvTimeoutError::Disconnected) => panic!(
                    "ply uci ended before {prefix:?}; read so far:\n{}",
                    self.seen.join("\n")
                ),
            }
        }
    }

    /// Lines read until (and with) the one starting with `prefix`.
    fn lines_until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let from = self.seen.len();
        self.expect(prefix, timeout);
        self.seen[from..].to_vec()
    }

    /// `isready` answered: the engine is alive and has read everything before.
    fn assert_ready(&mut self) {
        self.send("isready");
        self.expect("readyok", Duration::from_secs(10));
    }

    /// Waits for the process to end by itself; panics after `timeout`.
    fn wait_exit(&mut self, timeout: Duration) -> i32 {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait for ply") {
                return status.code().expect("exited, not killed by a signal");
            }
            assert!(
                start.elapsed() < timeout,
                "ply uci did not exit within {timeout:?}"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line, checked legal in `position` (a UCI position command's
/// arguments, e.g. `startpos moves e2e4`).
#[track_caller]
fn assert_legal_best(line: &str, position: &str) -> String {
    let mut words = line.split_whitespace();
    assert_eq!(words.next(), Some("bestmove"), "{line}");
    let mv = words.next().expect("a move after bestmove").to_string();
    assert!(mv != "0000" && mv != "(none)", "{line}");
    let board = Chess::start()
        .parse_position(position)
        .expect("a test position");
    board
        .parse_uci(&mv, false)
        .unwrap_or_else(|e| panic!("{line} in {position}: {e}"));
    mv
}

#[test]
fn handshake_lists_the_options_and_answers_isready() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.lines_until("uciok", Duration::from_secs(10));
    let text = lines.join("\n");
    for expected in [
        "id name ply",
        "id author",
        "option name Hash type spin default 16 min 1 max",
        "option name Threads type spin default 1 min 1 max",
        "option name Move Overhead type spin",
        "option name Ponder type check",
        "option name UCI_Chess960 type check default false",
        "option name Skill Level type spin default 20 min 0 max 20",
    ] {
        assert!(text.contains(expected), "{expected:?} missing from\n{text}");
    }
    engine.assert_ready();
    engine.send("quit");
    assert_eq!(engine.wait_exit(Duration::from_secs(5)), 0);
}

#[test]
fn a_depth_search_prints_info_lines_and_a_legal_move() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4 e7e5 g1f3");
    engine.send("go depth 6");
    let lines = engine.lines_until("bestmove", Duration::from_secs(30));
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 6, "{lines:?}");
    for (i, info) in infos.iter().enumerate() {
        let words: Vec<&str> = info.split_whitespace().collect();
        let field = |name: &str| {
            let at = words
                .iter()
                .position(|w| *w == name)
                .unwrap_or_else(|| panic!("{name} in {info}"));
            words[at + 1]
        };
        assert_eq!(field("depth"), (i + 1).to_string());
        assert_eq!(field("multipv"), "1");
        assert!(["cp", "mate"].contains(&field("score")), "{info}");
        for number in ["seldepth", "nodes", "nps", "time", "hashfull"] {
            field(number)
                .parse::<u64>()
                .unwrap_or_else(|_| panic!("{number} in {info}"));
        }
        assert!(!field("pv").is_empty());
    }
    let best = assert_legal_best(lines.last().unwrap(), "startpos moves e2e4 e7e5 g1f3");
    // The move played is the principal variation's first.
    assert!(
        infos.last().unwrap().contains(&format!(" pv {best}")),
        "{lines:?}"
    );
}

#[test]
fn stop_answers_at_once_with_a_legal_move() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("stop");
    let (line, took) = engine.expect("bestmove", Duration::from_secs(10));
    assert!(took < PROMPT, "bestmove {took:?} after stop");
    assert_legal_best(&line, "startpos");

    // Stopped before the first iteration ends: still a legal move, never 0000.
    let kiwipete = "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    engine.send(&format!("position {kiwipete}"));
    engine.send("go infinite");
    engine.send("stop");
    let (line, _) = engine.expect("bestmove", Duration::from_secs(10));
    assert_legal_best(&line, &kiwipete[4..]);
    for go in [
        "go nodes 1",
        "go movetime 0",
        "go wtime 0 btime 0",
        "go depth 1",
    ] {
        engine.send(go);
        let (line, _) = engine.expect("bestmove", Duration::from_secs(10));
        assert_legal_best(&line, &kiwipete[4..]);
    }
    // stop with no search running is ignored.
    engine.send("stop");
    engine.assert_ready();
}

#[test]
fn isready_is_answered_during_a_search() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("isready");
    let (_, took) = engine.expect("readyok", Duration::from_secs(10));
    assert!(took < PROMPT, "readyok {took:?} after isready");
    // An infinite search holds its move until stop.
    std::thread::sleep(Duration::from_millis(200));
    assert!(!engine.seen.iter().any(|l| l.starts_with("bestmove")));
    engine.send("stop");
    let (line, _) = engine.expect("bestmove", Duration::from_secs(10));
    assert_legal_best(&line, "startpos");
}

#[test]
fn fast_clocks_never_lose_on_time() {
    // A 1 s + 10 ms game of 60 plies, ply against itself, the clocks kept here by wall
    // time around each move (the pipe's delay included, as a GUI's clock does); and
    // fixed move times. Move Overhead 100 ms: tests run side by side on a busy machine.
    let mut engine = Engine::start();
    engine.send("setoption name Move Overhead value 100");
    engine.send("ucinewgame");
    let mut moves: Vec<String> = Vec::new();
    let mut clocks = [1000i64, 1000i64];
    for ply in 0..60 {
        let position = if moves.is_empty() {
            "startpos".to_string()
        } else {
            format!("startpos moves {}", moves.join(" "))
        };
        let game = Chess::start().parse_position(&position).unwrap();
        if ply_core::Game::outcome(&game).is_some() {
            break;
        }
        engine.send(&format!("position {position}"));
        let start = Instant::now();
        engine.send(&format!(
            "go wtime {} btime {} winc 10 binc 10",
            clocks[0], clocks[1]
        ));
        let (line, _) = engine.expect("bestmove", Duration::from_secs(10));
        let used = start.elapsed().as_millis() as i64;
        let side = ply % 2;
        clocks[side] -= used;
        assert!(clocks[side] > 0, "lost on time at ply {ply}: {clocks:?}");
        clocks[side] += 10;
        moves.push(assert_legal_best(&line, &position));
    }
    for movetime in [50u64, 200] {
        engine.send("position startpos moves d2d4");
        let start = Instant::now();
        engine.send(&format!("go movetime {movetime}"));
        let (line, _) = engine.expect("bestmove", Duration::from_secs(10));
        let used = start.elapsed();
        assert!(
            used <= Duration::from_millis(movetime),
            "movetime {movetime}: {used:?}"
        );
        // And most of it used: the search deepens while there is time.
        assert!(
            used >= Duration::from_millis(movetime / 2),
            "movetime {movetime}: {used:?}"
        );
        assert_legal_best(&line, "startpos moves d2d4");
    }
}

#[test]
fn negative_and_absurd_times_are_clamped() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    for go in [
        "go wtime -1000 btime -1000",
        "go wtime -1 btime 5000 winc -50 binc -50 movestogo -3",
        "go movetime -20",
        "go depth -4",
        "go nodes -9",
        "go mate -2",
    ] {
        engine.send(go);
        let (line, took) = engine.expect("bestmove", Duration::from_secs(10));
        assert_legal_best(&line, "startpos");
        assert!(took < Duration::from_secs(2), "{go}: {took:?}");
    }
    // Huge clocks plan a long think, never an overflow: the search runs until stopped.
    let before = engine.seen.len();
    engine.send("go wtime 99999999999999999999999 btime 18446744073709551615 movestogo 1");
    std::thread::sleep(Duration::from_millis(300));
    engine.assert_ready();
    assert!(
        !engine.seen[before..]
            .iter()
            .any(|l| l.starts_with("bestmove"))
    );
    engine.send("stop");
    let (line, took) = engine.expect("bestmove", Duration::from_secs(10));
    assert!(took < PROMPT);
    assert_legal_best(&line, "startpos");
}

#[test]
fn junk_is_answered_with_info_strings_and_ignored() {
    let mut engine = Engine::start();
    let junk = [
        "hello there",
        "position",
        "position fen",
        "position fen not/a/fen w - - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position startpos moves e2e5",
        "position startpos moves e2e4 zz9",
        "go depth banana",
        "go movetime",
        "setoption name Hash value lots",
        "setoption name Threads value -4",
        "setoption name Nonexistent value 3",
        "setoption name Ponder value maybe",
        "setoption value 3",
        "debug perhaps",
    ];
    for line in junk {
        engine.send(line);
        engine.expect("info string", Duration::from_secs(10));
    }
    // Not text, too long, control characters: skipped lines.
    engine.send_bytes(b"\xff\xfe go depth 3\n");
    engine.expect("info string", Duration::from_secs(10));
    engine.send_bytes(&[b'x'; 300 * 1024]);
    engine.send_bytes(b"\n");
    engine.expect("info string", Duration::from_secs(10));
    engine.send("go\u{7} depth 3");
    engine.expect("info string", Duration::from_secs(10));
    engine.assert_ready();
    // The illegal move ended the list: the position is after e2e4 (Black to move).
    engine.send("position startpos moves e2e4 zz9");
    engine.send("go depth 3");
    let (line, _) = engine.expect("bestmove", Duration::from_secs(10));
    assert_legal_best(&line, "startpos moves e2e4");
    // A bad FEN keeps the position before it.
    engine.send("position fen 8/8/8/8/8/8/8/8 w - - 0 1");
    engine.send("go depth 3");
    let (line, _) = engine.expect("bestmove", Duration::from_secs(10));
    assert_legal_best(&line, "startpos moves e2e4");
    // Unknown words before a command are skipped, as the protocol asks.
    engine.send("joho isready");
    engine.expect("readyok", Duration::from_secs(10));
}

#[test]
fn endless_and_hostile_input_ends_cleanly() {
    // /dev/zero: one endless line of NUL bytes. The engine says so and exits.
    let out = Bounded::new(&["uci"])
        .stdin_file("/dev/zero")
        .memory_mib(512)
        .seconds(30)
        .run();
    out.assert_code(0)
        .assert_stdout_contains("info string skipped line 1");
    // Many commands at once, then the end of input: everything answered, then exit.
    let mut script = String::new();
    for _ in 0..2000 {
        script.push_str("isready\nposition startpos moves e2e4 e7e5\nbogus\n");
    }
    script.push_str("go depth 4\n");
    let out = Bounded::new(&["uci"])
        .stdin(script)
        .memory_mib(512)
        .seconds(60)
        .run();
    out.assert_code(0);
    assert_eq!(out.stdout.matches("readyok").count(), 2000);
    let best = out
        .stdout
        .lines()
        .find(|l| l.starts_with("bestmove"))
        .expect("a bestmove");
    assert_legal_best(best, "startpos moves e2e4 e7e5");
}

#[test]
fn end_of_input_stops_an_infinite_search_and_lets_others_finish() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go depth 7");
    engine.close_input();
    let lines = engine.lines_until("bestmove", Duration::from_secs(60));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 7")),
        "{lines:?}"
    );
    assert_eq!(engine.wait_exit(Duration::from_secs(5)), 0);

    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    engine.close_input();
    let (line, took) = engine.expect("bestmove", Duration::from_secs(10));
    assert!(took < PROMPT);
    assert_legal_best(&line, "startpos");
    assert_eq!(engine.wait_exit(Duration::from_secs(5)), 0);

    // quit during a search ends at once.
    let mut engine = Engine::start();
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    engine.send("quit");
    assert_eq!(engine.wait_exit(PROMPT), 0);
}

/// `quit` used to stop only infinite and ponder searches: a search to a depth, a node
/// count or a clock, and `go perft`, ran on to their end (hours) before ply exited.
#[test]
fn quit_stops_every_search_at_once() {
    for go in [
        "go depth 40",
        "go nodes 100000000000",
        "go wtime 600000 btime 600000",
        "go perft 8",
    ] {
        let mut engine = Engine::start();
        engine.send("position startpos");
        engine.send(go);
        // Under way (perft prints its moves only at its end).
        engine.assert_ready();
        std::thread::sleep(Duration::from_millis(200));
        engine.send("quit");
        assert_eq!(engine.wait_exit(Duration::from_secs(5)), 0, "{go}");
    }
}

/// Kings side by side were read; every search of the board then took a king and failed,
/// and `ply uci` answered nothing more, `stop` and `quit` included.
#[test]
fn kings_side_by_side_are_refused_and_the_position_before_kept() {
    let mut engine = Engine::start();
    engine.send("position fen kK6/8/8/8/8/8/8/7R w - - 0 1");
    let (line, _) = engine.expect("info string", Duration::from_secs(10));
    assert_eq!(
        line,
        "info string position ignored: FEN 'kK6/8/8/8/8/8/8/7R w - - 0 1': not a legal board: \
         the kings stand side by side (b8, a8), so Black, not to move, is in check from the other king"
    );
    engine.send("position fen k6R/8/8/8/8/8/8/K7 w - - 0 1");
    let (line, _) = engine.expect("info string", Duration::from_secs(10));
    assert!(
        line.ends_with(
            "Black, not to move, is in check (from h8): the side not to move is never in check"
        ),
        "{line}"
    );
    engine.send("go depth 5");
    let (line, _) = engine.expect("bestmove", Duration::from_secs(30));
    assert_legal_best(&line, "startpos");
    engine.send("quit");
    assert_eq!(engine.wait_exit(Duration::from_secs(5)), 0);
}

#[test]
fn mates_are_found_and_scored_in_moves() {
    let mut engine = Engine::start();
    // Values checked with Stockfish 15.1.
    let cases = [
        // White mates in 1 (back rank).
        (
            "fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "mate 1",
            Some("a1a8"),
        ),
        // Black to move is mated in 1 whatever it does.
        ("fen 7k/8/6KQ/8/8/8/8/8 b - - 0 1", "mate -1", None),
        // White mates in 2 (1. Kb6 Kb8 2. Rh8#).
        ("fen k7/8/2K5/8/8/8/8/7R w - - 0 1", "mate 2", None),
    ];
    for (position, score, best) in cases {
        engine.send(&format!("position {position}"));
        engine.send("go depth 8");
        let lines = engine.lines_until("bestmove", Duration::from_secs(30));
        let last_info = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .unwrap();
        assert!(
            last_info.contains(&format!("score {score} ")),
            "{position}: {lines:?}"
        );
        let mv = assert_legal_best(lines.last().unwrap(), &position[4..]);
        if let Some(best) = best {
            assert_eq!(mv, best);
        }
    }
    // go mate 2 stops once the mate is found.
    engine.send("position fen k7/8/2K5/8/8/8/8/7R w - - 0 1");
    engine.send("go mate 2");
    let lines = engine.lines_until("bestmove", Duration::from_secs(30));
    assert!(
        lines.iter().any(|l| l.contains("score mate 2 ")),
        "{lines:?}"
    );
    // No move: mate and stalemate answer bestmove (none) at once.
    for (fen, score) in [
        ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "score mate 0"),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "score cp 0"),
    ] {
        engine.send(&format!("position fen {fen}"));
        engine.send("go movetime 1000");
        let lines = engine.lines_until("bestmove", Duration::from_secs(5));
        assert_eq!(lines.last().unwrap(), "bestmove (none)");
        assert!(lines.iter().any(|l| l.contains(score)), "{lines:?}");
    }
    // Drawn by the fifty-move rule, with moves left: a legal move all the same.
    let fifty = "8/8/8/4k3/8/8/4K3/4R3 w - - 100 80";
    engine.send(&format!("position fen {fifty}"));
    engine.send("go depth 4");
    let (line, _) = engine.expect("bestmove", Duration::from_secs(10));
    assert_legal_best(&line, fifty);
}

#[test]
fn ponder_waits_for_ponderhit_then_keeps_the_clock() {
    let mut engine = Engine::start();
    engine.send("setoption name Ponder value true");
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
    std::thread::sleep(Duration::from_millis(400));
    assert!(!engine.seen.iter().any(|l| l.starts_with("bestmove")));
    engine.send("ponderhit");
    // The clock starts at ponderhit: 2 s over about 30 moves, well under a second.
    let (line, took) = engine.expect("bestmove", Duration::from_secs(10));
    assert!(took < Duration::from_millis(1500), "{took:?}");
    assert_legal_best(&line, "startpos moves e2e4 e7e5");
    // A ponder miss: stop, then the real position.
    engine.send("go ponder wtime 2000 btime 2000");
    std::thread::sleep(Duration::from_millis(100));
    engine.send("stop");
    let (line, took) = engine.expect("bestmove", Duration::from_secs(10));
    assert!(took < PROMPT);
    assert_legal_best(&line, "startpos moves e2e4 e7e5");
}

#[test]
fn chess960_castles_king_takes_rook() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Chess960 value true");
    // King on b1 and rooks on a1 and h1; castling short is b1h1 in Chess960's UCI.
    let fen = "r5kr/8/8/8/8/8/8/RK5R w KQk - 0 1";
    engine.send(&format!("position fen {fen} moves b1h1"));
    engine.send("d");
    let (line, _) = engine.expect("Fen:", Duration::from_secs(10));
    // After O-O the king stands on g1 and the rook on f1; White has no rights left.
    assert_eq!(line, "Fen: r5kr/8/8/8/8/8/8/R4RK1 b h - 1 1");
    engine.send("go depth 3");
    engine.expect("bestmove", Duration::from_secs(10));
}

#[test]
fn options_apply_and_absurd_ones_are_clamped() {
    let mut engine = Engine::start();
    engine.send("setoption name Hash value 0");
    engine.expect(
        "info string option Hash: '0' is out of range (1 to 65536), using 1 MiB",
        Duration::from_secs(10),
    );
    // More than the memory cap allows: refused, the old table stays.
    engine.send("setoption name Hash value 99999999");
    engine.expect(
        "info string option Hash: '99999999' is out of range (1 to 65536), using 65536 MiB",
        Duration::from_secs(10),
    );
    engine.expect("info string Hash stays 1", Duration::from_secs(10));
    engine.send("setoption name Threads value 2");
    engine.send("setoption name Skill Level value 0");
    engine.send("position startpos");
    engine.send("go wtime 60000 btime 60000");
    let lines = engine.lines_until("bestmove", Duration::from_secs(30));
    // Skill Level 0 searches one ply.
    assert!(
        lines.iter().all(|l| !l.starts_with("info depth 2")),
        "{lines:?}"
    );
    assert_legal_best(lines.last().unwrap(), "startpos");
    engine.send("setoption name Skill Level value 20");
    engine.send("setoption name Clear Hash");
    engine.send("go depth 6");
    let (line, _) = engine.expect("bestmove", Duration::from_secs(30));
    assert_legal_best(&line, "startpos");
}
