import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, has_number

WANT = {2: "in-progress", 4: "pending", 5: "pending", 7: "pending"}
run = Run()
run.require_completed()
got = {t["id"]: t["status"] for t in run.tasks()}
if got != WANT:
    fail(f"the task list is {got!r} (id: status), expected {WANT!r}")
if not any(has_number(l, 4) for l in run.logs()):
    fail("the count of tasks left, 4, was not printed")
