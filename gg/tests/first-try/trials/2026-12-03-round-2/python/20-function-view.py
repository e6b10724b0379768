import re
import gg

path = "src/reader.py"
lines = gg.files.read_file(path).contents.splitlines()

def_re = re.compile(r"^\s*(async\s+)?def\s")
start = next(i for i, l in enumerate(lines) if re.match(r"^\s*(async\s+)?def\s+parse_header\b", l))
end = next((i for i in range(start + 1, len(lines)) if def_re.match(lines[i])), len(lines))

gg.views.open_file(path, offset=start, limit=end - start)
print(f"Showing {path} lines {start + 1}-{end} (parse_header)")
