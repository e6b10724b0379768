import gg
rows = [l.split(",") for l in gg.files.read_file("data/scores.csv").contents.splitlines()[1:]]
top = max(rows, key=lambda r: int(r[1]))
avg = sum(int(r[1]) for r in rows) / len(rows)
gg.files.write_file("data/summary.txt", f"top: {top[0]}\naverage: {avg:.1f}\n")
