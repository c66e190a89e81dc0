#!/usr/bin/env python3
"""Alpha-beta over ply's grading protocol (docs/grading.md).

A node's loop stops as soon as alpha >= beta: a tie closes the window (the rule ge,
ply's and AIMA's; grade it with --rule ge).
"""
import sys

INF = float("inf")


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


def alphabeta(node, alpha, beta):
    """The node's value (and the child that gives it) in the window (alpha, beta)."""
    kind, kids = children(node)
    if kind == "leaf":
        return value(node), None
    best, move = (-INF if kind == "max" else INF), None
    for kid in kids:
        v, _ = alphabeta(kid, alpha, beta)
        if kind == "max":
            if v > best:
                best, move = v, kid
            alpha = max(alpha, v)
        else:
            if v < best:
                best, move = v, kid
            beta = min(beta, v)
        if alpha >= beta:
            break
    return best, move


def main():
    root = sys.stdin.readline().split()[1]
    best, move = alphabeta(root, -INF, INF)
    print("answer", best, move, flush=True)


main()
