import gg

parts, missing = [], []
for path in gg.files.read_file("manifest.txt").contents.split():
    try:
        parts.append(gg.files.read_file(path).contents.rstrip("\n"))
    except gg.ApiError as e:
        if e.code != gg.ErrorCode.NOT_FOUND:
            raise
        missing.append(path)
gg.files.write_file("dist/guide.md", "\n\n".join(parts) + "\n")
for path in missing:
    gg.board.create_issue(f"Missing part: {path}", labels=["docs"])
gg.session.finish(f"Built dist/guide.md from {len(parts)} parts; {len(missing)} missing ({', '.join(missing)}), filed on the board.")
