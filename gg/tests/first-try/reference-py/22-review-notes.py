import gg

lines = gg.files.read_file("release/notes.md").contents.splitlines()
items = []
for n, line in enumerate(lines, 1):
    why = []
    if n > 1 and line.strip() and not line.startswith("- "):
        why.append("an entry must start with `- `")
    if len(line) > 80:
        why.append(f"{len(line)} characters, over 80")
    if "TODO" in line:
        why.append("contains TODO")
    if why:
        items.append(f"line {n}: " + "; ".join(why))
if items:
    gg.session.request_changes(items)
else:
    gg.session.approve()
