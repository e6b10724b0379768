import re
import gg

fixed = 0
for t in gg.tasks.list():
    title = re.sub(r"(?i)(r)ecieve", lambda m: m.group(1) + "eceive", t.title)
    if title != t.title:
        gg.tasks.update(t.id, title=title)
        fixed += 1
print(f"corrected {fixed} titles")
