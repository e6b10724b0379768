import gg

MONEY_CODE = '''\
def format_cents(cents):
    """Format an amount in cents as euros, like "1,299.00 EUR" for 129900."""
    cents = int(cents)
    sign = "-" if cents < 0 else ""
    whole, rest = divmod(abs(cents), 100)
    return f"{sign}{whole:,}.{rest:02d} EUR"
'''

gg.memories.write(
    "money",
    "Helpers for showing amounts of money",
    "Python helpers for showing amounts of money.\n\n"
    "`lib.money.format_cents(cents)` formats an amount given in cents as euros "
    "with a thousands separator and two decimals: 129900 -> `1,299.00 EUR`.\n",
    code=MONEY_CODE,
)

SECOND = '''\
import csv
import io
import gg
import lib

text = gg.files.read_file("data/orders.csv").contents
totals = {}
for row in csv.DictReader(io.StringIO(text)):
    customer = row["customer"].strip()
    totals[customer] = totals.get(customer, 0) + int(row["cents"])

out = "".join(f"{c}: {lib.money.format_cents(totals[c])}\\n" for c in sorted(totals))
try:
    gg.files.write_file("reports/totals.txt", out)
except gg.ApiError:
    gg.shell.run("mkdir -p reports")
    gg.files.write_file("reports/totals.txt", out)
print(out, end="")
'''

gg.programs.rerun(SECOND)
print("Saved memory `money`; the totals program runs next.")
