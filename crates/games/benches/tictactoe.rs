//! Full-tree tic-tac-toe from the empty board: plain minimax against alpha-beta.
//! Run: `cargo bench -p ply-games --bench tictactoe`. Node counts are printed once
//! before timing, so time and work can be read side by side (docs/PERFORMANCE.md).

use criterion::{Criterion, criterion_group, criterion_main};
use ply_core::{Algorithm, Game, NoEvaluation, NoObserver, Outcome, Score, SearchOptions};
use ply_games::Mnk;
use std::hint::black_box;

fn full_tree(c: &mut Criterion) {
    let start = Mnk::tic_tac_toe();
    let mut group = c.benchmark_group("tictactoe full tree");
    for algorithm in Algorithm::ALL {
        let stats = algorithm
            .search(
                &start,
                &NoEvaluation,
                SearchOptions::default(),
                &mut NoObserver,
            )
            .stats;
        println!(
            "{algorithm:>9}: {} nodes, {} leaves, {} cutoffs",
            stats.nodes, stats.leaves, stats.cutoffs
        );
        group.bench_function(algorithm.name(), |b| {
            b.iter(|| {
                algorithm.search(
                    black_box(&start),
                    &NoEvaluation,
                    SearchOptions::default(),
                    &mut NoObserver,
                )
            })
        });
    }
    // The same alpha-beta written by hand for this one game: no statistics, no
    // principal variation, no observer. The gap to `alphabeta` above is the whole
    // price of the generic, instrumented search.
    group.bench_function("alphabeta hand-written", |b| {
        let mut buffers: Vec<Vec<_>> = (0..10).map(|_| Vec::with_capacity(9)).collect();
        b.iter(|| {
            hand_written_alpha_beta(
                black_box(&start),
                0,
                -Score::INFINITY,
                Score::INFINITY,
                &mut buffers,
            )
        })
    });
    group.finish();
}

fn hand_written_alpha_beta(
    pos: &Mnk,
    ply: u32,
    mut alpha: Score,
    beta: Score,
    buffers: &mut [Vec<ply_games::Cell>],
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
        let v = -hand_written_alpha_beta(&pos.after(mv), ply + 1, -beta, -alpha, deeper);
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

criterion_group!(benches, full_tree);
criterion_main!(benches);
