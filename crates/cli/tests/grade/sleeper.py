# A hostile program for `ply grade`: never answers (sleeps), and never reads its input.
import time

time.sleep(1000)
