import gg
gg.skills.read("greeting")
