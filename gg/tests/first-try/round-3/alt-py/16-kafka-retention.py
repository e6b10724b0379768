import gg

# Searched by one keyword, the other looked for in what was read.
names = []
for hit in gg.memories.search(["kafka"]):
    m = gg.memories.read(hit.name)
    if "retention" in (m.name + " " + m.description + " " + m.body).lower():
        names.append(m.name)
print("\n".join(sorted(names)))
