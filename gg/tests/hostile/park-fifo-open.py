# open(2) of a FIFO with no writer, through the guest's own WASI reach: stopped at the deadline,
# and gg exits though a thread of its blocking pool stays in open(2).
import gg

workspace = gg.shell.run("mkfifo pipe && pwd").output.strip()
print("opening")
open(workspace + "/pipe", "rb")
print("opened")
