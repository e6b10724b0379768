import os
import re
import gg

pattern = re.compile(r"(?<![\w.-])db-old\.internal(?![\w-]|\.\w)")
changed = []
for root, dirs, files in os.walk("config"):
    dirs.sort()
    for fname in sorted(files):
        path = os.path.join(root, fname)
        if os.path.islink(path):
            continue
        try:
            with open(path, encoding="utf-8", newline="") as f:
                text = f.read()
        except UnicodeDecodeError:
            continue
        new_text = pattern.sub("db.internal", text)
        if new_text != text:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(new_text)
            changed.append(path.replace(os.sep, "/"))

for path in changed:
    print(path)
