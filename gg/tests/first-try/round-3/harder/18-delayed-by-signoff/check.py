import json, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, meaningful, wire_enum

DELAYED = [3, 4, 5, 8, 9]
DESCRIPTION = "delayed: waits for the security sign-off"
run = Run()
run.require_completed()
seed = {t["id"]: t for t in json.loads((Path(__file__).parent / "state/tasks.json").read_text())["tasks"]}
printed = [l.lstrip("-* ").strip() for l in meaningful(run.logs())]
for id in DELAYED:
    if seed[id]["title"] not in printed:
        fail(f"`{seed[id]['title']}`, which waits for the sign-off, was not printed on a line of its own")
for id in set(seed) - set(DELAYED):
    if seed[id]["title"] in printed:
        fail(f"`{seed[id]['title']}` was printed, but it does not wait for the sign-off")
got = {t["id"]: t for t in run.tasks()}
if sorted(got) != sorted(seed):
    fail(f"the task list holds ids {sorted(got)}, expected {sorted(seed)}")
for id, s in seed.items():
    t = got[id]
    want = DESCRIPTION if id in DELAYED else None
    if (t.get("description") or "").strip() != (want or ""):
        fail(f"task {id}'s description is {t.get('description')!r}, expected {want!r}")
    if t["title"] != s["title"] or t["status"] != wire_enum(s["status"]) or sorted(t["blocked-by"]) != sorted(s["blocked_by"]):
        fail(f"task {id}'s title, status or dependencies changed")
