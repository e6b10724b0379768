import gg

YEAR = 2026
ORDER = 1187
CUSTOMER = "Lindqvist AB"
TOTAL = 1250.5


def by_hand(year, order):
    digits = f"{year:04d}{order:05d}"
    total = sum((i + 1) * int(d) for i, d in enumerate(digits))
    letter = "ABCDEFGHJKLMNPQRSTUVWXYZ"[total % 24]
    return f"INV-{year:04d}-{order:05d}-{letter}"


try:
    import lib
    number = str(lib.invoices.invoice_number(YEAR, ORDER))
except (ImportError, AttributeError, NameError) as e:
    print(f"Skill code not reachable ({e!r}); computing the number by hand.")
    gg.skills.read("invoices")
    number = by_hand(YEAR, ORDER)

gg.files.write_file(
    f"invoices/{number}.txt",
    f"invoice: {number}\ncustomer: {CUSTOMER}\ntotal: {TOTAL:.2f} EUR\n",
)

index = gg.files.read_file("invoices/index.txt").contents
if index and not index.endswith("\n"):
    index += "\n"
index += f"{number} {CUSTOMER}\n"
gg.files.write_file("invoices/index.txt", index)

print(f"Made invoice {number} for {CUSTOMER}, {TOTAL:.2f} EUR")
