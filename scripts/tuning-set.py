#!/usr/bin/env python3
"""Turns games into positions labelled with their results, for `ply tune chess`.

    scripts/match.py --engine 'target/release/ply uci' --opponent 'target/release/ply uci' \\
        --games 400 --tc 1+0.01 --pgn selfplay.pgn
    scripts/tuning-set.py selfplay.pgn > positions.txt
    ply tune chess positions.txt

Every position of every game from ply 10 on is kept if it is quiet enough to judge by
its evaluation alone: the side to move is not in check, the move that led to it was no
capture or promotion, and the side to move has no capture that plainly wins material
(a piece taken by a cheaper one, or one left undefended) and no promotion. Each line is a
FEN and the game's result (1-0, 0-1, 1/2-1/2).
Games without a result (*) are left out. Needs python-chess (`pip install chess`).
"""

import argparse
import sys

import chess
import chess.pgn


VALUE = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 100}


def tactical(board):
    """Whether the side to move can win material at once: a promotion, or a capture of a
    piece worth more than the capturer or not defended (en passant counts too)."""
    for move in board.generate_legal_moves():
        if move.promotion is not None:
            return True
        if not board.is_capture(move):
            continue
        victim = board.piece_at(move.to_square)
        if victim is None:
            return True
        attacker = board.piece_at(move.from_square)
        if VALUE[victim.piece_type] > VALUE[attacker.piece_type]:
            return True
        if not board.is_attacked_by(not board.turn, move.to_square):
            return True
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pgn", nargs="+", help="PGN files")
    parser.add_argument("--skip-plies", type=int, default=10, help="plies left out at the start of each game")
    args = parser.parse_args()
    games = positions = 0
    for path in args.pgn:
        with open(path) as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                result = game.headers.get("Result", "*")
                if result not in ("1-0", "0-1", "1/2-1/2"):
                    continue
                games += 1
                board = game.board()
                for ply, move in enumerate(game.mainline_moves()):
                    noisy = board.is_capture(move) or move.promotion is not None
                    board.push(move)
                    if ply + 1 < args.skip_plies or noisy or board.is_check() or tactical(board):
                        continue
                    print(f"{board.fen()} {result}")
                    positions += 1
    print(f"{positions} positions from {games} games", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
