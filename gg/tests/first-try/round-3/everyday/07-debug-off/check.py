import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

WANT = ["# settings for production", "APP_NAME=ledger", "PORT=8080", "DEBUG_SQL=0", "LOG_LEVEL=info",
        "# DEBUG=1 was turned on for the incident of 2 December"]
run = Run()
run.require_completed()
got = lines_of(run.text("deploy/app.env"))
if got != WANT:
    fail(f"deploy/app.env holds {got!r}, expected {WANT!r}")
