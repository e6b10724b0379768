# A blocking read of a FIFO the program holds both ends of (no data will ever come): stopped at
# the deadline.
import os

import gg

workspace = gg.shell.run("mkfifo pipe && pwd").output.strip()
fd = os.open(workspace + "/pipe", os.O_RDWR)
print("reading")
os.read(fd, 1)
print("read")
