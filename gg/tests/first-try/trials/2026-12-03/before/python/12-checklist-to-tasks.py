import re
import gg

memory = gg.memories.read_memory("release-checklist")
count = 0
for line in memory.body.splitlines():
    title = re.sub(r"^\s*(?:[-*+]\s*)?(?:\[[ xX]?\]\s*)?(?:\d+[.)]\s*)?", "", line).strip()
    if not title:
        continue
    gg.tasks.add_task(title)
    count += 1
print(count)
