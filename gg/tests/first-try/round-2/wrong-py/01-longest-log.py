import gg

counts = {}
def walk(path):
    for e in gg.files.list_dir(path):
        p = f"{path}/{e.name}"
        if e.kind == gg.files.EntryKind.DIRECTORY:
            walk(p)
        else:
            counts[e.name] = gg.files.read_file(p).total_lines
walk("logs")
name = max(counts, key=counts.get)
print(f"{name} has the most lines: {counts[name]}")
