import gg

n = 0
for i in gg.board.list_issues():
    if "frontend" in i.labels:
        gg.board.update_issue(i.id, labels=["web" if l == "frontend" else l for l in i.labels])
        n += 1
print(f"relabelled {n} issues")
