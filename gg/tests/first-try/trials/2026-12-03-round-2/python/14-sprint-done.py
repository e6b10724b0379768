import gg

DONE = gg.tasks.TaskStatus.DONE
target = "[S12] Write the retro notes"

tasks = gg.tasks.list()
match = [t for t in tasks if t.title == target] or [t for t in tasks if t.title.startswith(target)]
if match:
    gg.tasks.complete(match[0].id)
else:
    print(f"No task titled {target!r}")

sprint = [t for t in gg.tasks.list() if t.title.startswith("[S12]")]
not_done = [t for t in sprint if t.status != DONE]
if not not_done:
    gg.session.finish(f"Sprint 12 is complete: all {len(sprint)} of its tasks are done.")
    print(f"Sprint 12 complete ({len(sprint)} tasks).")
else:
    for t in not_done:
        print(t.title)
