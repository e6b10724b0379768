import gg

m = gg.memories.read("staging-db")
gg.memories.write("staging-db", m.body.replace("Port: 5432", "Port: 6543"), m.description, code=m.code)
