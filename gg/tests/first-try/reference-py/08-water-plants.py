import gg

for t in gg.tasks.list():
    if t.title == "Water the plants":
        gg.tasks.complete(t.id)
for t in gg.tasks.list():
    if t.status != gg.tasks.TaskStatus.DONE:
        print(t.title)
