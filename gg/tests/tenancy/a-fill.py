# Session A fills its workspace through Python's own file API, 1 MiB at a time, until a write
# fails (or 96 MiB went in): `FILLED N MiB: ERRNO-NAME` or `FILLED N MiB: no error`. It keeps the
# file and holds on a moment, full, while the client runs B's program.
import errno
import os
import time

chunk = b"x" * (1 << 20)
written = 0
outcome = "no error"
fd = os.open("@@A_ROOT@@/fill.bin", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
while written < 96 << 20:
    try:
        written += os.write(fd, chunk)
    except OSError as e:
        outcome = errno.errorcode.get(e.errno, str(e.errno))
        break
os.close(fd)
print(f"FILLED {written >> 20} MiB: {outcome}")
time.sleep(2)
