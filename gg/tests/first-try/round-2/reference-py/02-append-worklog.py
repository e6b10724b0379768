import gg

text = gg.files.read_file("notes/worklog.md").contents
if not text.endswith("\n"):
    text += "\n"
gg.files.write_file("notes/worklog.md", text + "- 2026-12-03: reviewed the payments design\n")
