import gg

n = 0
for t in gg.tasks.list():
    fixed = t.title.replace("recieve", "receive").replace("Recieve", "Receive")
    if fixed != t.title:
        gg.tasks.update(t.id, title=fixed)
        n += 1
print(f"Fixed the spelling in {n} task titles.")
