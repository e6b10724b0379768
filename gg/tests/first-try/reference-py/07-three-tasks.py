import gg

for title in ["Draft the report", "Review the draft", "Send the report"]:
    print(title, gg.tasks.add(title).id)
