import gg

for t in gg.tasks.list():
    if t.title == "Stop the nightly job from timing out":
        gg.tasks.update(t.id, description="still times out on Sundays")
        gg.tasks.update(t.id, status=gg.tasks.TaskStatus.PENDING)
        print(f"task {t.id} is pending again")
