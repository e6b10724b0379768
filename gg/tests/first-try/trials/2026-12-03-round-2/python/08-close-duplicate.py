import gg

issue = next(i for i in gg.board.list_issues() if i.id == 7)

labels = list(issue.labels)
if "duplicate" not in labels:
    labels.append("duplicate")

line = "Duplicate of #3."
if issue.description:
    description = line + "\n" + issue.description
else:
    description = line

gg.board.update_issue(
    7,
    status=gg.board.IssueStatus.CLOSED,
    labels=labels,
    description=description,
)
print(f"Closed #7 with labels {labels}")
