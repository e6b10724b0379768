import gg

m = gg.memories.read("vpn")
gg.memories.write("office-vpn", m.body, m.description, code=m.code)
gg.memories.delete("vpn")
