import gg

m = gg.memories.read("staging-db")
gg.memories.write("staging-db", "Staging database (moved to 6543)", m.body.replace("5432", "6543"))
