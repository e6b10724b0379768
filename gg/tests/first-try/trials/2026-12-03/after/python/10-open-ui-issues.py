import gg

for issue in gg.board.list_issues(gg.board.IssueStatus.OPEN):
    if "ui" in issue.labels:
        print(issue.title)
