import re
import gg

text = gg.files.read_file("release/checklist.md").contents
item_re = re.compile(r"^\s*[-*+]\s+\[(.?)\]\s*(.*)$")
items = []
for line in text.splitlines():
    m = item_re.match(line)
    if m:
        items.append((m.group(1).lower() == "x", m.group(2).strip()))

unticked = [label for ticked, label in items if not ticked]
if not items:
    print("release/checklist.md has no checklist items")
elif not unticked:
    gg.session.finish(f"The release checklist is complete: all {len(items)} items are ticked.")
    print(f"checklist complete: {len(items)} items")
else:
    for label in unticked:
        print(label)
