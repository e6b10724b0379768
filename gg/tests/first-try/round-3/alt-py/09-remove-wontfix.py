import gg

for issue in gg.board.list_issues():
    if issue.status == gg.board.IssueStatus.CLOSED and "wontfix" in issue.labels:
        gg.board.remove_issue(issue.id)
        print(f"removed #{issue.id} {issue.title}")
