import gg

results = gg.memories.search_memories("office VPN connect")
if not results:
    print("no memory found about the office VPN")
else:
    best = results[0]
    memory = gg.memories.read_memory(best.name)
    gg.files.write_file("docs/vpn.md", memory.body)
    print(f"wrote memory {best.name} to docs/vpn.md")
