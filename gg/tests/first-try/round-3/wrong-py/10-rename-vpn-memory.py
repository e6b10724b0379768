import gg

# Near miss: the description is left to its default (the text's first line).
m = gg.memories.read("vpn")
gg.memories.write("office-vpn", m.body)
gg.memories.delete("vpn")
