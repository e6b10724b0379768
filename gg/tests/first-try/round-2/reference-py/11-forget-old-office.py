import gg

for hit in gg.memories.search(["old-office"]):
    if hit.name.startswith("old-office-"):
        gg.memories.delete(hit.name)
        print(f"deleted {hit.name}")
