import gg

found = False
for task in gg.tasks.list():
    if task.title == "Water the plants":
        gg.tasks.complete(task.id)
        found = True
if not found:
    print("no task titled 'Water the plants'")

for task in gg.tasks.list():
    if task.status != gg.tasks.TaskStatus.DONE:
        print(task.title)
