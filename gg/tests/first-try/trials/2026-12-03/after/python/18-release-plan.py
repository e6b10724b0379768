import gg

notes = gg.tasks.add("Write release notes")
build = gg.tasks.add("Build packages")
test = gg.tasks.add("Test packages", blocked_by=[build])
publish = gg.tasks.add("Publish", blocked_by=[test, notes])

plan = {notes, build, test, publish}
tasks = gg.tasks.list()
status = {t.id: t.status for t in tasks}
for t in tasks:
    if t.id not in plan or t.status == gg.tasks.TaskStatus.DONE:
        continue
    if all(status.get(b) == gg.tasks.TaskStatus.DONE for b in t.blocked_by):
        print(t.title)
