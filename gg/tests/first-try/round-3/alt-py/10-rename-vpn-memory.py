import gg

old = gg.memories.read("vpn")
gg.memories.write(name="office-vpn", body=old.body, description=old.description)
gg.memories.delete("vpn")
print("vpn is now office-vpn")
