# A hostile program for `ply grade`: writes bytes that are not text on its output.
import os

os.write(1, b"children \xff\xfe\x00garbage\n" * 1000)
