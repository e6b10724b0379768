import csv
from pathlib import Path
import gg

rows = list(csv.reader(Path("data/stock.csv").read_text(encoding="utf-8").splitlines()))
header = rows[0]
i_item, i_stock, i_min = header.index("item"), header.index("stock"), header.index("minimum")
low = [r[i_item] for r in rows[1:] if r and int(r[i_stock]) < int(r[i_min])]
Path("reports/restock.txt").write_text("\n".join(low) + "\n", encoding="utf-8")
for item in low:
    issue = gg.board.create_issue(f"Restock {item}", description=None, labels=["supplies"])
    print(f"#{issue.id} {issue.title}")
