import gg
notes = gg.tasks.add("Write release notes")
build = gg.tasks.add("Build packages")
test = gg.tasks.add("Test packages", blocked_by=[build])
gg.tasks.add("Publish", blocked_by=[test, notes])
for t in gg.tasks.list():
    print(t.title)
