import re
import gg

memory = gg.memories.read("release-checklist")
count = 0
for raw in memory.body.splitlines():
    line = raw.strip()
    if not line:
        continue
    # Drop list markers such as "- ", "* ", "1. ", "- [ ] ".
    line = re.sub(r"^(?:[-*+]\s+|\d+[.)]\s+)", "", line)
    line = re.sub(r"^\[[ xX]?\]\s*", "", line).strip()
    if not line:
        continue
    gg.tasks.add(line)
    count += 1
print(count)
