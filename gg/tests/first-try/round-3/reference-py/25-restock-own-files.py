import csv
import gg

with open("data/stock.csv", newline="", encoding="utf-8") as f:
    low = [row["item"] for row in csv.DictReader(f) if int(row["stock"]) < int(row["minimum"])]
with open("reports/restock.txt", "w", encoding="utf-8") as f:
    f.write("".join(item + "\n" for item in low))
for item in low:
    gg.board.create_issue(f"Restock {item}", labels=["supplies"])
print(f"{len(low)} items to restock")
