import gg

tasks = {t.id: t for t in gg.tasks.list()}
signoff = next(id for id, t in tasks.items() if t.title == "Get the security sign-off")


def waits_for_signoff(id, seen=()):
    return any(b == signoff or (b not in seen and waits_for_signoff(b, (*seen, id))) for b in tasks[id].blocked_by)


for id, t in tasks.items():
    if waits_for_signoff(id):
        gg.tasks.update(id, description="delayed: waits for the security sign-off")
        print(f"- {t.title}")
