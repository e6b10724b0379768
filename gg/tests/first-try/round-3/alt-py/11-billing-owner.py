import re
import gg

body = gg.memories.read("component-owners").body
m = re.search(r"^- billing:\s*(.+)$", body, re.MULTILINE)
print(f"billing is owned by {m.group(1)}")
