import gg
for i in gg.board.list_issues():
    if "ui" in i.labels:
        print(i.title)
