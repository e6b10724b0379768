import gg

m = gg.memories.read("staging-db")
gg.memories.write("staging-db", m.body.replace("5432", "6543"), "Staging database (moved to 6543)")
