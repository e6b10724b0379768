import gg
[t] = [t for t in gg.tasks.list() if t.title == "Water the plants"]
gg.tasks.update(t.id, status=gg.tasks.TaskStatus.DONE)
print("Still to do: " + ", ".join(t.title for t in gg.tasks.list() if t.status.name != "DONE"))
