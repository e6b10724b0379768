import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail

run = Run()
run.require_completed()
if not any("check.sh" in str((c.get("args") or {}).get("command", "")) for c in run.ok_calls("shell.run")):
    fail("the checks were never run (no shell.run of check.sh)")
e = run.ending()
if not e or e.get("kind") != "request_changes":
    fail(f"the review did not end by requesting changes (ending: {e!r})")
items = e.get("items") or []
if len(items) != 2:
    fail(f"{len(items)} items asked for, expected one for each of the 2 failed checks: {items!r}")
if not any("cart.py:41" in i and "missing return type" in i for i in items):
    fail(f"no item gives what the types check reported (src/cart.py:41: missing return type): {items!r}")
if not any("pricing.py" in i and "licence header" in i for i in items):
    fail(f"no item gives what the licence check reported (src/pricing.py has no licence header): {items!r}")
