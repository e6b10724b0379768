import gg
notes = gg.tasks.add("Write release notes").id
build = gg.tasks.add("Build packages").id
test = gg.tasks.add("Test packages", blocked_by=[build]).id
gg.tasks.add("Publish", blocked_by=[test, notes])
for t in gg.tasks.list():
    print(t.title)
