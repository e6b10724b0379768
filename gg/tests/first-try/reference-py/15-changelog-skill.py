import gg

skill = gg.skills.read("changelog")
today = gg.files.read_file("notes/today.txt").contents.splitlines()[0].strip()
gg.files.edit_file("CHANGELOG.md", "## Unreleased\n\n", f"## Unreleased\n\n- Fixed the crash when saving an empty file ({today})\n")
print("changelog: 1 entry added")
