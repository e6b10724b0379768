import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, meaningful

WANT = {1: "done", 2: "in-progress", 3: "pending", 4: "in-progress", 5: "pending"}
PENDING = ["Record the demo video", "Answer the security questionnaire"]
run = Run()
run.require_completed()
got = {t["id"]: t["status"] for t in run.tasks()}
if got != WANT:
    fail(f"the task list is {got!r} (id: status), expected {WANT!r}")
printed = [l.lstrip("-* ").strip() for l in meaningful(run.logs())]
for title in PENDING:
    if title not in printed:
        fail(f"the pending task `{title}` was not printed on a line of its own")
# A line that only reports the change may name the task; a line that is just a title is a listed one.
for title in ("Write the migration guide", "Profile the search page", "Fix the login redirect"):
    if any(l == title or l.startswith(title + " (") and l.endswith(")") and l.count('"') == 0 for l in printed):
        fail(f"`{title}` was listed, but it is not pending")
