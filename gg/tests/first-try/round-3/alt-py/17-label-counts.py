import gg

counts = {}
for i in gg.board.list_issues():
    for label in i.labels:
        o, c = counts.get(label, (0, 0))
        counts[label] = (o + 1, c) if i.status == gg.board.IssueStatus.OPEN else (o, c + 1)
out = [f"{label}: {o} open, {c} closed" for label, (o, c) in sorted(counts.items())]
gg.files.write_file("docs/labels.txt", "\n".join(out))
