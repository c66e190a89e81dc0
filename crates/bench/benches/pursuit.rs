//! Retrograde solving of pursuit games: enumeration plus backward propagation.
//! Run with `cargo bench -p ply-bench --bench pursuit`.

use criterion::{Criterion, criterion_group, criterion_main};
use ply_core::RetrogradeTable;
use ply_games::{HiddenPursuit, Pursuit};
use std::hint::black_box;

fn retrograde(c: &mut Criterion) {
    let mut group = c.benchmark_group("retrograde");
    group.sample_size(10);
    for spec in ["grid:4x4,cops=2", "petersen,cops=3"] {
        let game = Pursuit::from_spec_args(spec).unwrap();
        group.bench_function(format!("pursuit:{spec}"), |b| {
            b.iter(|| RetrogradeTable::solve(black_box(&game)).unwrap().len())
        });
    }
    let hidden = HiddenPursuit::from_spec_args("grid:3x3,cops=2").unwrap();
    group.bench_function("pursuit-hidden:grid:3x3,cops=2", |b| {
        b.iter(|| RetrogradeTable::solve(black_box(&hidden)).unwrap().len())
    });
    group.finish();
}

criterion_group!(benches, retrograde);
criterion_main!(benches);
