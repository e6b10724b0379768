import re
import gg

path = "pyproject.toml"
with open(path, encoding="utf-8", newline="") as f:
    lines = f.read().splitlines(keepends=True)

section = None
done = 0
for i, line in enumerate(lines):
    s = line.strip()
    m = re.match(r"^\[([^\[\]]+)\]\s*(#.*)?$", s)
    if m:
        section = m.group(1).strip()
        continue
    if section == "project" and re.match(r'^version\s*=\s*["\']1\.4\.2["\']', s):
        lines[i] = line.replace("1.4.2", "1.5.0", 1)
        done += 1

if done == 1:
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write("".join(lines))
    print("project version bumped to 1.5.0")
else:
    print(f"found {done} project version lines; file left as it is")
