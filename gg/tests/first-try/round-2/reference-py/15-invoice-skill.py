import gg

gg.skills.read("invoices")  # binds the skill's code as lib.invoices for the next program
gg.programs.rerun('''
import gg
from lib import invoices

number = invoices.invoice_number(2026, 1187)
gg.files.write_file(f"invoices/{number}.txt",
                    f"invoice: {number}\\ncustomer: Lindqvist AB\\ntotal: {1250.5:.2f} EUR\\n")
index = gg.files.read_file("invoices/index.txt").contents
if index and not index.endswith("\\n"):
    index += "\\n"
gg.files.write_file("invoices/index.txt", index + f"{number} Lindqvist AB\\n")
print(number)
''')
