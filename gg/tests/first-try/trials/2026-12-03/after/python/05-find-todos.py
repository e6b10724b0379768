import gg

for m in gg.files.search("TODO", "src"):
    print(f"{m.path}:{m.line}: {m.text}")
