import gg
for title in ["Draft the report", "Review the draft", "Send the report", "Draft the report"]:
    print(gg.tasks.add(title).id)
