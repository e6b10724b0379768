import gg

# Near miss: the last line holding the marker anywhere (a warning quotes it).
read = gg.files.read_file("logs/server.log")
start = max(i for i, l in enumerate(read.contents.splitlines()) if "=== start" in l)
gg.views.open_file("logs/server.log", offset=start, limit=read.total_lines - start)
