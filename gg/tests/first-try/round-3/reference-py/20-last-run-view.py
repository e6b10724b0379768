import gg

read = gg.files.read_file("logs/server.log")
lines = read.contents.splitlines()
start = max(i for i, l in enumerate(lines) if l.startswith("=== start"))
gg.views.open_file("logs/server.log", offset=start, limit=read.total_lines - start)
