import gg

m = gg.memories.read("release-checklist")
lines = [l.strip() for l in m.body.splitlines() if l.strip()]
for l in lines:
    gg.tasks.add(l)
print(f"added {len(lines)} tasks")
