import os

untitled = []
for root, dirs, files in os.walk("docs"):
    for name in files:
        if not name.endswith(".md"):
            continue
        path = os.path.join(root, name).replace(os.sep, "/")
        with open(path, encoding="utf-8", errors="replace") as f:
            has_title = any(line.startswith("# ") for line in f)
        if not has_title:
            untitled.append(path)

untitled.sort()
with open("docs/untitled.txt", "w", encoding="utf-8") as f:
    f.write("".join(p + "\n" for p in untitled))

print(f"{len(untitled)} untitled Markdown files:")
for p in untitled:
    print(p)
