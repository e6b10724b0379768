import gg

for issue in gg.board.list_issues(status=gg.board.IssueStatus.OPEN):
    if not issue.labels:
        print(f"#{issue.id} {issue.title}")
