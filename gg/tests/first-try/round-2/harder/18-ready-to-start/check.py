import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, meaningful

READY = ["Write the migrations", "Set up CI", "Announce the beta"]
NOT = ["Design the schema", "Seed the test data", "Write the API docs", "Review the API docs", "Run the load test",
       "Order the team shirts"]
WANT = {1: "done", 2: "in-progress", 3: "pending", 4: "in-progress", 5: "pending", 6: "pending", 7: "pending",
        8: "done", 9: "pending"}
run = Run()
run.require_completed()
printed = [l.lstrip("-* ").strip() for l in meaningful(run.logs())]
for t in READY:
    if t not in printed:
        fail(f"`{t}`, which can be started, was not printed on a line of its own")
for t in NOT:
    if any(t in l for l in printed):
        fail(f"`{t}` was printed, but it cannot be started now")
got = {t["id"]: t["status"] for t in run.tasks()}
if got != WANT:
    fail(f"the task list is {got!r} (id: status), expected {WANT!r}")
blocked = {t["id"]: sorted(t["blocked-by"]) for t in run.tasks()}
if blocked != {1: [], 2: [1], 3: [2], 4: [], 5: [4], 6: [], 7: [3, 6], 8: [], 9: [1, 8]}:
    fail(f"the tasks' dependencies changed: {blocked!r}")
