import gg

B = gg.board
closed, reopened = [], []
for i in B.list_issues(status=B.IssueStatus.OPEN):
    if "done-in-1.4" in i.labels:
        B.update_issue(i.id, status=B.IssueStatus.CLOSED, labels=[l for l in i.labels if l != "done-in-1.4"])
        closed.append(i.id)
for i in B.list_issues(status=B.IssueStatus.CLOSED):
    if "regression" in i.labels and i.id not in closed:
        B.update_issue(i.id, status=B.IssueStatus.OPEN)
        reopened.append(i.id)
print("closed:", ", ".join(map(str, closed)))
print("reopened:", ", ".join(map(str, reopened)))
