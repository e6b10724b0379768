import gg

old = gg.memories.read("vpn")
gg.memories.write("office-vpn", old.body, description=old.description, code=old.code)
check = gg.memories.read("office-vpn")
if check.body == old.body and check.description == old.description:
    gg.memories.delete("vpn")
    print("renamed memory vpn to office-vpn")
else:
    print("office-vpn does not match vpn; vpn kept")
