import gg

hits = gg.memories.search(["vpn", "VPN", "office", "connect"])
if not hits:
    print("no memory found about the VPN")
else:
    vpnish = [h for h in hits
              if "vpn" in h.name.lower() or "vpn" in h.description.lower()]
    best = (vpnish or hits)[0]
    memory = gg.memories.read(best.name)
    gg.files.write_file("docs/vpn.md", memory.body)
    print(f"wrote the body of memory {best.name!r} to docs/vpn.md")
