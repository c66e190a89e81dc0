#!/usr/bin/env python3
"""Labels a tuning set's positions with a search's verdict as well as their games' results.

    scripts/tuning-set.py selfplay.pgn > positions.txt
    scripts/label-positions.py positions.txt --depth 6 --concurrency 2 > labelled.txt
    ply tune chess labelled.txt --fit squares

A game's result is one label shared by every position of the game, and much of it comes
from moves played long after the position: a few thousand games are a few thousand
independent labels, too few to place hundreds of weights. A search of the position itself
says what the position is worth now, and differs from position to position. Each line
read (a FEN and its game's result, as `scripts/tuning-set.py` writes) is searched by a UCI
engine (ply by default) to a fixed depth, and written back with White's expected score

    lambda * result + (1 - lambda) / (1 + 10^(-cp / 400))

where cp is the search's score in centipawns for White (a mate: 1 or 0). `--lambda 1`
keeps the results alone; 0 the searches alone. The expected score is a number from 0 to
1, which `ply tune chess` reads as the position's result.

Lines that are not a FEN and a result are reported on stderr with their numbers and
skipped. The output keeps the input's order. Needs python-chess (`pip install chess`).
"""

import argparse
import multiprocessing
import shlex
import sys

import chess
import chess.engine

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5, "1": 1.0, "0": 0.0, "0.5": 0.5}

_engine = None
_limit = None


def _start(command, limit):
    global _engine, _limit
    _engine = chess.engine.SimpleEngine.popen_uci(shlex.split(command))
    _limit = limit


def _search(item):
    """White's expected score by the search of one position, or None if it fails."""
    number, fen = item
    try:
        board = chess.Board(fen)
        info = _engine.analyse(board, _limit)
    except (ValueError, chess.engine.EngineError) as error:
        return number, None, str(error)
    score = info.get("score")
    if score is None:
        return number, None, "the engine gave no score"
    white = score.white()
    if white.is_mate():
        return number, 1.0 if white.mate() > 0 else 0.0, None
    cp = white.score()
    return number, 1.0 / (1.0 + 10.0 ** (-cp / 400.0)), None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("positions", help="a tuning set: a FEN and its game's result on each line")
    parser.add_argument("--engine", default="target/release/ply uci", help="the UCI engine's command")
    parser.add_argument("--depth", type=int, default=6, help="the search's depth (default 6)")
    parser.add_argument("--nodes", type=int, help="search this many nodes instead of to a depth")
    parser.add_argument("--lambda", dest="weight", type=float, default=0.5,
                        help="the weight of the game's result against the search's (default 0.5)")
    parser.add_argument("--concurrency", type=int, default=1, help="engines searching at once")
    args = parser.parse_args()
    if not 0.0 <= args.weight <= 1.0:
        parser.error("--lambda must be from 0 to 1")
    limit = chess.engine.Limit(nodes=args.nodes) if args.nodes else chess.engine.Limit(depth=args.depth)

    items, results, skipped = [], {}, 0
    with open(args.positions) as f:
        for number, line in enumerate(f, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            fen, _, result = text.rpartition(" ")
            if result not in RESULTS or not fen:
                print(f"line {number}: no FEN and result (1-0, 0-1, 1/2-1/2), skipped", file=sys.stderr)
                skipped += 1
                continue
            items.append((number, fen))
            results[number] = (fen, RESULTS[result])

    done = 0
    with multiprocessing.Pool(args.concurrency, _start, (args.engine, limit)) as pool:
        for number, searched, error in pool.imap(_search, items, chunksize=64):
            if searched is None:
                print(f"line {number}: {error}, skipped", file=sys.stderr)
                skipped += 1
                continue
            fen, result = results[number]
            label = args.weight * result + (1.0 - args.weight) * searched
            print(f"{fen} {label:.4f}")
            done += 1
            if done % 10000 == 0:
                print(f"{done} positions labelled", file=sys.stderr)
    print(f"{done} positions labelled, {skipped} skipped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
