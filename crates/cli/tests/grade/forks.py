# A hostile program for `ply grade`: starts a process of its own that sleeps (and says
# its id on standard error), then never answers.
import os
import sys
import time

child = os.fork()
if child == 0:
    time.sleep(1000)
    os._exit(0)
print("started", child, file=sys.stderr, flush=True)
time.sleep(1000)
