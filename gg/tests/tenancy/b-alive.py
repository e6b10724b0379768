# Session B while A's workspace is full: it writes and reads back files of its own (its workspace
# and its /tmp) and says so.
import os
import tempfile

with open("@@B_ROOT@@/alive.txt", "w") as f:
    f.write("B writes\n" * 1000)
with tempfile.NamedTemporaryFile("w+", delete=False) as t:
    t.write("B's temporary file\n")
with open("@@B_ROOT@@/alive.txt") as f, open(t.name) as g:
    print(f"B is running: {len(f.read())} bytes in its workspace, {g.read().strip()!r} in {os.path.dirname(t.name)}")
