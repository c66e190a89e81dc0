#!/usr/bin/env python3
"""How each engine spent its clock in a match: the clock left after its 10th, 20th and 30th
moves and at the end of the game, averaged over the games that got that far.

    scripts/clock-use.py match.pgn

Reads the [%clk] comments that scripts/match.py --pgn writes in games on a clock. Needs
python-chess (`pip install chess`).
"""

import argparse
import collections
import sys

import chess.pgn

MOVES = (10, 20, 30)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pgn", help="games written by scripts/match.py --pgn on a clock")
    args = parser.parse_args()
    left = collections.defaultdict(lambda: collections.defaultdict(list))  # name -> move -> seconds
    try:
        handle = open(args.pgn, encoding="utf-8")
    except OSError as error:
        sys.exit(f"clock-use.py: {args.pgn}: {error.strerror}")
    with handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            names = {chess.WHITE: game.headers["White"], chess.BLACK: game.headers["Black"]}
            clocks = {chess.WHITE: [], chess.BLACK: []}
            board = game.board()
            for node in game.mainline():
                if node.clock() is not None:
                    clocks[board.turn].append(node.clock())
                board.push(node.move)
            for colour, seen in clocks.items():
                if not seen:
                    continue
                for move in MOVES:
                    if len(seen) >= move:
                        left[names[colour]][move].append(seen[move - 1])
                left[names[colour]]["end"].append(seen[-1])
    if not left:
        sys.exit(f"clock-use.py: {args.pgn}: no [%clk] comments (games at a fixed node count have none)")
    for name, by_move in left.items():
        cells = [
            f"after move {move}: {sum(by_move[move]) / len(by_move[move]):.1f} s ({len(by_move[move])} games)"
            for move in (*MOVES, "end") if by_move[move]
        ]
        print(f"{name}: " + "; ".join(cells).replace("after move end", "at the end"))


if __name__ == "__main__":
    main()
