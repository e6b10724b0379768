import gg

[issue] = [i for i in gg.board.list_issues(gg.board.IssueStatus.OPEN) if i.id == 7]
gg.board.update_issue(7, description=f"Duplicate of #3.\n{issue.description}")
gg.board.update_issue(7, labels=sorted(set(issue.labels) | {"duplicate"}))
gg.board.update_issue(7, status=gg.board.IssueStatus.CLOSED)
