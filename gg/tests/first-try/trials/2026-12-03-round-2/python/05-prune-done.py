import gg

for task in gg.tasks.list():
    if task.status == gg.tasks.TaskStatus.DONE:
        try:
            gg.tasks.remove(task.id)
        except gg.ApiError as e:
            print(f"Could not remove task {task.id} ({task.title}): {e.message}")

left = gg.tasks.list()
print(f"{len(left)} tasks left")
