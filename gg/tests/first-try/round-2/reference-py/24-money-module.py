import gg

CODE = '''
def euros(cents):
    """An amount in cents as euros: `1,299.00 EUR`."""
    return f"{cents // 100:,}.{cents % 100:02d} EUR"
'''
gg.memories.write("money", "euros(cents): cents as `1,299.00 EUR`", "Helpers for showing amounts of money", code=CODE)
gg.programs.rerun('''
import gg
from lib import money

totals = {}
for line in gg.files.read_file("data/orders.csv").contents.splitlines()[1:]:
    order, customer, cents = line.split(",")
    totals[customer] = totals.get(customer, 0) + int(cents)
gg.files.write_file("reports/totals.txt", "".join(f"{c}: {money.euros(t)}\\n" for c, t in sorted(totals.items())))
''')
