import gg

removed = []
for issue in gg.board.list_issues(gg.board.IssueStatus.CLOSED):
    if issue.status == gg.board.IssueStatus.CLOSED and "wontfix" in issue.labels:
        gg.board.remove_issue(issue.id)
        removed.append(issue.id)
for i in removed:
    print(i)
