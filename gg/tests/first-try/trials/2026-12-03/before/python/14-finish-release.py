import re
import gg

text = gg.files.read_file("notes/status.txt")

fields = {}
for line in text.splitlines():
    m = re.match(r"\s*([A-Za-z_ -]+?)\s*[:=]\s*(.*?)\s*$", line)
    if m:
        fields[m.group(1).strip().lower()] = m.group(2)

state = fields.get("state", fields.get("status", "")).strip().lower()
version = fields.get("version", "").strip()

if state == "ready":
    gg.session.finish(f"The release is ready: version {version}.")
else:
    print(text)
