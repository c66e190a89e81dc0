#!/usr/bin/env python3
"""Makes the balanced opening positions of scripts/openings.epd, for scripts/match.py.

    scripts/make-openings.py --count 50 --seed 1 --engine /usr/games/stockfish > scripts/openings.epd

Each position is reached from the start by PLIES moves, each picked at random (seeded)
among the engine's best few moves at a shallow depth that lose at most --spread
centipawns against its best one; positions met twice are dropped, and so is any whose
deeper evaluation is more than --balance centipawns from equal. So the openings are
sensible, varied and fair to both colours, made here rather than taken from a book.

Needs python-chess (`pip install chess`) and a UCI engine (Debian: apt install
stockfish, then /usr/games/stockfish).
"""

import argparse
import random
import sys

import chess
import chess.engine


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--plies", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--candidates", type=int, default=4, help="best moves considered at each ply")
    parser.add_argument("--spread", type=int, default=30, help="centipawns a candidate may lose")
    parser.add_argument("--balance", type=int, default=40, help="centipawns from equal allowed")
    parser.add_argument("--depth", type=int, default=10, help="depth of the move choices")
    parser.add_argument("--check-depth", type=int, default=16, help="depth of the final check")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Threads": 1, "Hash": 64})
    seen = set()
    print(f"# {args.count} balanced openings, {args.plies} plies each: scripts/make-openings.py "
          f"--count {args.count} --plies {args.plies} --seed {args.seed} (engine: {engine.id.get('name')}, "
          f"candidates {args.candidates} within {args.spread} cp at depth {args.depth}, "
          f"final check within {args.balance} cp at depth {args.check_depth})")
    made = tries = 0
    while made < args.count and tries < args.count * 20:
        tries += 1
        board = chess.Board()
        line = []
        for _ in range(args.plies):
            infos = engine.analyse(board, chess.engine.Limit(depth=args.depth), multipv=args.candidates)
            scored = [(info["score"].relative.score(mate_score=100000), info["pv"][0]) for info in infos if info.get("pv")]
            if not scored:
                break
            best = max(score for score, _ in scored)
            choices = [move for score, move in scored if score >= best - args.spread]
            move = rng.choice(choices)
            line.append(board.san(move))
            board.push(move)
        if board.is_game_over() or len(line) < args.plies:
            continue
        key = board.epd()
        if key in seen:
            continue
        seen.add(key)
        info = engine.analyse(board, chess.engine.Limit(depth=args.check_depth))
        score = info["score"].white().score(mate_score=100000)
        if abs(score) > args.balance:
            continue
        made += 1
        print(f'{key} c0 "{" ".join(line)}"; c1 "{score:+d} cp";', flush=True)
    engine.quit()
    if made < args.count:
        print(f"only {made} openings after {tries} tries", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
