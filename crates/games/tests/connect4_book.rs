//! The shipped opening book (`books/connect4.book`, built into the binary) checked
//! against the solver, not against itself:
//!
//! * every record is well formed (the binary checks only the checksums and the keys'
//!   order of its built-in bytes, trusting this test for the rest);
//! * it holds every non-terminal position up to its depth, each once (a mirror pair is
//!   one record), and nothing else;
//! * every record above the deepest layer is the best of its children's (a win at once,
//!   a full board, or the child's record negated): one wrong record anywhere would show
//!   in its parent;
//! * a random sample of the deepest layer, whose records nothing else in the book
//!   vouches for, solved again from scratch by the standard board's solver. The seed is
//!   printed; `PLY_BOOK_SAMPLE_SEED` replays one, `PLY_BOOK_SAMPLE` sets the sample's size.

use ply_core::Game;
use ply_core::stop::Stop;
use ply_games::connect4::StandardSolver;
use ply_games::connect4::book::{OpeningBook, SHIPPED_BYTES, enumerate, shipped};
use ply_games::{Connect4, Notation};

fn book() -> std::sync::Arc<OpeningBook> {
    shipped().expect("the shipped book reads")
}

/// The best of `pos`'s children's scores, from the book: Pons' convention, a win with
/// the `n`-th stone scoring `(cells + 2 - n) / 2`.
fn best_of_children(book: &OpeningBook, pos: &Connect4) -> i32 {
    let cells = pos.cells() as i32;
    pos.legal_moves()
        .into_iter()
        .map(|column| {
            if pos.is_winning_move(column) {
                return (cells + 1 - pos.moves_played() as i32) / 2;
            }
            let child = pos.after(column);
            if child.outcome().is_some() {
                return 0; // the board is full
            }
            let score = book
                .get(&child)
                .unwrap_or_else(|| panic!("child {} has no record", child.position_string()));
            -score
        })
        .max()
        .expect("a position of the book has a move")
}

#[test]
fn the_shipped_book_holds_every_position_and_each_is_its_childrens_best() {
    // The binary reads its built-in bytes checking only the checksums and the keys'
    // order; here every record is checked as in a file from outside, and read the same.
    let checked = OpeningBook::from_bytes(SHIPPED_BYTES).expect("every record is valid");
    let book = book();
    assert!(checked.records().eq(book.records()));
    assert_eq!(checked.depth(), book.depth());
    let board = Connect4::standard();
    assert_eq!((book.width(), book.height()), (7, 6));
    let layers = enumerate(&board, book.depth());
    let mut keys: Vec<u64> = layers
        .iter()
        .flatten()
        .map(ply_games::connect4::book::canonical_key)
        .collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), book.len(), "records and positions");
    assert!(book.records().map(|(key, _)| key).eq(keys.iter().copied()));
    let mut checked = 0;
    for layer in &layers[..book.depth() as usize] {
        for pos in layer {
            let score = book.get(pos).expect("every position has a record");
            assert_eq!(
                score,
                best_of_children(&book, pos),
                "{}",
                pos.position_string()
            );
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn a_random_sample_of_the_deepest_layer_solves_to_its_records() {
    let book = book();
    let layers = enumerate(&Connect4::standard(), book.depth());
    let deepest = &layers[book.depth() as usize];
    let mut seed = std::env::var("PLY_BOOK_SAMPLE_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |time| time.as_nanos() as u64)
        })
        | 1;
    let size: usize = std::env::var("PLY_BOOK_SAMPLE")
        .ok()
        .and_then(|text| text.parse().ok())
        // Each 11-stone position takes some 40 ms on two threads.
        .unwrap_or(24);
    eprintln!(
        "re-solving {size} of the {} positions with {} stones (PLY_BOOK_SAMPLE_SEED={seed})",
        deepest.len(),
        book.depth()
    );
    let solver = StandardSolver::new(256 << 20, 2).unwrap();
    for _ in 0..size {
        // xorshift64
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let pos = &deepest[(seed % deepest.len() as u64) as usize];
        let solution = solver.solve(pos, &Stop::new()).unwrap().unwrap();
        assert_eq!(
            Some(solution.score),
            book.get(pos),
            "{}",
            pos.position_string()
        );
    }
}
