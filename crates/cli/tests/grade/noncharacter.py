# A program for `ply grade` that writes U+FFFF (a character XML cannot carry) in a query
# and on its error output, then answers.
import sys

sys.stdin.readline()
print("children \uffff", flush=True)
sys.stdin.readline()
print("looking for \uffff", file=sys.stderr, flush=True)
print("answer 0", flush=True)
