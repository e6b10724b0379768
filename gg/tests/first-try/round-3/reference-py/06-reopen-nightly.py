import gg

task = next(t for t in gg.tasks.list() if t.title == "Stop the nightly job from timing out")
gg.tasks.update(task.id, status=gg.tasks.TaskStatus.PENDING, description="still times out on Sundays")
