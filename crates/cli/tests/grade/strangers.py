# A hostile program for `ply grade`: asks about nodes that do not exist, then answers.
import sys

sys.stdin.readline()
for node in ["nowhere", "#999", "a.b.c"]:
    print("children", node, flush=True)
    sys.stdin.readline()
print("answer 0", flush=True)
