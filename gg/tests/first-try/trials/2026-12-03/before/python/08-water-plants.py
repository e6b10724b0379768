import gg


def status_value(s):
    return getattr(s, "value", s)


tasks = gg.tasks.list_tasks()
target = [t for t in tasks if t.title == "Water the plants"]
if not target:
    print("no task titled 'Water the plants'")
for t in target:
    gg.tasks.complete_task(t.id)

for t in gg.tasks.list_tasks():
    if status_value(t.status) != "done":
        print(t.title)
