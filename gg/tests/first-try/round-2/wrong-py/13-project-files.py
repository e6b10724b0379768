import gg


def walk(path):
    for e in gg.files.list_dir(path):
        child = f"{path}/{e.name}"
        print(child)
        if e.kind == gg.files.EntryKind.DIRECTORY:
            walk(child)


walk("projects")
