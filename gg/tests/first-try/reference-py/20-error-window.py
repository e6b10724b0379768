import gg

[m] = gg.files.search("ERROR", "logs/build.log")
print(f"ERROR on line {m.line}")
gg.views.open_file("logs/build.log", offset=m.line - 1 - 5, limit=11)
