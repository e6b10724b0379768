import os

found = []
for folder, dirs, files in os.walk("docs"):
    for name in files:
        if name.endswith(".md"):
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                if not any(line.startswith("# ") for line in f):
                    found.append(path)
with open("docs/untitled.txt", "w", encoding="utf-8") as f:
    f.write("".join(p + "\n" for p in sorted(found)))
print(len(found), "untitled")
