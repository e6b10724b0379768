import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, has_number

LAST = "day 37: shipped the parser fix"
run = Run()
run.require_completed()
logs = run.logs()
if not any(has_number(l.replace(LAST, ""), 37) for l in logs):
    fail("no printed line gives the line count 37")
if not any(LAST in l for l in logs):
    fail(f"the last line `{LAST}` was not printed")
