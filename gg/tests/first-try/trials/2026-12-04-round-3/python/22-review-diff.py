import gg

with open("change.diff", encoding="utf-8") as f:
    diff_lines = f.read().split("\n")

items = []
path = None
in_hunk = False
for line in diff_lines:
    if line.startswith("diff --git "):
        in_hunk = False
        path = None
        parts = line.split(" b/", 1)
        if len(parts) == 2:
            path = parts[1]
        continue
    if not in_hunk and line.startswith("+++ "):
        target = line[4:].split("\t")[0].strip()
        if target != "/dev/null":
            path = target[2:] if target.startswith("b/") else target
        continue
    if not in_hunk and line.startswith("--- "):
        continue
    if line.startswith("@@"):
        in_hunk = True
        continue
    if in_hunk and line.startswith("+"):
        added = line[1:]
        if "print(" in added or "TODO" in added:
            items.append(f"{path}: {added.strip()}")

if items:
    for item in items:
        print(item)
    gg.session.request_changes(items)
else:
    print("no added print( or TODO lines")
    gg.session.approve()
