import csv

with open("data/scores.csv", newline="", encoding="utf-8") as f:
    rows = [r for r in csv.reader(f) if r and any(c.strip() for c in r)]


def is_number(s):
    try:
        float(s)
        return True
    except ValueError:
        return False


header = None
if rows and not any(is_number(c.strip()) for c in rows[0]):
    header = [c.strip().lower() for c in rows[0]]
    rows = rows[1:]

name_col, score_col = 0, 1
if header:
    for i, h in enumerate(header):
        if h in ("score", "scores", "points", "value"):
            score_col = i
        if h in ("name", "player", "student", "person"):
            name_col = i
else:
    score_col = next(i for i, c in enumerate(rows[0]) if is_number(c.strip()))
    name_col = next(i for i, c in enumerate(rows[0]) if i != score_col)

data = [(r[name_col].strip(), float(r[score_col].strip())) for r in rows]
top = max(data, key=lambda p: p[1])[0]
average = sum(s for _, s in data) / len(data)

with open("data/summary.txt", "w", encoding="utf-8") as f:
    f.write(f"top: {top}\n")
    f.write(f"average: {average:.1f}\n")

print(f"top: {top}")
print(f"average: {average:.1f}")
