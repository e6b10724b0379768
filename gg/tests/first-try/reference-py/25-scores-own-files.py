import csv
import os

# The workspace is the working directory once gg runs programs there; until then, find it.
if not os.path.exists("data/scores.csv"):
    import gg
    os.chdir(gg.shell.run("pwd").output.strip())
with open("data/scores.csv", newline="") as f:
    rows = list(csv.DictReader(f))
top = max(rows, key=lambda r: int(r["score"]))
avg = sum(int(r["score"]) for r in rows) / len(rows)
with open("data/summary.txt", "w") as f:
    f.write(f"top: {top['name']}\naverage: {avg:.1f}\n")
