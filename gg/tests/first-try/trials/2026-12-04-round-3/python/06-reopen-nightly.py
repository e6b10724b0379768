import gg

title = "Stop the nightly job from timing out"
matches = [t for t in gg.tasks.list() if t.title.strip() == title]
if not matches:
    print(f"no task titled {title!r}")
else:
    for t in matches:
        gg.tasks.update(t.id, status=gg.tasks.TaskStatus.PENDING, description="still times out on Sundays")
        print(f"task {t.id} set back to pending")
