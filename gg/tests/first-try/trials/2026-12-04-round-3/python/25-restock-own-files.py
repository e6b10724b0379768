import csv
import gg

low = []
with open("data/stock.csv", encoding="utf-8", newline="") as f:
    for row in csv.DictReader(f):
        try:
            stock = float(row["stock"].strip())
            minimum = float(row["minimum"].strip())
        except (ValueError, AttributeError, KeyError):
            continue
        if stock < minimum:
            low.append(row["item"].strip())

with open("reports/restock.txt", "w", encoding="utf-8") as f:
    f.write("".join(item + "\n" for item in low))

for item in low:
    issue = gg.board.create_issue(f"Restock {item}", labels=["supplies"])
    print(f"#{issue.id} Restock {item}")
