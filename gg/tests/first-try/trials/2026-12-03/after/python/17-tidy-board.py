import gg

Status = gg.board.IssueStatus

# Take the closed list before closing anything, so the issues closed now are not reopened.
closed_before = gg.board.list_issues(Status.CLOSED)

closed_ids = []
for issue in gg.board.list_issues(Status.OPEN):
    if "done-in-1.4" in issue.labels:
        keep = [l for l in issue.labels if l != "done-in-1.4"]
        gg.board.update_issue(issue.id, status=Status.CLOSED, labels=keep)
        closed_ids.append(issue.id)

reopened_ids = []
for issue in closed_before:
    if "regression" in issue.labels:
        gg.board.update_issue(issue.id, status=Status.OPEN)
        reopened_ids.append(issue.id)

print("closed:", ", ".join(str(i) for i in closed_ids))
print("reopened:", ", ".join(str(i) for i in reopened_ids))
