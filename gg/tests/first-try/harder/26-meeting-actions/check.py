import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from checklib import Run, fail, has_number, lines_of

WANT = ["## alice", "- remove the importer from the docs", "- review Bob's draft",
        "## bob", "- send the draft to legal", "- fix the build on ARM machines",
        "## chen", "- book the room for the demo"]
run = Run()
run.require_completed()
got = [l.strip() for l in lines_of(run.text("notes/actions.md")) if l.strip()]
norm = [l.lower() if l.startswith("#") else l for l in got]
if norm != [l.lower() if l.startswith("#") else l for l in WANT]:
    fail(f"notes/actions.md (blank lines aside) is {got!r}, expected {WANT!r}")
logs = [l.lower() for l in run.logs()]
for who, n in [("alice", 2), ("bob", 2), ("chen", 1)]:
    if not any(who in l and has_number(l, n) for l in logs):
        fail(f"no printed line gives {who}'s count {n}")
