# A guest under full reach writes into gg's compile cache (its directory is in the environment):
# int3 bytes over the middle of every compiled entry. The next run must not load them.
import glob
import os

cache = os.environ["GG_CACHE_DIR"]
entries = glob.glob(cache + "/*/*.cwasm")
for path in entries:
    with open(path, "r+b") as f:
        f.seek(os.path.getsize(path) // 2)
        f.write(b"\xcc" * 4096)
print("tampered with", len(entries), "entries")
