# Session B's reach through gg's own files operations: A's absolute path, `../` escapes from B's
# workspace to A's, and symlinks B plants in its own workspace (with Python's os.symlink, else its
# shell's `ln -s`) pointing at A's file, A's workspace and /etc/passwd; then `swap`, a name the
# client's swapper turns between a file of B's own and a symlink to A's file while B reads it.
# Each attempt prints `FILES ...: ok ...` when gg carried it out and `FILES ...: refused ...` when not.
import os

import gg

A_ROOT = "@@A_ROOT@@"
B_ROOT = "@@B_ROOT@@"
SWAPS = int("@@SWAPS@@")
to_a = os.path.relpath(A_ROOT, B_ROOT)


def attempt(what, call):
    try:
        print(f"FILES {what}: ok {str(call())[:300]!r}")
    except gg.ApiError as e:
        print(f"FILES {what}: refused {e.code.value} {e.message[:200]}")


def plant(name, target):
    """`name` in B's workspace (by its absolute path: a relative one is the guest's `/`)."""
    link = f"{B_ROOT}/{name}"
    try:
        os.symlink(target, link)
        how = "os.symlink"
    except OSError:
        gg.shell.run(f"ln -sfn {target} {name}")
        how = "ln -s"
    print(f"PLANT {name}: {how}, {'a symlink' if os.path.islink(link) else 'no symlink'}")


for path in [A_ROOT + "/secret.txt", to_a + "/secret.txt", "../" * 12 + A_ROOT[1:] + "/secret.txt", "../../../../../../../../etc/passwd"]:
    attempt(f"read {path}", lambda: gg.files.read_file(path).contents)
for path in [A_ROOT, to_a, "..", "../.."]:
    attempt(f"list {path}", lambda: [e.name for e in gg.files.list_dir(path)])
    attempt(f"search {path}", lambda: [(m.path, m.text) for m in gg.files.search(".", path)])
attempt(f"write {to_a}/planted-by-b.txt", lambda: gg.files.write_file(to_a + "/planted-by-b.txt", "from B"))
attempt(f"edit {to_a}/secret.txt", lambda: gg.files.edit_file(to_a + "/secret.txt", "\n", " changed by B\n"))

plant("link-a-file", A_ROOT + "/secret.txt")
plant("link-a-root", A_ROOT)
plant("link-passwd", "/etc/passwd")
plant("link-a-relative", to_a + "/secret.txt")
for path in ["link-a-file", "link-a-relative", "link-passwd", "link-a-root/secret.txt", "link-a-root/secret-own.txt"]:
    attempt(f"read {path}", lambda: gg.files.read_file(path).contents)
attempt("list link-a-root", lambda: [e.name for e in gg.files.list_dir("link-a-root")])
attempt("search link-a-root", lambda: [(m.path, m.text) for m in gg.files.search(".", "link-a-root")])
attempt("search .", lambda: [(m.path, m.text) for m in gg.files.search(".")])
attempt("write link-a-root/planted-by-b-link.txt", lambda: gg.files.write_file("link-a-root/planted-by-b-link.txt", "from B"))
attempt("write link-a-file", lambda: gg.files.write_file("link-a-file", "overwritten by B"))
attempt("edit link-a-relative", lambda: gg.files.edit_file("link-a-relative", "\n", " changed by B\n"))

# The swapper runs on the host while these reads go on: each read is B's own text or refused.
seen = {}
for _ in range(SWAPS):
    try:
        text = gg.files.read_file("swap").contents.strip()
        key = "mine" if text == "B's own swap file" else f"other {text[:200]!r}"
    except gg.ApiError as e:
        key = f"refused {e.code.value}"
    seen[key] = seen.get(key, 0) + 1
for key, n in sorted(seen.items()):
    print(f"SWAP {key}: {n}")
