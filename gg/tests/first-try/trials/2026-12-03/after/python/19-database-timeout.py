import re
import gg

path = "config/server.conf"
read = gg.files.read_file(path)
if read.truncated:
    print("warning: file read was truncated")
lines = read.contents.splitlines(keepends=True)

done = False

# Flat keys such as "database.timeout = 30".
for line in lines:
    if re.match(r"^\s*(db|database)[._-]timeout\s*[=:]?\s*30\b", line, re.I):
        new = re.sub(r"\b30\b", "60", line, count=1)
        gg.files.edit_file(path, line, new)
        print(f"{line.rstrip()!r} -> {new.rstrip()!r}")
        done = True
        break

if not done:
    section = None
    header_idx = None
    for i, line in enumerate(lines):
        s = line.strip()
        m = (re.match(r"^\[\s*([^\]]+?)\s*\]$", s)          # [database]
             or re.match(r"^([\w.-]+)\s*\{$", s)               # database {
             or re.match(r"^([\w.-]+)\s*:$", line.rstrip()))   # database:
        if m:
            section = m.group(1).lower()
            header_idx = i
            continue
        if s.startswith("}"):
            section = None
            continue
        if (section is not None and "database" in section or section in ("db",)) \
                and re.match(r"^\s*timeout\b\s*[=:]?\s*30\b", line, re.I):
            new_line = re.sub(r"\b30\b", "60", line, count=1)
            old = "".join(lines[header_idx:i + 1])
            new = "".join(lines[header_idx:i]) + new_line
            gg.files.edit_file(path, old, new)
            print(f"line {i + 1}: {line.rstrip()!r} -> {new_line.rstrip()!r}")
            done = True
            break

if not done:
    print("could not find the database timeout of 30 in", path)
    print(read.contents)
