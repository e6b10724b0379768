import re
import gg

known = [
    "alert-routes", "grafana-login", "observability-notes", "office-printer",
    "oncall-rota", "prometheus-retention", "release-freeze",
]

candidates = []
try:
    for hit in gg.memories.search(["exporter", "metrics", "port", "prometheus", "monitoring"]):
        if hit.name not in candidates:
            candidates.append(hit.name)
except gg.ApiError as e:
    print(f"Search failed: {e.message}")
for name in known:
    if name not in candidates:
        candidates.append(name)

port_re = re.compile(r"(?i)\bport\b\D{0,12}?(\d{2,5})\b|:(\d{2,5})\b")
found = None
for name in candidates:
    try:
        mem = gg.memories.read(name)
    except gg.ApiError:
        continue
    text = mem.body + "\n" + (mem.code or "")
    if "exporter" not in text.lower():
        continue
    # Prefer lines that speak of the exporter, then the paragraph around it.
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if "exporter" not in line.lower():
            continue
        for chunk in [line] + lines[i + 1:i + 3] + lines[max(0, i - 2):i]:
            m = port_re.search(chunk)
            if m:
                found = (name, m.group(1) or m.group(2))
                break
        if found:
            break
    if found:
        break

if found:
    print(f"The metrics exporter listens on port {found[1]} (memory {found[0]}).")
else:
    print("No memory says which port the metrics exporter listens on.")
