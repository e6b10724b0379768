import gg

removed = []
for i in gg.board.list_issues(gg.board.IssueStatus.CLOSED):
    if "wontfix" in i.labels:
        gg.board.remove_issue(i.id)
        removed.append(i.id)
print("removed:", ", ".join(f"#{id}" for id in removed))
