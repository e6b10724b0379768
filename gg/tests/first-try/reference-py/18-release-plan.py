import gg

notes = gg.tasks.add("Write release notes").id
build = gg.tasks.add("Build packages").id
test = gg.tasks.add("Test packages", blocked_by=[build]).id
gg.tasks.add("Publish", blocked_by=[test, notes])
tasks = gg.tasks.list()
done = {t.id for t in tasks if t.status == gg.tasks.TaskStatus.DONE}
for t in tasks:
    if t.status == gg.tasks.TaskStatus.PENDING and all(b in done for b in t.blocked_by):
        print(t.title)
