//! The memoised exact solver on the taking games, against the closed-form theory.
//! Run: `cargo bench -p ply-bench --bench taking`. Positions solved and nodes are
//! printed once before timing (figures in docs/combinatorial-games.md).

use criterion::{Criterion, criterion_group, criterion_main};
use ply_core::solve::solve_exact;
use ply_games::theory::Theory;
use ply_games::{Nim, Subtraction, Wythoff};
use std::hint::black_box;

fn solver_against_theory(c: &mut Criterion) {
    let nim = Nim::new(&[14, 21, 39]).expect("three piles");
    let wythoff = Wythoff::new(60, 60);
    let sum = Subtraction::new(&[20, 20, 20], &[2, 5, 7]).expect("valid set");

    let mut group = c.benchmark_group("taking games");
    group.sample_size(10);
    let solved = solve_exact(&nim);
    println!(
        "nim:14,21,39: {} positions, {} nodes",
        solved.positions, solved.nodes
    );
    group.bench_function("solve nim:14,21,39", |b| {
        b.iter(|| solve_exact(black_box(&nim)))
    });
    group.bench_function("theory nim:14,21,39", |b| {
        b.iter(|| black_box(&nim).winning_moves_by_theory())
    });
    let solved = solve_exact(&wythoff);
    println!(
        "wythoff:60,60: {} positions, {} nodes",
        solved.positions, solved.nodes
    );
    group.bench_function("solve wythoff:60,60", |b| {
        b.iter(|| solve_exact(black_box(&wythoff)))
    });
    group.bench_function("theory wythoff:60,60", |b| {
        b.iter(|| black_box(&wythoff).winning_moves_by_theory())
    });
    let solved = solve_exact(&sum);
    println!(
        "subtraction:20,20,20;2,5,7: {} positions, {} nodes",
        solved.positions, solved.nodes
    );
    group.bench_function("solve subtraction:20,20,20;2,5,7", |b| {
        b.iter(|| solve_exact(black_box(&sum)))
    });
    group.finish();
}

criterion_group!(benches, solver_against_theory);
criterion_main!(benches);
