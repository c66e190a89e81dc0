//! Full-tree tic-tac-toe from the empty board: plain minimax against alpha-beta.
//! Run: `cargo bench -p ply-bench --bench tictactoe`. Node counts are printed once
//! before timing, so time and work can be read side by side (docs/PERFORMANCE.md).

use criterion::{Criterion, criterion_group, criterion_main};
use ply_core::{Algorithm, NoEvaluation, NoObserver, SearchOptions};
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
    // The price of the generic search against a loop written by hand is measured in
    // instructions (repeatable) by `examples/overhead.rs` under callgrind: docs/PERFORMANCE.md.
    group.finish();
}

criterion_group!(benches, full_tree);
criterion_main!(benches);
