import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, has_number

run = Run()
run.require_completed()
if not any((c.get("args") or {}).get("name") == "observability-notes" for c in run.ok_calls("memories.read")):
    fail("the memory that says it, observability-notes, was never read")
logs = run.logs()
if not any(has_number(l, 9464) for l in logs):
    fail("the exporter's port 9464 was not printed")
for wrong in (9090, 8080):
    if any(has_number(l, wrong) for l in logs):
        fail(f"port {wrong} was printed too; it is not the metrics exporter's")
