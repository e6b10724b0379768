import gg

sprint = [t for t in gg.tasks.list() if t.title.startswith("[S12]")]
gg.tasks.complete(next(t.id for t in sprint if t.title == "[S12] Write the retro notes"))
sprint = [t for t in gg.tasks.list() if t.title.startswith("[S12]")]
left = [t.title for t in sprint if t.status != gg.tasks.TaskStatus.DONE]
if left:
    print("\n".join(left))
else:
    gg.session.finish(f"Sprint 12 is complete: all {len(sprint)} of its tasks are done.")
