import gg

found = gg.docs.search("tasks", limit=50)
gg.files.write_file("docs/tasks-api.txt", "\n".join(h.name for h in found.hits) + "\n")
