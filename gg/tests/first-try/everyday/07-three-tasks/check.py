import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, has_number

WANT = ["Draft the report", "Review the draft", "Send the report"]
run = Run()
run.require_completed()
tasks = run.tasks()
titles = sorted(t["title"].strip() for t in tasks)
if titles != sorted(WANT):
    fail(f"the task list holds {titles!r}, not the three tasks asked for")
if any(t["status"] != "pending" for t in tasks):
    fail("a new task is not pending")
logs = run.logs()
for t in tasks:
    if not any(has_number(l, t["id"]) for l in logs):
        fail(f"the id {t['id']} of `{t['title']}` was not printed")
