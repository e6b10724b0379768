import json, sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, has_number, wire_enum

TITLES = {1: "Receive the new laptops", 2: "Book the hotel", 3: "Confirm we receive the invoices by mail",
          4: "Set up the receive-only mailbox", 5: "Receive the signed contract", 6: "Order receivers for the radios"}
run = Run()
run.require_completed()
seed = {t["id"]: t for t in json.loads((Path(__file__).parent / "state/tasks.json").read_text())["tasks"]}
got = {t["id"]: t for t in run.tasks()}
if sorted(got) != sorted(seed):
    fail(f"the task list holds ids {sorted(got)}, expected {sorted(seed)}")
for id, title in TITLES.items():
    if got[id]["title"] != title:
        fail(f"task {id}'s title is {got[id]['title']!r}, expected {title!r}")
for id, s in seed.items():
    t = got[id]
    if t["status"] != wire_enum(s["status"]):
        fail(f"task {id}'s status changed to {t['status']}")
    if t.get("description") != s["description"] or sorted(t["blocked-by"]) != sorted(s["blocked_by"]):
        fail(f"task {id}'s description or dependencies changed")
if not any(has_number(l, 4) for l in run.logs()):
    fail("the number of titles corrected, 4, was not printed")
