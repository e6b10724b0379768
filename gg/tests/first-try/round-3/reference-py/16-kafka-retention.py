import gg

for hit in gg.memories.search(["kafka", "retention"]):
    m = gg.memories.read(hit.name)
    text = f"{m.name}\n{m.description}\n{m.body}".lower()
    if "kafka" in text and "retention" in text:
        print(m.name)
