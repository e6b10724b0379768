import gg

# Near miss: the open wontfix issue goes too.
removed = []
for i in gg.board.list_issues():
    if "wontfix" in i.labels:
        gg.board.remove_issue(i.id)
        removed.append(i.id)
print("removed:", removed)
