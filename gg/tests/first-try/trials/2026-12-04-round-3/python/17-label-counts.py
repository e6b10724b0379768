import gg

counts = {}
for issue in gg.board.list_issues():
    is_open = issue.status == gg.board.IssueStatus.OPEN
    for label in set(issue.labels):
        c = counts.setdefault(label, [0, 0])
        c[0 if is_open else 1] += 1

lines = [f"{label}: {o} open, {c} closed" for label, (o, c) in sorted(counts.items())]
gg.files.write_file("docs/labels.txt", "".join(l + "\n" for l in lines))
print(f"wrote {len(lines)} labels to docs/labels.txt")
