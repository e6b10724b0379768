import gg

changed = 0
for status in (gg.board.IssueStatus.CLOSED, gg.board.IssueStatus.OPEN):
    for issue in gg.board.list_issues(status):
        if "frontend" in issue.labels:
            labels = [l for l in issue.labels if l != "frontend"] + ["web"]
            gg.board.update_issue(issue.id, labels=labels)
            changed += 1
print(changed)
