#!/usr/bin/env python3
"""Expectimax over ply's grading protocol (docs/grading.md).

`children N` answers `chance A 1/2 B 1/4 C 1/4` at a chance node: each child with
its probability. A chance node is worth its children's values weighted by them.
"""
import sys
from fractions import Fraction


def ask(query):
    """Sends one query and returns ply's answer (one line)."""
    print(query, flush=True)  # flush: ply waits for the whole line
    return sys.stdin.readline().strip()


def children(node):
    """The node's kind (max, min, chance, leaf) and its children with their chances."""
    words = ask("children " + node).split()
    kind, rest = words[0], words[1:]
    if kind == "chance":
        return kind, [(rest[i], float(Fraction(rest[i + 1]))) for i in range(0, len(rest), 2)]
    return kind, [(kid, None) for kid in rest]


def value(node):
    return float(ask("value " + node))


def expectimax(node):
    kind, kids = children(node)
    if kind == "leaf":
        return value(node)
    values = [expectimax(kid) for kid, _ in kids]
    if kind == "max":
        return max(values)
    if kind == "min":
        return min(values)
    return sum(p * v for (_, p), v in zip(kids, values))


def main():
    root = sys.stdin.readline().split()[1]
    kind, kids = children(root)
    values = [expectimax(kid) for kid, _ in kids]
    best = max(values) if kind == "max" else min(values)
    print("answer", best, kids[values.index(best)][0], flush=True)


main()
