# A hostile program for `ply grade`: takes memory, 10 MB at a time, written to (resident).
import sys

sys.stdin.readline()
hoard = []
while True:
    hoard.append(b"x" * 10_000_000)
