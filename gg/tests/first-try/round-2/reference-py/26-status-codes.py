import re
import gg

counts = {}
for line in gg.files.read_file("logs/access.log").contents.splitlines():
    m = re.search(r'" (\d{3}) ', line)
    if m:
        counts[int(m.group(1))] = counts.get(int(m.group(1)), 0) + 1
rows = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
gg.files.write_file("reports/status.txt", "".join(f"{code} {n}\n" for code, n in rows))
errors = sum(n for code, n in counts.items() if code >= 500)
print(f"server errors: {100 * errors / sum(counts.values()):.1f}%")
