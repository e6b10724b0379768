import gg
B = gg.board
for i in B.list_issues(status=B.IssueStatus.OPEN):
    if "done-in-1.4" in i.labels:
        B.update_issue(i.id, status=B.IssueStatus.CLOSED)
        print("closed", i.id)
for i in B.list_issues(status=B.IssueStatus.CLOSED):
    if "regression" in i.labels:
        B.update_issue(i.id, status=B.IssueStatus.OPEN)
        print("reopened", i.id)
