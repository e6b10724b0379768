import gg

matches = gg.files.search("TODO", path="src")
for m in matches:
    print(f"{m.path}:{m.line_number}: {m.text}")
