import gg

out = ""
used = 0
for path in [l.strip() for l in gg.files.read_file("manifest.txt").contents.splitlines() if l.strip()]:
    try:
        text = gg.files.read_file(path).contents
    except gg.ApiError:
        gg.board.create_issue(title=f"Missing part: {path}", description="listed in manifest.txt", labels=["docs"])
        continue
    out += ("\n" if out else "") + text
    used += 1
gg.files.write_file("dist/guide.md", out)
gg.session.finish(f"The guide has {used} parts.")
