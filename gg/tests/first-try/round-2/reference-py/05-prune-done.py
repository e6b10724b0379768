import gg

for t in gg.tasks.list():
    if t.status == gg.tasks.TaskStatus.DONE:
        gg.tasks.remove(t.id)
print(f"{len(gg.tasks.list())} tasks left")
