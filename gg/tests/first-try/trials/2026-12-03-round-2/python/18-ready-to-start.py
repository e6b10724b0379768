import gg

S = gg.tasks.TaskStatus
tasks = gg.tasks.list()
status = {t.id: t.status for t in tasks}

ready = [
    t for t in tasks
    if t.status == S.PENDING and all(status.get(b) == S.DONE for b in t.blocked_by)
]
ready.sort(key=lambda t: t.id)

for t in ready:
    print(t.title)

if ready:
    gg.tasks.update(ready[0].id, status=S.IN_PROGRESS)
else:
    print("No task can be started now.")
