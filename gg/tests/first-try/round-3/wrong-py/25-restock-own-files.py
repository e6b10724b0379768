import csv
import io
import gg

# Near miss: gg's files operations where the language's own were asked for.
rows = csv.DictReader(io.StringIO(gg.files.read_file("data/stock.csv").contents))
low = [r["item"] for r in rows if int(r["stock"]) < int(r["minimum"])]
gg.files.write_file("reports/restock.txt", "".join(i + "\n" for i in low))
for item in low:
    gg.board.create_issue(f"Restock {item}", labels=["supplies"])
