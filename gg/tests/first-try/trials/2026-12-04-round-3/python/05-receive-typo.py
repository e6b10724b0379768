import re
import gg


def fix(match):
    word = match.group(0)
    if word.isupper():
        return "RECEIVE"
    if word[0].isupper():
        return "Receive"
    return "receive"


corrected = 0
for task in gg.tasks.list():
    new_title = re.sub(r"recieve", fix, task.title, flags=re.IGNORECASE)
    if new_title != task.title:
        gg.tasks.update(task.id, title=new_title)
        corrected += 1
print(corrected)
