#!/usr/bin/env python3
"""Batch-solving Connect Four from Python: `plysearch.solve_batch` against the `ply`
binary's `ply solve connect4 --batch` and against Pascal Pons' solver run as a subprocess
per position (the way Python code calls it today). Prints a markdown table: positions
per second (wall time, best of --rounds), and checks every score against the set's.

    python -m venv target/bench-venv && target/bench-venv/bin/pip install ./crates/python
    cargo build --release -p ply
    target/bench-venv/bin/python scripts/bench-python.py ../shared/data/connect4/Test_L2_R2 \
        ../shared/data/connect4/Test_L1_R1 --pons /path/to/c4solver

Pons' solver: github.com/PascalPons/connect4, `g++ -O3 -o c4solver main.cpp Solver.cpp`,
run without its opening book (as `--no-book` runs ply).
"""

import argparse
import os
import subprocess
import sys
import time

import plysearch


def read_set(path):
    positions, scores = [], []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2:
                positions.append(parts[0])
                scores.append(int(parts[1]))
    return positions, scores


def best_of(rounds, run):
    best, result = None, None
    for _ in range(rounds):
        start = time.perf_counter()
        result = run()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, result


def binary_batch(binary, path):
    out = subprocess.run(
        [binary, "solve", "connect4", "--batch", path, "--no-book", "--threads", "1"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [int(line.split()[1]) for line in out.splitlines()]


def python_batch(positions, threads):
    results = plysearch.solve_batch("connect4", positions, threads=threads, book=False)
    return [r.score for r in results]


def pons_each(solver, positions):
    scores = []
    for position in positions:
        out = subprocess.run(
            [solver], input=position + "\n", capture_output=True, text=True, check=True
        ).stdout
        scores.append(int(out.split()[1]))
    return scores


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="+")
    parser.add_argument("--ply", default="target/release/ply", help="the ply binary")
    parser.add_argument("--pons", help="Pons' solver (c4solver), run once per position")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    rows = []
    for path in args.sets:
        positions, expected = read_set(path)
        name = os.path.basename(path)
        n = len(positions)
        cells = {}
        t, scores = best_of(args.rounds, lambda: binary_batch(args.ply, path))
        assert scores == expected, f"{name}: the binary's scores differ from the set's"
        cells["binary"] = n / t
        for threads in sorted({1, cores}):
            t, scores = best_of(args.rounds, lambda: python_batch(positions, threads))
            assert scores == expected, f"{name}: solve_batch's scores differ from the set's"
            cells[f"python{threads}"] = n / t
        if args.pons:
            t, scores = best_of(1, lambda: pons_each(args.pons, positions))
            assert scores == expected, f"{name}: Pons' scores differ from the set's"
            cells["pons"] = n / t
        rows.append((name, n, cells))
    print(
        f"| set | positions | `ply solve --batch` (1 thread) | `solve_batch`, 1 thread | "
        f"`solve_batch`, {cores} threads | Pons' solver, a subprocess per position |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for name, n, c in rows:
        one = c["python1"]
        many = c.get(f"python{cores}", one)
        pons = f"{c['pons']:,.0f}/s" if "pons" in c else "-"
        print(
            f"| {name} | {n} | {c['binary']:,.0f}/s | {one:,.0f}/s ({one / c['binary']:.2f}x) "
            f"| {many:,.0f}/s ({many / c['binary']:.2f}x) | {pons} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
