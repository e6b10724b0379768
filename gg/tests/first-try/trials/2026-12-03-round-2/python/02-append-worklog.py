import gg

path = "notes/worklog.md"
entry = "- 2026-12-03: reviewed the payments design"

text = gg.files.read_file(path).contents
if text and not text.endswith("\n"):
    text += "\n"
text += entry + "\n"
gg.files.write_file(path, text)
print(f"Added to {path}: {entry}")
