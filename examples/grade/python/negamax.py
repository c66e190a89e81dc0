#!/usr/bin/env python3
"""Negamax over ply's grading protocol (docs/grading.md).

A leaf's value is for the player to move there; a node is worth the largest of its
children's values, each negated (a child's value is for the other player).
"""
import sys


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


def negamax(node):
    kind, kids = children(node)
    if kind == "leaf":
        return value(node)
    return max(-negamax(kid) for kid in kids)


def main():
    root = sys.stdin.readline().split()[1]
    kind, kids = children(root)
    values = [-negamax(kid) for kid in kids]
    best = max(values)
    print("answer", best, kids[values.index(best)], flush=True)


main()
