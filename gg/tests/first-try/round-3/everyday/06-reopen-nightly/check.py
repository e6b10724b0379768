import json, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, wire_enum

run = Run()
run.require_completed()
seed = {t["id"]: t for t in json.loads((Path(__file__).parent / "state/tasks.json").read_text())["tasks"]}
got = {t["id"]: t for t in run.tasks()}
if sorted(got) != sorted(seed):
    fail(f"the task list holds ids {sorted(got)}, expected {sorted(seed)}")
t = got[4]
if t["status"] != "pending":
    fail(f"task 4 is {t['status']}, expected pending")
if (t.get("description") or "").strip().rstrip(".") != "still times out on Sundays":
    fail(f"task 4's description is {t.get('description')!r}, expected `still times out on Sundays`")
for id, s in seed.items():
    if got[id]["title"] != s["title"]:
        fail(f"task {id}'s title changed to {got[id]['title']!r}")
    if id != 4 and (got[id]["status"] != wire_enum(s["status"]) or got[id].get("description") != s["description"]):
        fail(f"task {id} ({s['title']}) was changed")
