import gg


def walk(path):
    for e in gg.files.list_dir(path):
        child = f"{path}/{e.name}"
        if e.kind == gg.files.EntryKind.DIRECTORY:
            walk(child)
        elif e.kind == gg.files.EntryKind.FILE:
            print(child)


walk("projects")
