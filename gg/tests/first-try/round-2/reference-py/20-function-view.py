import gg

lines = gg.files.read_file("src/reader.py").contents.splitlines()
start = next(i for i, l in enumerate(lines) if l.startswith("def parse_header("))
end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("def ")), len(lines))
gg.views.open_file("src/reader.py", offset=start, limit=end - start)
