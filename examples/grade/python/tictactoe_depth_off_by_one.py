#!/usr/bin/env python3
"""Minimax on tic-tac-toe with a classic mistake, depth_off_by_one: three plies instead of two.

The nodes are positions (named by their moves: b2, b2.a1); `value N` answers any of
them with the textbook's f(p) (a finished game: 100, -100 or 0). The search stops two
plies down, or where the game is over (`children` answers `leaf`).
"""
import sys

DEPTH = 2


def ask(query):
    """Sends one query and returns ply's answer (one line)."""
    print(query, flush=True)  # flush: ply waits for the whole line
    return sys.stdin.readline().strip()


def children(node):
    """The node's kind (max, min, leaf) and its children, in order."""
    words = ask("children " + node).split()
    return words[0], words[1:]


def value(node):
    return float(ask("value " + node))


def minimax(node, depth):
    if depth == DEPTH + 1:  # MISTAKE: one ply too deep
        return value(node)
    kind, kids = children(node)
    if kind == "leaf":
        return value(node)
    values = [minimax(kid, depth + 1) for kid in kids]
    return max(values) if kind == "max" else min(values)


def main():
    root = sys.stdin.readline().split()[1]
    kind, kids = children(root)
    values = [minimax(kid, 1) for kid in kids]
    best = max(values)
    print("answer", best, kids[values.index(best)], flush=True)


main()
