import gg

found = gg.docs.search("tasks", module="gg.tasks", limit=50)
names = [h.name for h in found.hits if "(" in h.signature]
gg.files.write_file("docs/tasks-api.txt", "\n".join(names) + "\n")
print("\n".join(names))
