import gg

defs = gg.files.search(r"^def ", "src")
start = next(m.line for m in defs if m.text.startswith("def parse_header"))
after = min(m.line for m in defs if m.line > start)
gg.views.open_file("src/reader.py", start - 1, after - start)
print(f"showing lines {start}-{after - 1}")
