import gg
best = gg.memories.search(["VPN"])[0]
gg.files.write_file("docs/vpn.md", gg.memories.read(best.name).body.rstrip("\n"))
