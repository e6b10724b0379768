import gg


def read_whole(path):
    first = gg.files.read_file(path)
    if not first.truncated:
        return first.contents
    return gg.files.read_file(path, offset=0, limit=first.total_lines).contents


manifest = gg.files.read_file("manifest.txt").contents
paths = [line.strip() for line in manifest.splitlines() if line.strip()]

parts = []
missing = []
for path in paths:
    try:
        parts.append(read_whole(path).rstrip("\n"))
    except gg.ApiError as e:
        if e.code != gg.ErrorCode.NOT_FOUND:
            raise
        missing.append(path)
        gg.board.create_issue(f"Missing part: {path}", labels=["docs"])

guide = "\n\n".join(parts) + "\n"
try:
    gg.files.write_file("dist/guide.md", guide)
except gg.ApiError:
    gg.shell.run("mkdir -p dist")
    gg.files.write_file("dist/guide.md", guide)

summary = f"Built dist/guide.md from {len(parts)} parts"
if missing:
    summary += f"; {len(missing)} missing ({', '.join(missing)}), each filed as a board issue"
summary += "."
gg.session.finish(summary)
print(summary)
