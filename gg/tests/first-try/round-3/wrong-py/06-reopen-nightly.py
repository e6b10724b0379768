import gg

# Near miss: the first task whose title starts like it (the email digest).
task = next(t for t in gg.tasks.list() if t.title.startswith("Stop the nightly"))
gg.tasks.update(task.id, status=gg.tasks.TaskStatus.PENDING, description="still times out on Sundays")
