import gg

for title in ["Draft the report", "Review the draft", "Send the report"]:
    task_id = gg.tasks.add(title)
    print(task_id)
