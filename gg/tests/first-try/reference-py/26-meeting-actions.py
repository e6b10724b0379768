import re
import gg

text = gg.files.read_file("notes/meeting.txt").contents
actions = {}
for who, what in re.findall(r"^ACTION\((\w+)\):\s*(.+)$", text, re.M):
    actions.setdefault(who, []).append(what.strip())
out = []
for who in sorted(actions):
    out.append(f"## {who}")
    out += [f"- {a}" for a in actions[who]]
    out.append("")
gg.files.write_file("notes/actions.md", "\n".join(out))
for who in sorted(actions):
    print(f"{who}: {len(actions[who])}")
