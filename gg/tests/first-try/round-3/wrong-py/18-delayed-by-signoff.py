import gg

# Near miss: only the tasks that wait for it directly.
tasks = gg.tasks.list()
signoff = next(t.id for t in tasks if t.title == "Get the security sign-off")
for t in tasks:
    if signoff in t.blocked_by:
        print(t.title)
        gg.tasks.update(t.id, description="delayed: waits for the security sign-off")
