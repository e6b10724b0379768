import re
import gg

path = "config/server.conf"
text = gg.files.read_file(path)

lines = text.splitlines(keepends=True)
section = None
depth_section = []
changed = 0
for i, line in enumerate(lines):
    stripped = line.strip()
    m = re.match(r"^\[\s*([^\]]+?)\s*\]$", stripped)
    if m:
        section = m.group(1).lower()
        continue
    m = re.match(r"^([A-Za-z0-9_.\-]+)\s*\{$", stripped)
    if m:
        depth_section.append(m.group(1).lower())
        section = depth_section[-1]
        continue
    if stripped.startswith("}"):
        if depth_section:
            depth_section.pop()
        section = depth_section[-1] if depth_section else None
        continue
    in_db = section is not None and ("database" in section or section in ("db",))
    if in_db and re.match(r"^\s*timeout\b", line):
        new_line, n = re.subn(r"\b30\b", "60", line, count=1)
        if n:
            lines[i] = new_line
            changed += 1
    elif re.match(r"^\s*(database|db)[._]timeout\b", line):
        new_line, n = re.subn(r"\b30\b", "60", line, count=1)
        if n:
            lines[i] = new_line
            changed += 1

if changed != 1:
    print(f"warning: changed {changed} lines")
gg.files.write_file(path, "".join(lines))
print(f"database timeout raised to 60 in {path}")
