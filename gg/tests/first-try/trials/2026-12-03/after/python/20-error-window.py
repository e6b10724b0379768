import gg

path = "logs/build.log"
line_no = None
try:
    matches = gg.files.search("ERROR", path)
    if matches:
        line_no = matches[0].line
except gg.ApiError as e:
    print("search failed:", e.message)

if line_no is None:
    out = gg.shell.run(f"grep -n ERROR {path} | head -n 1")
    first = out.output.strip()
    if first:
        line_no = int(first.split(":", 1)[0])

if line_no is None:
    print("no ERROR line found")
else:
    print(line_no)
    start = max(0, (line_no - 1) - 5)
    gg.views.open_file(path, offset=start, limit=11)
