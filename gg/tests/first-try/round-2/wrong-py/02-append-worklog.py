import gg

text = gg.files.read_file("notes/worklog.md").contents
gg.files.write_file("notes/worklog.md", text + "\n- 2026-12-03: reviewed the payments design\n")
