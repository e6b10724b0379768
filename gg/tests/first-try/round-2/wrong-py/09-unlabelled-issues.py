import gg

for i in gg.board.list_issues():
    if not i.labels:
        print(f"#{i.id} {i.title}")
