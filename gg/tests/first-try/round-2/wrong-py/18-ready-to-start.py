import gg

tasks = gg.tasks.list()
status = {t.id: t.status for t in tasks}
ready = [t for t in tasks if t.status == gg.tasks.TaskStatus.PENDING
         and all(status.get(b) != gg.tasks.TaskStatus.PENDING for b in t.blocked_by)]
for t in ready:
    print(t.title)
gg.tasks.update(ready[0].id, status=gg.tasks.TaskStatus.IN_PROGRESS)
