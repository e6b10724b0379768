import gg

# Near miss: removed lines are taken for added ones too.
items, path = [], None
for line in gg.files.read_file("change.diff").contents.splitlines():
    if line.startswith("+++ "):
        path = line[6:]
    elif line[:1] in "+-" and not line.startswith("---") and ("print(" in line or "TODO" in line):
        items.append(f"{path}: {line[1:].strip()}")
gg.session.request_changes(items) if items else gg.session.approve()
