import gg

pattern = "".join(f"[{c.upper()}{c.lower()}]" for c in "deprecated")
counts = {}
for match in gg.files.search(pattern, "src"):
    counts[match.path] = counts.get(match.path, 0) + 1

if not counts:
    print("No file under src mentions deprecated.")
for path in sorted(counts):
    print(f"{path} {counts[path]}")
