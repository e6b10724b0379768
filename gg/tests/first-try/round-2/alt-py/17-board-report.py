import gg

issues = sorted(gg.board.list_issues(), key=lambda i: i.id)
groups = {s: [i for i in issues if i.status == s] for s in gg.board.IssueStatus}
out = []
for status, heading in ((gg.board.IssueStatus.OPEN, "## Open"), (gg.board.IssueStatus.CLOSED, "## Closed")):
    out += [heading, ""] + [f"- #{i.id} {i.title}" for i in groups[status]] + [""]
gg.files.write_file("docs/board.md", "\n".join(out))
print(f"Open issues: {len(groups[gg.board.IssueStatus.OPEN])}")
print(f"Closed issues: {len(groups[gg.board.IssueStatus.CLOSED])}")
