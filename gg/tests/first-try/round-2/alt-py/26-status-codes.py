from collections import Counter
import gg

codes = Counter(int(line.rsplit('"', 1)[1].split()[0])
                for line in gg.files.read_file("logs/access.log").contents.splitlines() if line.strip())
lines = [f"{c} {n}" for c, n in sorted(codes.items(), key=lambda kv: (-kv[1], kv[0]))]
gg.files.write_file("reports/status.txt", "\n".join(lines) + "\n")
share = sum(n for c, n in codes.items() if c >= 500) / sum(codes.values())
print(f"{share:.1%} of the requests were server errors")
