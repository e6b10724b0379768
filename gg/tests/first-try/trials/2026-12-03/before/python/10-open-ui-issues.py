import gg


def status_value(s):
    return getattr(s, "value", s)


for issue in gg.board.list_issues():
    if status_value(issue.status) == "open" and "ui" in issue.labels:
        print(issue.title)
