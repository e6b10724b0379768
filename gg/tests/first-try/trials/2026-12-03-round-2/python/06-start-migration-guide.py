import gg

target = "Write the migration guide"
tasks = gg.tasks.list()
matches = [t for t in tasks if t.title == target]
if not matches:
    matches = [t for t in tasks if t.title.startswith(target)]

if matches:
    gg.tasks.update(matches[0].id, status=gg.tasks.TaskStatus.IN_PROGRESS)
else:
    print(f"No task titled {target!r}")

for task in gg.tasks.list():
    if task.status == gg.tasks.TaskStatus.PENDING:
        print(task.title)
