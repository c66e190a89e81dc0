# A hostile program for `ply grade`: 10^7 queries about the root, without reading the
# answers.
import sys

root = sys.stdin.readline().split()[1]
burst = ("children " + root + "\n") * 10_000
for _ in range(1_000):
    sys.stdout.write(burst)
