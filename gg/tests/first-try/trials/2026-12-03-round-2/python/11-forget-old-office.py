import gg

prefix = "old-office-"
names = []
for keywords in (["old-office"], ["old", "office"], ["Harbour", "Street"], ["keys", "parking", "wifi", "Wi-Fi"]):
    try:
        hits = gg.memories.search(keywords)
    except gg.ApiError as e:
        print(f"Search {keywords} failed: {e.message}")
        continue
    for hit in hits:
        if hit.name.startswith(prefix) and hit.name not in names:
            names.append(hit.name)

deleted = []
for name in sorted(names):
    try:
        gg.memories.delete(name)
        deleted.append(name)
    except gg.ApiError as e:
        print(f"Could not delete {name}: {e.message}")

if not deleted:
    print("No old-office memories found.")
for name in deleted:
    print(name)
