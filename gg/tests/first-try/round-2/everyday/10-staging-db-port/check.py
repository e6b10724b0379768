import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

WANT = ["Host: db.staging.internal", "Port: 6543", "User: app_ro (the password is in the team vault)",
        "Connect from the bastion host, not from a laptop."]
run = Run()
run.require_completed()
m = run.memory("staging-db")
if m is None:
    fail("the memory staging-db is gone")
if m.get("description") != "How to reach the staging database":
    fail(f"staging-db's description changed to {m.get('description')!r}")
if lines_of(m.get("body") or "") != WANT:
    fail(f"staging-db's text is {m.get('body')!r}, expected the old text with `Port: 6543`")
p = run.memory("prod-db")
if p is None or "Port: 5432" not in (p.get("body") or ""):
    fail("the memory prod-db was changed")
