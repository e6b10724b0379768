import gg

counts = {}
for m in gg.files.search("deprecated", "src"):
    counts[m.path] = counts.get(m.path, 0) + 1
for path in sorted(counts):
    print(f"{path}: {counts[path]}")
