import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, has_number

WANT = {1: "done", 2: "done", 3: "pending", 4: "done", 5: "done", 6: "pending", 7: "done"}
run = Run()
run.require_completed()
got = {t["id"]: t["status"] for t in run.tasks()}
if got != WANT:
    fail(f"the task list is {got!r} (id: status), expected {WANT!r}")
e = run.ending()
if not e or e.get("kind") != "finish":
    fail(f"the session did not end with finish (ending: {e!r})")
summary = (e.get("summary") or "").replace("12", "", 1)
if not has_number(summary, 5):
    fail(f"the summary {e.get('summary')!r} does not give the sprint's 5 tasks")
