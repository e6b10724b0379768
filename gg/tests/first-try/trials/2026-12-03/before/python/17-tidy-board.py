import gg


def status_value(s):
    return getattr(s, "value", s)


closed, reopened = [], []
for issue in gg.board.list_issues():
    status = status_value(issue.status)
    if status == "open" and "done-in-1.4" in issue.labels:
        labels = [l for l in issue.labels if l != "done-in-1.4"]
        gg.board.update_issue(issue.id, status="closed", labels=labels)
        closed.append(issue.id)

for issue in gg.board.list_issues():
    status = status_value(issue.status)
    if status == "closed" and "regression" in issue.labels and issue.id not in closed:
        gg.board.update_issue(issue.id, status="open")
        reopened.append(issue.id)

print("closed:", " ".join(str(i) for i in closed))
print("reopened:", " ".join(str(i) for i in reopened))
