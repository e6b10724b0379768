import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from checklib import Run, fail, lines_of

WANT = ["200 18", "304 6", "404 5", "302 4", "500 3", "201 2", "503 2"]
run = Run()
run.require_completed()
got = [" ".join(l.split()) for l in lines_of(run.text("reports/status.txt")) if l.strip()]
if got != WANT:
    fail(f"reports/status.txt holds {got!r}, expected {WANT!r}")
if not any("12.5" in l for l in run.logs()):
    fail("the share of server errors, 12.5%, was not printed")
