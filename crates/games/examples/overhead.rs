//! Instruction-count probe for the price of the generic search (run under callgrind):
//!   cargo build --release -p ply-games --example overhead
//!   valgrind --tool=callgrind target/release/examples/overhead generic 200
//!   valgrind --tool=callgrind target/release/examples/overhead hand 200
//! Both walk the same alpha-beta tree of tic-tac-toe (20,866 nodes) `N` times.

use ply_core::{Game, NoEvaluation, Outcome, Score, alpha_beta};
use ply_games::{Cell, Mnk};
use std::hint::black_box;

fn hand_written(
    pos: &Mnk,
    ply: u32,
    mut alpha: Score,
    beta: Score,
    buffers: &mut [Vec<Cell>],
) -> Score {
    match pos.outcome() {
        Some(Outcome::Loss) => return Score::loss_in(ply),
        Some(_) => return Score::DRAW,
        None => {}
    }
    let (mine, deeper) = buffers.split_at_mut(1);
    let moves = &mut mine[0];
    moves.clear();
    pos.generate_moves(moves);
    let mut best = -Score::INFINITY;
    for &mv in moves.iter() {
        let v = -hand_written(&pos.after(mv), ply + 1, -beta, -alpha, deeper);
        if v > best {
            best = v;
            alpha = alpha.max(v);
            if v >= beta {
                break;
            }
        }
    }
    best
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map(String::as_str).unwrap_or("generic");
    let n: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let start = Mnk::tic_tac_toe();
    let mut buffers: Vec<Vec<Cell>> = (0..10).map(|_| Vec::with_capacity(9)).collect();
    let mut total = 0i64;
    for _ in 0..n {
        let v = match which {
            "hand" => hand_written(
                black_box(&start),
                0,
                -Score::INFINITY,
                Score::INFINITY,
                &mut buffers,
            ),
            _ => alpha_beta(black_box(&start), &NoEvaluation, None).value,
        };
        total += v.raw() as i64;
    }
    println!("{which}: {total}");
}
