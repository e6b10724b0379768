import gg

counts = {}
for status in (gg.board.IssueStatus.OPEN, gg.board.IssueStatus.CLOSED):
    for i in gg.board.list_issues(status):
        for label in i.labels:
            counts.setdefault(label, {gg.board.IssueStatus.OPEN: 0, gg.board.IssueStatus.CLOSED: 0})[status] += 1
lines = [f"{label}: {c[gg.board.IssueStatus.OPEN]} open, {c[gg.board.IssueStatus.CLOSED]} closed"
         for label, c in sorted(counts.items())]
gg.files.write_file("docs/labels.txt", "\n".join(lines) + "\n")
print("\n".join(lines))
