#![no_main]
//! Chess positions (FEN, `startpos`, `... moves ...`) and moves (SAN, UCI) as people and
//! GUIs type them: errors, never panics. A position that is read is a legal board (one
//! king each, the kings apart, the side not to move not in check), prints as a FEN that
//! reads back to it, and is searched to depth 1 without a panic; a move that is read is
//! legal, reads back from its SAN and UCI, and leaves a legal board.
use libfuzzer_sys::fuzz_target;
use ply_core::Game;
use ply_core::engine::{Engine, Limits, Settings};
use ply_fuzz::check_message;
use ply_games::Notation;
use ply_games::chess::{Chess, ChessHooks, PieceSquare};
use std::cell::RefCell;

thread_local! {
    /// One engine for every run, without a table: making a table for each run would cost
    /// far more than its search.
    static ENGINE: RefCell<Engine<Chess, ChessHooks, PieceSquare>> =
        RefCell::new(Engine::new(ChessHooks, PieceSquare, Settings::default().with_hash(0)));
}

/// The board of a FEN as a grid, `grid[rank][file]` from a1, read here on its own (not
/// through cozy-chess, whose record of checks is what is being checked).
fn grid(fen: &str) -> [[char; 8]; 8] {
    let mut grid = [['.'; 8]; 8];
    let placement = fen.split(' ').next().unwrap();
    for (row, text) in placement.split('/').enumerate() {
        let mut file = 0;
        for c in text.chars() {
            match c.to_digit(10) {
                Some(empty) => file += empty as usize,
                None => {
                    grid[7 - row][file] = c;
                    file += 1;
                }
            }
        }
    }
    grid
}

/// True when a piece of the side whose pieces are upper case (`upper`) attacks the
/// square at `rank`, `file`.
fn attacked(grid: &[[char; 8]; 8], rank: i32, file: i32, upper: bool) -> bool {
    let piece_at = |r: i32, f: i32| {
        ((0..8).contains(&r) && (0..8).contains(&f)).then(|| grid[r as usize][f as usize])
    };
    let theirs = |r: i32, f: i32, kind: char| {
        piece_at(r, f).is_some_and(|c| {
            c != '.' && c.is_ascii_uppercase() == upper && c.to_ascii_lowercase() == kind
        })
    };
    let steps = |deltas: &[(i32, i32)], kind: char| {
        deltas
            .iter()
            .any(|&(dr, df)| theirs(rank + dr, file + df, kind))
    };
    let king = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    let knight = [
        (-2, -1),
        (-2, 1),
        (-1, -2),
        (-1, 2),
        (1, -2),
        (1, 2),
        (2, -1),
        (2, 1),
    ];
    // A white pawn attacks from the rank below, a black one from the rank above.
    let forward = if upper { -1 } else { 1 };
    if steps(&king, 'k') || steps(&knight, 'n') || steps(&[(forward, -1), (forward, 1)], 'p') {
        return true;
    }
    let slides = |deltas: &[(i32, i32)], kinds: &[char]| {
        deltas.iter().any(|&(dr, df)| {
            let (mut r, mut f) = (rank + dr, file + df);
            while let Some(c) = piece_at(r, f) {
                if c != '.' {
                    return kinds.iter().any(|&kind| theirs(r, f, kind));
                }
                r += dr;
                f += df;
            }
            false
        })
    };
    slides(&[(-1, -1), (-1, 1), (1, -1), (1, 1)], &['b', 'q'])
        || slides(&[(-1, 0), (1, 0), (0, -1), (0, 1)], &['r', 'q'])
}

/// Panics unless `position` is a board a game can reach as far as the search relies on
/// it: one king each, not side by side, and the side not to move not in check.
fn check_board(position: &Chess) {
    let fen = position.fen();
    let grid = grid(&fen);
    let squares = |piece: char| {
        (0..8)
            .flat_map(|r| (0..8).map(move |f| (r, f)))
            .filter(|&(r, f)| grid[r as usize][f as usize] == piece)
            .collect::<Vec<(i32, i32)>>()
    };
    let (white, black) = (squares('K'), squares('k'));
    assert!(
        white.len() == 1 && black.len() == 1,
        "one king each in {fen}"
    );
    let (white, black) = (white[0], black[0]);
    assert!(
        (white.0 - black.0).abs() > 1 || (white.1 - black.1).abs() > 1,
        "the kings stand side by side in {fen}"
    );
    let white_to_move = fen.split(' ').nth(1) == Some("w");
    let (waiting, mover_upper) = if white_to_move {
        (black, true)
    } else {
        (white, false)
    };
    assert!(
        !attacked(&grid, waiting.0, waiting.1, mover_upper),
        "the side not to move is in check in {fen}"
    );
}

/// Searches `position` to depth 1 (a few thousand nodes at most): it must not panic.
fn search_briefly(position: &Chess) {
    let limits = Limits {
        depth: Some(1),
        nodes: Some(100_000),
        ..Limits::default()
    };
    ENGINE.with(|engine| {
        let mut engine = engine.borrow_mut();
        // What earlier runs taught the engine is forgotten: a failure reproduces from its
        // own input.
        engine.clear();
        let result = engine.search(position, &limits);
        if let Some(best) = result.best {
            assert!(position.board().is_legal(best), "{}", position.fen());
        }
    });
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (position, mv) = text.split_once('\n').unwrap_or((text, "e4"));
    let position = match Chess::start().parse_position(position) {
        Ok(position) => position,
        Err(error) => {
            check_message(&error.to_string());
            Chess::start()
        }
    };
    check_board(&position);
    let again = Chess::start()
        .parse_position(&position.position_string())
        .unwrap();
    assert_eq!(again, position);
    let _ = position.outcome();
    search_briefly(&position);
    match position.parse_move(mv) {
        Ok(mv) => {
            assert!(position.legal_moves().contains(&mv));
            assert_eq!(position.parse_move(&position.san(mv)), Ok(mv));
            assert_eq!(position.parse_move(&position.uci(mv)), Ok(mv));
            let after = position.after(mv);
            check_board(&after);
            let _ = after.outcome();
        }
        Err(error) => check_message(&error.to_string()),
    }
});
