import gg

issues = sorted(gg.board.list_issues(), key=lambda i: i.id)
open_ = [i for i in issues if i.status == gg.board.IssueStatus.OPEN]
closed = [i for i in issues if i.status == gg.board.IssueStatus.CLOSED]

lines = ["## Open", ""]
lines += [f"- #{i.id} {i.title}" for i in open_]
lines += ["", "## Closed", ""]
lines += [f"- #{i.id} {i.title}" for i in closed]
gg.files.write_file("docs/board.md", "\n".join(lines) + "\n")

print(f"{len(open_)} open, {len(closed)} closed")
