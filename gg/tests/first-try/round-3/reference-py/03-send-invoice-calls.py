import gg

for m in gg.files.search(r"\bsend_invoice\(", "src"):
    if not m.text.lstrip().startswith("def "):
        print(f"{m.path}:{m.line}")
