import gg

for t in gg.tasks.list():
    if t.title == "Write the migration guide":
        gg.tasks.update(t.id, status=gg.tasks.TaskStatus.IN_PROGRESS)
print("Still pending:")
for t in gg.tasks.list():
    if t.status.value == "pending":
        print(f"- {t.title}")
