import gg
gg.skills.read("fails")
