import re
from collections import Counter
import gg

text = gg.files.read_file("logs/access.log").contents
line_re = re.compile(r'"[^"]*"\s+(\d{3})\b')

counts = Counter()
for line in text.splitlines():
    m = line_re.search(line)
    if m:
        counts[int(m.group(1))] += 1

ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
out = "".join(f"{code} {n}\n" for code, n in ordered)
try:
    gg.files.write_file("reports/status.txt", out)
except gg.ApiError:
    gg.shell.run("mkdir -p reports")
    gg.files.write_file("reports/status.txt", out)

total = sum(counts.values())
errors = sum(n for code, n in counts.items() if code >= 500)
share = 100 * errors / total if total else 0.0
print(f"{share:.1f}%")
