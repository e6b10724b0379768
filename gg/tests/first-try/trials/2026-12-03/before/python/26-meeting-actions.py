import re
import gg

text = gg.files.read_file("notes/meeting.txt")
actions = {}
for m in re.finditer(r"ACTION\(\s*([^)]+?)\s*\):\s*(.+)", text):
    actions.setdefault(m.group(1), []).append(m.group(2).strip())

out = []
for name in sorted(actions, key=str.lower):
    out.append(f"## {name}")
    out.extend(f"- {what}" for what in actions[name])
    out.append("")

gg.files.write_file("notes/actions.md", "\n".join(out).rstrip("\n") + "\n")

for name in sorted(actions, key=str.lower):
    print(f"{name}: {len(actions[name])}")
