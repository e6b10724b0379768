import re
import gg

names = [e.name for e in gg.files.list_dir("sales")]
if "2026-12.csv" in names:
    name = "2026-12.csv"
else:
    name = max(n for n in names if re.match(r"^\d{4}-\d{2}\.csv$", n))
rows = gg.files.read_file(f"sales/{name}").contents.strip().splitlines()[1:]
total = sum(float(r.split(",")[1]) for r in rows)
gg.session.finish(f"sales/{name}: total {total:,.2f}")
