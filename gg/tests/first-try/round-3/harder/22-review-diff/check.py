import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail

run = Run()
run.require_completed()
e = run.ending()
if not e or e.get("kind") != "request_changes":
    fail(f"the review did not end by requesting changes (ending: {e!r})")
items = e.get("items") or []
if len(items) != 2:
    fail(f"{len(items)} items asked for, expected one for each of the 2 added lines (a print, a TODO): {items!r}")
if not any("cart.py" in i and 'print("discount", discount)' in i for i in items):
    fail(f"no item gives src/cart.py's added line `print(\"discount\", discount)`: {items!r}")
if not any("pricing.py" in i and "TODO: read the rates from the config" in i for i in items):
    fail(f"no item gives src/pricing.py's added line `# TODO: read the rates from the config`: {items!r}")
