import gg

for i in gg.board.list_issues(status=gg.board.IssueStatus.OPEN):
    if "ui" in i.labels:
        print(i.title)
