import gg

gg.memories.write(
    name="money",
    description="Money helpers: amounts in cents shown as euros",
    body="format_cents(cents) -> '1,299.00 EUR'",
    code='def format_cents(cents):\n    """Cents as euros with a thousands separator."""\n'
         '    euros, rest = divmod(int(cents), 100)\n    return "{:,}.{:02d} EUR".format(euros, rest)\n',
)
gg.programs.rerun("""
import csv, io
import gg
import lib.money

rows = csv.DictReader(io.StringIO(gg.files.read_file("data/orders.csv").contents))
totals = {}
for row in rows:
    totals[row["customer"]] = totals.get(row["customer"], 0) + int(row["cents"])
out = [f"{name}: {lib.money.format_cents(totals[name])}" for name in sorted(totals)]
gg.files.write_file("reports/totals.txt", "\\n".join(out) + "\\n")
print("\\n".join(out))
""")
