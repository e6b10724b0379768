import gg

# Near miss: no word boundary, so resend_invoice's calls count too.
for m in gg.files.search(r"send_invoice\(", "src"):
    if not m.text.lstrip().startswith("def "):
        print(f"{m.path}:{m.line}")
