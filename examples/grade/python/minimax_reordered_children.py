#!/usr/bin/env python3
"""Minimax with a classic mistake, reordered_children: the children last to first.

ply writes `root N`; the program asks `children N` and `value N`, one query a line,
reads ply's answer to each, and ends with `answer V M` (the root's value and the move).
"""
import sys


def ask(query):
    """Sends one query and returns ply's answer (one line)."""
    print(query, flush=True)  # flush: ply waits for the whole line
    return sys.stdin.readline().strip()


def children(node):
    """The node's kind (max, min, leaf) and its children, in order."""
    words = ask("children " + node).split()
    return words[0], words[1:][::-1]  # MISTAKE: the last child first


def value(node):
    return float(ask("value " + node))


def minimax(node):
    kind, kids = children(node)
    if kind == "leaf":
        return value(node)
    values = [minimax(kid) for kid in kids]
    return max(values) if kind == "max" else min(values)


def main():
    root = sys.stdin.readline().split()[1]
    kind, kids = children(root)
    values = [minimax(kid) for kid in kids]
    best = max(values) if kind == "max" else min(values)
    move = kids[values.index(best)]
    print("answer", best, move, flush=True)


main()
