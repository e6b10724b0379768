import gg

print(gg.skills.read("invoices").splitlines()[0])
order, customer, total = 1187, "Lindqvist AB", 1250.5
gg.programs.rerun(f'''
import gg
import lib.invoices as inv

n = inv.invoice_number(2026, {order})
gg.files.write_file("invoices/" + n + ".txt", "\\n".join([f"invoice: {{n}}", "customer: {customer}", "total: {total:.2f} EUR"]) + "\\n")
lines = gg.files.read_file("invoices/index.txt").contents.splitlines()
gg.files.write_file("invoices/index.txt", "\\n".join(lines + [n + " {customer}"]) + "\\n")
''')
