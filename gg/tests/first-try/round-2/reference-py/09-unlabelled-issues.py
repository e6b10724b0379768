import gg

for i in gg.board.list_issues(gg.board.IssueStatus.OPEN):
    if not i.labels:
        print(f"#{i.id} {i.title}")
