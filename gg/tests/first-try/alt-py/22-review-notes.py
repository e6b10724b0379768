import gg
text = gg.files.read_file("release/notes.md").contents
problems = []
for n, line in enumerate(text.split("\n"), start=1):
    if n == 1 or not line:
        continue
    if not line.startswith("- "):
        problems.append(f"Line {n} breaks rule 1: `{line}`")
    elif len(line) > 80:
        problems.append(f"Line {n} breaks rule 2 ({len(line)} chars)")
    elif "TODO" in line:
        problems.append(f"Line {n} breaks rule 3 (TODO)")
gg.session.request_changes(problems) if problems else gg.session.approve()
