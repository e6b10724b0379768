# Session B's reach through Python's own APIs: every probe of what lies outside B's workspace (the
# other session's workspace, gg's state, the server's process) prints `PROBE ...: ok ...` when it
# reached it and `PROBE ...: denied ...` when it did not; then every variable of the environment;
# then a TCP connection to the server's own port. The client fills in the @@...@@ values.
import os
import socket

A_ROOT = "@@A_ROOT@@"
A_PARENT = "@@A_PARENT@@"
STATE_HOME = "@@STATE_HOME@@"
SERVER_HOME = "@@SERVER_HOME@@"
PORT = int("@@PORT@@")

budget = [0]


def denied(e):
    return f"denied {type(e).__name__} {getattr(e, 'errno', '')}"


def read(path):
    try:
        with open(path, "rb") as f:
            data = f.read(4096)
        print(f"PROBE read {path}: ok {data[:200].decode('utf-8', 'replace')!r}")
    except OSError as e:
        print(f"PROBE read {path}: {denied(e)}")


def walk(top, depth):
    """Lists `top` and reads its files, `depth` directories down, within the probe budget."""
    try:
        names = sorted(os.listdir(top))
    except OSError as e:
        print(f"PROBE list {top}: {denied(e)}")
        return
    print(f"PROBE list {top}: ok {' '.join(names)[:3000]}")
    for name in names:
        if budget[0] <= 0:
            return
        budget[0] -= 1
        path = os.path.join(top, name)
        if os.path.isdir(path) and not os.path.islink(path):
            if depth > 0:
                walk(path, depth - 1)
        elif os.path.isfile(path):
            read(path)


read(A_ROOT + "/secret.txt")
read(A_ROOT + "/secret-own.txt")
read("/proc/self/environ")
read("/proc/self/cmdline")
read("/etc/passwd")
for top, depth in [(A_ROOT, 3), (A_PARENT, 3), (os.path.dirname(A_PARENT), 0), (STATE_HOME, 4),
                   (SERVER_HOME + "/.local/state", 4)]:
    budget[0] = 100
    walk(top, depth)

for name, value in sorted(os.environ.items()):
    print(f"ENV {name}={value}")

try:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.settimeout(3)
        s.connect(("127.0.0.1", PORT))
        print(f"NET tcp 127.0.0.1:{PORT}: ok connected")
except OSError as e:
    print(f"NET tcp 127.0.0.1:{PORT}: {denied(e)}")
