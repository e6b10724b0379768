import gg

issue = next(i for i in gg.board.list_issues() if i.id == 7)
gg.board.update_issue(7, status=gg.board.IssueStatus.CLOSED, labels=["duplicate"],
                      description="Duplicate of #3.\n" + issue.description)
