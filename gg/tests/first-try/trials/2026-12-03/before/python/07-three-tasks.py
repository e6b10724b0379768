import gg

for title in ["Draft the report", "Review the draft", "Send the report"]:
    task = gg.tasks.add_task(title)
    print(task.id)
