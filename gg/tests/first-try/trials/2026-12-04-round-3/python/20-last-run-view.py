import gg

path = "logs/server.log"
with open(path, encoding="utf-8", errors="replace") as f:
    lines = f.read().split("\n")
if lines and lines[-1] == "":
    lines.pop()
starts = [i for i, line in enumerate(lines) if line.startswith("=== start")]
if not starts:
    print("no '=== start' line in logs/server.log")
else:
    first = starts[-1]
    count = len(lines) - first
    gg.views.open_file(path, offset=first, limit=count)
    print(f"showing lines {first + 1}-{len(lines)} of {path}")
