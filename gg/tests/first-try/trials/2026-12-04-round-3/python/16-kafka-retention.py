import gg

names = []
for hit in gg.memories.search([]):
    m = gg.memories.read(hit.name)
    text = " ".join([m.name or "", m.description or "", m.body or ""]).lower()
    if "kafka" in text and "retention" in text:
        names.append(m.name)
for name in sorted(set(names)):
    print(name)
