import gg


def walk(path):
    for entry in gg.files.list_dir(path):
        child = path + "/" + entry.name
        if entry.kind == gg.files.EntryKind.DIRECTORY:
            yield from walk(child)
        elif entry.kind in (gg.files.EntryKind.FILE, gg.files.EntryKind.SYMLINK):
            yield child


for p in walk("projects"):
    print(p)
