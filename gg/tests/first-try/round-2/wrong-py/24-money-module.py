import gg

CODE = '''
def euros(cents):
    """An amount in cents as euros."""
    return f"{cents // 100:,}.{cents % 100:02d} EUR"
'''
gg.memories.write("money", "euros(cents)", "Helpers for showing amounts of money", code=CODE)
gg.programs.rerun('''
import gg

totals = {}
for line in gg.files.read_file("data/orders.csv").contents.splitlines()[1:]:
    order, customer, cents = line.split(",")
    totals[customer] = totals.get(customer, 0) + int(cents)
gg.files.write_file("reports/totals.txt", "".join(f"{c}: {t // 100:,}.{t % 100:02d} EUR\\n" for c, t in sorted(totals.items())))
''')
