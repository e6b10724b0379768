import re
import gg

counts = {}
for line in gg.files.read_file("logs/access.log").contents.splitlines():
    code = int(re.search(r"\b([1-5]\d\d)\b", line.split('"', 1)[1]).group(1))
    counts[code] = counts.get(code, 0) + 1
rows = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
gg.files.write_file("reports/status.txt", "".join(f"{code} {n}\n" for code, n in rows))
errors = sum(n for code, n in counts.items() if code >= 500)
print(f"server errors: {100 * errors / sum(counts.values()):.1f}%")
