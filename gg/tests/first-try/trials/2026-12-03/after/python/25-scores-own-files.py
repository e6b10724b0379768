import csv


def is_number(s):
    try:
        float(s)
        return True
    except (TypeError, ValueError):
        return False


with open("data/scores.csv", newline="", encoding="utf-8") as f:
    rows = [r for r in csv.reader(f) if r and any(c.strip() for c in r)]

header = [c.strip().lower() for c in rows[0]]
has_header = not any(is_number(c) for c in rows[0])
data = rows[1:] if has_header else rows

name_col = None
score_col = None
if has_header:
    for i, h in enumerate(header):
        if name_col is None and "name" in h:
            name_col = i
        if score_col is None and ("score" in h or "points" in h):
            score_col = i
if score_col is None:
    score_col = next(i for i in range(len(data[0]) - 1, -1, -1) if is_number(data[0][i]))
if name_col is None:
    name_col = next(i for i in range(len(data[0])) if i != score_col and not is_number(data[0][i]))

entries = [(r[name_col].strip(), float(r[score_col])) for r in data if is_number(r[score_col])]
top_name = max(entries, key=lambda e: e[1])[0]
average = sum(s for _, s in entries) / len(entries)

with open("data/summary.txt", "w", encoding="utf-8") as f:
    f.write(f"top: {top_name}\n")
    f.write(f"average: {average:.1f}\n")

print(f"top: {top_name}")
print(f"average: {average:.1f}")
