import gg

text = gg.files.read_file("logs/server.log").contents
lines = text.splitlines()
last = [i for i, l in enumerate(lines) if l.startswith("=== start")][-1]
gg.views.open_file("logs/server.log", offset=last, limit=len(lines) - last)
print(f"last run: lines {last + 1}-{len(lines)}")
