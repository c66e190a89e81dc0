# A hostile program for `ply grade`: reads the root, then loops forever.
import sys

sys.stdin.readline()
while True:
    pass
