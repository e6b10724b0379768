import gg
gg.skills.read("changelog")
t = gg.files.read_file("CHANGELOG.md").contents
gg.files.write_file("CHANGELOG.md", t + "- Fixed the crash when saving an empty file (2026-12-03)\n")
print("changelog: 1 entry added")
