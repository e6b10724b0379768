import gg

count = 0
for issue in gg.board.list_issues():
    if "frontend" in issue.labels:
        new_labels = []
        for label in issue.labels:
            label = "web" if label == "frontend" else label
            if label not in new_labels:
                new_labels.append(label)
        gg.board.update_issue(issue.id, labels=new_labels)
        count += 1
print(count)
