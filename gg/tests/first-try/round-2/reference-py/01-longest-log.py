import gg

counts = {}
for e in gg.files.list_dir("logs"):
    if e.kind == gg.files.EntryKind.FILE:
        counts[e.name] = gg.files.read_file(f"logs/{e.name}").total_lines
name = max(counts, key=counts.get)
print(f"{name} has the most lines: {counts[name]}")
