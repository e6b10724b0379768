import re
import gg

text = gg.files.read_file("notes/meeting.txt").contents
actions = {}
for m in re.finditer(r"ACTION\(\s*([^)]+?)\s*\):\s*(.+)", text):
    actions.setdefault(m.group(1), []).append(m.group(2).strip())

parts = []
for name in sorted(actions, key=lambda n: (n.lower(), n)):
    parts.append(f"## {name}\n" + "".join(f"- {what}\n" for what in actions[name]))
gg.files.write_file("notes/actions.md", "\n".join(parts))

for name in sorted(actions, key=lambda n: (n.lower(), n)):
    print(f"{name}: {len(actions[name])}")
