import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

WANT = ["# Work log", "", "- 2026-12-01: set up the new laptop", "- 2026-12-02: fixed the flaky upload test",
        "- 2026-12-03: reviewed the payments design"]
run = Run()
run.require_completed()
got = lines_of(run.text("notes/worklog.md"))
if got != WANT:
    fail(f"notes/worklog.md holds {got!r}, expected {WANT!r}")
