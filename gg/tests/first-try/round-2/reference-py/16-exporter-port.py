import re
import gg

for hit in gg.memories.search(["exporter"]):
    body = gg.memories.read(hit.name).body
    for line in body.splitlines():
        if "exporter" in line:
            m = re.search(r"port (\d+)", line)
            if m:
                print(m.group(1))
                raise SystemExit(0)
print("no memory gives the exporter's port")
