import gg

gg.skills.read("invoices")
L = "ABCDEFGHJKLMNPQRSTUVWXYZ"
digits = "202601187"
number = f"INV-2026-01187-{L[sum(i * int(d) for i, d in enumerate(digits, 1)) % 24]}"
gg.files.write_file(f"invoices/{number}.txt", f"invoice: {number}\ncustomer: Lindqvist AB\ntotal: 1250.50 EUR\n")
index = gg.files.read_file("invoices/index.txt").contents
gg.files.write_file("invoices/index.txt", index + f"{number} Lindqvist AB\n")
