import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, has_number

run = Run()
run.require_completed()
logs = run.logs()
if any("archive.log" in l for l in logs):
    fail("old/archive.log was counted: it is in a sub-folder, not a log file of logs/")
if not any("worker.log" in l and has_number(l, 23) for l in logs):
    fail("no printed line gives worker.log and its 23 lines")
for other in ("api.log", "cron.log"):
    if any(other in l and "most" in l.lower() for l in logs):
        fail(f"{other} was printed as the longest")
