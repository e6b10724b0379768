import gg
lines = gg.files.read_file("logs/build.log").contents.splitlines()
i = next(n for n, l in enumerate(lines) if "ERROR" in l)
print("line", i + 1)
gg.views.open_file("logs/build.log", i - 5, 11)
