import gg

# Near miss: the labels of the open issues only, so `docs` is missing.
counts = {}
for i in gg.board.list_issues():
    if i.status == gg.board.IssueStatus.OPEN:
        for label in i.labels:
            counts.setdefault(label, [0, 0])[0] += 1
for i in gg.board.list_issues(gg.board.IssueStatus.CLOSED):
    for label in i.labels:
        if label in counts:
            counts[label][1] += 1
gg.files.write_file("docs/labels.txt", "".join(f"{l}: {o} open, {c} closed\n" for l, (o, c) in sorted(counts.items())))
