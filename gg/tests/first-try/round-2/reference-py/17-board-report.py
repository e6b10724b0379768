import gg

opened = gg.board.list_issues(gg.board.IssueStatus.OPEN)
closed = gg.board.list_issues(gg.board.IssueStatus.CLOSED)
lines = ["## Open", *[f"- #{i.id} {i.title}" for i in opened], "", "## Closed", *[f"- #{i.id} {i.title}" for i in closed]]
gg.files.write_file("docs/board.md", "\n".join(lines) + "\n")
print(f"{len(opened)} open, {len(closed)} closed")
