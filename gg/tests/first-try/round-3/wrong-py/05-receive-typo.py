import gg

# Near miss: only the lower-case spelling is corrected.
fixed = 0
for t in gg.tasks.list():
    if "recieve" in t.title:
        gg.tasks.update(t.id, title=t.title.replace("recieve", "receive"))
        fixed += 1
print(f"corrected {fixed} titles")
