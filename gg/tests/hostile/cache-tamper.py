# A guest under full reach reaches gg's compile cache (its directory is in the environment) and
# tries to write into every compiled entry: for update, append, a truncating open, and through a
# hard link of its own. An entry is mapped into gg as code, so each open is refused.
import glob
import os

cache = os.environ["GG_CACHE_DIR"]
entries = glob.glob(cache + "/*/*.cwasm")
print("entries:", len(entries))
for path in entries:
    link = cache + "/program-link"
    try:
        os.unlink(link)
    except FileNotFoundError:
        pass
    os.link(path, link)
    for target, mode in [(path, "r+b"), (path, "ab"), (path, "wb"), (link, "r+b")]:
        try:
            with open(target, mode) as f:
                f.write(b"\xcc" * 4096)
            print("written", mode)
        except PermissionError as e:
            print("refused", mode, "via link" if target == link else "", e.strerror)
    os.unlink(link)
    with open(path, "rb") as f:
        print("still readable:", len(f.read(16)), "bytes")
