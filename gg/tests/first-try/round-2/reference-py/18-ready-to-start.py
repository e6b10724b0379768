import gg

tasks = gg.tasks.list()
status = {t.id: t.status for t in tasks}
ready = [t for t in tasks if t.status == gg.tasks.TaskStatus.PENDING
         and all(status.get(b) == gg.tasks.TaskStatus.DONE for b in t.blocked_by)]
for t in ready:
    print(t.title)
if ready:
    gg.tasks.update(min(t.id for t in ready), status=gg.tasks.TaskStatus.IN_PROGRESS)
