import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, has_number

BAD = [5, 6, 7]  # `* ` entry, 91 characters, TODO
run = Run()
run.require_completed()
e = run.ending()
if not e or e.get("kind") != "request_changes":
    fail(f"the review did not end by requesting changes (ending: {e!r})")
items = e.get("items") or []
if len(items) != len(BAD):
    fail(f"{len(items)} items asked for, expected one for each of lines {BAD}: {items!r}")
for n in BAD:
    if not any(has_number(i, n) for i in items):
        fail(f"no item names line {n}: {items!r}")
