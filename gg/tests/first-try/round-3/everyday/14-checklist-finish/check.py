import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, has_number

run = Run()
run.require_completed()
e = run.ending()
if not e or e.get("kind") != "finish":
    fail(f"the session did not end with finish (ending: {e!r}), though every item is ticked")
summary = e.get("summary") or ""
if not has_number(summary.replace("3.4.0", "").replace("3.4", ""), 5):
    fail(f"the summary {summary!r} does not give the checklist's 5 items")
if any(has_number(summary, n) for n in (6, 7, 8, 9)):
    fail(f"the summary {summary!r} gives a wrong count of items (5)")
