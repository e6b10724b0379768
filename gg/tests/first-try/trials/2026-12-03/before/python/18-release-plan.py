import gg

notes = gg.tasks.add_task("Write release notes")
build = gg.tasks.add_task("Build packages")
test = gg.tasks.add_task("Test packages", blocked_by=[build.id])
publish = gg.tasks.add_task("Publish", blocked_by=[test.id, notes.id])

for task in (notes, build, test, publish):
    if not task.blocked_by:
        print(task.title)
