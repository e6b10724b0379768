import gg

found = []
def walk(path):
    for e in gg.files.list_dir(path):
        p = f"{path}/{e.name}"
        if e.kind == gg.files.EntryKind.DIRECTORY:
            walk(p)
        elif p.endswith(".md") and not any(l.startswith("# ") for l in gg.files.read_file(p).contents.splitlines()):
            found.append(p)
walk("docs")
gg.files.write_file("docs/untitled.txt", "".join(p + "\n" for p in sorted(found)))
