# A program for `ply grade` that fails: it divides by zero after its first query.
import sys

root = sys.stdin.readline().split()[1]
print("children", root, flush=True)
sys.stdin.readline()
print("looking at", root, file=sys.stderr)
print(1 / 0)
