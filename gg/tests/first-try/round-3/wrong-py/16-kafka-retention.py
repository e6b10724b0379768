import gg

# Near miss: every hit of the search, which matches either keyword.
for hit in gg.memories.search(["kafka", "retention"]):
    print(hit.name)
