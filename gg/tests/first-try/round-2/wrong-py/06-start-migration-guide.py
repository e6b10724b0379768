import gg

tasks = gg.tasks.list()
for t in tasks:
    if t.status == gg.tasks.TaskStatus.PENDING:
        print(t.title)
guide = next(t for t in tasks if t.title == "Write the migration guide")
gg.tasks.update(guide.id, status=gg.tasks.TaskStatus.IN_PROGRESS)
