import gg

hits = gg.memories.search(["vpn", "connect"])
best = next(h for h in hits if "vpn" in h.description.lower() or "network" in h.description.lower())
m = gg.memories.read(best.name)
gg.files.write_file("docs/vpn.md", m.body)
print(f"wrote {best.name} to docs/vpn.md")
